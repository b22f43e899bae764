#include "core/simulation/run_statistics.h"

#include <sstream>

namespace lied {

std::string RunStatistics::text() const {
    std::ostringstream s;
    s << "solver " << solver << ": " << steps << " steps, " << rejected_steps << " rejected, " << solver_evaluations
      << " evaluations by the solver (" << model_evaluations << " of the model in all)";
    if (jacobians > 0 || jacobian_colours > 0)
        s << ", " << jacobians << " Jacobians (" << jacobian_colours << " evaluations each), " << factorizations << " LU factorisations";
    s << "\nevents: " << total_events();
    for (auto& [name, count] : events) s << "\n  " << name << ": " << count;
    return s.str();
}

}  // namespace lied
