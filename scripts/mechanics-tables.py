#!/usr/bin/env python3
"""Writes the mechanics benchmark tables into the docs from docs/mechanics_bench.csv (scripts/mechanics-report.sh
measures it), so that the numbers in the docs are the measured ones:
  - docs/notes/tests-and-benchmarks.md, between <!-- mechanics-table ... --> and <!-- /mechanics-table -->: every run;
  - docs/user-guide/dialectic-mechanics.md, between <!-- mechanics-summary ... --> and <!-- /mechanics-summary -->:
    Lied rk4 and ros2 against MuJoCo RK4 at each mechanism's own step.

    python3 scripts/mechanics-tables.py            # rewrite the tables
    python3 scripts/mechanics-tables.py --check    # exit 1 if the docs differ from the CSV (a test)
"""
import csv
import math
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
CSV = ROOT / "docs/mechanics_bench.csv"
NOTES = ROOT / "docs/notes/tests-and-benchmarks.md"
GUIDE = ROOT / "docs/user-guide/dialectic-mechanics.md"
MODELS = {  # CSV name -> how the tables name it, and the step the summary compares at (ms)
    "pendulum": ("pendulum released at 2.5 rad", "1"),
    "double pendulum": ("double pendulum", "1"),
    "slider-crank": ("slider-crank (closure 10⁷ N/m)", "0.2"),
}
ENGINES = {("Lied", "rk4"): "Lied rk4", ("Lied", "ros2"): "Lied ros2",
           ("Lied", "linearly_implicit_euler"): "Lied linearly implicit Euler",
           ("MuJoCo", "rk4"): "MuJoCo RK4", ("MuJoCo", "semi_implicit_euler"): "MuJoCo semi-implicit Euler"}
SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def scientific(x):
    """6.0·10⁻¹² (two significant digits)."""
    mantissa, exponent = f"{x:.1e}".split("e")
    return f"{mantissa}·10{str(int(exponent)).translate(SUPERSCRIPT)}"


def time_text(us):
    return f"{us:.2g} µs" if us < 10 else f"{us:.0f} µs"


def step_text(ms):
    return "none" if ms == 0 else f"{ms:g} ms"


def rows():
    with open(CSV, newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            r["error"] = float(r["max_angle_error_rad"])
            r["us"] = float(r["us_per_step"])
            r["largest"] = float(r["largest_step_1e-3rad_ms"])
            r["gap"] = float(r.get("max_loop_gap_m") or 0)
            yield r


def full_table(data):
    out = ["| model, step | engine, integrator | time per step | largest angle error over 1 s | largest step for 1e-3 rad | largest loop gap |",
           "|---|---|---|---|---|---|"]
    last = None
    for r in data:
        key = (r["model"], r["step_ms"])
        first = f'{MODELS[r["model"]][0]}, {r["step_ms"]} ms' if key != last else ""
        last = key
        stops = math.isinf(r["error"])
        gap_um = r["gap"] * 1e6
        gap = "—" if gap_um == 0 or stops else f"{gap_um:.2g} µm" if gap_um < 10 else f"{gap_um:.0f} µm"
        out.append(f'| {first} | {ENGINES[(r["engine"], r["integrator"])]} | {time_text(r["us"])} | '
                   f'{"stops" if stops else scientific(r["error"]) + " rad"} | {"—" if stops else step_text(r["largest"])} | {gap} |')
    return "\n".join(out)


def summary_table(data):
    columns = [("Lied", "rk4"), ("Lied", "ros2"), ("MuJoCo", "rk4")]
    out = ["| mechanism, step | " + " | ".join(ENGINES[c] for c in columns) + " |", "|---" * (len(columns) + 1) + "|"]
    for model, (label, step) in MODELS.items():
        cells = []
        for engine, integrator in columns:
            r = next((r for r in data if (r["model"], r["step_ms"], r["engine"], r["integrator"]) == (model, step, engine, integrator)), None)
            if r is None:
                cells.append("—")
            elif math.isinf(r["error"]):
                cells.append(f'stops, {time_text(r["us"])}')
            else:
                cells.append(f'{scientific(r["error"])} rad, {time_text(r["us"])}, up to {step_text(r["largest"])}')
        out.append(f"| {label}, {step} ms | " + " | ".join(cells) + " |")
    return "\n".join(out)


def replace_between(text, marker, table, path):
    pattern = re.compile(r"(<!-- " + marker + r"[^>]*-->\n).*?(\n<!-- /" + marker + r" -->)", re.S)
    if not pattern.search(text):
        sys.exit(f"mechanics-tables: {path} has no <!-- {marker} --> ... <!-- /{marker} --> markers")
    return pattern.sub(lambda m: m.group(1) + table + m.group(2), text)


def main():
    check = "--check" in sys.argv[1:]
    data = list(rows())
    stale = []
    for path, marker, table in [(NOTES, "mechanics-table", full_table(data)), (GUIDE, "mechanics-summary", summary_table(data))]:
        text = path.read_text(encoding="utf-8")
        new = replace_between(text, marker, table, path)
        if new == text:
            continue
        if check:
            stale.append(str(path.relative_to(ROOT)))
        else:
            path.write_text(new, encoding="utf-8")
    if stale:
        print("mechanics-tables: the tables in " + ", ".join(stale) + " differ from docs/mechanics_bench.csv; run "
              "python3 scripts/mechanics-tables.py (or scripts/mechanics-report.sh to measure again)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
