#pragma once
// The crawler walks the component tree from the root, collects everything each component registers in
// metainfo(), binds time inputs, and validates the composition rules that do not need the graph.
#include "core/model/model.h"

namespace lied {

// Throws BuildError naming the component path, the port and the broken rule.
// Time inputs are rebound to `time`; a crawl that throws puts them back as they were. `recycled` (the model of
// the previous structure) lends its memory: its contents are dropped, its capacity kept.
Model crawl(Component& root, Out<double>& time, Model recycled = {});
// Binds the time inputs of `m` back to what they read before the crawl (when a later build step fails).
void restore_time_inputs(const Model& m);

}  // namespace lied
