#pragma once
// Fixed-step linearly implicit (Rosenbrock-type) methods for stiff systems in real time: no Newton
// iteration, so the cost of a step is known in advance — a fixed number of evaluations of f, one coloured
// Jacobian every k steps (k = jacobian_interval) and one LU factorisation whenever J or h changed.
// After resize(), advance() allocates nothing (KLU excepted when its pivot order goes bad).
#include "core/solve/coloured_jacobian.h"
#include "core/integrators/integrator.h"
#include "core/solve/iteration_matrix.h"

namespace lied {

class LinearlyImplicitMethod : public Integrator {
public:
    bool uses_jacobian() const override { return true; }
    void set_jacobian_pattern(SparsityPattern p) override { pattern_ = std::move(p); }
    std::size_t jacobian_colours() const override { return jacobian_.colours(); }
    void resize(std::size_t n, const std::vector<double>& nominal) override;
    void reset() override { jacobian_age_ = -1; }
    // J and its age; the factorisation is made again from them (the same J and c give the same factors).
    void archive_history(StateArchive& archive) override {
        archive.value(jacobian_age_);
        archive.value(factored_c_);
        archive.values(values_.data(), values_.size());
        if (archive.restoring()) factored_ = false;
    }

protected:
    // Makes the factored iteration matrix I − c·J current at (t, x), given f0 = f(t, x): a new J when it is
    // k steps old (or after reset), a new LU when J or c changed. Counts both.
    StepStatus prepare(OdeFunction& f, double t, const double* x, const double* f0, double c);

    Eigen::VectorXd f0_, k1_, k2_, tmp_;
    IterationMatrix matrix_;

private:
    SparsityPattern pattern_;
    ColouredJacobian jacobian_;
    std::vector<double> values_;
    int jacobian_age_ = -1;          // steps since J was computed; −1: none valid
    double factored_c_ = 0.0;
    bool factored_ = false;
};

// Linearly implicit Euler: (I − hJ)·Δ = h·f(t, x), x ← x + Δ. First order, L-stable; one f per step.
class LinearlyImplicitEuler final : public LinearlyImplicitMethod {
public:
    const char* name() const override { return "linearly-implicit-euler"; }
    int order() const override { return 1; }
    StepStatus advance(OdeFunction& f, double t, double h, Eigen::Ref<Eigen::VectorXd> x) override;
    bool stability_function(std::complex<double> z, std::complex<double>& r) const override {
        r = 1.0 / (1.0 - z);
        return true;
    }
};

// ROS2 (Verwer, Spee, Blom, Hundsdorfer 1999), γ = 1 + 1/√2: second order for any matrix in place of J
// (a W-method, so a J that is k steps old keeps the order), L-stable; two f per step.
//   (I − γhJ)·k1 = f(t, x)
//   (I − γhJ)·k2 = f(t + h, x + h·k1) − 2·k1
//   x ← x + h·(3/2·k1 + 1/2·k2)
class Rosenbrock2 final : public LinearlyImplicitMethod {
public:
    const char* name() const override { return "ros2"; }
    int order() const override { return 2; }
    StepStatus advance(OdeFunction& f, double t, double h, Eigen::Ref<Eigen::VectorXd> x) override;
    bool stability_function(std::complex<double> z, std::complex<double>& r) const override;
};

}  // namespace lied
