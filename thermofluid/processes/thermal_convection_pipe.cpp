#include "thermofluid/processes/thermal_convection_pipe.h"

#include "core/model/component_registry.h"
#include "core/model/meta.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace lied::thermofluid {

double ThermalConvectionPipe::heat_flow(const FluidState& in, double dh, double T_wall) {
    medium.medium->properties(in.p, in.h + dh / 2, in.xi(), props_);
    const double A_cross = std::numbers::pi * r * r, A_cond = 2 * std::numbers::pi * r * l;
    const double v = inlet.m_flow.value() / (props_.rho * A_cross);   // signed, as TFS: see the header
    Re_ = std::max(props_.rho * v * 2 * r / props_.mu, 1.0);
    const double Pr = props_.mu * props_.cp / props_.lambda, eps = std::numeric_limits<double>::epsilon();
    Nu_ = std::pow(0.0396 * Re_ + eps, 0.75) * Pr / (1 + std::pow(2.44 * Re_ + eps, -0.125) * (Pr - 1));
    h_avg_ = Nu_ * props_.lambda / (2 * r);
    T_ = props_.T;
    return h_avg_ * A_cond * (T_wall - props_.T);
}

void ThermalConvectionPipe::evalState() {
    const FluidState in = inlet.state.value();
    const double m = inlet.m_flow.value(), T_wall = heatPort.T.value();
    const double reg = m_flow_reg / 10, weight = m / (m * m + reg * reg);
    dh_ = solve_enthalpy_rise(in, weight, T_wall);
    // Q and the recorded variables at the solution (NaN if there is none: the engine reports it naming this block).
    Q_flow_ = std::isfinite(dh_) ? heat_flow(in, dh_, T_wall) : dh_;
    heatPort.Q_flow.value() = -Q_flow_;
    set_outlet(in, 0.0, -std::numeric_limits<double>::infinity());   // no drop, no clip (TFS: clip_p_out = false)
    outlet.state.value().h = in.h + dh_;
    regularisation_energy_ = m * dh_ - Q_flow_;
}

// f(Δh) = Δh − weight·Q(Δh) = 0. For a forward flow the root lies between 0 and the rise that brings the middle state to
// the wall's temperature (where Q = 0), and f increases through it (Q falls as Δh moves toward the wall): regula falsi
// with the Illinois rule on that bracket never leaves it, so every trial state is inside the medium's range whenever
// the inlet and the wall are. Otherwise (reverse flow, a wall outside the medium's range) secant steps from Δh = 0,
// stepping back by halves from a state the medium refuses. Converged when f is at rounding or the step is below the
// resolution of h_in + Δh (not right after a step back, where short steps pile up at the limit); NaN if not.
double ThermalConvectionPipe::solve_enthalpy_rise(const FluidState& in, double weight, double T_wall) {
    auto f = [&](double dh) { return dh - weight * heat_flow(in, dh, T_wall); };
    constexpr double eps = std::numeric_limits<double>::epsilon();
    auto resolved = [&](double dh, double step) { return std::abs(step) <= 8 * eps * (std::abs(in.h) + std::abs(dh) + 1.0); };
    auto settled = [&](double dh, double value) { return std::abs(value) <= 1e-12 * (std::abs(dh) + 1.0); };
    double a = 0.0, f_a = f(0.0);
    if (!std::isfinite(f_a)) return std::numeric_limits<double>::quiet_NaN();
    if (settled(a, f_a)) return a;
    const double b_end = 2 * (medium.medium->specific_enthalpy(in.p, T_wall, in.xi()) - in.h);
    double b = b_end, f_b = std::isfinite(b_end) ? f(b_end) : std::numeric_limits<double>::quiet_NaN();
    if (std::isfinite(f_b) && f_a * f_b < 0) {
        for (int iteration = 0; iteration < 200; ++iteration) {
            double c = b - f_b * (b - a) / (f_b - f_a);
            if (!(std::min(a, b) < c && c < std::max(a, b))) c = 0.5 * (a + b);
            const double f_c = f(c);
            if (!std::isfinite(f_c)) return f_c;
            if (settled(c, f_c) || resolved(c, b - a)) return c;
            if (f_c * f_b < 0) a = b, f_a = f_b;
            else f_a *= 0.5;   // Illinois: the end that stays halves its weight, so both ends move
            b = c, f_b = f_c;
        }
        return std::numeric_limits<double>::quiet_NaN();
    }
    double dh_prev = 0.0, f_prev = f_a, dh = -f_a;
    for (int iteration = 0; iteration < 50; ++iteration) {
        double value = f(dh);
        bool stepped_back = false;
        for (int back = 0; back < 30 && !std::isfinite(value); ++back) {
            value = f(dh = 0.5 * (dh + dh_prev));
            stepped_back = true;
        }
        if (!std::isfinite(value)) return value;
        // A short step after stepping back from the medium's limit is no convergence: only f at rounding is.
        if (settled(dh, value) || (!stepped_back && resolved(dh, dh - dh_prev))) return dh;
        const double slope = (value - f_prev) / (dh - dh_prev);
        dh_prev = dh, f_prev = value;
        dh -= value / (std::isfinite(slope) && slope != 0 ? slope : 1.0);
    }
    return std::numeric_limits<double>::quiet_NaN();
}

void ThermalConvectionPipe::metainfo(Meta& meta) {
    meta.creates(Quantity::Energy, regularisation_energy_, "regularisation", "lower m_flow_reg: below a tenth of it Δh is regularised");
    declare_flow(meta);
    meta.plug(heatPort, "heatPort");
    meta.parameter(l, "l", ParameterSpec::positive("m", "length"));
    meta.parameter(r, "r", ParameterSpec::positive("m", "radius"));
    meta.parameter(L, "L", defaults::kL, ParameterSpec::non_negative("1/m", "inertance"));
    meta.parameter(m_flow_reg, "m_flow_reg", defaults::kMFlowReg, ParameterSpec::positive("kg/s", "regularisation of Δh at zero flow (uses m_flow_reg/10)"));
    inertance_ = L.storage();
    meta.block<&ThermalConvectionPipe::evalState>(this, "evalState", {&inlet.state, &inlet.m_flow, &heatPort.T},
                                                  {&outlet.state, &dp_, &dr_corr_, &heatPort.Q_flow});
    meta.variable(Q_flow_, "Q_flow", "W");
    meta.variable(dh_, "dh", "J/kg");
    meta.variable(T_, "T", "K");
    meta.variable(Re_, "Re", "1");
    meta.variable(Nu_, "Nu", "1");
    meta.variable(h_avg_, "h_avg", "W/(m2.K)");
}

LIED_REGISTER_COMPONENT(ThermalConvectionPipe, "pipe that takes heat from a heat port by a forced-convection correlation (TFS ThermalConvectionPipe)");

}  // namespace lied::thermofluid
