#!/usr/bin/env bash
# Runs a set of benchmarks with two lied_bench binaries, alternating, and prints the medians side by side: the
# "before and after" of a change on the same machine in one run (noise on a shared machine is ±10–20 %).
# Usage: bash scripts/compare-bench.sh OLD_BENCH NEW_BENCH [FILTER] [ROUNDS]
set -euo pipefail
old=$1 new=$2
filter=${3:-'^(EngineDerivatives/factor_once|HandWrittenDerivatives|EngineRk4Step|HandWrittenRk4Step|RebuildAfterValveReplace|Evaluate/chain/1000|Evaluate/chain/100000|Rebuild/tree/3333|RebuildAfterLeafReplace/3333|Rebuild/grid/3333)$'}
rounds=${4:-3}
out=$(mktemp -d)
for r in $(seq "$rounds"); do
  for which in old new; do
    bin=$old; [[ $which == new ]] && bin=$new
    "$bin" --benchmark_filter="$filter" --benchmark_out="$out/$which.$r.json" --benchmark_out_format=json >/dev/null 2>&1
  done
done
python3 - "$out" <<'PY'
import glob, json, statistics, sys
def load(which):
    times = {}
    for path in sorted(glob.glob(f"{sys.argv[1]}/{which}.*.json")):
        for b in json.load(open(path))["benchmarks"]:
            times.setdefault(b["name"], []).append((b["cpu_time"], b["time_unit"]))
    return times
old, new = load("old"), load("new")
print(f"{'benchmark':40} {'before':>14} {'after':>14} {'after/before':>12}")
for name in old:
    if name not in new: continue
    o = statistics.median(t for t, _ in old[name]); n = statistics.median(t for t, _ in new[name]); unit = old[name][0][1]
    print(f"{name:40} {o:>11.4g} {unit:2} {n:>11.4g} {unit:2} {n / o:>12.3f}")
PY
rm -rf "$out"
