#pragma once
#include "core/integrators/integrator.h"

namespace lied {

// Dormand–Prince 5(4) with embedded error estimate, FSAL and a standard step-size controller (Hairer,
// Nørsett, Wanner: Solving ODE I, II.4). advance() reaches t+h exactly; the step size carries over calls.
class DormandPrince final : public Integrator {
public:
    const char* name() const override { return "dopri5"; }
    int order() const override { return 5; }
    bool adaptive() const override { return true; }
    void resize(std::size_t n, const std::vector<double>& nominal) override;
    // After a discontinuity the old step size means nothing: start again from Hairer's initial estimate.
    void reset() override {
        have_k1_ = false;
        h_ = 0.0;
    }
    // On failure x is restored to its value at t, so that x and t stay consistent for the caller.
    StepStatus advance(OdeFunction& f, double t, double h, Eigen::Ref<Eigen::VectorXd> x) override;

    void archive_history(StateArchive& archive) override {
        archive.value(h_);
        archive.flag(have_k1_);
        archive.values(k1_.data(), static_cast<std::size_t>(k1_.size()));
        if (archive.restoring() && !(h_ >= 0.0 && h_ < std::numeric_limits<double>::infinity())) h_ = 0.0;   // estimated anew
    }

private:
    StepStatus advance_steps(OdeFunction& f, double t, double h, Eigen::Ref<Eigen::VectorXd> x);
    double initial_step(OdeFunction& f, double t, const Eigen::Ref<const Eigen::VectorXd>& x, double span);
    double error_norm(const Eigen::Ref<const Eigen::VectorXd>& x, const Eigen::VectorXd& x_new) const;

    Eigen::VectorXd k1_, k2_, k3_, k4_, k5_, k6_, k7_, tmp_, x_new_, err_, atol_, x_start_;
    double h_ = 0.0;
    bool have_k1_ = false;
};

}  // namespace lied
