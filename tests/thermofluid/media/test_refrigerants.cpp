// The refrigerants R134a, R1234yf and R744 (CO2) from their reference equations of state.
//  - Published values: Lemmon and Akasaka's check values for R1234yf (Table 7 of their paper), the tabulated
//    saturation state of R134a at 0 °C (Tillner-Roth and Baehr; the IIR reference state), the critical and triple
//    points, and the transport correlations' published check values (CO2: Laesecke and Muzny 2017, Huber et al.
//    2016; R1234yf: Perkins and Huber 2011). The tolerance follows each table's printed digits.
//  - An independent implementation: every equation was also written in Python with 30-digit arithmetic
//    (mpmath) from the same published coefficients, for this test; it reproduced the R1234yf check values to every
//    printed digit. Its values below are compared at 1e-9 (1e-8 for cp and w near the critical point), rounding of
//    double arithmetic in sums of up to 42 terms being about 1e-13 and the Newton solves converged to 1e-12.
//  - Relative tolerances throughout: small quantities (viscosities, ∂ρ/∂p) are compared with .scale(0), since
//    doctest's Approx otherwise adds 1 to the scale and a tolerance becomes absolute.
//  - The (p, h) medium: its round trips through specific_enthalpy(p, T), the two-phase dome's lever rule, the
//    derivative ∂ρ/∂p at constant h against finite differences, and its range errors.
#include "thermofluid/media/helmholtz/fluids.h"
#include "thermofluid/media/media_registry.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>

using namespace lied::thermofluid;
using namespace lied::thermofluid::helmholtz;

namespace {

const Refrigerant& refrigerant(const char* name) { return dynamic_cast<const Refrigerant&>(medium(name)); }

// One state of a table: T [K] and the molar density [mol/m³] the tables use, with the published values.
struct CheckValue {
    double T, rho_molar, p, cv, cp, w;   // Pa, J/(mol·K), m/s
};

void check_state(const Refrigerant& r, const CheckValue& v, double tolerance) {
    CAPTURE(v.T);
    CAPTURE(v.rho_molar);
    const double M = r.eos().data().molar_mass;
    const StatePoint s = r.eos().at(v.rho_molar * M, v.T);
    CHECK(s.p == doctest::Approx(v.p).epsilon(tolerance));
    CHECK(s.cv * M == doctest::Approx(v.cv).epsilon(tolerance));
    CHECK(s.cp * M == doctest::Approx(v.cp).epsilon(tolerance));
    CHECK(s.w == doctest::Approx(v.w).epsilon(tolerance));
}

// A saturation state: T [K], p [Pa], the densities [kg/m³], enthalpies [J/kg] and entropies [J/(kg·K)].
struct SaturationValue {
    double T, p, rho_liquid, rho_vapour, h_liquid, h_vapour, s_liquid, s_vapour;
};

void check_saturation(const Refrigerant& r, const SaturationValue& v, double tolerance) {
    CAPTURE(v.T);
    Saturation s;
    REQUIRE(r.eos().saturation_at_temperature(v.T, s));
    CHECK(s.p == doctest::Approx(v.p).epsilon(tolerance));
    CHECK(s.liquid.rho == doctest::Approx(v.rho_liquid).epsilon(tolerance));
    CHECK(s.vapour.rho == doctest::Approx(v.rho_vapour).epsilon(tolerance));
    CHECK(s.liquid.h == doctest::Approx(v.h_liquid).epsilon(tolerance));
    CHECK(s.vapour.h == doctest::Approx(v.h_vapour).epsilon(tolerance));
    CHECK(s.liquid.s == doctest::Approx(v.s_liquid).epsilon(tolerance));
    CHECK(s.vapour.s == doctest::Approx(v.s_vapour).epsilon(tolerance));
    // And back from the pressure: the same equilibrium.
    Saturation q;
    REQUIRE(r.eos().saturation_at_pressure(s.p, q));
    CHECK(q.T == doctest::Approx(v.T).epsilon(1e-11));
}

}  // namespace

