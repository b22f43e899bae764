#pragma once
// The block schedule of one structure: a topological order of all blocks, partitioned into the blocks that
// do not depend on any tearing variable (run once per evaluation) and those that do (run while probing and
// after the solve). Immutable once built; a structural change builds a new one.
#include "core/block.h"
#include "core/model.h"

#include <vector>

namespace lied {

struct Schedule {
    std::vector<int> order;                      // all block indices (into Model::blocks), topological
    std::vector<Block> independent;              // not reached by any tearing variable
    std::vector<Block> dependent;                // reached by at least one tearing variable
    std::vector<bool> is_dependent;              // per block index
    // The dependent blocks that state derivatives need after the solve (the integrator's path); the rest of
    // `dependent` only updates variables for recording.
    std::vector<Block> finish;
    // Tearing variables whose reach sets are disjoint share a group (a colour) and are probed in one pass.
    std::vector<std::vector<int>> probe_groups;
    std::vector<std::vector<Block>> probe_blocks;    // per group: the union of its reach sets, topological
    std::vector<std::vector<int>> probe_residuals;   // per tearing variable: residuals its reach set writes
};

// Orders the blocks of a crawled model. Throws BuildError for a cycle that no state or tearing variable
// breaks, naming every block and signal on it and the rule it breaks.
Schedule make_schedule(const Model& model);

}  // namespace lied
