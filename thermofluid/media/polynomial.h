#pragma once
// A polynomial's value by Horner's rule, coefficients highest power first (Modelica's Polynomials.evaluate): the
// media's fits (air's transport properties, a liquid's tables).
#include <span>

namespace lied::thermofluid {

inline double polynomial_value(std::span<const double> coefficients, double u) {
    double y = 0.0;
    for (double c : coefficients) y = y * u + c;
    return y;
}

}  // namespace lied::thermofluid