TEST_CASE("R1234yf reproduces Lemmon and Akasaka's check values (Table 7) to their printed digits") {
    const Refrigerant& r = refrigerant("R1234yf");
    // Six significant digits printed (cp at 368 K, next to the critical point, too): half a unit of the last is 5e-6.
    for (const CheckValue& v : {CheckValue{280, 11000, 28.95760e6, 101.930, 139.307, 738.905},
                                CheckValue{280, 100, 0.2185345e6, 91.3497, 102.623, 141.882},
                                CheckValue{340, 8000, 2.309798e6, 113.805, 195.748, 265.888},
                                CheckValue{340, 1000, 1.855076e6, 113.479, 168.646, 114.354},
                                CheckValue{368, 4200, 3.394716e6, 149.703, 48981.3, 76.3597}})
        check_state(r, v, 1e-5);
    // The ideal-gas limit: cv, cp and w at a density where the residual part no longer counts.
    const double M = r.eos().data().molar_mass;
    const StatePoint ideal = r.eos().at(0.001 * M, 280);
    CHECK(ideal.cv * M == doctest::Approx(89.2037).epsilon(1e-5));
    CHECK(ideal.cp * M == doctest::Approx(97.5182).epsilon(1e-5));
    CHECK(ideal.w == doctest::Approx(149.388).epsilon(1e-5));
}

TEST_CASE("R134a at 0 °C: the tabulated saturation state and the IIR reference state (Tillner-Roth and Baehr)") {
    const Refrigerant& r = refrigerant("R134a");
    Saturation s;
    REQUIRE(r.eos().saturation_at_temperature(273.15, s));
    // The tables print five significant digits: 0.29280 MPa, 1294.8 and 14.428 kg/m³, 200.00 and 398.60 kJ/kg,
    // 1.0000 and 1.7271 kJ/(kg·K).
    CHECK(s.p == doctest::Approx(292.80e3).epsilon(2e-5));
    CHECK(s.liquid.rho == doctest::Approx(1294.8).epsilon(4e-5));
    CHECK(s.vapour.rho == doctest::Approx(14.428).epsilon(4e-5));
    CHECK(s.liquid.h == doctest::Approx(200.00e3).epsilon(3e-5));
    CHECK(s.vapour.h == doctest::Approx(398.60e3).epsilon(2e-5));
    CHECK(s.liquid.s == doctest::Approx(1.0000e3).epsilon(5e-5));
    CHECK(s.vapour.s == doctest::Approx(1.7271e3).epsilon(3e-5));
    // The normal boiling point, 247.076 K.
    Saturation nbp;
    REQUIRE(r.eos().saturation_at_pressure(101325, nbp));
    CHECK(nbp.T == doctest::Approx(247.076).epsilon(4e-6));
}

TEST_CASE("the critical and triple points of the equations") {
    // The equations reproduce the critical pressures they were fitted to within 1e-4: 4.05629 MPa (R134a), 3.3844 MPa
    // (R1234yf), 7.3773 MPa (CO2). The triple points: 389.6 Pa (R134a), 0.5180 MPa (CO2, measured 0.51795 MPa).
    CHECK(refrigerant("R134a").eos().p_critical() == doctest::Approx(4.05629e6).epsilon(1e-4));
    CHECK(refrigerant("R1234yf").eos().p_critical() == doctest::Approx(3.3844e6).epsilon(1e-4));
    CHECK(refrigerant("R744").eos().p_critical() == doctest::Approx(7.3773e6).epsilon(1e-5));
    CHECK(refrigerant("R134a").eos().p_triple() == doctest::Approx(389.6).epsilon(2e-4));
    CHECK(refrigerant("R744").eos().p_triple() == doctest::Approx(0.51795e6).epsilon(1e-4));
    // The traced dome reaches 1e-5·T_c below the critical temperature for each.
    for (const char* name : {"R134a", "R1234yf", "R744"}) {
        CAPTURE(name);
        const HelmholtzEos& eos = refrigerant(name).eos();
        CHECK(eos.T_dome_top() == doctest::Approx(eos.data().T_critical * (1 - HelmholtzEos::kDomeTop)).epsilon(1e-12));
    }
}

