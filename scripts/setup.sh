#!/usr/bin/env bash
# Installs the Debian packages Lied needs, only those that are missing (fast on a prepared machine).
set -euo pipefail

packages=(
  g++ cmake make               # toolchain
  libeigen3-dev                # dense linear algebra (small L·z = g)
  libsuitesparse-dev           # KLU: sparse LU of large L (circuit-style networks)
  libsundials-dev              # CVODE: BDF and Adams with root finding (stiff systems, state events)
  libboost-graph-dev           # dependency graph, cycles, topological order
  libspdlog-dev                # logging
  doctest-dev                  # unit tests
  libbenchmark-dev             # bench/
  libmujoco-dev                # bench/ only: MuJoCo as a peer for dialectic mechanics
  libyaml-cpp-dev              # system files (YAML, and JSON as its subset), with line numbers for errors
  gnuplot-nox                  # plots of results (PNG, SVG, PDF)
  libmatio-dev pkgconf         # MAT v4 result files in the Modelica tools' layout (matio has a pkg-config file only)
  libcli11-dev                 # the `lied` command line: subcommands, --help per subcommand
  libzip-dev                   # `lied export-fmu`: an FMU is a zip archive
  libopenmpi-dev openmpi-bin   # `lied sweep` across machines (mpirun)
  python3-scipy                # tests: an independent reader of the MAT files (scipy.io)
  pybind11-dev python3-dev     # the Python module `lied`
  python3-numpy python3-pytest python3-matplotlib   # ... its arrays, its tests, the plot in its docs
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if ((${#missing[@]})); then
  echo "setup: installing ${#missing[@]} Debian packages and what they need: ${missing[*]}"
  echo "setup: on a fresh machine this takes about 2 minutes; each package is listed as it is set up"
  if [[ $(id -u) -ne 0 ]]; then sudo=sudo; else sudo=; fi
  $sudo apt-get update -qq
  # Progress without apt's full output: one line per package set up.
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends "${missing[@]}" 2>&1 |
    { grep --line-buffered -E '^(Setting up|E:)' || true; } | sed -u 's/^/setup: /'
  for p in "${missing[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || { echo "setup: $p did not install" >&2; exit 1; }
  done
fi
