#include "thermofluid/media/state_from_density.h"

#include <algorithm>
#include <cmath>

namespace lied::thermofluid {

bool state_from_density(const Medium& medium, double d, double u, const double* Xi, double p_guess, MediumProperties& out) {
    if (!(d > 0) || !std::isfinite(u)) {
        invalidate(out, p_guess, u, "the mass in the volume is not positive");
        return false;
    }
    const double p_lo = std::max(medium.p_min(), 1.0), p_hi = medium.p_max();
    double p = std::clamp(std::isfinite(p_guess) && p_guess > 0 ? p_guess : 1e5, p_lo, std::min(p_hi, 1e12));
    MediumProperties probe;
    // ρ(p, u + p/d) rises with p: the pressures seen below and above the root bracket it. Where Newton's step leaves
    // the bracket (at the kink between a liquid, whose density hardly moves with p, and the two-phase dome, whose
    // density moves a lot, it overshoots one way and then the other), the bracket is halved in ln p instead.
    double below = 0, above = 0;
    for (int iteration = 0; iteration < 100; ++iteration) {
        medium.properties(p, u + p / d, Xi, out);
        if (!out.valid) return false;
        const double f = out.rho - d;
        if (std::abs(f) <= 1e-13 * d) return true;
        if (f < 0) below = p; else above = p;
        // The slope along h = u + p/d: ∂ρ/∂p|h + ∂ρ/∂h|p / d, by a forward difference of the medium itself.
        const double dp = 1e-7 * p;
        medium.properties(p + dp, u + (p + dp) / d, Xi, probe);
        const double slope = probe.valid ? (probe.rho - out.rho) / dp : out.drho_dp_h;
        if (!(std::abs(slope) > 1e-14 * d / p)) {
            invalidate(out, p, u + p / d, "the medium is incompressible: a rigid volume cannot set its pressure (use VolumeFlex)");
            return false;
        }
        double p_next = p - f / slope;
        // Stay in range and damp steps that would more than halve or double p (far from the solution).
        p_next = std::clamp(p_next, std::max(p_lo, 0.5 * p), std::min(p_hi, 2.0 * p));
        if (below > 0 && above > 0 && !(p_next > std::min(below, above) && p_next < std::max(below, above)))
            p_next = std::sqrt(below * above);
        if (std::abs(p_next - p) <= 1e-12 * p) {
            medium.properties(p_next, u + p_next / d, Xi, out);
            // Converged only where the density is met (a bracket halved onto a jump of ρ(p) is not a state).
            if (out.valid && std::abs(out.rho - d) <= 1e-9 * d) return true;
            break;
        }
        p = p_next;
    }
    invalidate(out, p, u + p / d, "no state with the volume's density and internal energy (Newton did not converge)");
    return false;
}

}  // namespace lied::thermofluid
