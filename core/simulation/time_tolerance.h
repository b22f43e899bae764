#pragma once
// Two times closer than this are the same instant (events, step ends, sample times). Relative only: a run to
// t_end = 1e-12 s must still advance.
#include <cmath>

namespace lied {

inline double time_tolerance(double t) { return 1e-12 * std::abs(t); }

}  // namespace lied
