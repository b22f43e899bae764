#!/usr/bin/env bash
# check_fmu_imports.sh LIB: an FMU's binary needs nothing from the importer's process but the C and C++ runtimes
# (whose symbols are versioned, so they bind to the version the FMU was built against) and yaml-cpp, which Debian
# ships without a position-independent archive: that one is carried beside the binary, which finds it there first. Every other import would bind to whatever library of that name the
# importer has loaded first.
set -euo pipefail
allowed='^(libc\.so\.6|libm\.so\.6|libstdc\+\+\.so\.6|libgcc_s\.so\.1|ld-linux-x86-64\.so\.2|libyaml-cpp\.so\.[0-9.]+)$'
status=0
needed=$(readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
echo "libraries $(basename "$1") needs: $(echo $needed)"
for lib in $needed; do
  if ! [[ "$lib" =~ $allowed ]]; then
    echo "check_fmu_imports: $(basename "$1") needs $lib, which the importer may have loaded in another version" >&2
    status=1
  fi
done
# Undefined dynamic symbols: versioned (name@VERSION), weak, or yaml-cpp's.
unbound=$(nm -D --undefined-only "$1" | awk '$1 != "w" && $2 !~ /@/ && $2 !~ /^_Z(NK?|TIN|TVN|TSN)4YAML/ {print $2}')
if [ -n "$unbound" ]; then
  echo "check_fmu_imports: $(basename "$1") imports unversioned symbols the importer could supply:" >&2
  echo "$unbound" | c++filt | sed 's/^/  /' >&2
  status=1
fi
# yaml-cpp, the one library it does not link in, is found beside it first: RUNPATH $ORIGIN and the copy there.
if ! readelf -d "$1" | grep -q 'RUNPATH.*\[\$ORIGIN\]'; then
  echo "check_fmu_imports: $(basename "$1") has no RUNPATH \$ORIGIN: it would take yaml-cpp from the machine" >&2
  status=1
fi
for lib in $needed; do
  if [[ "$lib" =~ ^libyaml-cpp ]] && [ ! -f "$(dirname "$1")/$lib" ]; then
    echo "check_fmu_imports: $lib is not beside $(basename "$1") to be carried into every FMU" >&2
    status=1
  fi
done
exit $status
