#include "core/diagnostics/parameter_check.h"

#include "core/model/introspection.h"

#include <cmath>
#include <sstream>

namespace lied {
namespace {
// What a description decides once, at build: its shape and the numbers it copies out of parameters.
std::string fingerprint(const Model& m) {
    std::ostringstream s;
    s.precision(17);
    s << m.blocks.size() << ' ' << m.links.size() << ' ' << m.tearing.size() << ' ' << m.residuals.size() << ' ' << m.zero_crossings.size()
      << ' ' << m.time_events.size() << ' ' << m.sampled_events.size() << ' ' << m.parameters.size() << ' ' << m.variables.size() << '\n';
    for (auto& st : m.states) s << st.path << ' ' << st.state->start << '\n';   // not the nominal: a scale for tolerances
    for (auto& r : m.ranges) s << r.path << ' ' << r.range.min << ' ' << r.range.max << ' ' << r.range.min_exclusive << '\n';
    for (auto& b : m.blocks) s << b.path << '\n';
    return s.str();
}

// Another valid value of the parameter, far enough from the current one to show in whatever it is turned into.
bool other_value(const ParameterSpec& spec, double v, double& out) {
    const double candidates[] = {spec.whole ? v + 1 : v * 1.37 + 0.61, spec.whole ? v - 1 : v * 0.71 - 0.23, spec.whole ? v + 2 : v + 1.0,
                                 spec.whole ? spec.min : 0.5 * (spec.min + v), spec.whole ? spec.max : 0.5 * (spec.max + v)};
    for (double c : candidates)
        if (std::isfinite(c) && c != v && spec.admits(c)) return out = c, true;
    return false;
}
}  // namespace

ParameterReport check_parameters_read_at_build(Component& component, const std::string& path) {
    ParameterReport report;
    const Model first = describe(component, path);
    const std::string original = fingerprint(first);
    const std::size_t count = first.parameters.size();
    for (std::size_t k = 0; k < count; ++k) {
        // A description may rename nothing but may re-point parameters: take this one from a fresh description.
        Model m = describe(component, path);
        if (m.parameters.size() != count) break;
        ParameterInfo& p = m.parameters[k];
        bool is_start = false;   // the start value itself: set by name, it takes effect at the next reset like every start
        for (auto& st : m.states) is_start |= p.value == &st.state->start;
        if (is_start) continue;
        const double old = *p.value;
        double value = 0;
        if (!other_value(p.spec, old, value)) continue;
        double* target = p.system_default ? p.system_default->storage() : p.value;
        const std::string name = p.path;
        const bool declared = p.spec.structural;
        *target = value;
        bool changed = false;
        try {
            changed = fingerprint(describe(component, path)) != original;
        } catch (const std::exception&) {
            changed = true;   // refused at build: the value is read there
        }
        *target = old;
        ++report.parameters_checked;
        if (changed && !declared)
            report.undeclared.push_back(name + " is read while the component describes itself (it changes the structure, a start value "
                                               "or a valid range) but is not declared read at build (rule: such a parameter's "
                                               "ParameterSpec is structural, so that setting it by name rebuilds)");
        if (!changed && declared) report.without_effect.push_back(name + " is declared read at build, but a change to " + std::to_string(value) + " changed nothing");
    }
    return report;
}

}  // namespace lied
