#include "systems/cli/progress_bar.h"

#include <algorithm>
#include <cmath>
#include <ostream>
#include <sstream>

namespace lied::systems {

std::string progress_line(double t, double t_end, double elapsed) {
    const double fraction = t_end > 0 ? std::clamp(t / t_end, 0.0, 1.0) : 1.0;
    constexpr int kWidth = 30;
    const int filled = static_cast<int>(fraction * kWidth);
    std::ostringstream s;
    s << '[' << std::string(static_cast<std::size_t>(filled), '#') << std::string(static_cast<std::size_t>(kWidth - filled), '-') << "] "
      << static_cast<int>(100 * fraction) << "%  t = " << t << " s of " << t_end << " s";
    if (fraction > 0.01 && fraction < 1) s << ", " << std::lround(elapsed * (1 - fraction) / fraction) << " s left";
    return s.str();
}

ProgressBar::ProgressBar(bool enabled, std::ostream& to)
    : enabled_(enabled), to_(to), start_(std::chrono::steady_clock::now()), last_draw_(start_) {}

void ProgressBar::update(double t, double t_end) {
    if (!enabled_) return;
    const auto now = std::chrono::steady_clock::now();
    if (now - start_ < std::chrono::seconds(1) || (drawn_ && now - last_draw_ < std::chrono::milliseconds(100))) return;
    last_draw_ = now;
    drawn_ = true;
    // \r and the erase-line sequence: a shorter line never leaves the tail of a longer one.
    to_ << "\r\x1b[2K" << progress_line(t, t_end, std::chrono::duration<double>(now - start_).count()) << std::flush;
}

void ProgressBar::finish() {
    if (drawn_) to_ << '\n' << std::flush;
    drawn_ = false;
}

}  // namespace lied::systems
