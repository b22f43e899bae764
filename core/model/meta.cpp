#include "core/model/meta.h"

#include "core/model/model.h"

namespace lied {

template <class Info>
void Meta::name_entry(Info& info, std::string_view name) const {
    if (write_path(info.path, path_, name) || info.path_hash == 0) {
        info.path_hash = hash_path(info.path);
        model_.names_changed = true;
    }
}

void Meta::coefficients_depend_on_state() { model_.state_dependent_coefficients = true; }

bool Meta::offer_cut(bool& asked) {
    ++model_.cut_offers;
    asked = asked || model_.prefer_cuts;
    return asked;
}

void Meta::add_time_event(Block handler, const double& time, std::string_view name) {
    model_.time_events.push_back({join(name), &time, handler, component_});
}

void Meta::add_zero_crossing(Block handler, Out<double>& indicator, std::string_view name, Crossing direction, double hysteresis) {
    model_.zero_crossings.push_back({join(name), &indicator, direction, hysteresis, handler, component_});
}

void Meta::kink(Out<double>& indicator, std::string_view name) {
    add_zero_crossing(Block{nullptr, [](void*) {}}, indicator, name, Crossing::Both, 0.0);
}

void Meta::add_sampled_event(Block handler, const double& period, const double& offset, std::string_view name) {
    model_.sampled_events.push_back({join(name), &period, &offset, handler, component_});
}

void Meta::discrete_signal(OutBase& out, std::string_view name) {
    signal(out, name);
    model_.discrete_signals.push_back(&out);
}

void Meta::warm_start(double& value) { model_.warm_starts.push_back(&value); }

void Meta::start_follows(State& state, const double& value) { model_.start_follows.push_back({&state, &value, component_}); }
void Meta::start_derivative(State& state, const double& rate) { model_.start_derivatives.push_back({&state, &rate, component_}); }

void Meta::time(In<double>& in) { model_.time_inputs.push_back(&in); }

void Meta::input(Out<double>& value, const InputDeclaration& d) {
    discrete_signal(value, "input");   // a saved state holds it; it changes only between steps
    model_.inputs.push_back({path_, &value, d.seen, d.start, d.min, d.max, std::string(d.unit), std::string(d.description), d.driven_by_table, component_});
}

void Meta::output(std::string_view name, std::string_view value_path, std::string_view description) {
    model_.outputs.push_back({join(name), join(value_path), std::string(description), component_});
}

void Meta::add_start_event(Block handler, bool& started, std::string_view name, bool after_events) {
    model_.start_events.push_back({join(name), handler, &started, component_, after_events});
}

void Meta::add_after_step(Block handler, std::string_view name, std::span<double> memory) {
    model_.after_steps.push_back({join(name), handler, memory, component_});
}

void Meta::add_unmet_requirement(std::string_view message, std::string_view rule) {
    model_.unmet_requirements.push_back({path_ + (path_.empty() ? "" : ": ") + std::string(message), std::string(rule)});
}

void Meta::add_advice(std::string_view message, std::string_view why) {
    model_.advice.push_back({path_ + (path_.empty() ? "" : ": ") + std::string(message), std::string(why)});
}
namespace {
// An In the last crawl pointed past a pass-through reads its own source again from its registration on: the rest of
// the metainfo (a variable at the In's value) and the checks see the tree as the user composed it, and whatever
// the In read before may be gone. The crawl points it past the pass-through again if it still can.
void read_own_source(SignalBase& s, Model& m) {
    if (!s.is_in() || !static_cast<InBase&>(s).reads_elsewhere()) return;
    auto& in = static_cast<InBase&>(s);
    if (m.keep_undone_reads) m.undone_reads.emplace_back(&in, in.read_address());
    in.read_own_source();
}

// The Block of a pass-through: its object is the model's PassThroughInfo (set when the crawl ends).
void run_pass_through(void* info) {
    const auto& p = *static_cast<const PassThroughInfo*>(info);
    p.copy(p.source, p.out);
}
}  // namespace

std::string Meta::join(std::string_view name) const {
    std::string s;
    join_into(s, name);
    return s;
}

// Into a string that may already have a buffer (a refilled entry's): no allocation when it is large enough.
void Meta::join_into(std::string& out, std::string_view name) const { write_path(out, path_, name); }

void Meta::component(Component& child, std::string_view name, std::string_view description) {
    const int index = static_cast<int>(model_.filled_components());
    ComponentInfo& info = model_.refill(model_.components);
    name_entry(info, name);
    info.component = &child;
    info.description.assign(description);
    const std::size_t first_plug = model_.filled_plugs();
    Meta child_meta(model_, info.path, index);
    child.metainfo(child_meta);
    model_.note_shared_properties(index, first_plug);
}

void Meta::offer_plug(Plug& plug, std::string_view name) {
    Model::PlugOffer& offer = model_.plug_offers.emplace_back();
    join_into(offer.path, name);
    offer.plug = &plug;
    offer.component = component_;
}

void Meta::plug(Plug& plug, std::string_view name) {
    const int plug_index = static_cast<int>(model_.filled_plugs());
    PlugInfo& info = model_.refill(model_.plugs);
    join_into(info.path, name);
    info.plug = &plug;
    info.component = component_;
    // members() adds signals only: the plug entry stays where it is. One reference captured, so that std::function
    // keeps the visitor in place instead of allocating it (once per plug and crawl).
    const struct {
        Meta& meta;
        const std::string& plug_path;
        int plug_index;
    } context{*this, info.path, plug_index};
    plug.members([&context](SignalBase& s, std::string_view member) {
        Model& model = context.meta.model_;
        SignalInfo& signal = model.refill(model.signals);
        if (write_path(signal.path, context.plug_path, member) || signal.path_hash == 0) {
            signal.path_hash = hash_path(signal.path);
            model.names_changed = true;
        }
        signal.signal = &s;
        signal.component = context.meta.component_;
        signal.plug = context.plug_index;
        read_own_source(s, model);
    });
}

void Meta::signal(SignalBase& signal, std::string_view name) {
    SignalInfo& info = model_.refill(model_.signals);
    name_entry(info, name);
    info.signal = &signal;
    info.component = component_;
    info.plug = -1;
    read_own_source(signal, model_);
}

BlockInfo& Meta::next_block(Block block, std::string_view name) {
    BlockInfo& info = model_.refill(model_.blocks);
    name_entry(info, name);
    info.block = block;
    info.component = component_;
    info.skipped = false;
    return info;
}

void Meta::add_block(Block block, std::string_view name, std::span<const SignalBase* const> reads, std::span<const OutBase* const> writes) {
    BlockInfo& info = next_block(block, name);
    info.first_read = model_.block_read_signals_.size();
    info.first_write = model_.block_write_signals_.size();
    model_.block_read_signals_.insert(model_.block_read_signals_.end(), reads.begin(), reads.end());
    model_.block_write_signals_.insert(model_.block_write_signals_.end(), writes.begin(), writes.end());
    info.reads = {};   // viewed when the crawl ends: the lists may still grow (and move)
    info.writes = {};
}

void Meta::add_pass_through(const SignalBase& source, OutBase& out, std::string_view name, void (*copy)(const SignalBase*, OutBase*)) {
    const SignalBase* reads[] = {&source};
    const OutBase* writes[] = {&out};
    const int block = static_cast<int>(model_.filled_of(model_.blocks));
    add_block(Block{nullptr, &run_pass_through}, name, reads, writes);
    model_.pass_throughs.push_back({&source, &out, copy, block});
}

void Meta::state(State& state, std::string_view name, NominalScale scale, std::string_view unit) {
    add_state(state, name, scale.factor * scale.fallback, unit).scale = scale;
}

void Meta::state(State& state, std::string_view name, double nominal, std::string_view unit) { add_state(state, name, nominal, unit); }

StateInfo& Meta::add_state(State& state, std::string_view name, double nominal, std::string_view unit) {
    StateInfo& info = model_.refill(model_.states);
    join_into(info.path, name);
    info.state = &state;
    info.nominal = nominal;
    info.scale = {};
    info.scale_provider = -1;
    info.estimated_scale = 0.0;
    info.unit.assign(unit);
    info.component = component_;
    info.value_signal = static_cast<int>(model_.filled_signals());
    signal(state.value, name);
    std::string& der_name = model_.name_scratch;   // "der(<name>)", in a buffer the model keeps between crawls
    der_name.assign("der(").append(name).append(")");
    info.derivative_signal = static_cast<int>(model_.filled_signals());
    signal(state.der, der_name);
    return info;   // the states' list does not move while signals are registered
}

void Meta::tearing(Out<double>& variable, std::string_view name) {
    TearingInfo& info = model_.refill(model_.tearing);
    join_into(info.path, name);
    info.variable = &variable;
    info.component = component_;
    info.signal = static_cast<int>(model_.filled_signals());
    signal(variable, name);
}

void Meta::residual(Out<double>& residual, std::string_view name) {
    ResidualInfo& info = model_.refill(model_.residuals);
    join_into(info.path, name);
    info.residual = &residual;
    info.component = component_;
    info.signal = static_cast<int>(model_.filled_signals());
    signal(residual, name);
}

ParameterInfo& Meta::next_parameter(std::string_view name, double* value, ParameterSpec&& spec, SystemDefault* follows) {
    ParameterInfo& info = model_.refill(model_.parameters);
    name_entry(info, name);
    info.value = value;
    info.spec = spec;   // copy-assigned: literals by address, owned texts into the entry's buffers
    info.component = component_;
    info.system_default = follows;
    info.array = -1;
    return info;
}

void Meta::parameter(double& value, std::string_view name, ParameterSpec spec) { next_parameter(name, &value, std::move(spec), nullptr); }

void Meta::parameter(ArrayParameter& value, std::string_view name, ArraySpec spec) {
    const int array = static_cast<int>(model_.arrays.size());
    ArrayParameterInfo& info = model_.arrays.emplace_back();
    join_into(info.path, name);
    info.value = &value;
    info.spec = std::move(spec);
    info.component = component_;
    info.rows = value.rows();
    info.cols = value.cols();
    // Set from C++ past what a setter admits: refused, and no elements registered.
    require(value.size() <= ArrayParameter::kMaxElements, [&] { return info.path + " " + info.spec.refusal(value); }, "an array parameter's size is bounded");
    for (std::size_t k = 0; k < value.size() && k < ArrayParameter::kMaxElements; ++k) {
        value.element_name(model_.name_scratch, name, k);
        ParameterInfo& element = next_parameter(model_.name_scratch, value.data() + k, ParameterSpec(info.spec.element), nullptr);
        element.array = array;
    }
}

void Meta::alias_parameter(SystemDefault& value, std::string_view name, ParameterSpec spec) {
    next_parameter(name, value.storage(), std::move(spec), &value);
}

void Meta::parameter(SystemDefault& value, std::string_view name, std::string_view key, ParameterSpec spec) {
    ParameterInfo& info = next_parameter(name, value.storage(), std::move(spec), &value);
    info.spec.description.append("; ", "system default ", key);   // into the entry's buffer
    SystemDefaultInfo& d = model_.refill(model_.system_defaults);
    join_into(d.path, name);
    d.parameter = &value;
    d.key.assign(key);
    d.component = component_;
    d.provider = -1;
}

void Meta::provide_default(double& value, std::string_view name, std::string_view key, ParameterSpec spec) {
    ParameterInfo& info = next_parameter(name, &value, std::move(spec), nullptr);
    info.spec.description.append("; ", "sets the system default ", key);
    const auto dot = path_.rfind('.');
    const std::string scope = dot == std::string::npos ? std::string() : path_.substr(0, dot);
    model_.default_providers.push_back({join(name), scope, std::string(key), &value, component_});
}

void Meta::choice(std::string& value, std::string_view name, const ChoiceSpec& spec) {
    ChoiceInfo& info = model_.refill(model_.choices);
    join_into(info.path, name);
    info.value = &value;
    info.spec = &spec;
    info.component = component_;
}

void Meta::valid_range(std::string_view name, ValidRange range) {
    RangeInfo& info = model_.refill(model_.ranges);
    join_into(info.path, name);
    info.range = range;   // copy-assigned: a literal rule by address, an owned one into the entry's buffer
    info.component = component_;
    info.value = nullptr;   // resolve_ranges finds the state or variable (where the refilled entry found it, if it is still there)
}

void Meta::variable(const double& value, std::string_view name, std::string_view unit) { add_variable(value, name, unit, ValueType::Real); }

void Meta::variable(const double& value, std::string_view name, ValueType type) { add_variable(value, name, {}, type); }

void Meta::add_variable(const double& value, std::string_view name, std::string_view unit, ValueType type) {
    VariableInfo& info = model_.refill(model_.variables);   // refilled in place: every field is written
    join_into(info.path, name);
    info.value = &value;
    info.unit.assign(unit);
    info.component = component_;
    info.type = type;
}

void Meta::stores(Quantity quantity, const double& amount, std::string_view name) {
    model_.balance_terms.push_back({component_, quantity, BalanceTermInfo::Kind::Stored, &amount, name});
}

void Meta::stores_by_rate(Quantity quantity, const double& rate, std::string_view name) {
    model_.balance_terms.push_back({component_, quantity, BalanceTermInfo::Kind::StoredRate, &rate, name});
}

void Meta::supplies(Quantity quantity, const double& rate, std::string_view name) {
    model_.balance_terms.push_back({component_, quantity, BalanceTermInfo::Kind::Supplied, &rate, name});
}

void Meta::dissipates(const double& rate, std::string_view name) {
    model_.balance_terms.push_back({component_, Quantity::Energy, BalanceTermInfo::Kind::Dissipated, &rate, name});
}

void Meta::creates(Quantity quantity, const double& rate, std::string_view name, std::string_view remedy) {
    model_.balance_terms.push_back({component_, quantity, BalanceTermInfo::Kind::Created, &rate, name, remedy});
}

void Meta::assembly_condition(const double& value, std::string_view name, AssemblyConditionInfo::Level level, const char* unit) {
    model_.assembly_conditions.push_back({component_, level, &value, name, unit});
}

void Meta::balance_neutral() {
    model_.balance_terms.push_back({component_, Quantity::Energy, BalanceTermInfo::Kind::Neutral, nullptr, {}});
}

const char* to_string(Quantity q) { return q == Quantity::Mass ? "mass" : "energy"; }
const char* unit_of(Quantity q) { return q == Quantity::Mass ? "kg" : "J"; }

}  // namespace lied
