// R1234yf (2,3,3,3-tetrafluoroprop-1-ene): the equation of state of E. W. Lemmon and R. Akasaka, "An International
// Standard Formulation for 2,3,3,3-Tetrafluoroprop-1-ene (R1234yf) Covering Temperatures from the Triple-Point
// Temperature to 410 K and Pressures up to 100 MPa", Int. J. Thermophys. 43, 119 (2022), on the IIR convention
// (h = 200 kJ/kg, s = 1 kJ/(kg·K) for the saturated liquid at 0 °C).
// Viscosity: residual-entropy scaling after I. H. Bell and A. Laesecke, "Viscosity of refrigerants and other working
// fluids from residual entropy scaling", 16th International Refrigeration and Air Conditioning Conference at Purdue
// (2016), on a Chapman–Enskog dilute gas whose σ and ε/k follow Chung et al. from the critical state.
// Thermal conductivity: R. A. Perkins and M. L. Huber, "Measurement and Correlation of the Thermal Conductivity of
// 2,3,3,3-Tetrafluoroprop-1-ene (R1234yf) and trans-1,3,3,3-Tetrafluoropropene (R1234ze(E))", J. Chem. Eng. Data 56,
// 4868–4874 (2011), with the simplified Olchowy–Sengers critical enhancement (T_ref = 1.5·T_c).
#include "thermofluid/media/helmholtz/fluids.h"
#include "thermofluid/media/helmholtz/transport_terms.h"

#include <cmath>

namespace lied::thermofluid::helmholtz {
namespace {

constexpr double kTc = 367.85, kM = 0.1140416, kRhoc = 4.18e3 * kM;   // 4.18 mol/dm³

constexpr PowerTerm kPower[] = {
    {0.0340387, 4, 1.0, 0},
    {1.912859, 1, 0.222, 0},
    {-2.1984719881617, 1, 0.61, 0},
    {-0.8147645305033, 2, 1.122, 0},
    {0.2288282, 3, 0.5, 0},
    {-1.65436, 1, 2.14, 2},
    {-1.446628, 3, 2.284, 2},
    {0.5961722, 2, 1.05, 1},
    {-0.6148209, 2, 2.33, 2},
    {-0.0180069, 7, 0.778, 1},
};
constexpr GaussianTerm kGaussian[] = {
    {0.2845275, 1, 1.0, 28.1, 0.96, 1016.0, 1.061},
    {-0.3050809, 1, 2.0, 28.0, 0.96, 1000.0, 1.062},
    {2.198935, 1, 1.236, 1.307, 0.853, 1.16, 1.3},
    {-0.4270329, 1, 1.6, 1.96, 1.15, 1.2, 1.04},
    {-0.4015581, 1, 1.85, 1.25, 1.3, 1.26, 1.0},
    {0.1179587, 1, 0.7, 1.0, 1.5, 1.6, 1.14},
    {-0.3141002, 1, 1.75, 2.2, 0.762, 0.87, 1.1},
};
constexpr PlanckEinsteinTerm kPlanckEinstein[] = {
    {8.65, 512.0 / kTc},
    {9.75, 1570.0 / kTc},
    {2.11, 4500.0 / kTc},
};

// Chung et al.'s estimates from the critical state: σ = 0.809·(ρ_c [mol/dm³])^(−1/3) nm, ε/k = T_c/1.2593.
const double kSigma = 0.809e-9 / std::cbrt(4.18);
constexpr double kEpsilonOverK = kTc / 1.2593;

double viscosity(const HelmholtzEos& eos, const StatePoint& s) {
    const double eta0 = dilute_viscosity_neufeld(s.T, kM, kSigma, kEpsilonOverK);
    // x = ρ·s_r / (ρ·s_r)_c: the residual entropy per volume, scaled by its value at the critical point.
    const double delta = s.rho / kRhoc, tau = kTc / s.T;
    const Residual r = eos.residual(delta, tau);
    const double rho_sr = s.rho / kM * eos.data().gas_constant * (tau * r.t - r.a);
    const double x = rho_sr / -54468.47741433059;
    const double liquid = 1 / (1 + std::exp(-100 * (x - 2)));
    const double f_liquid = 0.6100913843 + x * (0.4508958312 + x * (-0.017063 + x * 0.000564));
    const double f_vapour = x * (1.2 + x * (-0.308598 + x * 0.035317));
    const double scaled = std::exp(liquid * f_liquid + (1 - liquid) * f_vapour);
    return (1 + 0.87302 * (scaled - 1)) * eta0;
}

constexpr CriticalEnhancement kCritical{1 / 5.835e-10, 1.94e-10, 0.0496, 1.239, 0.63, 1.03, 1.5 * kTc, 3.3844e6};

double conductivity(const HelmholtzEos& eos, const StatePoint& s, double eta) {
    const double Tr = s.T / kTc;
    const double lambda0 = -0.0102778 + Tr * (0.0291098 + Tr * 0.000860643);
    constexpr double B1[] = {-0.0368219, 0.0883226, -0.0705909, 0.0259026, -0.0032295};
    constexpr double B2[] = {0.0397166, -0.077239, 0.0664707, -0.0249071, 0.00336228};
    const double delta = s.rho / 475.55;
    double lambda_r = 0, power = 1;
    for (int i = 0; i < 5; ++i) {
        power *= delta;
        lambda_r += (B1[i] + B2[i] * Tr) * power;
    }
    return lambda0 + lambda_r + critical_enhancement(eos, s, eta, kCritical);
}

}  // namespace

const FluidData& r1234yf() {
    static const FluidData data{
        "R1234yf",
        kM, 8.314462618, kTc, kRhoc, 121.6, 410.0, 100e6,
        -12.081525543189, 8.52896238365, 3.0, {}, kPlanckEinstein, ReferenceState{true, 273.15, 200e3, 1e3},
        kPower, kGaussian, {},
    };
    return data;
}

TransportCorrelations r1234yf_transport() { return {viscosity, conductivity}; }

}  // namespace lied::thermofluid::helmholtz
