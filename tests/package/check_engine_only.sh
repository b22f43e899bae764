#!/usr/bin/env bash
# check_engine_only.sh PREFIX SOURCE BUILD: builds the engine-only project against the Lied installed in PREFIX and
# fails if the program links a library only the CLI, the result files or sweeps need.
set -euo pipefail
rm -rf "$3"
cmake -S "$2" -B "$3" -DCMAKE_PREFIX_PATH="$1" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$3" -j2 >/dev/null
needed=$(readelf -d "$3/two_tanks" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
echo "two_tanks needs: $(echo $needed)"
if echo "$needed" | grep -Ei 'mpi|matio|zip|hdf5|yaml|CLI11'; then
  echo "check_engine_only: a program of the engine and thermofluid links the libraries above" >&2
  exit 1
fi
"$3/two_tanks"
