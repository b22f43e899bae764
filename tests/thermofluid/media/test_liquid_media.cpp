// Liquids: constant properties (Modelica's ConstantPropertyLiquidWater) and tables over temperature
// (Modelica's Glycol47, fitted as Modelica fits it), and the registry that finds a medium by name.
#include "thermofluid/media/constant_property_liquid.h"
#include "thermofluid/media/linear_liquid.h"
#include "thermofluid/media/media_registry.h"
#include "thermofluid/media/table_liquid.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>

using namespace lied::thermofluid;

TEST_CASE("ConstantPropertyLiquidWater: Modelica's constants, h = cp·(T − 273.15 K), incompressible") {
    const Medium& water = medium("ConstantPropertyLiquidWater");
    const MediumProperties m = water.at(2e5, 4184.0 * 20);
    REQUIRE(m.valid);
    CHECK(m.T == doctest::Approx(293.15));
    CHECK(m.rho == 995.586);
    CHECK(m.mu == 1e-3);
    CHECK(m.lambda == 0.598);
    CHECK(m.drho_dp_h == 0.0);
    CHECK(!water.at(2e5, 4184.0 * -10).valid);   // −10 °C: below its range
}

TEST_CASE("Glycol47: Modelica's quadratic fits of its tables, h the integral of cp's, T(h) its inverse") {
    // The reference values are the same least-squares fits done independently (numpy.polyfit of degree 2 in °C, ln μ
    // in 1/T), as Modelica's TableBased media (npol = 2) and so ThermofluidStream compute them: at 60 °C cp =
    // 3757.2215 J/(kg·K) (the table says 3760), ρ = 1016.0284 kg/m³, μ = 1.68574 mPa·s, and h = 219412.33 J/kg,
    // the figure ThermofluidStream's Glycol47 gives (Lied's former linear interpolation gave 219400).
    const Medium& glycol = medium("Glycol47");
    const double h60 = glycol.specific_enthalpy(1e5, 333.15, nullptr);
    CHECK(h60 == doctest::Approx(219412.3277208817).epsilon(1e-12));
    const MediumProperties at60 = glycol.at(1e5, h60);
    REQUIRE(at60.valid);
    CHECK(at60.T == doctest::Approx(333.15).epsilon(1e-13));
    CHECK(at60.cp == doctest::Approx(3757.2215471850936).epsilon(1e-12));
    CHECK(at60.rho == doctest::Approx(1016.0283515593354).epsilon(1e-12));
    CHECK(at60.mu == doctest::Approx(0.001685742740667837).epsilon(1e-10));
    CHECK(glycol.specific_enthalpy(1e5, 273.15, nullptr) == 0.0);   // T0
    // cp is the derivative of h, and T(h) inverts h(T) over the whole range.
    const double dh = (glycol.specific_enthalpy(1e5, 300.001, nullptr) - glycol.specific_enthalpy(1e5, 299.999, nullptr)) / 0.002;
    CHECK(dh == doctest::Approx(glycol.at(1e5, glycol.specific_enthalpy(1e5, 300.0, nullptr)).cp).epsilon(1e-8));
    for (double T = 243.15; T <= 373.15; T += 3.7) {
        CAPTURE(T);
        CHECK(glycol.at(1e5, glycol.specific_enthalpy(1e5, T, nullptr)).T == doctest::Approx(T).epsilon(1e-12));
    }
    CHECK(glycol.at(1e5, glycol.specific_enthalpy(1e5, 373.15, nullptr)).valid);
    CHECK(!glycol.at(1e5, glycol.specific_enthalpy(1e5, 373.15, nullptr) + 1).valid);
}

TEST_CASE("bad liquid tables and unknown media are refused with a message") {
    LiquidTables t = propylene_glycol_47();
    t.T[3] = t.T[2];
    CHECK_THROWS_WITH(TableLiquid{t}, "liquid tables of Glycol47: temperatures must ascend");
    t = propylene_glycol_47();
    t.mu.pop_back();
    CHECK_THROWS_WITH(TableLiquid{t}, "liquid tables of Glycol47: every table has one value per temperature");
    t = propylene_glycol_47();
    t.cp = {3450, 3490, 3520, 3560, 3620, 3690, 3760, 3820, -3890};
    CHECK_THROWS_WITH(TableLiquid{t}, "liquid tables of Glycol47: every value must be a finite number > 0");
    t = propylene_glycol_47();
    t.degree = 9;
    CHECK_THROWS_WITH(TableLiquid{t}, "liquid tables of Glycol47: at least 10 temperatures are needed for a fit of degree 9");
    // Positive table values whose quadratic fit dips below zero between them: h(T) would not be monotonic.
    LiquidTables dip{"Dip", 273.15, {273.15, 274.15, 275.15, 276.15}, {1000, 1000, 1000, 1000}, {1000, 1, 1, 1000},
                     {0.5, 0.5, 0.5, 0.5}, {1e-3, 1e-3, 1e-3, 1e-3}};
    CHECK_THROWS_WITH(TableLiquid{dip}, doctest::Contains("liquid tables of Dip: the fitted heat capacity is not positive at"));
    t.degree = 9;
    CHECK_THROWS_WITH(TableLiquid{t}, "liquid tables of Glycol47: at least 10 temperatures are needed for a fit of degree 9");
    CHECK_THROWS_WITH(medium("WaterIF98"), doctest::Contains("unknown medium 'WaterIF98' (did you mean 'WaterIF97'?)"));
    CHECK(medium_names().size() == 12);
}

