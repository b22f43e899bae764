#pragma once
#include "core/integrator.h"

namespace lied {

// Classic fourth-order Runge–Kutta, fixed step.
class RungeKutta4 final : public Integrator {
public:
    const char* name() const override { return "rk4"; }
    void resize(std::size_t n, const std::vector<double>&) override;
    StepStatus advance(OdeFunction& f, double t, double h, Eigen::Ref<Eigen::VectorXd> x) override;
    bool stability_function(std::complex<double> z, std::complex<double>& r) const override;

private:
    Eigen::VectorXd k1_, k2_, k3_, k4_, tmp_;
};

}  // namespace lied