TEST_CASE("single-phase states agree with an independent 30-digit implementation") {
    // R134a (rows from the liquid to the supercritical fluid and the dilute gas).
    const Refrigerant& r134a = refrigerant("R134a");
    for (const CheckValue& v : {CheckValue{250, 13500, 3599011.04006, 86.9077572, 130.2172801, 751.2421628},
                                CheckValue{300, 50, 121703.140336, 78.06385551, 87.51738524, 161.5093584},
                                CheckValue{350, 10000, 5865482.62955, 100.3704201, 167.2161952, 336.7887259},
                                CheckValue{400, 5000, 6253574.13591, 113.9230681, 341.5322119, 124.0034902},
                                CheckValue{450, 500, 1724514.53031, 104.3987471, 117.2347331, 186.8569594}})
        check_state(r134a, v, 1e-8);
    const Refrigerant& r744 = refrigerant("R744");
    for (const CheckValue& v : {CheckValue{250, 25000, 18030739.5868, 41.73212099, 84.00443632, 862.139617},
                                CheckValue{300, 1000, 2203650.08487, 31.58522652, 46.00121979, 252.3847994},
                                CheckValue{350, 10000, 14796990.697, 41.10925332, 134.743685, 269.2242353},
                                CheckValue{310, 10000, 8328381.33951, 55.16756508, 938.2609085, 188.3959598},
                                CheckValue{500, 5000, 18761432.0714, 38.63973862, 57.39830984, 347.6481366},
                                CheckValue{1000, 20000, 413312768.904, 49.90518429, 61.9171039, 1185.494568}})
        check_state(r744, v, 2e-7);   // the reference used CO2's ρ_c in mol/m³ rounded to 10624.9063 (3e-9 off 467.6 kg/m³),
                                      // which p in the dense liquid amplifies by up to 50 (ρ·∂p/∂ρ / p)
    // Enthalpy and entropy on each fluid's reference state.
    const StatePoint a = r134a.eos().at(13500 * 0.102032, 250);
    CHECK(a.h == doctest::Approx(170726.51564).epsilon(1e-9));
    CHECK(a.s == doctest::Approx(878.610159686).epsilon(1e-9));
    const StatePoint b = r744.eos().at(10000 * 0.0440098, 350);
    CHECK(b.h == doctest::Approx(405570.586346).epsilon(1e-9));
    CHECK(b.s == doctest::Approx(1608.9378086).epsilon(1e-9));
}

TEST_CASE("saturation lines agree with an independent 30-digit implementation, from the triple point to near critical") {
    const Refrigerant& r134a = refrigerant("R134a");
    for (const SaturationValue& v :
         {SaturationValue{170, 396.167894778, 15590.3234895 * 0.102032, 0.280548257648 * 0.102032, 71632.5697205, 335028.416603, 413.662016522, 1963.04935112},
          SaturationValue{250, 115612.228819, 1367.85792157, 5.95455193755, 169567.613378, 384601.355181, 884.125088103, 1744.26005532},
          SaturationValue{300, 702820.647167, 1199.66643659, 34.1928366481, 237189.184011, 413265.684337, 1128.65574848, 1715.57741623},
          SaturationValue{360, 3040489.73022, 870.114331751, 193.583903101, 336059.490885, 427079.346031, 1420.69928457, 1673.53221553},
          SaturationValue{370, 3727810.05702, 740.31997372, 293.898793674, 360642.202652, 417680.333886, 1485.67044518, 1639.82755662}})
        check_saturation(r134a, v, 1e-9);
    const Refrigerant& r1234yf = refrigerant("R1234yf");
    for (const SaturationValue& v :
         {SaturationValue{220, 31315.0885185, 1327.18754645, 1.9917951463, 134600.89948, 327555.149683, 735.161117596, 1612.22589125},
          SaturationValue{273.15, 315880.466357, 1176.11734534, 17.6341971836, 200000.0, 363482.577483, 1000.0, 1598.50842937},
          SaturationValue{360, 2893382.56072, 740.100663697, 231.865349173, 335222.12999, 396887.665728, 1416.93617851, 1588.22933334}})
        check_saturation(r1234yf, v, 1e-9);
    const Refrigerant& r744 = refrigerant("R744");
    for (const SaturationValue& v :
         {SaturationValue{216.592, 517964.343335, 1178.46264317, 13.7608850082, 80035.5260934, 430416.16763, 521.319785143, 2139.01869155},
          SaturationValue{250, 1785044.24282, 1045.97213016, 46.6440144694, 147710.270168, 437043.880847, 806.750080486, 1964.0845232},
          SaturationValue{273.15, 3485140.75766, 927.431951892, 97.6473368359, 200000.0, 430893.340656, 1000.0, 1845.29870275},
          SaturationValue{304, 7355525.69387, 530.30221734, 406.424240508, 318363.957719, 347939.562094, 1388.11568142, 1485.40385371}})
        check_saturation(r744, v, 1e-8);
}

