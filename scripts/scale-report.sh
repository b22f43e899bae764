#!/usr/bin/env bash
# Measures how Lied scales (bench/bench_scale.cpp: chain, tree, comb, ladder and grid from 10 to 10⁵ elements, next to
# the hand-written chain), fits the growth exponent of each curve (least squares of log time over log N),
# writes docs/scale.csv and docs/scale.png, and replaces the table between the scale-table markers in
# docs/notes/scale.md. Takes about fifteen minutes on a 2-core machine and 5 GB of memory (the ladder of 10⁵ rungs). Usage: bash scripts/scale-report.sh
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh lied_bench

raw=$(mktemp)
trap 'rm -f "$raw"' EXIT
# Two runs: Google Benchmark's CSV needs the same counters in every row (builds report memory, the others
# elements per second).
for filter in '^Build/' '^(Rebuild|Evaluate|Rk4Step)/(chain|tree|comb|ladder|grid)/|^HandChain'; do
  ./build/bench/lied_bench --benchmark_filter="$filter" --benchmark_min_time=0.2 --benchmark_format=csv >>"$raw"
done

# One row per measurement: series,N,seconds,bytes
awk -F, '
  /^name,/ { for (i = 1; i <= NF; ++i) col[$i] = i; next }
  /^"/ {
    name = $1; gsub(/"/, "", name); sub(/\/iterations:[0-9]+$/, "", name)
    n = name; sub(/.*\//, "", n); series = name; sub(/\/[0-9]+$/, "", series)
    unit = $(col["time_unit"]); scale = unit == "ns" ? 1e-9 : unit == "us" ? 1e-6 : unit == "ms" ? 1e-3 : 1
    bytes = ("\"simulator_bytes\"" in col) ? $(col["\"simulator_bytes\""]) : ""
    print series "," n "," $(col["real_time"]) * scale "," bytes
  }' "$raw" | sed 's/"//g' >docs/scale.csv

# Growth exponent per series: slope of log(seconds) over log(N), over N ≥ 100 (below that, fixed costs dominate).
fit=$(awk -F, '$2 >= 100 && $3 > 0 { x = log($2); y = log($3); n[$1]++; sx[$1] += x; sy[$1] += y; sxx[$1] += x * x; sxy[$1] += x * y }
  END { for (s in n) printf "%s,%.2f\n", s, (n[s] * sxy[s] - sx[s] * sy[s]) / (n[s] * sxx[s] - sx[s] * sx[s]) }' docs/scale.csv | sort)

table=$(awk -F, -v fit="$fit" '
  BEGIN { split(fit, lines, "\n"); for (i in lines) { split(lines[i], f, ","); exponent[f[1]] = f[2] } }
  { t[$1, $2] = $3; series[$1] = 1; sizes[$2] = 1; if ($4 != "") mem[$1, $2] = $4 }
  function show(s) { return s >= 1 ? sprintf("%.2f s", s) : s >= 1e-3 ? sprintf("%.2f ms", s * 1e3) : s >= 1e-6 ? sprintf("%.1f µs", s * 1e6) : sprintf("%.0f ns", s * 1e9) }
  END {
    printf "| measurement | N = 10 | 10² | 10³ | 10⁴ | 10⁵ | growth exponent |\n|---|---|---|---|---|---|---|\n"
    split("Build/chain Build/tree Build/comb Build/ladder Build/grid Rebuild/chain Rebuild/tree Rebuild/comb Rebuild/ladder Rebuild/grid Evaluate/chain HandChainEvaluate Evaluate/tree Evaluate/comb Evaluate/ladder Evaluate/grid Rk4Step/chain HandChainRk4Step Rk4Step/tree Rk4Step/comb Rk4Step/ladder Rk4Step/grid", order, " ")
    for (k = 1; k <= 22; ++k) {
      s = order[k]; if (!(s in series)) continue
      printf "| %s |", s
      for (n = 10; n <= 100000; n *= 10) printf " %s |", ((s, n) in t) ? show(t[s, n]) : "–"
      printf " %s |\n", exponent[s]
    }
    split("tree ladder grid", held, " ")
    for (k = 1; k <= 3; ++k) {
      printf "| memory held by a built %s simulator |", held[k]
      for (n = 10; n <= 100000; n *= 10) printf " %s |", (("Build/" held[k], n) in mem && mem["Build/" held[k], n] > 0) ? sprintf("%.1f MB", mem["Build/" held[k], n] / 1e6) : "–"
      printf " |\n"
    }
  }' docs/scale.csv)

# Replace the table in docs/notes/scale.md between its markers.
awk -v table="$table" '
  /<!-- scale-table:begin -->/ { print; print table; skip = 1; next }
  /<!-- scale-table:end -->/ { skip = 0 }
  !skip { print }' docs/notes/scale.md >docs/notes/scale.md.new && mv docs/notes/scale.md.new docs/notes/scale.md

# Time per element against N: the engine's chain and tree next to the hand-written chain.
gnuplot <<'EOF'
set terminal pngcairo size 900,560 noenhanced
set output 'docs/scale.png'
set datafile separator ','
set logscale xy
set grid
set key top left
set xlabel 'elements N [-]'
set ylabel 'time per element per derivative evaluation [ns]'
set title 'Lied: cost per element against system size (one derivative evaluation)'
plot 'docs/scale.csv' using (strcol(1) eq 'Evaluate/chain' ? $2 : 1/0):($3 / $2 * 1e9) with linespoints title 'engine, chain', \
     ''               using (strcol(1) eq 'Evaluate/tree' ? $2 : 1/0):($3 / $2 * 1e9) with linespoints title 'engine, tree', \
     ''               using (strcol(1) eq 'Evaluate/comb' ? $2 : 1/0):($3 / $2 * 1e9) with linespoints title 'engine, comb (cut)', \
     ''               using (strcol(1) eq 'Evaluate/ladder' ? $2 : 1/0):($3 / $2 * 1e9) with linespoints title 'engine, ladder (cut)', \
     ''               using (strcol(1) eq 'Evaluate/grid' ? $2 : 1/0):($3 / $2 * 1e9) with linespoints title 'engine, grid of volumes', \
     ''               using (strcol(1) eq 'HandChainEvaluate' ? $2 : 1/0):($3 / $2 * 1e9) with linespoints title 'hand-written C++, chain'
EOF
echo "scale-report: wrote docs/scale.csv, docs/scale.png and the table in docs/notes/scale.md"
