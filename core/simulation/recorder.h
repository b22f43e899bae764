#pragma once
// Records named values at a fixed output interval, independent of the integrator's step size, and writes
// them as CSV with the header `time,<names>`. A value that does not exist in a segment (after a rebuild
// removed it) is written as an empty cell, never made up.
#include <iosfwd>
#include <string>
#include <vector>

namespace lied {

class Simulator;

class Recorder {
public:
    Recorder(std::vector<std::string> names, double interval);

    // Resolves the names against the simulator; throws std::invalid_argument for a name that neither this
    // structure nor a scheduled structural change has. (A change that sets a structural parameter may bring names
    // nobody can list in advance: then a name is taken on trust, and never_seen() tells after the run.)
    void attach(const Simulator& sim);
    double next_time() const;
    bool due(double t) const;
    void sample(const Simulator& sim);

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
    void bind(const Simulator& sim);
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
