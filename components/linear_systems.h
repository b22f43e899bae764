#pragma once
// Linear time-invariant blocks whose size is a parameter (Modelica.Blocks.Continuous.StateSpace and TransferFunction):
// the number of states follows the matrices or coefficients given at runtime, and a new shape rebuilds the
// structure with the states carried over by name. Nothing is compiled for a new size.
#include "core/model/array_parameter.h"
#include "core/model/block_lists.h"
#include "core/model/choice.h"
#include "core/model/component.h"
#include "core/model/signal.h"
#include "core/model/signal_array.h"
#include "core/model/state.h"

#include <deque>
#include <vector>

namespace lied::components {

// der(x) = A·x + B·u, y = C·x + D·u, with n states x[1..n], m inputs u[1..m] and p outputs y[1..p] from the shapes
// of A (n×n), B (n×m), C (p×n) and D (p×m). An empty B means no inputs, an empty C outputs the states (y = x), an
// empty D no feedthrough; x_start, if given, holds n numbers. Shapes that do not agree are refused at build with both
// shapes named.
class StateSpace final : public Component {
public:
    static constexpr int kMaxStates = 500;   // every element is a named parameter: n² of them

    ArrayParameter A = ArrayParameter::matrix({{-1.0}});
    ArrayParameter B = ArrayParameter::matrix({{1.0}});
    ArrayParameter C = ArrayParameter::matrix(0, 0, {});
    ArrayParameter D = ArrayParameter::matrix(0, 0, {});
    ArrayParameter x_start;
    enum class Init { InitialState, SteadyState };   // the options' order
    Choice<Init> initType{Init::InitialState};       // SteadyState: der(x) = 0 where the run starts
    SignalArray<In<double>> u;
    SignalArray<Out<double>> y;

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "StateSpace"; }
    int states() const { return n_; }

private:
    void derivatives();
    void outputs();
    bool shapes_agree(Meta& meta);
    void gather();   // the states and inputs into x_now_ and u_now_
    std::deque<State> x_;   // grow-only: registered addresses stay valid
    std::vector<double> x_now_, u_now_;
    BlockLists derivative_lists_, output_lists_;   // refilled at every crawl
    int n_ = 0, m_ = 0, p_ = 0;
    bool feedthrough_ = false;
};

// y = b(s)/a(s)·u with b(s) = b[1]·s^(nb−1) + … + b[nb] and a(s) = a[1]·s^(na−1) + … + a[na] (Modelica's
// TransferFunction), proper (nb ≤ na), a[1] ≠ 0. Realised in controllable canonical form with na − 1 states:
// x[na−1] = w and x[1] its (na−2)-th derivative, where â(s)·w = u with â = a/a[1], and y = b̂(s)·w with b̂ = b/a[1].
// x_start is in these coordinates. Modelica scales its states differently (by a[na]), so a start taken from a
// Modelica model needs converting.
class TransferFunction final : public Component {
public:
    static constexpr int kMaxOrder = 500;

    In<double> u;
    Out<double> y;
    ArrayParameter b = ArrayParameter::vector({1.0});
    ArrayParameter a = ArrayParameter::vector({1.0, 1.0});
    ArrayParameter x_start;
    enum class Init { InitialState, SteadyState };   // the options' order
    Choice<Init> initType{Init::InitialState};       // SteadyState: der(x) = 0 where the run starts (y = its DC gain·u)

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "TransferFunction"; }

private:
    void derivatives();
    void output();
    std::deque<State> x_;
    BlockLists derivative_lists_, output_lists_;
    std::vector<double> a_scaled_;   // a[k+1]/a[1], k = 1 … n
    std::vector<double> c_;          // the output's weights of x[k]: b̂[k+1] − b̂[1]·â[k+1]
    double d_ = 0.0;                 // b̂[1]: the feedthrough
    int n_ = 0;
};

}  // namespace lied::components
