#pragma once
// What a single component offers, by local name, without building a simulator: its plugs, signals,
// parameters and states. Used by `lied describe` and to connect and parameterize components from a file.
#include "core/model.h"

namespace lied {

// Runs metainfo() into a scratch model; no binding is required and nothing is validated.
Model describe(Component& component);

}  // namespace lied
