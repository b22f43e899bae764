// Units as an FMU declares them in SI base units: products, quotients, powers and groups of Lied's unit symbols, the
// factor of a unit that is not coherent (gal/min, m3/h), the offset of degC, and units the parser leaves alone.
#include "systems/fmu/base_unit.h"

#include <doctest/doctest.h>

using lied::systems::base_unit;
using Exponents = std::array<int, 8>;   // kg, m, s, A, K, mol, cd, rad

TEST_CASE("base units of Lied's units: exponents, factors and the offset of degC") {
    CHECK(base_unit("N.m")->exponents == Exponents{1, 2, -2, 0, 0, 0, 0, 0});
    CHECK(base_unit("W/(m2.K)")->exponents == Exponents{1, 0, -3, 0, -1, 0, 0, 0});
    CHECK(base_unit("J/kg/s")->exponents == Exponents{0, 2, -3, 0, 0, 0, 0, 0});   // each '/' divides by the next term
    CHECK(base_unit("N.m.s/rad2")->exponents == Exponents{1, 2, -1, 0, 0, 0, 0, -2});
    CHECK(base_unit("Pa.s2/kg2")->exponents == Exponents{-1, -1, 0, 0, 0, 0, 0, 0});
    CHECK(base_unit("kg/kg")->exponents == Exponents{});
    CHECK(base_unit("1/s")->exponents == Exponents{0, 0, -1, 0, 0, 0, 0, 0});
    CHECK(base_unit("m/s^-1")->exponents == Exponents{0, 1, 1, 0, 0, 0, 0, 0});
    CHECK(base_unit("m3/h")->factor == doctest::Approx(1.0 / 3600.0).epsilon(1e-15));
    const auto gpm = base_unit("gal/min");
    CHECK(gpm->exponents == Exponents{0, 3, -1, 0, 0, 0, 0, 0});
    CHECK(gpm->factor == doctest::Approx(3.785411784e-3 / 60.0).epsilon(1e-15));
    const auto celsius = base_unit("degC");
    CHECK(celsius->exponents == Exponents{0, 0, 0, 0, 1, 0, 0, 0});
    CHECK(celsius->offset == 273.15);
    CHECK_FALSE(base_unit("N.m/rad^n"));       // a symbolic power
    CHECK_FALSE(base_unit("N.s/m^(n+1)"));
    CHECK_FALSE(base_unit("furlong"));
    CHECK_FALSE(base_unit("W/(m2.K"));         // an open group
    CHECK_FALSE(base_unit(""));
}
