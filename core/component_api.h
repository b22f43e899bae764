#pragma once
// Everything a component author writes against, in one include: the component base, Meta (what metainfo() declares),
// signals and plugs (and arrays of them), states, parameters (numbers, vectors, matrices) and their ranges, typed
// choices, system defaults, the block lists of components with N plugs, errors of composition, value layouts and the
// registration of a type by name. The engine's model (core/model/model.h) is not part of it: a component sees only
// what it declares.
#include "core/model/array_parameter.h"
#include "core/model/block_lists.h"
#include "core/model/build_error.h"
#include "core/model/choice.h"
#include "core/model/component.h"
#include "core/model/component_registry.h"
#include "core/model/crossing.h"
#include "core/model/meta.h"
#include "core/model/parameter_spec.h"
#include "core/model/plug.h"
#include "core/model/plug_array.h"
#include "core/model/signal.h"
#include "core/model/signal_array.h"
#include "core/model/state.h"
#include "core/model/summed_inputs.h"
#include "core/model/system_default.h"
#include "core/model/valid_range.h"
#include "core/model/value_layout.h"
