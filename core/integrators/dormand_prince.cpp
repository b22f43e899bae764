#include "core/integrators/dormand_prince.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace lied {
namespace {
// Butcher tableau of DOPRI5(4).
constexpr double c2 = 1.0 / 5, c3 = 3.0 / 10, c4 = 4.0 / 5, c5 = 8.0 / 9;
constexpr double a21 = 1.0 / 5;
constexpr double a31 = 3.0 / 40, a32 = 9.0 / 40;
constexpr double a41 = 44.0 / 45, a42 = -56.0 / 15, a43 = 32.0 / 9;
constexpr double a51 = 19372.0 / 6561, a52 = -25360.0 / 2187, a53 = 64448.0 / 6561, a54 = -212.0 / 729;
constexpr double a61 = 9017.0 / 3168, a62 = -355.0 / 33, a63 = 46732.0 / 5247, a64 = 49.0 / 176, a65 = -5103.0 / 18656;
constexpr double a71 = 35.0 / 384, a73 = 500.0 / 1113, a74 = 125.0 / 192, a75 = -2187.0 / 6784, a76 = 11.0 / 84;
// Difference of the fifth- and fourth-order weights: the local error estimate.
constexpr double e1 = 71.0 / 57600, e3 = -71.0 / 16695, e4 = 71.0 / 1920, e5 = -17253.0 / 339200, e6 = 22.0 / 525,
                 e7 = -1.0 / 40;
}  // namespace

void DormandPrince::resize(std::size_t n, const std::vector<double>& nominal) {
    const auto m = static_cast<Eigen::Index>(n);
    for (auto* v : {&k1_, &k2_, &k3_, &k4_, &k5_, &k6_, &k7_, &tmp_, &x_new_, &err_, &atol_, &x_start_}) v->setZero(m);
    for (Eigen::Index i = 0; i < m; ++i)
        atol_[i] = tolerances_.absolute * (static_cast<std::size_t>(i) < nominal.size() ? std::abs(nominal[static_cast<std::size_t>(i)]) : 1.0);
    h_ = 0.0;
    have_k1_ = false;
}

double DormandPrince::error_norm(const Eigen::Ref<const Eigen::VectorXd>& x, const Eigen::VectorXd& x_new) const {
    double sum = 0.0;
    for (Eigen::Index i = 0; i < x.size(); ++i) {
        const double sc = atol_[i] + tolerances_.relative * std::max(std::abs(x[i]), std::abs(x_new[i]));
        const double e = err_[i] / sc;
        sum += e * e;
    }
    return x.size() ? std::sqrt(sum / static_cast<double>(x.size())) : 0.0;
}

// Hairer's starting step: from the sizes of x and f(x), refined by one explicit Euler probe.
double DormandPrince::initial_step(OdeFunction& f, double t, const Eigen::Ref<const Eigen::VectorXd>& x, double span) {
    double d0 = 0, d1 = 0;
    for (Eigen::Index i = 0; i < x.size(); ++i) {
        const double sc = atol_[i] + tolerances_.relative * std::abs(x[i]);
        d0 += (x[i] / sc) * (x[i] / sc);
        d1 += (k1_[i] / sc) * (k1_[i] / sc);
    }
    const double n = std::max<double>(1.0, static_cast<double>(x.size()));
    d0 = std::sqrt(d0 / n);
    d1 = std::sqrt(d1 / n);
    double h0 = (d0 < 1e-5 || d1 < 1e-5) ? 1e-6 : 0.01 * d0 / d1;
    h0 = std::min(h0, span);
    tmp_ = x + h0 * k1_;
    f.derivatives(t + h0, tmp_.data(), k2_.data());
    ++stats_.rhs_calls;
    double d2 = 0;
    for (Eigen::Index i = 0; i < x.size(); ++i) {
        const double sc = atol_[i] + tolerances_.relative * std::abs(x[i]);
        const double v = (k2_[i] - k1_[i]) / sc;
        d2 += v * v;
    }
    d2 = std::sqrt(d2 / n) / h0;
    const double h1 = std::max(d1, d2) <= 1e-15 ? std::max(1e-6, h0 * 1e-3) : std::pow(0.01 / std::max(d1, d2), 1.0 / 5);
    return std::min({100 * h0, h1, span});
}

