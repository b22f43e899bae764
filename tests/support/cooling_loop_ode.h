#pragma once
// The CoolingLoop example written by hand as one ODE, independent of the engine's crawler, schedule and probing:
// the same component equations (the media and the pressure-loss correlation are called from the library, as a
// hand-written model would use a property library), the momentum balance of the loop derived on paper.
//
// Flows: ṁ leaves the tank (pump, supply, cold plate), ṁ1 takes the radiator branch, ṁ2 = ṁ − ṁ1 the bypass, ṁ_a
// the air. With x = dṁ/dt and x1 = dṁ1/dt, summing the inertial pressures around the two loops (each element adds
// its L·dṁ/dt; the tank's damping enters and leaves the loop and cancels; the junction's mixed pressure cancels):
//   radiator branch vs bypass:  (6L + L_rp)·x1 − 3L·x = (p̂_rp − dr_rp) − (p̂_v − dr_v)
//   around the tank:            (9L + L_s)·x − 3L·x1  = (p̂_v − dr_v) − dr_s − dr_p − p_tank
//   air:                        (3L + L_d)·x_a        = p_src − dp_duct − p_sink
// where p̂_rp, p̂_v are the pressures after the radiator pipe and after the valve, dr the clipped part of a drop
// (zero unless an outlet would fall below p_min), L = 0.01 1/m for every element but the pipes (l/(π·r²)).
#include "components/sources.h"
#include "thermofluid/media/media_registry.h"
#include "thermofluid/processes/pressure_loss.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>

namespace lied::testing {

struct CoolingLoopOde {
    enum : int { M, U, m_flow, h_cp, T_plate, m_flow_1, h_out_A, h_out_B, m_air, I, kStates };
    static constexpr const char* names[kStates] = {"tank.M",           "tank.U_med",       "tank.m_flow_out", "coldPlate.h", "plate.T",
                                                   "splitter.m_flow_1", "radiator.h_out_A", "radiator.h_out_B", "airIn.m_flow", "controller.I"};

    const thermofluid::Medium& glycol = thermofluid::medium("Glycol47");
    const thermofluid::Medium& air = thermofluid::medium("SimpleAir");
    // Parameters (as systems/examples/cooling_loop.cpp sets them; the rest are the components' defaults).
    static constexpr double L = 0.01, m_flow_reg = 1e-3, p_min = 100, rho_min = 1e-10, omega_reg = 1;
    static constexpr double m_flow_eps = 1e-4;   // the junction's own regularisation
    static constexpr double p_ref = 1.5e5, V_ref = 2e-3, K = 5e5;
    static constexpr double omega = 300, dp_D = 1e5, V_flow_D = 2.5e-4, omega_D = 300, slip_D = 0.3, eta_D = 0.6;
    static constexpr double pipe_r = 0.008, supply_l = 2.0, radiator_l = 8.0, ks = 1e-7;
    static constexpr double cp_V = 2e-4, cp_A = 0.1, cp_U = 3000, plate_C = 2000;
    static constexpr double hx_A = 12, k_NTU = 100, TC = 0.01;
    static constexpr double Kvs = 4, k_min = 0.03, valve_dp_ref = 1e5, valve_rho_ref = 1000;
    static constexpr double air_p_in = 1.013e5 + 500, air_T_in = 298.15, air_p_out = 1.013e5, duct_k = 1000, duct_l = 1.0, duct_r = 0.01;
    static constexpr double T_set = 308.15, pi_k = 0.2, pi_Ti = 20, Ni = 0.9;
    const double V_r = V_flow_D * 2 * std::numbers::pi / omega_D / (1 - slip_D);
    const double k_p = dp_D / (slip_D / (1 - slip_D) * V_flow_D);
    const double k_fric = dp_D * (1 - slip_D) / (slip_D * omega_D) * (1 / eta_D - 1);
    const double L_s = supply_l / (std::numbers::pi * pipe_r * pipe_r), L_rp = radiator_l / (std::numbers::pi * pipe_r * pipe_r);
    const double L_d = duct_l / (std::numbers::pi * duct_r * duct_r);
    const double h_air_in = air.specific_enthalpy(air_p_in, air_T_in, nullptr);

