#include "thermofluid/media/helmholtz/isobar_starts.h"

#include <algorithm>
#include <cmath>

namespace lied::thermofluid::helmholtz {
namespace {
// 24 isobars and 160 temperatures: starts within a few tenths of a kelvin off the pseudo-critical line, a few
// hundredths elsewhere, for 3840 density solves at construction (about 10 ms for CO2).
constexpr std::size_t kRows = 24, kColumns = 160;
}  // namespace

IsobarStarts::IsobarStarts(const HelmholtzEos& eos) : columns_(kColumns) {
    const FluidData& d = eos.data();
    ln_p_first_ = std::log(eos.p_critical());
    ln_p_step_ = (std::log(d.p_max) - ln_p_first_) / (kRows - 1);
    const double ln_T_first = std::log(d.T_triple), ln_T_step = (std::log(d.T_max) - ln_T_first) / (kColumns - 1);
    grid_.reserve(kRows * kColumns);
    for (std::size_t i = 0; i < kRows; ++i) {
        const double p = std::exp(ln_p_first_ + ln_p_step_ * i);
        double rho = eos.rho_max();
        for (std::size_t j = 0; j < kColumns; ++j) {
            const double T = std::exp(ln_T_first + ln_T_step * j);
            rho = eos.density(p, T, HelmholtzEos::Branch::liquid, rho);
            grid_.push_back({std::isfinite(rho) ? eos.at(rho, T).h : std::nan(""), T, rho});
        }
    }
}

bool IsobarStarts::on_isobar(std::size_t row, double h, double& T, double& rho) const {
    const Point* first = grid_.data() + row * columns_;
    const Point* last = first + columns_;
    if (!(h >= first->h && h <= (last - 1)->h)) return false;
    const Point* b = std::lower_bound(first, last, h, [](const Point& q, double v) { return q.h < v; });
    if (b == first) b = first + 1;
    const Point* a = b - 1;
    const double w = (h - a->h) / (b->h - a->h);
    T = a->T + w * (b->T - a->T);
    rho = a->rho + w * (b->rho - a->rho);
    return true;
}

bool IsobarStarts::start(double p, double h, double& T, double& rho) const {
    if (grid_.empty()) return false;
    const double x = std::clamp((std::log(p) - ln_p_first_) / ln_p_step_, 0.0, static_cast<double>(kRows - 1));
    const std::size_t row = std::min(static_cast<std::size_t>(x), kRows - 2);
    double T0, rho0, T1, rho1;
    if (!on_isobar(row, h, T0, rho0) || !on_isobar(row + 1, h, T1, rho1)) return false;
    const double w = x - row;
    T = T0 + w * (T1 - T0);
    rho = rho0 + w * (rho1 - rho0);
    return true;
}

}  // namespace lied::thermofluid::helmholtz
