#include "core/simulation/structural_change.h"

#include "core/support/closest_name.h"
#include "core/model/composite.h"
#include "core/model/introspection.h"
#include "core/model/model.h"
#include "core/simulation/simulator.h"

#include <algorithm>
#include <set>
#include <sstream>

namespace lied {

const double* PreviousValues::find(std::string_view name, std::size_t position) const {
    const std::vector<std::string>& paths = paths_;
    if (position < paths.size() && paths[position] == name) return values_ + position;
    if (!indexed_) {
        index_.reset(paths.size());
        for (std::size_t i = 0; i < paths.size(); ++i) index_.insert(paths[i], static_cast<int>(i));
        indexed_ = true;
    }
    const int* i = index_.find(name);
    return i ? values_ + *i : nullptr;
}

double PreviousValues::operator()(std::string_view name) const {
    if (const double* value = find(name)) {
        if (reads_) reads_->emplace_back(name);
        return *value;
    }
    throw std::invalid_argument("the previous structure has no state '" + std::string(name) + "'" + did_you_mean(std::string(name), paths_));
}

void StructuralChange::Undo::run() {
    for (auto it = steps_.rbegin(); it != steps_.rend(); ++it) (*it)();
    steps_.clear();
}

StructuralChange& StructuralChange::add(std::string parent, std::string name, std::unique_ptr<Component> component, std::string description) {
    edits_.push_back({Kind::Add, std::move(parent), std::move(name), std::move(description), std::move(component)});
    return *this;
}
StructuralChange& StructuralChange::remove(std::string path) {
    edits_.push_back({Kind::Remove, std::move(path), {}, {}, nullptr});
    return *this;
}
StructuralChange& StructuralChange::replace(std::string path, std::unique_ptr<Component> component) {
    edits_.push_back({Kind::Replace, std::move(path), {}, {}, std::move(component)});
    return *this;
}
StructuralChange& StructuralChange::connect(std::string a, std::string b) {
    edits_.push_back({Kind::Connect, std::move(a), std::move(b), {}, nullptr});
    return *this;
}
StructuralChange& StructuralChange::move_connections(std::string from, std::string to) {
    edits_.push_back({Kind::MoveConnections, std::move(from), std::move(to), {}, nullptr});
    return *this;
}
StructuralChange& StructuralChange::disconnect(std::string a, std::string b) {
    edits_.push_back({Kind::Disconnect, std::move(a), std::move(b), {}, nullptr});
    return *this;
}
StructuralChange& StructuralChange::set_parameter(std::string name, double value) {
    Edit e{Kind::SetParameter, std::move(name), {}, {}, nullptr};
    e.value = value;
    edits_.push_back(std::move(e));
    return *this;
}
StructuralChange& StructuralChange::set_parameter(std::string name, ArrayParameter value) {
    Edit e{Kind::SetArray, std::move(name), {}, {}, nullptr};
    e.array = std::move(value);
    edits_.push_back(std::move(e));
    return *this;
}
StructuralChange& StructuralChange::initialize(Initializer initializer) {
    initializers_.push_back(std::move(initializer));
    return *this;
}

namespace {
// Every state of the component at `path` (and of its children) from its start value.
void start_from_own_start_values(Simulator& sim, const std::string& path) {
    const std::string prefix = path + ".";
    for (const StateInfo& st : sim.model().states)
        if (st.path.compare(0, prefix.size(), prefix) == 0) sim.set_state(st.path, st.state->start);
}
}  // namespace

StructuralChange& StructuralChange::start_fresh(std::string path) {
    return initialize([path = std::move(path)](const PreviousValues&, Simulator& sim) {
        const Model& m = sim.model();
        const bool exists = std::any_of(m.components.begin(), m.components.end(), [&](const ComponentInfo& c) { return c.path == path; });
        if (!exists) {
            std::vector<std::string> paths;
            for (const ComponentInfo& c : m.components) paths.push_back(c.path);
            throw StructuralChangeError("start_fresh: no component '" + path + "' in the new structure" + did_you_mean(path, paths));
        }
        start_from_own_start_values(sim, path);
    });
}

StructuralChange& StructuralChange::start_values_win(std::vector<std::string> parameters) {
    return initialize([parameters = std::move(parameters)](const PreviousValues&, Simulator& sim) {
        const Model& m = sim.model();
        for (const std::string& name : parameters) {
            const std::size_t* index = sim.names().find_parameter(name);
            if (!index) {   // a choice starts no state; anything else is a mistake, named with the nearest parameter
                const bool choice = std::any_of(m.choices.begin(), m.choices.end(), [&](const ChoiceInfo& c) { return c.path == name; });
                if (!choice) (void)sim.names().parameter_index(name);
                continue;
            }
            const ParameterInfo& p = m.parameters[*index];
            bool starts_a_state = false;
            for (const StateInfo& st : m.states) {
                if (p.value != &st.state->start) continue;
                sim.set_state(st.path, st.state->start);
                starts_a_state = true;
            }
            // A parameter read at build (a volume's T_start, a heat exchanger's TA_start) computes its component's
            // start values: that component starts from all of them.
            if (!starts_a_state && p.spec.structural) start_from_own_start_values(sim, m.components[static_cast<std::size_t>(p.component)].path);
        }
    });
}

std::vector<std::string> StructuralChange::added_value_names() const {
    std::vector<std::string> names;
    for (const Edit& e : edits_) {
        if (!e.component || (e.kind != Kind::Add && e.kind != Kind::Replace)) continue;
        const std::string prefix = (e.kind == Kind::Add ? (e.a.empty() ? e.b : e.a + "." + e.b) : e.a) + ".";
        const Model m = describe(*e.component);
        for (auto& st : m.states) names.push_back(prefix + st.path);
        for (auto& v : m.variables) names.push_back(prefix + v.path);
        for (auto& p : m.parameters) names.push_back(prefix + p.path);
    }
    return names;
}

std::vector<std::string> StructuralChange::set_array_names() const {
    std::vector<std::string> names;
    for (const Edit& e : edits_)
        if (e.kind == Kind::SetArray) names.push_back(e.a);
    return names;
}

bool StructuralChange::sets_parameters() const {
    return std::any_of(edits_.begin(), edits_.end(), [](const Edit& e) { return e.kind == Kind::SetParameter || e.kind == Kind::SetArray; });
}

namespace {

std::vector<std::string> split_path(const std::string& path) {
    std::vector<std::string> parts;
    std::string part;
    std::istringstream in(path);
    while (std::getline(in, part, '.')) parts.push_back(part);
    return parts;
}

// The component at `path`, walking through Composites.
Component& component_at(Component& root, const std::string& path) {
    Component* c = &root;
    std::string walked;
    for (const std::string& part : split_path(path)) {
        auto* composite = dynamic_cast<Composite*>(c);
        if (!composite)
            throw StructuralChangeError("'" + (walked.empty() ? std::string("the root") : walked) + "' is a " + c->type_name() +
                                        ", not a Composite: its parts cannot be edited by path (a C++ class changes its own members and calls rebuild())");
        Component* next = composite->child(part);
        if (!next) throw StructuralChangeError("no component '" + part + "' in " + (walked.empty() ? std::string("the root") : walked) +
                                               did_you_mean(part, composite->child_names()));
        walked += (walked.empty() ? "" : ".") + part;
        c = next;
    }
    return *c;
}

Composite& composite_at(Component& root, const std::string& path) {
    Component& c = component_at(root, path);
    auto* composite = dynamic_cast<Composite*>(&c);
    if (!composite) throw StructuralChangeError("'" + path + "' is a " + c.type_name() + ", not a Composite: it has no children to add or remove");
    return *composite;
}

std::pair<std::string, std::string> parent_and_name(const std::string& path) {
    const auto dot = path.rfind('.');
    if (dot == std::string::npos) return {"", path};
    return {path.substr(0, dot), path.substr(dot + 1)};
}

struct Endpoint {
    Plug* plug = nullptr;
    SignalBase* signal = nullptr;
};

// "a.b.inlet": the longest component prefix reachable through Composites, then a plug or signal of it.
Endpoint endpoint_at(Component& root, const std::string& path) {
    const auto parts = split_path(path);
    Component* c = &root;
    std::size_t used = 0;
    while (used + 1 < parts.size()) {
        auto* composite = dynamic_cast<Composite*>(c);
        Component* next = composite ? composite->child(parts[used]) : nullptr;
        if (!next) break;
        c = next;
        ++used;
    }
    std::string member;
    for (std::size_t i = used; i < parts.size(); ++i) member += (member.empty() ? "" : ".") + parts[i];
    const Model m = describe(*c);
    std::vector<std::string> known;
    for (auto& p : m.plugs) {
        if (p.path == member) return {p.plug, nullptr};
        known.push_back(p.path);
    }
    for (auto& s : m.signals) {
        if (s.path == member) return {nullptr, s.signal};
        known.push_back(s.path);
    }
    throw StructuralChangeError("'" + path + "' names no plug or signal" + did_you_mean(member, known));
}

// Whether an input of `plug` is bound: it is connected already.
bool connected(Plug& plug) {
    bool bound = false;
    plug.members([&](SignalBase& s, std::string_view) { bound |= s.is_in() && static_cast<InBase&>(s).source() != nullptr; });
    return bound;
}

void connect_plugs(Plug& a, Plug& b, const std::string& a_path, const std::string& b_path) {
    if (std::string(a.domain()) != b.domain())
        throw StructuralChangeError("cannot connect " + a_path + " (" + a.kind() + ") to " + b_path + " (" + b.kind() +
                                    ") (rule: only plugs of one domain connect)");
    if (!a.symmetric() && a.is_outlet() == b.is_outlet())
        throw StructuralChangeError("cannot connect " + a_path + " to " + b_path + " (rule: " + a.same_side_rule() + ")");
    // A second partner would bind the plug's inputs twice, and undoing it would unbind the first partner too.
    for (auto [plug, path] : {std::pair<Plug*, const std::string*>{&a, &a_path}, {&b, &b_path}})
        if (!plug->accepts_many() && connected(*plug))
            throw StructuralChangeError(*path + " is connected already; disconnect it first (rule: a plug connects to one partner, use a splitter "
                                                "or junction to branch)");
    if (a.symmetric()) a.connect_to(b);
    else (a.is_outlet() ? a : b).connect_to(a.is_outlet() ? b : a);
}

// How a component is tied to the rest of the tree: plug to plug, and input to output outside plugs.
struct Ties {
    struct PlugTie {
        std::string member;   // the plug's path inside the component
        Plug* inside;
        Plug* outside;
    };
    struct SignalTie {
        std::string member;   // the inside signal's path inside the component
        InBase* in;
        const OutBase* out;
        bool in_inside;       // the input belongs to the component (else the output does)
    };
    std::vector<PlugTie> plugs;
    std::vector<SignalTie> signals;
};

Ties ties_of(Component& c, const Model& model) {
    // Crawling `c` alone points its signals' index hints at `inside`; every other signal's hint still points
    // into `model`. So each lookup below is one load, and nothing is built over the whole model: replacing one
    // component of a large network costs what that component touches plus one pass over the model's inputs.
    const Model inside = describe(c);
    auto inside_index = [&](const SignalBase* s) { return inside.signal_index_by_hint(s); };
    auto owner = [](const Model& m, int signal) -> Plug* {
        const int plug = signal < 0 ? -1 : m.signals[static_cast<std::size_t>(signal)].plug;
        return plug < 0 ? nullptr : m.plugs[static_cast<std::size_t>(plug)].plug;
    };
    std::vector<const Plug*> inside_plugs;
    for (auto& p : inside.plugs) inside_plugs.push_back(p.plug);
    auto is_inside = [&](const Plug* p) { return std::find(inside_plugs.begin(), inside_plugs.end(), p) != inside_plugs.end(); };
    const SignalBase* time = model.signals.empty() ? nullptr : model.signals.front().signal;

    Ties ties;
    std::set<std::pair<const Plug*, const Plug*>> seen;
    auto tie_plugs = [&](Plug* in_c, Plug* out_c) {
        if (!in_c || !out_c || is_inside(out_c) || !seen.insert({in_c, out_c}).second) return;
        for (auto& p : inside.plugs)
            if (p.plug == in_c) ties.plugs.push_back({p.path, in_c, out_c});
    };
    // Inputs of the component bound outside it, and inputs outside bound to its outputs.
    for (std::size_t i = 0; i < inside.signals.size(); ++i) {
        auto& s = inside.signals[i];
        if (!s.signal->is_in()) continue;
        auto* in = static_cast<InBase*>(s.signal);
        const OutBase* src = in->source();
        if (!src || src == time || inside_index(src) >= 0) continue;
        Plug* own = owner(inside, static_cast<int>(i));
        Plug* other = owner(model, model.signal_index(src));
        if (own && other) tie_plugs(own, other);
        else ties.signals.push_back({s.path, in, src, true});
    }
    for (std::size_t j = 0; j < model.signals.size(); ++j) {
        auto& s = model.signals[j];
        if (!s.signal->is_in()) continue;
        auto* in = static_cast<InBase*>(s.signal);
        const OutBase* source = in->source();
        if (!source || source == time || inside_index(in) >= 0) continue;
        const int src = inside_index(source);
        if (src < 0) continue;
        Plug* own = owner(model, static_cast<int>(j));
        Plug* other = owner(inside, src);
        if (own && other) tie_plugs(other, own);
        else ties.signals.push_back({inside.signals[static_cast<std::size_t>(src)].path, in, source, false});
    }
    return ties;
}

// Unties `c` from everything outside it, recording how to tie it again.
Ties untie(Component& c, const Model& model, StructuralChange::Undo& undo) {
    Ties ties = ties_of(c, model);
    for (auto& t : ties.plugs) {
        t.inside->disconnect_from(*t.outside);
        undo.push([t] { connect_plugs(*t.inside, *t.outside, t.member, "its partner"); });
    }
    for (auto& t : ties.signals) {
        t.in->disconnect();
        undo.push([t] { t.in->connect_any(*t.out); });
    }
    return ties;
}

}  // namespace

void StructuralChange::make_edits(Component& root, Simulator& sim, Undo& undo) {
    // The tree as the earlier edits left it: the simulator's crawl until an edit changes the tree, then a new one.
    bool tree_changed = false;
    std::unique_ptr<Model> recrawled;
    auto current = [&]() -> const Model& {
        if (!tree_changed) return sim.model();
        recrawled = std::make_unique<Model>(describe(root));
        return *recrawled;
    };
    for (std::size_t k = 0; k < edits_.size(); ++k) {
        Edit& e = edits_[k];
        tree_changed |= k > 0 && edits_[k - 1].kind != Kind::SetParameter && edits_[k - 1].kind != Kind::SetArray;
        try {
            switch (e.kind) {
                case Kind::Add: {
                    if (!e.component) throw StructuralChangeError("the component to add as '" + e.b + "' is null");
                    Composite& parent = composite_at(root, e.a);
                    if (parent.child(e.b)) throw StructuralChangeError("'" + e.b + "' exists already in " + (e.a.empty() ? "the root" : e.a));
                    parent.add(e.b, std::move(e.component), e.c);
                    undo.push([&parent, name = e.b, &slot = e.component] { slot = parent.take(name).component; });
                    break;
                }
                case Kind::Remove: {
                    const auto [parent_path, name] = parent_and_name(e.a);
                    Composite& parent = composite_at(root, parent_path);
                    Component& c = component_at(root, e.a);
                    untie(c, current(), undo);
                    auto taken = std::make_shared<Composite::Taken>(parent.take(name));
                    undo.push([&parent, name, taken] { parent.insert(name, std::move(taken->component), taken->description, taken->position); });
                    break;
                }
                case Kind::Replace: {
                    if (!e.component) throw StructuralChangeError("the replacement for '" + e.a + "' is null");
                    const auto [parent_path, name] = parent_and_name(e.a);
                    Composite& parent = composite_at(root, parent_path);
                    Component& old = component_at(root, e.a);
                    const Ties ties = untie(old, current(), undo);
                    auto taken = std::make_shared<Composite::Taken>(parent.take(name));
                    undo.push([&parent, name, taken] { parent.insert(name, std::move(taken->component), taken->description, taken->position); });
                    Component& fresh = parent.insert(name, std::move(e.component), taken->description, taken->position);
                    undo.push([&parent, name, &slot = e.component] { slot = parent.take(name).component; });
                    const Model now = describe(fresh);
                    auto missing = [&](const std::string& member) {
                        return StructuralChangeError("the replacement (" + std::string(fresh.type_name()) + ") has no '" + member + "' for the connection " +
                                                     e.a + "." + member + " had (rule: a replacement offers every plug and signal the old component was connected by)");
                    };
                    for (auto& t : ties.plugs) {
                        auto p = std::find_if(now.plugs.begin(), now.plugs.end(), [&](const PlugInfo& i) { return i.path == t.member; });
                        if (p == now.plugs.end()) throw missing(t.member);
                        connect_plugs(*p->plug, *t.outside, e.a + "." + t.member, "its old partner");
                        undo.push([plug = p->plug, outside = t.outside] { plug->disconnect_from(*outside); });
                    }
                    for (auto& t : ties.signals) {
                        auto s = std::find_if(now.signals.begin(), now.signals.end(), [&](const SignalInfo& i) { return i.path == t.member; });
                        if (s == now.signals.end()) throw missing(t.member);
                        InBase* in = t.in_inside ? (s->signal->is_in() ? static_cast<InBase*>(s->signal) : nullptr) : t.in;
                        const OutBase* out = t.in_inside ? t.out : (s->signal->is_in() ? nullptr : static_cast<const OutBase*>(s->signal));
                        if (!in || !out || !in->connect_any(*out)) throw missing(t.member);
                        undo.push([in] { in->disconnect(); });
                    }
                    break;
                }
                case Kind::Connect:
                case Kind::Disconnect: {
                    const Endpoint a = endpoint_at(root, e.a), b = endpoint_at(root, e.b);
                    const bool connecting = e.kind == Kind::Connect;
                    if (a.plug && b.plug) {
                        if (connecting) {
                            connect_plugs(*a.plug, *b.plug, e.a, e.b);
                            undo.push([p = a.plug, q = b.plug] { p->disconnect_from(*q); });
                        } else {
                            if (!Plug::reads_from(*a.plug, *b.plug) && !Plug::reads_from(*b.plug, *a.plug))
                                throw StructuralChangeError("'" + e.a + "' and '" + e.b + "' are not connected");
                            a.plug->disconnect_from(*b.plug);
                            undo.push([p = a.plug, q = b.plug, pa = e.a, pb = e.b] { connect_plugs(*p, *q, pa, pb); });
                        }
                        break;
                    }
                    if (!a.signal || !b.signal || a.signal->is_in() == b.signal->is_in())
                        throw StructuralChangeError("'" + e.a + "' and '" + e.b + "' are not two plugs or an output and an input");
                    auto* in = static_cast<InBase*>(a.signal->is_in() ? a.signal : b.signal);
                    auto* out = static_cast<const OutBase*>(a.signal->is_in() ? b.signal : a.signal);
                    if (connecting) {
                        if (in->source()) throw StructuralChangeError("the input is bound already (disconnect it first): " + e.a + ", " + e.b);
                        if (!in->connect_any(*out))
                            throw StructuralChangeError(std::string("cannot connect a ") + out->type_name() + " output to a " + in->type_name() + " input: " + e.a + ", " + e.b);
                        undo.push([in] { in->disconnect(); });
                    } else {
                        if (in->source() != out) throw StructuralChangeError("'" + e.a + "' and '" + e.b + "' are not connected");
                        in->disconnect();
                        undo.push([in, out] { in->connect_any(*out); });
                    }
                    break;
                }
                case Kind::MoveConnections: {
                    const Endpoint from = endpoint_at(root, e.a), to = endpoint_at(root, e.b);
                    if (!from.plug || !to.plug) throw StructuralChangeError("move_connections takes two plugs: '" + e.a + "', '" + e.b + "'");
                    const Model& now = current();
                    for (auto& q : now.plugs) {
                        if (q.plug == from.plug || q.plug == to.plug || !(Plug::reads_from(*from.plug, *q.plug) || Plug::reads_from(*q.plug, *from.plug))) continue;
                        from.plug->disconnect_from(*q.plug);
                        undo.push([p = from.plug, other = q.plug, pa = e.a, pb = q.path] { connect_plugs(*p, *other, pa, pb); });
                        connect_plugs(*to.plug, *q.plug, e.b, q.path);
                        undo.push([p = to.plug, other = q.plug] { p->disconnect_from(*other); });
                    }
                    break;
                }
                case Kind::SetParameter: {
                    const double before = sim.parameter(e.a);
                    sim.set_parameter(e.a, e.value);
                    undo.push([&sim, name = e.a, before] { sim.set_parameter(name, before); });
                    break;
                }
                case Kind::SetArray: {
                    // Undone in the component's own value, not by name: a failed build of the new shape leaves no
                    // model to look the name up in, and the rebuild after the undo applies the old shape.
                    const ArrayParameter& current = sim.array_parameter(e.a);
                    auto* storage = const_cast<ArrayParameter*>(&current);
                    ArrayParameter before = current;
                    sim.set_parameter(e.a, e.array);
                    // A new shape: the same storage back (the elements' entries point into it); the same shape: the values.
                    undo.push([&sim, storage, before = std::move(before)] {
                        if (sim.undo_array_reshape(*storage)) return;
                        if (storage->same_shape(before)) storage->assign_values(before);
                        else *storage = before;
                    });
                    break;
                }
            }
        } catch (const std::exception& error) {
            undo.run();
            throw StructuralChangeError("edit " + std::to_string(k + 1) + ": " + error.what());
        }
    }
}

}  // namespace lied
