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
    // f(Δh) = Δh − weight·Q(Δh) = 0. The first step takes Q at Δh = 0 as if it did not depend on Δh; then secant
    // steps. Q falls as Δh moves toward the wall temperature, so f is monotone and a few steps settle it.
    double dh_prev = 0.0, f_prev = -weight * heat_flow(in, 0.0, T_wall);
    double dh = -f_prev;
    // Q at the converged Δh comes from the last iteration; without convergence the result is NaN, which the engine
    // reports naming this block, rather than an unconverged number.
    Q_flow_ = std::numeric_limits<double>::quiet_NaN();
    for (int iteration = 0; iteration < 50; ++iteration) {
        const double Q = heat_flow(in, dh, T_wall), f = dh - weight * Q;
        if (!std::isfinite(f)) break;
        if (std::abs(f) <= 1e-12 * (std::abs(dh) + 1.0)) {
            Q_flow_ = Q;
            break;
        }
        const double slope = (f - f_prev) / (dh - dh_prev);
        dh_prev = dh, f_prev = f;
        dh -= f / (std::isfinite(slope) && slope != 0 ? slope : 1.0);
    }
    dh_ = std::isfinite(Q_flow_) ? dh : Q_flow_;
    heatPort.Q_flow.value = -Q_flow_;
    set_outlet(in, 0.0, -std::numeric_limits<double>::infinity());   // no drop, no clip (TFS: clip_p_out = false)
    outlet.state.value.h = in.h + dh_;
    regularisation_energy_ = m * dh_ - Q_flow_;
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
