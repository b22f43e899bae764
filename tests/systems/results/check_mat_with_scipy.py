"""Reads `lied run --out x.mat` with an independent reader (scipy.io) as a Modelica result viewer would:
Aclass, names, descriptions with units, dataInfo, data_1 (parameters) and data_2 (time series), and compares
the numbers with the CSV of the same run. Also a variable-structure run: NaN exactly where the CSV is empty.

usage: check_mat_with_scipy.py <lied program> <scratch folder>
"""
import csv
import math
import subprocess
import sys
from pathlib import Path

import numpy as np
import scipy.io

lied, scratch = sys.argv[1], Path(sys.argv[2])
scratch.mkdir(parents=True, exist_ok=True)
source = Path(__file__).resolve().parents[3]


def run(*args):
    # No shell: the arguments go to the program as they are.
    done = subprocess.run([lied, "run", *args], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def strings(matrix, transposed):
    """A char matrix's strings: its columns (binTrans) or rows, trailing NUL and blanks removed."""
    chars = matrix.T if transposed else matrix
    return ["".join(row).rstrip("\0 ") for row in chars]


def trajectories(path):
    m = scipy.io.loadmat(path, chars_as_strings=False)
    aclass = strings(m["Aclass"], False)
    assert aclass[0] == "Atrajectory" and aclass[1] == "1.1" and aclass[3] == "binTrans", aclass
    names, descriptions = strings(m["name"], True), strings(m["description"], True)
    info = m["dataInfo"]
    assert info.shape == (4, len(names)), info.shape
    assert info.dtype == np.int32, info.dtype
    assert names[0] == "time" and tuple(info[:2, 0]) == (0, 1)
    data_1, data_2 = m["data_1"], m["data_2"]
    series, constants = {}, {}
    for j, name in enumerate(names):
        matrix, row = int(info[0, j]), abs(int(info[1, j])) - 1
        if matrix == 2:
            series[name] = (data_2[row, :], descriptions[j])
        elif matrix == 1:
            constants[name] = (data_1[row, 0], descriptions[j])
    return data_2[0, :], series, constants, data_1, m


def read_csv(path):
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    header, body = rows[0], rows[1:]
    return {h: [float(r[i]) if r[i] else math.nan for r in body] for i, h in enumerate(header)}


# 1. The vessels: every recorded series, its unit, a parameter set on the command line.
common = ["ComVessels", "--t-end", "3", "--interval", "0.5", "--set", "t2.h0=1.5"]
run(*common, "--out", str(scratch / "v.csv"))
run(*common, "--out", str(scratch / "v.mat"))
time, series, constants, data_1, _ = trajectories(scratch / "v.mat")
table = read_csv(scratch / "v.csv")
assert np.allclose(time, table["time"], rtol=1e-11, atol=0), (time, table["time"])
assert set(series) == set(table) - {"time"}, (sorted(series), sorted(table))
for name, (values, _) in series.items():
    assert np.allclose(values, table[name], rtol=1e-11, atol=1e-300), name
assert series["t1.level"][1].endswith("[m]"), series["t1.level"][1]
assert series["p1.m_flow"][1].endswith("[kg/s]"), series["p1.m_flow"][1]
assert constants["t2.h0"][0] == 1.5 and constants["t2.h0"][1].endswith("[m]"), constants["t2.h0"]
assert tuple(data_1[0, :]) == (0.0, 3.0), data_1[0, :]   # the simulated interval

# 2. The two-stage rocket: three segments; a variable is NaN exactly where it did not exist.
rocket = str(source / "systems" / "examples" / "files" / "two_stage_rocket.yaml")
run(rocket, "--t-end", "12", "--out", str(scratch / "r.csv"))
run(rocket, "--t-end", "12", "--out", str(scratch / "r.mat"))
time, series, _, _, m = trajectories(scratch / "r.mat")
table = read_csv(scratch / "r.csv")
gaps = 0
for name, (values, _) in series.items():
    expected = np.array(table[name])
    assert np.array_equal(np.isnan(values), np.isnan(expected)), name
    gaps += int(np.isnan(values).sum())
    keep = ~np.isnan(expected)
    assert np.allclose(values[keep], expected[keep], rtol=1e-11, atol=1e-9), name
assert gaps > 0
segments = m["lied_segments"]
assert segments.shape == (3, 3), segments.shape
assert abs(segments[0, 1] - 5) < 1e-9 and abs(segments[0, 2] - 10) < 1e-9 and segments[1, 2] == 12.0, segments
changes = strings(m["lied_segment_changes"], True)
assert changes[0] == "start" and len(changes) == 3, changes
print("scipy.io read both MAT files: names, units, parameters, series and segments as in the CSV")