TEST_CASE("transport properties: the correlations' published check values") {
    auto viscosity = [](const char* name, double T, double rho) {
        const Refrigerant& r = refrigerant(name);
        return r.transport().viscosity(r.eos(), r.eos().at(rho, T));
    };
    auto conductivity = [](const char* name, double T, double rho) {
        const Refrigerant& r = refrigerant(name);
        const StatePoint s = r.eos().at(rho, T);
        return r.transport().conductivity(r.eos(), s, r.transport().viscosity(r.eos(), s));
    };
    // CO2 viscosity, Laesecke and Muzny (2017), five significant digits.
    CHECK(viscosity("R744", 220, 3) == doctest::Approx(0.011104e-3).epsilon(1e-4).scale(0));
    CHECK(viscosity("R744", 225, 1150) == doctest::Approx(0.22218e-3).epsilon(1e-4).scale(0));
    CHECK(viscosity("R744", 300, 65) == doctest::Approx(0.015563e-3).epsilon(1e-4).scale(0));
    CHECK(viscosity("R744", 300, 1400) == doctest::Approx(0.50594e-3).epsilon(1e-4).scale(0));
    CHECK(viscosity("R744", 700, 100) == doctest::Approx(0.033112e-3).epsilon(1e-4).scale(0));
    CHECK(viscosity("R744", 700, 1200) == doctest::Approx(0.22980e-3).epsilon(1e-4).scale(0));
    // CO2 thermal conductivity, Huber et al. (2016), four significant digits (the dilute ones three after the point).
    CHECK(conductivity("R744", 250, 1e-6) == doctest::Approx(12.99e-3).epsilon(1e-3).scale(0));
    CHECK(conductivity("R744", 250, 2.0) == doctest::Approx(13.05e-3).epsilon(1e-3).scale(0));
    CHECK(conductivity("R744", 250, 1058) == doctest::Approx(140.00e-3).epsilon(1e-4).scale(0));
    CHECK(conductivity("R744", 310, 400) == doctest::Approx(73.04e-3).epsilon(1e-4).scale(0));
    // R1234yf thermal conductivity, Perkins and Huber (2011), five significant digits.
    CHECK(conductivity("R1234yf", 250, 2.80006) == doctest::Approx(0.0098481).epsilon(1e-4).scale(0));
    CHECK(conductivity("R1234yf", 300, 4.671556) == doctest::Approx(0.013996).epsilon(1e-4).scale(0));
    CHECK(conductivity("R1234yf", 250, 1299.50) == doctest::Approx(0.088574).epsilon(1e-4).scale(0));
    CHECK(conductivity("R1234yf", 300, 1182.05) == doctest::Approx(0.075245).epsilon(1e-4).scale(0));
    // R134a: Huber et al. (2003) give no check values; REFPROP 9.1, an independent implementation of the same
    // correlations, gives these on the saturation line (its own saturation solve: 1e-4).
    const Refrigerant& r134a = refrigerant("R134a");
    Saturation s185, s360;
    REQUIRE(r134a.eos().saturation_at_temperature(185, s185));
    REQUIRE(r134a.eos().saturation_at_temperature(360, s360));
    const TransportCorrelations& t = r134a.transport();
    CHECK(t.viscosity(r134a.eos(), s185.liquid) == doctest::Approx(1.2698376398294414e-3).epsilon(1e-4).scale(0));
    CHECK(t.viscosity(r134a.eos(), s185.vapour) == doctest::Approx(7.4290821400170869e-6).epsilon(1e-4).scale(0));
    CHECK(t.viscosity(r134a.eos(), s360.liquid) == doctest::Approx(7.8146319978982133e-5).epsilon(1e-4).scale(0));
    CHECK(t.viscosity(r134a.eos(), s360.vapour) == doctest::Approx(1.7140264998576107e-5).epsilon(1e-4).scale(0));
    CHECK(conductivity("R134a", 240, 1e-10) == doctest::Approx(0.008698768).epsilon(1e-6).scale(0));
    CHECK(conductivity("R134a", 330, 1e-10) == doctest::Approx(0.015907606).epsilon(1e-6).scale(0));
}

