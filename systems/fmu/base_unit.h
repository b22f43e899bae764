#pragma once
// A unit as an FMU declares it: the exponents of the SI base units (kg, m, s, A, K, mol, cd, and rad as FMI counts it)
// with a factor and an offset, so that an importer can check and convert what it connects: "N.m" is kg·m²·s⁻²,
// "degC" is K with offset 273.15, "gal/min" is m³·s⁻¹ with factor 6.309e-5. Lied's units are products of symbols
// with '.', divided with '/' (each '/' divides by the term after it: J/kg/s), with integer powers (m2, s^-1) and
// parentheses (W/(m2.K)).
#include <array>
#include <optional>
#include <string>

namespace lied::systems {

struct BaseUnit {
    std::array<int, 8> exponents{};   // kg, m, s, A, K, mol, cd, rad
    double factor = 1.0;              // value in base units = factor · value + offset
    double offset = 0.0;
};

inline constexpr const char* kBaseUnitNames[8] = {"kg", "m", "s", "A", "K", "mol", "cd", "rad"};

// The base unit of `unit`, or nothing for a unit this parser does not know (a symbolic power such as rad^n, an
// unknown symbol): the FMU then declares the unit by its name alone.
std::optional<BaseUnit> base_unit(const std::string& unit);

}  // namespace lied::systems
