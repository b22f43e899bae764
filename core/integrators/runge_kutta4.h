#pragma once
#include "core/integrators/integrator.h"

namespace lied {

// Classic fourth-order Runge–Kutta, fixed step.
class RungeKutta4 final : public Integrator {
public:
    const char* name() const override { return "rk4"; }
    int order() const override { return 4; }
    void resize(std::size_t n, const std::vector<double>&) override;
    StepStatus advance(OdeFunction& f, double t, double h, Eigen::Ref<Eigen::VectorXd> x) override;
    bool stability_function(std::complex<double> z, std::complex<double>& r) const override;

private:
    Eigen::VectorXd k1_, k2_, tmp_;   // k1_ becomes k1 + 2·k2 + 2·k3; k2_ holds the later slopes in turn
};

}  // namespace lied
