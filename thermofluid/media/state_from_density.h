#pragma once
// The state (p, h) of a medium from its density d and specific internal energy u: what a volume with mass and
// energy as states needs (d = M/V, u = U/M). Newton's method in p on f(p) = ρ(p, u + p/d) − d, started from
// `p_guess` (a volume passes its last pressure, so one or two iterations suffice). No allocation, no throw.
#include "thermofluid/media/medium.h"

namespace lied::thermofluid {

// Returns false (with out.valid false and out.invalid_reason set) when there is no such state in the medium's
// range or the medium is incompressible (its density does not depend on p: the pressure of a closed rigid
// volume is then undefined).
bool state_from_density(const Medium& medium, double d, double u, const double* Xi, double p_guess, MediumProperties& out);

}  // namespace lied::thermofluid
