#!/usr/bin/env python3
"""Samples ThermofluidStream's published regression results for the TFS test models ported to Lied.

Every port in tests/thermofluid/tfs/ is a system file NAME.yaml with a comparison file NAME.compare.csv:

    # tfs: ThermofluidStream.Topology.Tests.TestSplitter
    # times: 0.1 0.2 0.5 1
    tfs signal, lied signal, factor, relative tolerance, absolute tolerance, from time, why
    splitterN.inlet.m_flow, source.m_flow, 1, 1e-5, 1e-6, 0, ...

This script reads the reference trajectories (ThermoFluidStream-Regression, ReferenceData/<tfs>_ref.mat: Dymola's
MAT v4 result format) and writes NAME.reference.csv: time and every TFS signal of the comparison at the listed
times, interpolated linearly between the stored points. The test (tests/thermofluid/tfs/test_tfs_suite.cpp) runs
the system file to those times and compares Lied's signal, times the factor, with the reference (a row from its
`from time` on).

    python3 scripts/tfs-reference.py REFERENCE_DATA_DIR [tests/thermofluid/tfs]

REFERENCE_DATA_DIR holds the *_ref.mat files (a checkout of ThermoFluidStream-Regression's ReferenceData). CI does not
run this script; it needs nothing beyond Python's standard library.
"""
import csv
import pathlib
import struct
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def read_mat4(path):
    """Every matrix of a MAT v4 file: name -> (rows, columns, is_text, values in column-major order)."""
    data = path.read_bytes()
    pos, matrices = 0, {}
    while pos < len(data):
        kind, rows, cols, imaginary, name_length = struct.unpack_from("<5i", data, pos)
        pos += 20
        if kind >= 1000 or kind < 0:
            sys.exit(f"{path}: only little-endian MAT v4 files are read (type {kind})")
        name = data[pos:pos + name_length - 1].decode("ascii")
        pos += name_length
        precision, text = (kind // 10) % 10, kind % 10 == 1
        code, size = {0: ("d", 8), 1: ("f", 4), 2: ("i", 4), 3: ("h", 2), 4: ("H", 2), 5: ("B", 1)}[precision]
        count = rows * cols
        matrices[name] = (rows, cols, text, struct.unpack_from(f"<{count}{code}", data, pos))
        pos += count * size * (2 if imaginary else 1)
    return matrices


def strings(matrix, transposed):
    rows, cols, _, values = matrix
    chars = [chr(v) for v in values]
    if transposed:   # one name per column, column-major: contiguous
        return ["".join(chars[c * rows:(c + 1) * rows]).rstrip(" \0") for c in range(cols)]
    return ["".join(chars[r + c * rows] for c in range(cols)).rstrip(" \0") for r in range(rows)]


class Trajectories:
    """Dymola's result format: names, and for each where its values are (data_1: constants, data_2: over time)."""

    def __init__(self, path):
        m = read_mat4(path)
        transposed = strings(m["Aclass"], False)[3] == "binTrans"   # Aclass' fourth row: binNormal or binTrans
        self.names = strings(m["name"], transposed)
        info_rows, _, _, info = m["dataInfo"]
        # dataInfo: per variable (a column when transposed) the matrix (1 or 2) and the signed column (sign: negated)
        self.where = {}
        for i, name in enumerate(self.names):
            matrix, column = (info[i * info_rows], info[i * info_rows + 1]) if transposed else (info[i], info[i + len(self.names)])
            self.where[name] = (matrix, column)
        self.data = {}
        for k in (1, 2):
            rows, cols, _, values = m[f"data_{k}"]
            if transposed:   # rows are variables, columns are time points
                self.data[k] = [values[c * rows:(c + 1) * rows] for c in range(cols)]
            else:
                self.data[k] = [values[r::rows] for r in range(rows)]
        self.time = [point[0] for point in self.data[2]]

    def at(self, name, t):
        if name not in self.where:
            sys.exit(f"no signal '{name}' in the reference")
        matrix, column = self.where[name]
        sign = -1.0 if column < 0 else 1.0
        column = abs(column) - 1
        if matrix == 1 or matrix == 0:   # a constant (matrix 0: the time itself)
            return sign * (t if matrix == 0 else self.data[1][0][column])
        points = self.data[2]
        # the last stored point at or before t, so that a value at an event's time is the one after it
        lo, hi = 0, len(self.time) - 1
        if t < self.time[0] or t > self.time[-1]:
            sys.exit(f"t = {t} is outside the reference's {self.time[0]} … {self.time[-1]}")
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if self.time[mid] <= t:
                lo = mid
            else:
                hi = mid
        t0, t1 = self.time[lo], self.time[hi]
        if t1 == t:
            return sign * points[hi][column]
        w = 0.0 if t1 == t0 else (t - t0) / (t1 - t0)
        return sign * ((1 - w) * points[lo][column] + w * points[hi][column])


def comparison(path):
    tfs, times, rows = None, None, []
    for line in path.read_text().splitlines():
        if line.startswith("# tfs:"):
            tfs = line.split(":", 1)[1].strip()
        elif line.startswith("# times:"):
            times = [float(t) for t in line.split(":", 1)[1].split()]
        elif line.strip() and not line.startswith("#"):
            rows.append(next(csv.reader([line], skipinitialspace=True)))
    if not tfs or not times:
        sys.exit(f"{path}: needs '# tfs: MODEL' and '# times: t1 t2 …' lines")
    return tfs, times, [r[0] for r in rows[1:]]


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    reference_dir = pathlib.Path(sys.argv[1])
    ports = pathlib.Path(sys.argv[2]) if len(sys.argv) == 3 else ROOT / "tests/thermofluid/tfs"
    for compare in sorted(ports.glob("*.compare.csv")):
        tfs, times, signals = comparison(compare)
        mat = reference_dir / f"{tfs}_ref.mat"
        trajectories = Trajectories(mat)
        out = compare.with_name(compare.name.replace(".compare.csv", ".reference.csv"))
        with out.open("w", newline="") as f:
            f.write(f"# {tfs}: ThermoFluidStream-Regression ReferenceData/{mat.name}, sampled by scripts/tfs-reference.py\n")
            w = csv.writer(f, lineterminator="\n")
            w.writerow(["time"] + signals)
            for t in times:
                w.writerow([repr(t)] + [f"{trajectories.at(s, t):.9g}" for s in signals])
        print(f"{out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}: {len(signals)} signals at {len(times)} times")


if __name__ == "__main__":
    main()
