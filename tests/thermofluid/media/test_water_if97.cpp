// Water and steam after IAPWS-IF97 against the verification values of the IAPWS releases (IF97 Tables 5, 15,
// 35 and 36; viscosity 2008 Table 4; thermal conductivity 2011 Table 4 with λ2 = 0). The releases give nine
// significant digits; the tolerance 1e-8 relative allows the last one to round.
#include "thermofluid/media/if97.h"
#include "thermofluid/media/water_if97.h"
#include "thermofluid/media/water_transport.h"

#include <doctest/doctest.h>

#include <cmath>
#include <initializer_list>
#include <string>

using namespace lied::thermofluid;

namespace {
constexpr double kDigits = 1e-8;
}

namespace {
// One row of the release's verification tables: T [K], p [Pa], v [m³/kg], h [kJ/kg], s and cp [kJ/(kg·K)].
struct Row {
    double T, p, v, h, s, cp;
};
void check_region(if97::Point (*region)(double, double), std::initializer_list<Row> rows) {
    for (const Row& r : rows) {
        CAPTURE(r.T);
        CAPTURE(r.p);
        const if97::Point pt = region(r.p, r.T);
        CHECK(pt.v == doctest::Approx(r.v).epsilon(kDigits));
        CHECK(pt.h == doctest::Approx(r.h * 1e3).epsilon(kDigits));
        CHECK(pt.s == doctest::Approx(r.s * 1e3).epsilon(kDigits));
        CHECK(pt.cp == doctest::Approx(r.cp * 1e3).epsilon(kDigits));
    }
}
}  // namespace

TEST_CASE("IF97 region 1 (liquid): Table 5 of the release") {
    check_region(if97::region1, {Row{300, 3e6, 0.100215168e-2, 0.115331273e3, 0.392294792, 0.417301218e1},
                                 Row{300, 80e6, 0.971180894e-3, 0.184142828e3, 0.368563852, 0.401008987e1},
                                 Row{500, 3e6, 0.120241800e-2, 0.975542239e3, 0.258041912e1, 0.465580682e1}});
}

TEST_CASE("IF97 region 2 (steam): Table 15 of the release") {
    check_region(if97::region2, {Row{300, 0.0035e6, 0.394913866e2, 0.254991145e4, 0.852238967e1, 0.191300162e1},
                                 Row{700, 0.0035e6, 0.923015898e2, 0.333568375e4, 0.101749996e2, 0.208141274e1},
                                 Row{700, 30e6, 0.542946619e-2, 0.263149474e4, 0.517540298e1, 0.103505092e2}});
}

TEST_CASE("IF97 saturation line (Tables 35 and 36) and the 2–3 boundary") {
    CHECK(if97::saturation_pressure(300) == doctest::Approx(0.353658941e-2 * 1e6).epsilon(kDigits));
    CHECK(if97::saturation_pressure(500) == doctest::Approx(0.263889776e1 * 1e6).epsilon(kDigits));
    CHECK(if97::saturation_pressure(600) == doctest::Approx(0.123443146e2 * 1e6).epsilon(kDigits));
    CHECK(if97::saturation_temperature(0.1e6) == doctest::Approx(0.372755919e3).epsilon(kDigits));
    CHECK(if97::saturation_temperature(1e6) == doctest::Approx(0.453035632e3).epsilon(kDigits));
    CHECK(if97::saturation_temperature(10e6) == doctest::Approx(0.584149488e3).epsilon(kDigits));
    CHECK(if97::b23_pressure(623.15) == doctest::Approx(0.165291643e2 * 1e6).epsilon(kDigits));
    CHECK(if97::b23_temperature(0.165291643e2 * 1e6) == doctest::Approx(623.15).epsilon(kDigits));
}

TEST_CASE("water viscosity (IAPWS 2008, Table 4) and thermal conductivity (IAPWS 2011, Table 4)") {
    struct Row {
        double rho, T, value;
    };
    for (Row r : {Row{998, 298.15, 889.735100}, Row{1200, 298.15, 1437.649467}, Row{1000, 373.15, 307.883622}, Row{1, 433.15, 14.538324},
                  Row{1000, 433.15, 217.685358}, Row{1, 873.15, 32.619287}, Row{100, 873.15, 35.802262}, Row{600, 873.15, 77.430195},
                  Row{1, 1173.15, 44.217245}, Row{100, 1173.15, 47.640433}, Row{400, 1173.15, 64.154608}}) {
        CAPTURE(r.rho);
        CAPTURE(r.T);
        // Printed to 1e-6 µPa·s: at 14.5 µPa·s the rounding alone is 3e-8 relative.
        CHECK(water_viscosity(r.rho, r.T) * 1e6 == doctest::Approx(r.value).epsilon(1e-7));
    }
    for (Row r : {Row{0, 298.15, 18.4341883}, Row{998, 298.15, 607.712868}, Row{1200, 298.15, 799.038144}, Row{0, 873.15, 79.1034659}}) {
        CAPTURE(r.rho);
        CAPTURE(r.T);
        CHECK(water_conductivity(r.rho, r.T) * 1e3 == doctest::Approx(r.value).epsilon(kDigits));
    }
}

