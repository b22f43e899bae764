#pragma once
// Starting points for the (p, h) solve above the critical pressure, where an isobar's enthalpy climbs steeply
// through the pseudo-critical temperature and Newton's method from a state far away wanders off. The constructor
// evaluates the equation of state on a grid of isobars (logarithmic in p from p_c to p_max) and temperatures
// (logarithmic from T_triple to T_max); a lookup interpolates T and ρ at (p, h) between the two nearest isobars,
// each searched by h. The result is only a start: the caller's Newton solve makes it exact.
#include "thermofluid/media/helmholtz/helmholtz_eos.h"

#include <vector>

namespace lied::thermofluid::helmholtz {

class IsobarStarts {
public:
    explicit IsobarStarts(const HelmholtzEos& eos);
    // T and ρ near the state (p, h), p_c ≤ p ≤ p_max; false where h lies outside the grid's enthalpies at p.
    bool start(double p, double h, double& T, double& rho) const;

private:
    struct Point {
        double h, T, rho;
    };
    bool on_isobar(std::size_t row, double h, double& T, double& rho) const;

    double ln_p_first_, ln_p_step_;
    std::size_t columns_ = 0;
    std::vector<Point> grid_;   // row-major: one isobar per row, T rising along it
};

}  // namespace lied::thermofluid::helmholtz
