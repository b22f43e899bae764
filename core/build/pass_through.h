#pragma once
// Alias elimination for pass-throughs (Meta::pass_through), decided at each crawl. A pass-through may be skipped
// when nothing but Ins reads its Out: no block reads the Out itself and the engine does not read it as a residual,
// a state derivative or an event indicator. The Ins bound to a skipped pass-through's Out then read the value its
// source reads, found through any chain of skipped pass-throughs (a flow handed along a pipe of N elements is
// read where it is computed, by every element). Every read gives what the copy would have given: the copy reads
// nothing else, and each list the evaluator runs holds a copy exactly when it holds the block that writes its
// source's value.
#include "core/model/model.h"

namespace lied {

// Marks the skipped pass-throughs (BlockInfo::skipped), points their readers at the values they read
// (Model::redirected_reads) and the variables registered at their Outs' values there too. Precondition: the crawl's
// index_signals and index_blocks; before the valid ranges take the variables' addresses. With
// model.skip_pass_throughs false, marks none.
void skip_pass_throughs(Model& model);

// Points the Ins of model.redirected_reads at their values again (after another model's crawl of the same tree
// pointed them at their own sources).
void redirect_reads(const Model& model);

}  // namespace lied
