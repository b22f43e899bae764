#include "thermofluid/processes/flow_resistance.h"

#include "core/model/component_registry.h"
#include "core/model/meta.h"
#include "thermofluid/processes/pressure_loss.h"

#include <algorithm>
#include <numbers>
#include <sstream>

namespace lied::thermofluid {

double FlowResistance::area() const {
    if (shape == Shape::Circular) return std::numbers::pi * r * r;
    if (shape == Shape::Rectangle) return a * b;
    return areaCrossInput;
}

double FlowResistance::hydraulic_diameter() const {
    const double perimeter = shape == Shape::Circular ? 2 * std::numbers::pi * r : shape == Shape::Rectangle ? 2 * (a + b) : perimeterInput;
    return 4 * area() / perimeter;
}

double FlowResistance::inertance() const {
    if (!computeL) return L_value;
    const double D = hydraulic_diameter();
    return l / (std::numbers::pi * D * D / 4);
}

double FlowResistance::roughness() const {
    switch (material) {   // TFS's values, m
        case Material::Concrete: return 5e-3;
        case Material::Wood: return 0.5e-3;
        case Material::CastIron: return 0.25e-3;
        case Material::GalvanizedIron: return 0.15e-3;
        case Material::Steel: return 0.059e-3;
        case Material::DrawnPipe: return 0.0015e-3;
        case Material::Other: break;
    }
    return ks_input;
}

double FlowResistance::pressure_loss(double m_flow, double rho, double mu) const {
    const double radius = hydraulic_diameter() / 2;
    switch (pLoss) {
        case Law::LinearQuadratic: return pressure_loss::linear_quadratic(m_flow, k, k2);
        case Law::Laminar: return pressure_loss::laminar(m_flow, rho, mu, radius, l);
        case Law::LaminarTurbulent: return pressure_loss::laminar_turbulent(m_flow, rho, mu, radius, l, roughness());
        case Law::LaminarTurbulentHaaland: return pressure_loss::laminar_turbulent_haaland(m_flow, rho, mu, radius, l, roughness(), haaland);
        case Law::Zeta: return pressure_loss::zeta(m_flow, rho, zeta, area());
        case Law::Reference: break;
    }
    return pressure_loss::reference(m_flow, rho, dp_ref, m_flow_ref, rho_ref, dp_function, m);
}

void FlowResistance::evalState() {
    const FluidState& in = inlet.state.value();
    medium.medium->properties(in.p, in.h, in.xi(), fluid_);
    L_ = inertance();   // from parameters that may change between evaluations (set_parameter needs no rebuild)
    set_outlet(in, pressure_loss(inlet.m_flow.value(), std::max(fluid_.rho, rho_min.value()), fluid_.mu), p_min);
}

void FlowResistance::metainfo(Meta& meta) {
    meta.balance_neutral();   // isenthalpic: what enters leaves
    declare_flow(meta);
    inertance_ = &L_;
    meta.block<&FlowResistance::evalState>(this, "evalState", {&inlet.state, &inlet.m_flow}, {&outlet.state, &dp_, &dr_corr_});
    static const ChoiceSpec kShapeChoice{{"circular", "rectangle", "other"}, "cross-section shape"};
    meta.choice(shape, "shape", kShapeChoice);
    meta.parameter(l, "l", ParameterSpec::non_negative("m", "length"));
    meta.parameter(r, "r", ParameterSpec::positive("m", "radius (circular)"));
    meta.parameter(a, "a", ParameterSpec::positive("m", "width (rectangle)"));
    meta.parameter(b, "b", ParameterSpec::positive("m", "height (rectangle)"));
    meta.parameter(areaCrossInput, "areaCrossInput", ParameterSpec::positive("m2", "cross-section area (other)"));
    meta.parameter(perimeterInput, "perimeterInput", ParameterSpec::positive("m", "wetted perimeter (other)"));
    static const ChoiceSpec kComputeLChoice{{"true", "false"}, "true: L = l / hydraulic area; false: L = L_value"};
    meta.choice(computeL, "computeL", kComputeLChoice);
    meta.parameter(L_value, "L_value", defaults::kL, ParameterSpec::non_negative("1/m", "inertance when computeL = false"));
    meta.parameter(rho_min, "rho_min", defaults::kRhoMin, ParameterSpec::positive("kg/m3", "lowest inlet density used by the loss law"));
    meta.parameter(p_min, "p_min", defaults::kPMin, ParameterSpec::positive("Pa", "lowest outlet pressure (absolute)"));
    static const ChoiceSpec kPLossChoice{{"linearQuadratic", "laminar", "laminarTurbulent", "zeta", "reference", "laminarTurbulentHaaland"},
                                         "pressure loss law (laminarTurbulent: Cheng 2008; laminarTurbulentHaaland: Haaland 1983)"};
    meta.choice(pLoss, "pLoss", kPLossChoice);
    meta.parameter(k, "k", ParameterSpec::non_negative("Pa.s/kg", "linearQuadratic: linear coefficient"));
    meta.parameter(k2, "k2", ParameterSpec::non_negative("Pa.s2/kg2", "linearQuadratic: quadratic coefficient"));
    static const ChoiceSpec kMaterialChoice{{"other", "concrete", "wood", "castIron", "galvanizedIron", "steel", "drawnPipe"},
                                            "laminarTurbulent(Haaland): the pipe's material, which sets its roughness (other: ks_input)"};
    meta.choice(material, "material", kMaterialChoice);
    meta.parameter(ks_input, "ks_input", ParameterSpec::positive("m", "laminarTurbulent(Haaland): surface roughness (material other)"));
    // Read at build: the rule between them is checked at build, so a new value rebuilds (and is refused if it breaks it).
    meta.parameter(haaland.Re_laminar, "Re_laminar", ParameterSpec::positive("1", "laminarTurbulentHaaland: upper Reynolds number of laminar flow").read_at_build());
    meta.parameter(haaland.Re_turbulent, "Re_turbulent",
                   ParameterSpec::positive("1", "laminarTurbulentHaaland: lower Reynolds number of turbulent flow").read_at_build());
    meta.parameter(haaland.shape_factor, "shape_factor", ParameterSpec::positive("1", "laminarTurbulentHaaland: laminar loss factor (64: Hagen-Poiseuille)"));
    meta.parameter(haaland.n, "n", ParameterSpec::positive("1", "laminarTurbulentHaaland: transition coefficient of Haaland's formula"));
    meta.require(haaland.Re_laminar < haaland.Re_turbulent,
                 [&] {
                     std::ostringstream s;
                     s << "Re_laminar = " << haaland.Re_laminar << ", Re_turbulent = " << haaland.Re_turbulent;
                     return s.str();
                 },
                 "laminar flow ends below where turbulent flow begins (Re_laminar < Re_turbulent)");
    meta.parameter(zeta, "zeta", ParameterSpec::non_negative("1", "zeta: loss coefficient, dp = zeta·rho/2·v²"));
    meta.parameter(dp_ref, "dp_ref", ParameterSpec::non_negative("Pa", "reference: pressure drop at m_flow_ref and rho_ref"));
    meta.parameter(m_flow_ref, "m_flow_ref", ParameterSpec::positive("kg/s", "reference: mass flow"));
    meta.parameter(rho_ref, "rho_ref", ParameterSpec::positive("kg/m3", "reference: density"));
    static const ChoiceSpec kDp_functionChoice{{"linear", "quadratic", "customExponent"}, "reference: dp ~ (m_flow/m_flow_ref)^1, ^2 or ^m"};
    meta.choice(dp_function, "dp_function", kDp_functionChoice);
    meta.parameter(m, "m", ParameterSpec::positive("1", "reference: exponent of customExponent"));
    meta.variable(L_, "L", "1/m");
}

LIED_REGISTER_COMPONENT(FlowResistance, "pipe or fitting with a chosen pressure-loss law and geometry (TFS FlowResistance)");

}  // namespace lied::thermofluid