TEST_CASE("every registered medium answers to the name it is registered under, made once and shared") {
    for (const std::string& name : medium_names()) {
        CHECK(std::string(medium(name).name()) == name);
        CHECK(&medium(name) == find_medium(name));
    }
}

TEST_CASE("density() equals properties().rho for every medium, and is NaN where the state is invalid") {
    // Elements that need only ρ call density() on the per-step path; a medium that overrides it must not
    // drift from its own properties(). States inside and outside each medium's range (−60 °C … 900 °C).
    for (const std::string& name : medium_names()) {
        CAPTURE(name);
        const Medium& m = medium(name);
        for (double T : {213.15, 280.0, 300.0, 350.0, 600.0, 1173.15}) {
            const double h = m.specific_enthalpy(1e5, std::clamp(T, m.T_min(), m.T_max()), nullptr) + (T - 300.0) * 4000.0;
            const MediumProperties all = m.at(1e5, h);
            const double rho = m.density(1e5, h, nullptr);
            if (all.valid) CHECK(rho == all.rho);
            else CHECK(std::isnan(rho));
        }
    }
}

TEST_CASE("enthalpy bounds: where h depends on T alone, exactly the states the medium accepts, at any pressure") {
    // The bounds are h(T_min) and h(T_max); a state just inside is valid and just outside is not, at 1 bar and 50 bar.
    for (const char* name : {"IdealizedWater", "ConstantPropertyLiquidWater", "Glycol47", "SimpleAir", "DryAirNasa"}) {
        CAPTURE(name);
        const Medium& m = medium(name);
        double h_min = 0, h_max = 0;
        REQUIRE(m.enthalpy_bounds(h_min, h_max));
        CHECK(h_min == m.specific_enthalpy(1e5, m.T_min(), nullptr));
        CHECK(h_max == m.specific_enthalpy(1e5, m.T_max(), nullptr));
        const double margin = 1e-6 * (h_max - h_min);
        for (double p : {1e5, 50e5}) {
            CHECK(m.at(p, h_min + margin).valid);
            CHECK(m.at(p, h_max - margin).valid);
            CHECK_FALSE(m.at(p, h_min - margin).valid);
            CHECK_FALSE(m.at(p, h_max + margin).valid);
        }
    }
    // Where the bounds move with pressure or composition, none are claimed.
    for (const char* name : {"WaterIF97", "MoistAir"}) {
        double h_min = 0, h_max = 0;
        CHECK_FALSE(medium(name).enthalpy_bounds(h_min, h_max));
    }
}

TEST_CASE("LinearColdWater: Modelica's linear compressibility, inverted in closed form, its constant ∂ρ/∂p|h exact") {
    // Modelica.Media.CompressibleLiquids.LinearColdWater written out here: the reference state, then any (p, T).
    const double p_ref = 101325, T_ref = 278.15, rho_ref = 997.05, h_ref = 104929, cp = 4181.9, beta = 2.5713e-4, kappa = 4.5154e-10;
    auto h_of = [&](double p, double T) { return h_ref + cp * (T - T_ref) + (p - p_ref) * (1 - beta * T_ref) / rho_ref; };
    auto rho_of = [&](double p, double T) { return (1 + kappa * (p - p_ref) - beta * (T - T_ref)) * rho_ref; };
    const Medium& water = medium("LinearColdWater");
    const MediumProperties ref = water.at(p_ref, h_ref);
    REQUIRE(ref.valid);
    CHECK(ref.T == doctest::Approx(T_ref).epsilon(1e-14));
    CHECK(ref.rho == doctest::Approx(rho_ref).epsilon(1e-14));
    CHECK(ref.cp == cp);
    CHECK(ref.mu == 1.5e-3);
    CHECK(ref.lambda == 0.572);
    for (const double p : {1e5, 5e5, 3e6})
        for (const double T : {275.0, 293.15, 333.15}) {
            CAPTURE(p);
            CAPTURE(T);
            const double h = water.specific_enthalpy(p, T, nullptr);
            CHECK(h == doctest::Approx(h_of(p, T)).epsilon(1e-14));
            const MediumProperties m = water.at(p, h);
            REQUIRE(m.valid);
            CHECK(m.T == doctest::Approx(T).epsilon(1e-13));
            CHECK(m.rho == doctest::Approx(rho_of(p, T)).epsilon(1e-13));
            // ρ(p, h) is linear, so the constant Jacobian's ∂ρ/∂p|h is the exact slope anywhere (central difference,
            // whose only error here is rounding: 1e-6 of a slope of about 5e-7 s²/m² over ±1 kPa).
            const double dp = 1e3;
            const double slope = (water.at(p + dp, h).rho - water.at(p - dp, h).rho) / (2 * dp);
            CHECK(m.drho_dp_h == doctest::Approx(slope).epsilon(1e-6));
            CHECK(m.drho_dp_h == doctest::Approx(kappa * rho_ref + beta * (1 - T_ref * beta) / cp).epsilon(1e-15));
        }
    const MediumProperties hot = water.at(1e5, water.specific_enthalpy(1e5, 373.0, nullptr) + cp * 5.0);
    CHECK_FALSE(hot.valid);
    CHECK(std::string(hot.invalid_reason) == "temperature outside the liquid's range");
    CHECK(std::isnan(water.specific_enthalpy(1e5, 380.0, nullptr)));
}
