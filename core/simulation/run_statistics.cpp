#include "core/simulation/run_statistics.h"

#include <sstream>

namespace lied {

std::string RunStatistics::text() const {
    std::ostringstream s;
    s << "solver " << solver << ": " << steps << " steps, " << rejected_steps << " rejected, " << solver_evaluations
      << " evaluations by the solver (" << model_evaluations << " of the model in all)";
    if (jacobians > 0 || jacobian_colours > 0)
        s << ", " << jacobians << " Jacobians (" << jacobian_colours << " evaluations each), " << factorizations << " LU factorisations";
    if (step_checks > 0)
        s << "\nstep error: " << step_checks << " steps checked, " << steps_too_large << " too large, " << large_errors_absorbed
          << " large errors absorbed; largest local estimate: " << worst_error_text;
    for (auto& line : balance_lines) s << "\nbalance " << line;
    s << "\nevents: " << total_events();
    for (auto& [name, count] : events) s << "\n  " << name << ": " << count;
    return s.str();
}

}  // namespace lied
