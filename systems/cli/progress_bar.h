#pragma once
// A progress bar for long runs on a terminal: shown on stderr once a run has taken a second, redrawn at most ten
// times a second, with the simulated time and an estimate of the wall time left. Quiet when stderr is not a
// terminal (a log file, a pipe) or with --quiet.
#include <chrono>
#include <iosfwd>
#include <string>

namespace lied::systems {

// "[##########----------]  50%  t = 30 s of 60 s, 2 s left"
std::string progress_line(double t, double t_end, double elapsed_seconds);

class ProgressBar {
public:
    ProgressBar(bool enabled, std::ostream& to);
    void update(double t, double t_end);
    // Ends the line if a bar was drawn.
    void finish();

private:
    bool enabled_;
    bool drawn_ = false;
    std::ostream& to_;
    std::chrono::steady_clock::time_point start_, last_draw_;
};

}  // namespace lied::systems