TEST_CASE("WaterIF97 as a medium: T(p, h) inverts h(p, T) in liquid and steam, above and below 16.53 MPa") {
    WaterIF97 water;
    for (double p : {0.01e6, 0.1e6, 1e6, 10e6, 20e6, 50e6, 100e6})
        for (double T : {280.0, 350.0, 450.0, 600.0, 700.0, 900.0, 1050.0}) {
            const double h = water.specific_enthalpy(p, T, nullptr);
            if (std::isnan(h)) continue;   // region 3
            CAPTURE(p);
            CAPTURE(T);
            const MediumProperties m = water.at(p, h);
            REQUIRE(m.valid);
            CHECK(m.T == doctest::Approx(T).epsilon(1e-10));
            const if97::Point direct = (T <= (p <= 16.53e6 ? if97::saturation_temperature(p) : 623.15)) ? if97::region1(p, T) : if97::region2(p, T);
            CHECK(m.rho == doctest::Approx(1 / direct.v).epsilon(1e-10));
            CHECK(m.cp == doctest::Approx(direct.cp).epsilon(1e-9));
            // ∂ρ/∂p at constant h against a central difference of the medium itself.
            // Second-order differences, backwards at the upper pressure limit.
            const double dp = 1e-5 * p;
            const double fd = p + dp <= water.p_max() ? (water.at(p + dp, h).rho - water.at(p - dp, h).rho) / (2 * dp)
                                                      : (3 * m.rho - 4 * water.at(p - dp, h).rho + water.at(p - 2 * dp, h).rho) / (2 * dp);
            CHECK(m.drho_dp_h == doctest::Approx(fd).epsilon(1e-5));
            CHECK(std::isnan(m.quality));
        }
}

TEST_CASE("WaterIF97: wet steam with its quality — states outside the formulation are invalid with a reason") {
    WaterIF97 water;
    const double p = 0.1e6, Ts = if97::saturation_temperature(p);
    const double hl = if97::region1(p, Ts).h, hv = if97::region2(p, Ts).h;
    // Saturated water and steam at 1 bar (steam tables: 417.4 and 2675 kJ/kg).
    CHECK(hl == doctest::Approx(417.44e3).epsilon(1e-3));
    CHECK(hv == doctest::Approx(2674.9e3).epsilon(1e-3));
    const MediumProperties wet = water.at(p, 0.25 * hl + 0.75 * hv);
    REQUIRE(wet.valid);
    CHECK(wet.quality == doctest::Approx(0.75).epsilon(1e-12));
    CHECK(wet.T == doctest::Approx(Ts).epsilon(1e-12));
    CHECK(wet.rho == doctest::Approx(1 / (0.25 * if97::region1(p, Ts).v + 0.75 * if97::region2(p, Ts).v)).epsilon(1e-12));
    CHECK(std::isnan(wet.cp));
    CHECK(wet.drho_dp_h > 0);   // compressing wet steam at constant h condenses it: denser

    auto reason = [&](double pp, double hh) { return std::string(water.at(pp, hh).invalid_reason); };
    CHECK(reason(20e6, 2000e3).find("region 3") != std::string::npos);
    CHECK(reason(1e6, -50e3).find("ice") != std::string::npos);
    CHECK(reason(1e6, 5000e3).find("1073.15 K") != std::string::npos);
    CHECK(reason(200e6, 100e3).find("pressure") != std::string::npos);
    CHECK(!water.at(20e6, 2000e3).valid);
    CHECK(std::isnan(water.at(20e6, 2000e3).rho));
}

TEST_CASE("WaterIF97's saturation: the phases on the line up to the 1–3 boundary, none beyond") {
    const WaterIF97 water;
    SaturationProperties s;
    REQUIRE(water.saturation_at_pressure(1e6, s));
    CHECK(s.T == doctest::Approx(0.453035632e3).epsilon(kDigits));   // Table 36
    CHECK(s.h_liquid == doctest::Approx(if97::region1(1e6, s.T).h).epsilon(1e-14));
    CHECK(s.h_vapour == doctest::Approx(if97::region2(1e6, s.T).h).epsilon(1e-14));
    CHECK(s.rho_liquid == doctest::Approx(1 / if97::region1(1e6, s.T).v).epsilon(1e-14));
    SaturationProperties t;
    REQUIRE(water.saturation_at_temperature(500, t));
    CHECK(t.p == doctest::Approx(0.263889776e1 * 1e6).epsilon(kDigits));   // Table 35
    CHECK_FALSE(water.saturation_at_pressure(20e6, s));                    // region 3
    CHECK_FALSE(water.saturation_at_temperature(640, s));
}
