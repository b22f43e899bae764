// The Simulator's saved states: everything the next steps depend on, written into a SimulationState and read back,
// into this simulator or another of the same structure. One function (archive_state) lists it, for measuring,
// saving, checking and restoring alike.
#include "core/simulation/simulator.h"

#include "core/model/value_layout.h"

#include <cmath>
#include <cstring>
#include <stdexcept>

namespace lied {

namespace {

// A 64-bit hash, fed field by field (FNV-1a over bytes, with a separator after each field so that "ab","c" and
// "a","bc" differ).
struct Fingerprint {
    std::uint64_t h = 1469598103934665603ull;
    void add(std::string_view text) {
        for (unsigned char c : text) mix(c);
        mix(0xffu);
    }
    void add(std::uint64_t v) {
        for (int i = 0; i < 8; ++i) mix(static_cast<unsigned char>(v >> (8 * i)));
        mix(0xffu);
    }
    void mix(unsigned char c) {
        h ^= c;
        h *= 1099511628211ull;
    }
};

std::uint64_t bits_of(double v) {
    std::uint64_t b = 0;
    std::memcpy(&b, &v, sizeof b);
    return b;
}

std::size_t discrete_doubles(const OutBase& out) {
    const ValueLayout* layout = find_value_layout(out.type_name());
    return layout ? layout->doubles : 0;
}

std::string solver_text(const char* solver, std::size_t size) { return std::string(solver, strnlen(solver, size)); }

}  // namespace

double SimulationState::time() const {
    Header h{};
    if (bytes_.size() < sizeof h) return std::nan("");
    std::memcpy(&h, bytes_.data(), sizeof h);
    return std::memcmp(h.magic, kMagic, sizeof kMagic) == 0 ? h.time : std::nan("");
}

// Word by word, with a multiply-and-shift mix: damage anywhere changes it, at a fraction of a copy's cost.
std::uint64_t SimulationState::checksum(std::span<const std::byte> bytes) {
    std::uint64_t h = 0x9e3779b97f4a7c15ull ^ bytes.size();
    std::size_t i = 0;
    for (; i + 8 <= bytes.size(); i += 8) {
        std::uint64_t w = 0;
        std::memcpy(&w, bytes.data() + i, 8);
        h = (h ^ w) * 0xbf58476d1ce4e5b9ull;
        h ^= h >> 31;
    }
    for (; i < bytes.size(); ++i) {
        h = (h ^ static_cast<std::uint64_t>(bytes[i])) * 0x94d049bb133111ebull;
        h ^= h >> 29;
    }
    return h;
}

// What makes two structures the same for a saved state: the components (paths and types), the states, the
// parameters (and the values of those read at build), the choices in force, and how many of everything else.
std::uint64_t Simulator::structure_fingerprint() {
    if (fingerprint_generation_ == generation_) return fingerprint_;
    Fingerprint f;
    f.add(model_.components.size());
    for (const ComponentInfo& c : model_.components) {
        f.add(c.path);
        f.add(std::string_view(c.component->type_name()));
    }
    f.add(model_.states.size());
    for (const StateInfo& s : model_.states) f.add(s.path);
    f.add(model_.parameters.size());
    for (const ParameterInfo& p : model_.parameters) {
        f.add(p.path);
        if (p.spec.structural) f.add(bits_of(*p.value));
    }
    f.add(model_.choices.size());
    for (const ChoiceInfo& c : model_.choices) {
        f.add(c.path);
        f.add(*c.value);
    }
    for (std::size_t n : {model_.discrete_signals.size(), model_.warm_starts.size(), model_.after_steps.size(), model_.time_events.size(), model_.sampled_events.size(),
                          model_.zero_crossings.size(), model_.balance_terms.size(), model_.variables.size()})
        f.add(n);
    fingerprint_ = f.h;
    fingerprint_generation_ = generation_;
    return fingerprint_;
}

// A discrete signal is saved through the layout of its value type (core/model/value_layout.h): one without is named.
void Simulator::check_discrete_layouts() const {
    for (const OutBase* d : model_.discrete_signals)
        if (discrete_doubles(*d) == 0)
            throw std::invalid_argument("the state of this simulator cannot be saved: the discrete signal " + model_.signal_name(d) + " carries a " +
                                        d->type_name() + ", a type that registers no value layout (LIED_REGISTER_VALUE_LAYOUT)");
}

void Simulator::archive_state(StateArchive& a) {
    a.value(t_);
    a.values(x_.data(), static_cast<std::size_t>(x_.size()));
    for (StateInfo& s : model_.states) a.value(s.estimated_scale);   // the nominals the tolerances were scaled by
    a.expect_count(model_.parameters.size());
    for (ParameterInfo& p : model_.parameters) {
        a.value(*p.value);
        if (!p.system_default) continue;
        bool overridden = p.system_default->overridden();   // set by name, or following its system default
        a.flag(overridden);
        if (!a.restoring()) continue;
        if (overridden) *p.system_default = *p.value;
        else p.system_default->follow_default();
    }
    a.expect_count(model_.discrete_signals.size());
    for (const OutBase* d : model_.discrete_signals)   // written by event handlers only: the values are the components'
        a.values(static_cast<double*>(const_cast<void*>(d->value_address())), discrete_doubles(*d));
    a.expect_count(model_.warm_starts.size());
    for (double* w : model_.warm_starts) a.value(*w);
    a.expect_count(model_.after_steps.size());
    for (const AfterStepInfo& h : model_.after_steps) a.values(h.memory.data(), h.memory.size());   // a delay's history
    a.flag(inputs_changed_);   // an input set since the last step: the next step takes it, after a restore too
    clock_.archive(a);
    crossings_.archive(a);
    auditor_.archive(a);
    evaluator_.linear_system().archive(a);
    monitor_.archive(a);
    integrator_->archive_history(a);   // a solver whose history cannot be saved starts afresh when saved and restored
}

void Simulator::save_state(SimulationState& into) {
    if (!built_) throw std::logic_error("save_state: the simulator has no valid structure (the last rebuild failed)");
    if (root_.claimed_by() != this)   // the parameters and discrete signals on the tree are another simulator's now
        throw std::logic_error("save_state: another simulator has built the component tree since; this one no longer runs it");
    check_discrete_layouts();
    StateArchive measure = StateArchive::measuring();
    archive_state(measure);
    const std::size_t payload = measure.used();
    using Header = SimulationState::Header;
    into.bytes_.resize(sizeof(Header) + payload);   // no allocation once sized for this structure
    StateArchive save(StateArchive::Mode::Save, into.bytes_.data() + sizeof(Header), payload);
    archive_state(save);
    Header h{};
    std::memcpy(h.magic, SimulationState::kMagic, sizeof h.magic);
    h.format = SimulationState::kFormat;
    h.monitor = monitor_.active() ? 1 : 0;
    h.books = auditor_.active() ? 1 : 0;
    h.structure = structure_fingerprint();
    h.segments = segments_.size();
    h.payload = payload;
    h.checksum = SimulationState::checksum(std::span<const std::byte>(into.bytes_).subspan(sizeof(Header)));
    std::strncpy(h.solver, integrator_->name(), sizeof h.solver - 1);
    h.time = t_;
    std::memcpy(into.bytes_.data(), &h, sizeof h);
}

void Simulator::restore_state(const SimulationState& state) {
    if (!built_) throw std::logic_error("restore_state: the simulator has no valid structure (the last rebuild failed)");
    if (root_.claimed_by() != this)
        throw std::logic_error("restore_state: another simulator has built the component tree since; this one no longer runs it");
    using Header = SimulationState::Header;
    const std::span<const std::byte> bytes = state.bytes();
    Header h{};
    if (bytes.size() >= sizeof h) std::memcpy(&h, bytes.data(), sizeof h);
    if (bytes.size() < sizeof h || std::memcmp(h.magic, SimulationState::kMagic, sizeof h.magic) != 0)
        throw std::invalid_argument("restore_state: these " + std::to_string(bytes.size()) + " bytes are no saved simulation state");
    if (h.format != SimulationState::kFormat)
        throw std::invalid_argument("restore_state: the state was saved in format " + std::to_string(h.format) + "; this build of Lied reads format " +
                                    std::to_string(SimulationState::kFormat));
    const std::span<const std::byte> payload = bytes.subspan(sizeof h);
    if (h.payload != payload.size() || SimulationState::checksum(payload) != h.checksum)
        throw std::invalid_argument("restore_state: the saved state is damaged (its length or checksum does not match)");
    if (h.structure != structure_fingerprint())
        throw std::invalid_argument("restore_state: the state was saved from another structure; a state fits only a simulator with the same "
                                    "components (paths and types), states, parameters, choices and structural parameter values");
    // A change of the same shape (a valve replaced by a valve of its type) keeps the fingerprint; a run restored from
    // before it would go on without it, as the change is not made again.
    if (h.segments < segments_.size())
        throw std::invalid_argument("restore_state: the state was saved before the structural change '" + segments_[h.segments].change + "' at t = " +
                                    std::to_string(segments_[h.segments].start) + " s; a run restored there would go on without it");
    if (h.segments > segments_.size())
        throw std::invalid_argument("restore_state: the state was saved after " + std::to_string(h.segments - 1) + " structural changes, this simulator has made " +
                                    std::to_string(segments_.size() - 1));
    if (std::strncmp(h.solver, integrator_->name(), sizeof h.solver) != 0)
        throw std::invalid_argument("restore_state: the state was saved under the solver '" + solver_text(h.solver, sizeof h.solver) +
                                    "', this simulator uses '" + integrator_->name() + "' (restore it under '" +
                                    solver_text(h.solver, sizeof h.solver) + "', then set_solver)");
    if ((h.monitor != 0) != monitor_.active())
        throw std::invalid_argument(std::string("restore_state: the state was saved with the step error monitor ") + (h.monitor ? "on" : "off") +
                                    ", this simulator has it " + (monitor_.active() ? "on" : "off") + " (SimulatorOptions::step_monitor)");
    if ((h.books != 0) != auditor_.active())
        throw std::invalid_argument(std::string("restore_state: the state was saved with the mass and energy books ") + (h.books ? "kept" : "off") +
                                    ", this simulator has them " + (auditor_.active() ? "kept" : "off") + " (SimulatorOptions::balance)");
    check_discrete_layouts();
    auto* data = const_cast<std::byte*>(payload.data());   // read only: Check and Restore never write into it
    StateArchive check(StateArchive::Mode::Check, data, payload.size());
    archive_state(check);
    if (!check.ok() || check.used() != payload.size())
        throw std::invalid_argument(std::string("restore_state: ") + (check.ok() ? "the saved state is longer than this structure's state" : check.problem()));
    StateArchive restore(StateArchive::Mode::Restore, data, payload.size());
    archive_state(restore);
    if (!restore.ok()) throw std::logic_error(std::string("restore_state: the check passed but the restore did not: ") + restore.problem());
    // A state from a simulator whose nominals differ (another m_flow_nominal, another scale at its start): the
    // solvers take those tolerances, and their history is restored again into the solver so configured.
    bool nominals_moved = false;
    for (const StateInfo& s : model_.states)
        if (!s.scale.key.empty() && s.scale.factor * model_.nominal_scale_in_force(s) != s.nominal) nominals_moved = true;
    if (nominals_moved) {
        model_.apply_system_defaults();
        configure_integrator();
        StateArchive again(StateArchive::Mode::Restore, data, payload.size());
        archive_state(again);
    }
    remember_estimated_scales();
    go_on_from_restored_state();
}

// After the values are back: the signals at the restored point, as a rebuild leaves them.
void Simulator::go_on_from_restored_state() {
    time_.value() = t_;
    step_.t0 = t_;
    step_.x0 = x_;
    model_.apply_system_defaults();
    evaluator_.forget_kept();
    // No event handler runs again: what they set is in the state (discrete signals, parameters), and running one
    // now could set it otherwise (a step whose height was changed after it fired).
    evaluator_.set_point(t_, x_.data());
    evaluator_.evaluate_and_keep(t_, x_.data());   // as after a step: the next step's first stage starts here
    locator_.clear();
    fired_now_.clear();
    chatter_crossing_ = -1;
    failed_state_ = failed_range_ = failed_variable_ = -1;
    taken_over_ = false;
}

}  // namespace lied
