#include "core/build/pass_through.h"

namespace lied {

void skip_pass_throughs(Model& m) {
    if (m.pass_throughs.empty() || !m.skip_pass_throughs) return;
    const std::size_t ns = m.signals.size();
    std::vector<int>& of = m.pass_through_of;
    of.assign(ns, -1);
    auto out_index = [&](const PassThroughInfo& p) { return m.write_indices(static_cast<std::size_t>(p.block))[0]; };
    // Per pass-through: skipped (decided in the passes below, then written into its BlockInfo).
    std::vector<char>& skip = m.pass_through_skipped;
    skip.assign(m.pass_throughs.size(), 1);
    for (std::size_t i = 0; i < m.pass_throughs.size(); ++i) {
        const int out = out_index(m.pass_throughs[i]);
        if (out < 0) skip[i] = 0;   // unregistered: the block check refuses it
        else of[static_cast<std::size_t>(out)] = static_cast<int>(i);
    }
    auto keep = [&](int signal) {
        if (signal >= 0 && of[static_cast<std::size_t>(signal)] >= 0) skip[static_cast<std::size_t>(of[static_cast<std::size_t>(signal)])] = 0;
    };
    // A block that lists the Out itself among its reads (not an In bound to it) reads the Out's own value. (Compared
    // with the pass-through's entry, which lies in crawl order like the reads, not with the signal objects' array.)
    const auto& objects = m.signal_objects();
    for (std::size_t k = 0; k < m.blocks.size(); ++k) {
        const auto reads = m.read_indices(k);
        for (std::size_t i = 0; i < reads.size(); ++i) {
            const int p = reads[i] >= 0 ? of[static_cast<std::size_t>(reads[i])] : -1;
            if (p >= 0 && m.read_signal(k, i) == m.pass_throughs[static_cast<std::size_t>(p)].out) keep(reads[i]);
        }
    }
    // What the engine reads by address.
    for (std::size_t i = 0; i < m.residuals.size(); ++i) keep(m.residual_signal(i));
    for (std::size_t k = 0; k < m.states.size(); ++k) keep(m.state_derivative_signal(k));
    for (auto& z : m.zero_crossings) keep(m.signal_index(z.indicator));

    // The value a skipped pass-through's readers read: its source's, through skipped pass-throughs. Resolved once
    // per Out; a cycle of pass-throughs (which the schedule refuses) resolves to the Out where it closes.
    std::vector<const void*>& origin = m.pass_through_origin;
    origin.assign(ns, nullptr);
    for (std::size_t i = 0; i < m.pass_throughs.size(); ++i) m.blocks[static_cast<std::size_t>(m.pass_throughs[i].block)].skipped = skip[i] != 0;
    auto skipped = [&](int signal) { return signal >= 0 && of[static_cast<std::size_t>(signal)] >= 0 && skip[static_cast<std::size_t>(of[static_cast<std::size_t>(signal)])]; };
    auto own_value = [&](int signal) -> const void* {
        const auto& l = m.links[static_cast<std::size_t>(signal)];
        return l.real ? static_cast<const void*>(l.real) : static_cast<const OutBase*>(objects[static_cast<std::size_t>(signal)])->value_address();
    };
    // Walks up from `out` to the first Out that is not a skipped pass-through's, marking the way, then gives every
    // Out on it that value: each Out is walked once, in whatever order the Ins come (a pipe composed from its end).
    static const char on_the_way = 0;
    std::vector<int>& chain = m.pass_through_chain;
    auto resolve = [&](int out) {
        chain.clear();
        const void* value = nullptr;
        for (int at = out; !value;) {
            const void* known = origin[static_cast<std::size_t>(at)];
            if (known == &on_the_way) value = own_value(at);   // a cycle: the schedule refuses it
            else if (known) value = known;
            else if (!skipped(at)) value = own_value(at);
            else {
                origin[static_cast<std::size_t>(at)] = &on_the_way;
                chain.push_back(at);
                const PassThroughInfo& p = m.pass_throughs[static_cast<std::size_t>(of[static_cast<std::size_t>(at)])];
                const int source = m.read_indices(static_cast<std::size_t>(p.block))[0];   // an In's Out, or the Out itself
                if (source < 0) value = static_cast<const InBase*>(p.source)->own_address();   // an unbound In: its fallback (a shared T{} unless optional)
                else at = source;
            }
        }
        for (int c : chain) origin[static_cast<std::size_t>(c)] = value;
        return value;
    };
    auto origin_of = [&](int out) {
        const void* value = origin[static_cast<std::size_t>(out)];
        return value ? value : resolve(out);
    };
    for (std::size_t i = 0; i < ns; ++i) {
        const auto& l = m.links[i];
        if (!l.is_in || !skipped(l.source)) continue;
        const void* value = origin_of(l.source);
        auto* in = static_cast<InBase*>(const_cast<SignalBase*>(objects[i]));   // the dense array: no path-carrying entry
        in->read_at(value);
        m.redirected_reads.emplace_back(in, value);
    }
    // A variable registered at a skipped Out's value (often through an In bound to it: a pipe's m_flow) reads the
    // value it stands for, which every evaluation keeps current, as the copy did.
    FlatIndex<const double*, int>& by_value = m.pass_through_by_value;
    by_value.reset(m.pass_throughs.size());
    for (std::size_t a = 0; a < ns; ++a)
        if (m.links[a].real && skipped(static_cast<int>(a))) by_value.insert(m.links[a].real, static_cast<int>(a));
    if (by_value.size() == 0) return;
    for (auto& v : m.variables)
        if (const int* a = by_value.find(v.value)) v.value = static_cast<const double*>(origin_of(*a));
    for (auto& term : m.balance_terms)   // the same for the balance auditor's terms
        if (const int* a = term.value ? by_value.find(term.value) : nullptr) term.value = static_cast<const double*>(origin_of(*a));
}

void redirect_reads(const Model& m) {
    for (const auto& [in, value] : m.redirected_reads) in->read_at(value);
}

}  // namespace lied
