#pragma once
// The crawler walks the component tree from the root, collects everything each component registers in
// metainfo(), binds time inputs, and validates the composition rules that do not need the graph.
#include "core/model.h"

namespace lied {

// Throws BuildError naming the component path, the port and the broken rule.
Model crawl(Component& root, Out<double>& time);

}  // namespace lied
