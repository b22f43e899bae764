#pragma once
// A liquid of linear compressibility: constant cp, isobaric expansion β and isothermal compressibility κ about a
// reference state, so that ρ = ρ_ref·(1 + κ·(p − p_ref) − β·(T − T_ref)) and
//     h = h_ref + cp·(T − T_ref) + (p − p_ref)·(1 − β·T_ref)/ρ_ref,
// which (p, h) inverts in closed form. The model of Modelica's (and ThermofluidStream's) PartialLinearFluid with its
// constant Jacobian: ∂ρ/∂p|h = κ·ρ_ref + β·(1 − β·T_ref)/cp. Valid near the reference only; compressible, so a
// rigid volume holds it (stiffly: a litre of it is a spring of about 2·10⁹ Pa per kg).
#include "thermofluid/media/medium.h"

#include <string>

namespace lied::thermofluid {

struct LinearLiquidData {
    std::string name;
    double p_ref, T_ref;   // Pa, K
    double rho_ref;        // kg/m³ at the reference
    double h_ref;          // J/kg at the reference
    double cp;             // J/(kg·K)
    double beta;           // 1/K
    double kappa;          // 1/Pa
    double mu;             // Pa·s
    double lambda;         // W/(m·K)
    double T_min, T_max;   // K: where the state is accepted
};

class LinearLiquid final : public Medium {
public:
    explicit LinearLiquid(LinearLiquidData data) : d_(std::move(data)) {}
    const char* name() const override { return d_.name.c_str(); }
    void properties(double p, double h, const double* Xi, MediumProperties& out) const override;
    double specific_enthalpy(double p, double T, const double* Xi) const override;
    double T_min() const override { return d_.T_min; }
    double T_max() const override { return d_.T_max; }
    const LinearLiquidData& data() const { return d_; }

private:
    LinearLiquidData d_;
};

// Modelica.Media.CompressibleLiquids.LinearColdWater (as ThermofluidStream's myMedia has it): reference 101325 Pa and
// 278.15 K, ρ 997.05 kg/m³, h 104929 J/kg, cp 4181.9 J/(kg·K), β 2.5713e-4 1/K, κ 4.5154e-10 1/Pa, μ 1.5e-3 Pa·s,
// λ 0.572 W/(m·K). Modelica gives it no temperature range; Lied accepts liquid water's, 0 °C to 100 °C.
LinearLiquidData linear_cold_water();

}  // namespace lied::thermofluid
