#include "core/model/model.h"

#include <cstdint>
#include <cstring>

namespace lied {

const char* Model::loop_rule_of(const SignalBase* s) const {
    const int i = signal_index(s);
    if (i >= 0) {
        const int plug = signals[static_cast<std::size_t>(i)].plug;
        if (plug >= 0)
            if (const char* rule = plugs[static_cast<std::size_t>(plug)].plug->loop_rule()) return rule;
    }
    return s->type_loop_rule();
}

std::string Model::signal_name(const SignalBase* s) const {
    const int i = signal_index(s);
    return i < 0 ? std::string("<unregistered signal>") : signals[static_cast<std::size_t>(i)].path;
}

void Model::index_signals() {
    // One visit to each signal object (they are scattered through the components): its hint, and what its links
    // need. An In's source is resolved to an index afterwards, when every registered signal's hint is set.
    // A signal registered twice keeps its first index (as the index by address does).
    signal_objects_.resize(signals.size());
    links.resize(signals.size());
    in_sources_.resize(signals.size());
    signal_registered_twice_ = false;
    for (std::size_t i = 0; i < signals.size(); ++i) {
        const SignalBase* s = signals[i].signal;
        signal_objects_[i] = s;
        const int hint = s->index_hint_;
        const bool registered_before = hint >= 0 && static_cast<std::size_t>(hint) < i && signal_objects_[static_cast<std::size_t>(hint)] == s;
        if (!registered_before) s->index_hint_ = static_cast<int>(i);
        signal_registered_twice_ |= registered_before;
        SignalLinks& l = links[i];
        l.is_in = s->is_in();
        l.source = kNoSource;
        if (l.is_in) {
            auto* in = static_cast<const InBase*>(s);
            in_sources_[i] = in->source();
            l.conflicting = in->conflicting_source() != nullptr;
            l.optional = in->optional();
            l.real = nullptr;
        } else {
            in_sources_[i] = nullptr;
            l.conflicting = l.optional = false;
            l.real = static_cast<const OutBase*>(s)->real_value();
        }
    }
    signal_index_built_ = false;
    for (std::size_t i = 0; i < signals.size(); ++i) {
        if (const OutBase* source = in_sources_[i]) {
            const int index = signal_index(source);
            links[i].source = index >= 0 ? index : kUnregistered;
        }
    }
}

void Model::index_blocks() {
    block_read_start_.assign(1, 0);
    block_write_start_.assign(1, 0);
    block_reads_.clear();
    block_writes_.clear();
    // The last crawl's index at the same flat position, if that is still where this object is registered.
    const bool cache = !signal_registered_twice_;
    auto index_of = [&](const SignalBase* s, std::vector<int>& cached, std::size_t at) {
        if (cache && at < cached.size()) {
            const int c = cached[at];
            if (c >= 0 && static_cast<std::size_t>(c) < signal_objects_.size() && signal_objects_[static_cast<std::size_t>(c)] == s) return c;
        }
        const int i = signal_index(s);
        if (at >= cached.size()) cached.resize(at + 1);
        cached[at] = i;
        return i;
    };
    for (const BlockInfo& b : blocks) {
        for (const SignalBase* r : b.reads) {
            const int i = index_of(r, read_signal_cache_, block_reads_.size());
            if (i < 0) {
                block_reads_.push_back(kUnregistered);
                continue;
            }
            const SignalLinks& l = links[static_cast<std::size_t>(i)];
            const int source = l.is_in ? l.source : i;
            block_reads_.push_back(source >= 0 ? source : kNoSource);
        }
        for (const OutBase* w : b.writes) {
            const int i = index_of(w, write_signal_cache_, block_writes_.size());
            block_writes_.push_back(i >= 0 ? i : kUnregistered);
        }
        block_read_start_.push_back(block_reads_.size());
        block_write_start_.push_back(block_writes_.size());
    }
}

int Model::signal_index_by_address(const SignalBase* s) const {
    if (!signal_index_built_) {
        signal_index_.reset(signals.size());
        for (std::size_t i = 0; i < signals.size(); ++i) signal_index_.insert(signals[i].signal, static_cast<int>(i));
        signal_index_built_ = true;
    }
    const int* i = signal_index_.find(s);
    return i ? *i : -1;
}

void Model::note_shared_properties(int component, std::size_t first_plug) {
    for (std::size_t p = first_plug; p < filled_[2]; ++p)
        if (plugs[p].component == component) plugs[p].shared_property = plugs[p].plug->shared_property();
}

namespace {
// Equality of two texts of one size, eight bytes at a time (the last word overlapping the one before) in loads the
// compiler keeps inline: a rebuild compares about two per entry (hundreds of thousands), mostly a dozen characters
// each, where a call to memcmp cost more than the comparison.
bool same_text(const char* a, const char* b, std::size_t n) {
    auto word = [](const char* p) {
        std::uint64_t w;
        std::memcpy(&w, p, sizeof w);
        return w;
    };
    if (n >= 8) {
        for (std::size_t i = 0; i + 8 < n; i += 8)
            if (word(a + i) != word(b + i)) return false;
        return word(a + n - 8) == word(b + n - 8);
    }
    for (std::size_t i = 0; i < n; ++i)
        if (a[i] != b[i]) return false;
    return true;
}
}  // namespace

bool write_path(std::string& out, std::string_view prefix, std::string_view name) {
    const std::size_t size = prefix.empty() ? name.size() : prefix.size() + 1 + name.size();
    const std::string_view old(out);
    if (old.size() == size && same_text(old.data() + size - name.size(), name.data(), name.size()) &&
        (prefix.empty() || (old[prefix.size()] == '.' && same_text(old.data(), prefix.data(), prefix.size()))))
        return false;
    out.assign(prefix);
    if (!prefix.empty()) out += '.';
    out += name;
    return true;
}

void Model::begin_refill() {
    clear_unrefilled();
    filled_.fill(0);
    sizes_before_ = {components.size(), signals.size(), plugs.size(), blocks.size(), parameters.size(), variables.size(), choices.size(),
                     states.size(), tearing.size(), residuals.size(), ranges.size(), system_defaults.size()};
    names_changed = false;
}

ComponentInfo& Model::refill_root(Component& root) {
    ComponentInfo& top = refill(components);
    top.path.clear();
    top.path_hash = hash_path(top.path);
    top.component = &root;
    top.description.clear();
    return top;
}

void Model::end_refill() {
    if (filled_ != sizes_before_) names_changed = true;
    for (std::size_t k = 0; k < filled_[3]; ++k) {   // the lists are complete now: view each block's part
        BlockInfo& b = blocks[k];
        const std::size_t read_end = k + 1 < filled_[3] ? blocks[k + 1].first_read : block_read_signals_.size();
        const std::size_t write_end = k + 1 < filled_[3] ? blocks[k + 1].first_write : block_write_signals_.size();
        b.reads = std::span<const SignalBase* const>(block_read_signals_.data() + b.first_read, read_end - b.first_read);
        b.writes = std::span<const OutBase* const>(block_write_signals_.data() + b.first_write, write_end - b.first_write);
    }
    for (PassThroughInfo& p : pass_throughs) blocks[static_cast<std::size_t>(p.block)].block.object = &p;   // the list is complete too
    components.resize(filled_[0]);
    signals.resize(filled_[1]);
    plugs.resize(filled_[2]);
    blocks.resize(filled_[3]);
    parameters.resize(filled_[4]);
    variables.resize(filled_[5]);
    choices.resize(filled_[6]);
    states.resize(filled_[7]);
    tearing.resize(filled_[8]);
    residuals.resize(filled_[9]);
    ranges.resize(filled_[10]);
    system_defaults.resize(filled_[11]);
    filled_.fill(0);
}

void Model::clear() {
    read_signal_cache_.clear();
    write_signal_cache_.clear();
    names_changed = true;
    names_unique = false;
    checked_hashes_distinct = false;
    checked_name_hashes.clear();
    components.clear();
    signals.clear();
    plugs.clear();
    blocks.clear();
    parameters.clear();
    choices.clear();
    variables.clear();
    states.clear();
    tearing.clear();
    residuals.clear();
    ranges.clear();
    system_defaults.clear();
    clear_unrefilled();
    filled_.fill(0);
}

void Model::clear_unrefilled() {
    pass_throughs.clear();
    plug_offers.clear();
    balance_terms.clear();
    assembly_conditions.clear();
    redirected_reads.clear();
    block_read_signals_.clear();
    block_write_signals_.clear();
    default_providers.clear();
    arrays.clear();
    start_events.clear();
    time_events.clear();
    zero_crossings.clear();
    sampled_events.clear();
    unmet_requirements.clear();
    advice.clear();
    time_inputs.clear();
    time_sources_before.clear();
    discrete_signals.clear();
    warm_starts.clear();
    after_steps.clear();
    start_follows.clear();
    start_derivatives.clear();
    inputs.clear();
    outputs.clear();
    state_dependent_coefficients = false;
    cut_offers = 0;
    signal_index_.reset(0);
    signal_index_built_ = false;
    signal_objects_.clear();
    block_read_start_.clear();
    block_write_start_.clear();
    block_reads_.clear();
    block_writes_.clear();
    signal_writer.clear();
}

}  // namespace lied
