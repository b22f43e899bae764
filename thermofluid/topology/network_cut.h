#pragma once
// The `cut` choice of the components that can cut a long network at one of their plugs (Splitter, SplitterN at the
// inlet, JunctionN at the outlet; docs/user-guide/thermofluid.md, "Long networks: cutting at splits and junctions").
#include "core/model/choice.h"
#include "core/model/meta.h"
#include "core/model/parameter_spec.h"

#include <string>

namespace lied::thermofluid {

// The choice's values, in the order of its options "auto", "false", "true".
enum class Cut { automatic, off, on };

// The options and their meaning, built once: a tree of 10⁴ splitters crawls them at every rebuild.
const ChoiceSpec& cut_choice_at_inlet();
const ChoiceSpec& cut_choice_at_outlet();

// on, or automatic once the engine has asked for cuts (Meta::offer_cut; `asked` remembers it); off never.
inline bool wants_cut(Cut cut, bool& asked, Meta& meta) { return cut == Cut::on || (cut == Cut::automatic && meta.offer_cut(asked)); }

}  // namespace lied::thermofluid
