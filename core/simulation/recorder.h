#pragma once
// Records named values at a fixed output interval, independent of the integrator's step size, and writes
// them as CSV with the header `time,<names>`. A value that does not exist in a segment (after a rebuild
// removed it) is written as an empty cell, never made up.
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

namespace lied {

class NameIndex;

class Recorder {
public:
    Recorder(std::vector<std::string> names, double interval);

    // Resolves the names against a structure's `names` and starts the output grid at t0 (Simulator::attach gives
    // them); throws std::invalid_argument for a name that neither this structure nor `later` has, the names that
    // scheduled structural changes bring (asked only for a name this structure lacks). With `names_may_appear` (a
    // change sets a structural parameter, so nobody can list its names in advance) a name is taken on trust, and
    // never_seen() tells after the run. The recorder reads values through `names` and never calls back.
    void attach(const NameIndex& names, double t0, const std::function<std::vector<std::string>()>& later, bool names_may_appear);
    double next_time() const;
    bool due(double t) const;
    // Takes a sample at time t of the structure `names` describes (bound again when its generation changed).
    void sample(const NameIndex& names, double t);

    const std::vector<std::string>& names() const { return names_; }
    // The unit of each name, from the structure it was last seen in ("" before it exists, or without one).
    const std::vector<std::string>& units() const { return units_; }
    // Names that existed in no structure while recording (only possible for names taken on trust).
    std::vector<std::string> never_seen() const;
    const std::vector<double>& times() const { return times_; }
    // The values of sample k in the order of names() (NaN where a value did not exist).
    const std::vector<double>& row(std::size_t k) const { return rows_[k]; }
    // Column of one name (NaN where the value did not exist); throws for an unknown name.
    std::vector<double> column(const std::string& name) const;
    void write_csv(std::ostream& out) const;
    void write_csv(const std::string& path) const;
    // Also writes the header now and every sample as it is taken to `out` (nullptr: stop), so a run that
    // fails or is interrupted keeps the samples it took.
    void stream_to(std::ostream* out);

private:
    void bind(const NameIndex& names);
    void write_header(std::ostream& out) const;
    void write_row(std::ostream& out, std::size_t k) const;

    std::vector<std::string> names_;
    double interval_;
    double t0_ = 0.0;
    long next_index_ = 0;
    bool attached_ = false;
    long generation_ = -1;
    std::vector<const double*> sources_;
    std::vector<std::string> units_;
    std::vector<char> seen_;
    std::vector<double> times_;
    std::vector<std::vector<double>> rows_;
    std::ostream* stream_ = nullptr;
};

}  // namespace lied