TEST_CASE("transport properties agree with the independent implementation, the critical enhancement included") {
    // R1234yf's viscosity (residual-entropy scaling) has no published check values.
    const Refrigerant& yf = refrigerant("R1234yf");
    const double M = yf.eos().data().molar_mass;
    const TransportCorrelations& t = yf.transport();
    CHECK(t.viscosity(yf.eos(), yf.eos().at(11000 * M, 280)) == doctest::Approx(2.877507137e-4).epsilon(1e-8).scale(0));
    CHECK(t.viscosity(yf.eos(), yf.eos().at(1000 * M, 340)) == doctest::Approx(1.53829291e-5).epsilon(1e-8).scale(0));
    const StatePoint yf_gas = yf.eos().at(1000 * M, 340);
    CHECK(t.conductivity(yf.eos(), yf_gas, t.viscosity(yf.eos(), yf_gas)) == doctest::Approx(0.01966095966).epsilon(1e-8).scale(0));
    const Refrigerant& r134a = refrigerant("R134a");
    const StatePoint near_critical = r134a.eos().at(5000 * 0.102032, 400);
    CHECK(r134a.transport().viscosity(r134a.eos(), near_critical) == doctest::Approx(3.568421751e-5).epsilon(1e-8).scale(0));
    CHECK(r134a.transport().conductivity(r134a.eos(), near_critical, r134a.transport().viscosity(r134a.eos(), near_critical)) ==
          doctest::Approx(0.04243346714).epsilon(1e-8).scale(0));
    const Refrigerant& r744 = refrigerant("R744");
    const StatePoint dense = r744.eos().at(10000 * 0.0440098, 350);
    CHECK(r744.transport().viscosity(r744.eos(), dense) == doctest::Approx(3.268935118e-5).epsilon(1e-8).scale(0));
    CHECK(r744.transport().conductivity(r744.eos(), dense, r744.transport().viscosity(r744.eos(), dense)) ==
          doctest::Approx(0.05233177535).epsilon(1e-8).scale(0));
}

