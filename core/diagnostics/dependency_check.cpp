#include "core/diagnostics/dependency_check.h"

#include "core/model/introspection.h"
#include "core/model/value_layout.h"

#include <cmath>
#include <cstring>
#include <set>
#include <unordered_map>
#include <utility>
#include <vector>

namespace lied {
namespace {

// A value the check can set, perturb and compare: where it lives and how many doubles it holds.
struct Slot {
    double* value;
    std::size_t doubles;
    const ValueLayout* layout;
    int signal;   // index into Model::signals, for its name
};

bool same(const double* a, const double* b, std::size_t n) { return std::memcmp(a, b, n * sizeof(double)) == 0; }

bool all_finite(const double* v, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i)
        if (!std::isfinite(v[i])) return false;
    return true;
}

// The address a signal's value is read at: an Out's own value, an In's source (or, while unbound, the value the
// check gave it).
const void* value_read(const SignalBase* s) {
    if (s->is_in()) return static_cast<const InBase*>(s)->read_address();
    return static_cast<const OutBase*>(s)->value_address();
}

// Unbound Ins of a type without a fallback of their own all read one shared default, which must not be written. For
// the check each reads a value of its own here, as long as the check runs; the destructor points them back.
class OwnFallbacks {
public:
    OwnFallbacks(const Model& model) {
        std::size_t doubles = 0;
        std::vector<std::size_t> sizes;
        for (const SignalInfo& info : model.signals)
            if (const ValueLayout* layout = unbound_with_layout(info.signal)) {
                ins_.push_back(static_cast<InBase*>(info.signal));
                sizes.push_back(layout->doubles);
                doubles += layout->doubles;
            }
        storage_.resize(doubles);
        double* next = storage_.data();
        std::unordered_map<const void*, const void*> moved;   // fallback → the value the check gave it
        for (std::size_t i = 0; i < ins_.size(); ++i) {
            InBase* in = ins_[i];
            const std::size_t n = sizes[i];
            std::memcpy(next, in->read_address(), n * sizeof(double));
            moved[in->read_address()] = next;
            in->read_at(next);
            next += n;
        }
        // Readers pointed past a pass-through at such a fallback follow it (on a tree a simulator has built).
        for (const SignalInfo& info : model.signals) {
            if (!info.signal->is_in()) continue;
            auto* in = static_cast<InBase*>(info.signal);
            if (!in->reads_elsewhere() || !in->source()) continue;
            if (auto it = moved.find(in->read_address()); it != moved.end()) {
                redirected_.emplace_back(in, in->read_address());
                in->read_at(it->second);
            }
        }
    }
    ~OwnFallbacks() {
        for (InBase* in : ins_) in->read_own_source();
        for (auto [in, address] : redirected_) in->read_at(address);
    }
    OwnFallbacks(const OwnFallbacks&) = delete;
    OwnFallbacks& operator=(const OwnFallbacks&) = delete;

private:
    static const ValueLayout* unbound_with_layout(const SignalBase* s) {
        if (!s->is_in() || static_cast<const InBase*>(s)->source()) return nullptr;
        return find_value_layout(s->type_name());
    }
    std::vector<InBase*> ins_;
    std::vector<std::pair<InBase*, const void*>> redirected_;
    std::vector<double> storage_;
};

}  // namespace

