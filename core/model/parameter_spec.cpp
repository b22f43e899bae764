#include "core/model/parameter_spec.h"

#include "core/model/valid_range.h"

#include <cmath>
#include <sstream>

namespace lied {

std::string interval_text(double min, double max, bool min_exclusive) {
    std::ostringstream s;
    s << (min_exclusive ? "(" : "[");
    if (std::isinf(min)) s << "-inf"; else s << min;
    s << ", ";
    if (std::isinf(max)) s << "inf"; else s << max;
    s << (std::isinf(max) ? ")" : "]");
    return s.str();
}

std::string ParameterSpec::range_text() const { return interval_text(min, max, min_exclusive) + (whole ? " (whole numbers)" : ""); }

std::string ParameterSpec::refusal_text(double v) const {
    std::ostringstream s;
    const bool fraction = whole && std::isfinite(v) && v != std::floor(v);
    if (fraction) s << "is not a whole number (valid range " << interval_text(min, max, min_exclusive) << ")";
    else s << "is out of range " << range_text();
    if (!unit.empty()) s << " [" << unit << "]";
    if (!description.empty()) s << " (" << description << ")";
    return s.str();
}

bool ChoiceSpec::admits(const std::string& v) const {
    if (file_path) {
        if (v.size() > 4096) return false;   // empty: not set (the component says whether it needs one)
        for (unsigned char c : v)
            if (c < 0x20 || c == 0x7f) return false;   // no control characters (newlines, NUL) in a path
        return true;
    }
    for (auto& o : options)
        if (o == v) return true;
    return false;
}

int ChoiceSpec::index_of(const std::string& v) const {
    for (std::size_t i = 0; i < options.size(); ++i)
        if (options[i] == v) return static_cast<int>(i);
    return -1;
}

std::string ChoiceSpec::options_text() const {
    if (file_path) return "a file path: printable text, at most 4096 characters";
    std::string t;
    for (auto& o : options) t += (t.empty() ? "" : ", ") + o;
    return t;
}

}  // namespace lied