TEST_CASE("the (p, h) medium returns the state specific_enthalpy(p, T) came from, in every region") {
    struct Case {
        const char* name;
        double p, T;
    };
    for (const Case& c : {Case{"R134a", 2e5, 200}, Case{"R134a", 2e5, 260}, Case{"R134a", 2e5, 450}, Case{"R134a", 1e6, 300},
                          Case{"R134a", 1e6, 320}, Case{"R134a", 4.0e6, 374.0}, Case{"R134a", 4.1e6, 374.2},
                          Case{"R134a", 6.9e7, 175}, Case{"R134a", 1e7, 400}, Case{"R1234yf", 1e3, 130}, Case{"R1234yf", 5e5, 250},
                          Case{"R1234yf", 5e5, 300}, Case{"R1234yf", 9.9e7, 400}, Case{"R744", 6e5, 217}, Case{"R744", 3.5e6, 273},
                          Case{"R744", 3.5e6, 274}, Case{"R744", 7.4e6, 304.2}, Case{"R744", 1e7, 310}, Case{"R744", 1.2e7, 330},
                          Case{"R744", 7.9e8, 1090}, Case{"R744", 1e6, 1000}}) {
        CAPTURE(c.name);
        CAPTURE(c.p);
        CAPTURE(c.T);
        const Refrigerant& r = refrigerant(c.name);
        const double h = r.specific_enthalpy(c.p, c.T, nullptr);
        REQUIRE(std::isfinite(h));
        const MediumProperties m = r.at(c.p, h);
        REQUIRE(m.valid);
        CHECK(m.T == doctest::Approx(c.T).epsilon(1e-10));
        const StatePoint s = r.eos().at(m.rho, m.T);
        CHECK(s.p == doctest::Approx(c.p).epsilon(1e-9));
        CHECK(s.h == doctest::Approx(h).epsilon(1e-11));
        CHECK(std::isnan(m.quality));
        CHECK(m.mu > 0);
        CHECK(m.lambda > 0);
        CHECK(m.cp > 0);
        // ∂ρ/∂p at constant h, against a central difference (1e-5: the difference's own truncation and rounding; at
        // least 50 Pa apart, since a liquid's density moves by 1e-10 of itself over 0.01 Pa, the solve's own rounding).
        const double dp = std::max(1e-5 * c.p, 50.0);
        CHECK(m.drho_dp_h == doctest::Approx((r.at(c.p + dp, h).rho - r.at(c.p - dp, h).rho) / (2 * dp)).epsilon(1e-5).scale(0));
    }
}

TEST_CASE("two-phase states follow the lever rule between the saturated phases, and the dome's edges are continuous") {
    for (const char* name : {"R134a", "R1234yf", "R744"}) {
        CAPTURE(name);
        const Refrigerant& r = refrigerant(name);
        for (double fraction : {0.05, 0.5, 0.95}) {
            const double p = r.eos().p_triple() + fraction * (r.eos().p_critical() - r.eos().p_triple());
            Saturation s;
            REQUIRE(r.eos().saturation_at_pressure(p, s));
            for (double x : {0.0, 0.3, 1.0}) {
                CAPTURE(p);
                CAPTURE(x);
                const double h = s.liquid.h + x * (s.vapour.h - s.liquid.h);
                const MediumProperties m = r.at(p, h);
                REQUIRE(m.valid);
                CHECK(m.T == doctest::Approx(s.T).epsilon(1e-10));
                CHECK(1 / m.rho == doctest::Approx(1 / s.liquid.rho + x * (1 / s.vapour.rho - 1 / s.liquid.rho)).epsilon(1e-10));
                CHECK(m.vapour_fraction == doctest::Approx(x).epsilon(1e-9));
            }
            // Just outside the dome on either side: single phase, with the saturated phase's density.
            const MediumProperties below = r.at(p, s.liquid.h * (1 - 1e-12));
            const MediumProperties above = r.at(p, s.vapour.h * (1 + 1e-12));
            CHECK(below.rho == doctest::Approx(s.liquid.rho).epsilon(1e-8));
            CHECK(above.rho == doctest::Approx(s.vapour.rho).epsilon(1e-8));
            CHECK(below.vapour_fraction == 0.0);
            CHECK(above.vapour_fraction == 1.0);
            // In the dome, ∂ρ/∂p at constant h from the saturation line's slopes, against a central difference.
            const double h = 0.5 * (s.liquid.h + s.vapour.h), dp = 1e-6 * p;
            CHECK(r.at(p, h).drho_dp_h == doctest::Approx((r.at(p + dp, h).rho - r.at(p - dp, h).rho) / (2 * dp)).epsilon(1e-5).scale(0));
        }
    }
}

