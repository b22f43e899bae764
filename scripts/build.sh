#!/usr/bin/env bash
# Configures and builds Lied into ./build (Release): every target, or the targets named as arguments.
# Two jobs: the shared machines have two cores.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
targets=()
for t in "$@"; do targets+=(--target "$t"); done
cmake --build build -j2 "${targets[@]}"
