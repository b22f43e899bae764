// R744 (carbon dioxide): the equation of state of R. Span and W. Wagner, "A New Equation of State for Carbon Dioxide
// Covering the Fluid Region from the Triple-Point Temperature to 1100 K at Pressures up to 800 MPa", J. Phys. Chem.
// Ref. Data 25, 1509–1596 (1996), with its non-analytic terms near the critical point. Enthalpy and entropy are put
// on the IIR convention of the other refrigerants (h = 200 kJ/kg, s = 1 kJ/(kg·K) for the saturated liquid at 0 °C)
// instead of Span and Wagner's ideal gas at 298.15 K and 1 atm: only differences matter in a cycle, and one
// convention for every refrigerant keeps state tables comparable.
// Viscosity: A. Laesecke and C. D. Muzny, "Reference Correlation for the Viscosity of Carbon Dioxide", J. Phys. Chem.
// Ref. Data 46, 013107 (2017). Thermal conductivity: M. L. Huber, E. A. Sykioti, M. J. Assael and R. A. Perkins,
// "Reference Correlation of the Thermal Conductivity of Carbon Dioxide from the Triple Point to 1100 K and up to
// 200 MPa", J. Phys. Chem. Ref. Data 45, 013102 (2016), with its simplified Olchowy–Sengers critical enhancement.
#include "thermofluid/media/helmholtz/fluids.h"
#include "thermofluid/media/helmholtz/transport_terms.h"

#include <cmath>

