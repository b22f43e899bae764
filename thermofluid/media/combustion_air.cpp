#include "thermofluid/media/combustion_air.h"

#include "thermofluid/media/nasa_polynomial.h"

#include <cmath>

namespace lied::thermofluid {
namespace {
// NASA Glenn coefficients of N2 and O2 (McBride, Zehe, Gordon 2002), with the molar masses, gas constants and
// enthalpies H0 = h(298.15 K) − h(0 K) Modelica.Media's SingleGasesData gives them.
const NasaCoefficients& nitrogen() {
    static const NasaCoefficients n2{
        296.8033869505308, 0.0, 309498.4543111511, 1000.0,
        {22103.71497, -381.846182, 6.08273836, -0.00853091441, 1.384646189e-05, -9.62579362e-09, 2.519705809e-12}, 710.846086,
        {587712.406, -2239.249073, 6.06694922, -0.00061396855, 1.491806679e-07, -1.923105485e-11, 1.061954386e-15}, 12832.10415};
    return n2;
}
const NasaCoefficients& oxygen() {
    static const NasaCoefficients o2{
        259.8369938872708, 0.0, 271263.4223783392, 1000.0,
        {-34255.6342, 484.700097, 1.119010961, 0.00429388924, -6.83630052e-07, -2.0233727e-09, 1.039040018e-12}, -3391.45487,
        {-1037939.022, 2344.830282, 1.819732036, 0.001267847582, -2.188067988e-07, 2.053719572e-11, -8.19346705e-16}, -16890.10929};
    return o2;
}

// What the transport correlations need of each gas: critical temperature [K], pressure [Pa] and molar volume
// [m³/mol], acentric factor and molar mass [kg/mol] (Modelica.Media's FluidData; both are non-polar).
struct CriticalData {
    double Tc, pc, Vc, omega, M;
};
constexpr CriticalData kNitrogen{126.20, 33.98e5, 90.10e-6, 0.037, 0.0280134};
constexpr CriticalData kOxygen{154.58, 50.43e5, 73.37e-6, 0.022, 0.0319988};

// Chung et al. (1984) at low pressure, for a non-polar gas: μ = 40.785e-9.5·F_c·√(M·T)/(V_c^(2/3)·Ω_v) in SI units.
double pure_viscosity(const CriticalData& g, double T) {
    const double Fc = 1 - 0.2756 * g.omega;
    const double Ts = 1.2593 * T / g.Tc;
    const double omega_v = 1.16145 * std::pow(Ts, -0.14874) + 0.52487 * std::exp(-0.7732 * Ts) + 2.16178 * std::exp(-2.43787 * Ts);
    return 40.785 * std::pow(10.0, -9.5) * Fc * std::sqrt(g.M * T) / (std::pow(g.Vc, 2.0 / 3.0) * omega_v);
}

// Mole fractions of nitrogen and oxygen from the nitrogen mass fraction.
void mole_fractions(double X, double y[2]) {
    const double n2 = X / kNitrogen.M, o2 = (1 - X) / kOxygen.M;
    y[0] = n2 / (n2 + o2);
    y[1] = o2 / (n2 + o2);
}

// Σ_i y_i·φ_i / Σ_j y_j·A_ij, the mixing rule of Wilke (viscosity) and Wassiljewa (conductivity).
double mixed(const double y[2], const double value[2], const double A[2][2]) {
    double sum = 0;
    for (int i = 0; i < 2; ++i) sum += y[i] * value[i] / (y[0] * A[i][0] + y[1] * A[i][1]);
    return sum;
}

double h_mix(double T, double X) { return X * nasa_h(nitrogen(), T) + (1 - X) * nasa_h(oxygen(), T); }
double cp_mix(double T, double X) { return X * nasa_cp(nitrogen(), T) + (1 - X) * nasa_cp(oxygen(), T); }
double R_mix(double X) { return X * nitrogen().R + (1 - X) * oxygen().R; }
}  // namespace

double CombustionAir::viscosity(double T, double X) {
    const CriticalData* gas[2] = {&kNitrogen, &kOxygen};
    const double eta[2] = {pure_viscosity(kNitrogen, T), pure_viscosity(kOxygen, T)};
    double y[2], phi[2][2];
    mole_fractions(X, y);
    for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 2; ++j) {
            const double Mi = gas[i]->M, Mj = gas[j]->M;
            phi[i][j] = std::pow(1 + std::sqrt(eta[i] / eta[j]) * std::pow(Mj / Mi, 0.25), 2) / std::sqrt(8 * (1 + Mi / Mj));
        }
    return mixed(y, eta, phi);
}

double CombustionAir::conductivity(double T, double X) {
    const CriticalData* gas[2] = {&kNitrogen, &kOxygen};
    const NasaCoefficients* nasa[2] = {&nitrogen(), &oxygen()};
    double lambda[2], gamma[2], Tr[2], y[2], A[2][2];
    for (int i = 0; i < 2; ++i) {
        const double R = nasa[i]->R;
        lambda[i] = pure_viscosity(*gas[i], T) * (nasa_cp(*nasa[i], T) - R + 2.25 * R);   // Eucken (Modelica's method 1)
        gamma[i] = 210 * std::pow(gas[i]->Tc * std::pow(gas[i]->M, 3) / std::pow(gas[i]->pc, 4), 1.0 / 6.0);
        Tr[i] = T / gas[i]->Tc;
    }
    mole_fractions(X, y);
    for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 2; ++j) {
            const double ratio = gamma[j] * (std::exp(0.0464 * Tr[i]) - std::exp(-0.2412 * Tr[i])) /
                                 (gamma[i] * (std::exp(0.0464 * Tr[j]) - std::exp(-0.2412 * Tr[j])));
            A[i][j] = std::pow(1 + std::sqrt(ratio) * std::pow(gas[i]->M / gas[j]->M, 0.25), 2) /
                      std::sqrt(8 * (1 + gas[i]->M / gas[j]->M));
        }
    return mixed(y, lambda, A);
}

void CombustionAir::properties(double p, double h, const double* Xi, MediumProperties& out) const {
    const double X = Xi ? Xi[0] : 0.0;
    if (!(X >= 0 && X <= 1)) return invalidate(out, p, h, "nitrogen mass fraction outside [0, 1]");
    if (!(p >= p_min())) return invalidate(out, p, h, "pressure below 1 Pa (an ideal gas needs a pressure)");
    if (!(h >= h_mix(T_min(), X) && h <= h_mix(T_max(), X)))
        return invalidate(out, p, h, "temperature outside CombustionAir's range (200 K to 6000 K)");
    double T = 298.15 + (h - h_mix(298.15, X)) / 1000.0;   // constant-cp guess, then Newton (cp varies slowly)
    for (int i = 0; i < 30; ++i) {
        const double dT = (h - h_mix(T, X)) / cp_mix(T, X);
        T += dT;
        if (std::abs(dT) < 1e-12 * T) break;
    }
    const double R = R_mix(X);
    out = {p, h, T, p / (R * T), viscosity(T, X), cp_mix(T, X), conductivity(T, X), 1 / (R * T), MediumProperties::nan, true, ""};
}

double CombustionAir::specific_enthalpy(double, double T, const double* Xi) const {
    const double X = Xi ? Xi[0] : 0.0;
    return T >= T_min() && T <= T_max() && X >= 0 && X <= 1 ? h_mix(T, X) : MediumProperties::nan;
}

}  // namespace lied::thermofluid
