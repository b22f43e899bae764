#!/usr/bin/env bash
# The main job: set up, build, simulate the communicating vessels, write results/vessels.csv and a plot.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh
mkdir -p results
./build/systems/lied run ComVessels --out results/vessels.csv --plot results/vessels.png "$@"
echo "wrote results/vessels.csv and results/vessels.png"
