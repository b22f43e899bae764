#!/usr/bin/env bash
# build_consumer.sh PREFIX SOURCE BUILD: configures and builds the consumer project against the Lied installed
# in PREFIX, as a user's project would be.
set -euo pipefail
rm -rf "$3"
cmake -S "$2" -B "$3" -DCMAKE_PREFIX_PATH="$1" -DCMAKE_BUILD_TYPE=Release
cmake --build "$3" -j2