namespace lied::thermofluid::helmholtz {
namespace {

constexpr double kTc = 304.1282, kRhoc = 467.6, kM = 0.0440098, kR = 8.31451;

constexpr PowerTerm kPower[] = {
    {0.388568232032, 1, 0, 0},
    {2.93854759427, 1, 0.75, 0},
    {-5.5867188535, 1, 1, 0},
    {-0.767531995925, 1, 2, 0},
    {0.317290055804, 2, 0.75, 0},
    {0.548033158978, 2, 2, 0},
    {0.122794112203, 3, 0.75, 0},
    {2.16589615432, 1, 1.5, 1},
    {1.58417351097, 2, 1.5, 1},
    {-0.231327054055, 4, 2.5, 1},
    {0.0581169164314, 5, 0, 1},
    {-0.553691372054, 5, 1.5, 1},
    {0.489466159094, 5, 2, 1},
    {-0.0242757398435, 6, 0, 1},
    {0.0624947905017, 6, 1, 1},
    {-0.121758602252, 6, 2, 1},
    {-0.370556852701, 1, 3, 2},
    {-0.0167758797004, 1, 6, 2},
    {-0.11960736638, 4, 3, 2},
    {-0.0456193625088, 4, 6, 2},
    {0.0356127892703, 4, 8, 2},
    {-0.00744277271321, 7, 6, 2},
    {-0.00173957049024, 8, 0, 2},
    {-0.0218101212895, 2, 7, 3},
    {0.0243321665592, 3, 12, 3},
    {-0.0374401334235, 3, 16, 3},
    {0.143387157569, 5, 22, 4},
    {-0.134919690833, 5, 24, 4},
    {-0.0231512250535, 6, 16, 4},
    {0.0123631254929, 7, 24, 4},
    {0.00210583219729, 8, 8, 4},
    {-0.000339585190264, 10, 2, 4},
    {0.00559936517716, 4, 28, 5},
    {-0.000303351180556, 8, 14, 6},
};
constexpr GaussianTerm kGaussian[] = {
    {-213.654886883, 2, 1, 25, 1, 325, 1.16},
    {26641.5691493, 2, 0, 25, 1, 300, 1.19},
    {-24027.2122046, 2, 1, 25, 1, 300, 1.19},
    {-283.41603424, 3, 3, 15, 1, 275, 1.25},
    {212.472844002, 3, 3, 20, 1, 275, 1.22},
};
constexpr NonAnalyticTerm kNonAnalytic[] = {
    {-0.666422765408, 3.5, 0.875, 0.3, 0.7, 0.3, 10, 275},
    {0.726086323499, 3.5, 0.925, 0.3, 0.7, 0.3, 10, 275},
    {0.0550686686128, 3, 0.875, 0.3, 0.7, 1, 12.5, 275},
};
constexpr PlanckEinsteinTerm kPlanckEinstein[] = {
    {1.99427042, 3.15163},
    {0.62105248, 6.1119},
    {0.41195293, 6.77708},
    {1.04028922, 11.32384},
    {0.08327678, 27.08792},
};

// Laesecke and Muzny (2017): the dilute gas (their Eq. 4), the initial-density term, and the residual part scaled
// by the liquid's state at the triple point (Eqs. 8, 9).
constexpr double kEpsilonOverK = 200.76, kSigma = 0.378421e-9;
constexpr InitialDensityTerm kInitialDensity[] = {
    {-19.572881, 0}, {219.73999, -0.25}, {-1015.3226, -0.5}, {2471.0125, -0.75}, {-3375.1717, -1.0},
    {2491.6597, -1.25}, {-787.26086, -1.5}, {14.085455, -2.5}, {-0.34664158, -5.5},
};

double viscosity(const HelmholtzEos&, const StatePoint& s) {
    const double T = s.T, T3 = std::cbrt(T);
    const double den = 1749.354893188350 - 369.069300007128 * std::pow(T, 1.0 / 6) + 5423856.34887691 * std::exp(-2.21283852168356 * T3) +
                       (-269503.247933569 + 73145.021531826 * T3) / std::exp(T3) + 5.34368649509278 * std::sqrt(T);
    const double eta0 = 1.0055e-3 * std::sqrt(T) / den;
    const double eta1 = eta0 * kAvogadro * kSigma * kSigma * kSigma * rainwater_friend(kInitialDensity, T / kEpsilonOverK) * (s.rho / kM);
    constexpr double T_triple = 216.592, rho_triple_liquid = 1178.53;
    const double eta_tl = std::pow(rho_triple_liquid, 2.0 / 3) * std::sqrt(kR * T_triple) / (std::pow(kM, 1.0 / 6) * std::cbrt(kAvogadro));
    const double Tr = T / T_triple, rr = s.rho / rho_triple_liquid;
    const double eta_h = eta_tl * (0.360603235428487 * Tr * rr * rr * rr + (rr * rr + std::pow(rr, 8.06282737481277)) / (Tr - 0.121550806591497));
    return eta0 + eta1 + eta_h;
}

constexpr CriticalEnhancement kCritical{1 / 4.0e-10, 1.5e-10, 0.052, 1.239, 0.63, 1.02, 456.19, 7.3773e6};

double conductivity(const HelmholtzEos& eos, const StatePoint& s, double eta) {
    // The dilute gas (their Eq. 3) in mW/(m·K).
    const double Tr = s.T / kTc;
    const double lambda0 = 1e-3 * std::sqrt(Tr) / (0.0151874307 + 0.0280674040 / Tr + 0.0228564190 / (Tr * Tr) - 0.00741624210 / (Tr * Tr * Tr));
    constexpr double B1[] = {0.0100128, 0.0560488, -0.081162, 0.0624337, -0.0206336, 0.00253248};
    constexpr double B2[] = {0.00430829, -0.0358563, 0.067148, -0.0522855, 0.0174571, -0.00196414};
    const double delta = s.rho / kRhoc;
    double lambda_r = 0, power = 1;
    for (int i = 0; i < 6; ++i) {
        power *= delta;
        lambda_r += (B1[i] + B2[i] * Tr) * power;
    }
    return lambda0 + lambda_r + critical_enhancement(eos, s, eta, kCritical);
}

}  // namespace

const FluidData& r744() {
    static const FluidData data{
        "R744",
        kM, kR, kTc, kRhoc, 216.592, 1100.0, 800e6,
        8.37304456, -3.70454304, 2.5, {}, kPlanckEinstein, ReferenceState{true, 273.15, 200e3, 1e3},
        kPower, kGaussian, kNonAnalytic,
        1955.5390, 2055.4593,   // Span and Wagner's melting pressure (their Eq. 3.10)
    };
    return data;
}

TransportCorrelations r744_transport() { return {viscosity, conductivity}; }

}  // namespace lied::thermofluid::helmholtz
