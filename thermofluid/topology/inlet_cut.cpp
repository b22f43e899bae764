#include "thermofluid/topology/inlet_cut.h"

#include "thermofluid/topology/network_cut.h"

namespace lied::thermofluid {

void InletCut::evalCutResidual() { residual_der_.value() = der_m_flow.value() - inlet_->der_m_flow.value(); }

bool InletCut::declare(Meta& meta, Choice<Cut>& cut, FluidInlet& inlet) {
    inlet_ = &inlet;
    meta.choice(cut, "cut", cut_choice_at_inlet());
    active_ = wants_cut(cut, asked_, meta);
    if (!active_) return false;
    meta.tearing(der_m_flow, "der_m_flow_in");
    meta.residual(residual_der_, "residual_der_in");
    meta.tearing(r, "r_in");
    meta.residual(residual_r, "residual_r_in");
    meta.block<&InletCut::evalCutResidual>(this, "evalCutResidual", {&inlet.der_m_flow, &der_m_flow}, {&residual_der_});
    meta.pass_through(r, inlet.r, "passInertial");
    return true;
}

}  // namespace lied::thermofluid
