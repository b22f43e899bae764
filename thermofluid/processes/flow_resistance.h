#pragma once
// ThermofluidStream's FlowResistance: a pipe or fitting whose pressure drop follows a chosen loss law
// (pressure_loss.h), with the geometry circular (r), rectangular (a × b) or given (area, wetted perimeter), the
// hydraulic diameter D_h = 4·A/P, and the inertance L = l / (π·D_h²/4) from the geometry (computeL) or given
// (L_value). Like TFS's SISOFlow with clip_p_out: the outlet pressure does not fall below p_min, and the drop the
// clip withholds goes to the inertial pressure (dr_corr), so flow still decelerates.
//   dp = pLoss(ṁ, max(ρ_in, rho_min), μ_in, D_h/2, l),   p̂_out = max(p_min, p̂_in − dp),   h_out = h_in
//   r_in = r_out + L·dṁ/dt + dr_corr
#include "core/model/choice.h"
#include "core/model/system_default.h"
#include "thermofluid/drop_of_commons.h"
#include "thermofluid/interfaces/siso_flow.h"
#include "thermofluid/processes/pressure_loss.h"

#include <string>

namespace lied::thermofluid {

class FlowResistance final : public SISOFlow {
public:
    // The choices' values, in the order of their options (TFS names).
    enum class Shape { Circular, Rectangle, Other };
    enum class Law { LinearQuadratic, Laminar, LaminarTurbulent, Zeta, Reference, LaminarTurbulentHaaland };
    // TFS's Processes.Internal.Material: the pipe's roughness for the laminar–turbulent laws (other: ks_input).
    enum class Material { Other, Concrete, Wood, CastIron, GalvanizedIron, Steel, DrawnPipe };
    // Geometry: circular r; rectangle a × b; other areaCrossInput and perimeterInput.
    Choice<Shape> shape{Shape::Circular};
    double l = 1.0, r = 0.01, a = 0.01, b = 0.01, areaCrossInput = 1e-4, perimeterInput = 0.04;
    Choice<bool> computeL{true};
    SystemDefault L_value{defaults::L};   // 1/m, used when computeL = false (system default DropOfCommons.L)
    SystemDefault rho_min{defaults::rho_min};   // kg/m³ (system default DropOfCommons.rho_min)
    SystemDefault p_min{defaults::p_min};   // Pa (system default DropOfCommons.p_min)
    // Loss law and its parameters.
    Choice<Law> pLoss{Law::LaminarTurbulent};
    double k = 0.0, k2 = 0.0;     // linearQuadratic
    double ks_input = 1e-7;       // laminarTurbulent, laminarTurbulentHaaland: roughness [m] (material other)
    Choice<Material> material{Material::Other};
    pressure_loss::HaalandSettings haaland;   // laminarTurbulentHaaland: the transition and the laminar factor
    double zeta = 1.0;            // zeta, on the cross-section area
    double dp_ref = 1e4, m_flow_ref = 1.0, rho_ref = 1000.0, m = 1.5;   // reference
    Choice<pressure_loss::ReferenceLaw> dp_function{pressure_loss::ReferenceLaw::Quadratic};

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "FlowResistance"; }

    double hydraulic_diameter() const;
    double area() const;
    double inertance() const;
    double pressure_loss(double m_flow, double rho, double mu) const;
    double roughness() const;   // m: the material's, or ks_input

private:
    void evalState();
    MediumProperties fluid_;
    double L_ = 0.0;
};

}  // namespace lied::thermofluid
