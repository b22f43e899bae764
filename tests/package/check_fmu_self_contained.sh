#!/usr/bin/env bash
# check_fmu_self_contained.sh FMU: the FMU's binary finds everything it needs inside the FMU, apart from the C and C++
# runtimes: ldd (the dynamic loader's own resolution) on the unpacked binary resolves every other library to a file in
# the FMU's binaries folder, the one the binary's RUNPATH ($ORIGIN) names, ahead of the machine's copies.
set -euo pipefail
fmu=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])' "$fmu" "$work"
status=0
runtime='^(libc\.so\.6|libm\.so\.6|libstdc\+\+\.so\.6|libgcc_s\.so\.1|ld-linux-x86-64\.so\.2|linux-vdso\.so\.1)$'
for binary in "$work"/binaries/*/*.so; do
  folder=$(dirname "$binary")
  echo "$(basename "$binary") in $(basename "$folder"):"
  while read -r lib arrow path _; do
    [ -z "$lib" ] && continue
    case "$lib" in /*) lib=$(basename "$lib");; esac
    if [[ "$lib" =~ $runtime ]]; then echo "  $lib: the C and C++ runtime"; continue; fi
    if [ "$arrow" != "=>" ] || [ "$path" = "not" ]; then
      echo "check_fmu_self_contained: $lib is not found" >&2; status=1; continue
    fi
    if [ "$(dirname "$path")" != "$folder" ]; then
      echo "check_fmu_self_contained: $lib is taken from $path, outside the FMU" >&2; status=1; continue
    fi
    echo "  $lib: inside the FMU"
  done < <(ldd "$binary")
done
exit $status
