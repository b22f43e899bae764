#pragma once
#include "core/integrators/integrator.h"

namespace lied {

// First-order explicit Euler, fixed step: x += h·f(t, x).
class ExplicitEuler final : public Integrator {
public:
    const char* name() const override { return "euler"; }
    int order() const override { return 1; }
    void resize(std::size_t n, const std::vector<double>&) override { k_.setZero(static_cast<Eigen::Index>(n)); }
    StepStatus advance(OdeFunction& f, double t, double h, Eigen::Ref<Eigen::VectorXd> x) override {
        ++stats_.steps;
        ++stats_.rhs_calls;
        if (!f.derivatives(t, x.data(), k_.data())) return StepStatus::EvaluationFailed;
        x += h * k_;
        return StepStatus::Ok;
    }
    bool stability_function(std::complex<double> z, std::complex<double>& r) const override {
        r = 1.0 + z;
        return true;
    }

private:
    Eigen::VectorXd k_;
};

}  // namespace lied
