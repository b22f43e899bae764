#pragma once
// What must be zero for a start to be consistent: the gap of a cut kinematic loop (position level) and the rate at
// which it opens (velocity level). Components declare such conditions in metainfo (Meta::assembly_condition); before
// a run starts, the simulator moves the start states to the nearest point where they hold, or refuses the start
// naming the condition that cannot be met (core/simulation/start_assembly.h).
#include <string_view>

namespace lied {

struct AssemblyConditionInfo {
    enum class Level { Position, Velocity };
    int component = -1;
    Level level = Level::Position;
    const double* value = nullptr;   // kept current by the component's blocks, like a variable
    std::string_view name;           // a literal ("gap_x"): the model keeps the view
    const char* unit = "";
};

}  // namespace lied
