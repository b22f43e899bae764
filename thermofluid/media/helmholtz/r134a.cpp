// R134a (1,1,1,2-tetrafluoroethane): the equation of state of R. Tillner-Roth and H. D. Baehr, "An International
// Standard Formulation for the Thermodynamic Properties of 1,1,1,2-Tetrafluoroethane (HFC-134a) for Temperatures
// from 170 K to 455 K and Pressures up to 70 MPa", J. Phys. Chem. Ref. Data 23, 657–729 (1994), whose ideal-gas
// constants a₁°, a₂° put h = 200 kJ/kg and s = 1 kJ/(kg·K) on the saturated liquid at 0 °C (the IIR convention).
// Viscosity: M. L. Huber, A. Laesecke and R. A. Perkins, "Model for the Viscosity and Thermal Conductivity of
// Refrigerants, Including a New Correlation for the Viscosity of R134a", Ind. Eng. Chem. Res. 42, 3163–3178 (2003).
// Thermal conductivity: M. O. McLinden, S. A. Klein and R. A. Perkins, "An extended corresponding states model for
// the thermal conductivity of refrigerants and refrigerant mixtures", Int. J. Refrig. 23, 43–63 (2000), its R134a
// fit, with the simplified Olchowy–Sengers critical enhancement (T_ref = 1.5·T_c).
#include "thermofluid/media/helmholtz/fluids.h"
#include "thermofluid/media/helmholtz/transport_terms.h"

#include <cmath>

namespace lied::thermofluid::helmholtz {
namespace {

constexpr PowerTerm kPower[] = {
    {0.05586817, 2, -0.5, 0},
    {0.498223, 1, 0, 0},
    {0.02458698, 3, 0, 0},
    {0.0008570145, 6, 0, 0},
    {0.0004788584, 6, 1.5, 0},
    {-1.800808, 1, 1.5, 0},
    {0.2671641, 1, 2, 0},
    {-0.04781652, 2, 2, 0},
    {0.01423987, 5, 1, 1},
    {0.3324062, 2, 3, 1},
    {-0.007485907, 2, 5, 1},
    {0.0001017263, 4, 1, 2},
    {-0.5184567, 1, 5, 2},
    {-0.08692288, 4, 5, 2},
    {0.2057144, 1, 6, 2},
    {-0.005000457, 2, 10, 2},
    {0.0004603262, 4, 10, 2},
    {-0.003497836, 1, 10, 3},
    {0.006995038, 5, 18, 3},
    {-0.01452184, 3, 22, 3},
    {-0.0001285458, 10, 50, 4},
};
constexpr IdealPowerTerm kIdealPower[] = {
    {-9.723916, -0.5},
    {-3.92717, -0.75},
};

constexpr double kTc = 374.18, kRhoc = 508.0, kM = 0.102032;

// Huber, Laesecke and Perkins (2003): the dilute gas, the initial-density term and the higher-density terms.
constexpr double kEpsilonOverK = 299.363, kSigma = 0.468932e-9;
constexpr InitialDensityTerm kInitialDensity[] = {
    {-19.572881, 0}, {219.73999, -0.25}, {-1015.3226, -0.5}, {2471.01251, -0.75}, {-3375.1717, -1.0},
    {2491.6597, -1.25}, {-787.26086, -1.5}, {14.085455, -2.5}, {-0.34664158, -5.5},
};
struct HigherDensityTerm {
    double a, d, t;
};
constexpr HigherDensityTerm kHigherDensity[] = {
    {-2.06900719e-5, 1, 0}, {3.56029549e-7, 2, 6}, {2.11101816e-6, 2, 2}, {1.39601415e-5, 2, 0.5}, {-4.5643502e-6, 2, -2}, {-3.51593275e-6, 3, 0},
};

double viscosity(const HelmholtzEos&, const StatePoint& s) {
    const double Ts = s.T / kEpsilonOverK, ln_Ts = std::log(Ts);
    const double S = std::exp(0.355404 - 0.464337 * ln_Ts + 0.0257353 * ln_Ts * ln_Ts);
    const double sigma_nm = kSigma * 1e9;
    const double eta0 = 2.1357e-8 * std::sqrt(102.031 * s.T) / (sigma_nm * sigma_nm * S);
    const double rho_molar = s.rho / kM;
    const double eta1 = eta0 * kAvogadro * kSigma * kSigma * kSigma * rainwater_friend(kInitialDensity, Ts) * rho_molar;
    // δ and τ of the correlation's own reducing state (5.017053 mol/dm³, 374.21 K).
    const double delta = rho_molar / 5017.053, tau = 374.21 / s.T;
    double eta_h = 0;
    for (const HigherDensityTerm& k : kHigherDensity) eta_h += k.a * std::pow(delta, k.d) * std::pow(tau, k.t);
    const double delta0 = 3.163695636 / (1 - 0.0890173375 / tau + 0.100035295 / (tau * tau));
    eta_h += 0.00021476332 * (1 / (delta0 - delta) - 1 / delta0);
    return eta0 + eta1 + eta_h;
}

constexpr CriticalEnhancement kCritical{1.89202e9, 1.94e-10, 0.0496, 1.239, 0.63, 1.03, 1.5 * kTc, 4.05928e6};

double conductivity(const HelmholtzEos& eos, const StatePoint& s, double eta) {
    const double lambda0 = -0.0105248 + 8.00982e-5 * s.T;
    // The residual part in δ = ρ/(5.049886 mol/dm³) with λ_r = 2.055 mW/(m·K).
    const double delta = s.rho / (5049.886 * kM);
    constexpr double b[] = {1.836526, 5.126143, -1.436883, 0.626144};
    const double lambda_r = 2.055e-3 * delta * (b[0] + delta * (b[1] + delta * (b[2] + delta * b[3])));
    return lambda0 + lambda_r + critical_enhancement(eos, s, eta, kCritical);
}

}  // namespace

const FluidData& r134a() {
    static const FluidData data{
        "R134a",
        kM, 8.314471, kTc, kRhoc, 169.85, 455.0, 70e6,
        -1.019535, 9.047135, -1.629789, kIdealPower, {}, ReferenceState{},
        kPower, {}, {},
    };
    return data;
}

TransportCorrelations r134a_transport() { return {viscosity, conductivity}; }

}  // namespace lied::thermofluid::helmholtz