StepStatus DormandPrince::advance(OdeFunction& f, double t, double span, Eigen::Ref<Eigen::VectorXd> x) {
    x_start_ = x;
    advanced_ = 0.0;
    const StepStatus status = advance_steps(f, t, span, x);
    if (status != StepStatus::Ok) {
        x = x_start_;
        have_k1_ = false;
    }
    return status;
}

StepStatus DormandPrince::advance_steps(OdeFunction& f, double t, double span, Eigen::Ref<Eigen::VectorXd> x) {
    const double t_end = t + span;
    if (!have_k1_) {
        ++stats_.rhs_calls;
        if (!f.derivatives(t, x.data(), k1_.data())) return StepStatus::EvaluationFailed;
        have_k1_ = true;
    }
    if (h_ <= 0.0) h_ = initial_step(f, t, x, span);
    if (tolerances_.max_step > 0) h_ = std::min(h_, tolerances_.max_step);
    const double t_start = t;

    bool stage_failed = false;   // the last rejection was a stage that could not be evaluated
    // Terminates: every pass either advances t or shrinks h, and h below 1e-14·t is an error.
    while (t < t_end) {
        const bool last = h_ >= t_end - t;
        const double h = last ? t_end - t : h_;
        // A final step shorter than this (to an event at 1e-15 s) is taken as it is: it was not shrunk by rejections.
        if (h <= 1e-14 * std::max(1.0, std::abs(t)) && !(last && !stage_failed))
            return stage_failed ? StepStatus::EvaluationFailed : StepStatus::StepSizeTooSmall;

        bool ok = true;
        tmp_ = x + h * a21 * k1_;
        ok &= f.derivatives(t + c2 * h, tmp_.data(), k2_.data());
        tmp_ = x + h * (a31 * k1_ + a32 * k2_);
        ok &= f.derivatives(t + c3 * h, tmp_.data(), k3_.data());
        tmp_ = x + h * (a41 * k1_ + a42 * k2_ + a43 * k3_);
        ok &= f.derivatives(t + c4 * h, tmp_.data(), k4_.data());
        tmp_ = x + h * (a51 * k1_ + a52 * k2_ + a53 * k3_ + a54 * k4_);
        ok &= f.derivatives(t + c5 * h, tmp_.data(), k5_.data());
        tmp_ = x + h * (a61 * k1_ + a62 * k2_ + a63 * k3_ + a64 * k4_ + a65 * k5_);
        ok &= f.derivatives(t + h, tmp_.data(), k6_.data());
        x_new_ = x + h * (a71 * k1_ + a73 * k3_ + a74 * k4_ + a75 * k5_ + a76 * k6_);
        ok &= f.derivatives(t + h, x_new_.data(), k7_.data());
        stats_.rhs_calls += 6;
        err_ = h * (e1 * k1_ + e3 * k3_ + e4 * k4_ + e5 * k5_ + e6 * k6_ + e7 * k7_);
        const double err = ok ? error_norm(x, x_new_) : std::numeric_limits<double>::infinity();
        if (!std::isfinite(err)) {  // a stage left the domain (non-finite or not evaluable): retry much smaller
            stage_failed = !ok;
            h_ = 0.1 * h;
            ++stats_.rejected;
            continue;
        }
        stage_failed = false;
        const double factor = std::clamp(0.9 * std::pow(std::max(err, 1e-10), -0.2), 0.2, 5.0);
        if (err <= 1.0) {
            ++stats_.steps;
            t = last ? t_end : t + h;
            x = x_new_;
            k1_.swap(k7_);  // first same as last
            // A shortened final step says nothing about the natural step size: keep the larger one.
            h_ = last ? std::max(h_, h * factor) : h * factor;
            if (tolerances_.max_step > 0) h_ = std::min(h_, tolerances_.max_step);
            advanced_ = last ? span : t - t_start;
            if (last || single_step_) break;
        } else {
            ++stats_.rejected;
            h_ = h * std::min(1.0, factor);
        }
    }
    return StepStatus::Ok;
}

}  // namespace lied