    // Everything a property call returns, kept between calls as components keep theirs.
    mutable thermofluid::MediumProperties tank_, pump_in_, supply_in_, cp_, split_, hxA_in_, hxA_out_, hxB_in_, hxB_out_;
    mutable double p_guess_ = p_ref;

    static double load(double t) {
        const double ramp = 2000 + 4000 * std::clamp((t - 100) / 60, 0.0, 1.0);
        return ramp + (t >= 300 ? 500 * std::sin(2 * std::numbers::pi / 120 * (t - 300)) : 0.0);
    }
    // (p̂_out, dr) of a drop dp from p_in, clipped at p_min (TFS's clip_p_out).
    static void clip(double p_in, double dp, double& p_out, double& dr) {
        p_out = std::max(p_min, p_in - dp);
        dr = p_out - (p_in - dp);
    }

    // The elastic tank: p = p_ref + K·(M/(ρ(p, u + p/ρ)·V_ref) − 1), by Newton in p as VolumeFlex (liquids: ρ(h)).
    void tank_state(double Mass, double Energy) const {
        const double u = Energy / Mass;
        double p = p_guess_, rho = tank_.rho > 0 ? tank_.rho : 1000.0;
        for (int i = 0; i < 60; ++i) {
            glycol.properties(p, u + p / rho, nullptr, tank_);
            const double V = Mass / tank_.rho, g = p - p_ref - K * (V / V_ref - 1);
            const double step = g / (1 + K * V / V_ref * std::max(tank_.drho_dp_h, 0.0) / tank_.rho);
            const bool settled = std::abs(tank_.rho - rho) <= 1e-14 * tank_.rho;
            rho = tank_.rho;
            if (std::abs(step) <= 1e-12 * std::max(std::abs(p), p_ref) && settled) break;
            p -= step;
        }
        p_guess_ = p;
    }

