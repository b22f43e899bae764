#!/usr/bin/env bash
# Configures and builds Lied into ./build (Release). Two jobs: the shared machines have two cores.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j2
