"""`lied sweep` under MPI: the same two-parameter sweep run by one process without MPI, and by `mpirun -n 1`
and `mpirun -n 2`, gives the same table to the last digit (each case is computed by exactly one process, and
rank 0 writes the rows in case order).

usage: check_sweep_mpi.py <lied program> <scratch folder>
"""
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

lied, scratch = sys.argv[1], Path(sys.argv[2])
scratch.mkdir(parents=True, exist_ok=True)
mpirun = shutil.which("mpirun")
assert mpirun, "mpirun not found: bash scripts/setup.sh installs openmpi-bin"

sweep = ["sweep", "ComVessels", "--t-end", "5", "--vary", "t1.h0=0.5:1.5:3", "--vary", "p2.dp_ref=50:200:2",
         "--output", "t1.level", "--output", "p3.m_flow:min", "--quiet"]
env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1", OMPI_MCA_rmaps_base_oversubscribe="1")


def run(prefix, name):
    out = scratch / name
    start = time.monotonic()
    done = subprocess.run([*prefix, lied, *sweep, "--out", str(out)], capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, (prefix, done.returncode, done.stderr)
    return out.read_text(), time.monotonic() - start


plain, t_plain = run([], "plain.csv")
one, t_one = run([mpirun, "-n", "1"], "mpi1.csv")
two, t_two = run([mpirun, "-n", "2"], "mpi2.csv")
rows = plain.splitlines()
assert len(rows) == 7 and rows[0] == "case,status,t1.h0,p2.dp_ref,t1.level,min(p3.m_flow),message", rows
assert all(",ok," in r for r in rows[1:]), rows
assert one == plain, (one, plain)
assert two == plain, (two, plain)
# A table rank 0 cannot write (a folder of that name): every process stops with exit code 3, none waits forever.
(scratch / "taken.csv").mkdir(exist_ok=True)
done = subprocess.run([mpirun, "-n", "2", lied, *sweep, "--out", str(scratch / "taken.csv")], capture_output=True, text=True, env=env, timeout=120)
assert done.returncode == 3, (done.returncode, done.stderr)
assert "cannot write" in done.stderr, done.stderr
print(f"identical tables: no MPI {t_plain:.2f} s, mpirun -n 1 {t_one:.2f} s, mpirun -n 2 {t_two:.2f} s (wall, incl. MPI start-up)")
