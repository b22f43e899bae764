#pragma once
// Variable structure: a list of edits to the component tree of a running simulation, which Simulator::apply makes
// together at a step boundary before it crawls, orders and checks the new structure. Nothing is generated or
// compiled: the components exist already, only the schedule is new.
//  - States that survive by name keep their values; new states start from their start values, and an
//    initializer may set them from the previous structure's values (a released stage starts with the velocity
//    of the assembly it left).
//  - If an edit cannot be made or the new structure does not build, every edit is undone in reverse order and
//    the run goes on with the previous structure; the error says why.
// Paths run from the root: "branch.valve" names a component, "branch.valve.inlet" one of its plugs or signals.
// Adding, removing and replacing need a Composite parent (what system files build; C++ classes may hold one).
#include "core/model/array_parameter.h"
#include "core/model/component.h"
#include "core/support/flat_index.h"

#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace lied {

class Simulator;

// The states of the structure before a change, by name.
class PreviousValues {
public:
    // A structure's states in its own order: paths[i] had values[i]. Looked up by position first (a structure of
    // the same shape keeps the order); an index by name is built only when a name is not where it was. `reads`, if
    // given, collects the names read through operator() (a real-time swap finds what the new states depend on
    // from it).
    PreviousValues(const std::vector<std::string>& paths, const double* values, std::vector<std::string>* reads = nullptr)
        : paths_(paths), values_(values), reads_(reads) {}
    bool has(std::string_view name) const { return find(name) != nullptr; }
    // Throws std::invalid_argument, with a suggestion, for a name the previous structure did not have.
    double operator()(std::string_view name) const;
    bool empty() const { return paths_.empty(); }
    // The value `name` had, or null; not counted as read. `position` is where the name stood if the order was
    // kept, tried before any lookup.
    const double* find(std::string_view name, std::size_t position = static_cast<std::size_t>(-1)) const;

private:
    const std::vector<std::string>& paths_;
    const double* values_;
    mutable FlatIndex<std::string_view, int> index_;   // by name, built at the first miss by position
    mutable bool indexed_ = false;
    std::vector<std::string>* reads_;
};

// A change that could not be made: the message says which edit and why; the simulation is unchanged.
class StructuralChangeError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class StructuralChange {
public:
    explicit StructuralChange(std::string description) : description_(std::move(description)) {}

    StructuralChange& add(std::string parent, std::string name, std::unique_ptr<Component> component, std::string description = {});
    // Disconnects the component's plugs and signals from everything outside it first.
    StructuralChange& remove(std::string path);
    // The replacement takes over the connections of the old component, plug by plug and signal by signal of the
    // same name (a valve for a valve); a connection it has no member for is an error.
    StructuralChange& replace(std::string path, std::unique_ptr<Component> component);
    // Two plugs (outlet and inlet in either order) or an output and an input signal.
    StructuralChange& connect(std::string a, std::string b);
    // Every connection of plug `from` goes to plug `to` instead (the elements attached to a body move to the
    // assembly that replaces it).
    StructuralChange& move_connections(std::string from, std::string to);
    StructuralChange& disconnect(std::string a, std::string b);
    StructuralChange& set_parameter(std::string name, double value);
    // A vector or matrix ("lti.A"); a new shape is made with the other edits and built once with them, so that
    // several arrays whose shapes must agree (A and B of a state space) change together.
    StructuralChange& set_parameter(std::string name, ArrayParameter value);
    // Runs once the new structure is crawled, before its checks: sets new states (Simulator::set_state) from the
    // previous structure's values.
    using Initializer = std::function<void(const PreviousValues& previous, Simulator& sim)>;
    StructuralChange& initialize(Initializer initializer);
    // States survive by name. These two let a new component's own start values win instead: its start values are the
    // user's word (a tank of twice the area that carried the old level would hold twice the water).
    // Every state of the component at `path` (the replacement, or an added one) starts from its start value.
    StructuralChange& start_fresh(std::string path);
    // The states these parameters start ("t2.h0", full names) begin from the parameters' values; the others carry.
    // A parameter read at build that computes start values (a volume's T_start) makes its component start from all
    // of its start values; one that starts nothing (an area) changes nothing here.
    StructuralChange& start_values_win(std::vector<std::string> parameters);

    const std::string& description() const { return description_; }
    // The states, variables and parameters the components it adds will have, by full name (so that a recorder
    // can accept names that appear only after the change).
    // The components the change brings (added or replacing), e.g. to find the files they will read.
    void for_each_new_component(const std::function<void(Component&)>& visit) const {
        for (const Edit& e : edits_)
            if (e.component) visit(*e.component);
    }
    std::vector<std::string> added_value_names() const;
    // True if it sets parameters, which may change the structure in place (a structural parameter such as a
    // rod's number of volumes), so that names cannot be known before it runs.
    bool sets_parameters() const;
    // The full names of the vectors and matrices it sets ("lti.A"): a new shape may bring values (a third state) that
    // exist only after it runs.
    std::vector<std::string> set_array_names() const;
    bool empty() const { return edits_.empty() && initializers_.empty(); }

    // Engine side (Simulator::apply): makes the edits on the tree of `root`, recording how to undo each; throws
    // StructuralChangeError naming the failed edit after undoing the others.
    class Undo {
    public:
        void push(std::function<void()> step) { steps_.push_back(std::move(step)); }
        void run();   // in reverse order; then empty

    private:
        std::vector<std::function<void()>> steps_;
    };
    void make_edits(Component& root, Simulator& sim, Undo& undo);
    const std::vector<Initializer>& initializers() const { return initializers_; }

private:
    enum class Kind { Add, Remove, Replace, Connect, Disconnect, MoveConnections, SetParameter, SetArray };
    struct Edit {
        Kind kind;
        std::string a, b, c;
        std::unique_ptr<Component> component;
        double value = 0.0;
        ArrayParameter array{};
    };
    std::string description_;
    std::vector<Edit> edits_;
    std::vector<Initializer> initializers_;
};

}  // namespace lied
