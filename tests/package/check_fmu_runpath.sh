#!/usr/bin/env bash
# check_fmu_runpath.sh LIB: an FMU's binary loads from wherever the importer unpacked it, with the importer's current
# folder anywhere: a RUNPATH (or RPATH) entry that is empty or relative would load a library from that folder.
set -euo pipefail
paths=$(readelf -d "$1" | sed -n 's/.*(\(RUNPATH\|RPATH\)).*\[\(.*\)\]/\2/p')
echo "search path of $(basename "$1"): ${paths:-(none)}"
[ -z "$paths" ] && exit 0
IFS=':' read -r -a entries <<< "$paths:"
for e in "${entries[@]}"; do
  if [ -z "$e" ] || [[ "$e" != /* && "$e" != '$ORIGIN'* ]]; then
    echo "check_fmu_runpath: the entry '$e' is empty or relative: the importer's current folder would be searched" >&2
    exit 1
  fi
done
