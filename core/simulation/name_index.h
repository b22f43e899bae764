#pragma once
// Values by name: "time", every state, variable and parameter of a built structure, with units, for whoever reads
// a simulation by name (the Recorder, the CLI, an FMU, a user). Built at the first lookup after a build (a large
// system's rebuild need not hash every name when nobody asks for one); keys view the model's paths, which live as
// long as the structure. The simulator owns one; readers get it const and never call back into the simulator.
#include "core/model/model.h"
#include "core/support/flat_index.h"

#include <Eigen/Core>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace lied {

class NameIndex {
public:
    // A new structure: `time` and `states` (the simulator's state vector) are where the time and the states are
    // read; the vector is asked for its storage when the names are indexed. Forgets the old names; increases
    // generation().
    void reset(const Model& model, const double* time, const Eigen::VectorXd* states);
    // The value's address, or null for a name this structure does not have.
    const double* find_value(std::string_view name) const;
    // The index into Model::parameters, or null.
    const std::size_t* find_parameter(std::string_view name) const;
    // The same, for callers that need the name to exist: std::invalid_argument names what is wrong and the nearest
    // name ("unknown parameter 'p1.dp_rf' (did you mean 'p1.dp_ref'?)"; a state's start value is named if it is the
    // parameter meant).
    std::size_t parameter_index(std::string_view name) const;
    std::size_t state_index(std::string_view name) const;   // into Model::states
    const ChoiceInfo& choice(std::string_view name) const;
    double value(std::string_view name) const;
    // The unit of a state, variable or parameter ("s" for time; "" without one or for an unknown name).
    std::string unit(std::string_view name) const;
    std::vector<std::string> value_names() const;   // sorted
    // Increases with every structure: a reader that keeps addresses binds again when it changes.
    long generation() const { return generation_; }

private:
    void index() const;
    const Model* model_ = nullptr;
    const double* time_ = nullptr;
    const Eigen::VectorXd* states_ = nullptr;
    long generation_ = 0;
    mutable bool indexed_ = false;
    mutable FlatIndex<std::string_view, const double*> values_;
    mutable FlatIndex<std::string_view, std::size_t> parameters_;
};

}  // namespace lied
