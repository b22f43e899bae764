#!/usr/bin/env bash
# Runs the cooling loop under its plain PI and under the controller built from blocks, side by side
# (systems/examples/files/cooling_loop_compare.yaml), and writes docs/cooling_loop_compare.png and the table between
# <!-- controls-table ... --> and <!-- /controls-table --> in docs/user-guide/signal-blocks.md: the overshoot after
# the load ramp, the largest deviation under the ripple and its RMS, also with the tracking switched off.
# Usage: bash scripts/controls-report.sh   (a few seconds once built)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh lied

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
file=systems/examples/files/cooling_loop_compare.yaml
./build/systems/lied run "$file" --out "$work/compare.csv" --plot docs/cooling_loop_compare.png \
  --plot-vars 'plain.T_coolant.value,blocks.T_coolant.value;plain.controller.y,blocks.valveDrive.y;plain.load.Q_flow' >/dev/null
./build/systems/lied run "$file" --set blocks.controller.withTracking=false --out "$work/untracked.csv" >/dev/null

python3 - "$work/compare.csv" "$work/untracked.csv" docs/user-guide/signal-blocks.md <<'PY'
import csv, math, re, sys
set_point = 308.15   # K, the loop's T_set
def measure(path, loop):
    rows = list(csv.DictReader(open(path)))
    T = [(float(r["time"]), float(r[loop + ".T_coolant.value"])) for r in rows]
    late = [abs(v - set_point) for t, v in T if t >= 300]   # under the ripple
    return max(v for _, v in T) - set_point, max(late), math.sqrt(sum(d * d for d in late) / len(late))
plain, blocks, untracked = measure(sys.argv[1], "plain"), measure(sys.argv[1], "blocks"), measure(sys.argv[2], "blocks")
rows = ["| | plain PI | PI + feed-forward + rate-limited valve | the same without tracking |", "|---|---|---|---|"]
for k, (what, sign) in enumerate([("overshoot above 35 °C after the 2 → 6 kW ramp", ""),
                                  ("largest deviation under the ±0.5 kW ripple (from 300 s)", "±"), ("its RMS", "")]):
    rows.append(f"| {what} | {sign}{plain[k]:.2f} K | {sign}{blocks[k]:.2f} K | {sign}{untracked[k]:.2f} K |")
doc = open(sys.argv[3]).read()
pattern = re.compile(r"(<!-- controls-table[^>]*-->\n)(?:.*?\n)?(<!-- /controls-table -->)", re.S)
if not pattern.search(doc):
    sys.exit("controls-report: signal-blocks.md has no <!-- controls-table --> markers")
open(sys.argv[3], "w").write(pattern.sub(lambda m: m.group(1) + "\n".join(rows) + "\n" + m.group(2), doc))
PY
echo "docs/cooling_loop_compare.png and the table in docs/user-guide/signal-blocks.md written"
