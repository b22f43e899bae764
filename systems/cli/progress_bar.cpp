#include "systems/cli/progress_bar.h"

#include <algorithm>
#include <cmath>
#include <ostream>
#include <sstream>

namespace lied::systems {

namespace {
// The bar, the percentage and `what`, then the estimate of the wall time left.
std::string line(double fraction, const std::string& what, double elapsed) {
    constexpr int kWidth = 30;
    const int filled = static_cast<int>(fraction * kWidth);
    std::ostringstream s;
    s << '[' << std::string(static_cast<std::size_t>(filled), '#') << std::string(static_cast<std::size_t>(kWidth - filled), '-') << "] "
      << static_cast<int>(100 * fraction) << "%  " << what;
    if (fraction > 0.01 && fraction < 1) s << ", " << std::lround(elapsed * (1 - fraction) / fraction) << " s left";
    return s.str();
}
}  // namespace

std::string progress_line(double t, double t_end, double elapsed) {
    std::ostringstream what;
    what << "t = " << t << " s of " << t_end << " s";
    return line(t_end > 0 ? std::clamp(t / t_end, 0.0, 1.0) : 1.0, what.str(), elapsed);
}

std::string cases_line(std::size_t done, std::size_t total, double elapsed) {
    return line(total ? static_cast<double>(done) / static_cast<double>(total) : 1.0,
                std::to_string(done) + " of " + std::to_string(total) + " cases", elapsed);
}

ProgressBar::ProgressBar(bool enabled, std::ostream& to)
    : enabled_(enabled), to_(to), start_(std::chrono::steady_clock::now()), last_draw_(start_) {}

bool ProgressBar::due() {
    if (!enabled_) return false;
    const auto now = std::chrono::steady_clock::now();
    if (now - start_ < std::chrono::seconds(1) || (drawn_ && now - last_draw_ < std::chrono::milliseconds(100))) return false;
    last_draw_ = now;
    return true;
}

void ProgressBar::draw(const std::string& text) {
    drawn_ = true;
    // \r and the erase-line sequence: a shorter line never leaves the tail of a longer one.
    to_ << "\r\x1b[2K" << text << std::flush;
}

void ProgressBar::update(double t, double t_end) {
    if (due()) draw(progress_line(t, t_end, std::chrono::duration<double>(last_draw_ - start_).count()));
}

void ProgressBar::update_cases(std::size_t done, std::size_t total) {
    if (due()) draw(cases_line(done, total, std::chrono::duration<double>(last_draw_ - start_).count()));
}

void ProgressBar::finish() {
    if (drawn_) to_ << "\r\x1b[2K" << std::flush;   // the bar goes; the results follow on a clean line
    drawn_ = false;
}

}  // namespace lied::systems
