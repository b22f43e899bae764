#!/usr/bin/env bash
# What the mass and energy books cost per step, counted in instructions (valgrind's callgrind), which a shared
# machine cannot blur as it blurs timings: each system runs `lied run` with the books off and on (the step monitor
# off), and the difference divided by the steps is the books' cost; the same for a whole step with the books off.
# Replaces the table between the checks-cost markers in docs/notes/tests-and-benchmarks.md.
# Usage: bash scripts/checks-cost.sh   (needs valgrind: apt-get install valgrind; about two minutes)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh lied
command -v valgrind >/dev/null || { echo "checks-cost.sh: valgrind is missing (apt-get install valgrind)" >&2; exit 1; }
lied=./build/systems/lied
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# instructions LABEL ARGS...: the instructions a whole run executes.
instructions() {
  local log=$out/log
  if ! valgrind --tool=callgrind --callgrind-out-file="$out/cg" --log-file="$log" "$lied" run "$@" --interval 1e9 --step-check off >/dev/null 2>&1; then
    echo "checks-cost.sh: lied run $* failed" >&2
    exit 1
  fi
  sed -n 's/.*I *refs: *//p' "$log" | tr -d ','
}

rows=""
# name | arguments | step | end time | steps
while IFS='|' read -r name args dt t_end steps; do
  # The start-up (build, checks, output) and one step are the run to the first step's end; the rest is per step.
  start_off=$(instructions $args --dt "$dt" --t-end "$dt" --balance-check off)
  off=$(instructions $args --dt "$dt" --t-end "$t_end" --balance-check off)
  on=$(instructions $args --dt "$dt" --t-end "$t_end" --balance-check error)
  rows+=$(awk -v n="$name" -v s="$steps" -v a="$start_off" -v off="$off" -v on="$on" 'BEGIN {
    step = (off - a) / (s - 1); books = (on - off) / s;
    printf "| %s | %.0f | %.0f | +%.0f %% |\n", n, step, books, 100 * books / step }')$'\n'
done <<'CASES'
ComVessels, rk4, 1 ms|ComVessels --solver rk4|1e-3|20|20000
CoolingLoop, ros2, 10 ms|CoolingLoop --solver ros2|1e-2|100|10000
DoublePendulum, rk4, 1 ms|DoublePendulum --solver rk4|1e-3|5|5000
CASES

table="| one step | instructions, books off | the books' instructions | cost |
|---|---|---|---|
${rows%$'\n'}"
echo "$table"
python3 - "$table" <<'PY'
import pathlib, re, sys
page = pathlib.Path("docs/notes/tests-and-benchmarks.md")
text = page.read_text(encoding="utf-8")
new = "<!-- checks-cost-table: scripts/checks-cost.sh -->\n" + sys.argv[1] + "\n<!-- /checks-cost-table -->"
text, n = re.subn(r"<!-- checks-cost-table: scripts/checks-cost.sh -->.*?<!-- /checks-cost-table -->", lambda m: new, text, flags=re.S)
if n != 1:
    sys.exit("checks-cost.sh: docs/notes/tests-and-benchmarks.md has no checks-cost-table markers")
page.write_text(text, encoding="utf-8")
PY