DependencyReport check_dependencies(Component& component, const std::string& path) {
    DependencyReport report;
    Model model = describe(component, path);
    for (auto& r : model.unmet_requirements) report.unchecked.push_back("not checked: " + r.message + " (" + r.rule + ")");
    if (!model.unmet_requirements.empty()) return report;
    const OwnFallbacks own_fallbacks(model);

    // One slot per value: an Out's value, or an unbound In's own value (a bound In reads its source's slot).
    std::vector<Slot> slots;
    std::unordered_map<const void*, std::size_t> slot_at;
    std::set<std::string> types_without_layout;
    for (std::size_t i = 0; i < model.signals.size(); ++i) {
        const SignalBase* s = model.signals[i].signal;
        const void* address = nullptr;
        if (s->is_in()) {
            const auto* in = static_cast<const InBase*>(s);
            if (in->source()) continue;
            address = in->read_address();
        } else {
            address = static_cast<const OutBase*>(s)->value_address();
        }
        if (slot_at.count(address)) continue;
        const ValueLayout* layout = find_value_layout(s->type_name());
        if (!layout) {
            types_without_layout.insert(s->type_name());
            continue;
        }
        slot_at[address] = slots.size();
        slots.push_back({const_cast<double*>(static_cast<const double*>(address)), layout->doubles, layout, static_cast<int>(i)});
    }
    for (auto& t : types_without_layout)
        report.unchecked.push_back("signals of type '" + t + "' not perturbed (no value layout registered for it)");

    // The test point: every slot at a typical value, varied between slots so that no two inputs are equal. Real
    // numbers take one of two scales, order one or that of a temperature in kelvin (a heat flow from a wall at
    // 1.5 K does not converge): a block is checked at the first point where its outputs are finite.
    std::vector<double> base;
    std::vector<std::size_t> offset(slots.size());
    for (std::size_t k = 0; k < slots.size(); ++k) {
        offset[k] = base.size();
        base.resize(base.size() + slots[k].doubles);
        slots[k].layout->typical(base.data() + offset[k], std::fmod(0.1 + 0.618033988749895 * static_cast<double>(k), 1.0));
    }
    const std::vector<double> order_one = base;
    const std::vector<double> kelvin = [&] {
        std::vector<double> values = order_one;
        const ValueLayout* real = find_value_layout("real");
        for (std::size_t k = 0; k < slots.size(); ++k)
            if (slots[k].layout == real) values[offset[k]] = 300.0 * (0.8 + 0.4 * (order_one[offset[k]] - 1.0));
        return values;
    }();
    auto set_base = [&] {
        for (std::size_t k = 0; k < slots.size(); ++k) std::memcpy(slots[k].value, base.data() + offset[k], slots[k].doubles * sizeof(double));
    };
    auto name_of = [&](std::size_t k) { return model.signals[static_cast<std::size_t>(slots[k].signal)].path; };

    std::vector<double> outputs, again;
    for (auto& block : model.blocks) {
        if (!block.block.object) continue;   // a pass-through: the engine copies, nothing to check
        std::set<std::size_t> declared_reads, declared_writes;
        for (const SignalBase* r : block.reads)
            if (auto it = slot_at.find(value_read(r)); it != slot_at.end()) declared_reads.insert(it->second);
        for (const OutBase* w : block.writes)
            if (auto it = slot_at.find(w->value_address()); it != slot_at.end()) declared_writes.insert(it->second);
        auto read_outputs = [&](std::vector<double>& into) {
            into.clear();
            for (std::size_t k : declared_writes) into.insert(into.end(), slots[k].value, slots[k].value + slots[k].doubles);
        };

        bool finite = false;
        for (const auto* point : {&order_one, &kelvin}) {
            base = *point;
            set_base();
            block.block();
            read_outputs(outputs);
            if ((finite = all_finite(outputs.data(), outputs.size()))) break;
        }
        if (!finite) {
            report.unchecked.push_back(block.path + ": outputs not finite at either test point; its reads not checked");
            continue;
        }
        for (std::size_t k = 0; k < slots.size(); ++k)
            if (!declared_writes.count(k) && !same(slots[k].value, base.data() + offset[k], slots[k].doubles))
                report.findings.push_back({DependencyFinding::Kind::UndeclaredWrite, block.path, name_of(k),
                                           block.path + " writes " + name_of(k) + " without declaring it (rule: a block declares every signal it writes)"});
        set_base();
        block.block();
        read_outputs(again);
        if (!same(outputs.data(), again.data(), outputs.size())) {
            report.findings.push_back({DependencyFinding::Kind::HiddenMemory, block.path, {},
                                       block.path + " gives other outputs from the same inputs on a second call (rule: a block's outputs are a "
                                                    "function of the signals it reads; memory between calls belongs in states or discrete signals)"});
            continue;
        }
        ++report.blocks_checked;
        for (std::size_t k = 0; k < slots.size(); ++k) {
            if (declared_reads.count(k) || declared_writes.count(k)) continue;
            set_base();
            block.block();   // the block's own memory, if any, back at the test point
            set_base();
            for (std::size_t i = 0; i < slots[k].doubles; ++i) slots[k].value[i] = slots[k].value[i] * (1.0 + 1e-3) + 1e-3;
            block.block();
            read_outputs(again);
            ++report.signals_perturbed;
            if (!same(outputs.data(), again.data(), outputs.size()))
                report.findings.push_back({DependencyFinding::Kind::UndeclaredRead, block.path, name_of(k),
                                           block.path + " reads " + name_of(k) + " without declaring it (rule: a block declares every signal it reads; "
                                                                                 "the schedule orders blocks by these declarations alone)"});
        }
    }
    set_base();
    return report;
}

}  // namespace lied
