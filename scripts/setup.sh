#!/usr/bin/env bash
# Installs the Debian packages Lied needs, only those that are missing (fast on a prepared machine).
set -euo pipefail

packages=(
  g++ cmake make               # toolchain
  libeigen3-dev                # dense/sparse linear algebra (L·z = g)
  libboost-graph-dev           # dependency graph, cycles, topological order
  libspdlog-dev                # logging
  doctest-dev                  # unit tests
  libbenchmark-dev             # bench/
  libyaml-cpp-dev              # system files (YAML, and JSON as its subset), with line numbers for errors
  gnuplot-nox                  # plots of results (PNG)
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  if [[ $(id -u) -ne 0 ]]; then sudo=sudo; else sudo=; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
