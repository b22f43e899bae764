#include "core/build/crawler.h"

#include "core/model/build_error.h"
#include "core/support/closest_name.h"
#include "core/support/first_duplicate.h"
#include "core/model/meta.h"
#include "core/build/pass_through.h"

#include <array>
#include <cmath>
#include <sstream>
#include <string_view>

namespace lied {
namespace {

const std::string kBindRule = "every In-signal is bound to exactly one Out";
const std::string kWriterRule = "every Out-signal has exactly one writer";
const std::string kRegisteredRule = "register every signal a block uses in metainfo";

// Two things with one name (the "two things with one name" rule): the earliest repetition, in the order
// components, signals, parameters, blocks. Views into the model's own strings: no copies, linear time.
void check_unique_names(Model& m) {
    if (!m.names_changed && m.names_unique) return;   // the same names as the last crawl, which were unique
    m.names_unique = false;
    std::vector<std::string_view>& names = m.name_views;
    std::vector<std::size_t>& hashes = m.name_hashes;
    names.clear();
    hashes.clear();
    // In the order components (without the root), signals, parameters, blocks.
    auto for_each_named = [&](auto&& f) {
        for (std::size_t i = 1; i < m.components.size(); ++i) f(m.components[i]);
        for (auto& s : m.signals) f(s);
        for (auto& p : m.parameters) f(p);
        for (auto& b : m.blocks) f(b);
    };
    for_each_named([&](const auto& entry) { hashes.push_back(entry.path_hash); });   // computed by Meta with the name
    const std::array<std::size_t, 4> parts{m.components.size() - 1, m.signals.size(), m.parameters.size(), m.blocks.size()};
    auto passed = [&](bool distinct) {
        m.names_unique = true;
        m.checked_hashes_distinct = distinct;
        m.checked_name_hashes.swap(hashes);   // the old buffer is refilled by the next check
        m.checked_name_parts = parts;
    };
    // A change of shape renames the entries after the changed component only by position: their names are the
    // ones checked before, so only what lies between the lists' common front and back is looked up. That needs
    // only the kept hashes to be pairwise different, not the old names to still be there.
    if (m.checked_hashes_distinct &&
        names_unique_after_change({m.checked_name_hashes, m.checked_name_parts}, {hashes, parts}, m.name_check)) {
        passed(true);
        return;
    }
    for_each_named([&](const auto& entry) { names.push_back(entry.path); });
    ++m.full_name_checks;
    const auto duplicate = first_duplicate(names, hashes, m.name_check);
    if (!duplicate) {
        passed(!m.name_check.equal_hashes);
        return;
    }
    auto kind = [&](std::size_t i) {
        if (i + 1 < m.components.size()) return "component";
        i -= m.components.size() - 1;
        if (i < m.signals.size()) return "signal";
        i -= m.signals.size();
        return i < m.parameters.size() ? "parameter" : "block";
    };
    throw BuildError(std::string(names[duplicate->second]) + ": the name is used twice (" + kind(duplicate->first) + " and " +
                         kind(duplicate->second) + ") (rule: names are unique within a component)",
                     "unique names");
}

void check_bindings(const Model& m) {
    for (std::size_t i = 0; i < m.signals.size(); ++i) {
        const Model::SignalLinks& l = m.links[i];
        if (!l.is_in || (!l.conflicting && l.source >= 0) || (l.source == Model::kNoSource && l.optional)) continue;
        const SignalInfo& s = m.signals[i];
        auto* in = static_cast<const InBase*>(s.signal);   // one that breaks a rule: the messages ask the object
        if (in->conflicting_source()) {
            throw BuildError(s.path + ": In-signal is bound to two Outs, " + m.signal_name(in->source()) + " and " +
                                 m.signal_name(in->conflicting_source()) + " (rule: " + kBindRule +
                                 "; a plug connects to one partner, use a splitter or junction to branch)",
                             kBindRule);
        }
        if (!in->source() && !in->optional()) {
            throw BuildError(s.path + ": In-signal is not bound (rule: " + kBindRule + "; connect its plug)", kBindRule);
        }
        if (in->source() && m.signal_index(in->source()) < 0) {
            throw BuildError(s.path + ": In-signal is bound to an Out of a component that is not part of the model "
                                 "(rule: connected components are registered with meta.component)",
                             kBindRule);
        }
    }
}

void check_blocks(Model& m, const Out<double>& time) {
    // Per registered signal (by index): whether the engine writes it, and which block does.
    std::vector<char>& engine_written = m.engine_written;
    engine_written.assign(m.signals.size(), 0);
    auto index = [&](const SignalBase* s) { return static_cast<std::size_t>(m.signal_index(s)); };
    engine_written[index(&time)] = 1;
    for (std::size_t k = 0; k < m.states.size(); ++k) engine_written[static_cast<std::size_t>(m.state_value_signal(k))] = 1;
    for (std::size_t j = 0; j < m.tearing.size(); ++j) engine_written[static_cast<std::size_t>(m.tearing_signal(j))] = 1;
    for (auto* d : m.discrete_signals)
        if (m.signal_index(d) >= 0) engine_written[index(d)] = 1;

    std::vector<int>& writer = m.signal_writer;
    writer.assign(m.signals.size(), -1);
    for (std::size_t k = 0; k < m.blocks.size(); ++k) {
        const BlockInfo& b = m.blocks[k];
        for (int r : m.read_indices(k))
            if (r == Model::kUnregistered)
                throw BuildError(b.path + ": block reads a signal its component did not register (rule: " + kRegisteredRule + ")", "registered signals");
        const auto writes = m.write_indices(k);
        for (std::size_t i = 0; i < writes.size(); ++i) {
            if (writes[i] == Model::kUnregistered)
                throw BuildError(b.path + ": block writes a signal its component did not register (rule: " + kRegisteredRule + ")", "registered signals");
            const auto w = static_cast<std::size_t>(writes[i]);
            if (engine_written[w])
                throw BuildError(m.signal_name(b.writes[i]) + ": Out-signal is written by block " + b.path +
                                     " but the engine owns it as a state, tearing variable, discrete signal or time (rule: " +
                                     kWriterRule + ")",
                                 kWriterRule);
            if (writer[w] >= 0)
                throw BuildError(m.signal_name(b.writes[i]) + ": Out-signal has two writers, blocks " +
                                     m.blocks[static_cast<std::size_t>(writer[w])].path + " and " + b.path + " (rule: " + kWriterRule + ")",
                                 kWriterRule);
            writer[w] = static_cast<int>(k);
        }
    }
    // Bindings were checked before: a bound source is a registered signal.
    for (std::size_t k = 0; k < m.blocks.size(); ++k) {
        const auto reads = m.read_indices(k);
        for (std::size_t i = 0; i < reads.size(); ++i) {
            if (reads[i] < 0) continue;   // an optional In on its fallback
            const auto o = static_cast<std::size_t>(reads[i]);
            if (!engine_written[o] && writer[o] < 0) {
                const BlockInfo& b = m.blocks[k];
                throw BuildError(m.signal_name(b.reads[i]) + ": read by block " + b.path + " but " + m.signal_name(resolved_out(b.reads[i])) +
                                     " has no writer (rule: " + kWriterRule + ")",
                                 kWriterRule);
            }
        }
    }
    for (auto& st : m.states) {
        if (writer[index(&st.state->der)] < 0)
            throw BuildError(st.path + ": no block writes the derivative of this state (rule: every state has "
                                       "one block that writes its derivative)",
                             "state derivative");
    }
    for (auto& r : m.residuals) {
        if (writer[index(r.residual)] < 0)
            throw BuildError(r.path + ": no block writes this residual (rule: " + kWriterRule + ")", kWriterRule);
    }
}

// Tearing variables and residuals come in pairs registered by the same component. Counted per component; the
// names are collected only for a component whose counts differ.
void check_tearing_pairs(const Model& m) {
    std::vector<int> surplus(m.components.size(), 0);   // tearing variables minus residuals
    for (auto& t : m.tearing) ++surplus[static_cast<std::size_t>(t.component)];
    for (auto& r : m.residuals) --surplus[static_cast<std::size_t>(r.component)];
    const std::string rule = "each tearing variable has one residual, registered by the same component";
    for (std::size_t c = 0; c < surplus.size(); ++c) {
        if (surplus[c] == 0) continue;
        std::vector<std::string> vars, res;
        for (auto& t : m.tearing)
            if (static_cast<std::size_t>(t.component) == c) vars.push_back(t.path);
        for (auto& r : m.residuals)
            if (static_cast<std::size_t>(r.component) == c) res.push_back(r.path);
        std::ostringstream s;
        const std::string& path = m.components[c].path;
        s << (path.empty() ? std::string("<root>") : path) << ": registers " << vars.size()
          << " tearing variable(s) but " << res.size() << " residual(s)";
        const auto& extra = vars.size() > res.size() ? vars : res;
        s << (vars.size() > res.size() ? "; tearing variable(s) without residual:" : "; residual(s) without tearing variable:");
        for (std::size_t i = std::min(vars.size(), res.size()); i < extra.size(); ++i) s << ' ' << extra[i];
        s << " (rule: " << rule << ")";
        throw BuildError(s.str(), rule);
    }
}

// A declared valid range names a state or variable of its component.
void resolve_ranges(Model& m) {
    if (m.ranges.empty()) return;
    // A refilled range first tries the entry it resolved to in the last crawl: in a rebuild of the same shape it is
    // still there, and no index by name is built. A state is preferred to a variable of the same path, so a
    // variable's entry counts only while no name changed (a state of that path cannot have appeared).
    auto at = [](const auto& list, int i, const std::string& path) {
        return i >= 0 && static_cast<std::size_t>(i) < list.size() && list[static_cast<std::size_t>(i)].path == path;
    };
    FlatIndex<std::string_view, int>& states = m.state_by_path;
    FlatIndex<std::string_view, int>& variables = m.variable_by_path;
    bool indexed = false;
    for (auto& r : m.ranges) {
        if (!at(m.states, r.state, r.path) && !(at(m.variables, r.variable, r.path) && !m.names_changed)) {
            if (!indexed) {
                states.reset(m.states.size());
                variables.reset(m.variables.size());
                for (std::size_t i = 0; i < m.states.size(); ++i) states.insert(m.states[i].path, static_cast<int>(i));
                for (std::size_t i = 0; i < m.variables.size(); ++i) variables.insert(m.variables[i].path, static_cast<int>(i));
                indexed = true;
            }
            const int* state = states.find(r.path);
            const int* variable = state ? nullptr : variables.find(r.path);
            if (!state && !variable)
                throw BuildError(r.path + ": a valid range is declared for something that is not a registered state or "
                                          "variable (rule: declare valid ranges of registered states and variables)",
                                 "valid ranges");
            r.state = state ? *state : -1;
            r.variable = variable ? *variable : -1;
        }
        if (at(m.states, r.state, r.path)) {
            r.variable = -1;
            r.value = nullptr;
            r.unit = m.states[static_cast<std::size_t>(r.state)].unit;
        } else {
            r.state = -1;
            const VariableInfo& v = m.variables[static_cast<std::size_t>(r.variable)];
            r.value = v.value;
            r.unit = v.unit;
        }
    }
}

// Each system-default parameter follows the nearest provider of its key up the tree (one per key and scope).
void link_system_defaults(Model& m) {
    for (std::size_t a = 0; a < m.default_providers.size(); ++a)
        for (std::size_t b = a + 1; b < m.default_providers.size(); ++b) {
            const DefaultProviderInfo &x = m.default_providers[a], &y = m.default_providers[b];
            if (x.key == y.key && x.scope == y.scope)
                throw BuildError(y.path + ": sets the system default " + y.key + " that " + x.path + " already sets for " +
                                     (x.scope.empty() ? std::string("the whole system") : "'" + x.scope + "'") +
                                     " (rule: one provider per system default and subsystem)",
                                 "one provider per system default");
        }
    auto in_scope = [](const std::string& path, const std::string& scope) {
        return scope.empty() || (path.size() > scope.size() && path.compare(0, scope.size(), scope) == 0 && path[scope.size()] == '.');
    };
    // The provider of `key` nearest up the tree from `path` (the longest scope that holds it), or -1.
    auto nearest_provider = [&](std::string_view key, const std::string& path) {
        int found = -1;
        for (std::size_t k = 0; k < m.default_providers.size(); ++k) {
            const DefaultProviderInfo& p = m.default_providers[k];
            if (p.key != key || !in_scope(path, p.scope)) continue;
            if (found < 0 || p.scope.size() > m.default_providers[static_cast<std::size_t>(found)].scope.size()) found = static_cast<int>(k);
        }
        return found;
    };
    for (auto& d : m.system_defaults) d.provider = nearest_provider(d.key, d.path);
    for (auto& s : m.states) s.scale_provider = s.scale.key.empty() ? -1 : nearest_provider(s.scale.key, s.path);
    m.apply_system_defaults();
}

// A choice holds one of its options.
void check_choices(const Model& m) {
    for (auto& c : m.choices)
        if (!c.spec->admits(*c.value))
            throw BuildError(c.path + " = '" + *c.value + "' is not one of its options (" + c.spec->options_text() + ")" +
                                 did_you_mean(*c.value, c.spec->options) + " (rule: a choice takes one of its named options)",
                             "choice options");
}

// Plugs that carry a shared property (a thermofluid plug's medium) connect only to plugs with the same one. Walks
// the plugs' In members in registration order (plug by plug), so the first mismatch reported is the first plug's.
void check_shared_properties(const Model& m) {
    int here_index = -1, there_index = -1;
    std::string_view mine;
    for (std::size_t k = 0; k < m.signals.size(); ++k) {
        const SignalInfo& s = m.signals[k];
        if (s.plug < 0 || !m.links[k].is_in) continue;
        const PlugInfo& here = m.plugs[static_cast<std::size_t>(s.plug)];
        if (s.plug != here_index) {   // a plug's property once, not once per member
            here_index = s.plug;
            there_index = -1;
            mine = here.shared_property;
        }
        if (mine.empty()) continue;
        const int i = m.links[k].source;
        if (i < 0 || m.signals[static_cast<std::size_t>(i)].plug < 0) continue;
        // A plug's members are bound to one partner plug: compare with each partner once.
        if (m.signals[static_cast<std::size_t>(i)].plug == there_index) continue;
        there_index = m.signals[static_cast<std::size_t>(i)].plug;
        const PlugInfo& there = m.plugs[static_cast<std::size_t>(there_index)];
        const std::string_view theirs = there.shared_property;
        if (theirs.empty() || theirs == mine) continue;
        const std::string what = here.plug->shared_property_name();
        const std::string rule = "connected plugs carry the same " + what;
        throw BuildError(here.path + ": " + what + " " + std::string(mine) + " is connected to " + there.path + " with " + what + " " + std::string(theirs) +
                             " (rule: " + rule + "; give both components the same " + what + ")",
                         rule);
    }
}

// State events watch a registered signal; hysteresis, period and offset are finite numbers that make sense.
void check_events(const Model& m) {
    for (auto& z : m.zero_crossings) {
        if (m.signal_index(z.indicator) < 0)
            throw BuildError(z.path + ": the zero-crossing watches a signal its component did not register "
                                      "(rule: a zero-crossing indicator is a registered Out or state)",
                             "zero-crossing indicator");
        if (!(z.hysteresis >= 0) || !std::isfinite(z.hysteresis))
            throw BuildError(z.path + ": hysteresis = " + std::to_string(z.hysteresis) +
                                 " (rule: a hysteresis is a finite number >= 0)",
                             "hysteresis");
    }
    for (auto& e : m.sampled_events) {
        if (!(*e.period > 0) || !std::isfinite(*e.period))
            throw BuildError(e.path + ": sample period = " + std::to_string(*e.period) +
                                 " s (rule: a sample period is a finite number > 0)",
                             "sample period");
        if (!(*e.offset >= 0) || !std::isfinite(*e.offset))
            throw BuildError(e.path + ": sample offset = " + std::to_string(*e.offset) +
                                 " s (rule: a sample offset is a finite number >= 0)",
                             "sample offset");
    }
}

}  // namespace

void restore_time_inputs(const Model& m) {
    for (std::size_t i = 0; i < m.time_inputs.size(); ++i) {
        m.time_inputs[i]->disconnect();
        if (m.time_sources_before[i]) m.time_inputs[i]->connect_any(*m.time_sources_before[i]);
    }
}

Model crawl(Component& root, Out<double>& time, Model recycled) {
    Model m = std::move(recycled);
    m.begin_refill();
    m.refill_root(root);
    SignalInfo& time_signal = m.refill(m.signals);
    if (write_path(time_signal.path, "", "time") || time_signal.path_hash == 0) {
        time_signal.path_hash = hash_path(time_signal.path);
        m.names_changed = true;
    }
    time_signal.signal = &time;
    time_signal.component = 0;
    time_signal.plug = -1;
    Meta meta(m, "", 0);
    root.metainfo(meta);
    m.note_shared_properties(0, 0);
    m.end_refill();
    // Time inputs follow the simulator that builds the tree last (several may be built on one tree, one
    // after another); a failed build puts them back.
    for (auto* in : m.time_inputs) {
        m.time_sources_before.push_back(in->source());
        in->disconnect();
        in->connect(time);
    }
    try {
        m.index_signals();
        m.index_blocks();
        check_unique_names(m);
        check_bindings(m);
        check_blocks(m, time);
        check_tearing_pairs(m);
        skip_pass_throughs(m);   // before the valid ranges take the variables' addresses
        resolve_ranges(m);
        link_system_defaults(m);
        check_events(m);
        check_choices(m);
        for (auto& r : m.unmet_requirements) throw BuildError(r.message + " (rule: " + r.rule + ")", r.rule);
        check_shared_properties(m);
    } catch (...) {
        restore_time_inputs(m);
        throw;
    }
    return m;
}

}  // namespace lied
