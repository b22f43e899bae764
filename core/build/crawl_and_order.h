#pragma once
// The build stage as one call: crawl the component tree, then order its blocks and find L's sparsity. If the
// tearing variables reach through the whole network (an L that would be dense) and components offer cuts, the tree
// is crawled again with the cuts asked for, and `prefer_cuts` stays set so that later builds ask at once.
#include "core/build/schedule.h"
#include "core/model/model.h"

namespace lied {

// On failure (BuildError from the crawl or the schedule) the model and schedule hold nothing of the tree.
// `model` is refilled in place (its names' buffers are reused).
void crawl_and_order(Component& root, Out<double>& time, Model& model, Schedule& schedule, ScheduleWorkspace& workspace,
                     bool& prefer_cuts);

}  // namespace lied