    void rhs(double t, const double* x, double* dx) const {
        const double m = x[m_flow], m1 = x[m_flow_1], m2 = m - m1, ma = x[m_air];
        // Tank and sensor.
        tank_state(x[M], x[U]);
        const double p_t = tank_.p, h_t = tank_.h, T_coolant = tank_.T;
        // Controller (PI with back-calculation anti-windup).
        const double e = T_set - T_coolant, y_unl = pi_k * (e + x[I]), y = std::clamp(y_unl, 0.0, 1.0);
        dx[I] = (e + (y - y_unl) / (pi_k * Ni)) / pi_Ti;
        // Pump (nominal-flow characteristic).
        glycol.properties(p_t, h_t, nullptr, pump_in_);
        const double V_flow = m / std::max(pump_in_.rho, rho_min), V_nom = omega * V_r / (2 * std::numbers::pi);
        const double dp_rise = k_p * (V_nom - V_flow);
        const double tau = V_flow * dp_rise * omega / (omega * omega + omega_reg * omega_reg) + k_fric * (V_nom - V_flow);
        const double h_pump = h_t + m * tau * omega / (m * m + m_flow_reg * m_flow_reg);
        double p_pump, dr_p;
        clip(p_t, -dp_rise, p_pump, dr_p);
        // Supply pipe (Cheng's laminar–turbulent law).
        glycol.properties(p_pump, h_pump, nullptr, supply_in_);
        double p_supply, dr_s;
        clip(p_pump, thermofluid::pressure_loss::laminar_turbulent(m, std::max(supply_in_.rho, rho_min), supply_in_.mu, pipe_r, supply_l, ks), p_supply, dr_s);
        // Cold plate and the plate.
        glycol.properties(p_supply, x[h_cp], nullptr, cp_);
        const double Q_cp = cp_U * cp_A * (x[T_plate] - cp_.T);
        const double h_in_cp = m >= 0 ? h_pump : x[h_cp];
        dx[h_cp] = (Q_cp + m * (h_in_cp - x[h_cp])) / (cp_V * std::max(cp_.rho, rho_min));
        dx[T_plate] = (load(t) - Q_cp) / plate_C;
        // Splitter: both branches get (p_supply, h_cp). Radiator pipe, then the radiator's side A.
        glycol.properties(p_supply, x[h_cp], nullptr, split_);
        double p_rp, dr_rp;
        clip(p_supply, thermofluid::pressure_loss::laminar_turbulent(m1, std::max(split_.rho, rho_min), split_.mu, pipe_r, radiator_l, ks), p_rp, dr_rp);
        // Bypass valve (linear characteristic, Kvs).
        const double k_u = k_min + (1 - k_min) * y, m_ref = k_u * Kvs / 3600 * valve_rho_ref;
        double p_v, dr_v;
        clip(p_supply, valve_dp_ref * (valve_rho_ref / std::max(split_.rho, rho_min)) * m2 * std::abs(m2) / (m_ref * m_ref), p_v, dr_v);
        // Air duct and the radiator (ε-NTU with TFS's regularisation; outlet enthalpies lag by TC).
        double p_duct, dr_d;
        clip(air_p_in, thermofluid::pressure_loss::linear_quadratic(ma, duct_k, 0.0), p_duct, dr_d);
        glycol.properties(p_rp, x[h_out_A], nullptr, hxA_out_);
        air.properties(p_duct, x[h_out_B], nullptr, hxB_out_);
        glycol.properties(p_rp, x[h_cp], nullptr, hxA_in_);
        air.properties(p_duct, h_air_in, nullptr, hxB_in_);
        constexpr double eps = std::numeric_limits<double>::epsilon();
        const double cpA = 0.5 * (hxA_in_.cp + hxA_out_.cp), cpB = 0.5 * (hxB_in_.cp + hxB_out_.cp);
        const double C_A = (std::abs(m1) + eps) * cpA, C_B = (std::abs(ma) + eps) * cpB;
        const double C_min = std::min(C_A, C_B), C_r = C_min / std::max(std::max(C_A, C_B), 1e-3);
        const double NTU = k_NTU * hx_A / std::max(C_min, 1e-3);
        const double effectiveness = C_r < 1 ? (1 - std::exp(-NTU * (1 - C_r))) / (1 - C_r * std::exp(-NTU * (1 - C_r))) : NTU / (1 + NTU);
        const double dT_max = hxA_in_.T - hxB_in_.T;
        const bool no_flow = m1 < m_flow_reg && ma < m_flow_reg;
        const double reg = (m_flow_reg / 10) * (m_flow_reg / 10);
        double dh_A, dh_B;
        if (C_A < C_B) {
            dh_A = no_flow ? 0.0 : dT_max * cpA * effectiveness;
            dh_B = ma * -(m1 * dh_A) / (ma * ma + reg);
        } else {
            dh_B = no_flow ? 0.0 : -dT_max * cpB * effectiveness;
            dh_A = m1 * (-ma * dh_B) / (m1 * m1 + reg);
        }
        dx[h_out_A] = (x[h_cp] - dh_A - x[h_out_A]) / TC;
        dx[h_out_B] = (h_air_in - dh_B - x[h_out_B]) / TC;
        // Junction (regularised flow-weighted mixing) into the tank.
        const double w1 = std::abs(m1) + m_flow_eps, w2 = std::abs(m2) + m_flow_eps;
        const double h_mix = (w1 * x[h_out_A] + w2 * x[h_cp]) / (w1 + w2);
        dx[M] = 0.0;   // the junction returns ṁ1 + ṁ2 = ṁ
        dx[U] = m * (m >= 0 ? h_mix : h_t) - m * h_t;
        // Momentum: the 2×2 system of the coolant loop by Cramer's rule, and the air.
        const double a11 = 6 * L + L_rp, a12 = -3 * L, b1 = (p_rp - dr_rp) - (p_v - dr_v);   // unknowns (x1, x)
        const double a21 = -3 * L, a22 = 9 * L + L_s, b2 = (p_v - dr_v) - dr_s - dr_p - p_t;
        const double det = a11 * a22 - a12 * a21;
        dx[m_flow_1] = (b1 * a22 - a12 * b2) / det;
        dx[m_flow] = (a11 * b2 - a21 * b1) / det;
        dx[m_air] = (air_p_in - thermofluid::pressure_loss::linear_quadratic(ma, duct_k, 0.0) - air_p_out) / (3 * L + L_d);
    }
};

}  // namespace lied::testing