TEST_CASE("states outside the equations' range come back invalid with the broken limit") {
    const Refrigerant& r744 = refrigerant("R744");
    const MediumProperties solid = r744.at(2e5, 3e5);
    CHECK_FALSE(solid.valid);
    CHECK(std::string(solid.invalid_reason).find("pressure outside") != std::string::npos);
    CHECK(std::isnan(r744.specific_enthalpy(2e5, 250, nullptr)));   // below the triple point's pressure: dry ice
    const Refrigerant& r134a = refrigerant("R134a");
    const MediumProperties frozen = r134a.at(1e6, -1e6);
    CHECK_FALSE(frozen.valid);
    CHECK(std::string(frozen.invalid_reason) == "temperature below the triple point (the solid is not modelled)");
    const MediumProperties hot = r134a.at(1e6, 5e6);
    CHECK_FALSE(hot.valid);
    CHECK(std::string(hot.invalid_reason) == "temperature above the range of the equation of state");
    const MediumProperties nan_h = r134a.at(1e6, std::nan(""));
    CHECK_FALSE(nan_h.valid);
    // In the sliver between the traced dome's top and the critical pressure, a two-phase state is not resolved.
    const HelmholtzEos& eos = r134a.eos();
    const double p = 0.5 * (eos.p_dome_top() + eos.p_critical());
    Saturation top;
    REQUIRE(eos.saturation_at_temperature(eos.T_dome_top(), top));
    const MediumProperties critical = r134a.at(p, 0.5 * (top.liquid.h + top.vapour.h));
    CHECK_FALSE(critical.valid);
    CHECK(std::string(critical.invalid_reason).find("critical point") != std::string::npos);
}

TEST_CASE("the refrigerants are media a system file can name") {
    for (const char* name : {"R134a", "R1234yf", "R744"}) {
        const Medium& m = medium(name);
        CHECK(m.two_phase());
        CHECK(std::string(m.name()) == name);
    }
    CHECK(medium("R744").p_max() == 800e6);
    CHECK(medium("R134a").T_min() == 169.85);
}

TEST_CASE("a refrigerant's saturation through the medium interface is its equation's equilibrium") {
    const Refrigerant& r = refrigerant("R744");
    SaturationProperties s;
    REQUIRE(r.saturation_at_temperature(250, s));
    // The independent implementation's values (1e-8: its ρ_c in mol/m³ was rounded, as above).
    CHECK(s.p == doctest::Approx(1785044.24282).epsilon(1e-8));
    CHECK(s.rho_liquid == doctest::Approx(1045.97213016).epsilon(1e-8));
    CHECK(s.h_vapour == doctest::Approx(437043.880847).epsilon(1e-8));
    SaturationProperties q;
    REQUIRE(r.saturation_at_pressure(s.p, q));
    CHECK(q.T == doctest::Approx(250).epsilon(1e-11));
    CHECK_FALSE(r.saturation_at_pressure(8e6, q));     // above the critical pressure
    CHECK_FALSE(r.saturation_at_temperature(210, q));  // below the triple point
}

TEST_CASE("CO2 above its melting line is solid: refused, not a liquid") {
    // Span and Wagner's melting pressure at 230 K is about 67 MPa; at 250 K about 230 MPa.
    const Refrigerant& r = refrigerant("R744");
    CHECK(std::isnan(r.specific_enthalpy(100e6, 230, nullptr)));
    CHECK(std::isfinite(r.specific_enthalpy(50e6, 230, nullptr)));
    const double h = r.specific_enthalpy(60e6, 230, nullptr);
    const MediumProperties compressed = r.at(100e6, h);   // the same enthalpy squeezed past the line
    CHECK_FALSE(compressed.valid);
    CHECK(std::string(compressed.invalid_reason).find("melting line") != std::string::npos);
}
