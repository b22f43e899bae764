#pragma once
// The block schedule of one structure: a topological order of all blocks, partitioned into the blocks that
// do not depend on any tearing variable (run once per evaluation) and those that do (run while probing and
// after the solve), and the sparsity structure of L with the probe passes that find its values.
// Immutable once built; a structural change refills it. Built in time and memory proportional to the
// blocks plus the sum of the reach sets (for a tree of depth d, about d times the blocks).
#include "core/model/block.h"
#include "core/model/model.h"

#include <span>
#include <vector>

namespace lied {

struct Schedule {
    std::vector<int> order;                      // all block indices (into Model::blocks), topological
    std::vector<Block> independent;              // not reached by any tearing variable
    std::vector<Block> dependent;                // reached by at least one tearing variable
    std::vector<bool> is_dependent;              // per block index
    // The dependent blocks minus those that read nothing but tearing variables (directly or through such blocks)
    // and write no output: at z = 0 those compute the same values at every point (a block is a function of its
    // declared reads and its parameters), so a solve that finds them still at z = 0 need not re-run them.
    std::vector<Block> dependent_on_point;
    // The dependent blocks that state derivatives and zero-crossing indicators need after the solve (the
    // integrator's path); the rest of `dependent` only updates variables for recording.
    std::vector<Block> finish;
    // The skipped pass-throughs (BlockInfo::skipped), in schedule order: in no list above, since their readers read
    // their sources; run after a full evaluation so that their Outs hold the values too.
    std::vector<Block> passed_through;

    // Structure of L in compressed columns: column j (tearing variable j) has its nonzeros in the rows
    // (residuals) pattern_rows[pattern_start[j] .. pattern_start[j+1]), ascending.
    std::vector<int> pattern_start;
    std::vector<int> pattern_rows;
    // The integrator's outputs each tearing variable reaches (same compressed columns): indices into the
    // states (0 .. states−1, their derivatives) followed by the zero-crossing indicators. With them the
    // evaluator probes D = ∂(ẋ, indicators)/∂z next to L and skips the re-run after the solve.
    std::vector<int> output_start;
    std::vector<int> output_rows;
    // True where y(0) + D·z is cheaper than re-running `finish` (D's entries are a few times fewer than those
    // blocks). On a tree every tearing variable reaches the flows of its whole subtree, D has N·log N entries
    // and re-running the N blocks is faster; then D is neither coloured nor probed.
    bool outputs_by_map = false;

    // Tearing variables whose columns share no row (residual or output) are probed together in one pass (a
    // Curtis–Powell–Reid colouring): by affinity, each row then changes only by the one column that reaches it.
    std::vector<std::vector<int>> probe_groups;
    // Per group: the union of its members' reach sets in schedule order, as indices into `by_order`.
    std::vector<std::size_t> probe_block_start;
    std::vector<int> probe_block_list;
    std::vector<Block> by_order;                 // all blocks in schedule order
    std::vector<Block> crawl_order_blocks;       // the same in crawl order, and their skip flags (fill_blocks' scratch)
    std::vector<char> crawl_order_skipped;
    // Positions (in `order`) of the blocks in dependent_on_point and finish.
    std::vector<int> on_point_positions, finish_positions;

    // What the schedule was computed from (see structure_of in schedule.cpp): a model with the same list gets this
    // schedule again with only its Block lists refilled (`reused`). A valve replaced by a valve, a parameter
    // changed, a rebuild with nothing changed: no ordering, reach sets or colouring at 10⁴ components.
    std::vector<int> structure;
    bool reused = false;

    std::span<const int> probe_blocks(std::size_t group) const {
        return {probe_block_list.data() + probe_block_start[group], probe_block_start[group + 1] - probe_block_start[group]};
    }
    std::span<const int> column_rows(std::size_t j) const {
        return {pattern_rows.data() + pattern_start[j], static_cast<std::size_t>(pattern_start[j + 1] - pattern_start[j])};
    }
    std::span<const int> column_outputs(std::size_t j) const {
        return {output_rows.data() + output_start[j], static_cast<std::size_t>(output_start[j + 1] - output_start[j])};
    }
    std::size_t nonzeros() const { return pattern_rows.size(); }
    // Empties every list; their capacity stays for the next structure.
    void clear();
    // Empties the Block lists only (they point into components), keeping what a structure of the same shape reuses.
    void forget_blocks();
};

// The working memory of make_schedule: per signal, per block and per edge, so hundreds of megabytes at 10⁵
// components. Kept by the caller across rebuilds (as the model keeps its entries): memory the allocator hands
// out fresh costs a page fault per 4 KiB on first touch, and at that size it is fresh every time (glibc maps
// blocks above its threshold and unmaps them when freed) — 12 000 faults and two thirds of a 10⁵ chain's
// rebuild before it was kept.
struct ScheduleWorkspace {
    std::vector<int> tearing_of, residual_of, output_of;           // per signal
    std::vector<int> edge_from, edge_to, edge_read;                // writer block → reader block, the reader's read
    std::vector<int> out_start, out_target;                        // the edges by source (CSR)
    std::vector<int> in_start;                                     // per block: its first edge in the list (by reader)
    std::vector<std::vector<int>> direct_readers;                  // per tearing variable
    std::vector<char> reads_blocks_or_tearing, colour, needed, fed_by_tearing_only;   // per block
    std::vector<std::pair<int, int>> search_stack;                 // depth-first search: block, next out-edge
    std::vector<int> position, stack, reach, owners_by_position, residual_start, residual_rows, output_start, output_rows,
        combined_start, combined_rows;
    std::vector<std::size_t> stamp, reach_start, next, fill;
    std::vector<int> structure;                                    // the new model's, compared with the schedule's
};

// Orders the blocks of a crawled model into `into`, whose lists are refilled (their capacity stays); if the model
// has the structure `into` was made from, only its Block lists are refilled (into.reused). Throws
// BuildError for a cycle that no state or tearing variable breaks, naming every block and signal on it and the
// rule it breaks. With `reach_budget` > 0 it gives up (false, `into` cleared) once the tearing variables' reach
// sets hold more entries than that: the caller may then ask the components to cut the network (Meta::offer_cut)
// and try again. True when `into` is the schedule.
bool make_schedule(const Model& model, Schedule& into, ScheduleWorkspace& work, std::size_t reach_budget = 0);

}  // namespace lied
