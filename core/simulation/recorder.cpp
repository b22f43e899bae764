#include "core/simulation/recorder.h"

#include "core/support/closest_name.h"
#include "core/simulation/name_index.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
#include <iomanip>
#include <limits>
#include <stdexcept>

namespace lied {

Recorder::Recorder(std::vector<std::string> names, double interval) : names_(std::move(names)), interval_(interval) {
    if (!(interval_ > 0)) throw std::invalid_argument("the output interval must be > 0");
}

void Recorder::bind(const NameIndex& names) {
    sources_.clear();
    units_.resize(names_.size());
    seen_.resize(names_.size(), 0);
    for (std::size_t i = 0; i < names_.size(); ++i) {
        sources_.push_back(names.find_value(names_[i]));
        if (sources_.back()) units_[i] = names.unit(names_[i]), seen_[i] = 1;
    }
    generation_ = names.generation();
}

void Recorder::attach(const NameIndex& names, double t0, const std::function<std::vector<std::string>()>& later_names,
                      bool names_may_appear) {
    if (!attached_) {
        std::vector<std::string> later;   // names that scheduled structural changes will bring
        for (auto& n : names_) {
            if (names.find_value(n)) continue;
            if (later.empty() && later_names) later = later_names();
            if (std::find(later.begin(), later.end(), n) != later.end() || names_may_appear) continue;
            std::vector<std::string> known = names.value_names();
            known.insert(known.end(), later.begin(), later.end());
            throw std::invalid_argument("cannot record unknown variable '" + n + "'" + did_you_mean(n, known));
        }
        t0_ = t0;
        next_index_ = 0;
        attached_ = true;
    }
    bind(names);
}

std::vector<std::string> Recorder::never_seen() const {
    std::vector<std::string> missing;
    for (std::size_t i = 0; i < names_.size(); ++i)
        if (i >= seen_.size() || !seen_[i]) missing.push_back(names_[i]);
    return missing;
}

double Recorder::next_time() const { return t0_ + static_cast<double>(next_index_) * interval_; }

bool Recorder::due(double t) const { return t >= next_time() - 1e-9 * interval_; }

void Recorder::sample(const NameIndex& names, double t) {
    if (names.generation() != generation_) bind(names);
    times_.push_back(t);
    std::vector<double> row(sources_.size());
    for (std::size_t i = 0; i < sources_.size(); ++i) row[i] = sources_[i] ? *sources_[i] : std::numeric_limits<double>::quiet_NaN();
    rows_.push_back(std::move(row));
    while (due(t)) ++next_index_;
    if (stream_) write_row(*stream_, times_.size() - 1);
}

void Recorder::stream_to(std::ostream* out) {
    stream_ = out;
    if (stream_) {
        write_header(*stream_);
        for (std::size_t k = 0; k < times_.size(); ++k) write_row(*stream_, k);
    }
}

std::vector<double> Recorder::column(const std::string& name) const {
    for (std::size_t i = 0; i < names_.size(); ++i) {
        if (names_[i] != name) continue;
        std::vector<double> c;
        for (auto& r : rows_) c.push_back(r[i]);
        return c;
    }
    throw std::invalid_argument("'" + name + "' is not recorded" + did_you_mean(name, names_));
}

void Recorder::write_header(std::ostream& out) const {
    out << "time";
    for (auto& n : names_) out << ',' << n;
    out << '\n';
}

void Recorder::write_row(std::ostream& out, std::size_t k) const {
    out << std::setprecision(12) << times_[k];
    for (double v : rows_[k]) {
        out << ',';
        if (!std::isnan(v)) out << v;
    }
    out << '\n';
}

void Recorder::write_csv(std::ostream& out) const {
    write_header(out);
    for (std::size_t k = 0; k < times_.size(); ++k) write_row(out, k);
}

void Recorder::write_csv(const std::string& path) const {
    std::ofstream f(path);
    if (!f) throw std::runtime_error("cannot write '" + path + "': " + std::strerror(errno));
    write_csv(f);
    f.close();   // the buffer's last bytes are written here: a full disk shows at the close
    if (!f) throw std::runtime_error("error while writing '" + path + "': " + std::strerror(errno));
}

}  // namespace lied
