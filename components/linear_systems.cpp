#include "components/linear_systems.h"

#include "core/model/component_registry.h"
#include "core/model/meta.h"

#include <string>

namespace lied::components {

namespace {

std::string state_name(int k) { return "x[" + std::to_string(k) + "]"; }

// The states x[1..n] registered with their start values: x_start's, or 0 where it is empty. A steady start
// (Modelica's initType SteadyState) solves der(x) = 0 for all of them together, with the inputs where the run starts.
void declare_states(Meta& meta, std::deque<State>& x, int n, const ArrayParameter& x_start, bool steady) {
    static const double kSteady = 0.0;   // the rate every state starts at (the model keeps its address)
    while (static_cast<int>(x.size()) < n) x.emplace_back(0.0);
    for (int k = 1; k <= n; ++k) {
        State& s = x[static_cast<std::size_t>(k - 1)];
        s.start = x_start.empty() ? 0.0 : x_start[static_cast<std::size_t>(k - 1)];
        meta.state(s, state_name(k), 1.0, "");
        if (steady) meta.start_derivative(s, kSteady);
    }
}

// initType: InitialState (x = x_start, what Modelica's default NoInit gives) or SteadyState (der(x) = 0).
template <class Init>
bool declare_init(Meta& meta, Choice<Init>& initType) {
    static const ChoiceSpec kInitChoice{{"InitialState", "SteadyState"},
                                        "the start: x = x_start (InitialState) or der(x) = 0 with the inputs at the start (SteadyState)"};
    meta.choice(initType, "initType", kInitChoice);
    return initType == Init::SteadyState;
}

bool x_start_fits(Meta& meta, const ArrayParameter& x_start, int n) {
    const bool fits = x_start.empty() || static_cast<int>(x_start.size()) == n;
    meta.require(fits, [&] { return "x_start is " + x_start.shape_text() + ", expected " + std::to_string(n) + " (one per state) or none"; },
                 "x_start holds one start value per state, or none (all zero)");
    return fits;
}

}  // namespace

bool StateSpace::shapes_agree(Meta& meta) {
    const int n = static_cast<int>(A.rows());
    const bool square = n >= 1 && A.cols() == A.rows();
    meta.require(square, [&] { return "A is " + A.shape_text() + ", expected an n×n matrix (n states, n ≥ 1)"; }, "A is square");
    if (!square) return false;
    const bool bounded = n <= kMaxStates;
    meta.require(bounded, [&] { return "A has " + std::to_string(n) + " states, at most " + std::to_string(kMaxStates) + " are allowed"; },
                 "a state space has at most 500 states (each element of A is a named parameter)");
    if (!bounded) return false;
    const std::string a_shape = " (A is " + A.shape_text() + ")";
    const bool b_fits = B.empty() || static_cast<int>(B.rows()) == n;
    meta.require(b_fits, [&] { return "B is " + B.shape_text() + ", expected " + std::to_string(n) + " rows, one per state" + a_shape; },
                 "B is n×m (m inputs), or empty for none");
    const int m = B.empty() ? 0 : static_cast<int>(B.cols());
    const bool c_fits = C.empty() || static_cast<int>(C.cols()) == n;
    meta.require(c_fits, [&] { return "C is " + C.shape_text() + ", expected " + std::to_string(n) + " columns, one per state" + a_shape; },
                 "C is p×n (p outputs), or empty for y = x");
    const int p = C.empty() ? n : static_cast<int>(C.rows());
    const bool d_fits = D.empty() || (static_cast<int>(D.rows()) == p && static_cast<int>(D.cols()) == m);
    meta.require(d_fits, [&] {
        return "D is " + D.shape_text() + ", expected " + std::to_string(p) + "x" + std::to_string(m) + " (p outputs from C, m inputs from B)";
    }, "D is p×m, or empty for no feedthrough");
    if (!b_fits || !c_fits || !d_fits || !x_start_fits(meta, x_start, n)) return false;
    n_ = n;
    m_ = m;
    p_ = p;
    return true;
}

void StateSpace::metainfo(Meta& meta) {
    meta.balance_neutral();   // a signal block: it holds and exchanges no mass or energy
    meta.parameter(A, "A", ArraySpec::matrix(ParameterSpec::any("", "state matrix: der(x) = A·x + B·u (n×n for n states)")));
    meta.parameter(B, "B", ArraySpec::matrix(ParameterSpec::any("", "input matrix (n×m for m inputs u[1..m]); empty: no inputs")));
    meta.parameter(C, "C", ArraySpec::matrix(ParameterSpec::any("", "output matrix: y = C·x + D·u (p×n for p outputs y[1..p]); empty: y = x")));
    // Read at build: whether D is zero decides whether the outputs read the inputs (an algebraic path or none).
    meta.parameter(D, "D", ArraySpec::matrix(ParameterSpec::any("", "feedthrough matrix (p×m); empty: none").read_at_build()));
    meta.parameter(x_start, "x_start", ArraySpec::vector(ParameterSpec::any("", "initial states (n); empty: all zero").read_at_build()));
    const bool steady = declare_init(meta, initType);
    if (!shapes_agree(meta)) {
        n_ = m_ = p_ = 0;
        return;
    }
    declare_states(meta, x_, n_, x_start, steady);
    u.declare(meta, "u", m_);
    y.declare(meta, "y", p_);
    x_now_.assign(static_cast<std::size_t>(n_), 0.0);
    u_now_.assign(static_cast<std::size_t>(m_), 0.0);
    feedthrough_ = false;
    for (double d : D.values()) feedthrough_ |= d != 0.0;

    derivative_lists_.reset();
    output_lists_.reset();
    for (int k = 0; k < n_; ++k) {
        State& s = x_[static_cast<std::size_t>(k)];
        derivative_lists_.reads.push_back(&s.value);
        derivative_lists_.writes.push_back(&s.der);
        output_lists_.reads.push_back(&s.value);
    }
    for (int k = 1; k <= m_; ++k) {
        derivative_lists_.reads.push_back(&u[k]);
        if (feedthrough_) output_lists_.reads.push_back(&u[k]);
    }
    for (int k = 1; k <= p_; ++k) {
        output_lists_.writes.push_back(&y[k]);
        meta.variable(y[k].value(), "y[" + std::to_string(k) + "]", "");   // recordable by name
    }
    meta.block<&StateSpace::derivatives>(this, "derivatives", derivative_lists_.reads, derivative_lists_.writes);
    meta.block<&StateSpace::outputs>(this, "outputs", output_lists_.reads, output_lists_.writes);
}

void StateSpace::gather() {
    for (int k = 0; k < n_; ++k) x_now_[static_cast<std::size_t>(k)] = x_[static_cast<std::size_t>(k)].value.value();
    for (int k = 0; k < m_; ++k) u_now_[static_cast<std::size_t>(k)] = u[k + 1].value();
}

void StateSpace::derivatives() {
    gather();
    const double* a = A.data();
    const double* b = B.data();
    for (int i = 0; i < n_; ++i) {
        double rate = 0.0;
        for (int j = 0; j < n_; ++j) rate += a[i * n_ + j] * x_now_[static_cast<std::size_t>(j)];
        for (int k = 0; k < m_; ++k) rate += b[i * m_ + k] * u_now_[static_cast<std::size_t>(k)];
        x_[static_cast<std::size_t>(i)].der.value() = rate;
    }
}

void StateSpace::outputs() {
    gather();
    const double* c = C.data();
    const double* d = D.data();
    for (int i = 0; i < p_; ++i) {
        double out = 0.0;
        if (C.empty()) out = x_now_[static_cast<std::size_t>(i)];
        else
            for (int j = 0; j < n_; ++j) out += c[i * n_ + j] * x_now_[static_cast<std::size_t>(j)];
        if (feedthrough_)
            for (int k = 0; k < m_; ++k) out += d[i * m_ + k] * u_now_[static_cast<std::size_t>(k)];
        y[i + 1].value() = out;
    }
}

void TransferFunction::metainfo(Meta& meta) {
    meta.balance_neutral();
    meta.signal(u, "u");
    meta.signal(y, "y");
    // Read at build: the denominator's length is the number of states, and b[1]'s weight decides the feedthrough.
    meta.parameter(b, "b", ArraySpec::vector(ParameterSpec::any("", "numerator coefficients b[1]·s^(nb−1) + … + b[nb]").read_at_build()));
    meta.parameter(a, "a", ArraySpec::vector(ParameterSpec::any("", "denominator coefficients a[1]·s^(na−1) + … + a[na]").read_at_build()));
    meta.parameter(x_start, "x_start", ArraySpec::vector(ParameterSpec::any("", "initial states (na − 1); empty: all zero").read_at_build()));
    const bool steady = declare_init(meta, initType);
    const int na = static_cast<int>(a.size()), nb = static_cast<int>(b.size());
    const bool leading = na >= 1 && a[0] != 0.0;
    meta.require(leading, [&] { return na == 0 ? std::string("a is empty") : "a[1] = 0"; }, "the denominator's leading coefficient a[1] is not zero");
    const bool proper = nb >= 1 && nb <= na;
    meta.require(proper, [&] { return "b has " + std::to_string(nb) + " coefficients, a has " + std::to_string(na); },
                 "the transfer function is proper: 1 ≤ nb ≤ na");
    const bool bounded = na - 1 <= kMaxOrder;
    meta.require(bounded, [&] { return "a has " + std::to_string(na) + " coefficients"; }, "at most 500 states (na ≤ 501)");
    n_ = 0;
    if (!leading || !proper || !bounded || !x_start_fits(meta, x_start, na - 1)) {
        d_ = 0.0;
        meta.block<&TransferFunction::output>(this, "output", {}, {&y});
        return;
    }
    n_ = na - 1;
    // Divided by a[1], b padded in front to na coefficients: ŝ^n + â[2]·s^(n−1) + … and b̂[1]·s^n + … .
    const int pad = na - nb;
    auto b_hat = [&](int k) { return k < pad ? 0.0 : b[static_cast<std::size_t>(k - pad)] / a[0]; };
    d_ = b_hat(0);
    a_scaled_.assign(static_cast<std::size_t>(n_), 0.0);
    c_.assign(static_cast<std::size_t>(n_), 0.0);
    for (int k = 1; k <= n_; ++k) {
        a_scaled_[static_cast<std::size_t>(k - 1)] = a[static_cast<std::size_t>(k)] / a[0];
        c_[static_cast<std::size_t>(k - 1)] = b_hat(k) - d_ * a_scaled_[static_cast<std::size_t>(k - 1)];
    }
    declare_states(meta, x_, n_, x_start, steady);
    derivative_lists_.reset({&u});
    output_lists_.reset({}, {&y});
    if (d_ != 0.0) output_lists_.reads.push_back(&u);
    for (int k = 0; k < n_; ++k) {
        State& s = x_[static_cast<std::size_t>(k)];
        derivative_lists_.reads.push_back(&s.value);
        derivative_lists_.writes.push_back(&s.der);
        output_lists_.reads.push_back(&s.value);
    }
    if (n_ > 0) meta.block<&TransferFunction::derivatives>(this, "derivatives", derivative_lists_.reads, derivative_lists_.writes);
    meta.block<&TransferFunction::output>(this, "output", output_lists_.reads, output_lists_.writes);
    meta.variable(y.value(), "y", "");
}

void TransferFunction::derivatives() {
    double top = u.value();
    for (int k = 0; k < n_; ++k) top -= a_scaled_[static_cast<std::size_t>(k)] * x_[static_cast<std::size_t>(k)].value.value();
    // x[1] is the highest derivative of w kept; each later state is the integral of the one before.
    for (int k = n_ - 1; k >= 1; --k) x_[static_cast<std::size_t>(k)].der.value() = x_[static_cast<std::size_t>(k - 1)].value.value();
    x_[0].der.value() = top;
}

void TransferFunction::output() {
    double out = d_ == 0.0 ? 0.0 : d_ * u.value();
    for (int k = 0; k < n_; ++k) out += c_[static_cast<std::size_t>(k)] * x_[static_cast<std::size_t>(k)].value.value();
    y.value() = out;
}

LIED_REGISTER_COMPONENT(StateSpace, "signal block: der(x) = A·x + B·u, y = C·x + D·u, its size set by the matrices at runtime");
LIED_REGISTER_COMPONENT(TransferFunction, "signal block: y = b(s)/a(s)·u, its order set by the coefficients at runtime");

}  // namespace lied::components
