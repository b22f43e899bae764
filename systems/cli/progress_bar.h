#pragma once
// A progress bar for long runs on a terminal: shown on stderr once a run has taken a second, redrawn at most ten
// times a second, with the simulated time and an estimate of the wall time left. Quiet when stderr is not a
// terminal (a log file, a pipe) or with --quiet.
#include <chrono>
#include <cstddef>
#include <iosfwd>
#include <string>

namespace lied::systems {

// "[##########----------]  50%  t = 30 s of 60 s, 2 s left"
std::string progress_line(double t, double t_end, double elapsed_seconds);
// "[##########----------]  50%  8 of 16 cases, 2 s left" (a sweep)
std::string cases_line(std::size_t done, std::size_t total, double elapsed_seconds);

class ProgressBar {
public:
    ProgressBar(bool enabled, std::ostream& to);
    void update(double t, double t_end);
    void update_cases(std::size_t done, std::size_t total);
    // Erases the bar if one was drawn.
    void finish();

private:
    bool due();   // shown after a second, redrawn at most every 0.1 s
    void draw(const std::string& line);
    bool enabled_;
    bool drawn_ = false;
    std::ostream& to_;
    std::chrono::steady_clock::time_point start_, last_draw_;
};

}  // namespace lied::systems
