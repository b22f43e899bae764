#pragma once
// CVODE from SUNDIALS: variable-order, variable-step BDF (stiff) or Adams–Moulton (non-stiff), with error
// control on relative and nominal-scaled absolute tolerances and its own root finding for state events.
// BDF's Newton iteration uses the engine's coloured Jacobian, dense LU for few states and KLU for many.
// For offline runs: CVODE allocates while it initialises and re-initialises (after events).
#include "core/solve/coloured_jacobian.h"
#include "core/integrators/integrator.h"

#include <memory>

namespace lied {

class CvodeIntegrator final : public Integrator {
public:
    enum class Method { Bdf, Adams };
    explicit CvodeIntegrator(Method method);
    ~CvodeIntegrator() override;

    const char* name() const override { return method_ == Method::Bdf ? "cvode-bdf" : "cvode-adams"; }
    int order() const override { return 0; }
    bool adaptive() const override { return true; }
    bool uses_jacobian() const override { return method_ == Method::Bdf; }
    bool finds_roots() const override { return true; }
    void set_jacobian_pattern(SparsityPattern p) override { pattern_ = std::move(p); }
    std::size_t jacobian_colours() const override { return jacobian_.colours(); }
    void resize(std::size_t n, const std::vector<double>& nominal) override;
    void reset() override { initialised_ = false; }
    bool history_archivable() const override { return false; }   // CVODE's Nordsieck history stays in SUNDIALS
    // Saving or restoring a run's state: CVODE is made anew, so that the steps after a save and after a restore start
    // from the same fresh solver (a re-initialised one keeps some of its linear solver's history).
    void archive_history(StateArchive& archive) override;
    StepStatus advance(OdeFunction& f, double t, double h, Eigen::Ref<Eigen::VectorXd> x) override;
    bool interpolates_output() const override { return true; }
    double internal_step() const override;

private:
    struct Sundials;   // CVODE's memory, vectors, matrix and solvers, kept out of this header
    friend struct CvodeCallbacks;
    void start(double t, const Eigen::Ref<const Eigen::VectorXd>& x);
    void collect_stats();

    Method method_;
    std::unique_ptr<Sundials> s_;
    SparsityPattern pattern_;
    ColouredJacobian jacobian_;
    std::vector<double> nominal_, jacobian_values_, f0_;
    OdeFunction* f_ = nullptr;
    std::size_t n_ = 0;
    bool initialised_ = false;
    double t_now_ = 0.0;
    double stop_set_ = -1.0;
    long seen_steps_ = 0, seen_rhs_ = 0, seen_fails_ = 0, seen_setups_ = 0;
    char message_[512] = "";
};

}  // namespace lied
