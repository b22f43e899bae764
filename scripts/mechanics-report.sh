#!/usr/bin/env bash
# Measures dialectic mechanics against MuJoCo (bench/bench_mujoco.cpp: a pendulum at 2.5 rad, the double pendulum and
# the slider-crank at equal steps) and writes docs/mechanics_bench.csv, docs/mechanics_bench.png (the largest angle
# error over 1 s against the time per step, one panel per mechanism) and the tables in the docs
# (scripts/mechanics-tables.py). Takes a few minutes on a 2-core machine; run it on a quiet one.
# Usage: bash scripts/mechanics-report.sh
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh lied_bench

raw=$(mktemp)
trap 'rm -f "$raw"' EXIT
./build/bench/lied_bench --benchmark_filter='^(Single|Pendulum|Crank)(Lied|Mujoco)/' --benchmark_min_time=0.3 \
  --benchmark_out="$raw" --benchmark_out_format=json >/dev/null

# One row per run: model,engine,integrator,step_ms,us_per_step,max_angle_error_rad,largest_step_1e-3rad_ms,max_loop_gap_m
python3 - "$raw" >docs/mechanics_bench.csv <<'PY'
import json, math, re, sys
names = {"Single": "pendulum", "Pendulum": "double pendulum", "Crank": "slider-crank"}
print("model,engine,integrator,step_ms,us_per_step,max_angle_error_rad,largest_step_1e-3rad_ms,max_loop_gap_m")
for b in json.load(open(sys.argv[1]))["benchmarks"]:
    m = re.match(r"(Single|Pendulum|Crank)(Lied|Mujoco)/(.+?)_([0-9]+(?:_[0-9]+)?)ms$", b["name"])
    if not m:
        continue
    model, engine, integrator, step = m.groups()
    scale = {"ns": 1e-3, "us": 1.0, "ms": 1e3}[b["time_unit"]]
    error = b.get("max_angle_error_rad", math.inf)
    print(f'{names[model]},{"Lied" if engine == "Lied" else "MuJoCo"},{integrator},{step.replace("_", ".")},'
          f'{b["real_time"] * scale:.3g},{error:.3g},{b.get("largest_step_1e-3rad_ms", 0):g},{b.get("max_loop_gap_m", 0):.3g}')
PY

gnuplot <<'GP'
set terminal pngcairo size 1200,420 noenhanced
set output 'docs/mechanics_bench.png'
set datafile separator ','
set multiplot layout 1,3 title 'Largest angle error over 1 s against the time per step (runs the step monitor stopped are left out)'
set logscale y
set format y '%.0e'
set xlabel 'time per step [µs]'
set ylabel 'largest angle error over 1 s [rad]'
set grid
set key off
sel(model, step) = (strcol(1) eq model && strcol(4) eq step && $6 < 1e30)
set title 'pendulum at 2.5 rad, 1 ms steps'
plot 'docs/mechanics_bench.csv' skip 1 using (sel('pendulum', '1') ? $5 : 1/0):6 with points pt 7 ps 1.2, \
     '' skip 1 using (sel('pendulum', '1') ? $5 : 1/0):6:(strcol(2) . ' ' . strcol(3)) with labels offset 0,1 font ',9'
set title 'double pendulum, 1 ms steps'
plot 'docs/mechanics_bench.csv' skip 1 using (sel('double pendulum', '1') ? $5 : 1/0):6 with points pt 7 ps 1.2, \
     '' skip 1 using (sel('double pendulum', '1') ? $5 : 1/0):6:(strcol(2) . ' ' . strcol(3)) with labels offset 0,1 font ',9'
set title 'slider-crank, 0.2 ms steps'
plot 'docs/mechanics_bench.csv' skip 1 using (sel('slider-crank', '0.2') ? $5 : 1/0):6 with points pt 7 ps 1.2, \
     '' skip 1 using (sel('slider-crank', '0.2') ? $5 : 1/0):6:(strcol(2) . ' ' . strcol(3)) with labels offset 0,1 font ',9'
unset multiplot
GP
python3 scripts/mechanics-tables.py
echo "mechanics-report: wrote docs/mechanics_bench.csv, docs/mechanics_bench.png and the tables in the docs"
