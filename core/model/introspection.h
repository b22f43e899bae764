#pragma once
// What a single component offers, by local name, without building a simulator: its plugs, signals,
// parameters and states. Used by `lied describe` and to connect and parameterize components from a file.
#include "core/model/model.h"

namespace lied {

// Runs metainfo() into a scratch model; no binding is required and nothing is validated.
// With a `path`, metainfo() runs as if the component sat there (registered names and the messages of rules it
// enforces carry the prefix): the file loader uses it to name a component that refuses its parameters.
// It leaves the tree as it found it: a simulator built on the tree steps on as before (the Ins it pointed past
// pass-throughs are pointed there again; tested in tests/core/build/test_pass_through.cpp).
Model describe(Component& component, const std::string& path = {});

}  // namespace lied
