#include "core/simulation/start_assembly.h"

#include "core/model/build_error.h"

#include <Eigen/QR>

#include <algorithm>
#include <cmath>
#include <sstream>

namespace lied {

namespace {

using Level = AssemblyConditionInfo::Level;

// Conditions met to this (in their units: metres, radians, m/s): far below any closure's compliance, well above
// what the finite-difference Jacobian resolves.
constexpr double kTolerance = 1e-11;
constexpr int kMaxIterations = 200;
// The largest change of a position state per Gauss–Newton step, in units of its nominal value (0.1 rad for a joint).
constexpr double kMaxPositionStep = 0.1;

struct Conditions {
    std::vector<int> index;   // into model.assembly_conditions
    Eigen::VectorXd values;
};

Conditions of_level(const Model& model, Level level) {
    Conditions c;
    for (std::size_t i = 0; i < model.assembly_conditions.size(); ++i)
        if (model.assembly_conditions[i].level == level) c.index.push_back(static_cast<int>(i));
    c.values.setZero(static_cast<Eigen::Index>(c.index.size()));
    return c;
}

bool read(const Model& model, Evaluator& evaluator, double t, const Eigen::VectorXd& x, Conditions& c) {
    if (!evaluator.evaluate(t, x.data())) return false;
    for (std::size_t k = 0; k < c.index.size(); ++k) c.values[static_cast<Eigen::Index>(k)] = *model.assembly_conditions[static_cast<std::size_t>(c.index[k])].value;
    return c.values.allFinite();
}

double step_of(const Eigen::VectorXd& x, const std::vector<double>& nominal, Eigen::Index j) {
    return 1e-7 * std::max(nominal[static_cast<std::size_t>(j)], std::abs(x[j]));
}

// ∂c/∂(x/nominal) by forward differences, over the states in `free` (the other columns stay 0).
bool jacobian(const Model& model, Evaluator& evaluator, double t, const Eigen::VectorXd& x, const std::vector<double>& nominal,
              const std::vector<char>& free, Conditions& c, Eigen::MatrixXd& J) {
    const Eigen::VectorXd c0 = c.values;
    J.setZero(c0.size(), x.size());
    Eigen::VectorXd probe = x;
    for (Eigen::Index j = 0; j < x.size(); ++j) {
        if (!free[static_cast<std::size_t>(j)]) continue;
        const double h = step_of(x, nominal, j);
        probe[j] = x[j] + h;
        const bool ok = read(model, evaluator, t, probe, c);
        probe[j] = x[j];
        if (!ok) return false;
        J.col(j) = (c.values - c0) * (nominal[static_cast<std::size_t>(j)] / h);
    }
    c.values = c0;
    return true;
}

[[noreturn]] void refuse(const Model& model, const Conditions& c, const char* what) {
    Eigen::Index worst = 0;
    c.values.cwiseAbs().maxCoeff(&worst);
    const AssemblyConditionInfo& info = model.assembly_conditions[static_cast<std::size_t>(c.index[static_cast<std::size_t>(worst)])];
    std::ostringstream s;
    s << model.components[static_cast<std::size_t>(info.component)].path << "." << info.name << ": the start cannot be made consistent, "
      << info.name << " stays at " << c.values[worst] << " " << info.unit << " (" << what << ")";
    const std::string rule = "every kinematic loop can close: its joints reach a configuration where the cut frames meet, and the start "
                             "positions are near one (set the joints' start positions closer, or check the lengths)";
    throw BuildError(s.str() + " (rule: " + rule + ")", rule);
}

// Gauss–Newton with the minimum-norm step in scaled states; returns the iterations taken. A step is cut to
// `max_step` (in nominal units) so that the configuration moves continuously from the guess to the nearest
// consistent one instead of jumping to another branch of the loop (the crank's other side). The conditions not met
// when the Gauss–Newton step itself has shrunk to nothing are a least-squares point: no configuration meets them.
int solve(const Model& model, Evaluator& evaluator, double t, Eigen::VectorXd& x, const std::vector<double>& nominal,
          const std::vector<char>& free, Conditions& c, double max_step) {
    Eigen::MatrixXd J;
    for (int iteration = 1; iteration <= kMaxIterations; ++iteration) {
        if (!jacobian(model, evaluator, t, x, nominal, free, c, J)) refuse(model, c, "the model cannot be evaluated near it");
        Eigen::VectorXd dy = J.completeOrthogonalDecomposition().solve(-c.values);
        const double size = dy.cwiseAbs().maxCoeff();
        if (!(size > 1e-12)) break;
        if (size > max_step) dy *= max_step / size;
        for (Eigen::Index j = 0; j < x.size(); ++j) x[j] += dy[j] * nominal[static_cast<std::size_t>(j)];
        if (!read(model, evaluator, t, x, c)) refuse(model, c, "the model cannot be evaluated there");
        if (c.values.cwiseAbs().maxCoeff() <= kTolerance) return iteration;
    }
    refuse(model, c, "the least-squares configuration");
}

}  // namespace

AssemblyOutcome assemble_start(const Model& model, Evaluator& evaluator, double t, Eigen::VectorXd& x, const std::vector<double>& nominal) {
    AssemblyOutcome outcome;
    if (model.assembly_conditions.empty()) return outcome;
    const Eigen::VectorXd start = x;
    Conditions positions = of_level(model, Level::Position), velocities = of_level(model, Level::Velocity);
    if (!read(model, evaluator, t, x, positions) || !read(model, evaluator, t, x, velocities)) return outcome;
    std::vector<char> free(static_cast<std::size_t>(x.size()), 1);
    if (!positions.index.empty()) {
        // Which states the positions depend on: the velocity stage must leave them where the first stage put them.
        Eigen::MatrixXd J;
        if (!jacobian(model, evaluator, t, x, nominal, free, positions, J)) return outcome;
        std::vector<char> velocity_free(free.size(), 0);
        for (Eigen::Index j = 0; j < x.size(); ++j) velocity_free[static_cast<std::size_t>(j)] = J.col(j).cwiseAbs().maxCoeff() == 0.0;
        if (positions.values.cwiseAbs().maxCoeff() > kTolerance) outcome.iterations += solve(model, evaluator, t, x, nominal, free, positions, kMaxPositionStep);
        free = velocity_free;
        if (!read(model, evaluator, t, x, velocities)) return outcome;
    }
    if (!velocities.index.empty() && velocities.values.cwiseAbs().maxCoeff() > kTolerance)
        outcome.iterations += solve(model, evaluator, t, x, nominal, free, velocities, INFINITY);   // linear in the velocities
    for (Eigen::Index j = 0; j < x.size(); ++j) {
        const double change = std::abs(x[j] - start[j]);
        if (change == 0.0) continue;
        outcome.needed = true;
        const double relative = change / nominal[static_cast<std::size_t>(j)];
        if (outcome.largest_state < 0 || relative > outcome.largest_change / nominal[static_cast<std::size_t>(outcome.largest_state)]) {
            outcome.largest_state = static_cast<int>(j);
            outcome.largest_change = change;
        }
    }
    evaluator.evaluate(t, x.data());
    return outcome;
}

}  // namespace lied
