#pragma once
// Interpolation in a column of a table, with Modelica.Blocks.Tables' smoothness and extrapolation options and laws
// (ModelicaStandardTables): linear segments; constant segments (the value of the breakpoint at or below u); and cubic
// Hermite splines whose node slopes follow Akima, modified Akima, Fritsch–Butland or Steffen. Slopes are computed
// when the table is prepared (at build); evaluating allocates nothing.
#include <cstddef>
#include <span>
#include <vector>

namespace lied::components {

// The options' order is Modelica's enumerations' (Modelica.Blocks.Types.Smoothness and Extrapolation).
enum class Smoothness { LinearSegments, ContinuousDerivative, ConstantSegments, MonotoneContinuousDerivative1, MonotoneContinuousDerivative2,
                        ModifiedContinuousDerivative };
enum class Extrapolation { HoldLastPoint, LastTwoPoints, Periodic, NoExtrapolation };

// The interval i with x[i] <= u < x[i+1] (i = n−2 at u = x[n−1]), searched from `last` (steps move by few
// intervals); x strictly increasing, n ≥ 2, u inside [x[0], x[n−1]].
std::size_t interval_of(std::span<const double> x, double u, std::size_t& last);

// Periodic extrapolation's wrap, as Modelica does it: u moved by whole periods into [x[0], x[n−1]].
double wrapped(std::span<const double> x, double u);

class Interpolant1D {
public:
    // x strictly increasing (the caller checks it and names the row), y of the same length ≥ 1. With two rows a
    // spline is a line, as in Modelica.
    void prepare(std::span<const double> x, std::span<const double> y, Smoothness smoothness);
    // The value at u; outside the abscissa, `extrapolation` says how. NoExtrapolation returns NaN: the run stops
    // where a state or a recorded value takes it, naming the block and its inputs.
    double operator()(double u, Extrapolation extrapolation, std::size_t& last) const;
    // The slope at node k (what a spline's end extrapolates with); for linear segments the secant beside it.
    double slope(std::size_t k) const { return t_[k]; }

private:
    double inside(double u, std::size_t& last) const;
    std::span<const double> x_, y_;
    std::vector<double> t_;   // node slopes
    Smoothness smoothness_ = Smoothness::LinearSegments;
};

}  // namespace lied::components
