#!/usr/bin/env bash
# The main job: set up, build the `lied` program only, simulate the communicating vessels, write
# results/vessels.csv and a plot. On a fresh machine: about 2 minutes of package installation, then about a
# minute of compiling; later runs take a few seconds.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
echo "build: compiling the lied program (about three minutes the first time) ..."
bash scripts/build.sh lied
./build/systems/lied run ComVessels --out results/vessels.csv --plot results/vessels.png "$@"
