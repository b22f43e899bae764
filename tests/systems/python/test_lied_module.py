"""The Python module `lied`, used as a script would: load, run, read numpy results with units, set parameters,
step, save and restore, change the structure, compose from a dict, sweep, read result files, and the errors.
Checks against physics (the vessels hold their water), against the `lied` program (the same results to the bit),
and against the module itself (a restored run equals the first)."""
import os
import re
import signal
import subprocess
import threading
from pathlib import Path

import numpy as np
import pytest

import lied

SOURCE = Path(os.environ["LIED_SOURCE_DIR"])
PROGRAM = os.environ["LIED_PROGRAM"]
VESSELS = str(SOURCE / "systems/examples/files/com_vessels.yaml")
LEVELS = ["t1.level", "t2.level", "t3.level"]


def test_run_gives_numpy_series_with_units_and_the_vessels_keep_their_water():
    system = lied.load(VESSELS, t_end=5)
    results = system.run()
    assert isinstance(results["t2.level"], np.ndarray)
    assert results.time[0] == 0 and results.time[-1] == pytest.approx(5)
    assert len(results.time) == 51  # every 0.1 s, both ends
    assert results.units["t1.level"] == "m" and results.unit("p1.m_flow") == "kg/s"
    assert results.parameters["p2.dp_ref"] == 1000
    # Three tanks of 1 m² hold 3 m³ of water; t1's elevation step at 1 s moves none. RK4 keeps a linear invariant
    # to rounding.
    water = sum(results[name] for name in LEVELS)
    assert np.max(np.abs(water - 3.0)) < 1e-12
    assert "t9.level" not in results
    with pytest.raises(KeyError, match="t9.level"):
        results["t9.level"]


def test_results_equal_what_the_lied_program_writes(tmp_path):
    out = tmp_path / "vessels.mat"
    subprocess.run([PROGRAM, "run", VESSELS, "--t-end", "3", "--set", "p2.dp_ref=2500", "--out", str(out)], check=True,
                   capture_output=True)
    from_file = lied.read_results(str(out))
    here = lied.load(VESSELS, set={"p2.dp_ref": 2500}, t_end=3).run()
    assert from_file.names == here.names
    np.testing.assert_array_equal(from_file.time, here.time)
    for name in here.names:
        np.testing.assert_array_equal(from_file[name], here[name])


def test_parameters_choices_and_run_settings():
    system = lied.load("ComVessels", set={"t2.h0": 1.5}, solver="dopri5", t_end=2)
    assert system.parameter("t2.h0") == 1.5
    assert system["t2.level"] == 1.5
    assert "solver dopri5" in repr(system)
    system.set_parameter("p2.dp_ref", 3000)
    assert system.value("p2.dp_ref") == 3000
    with pytest.raises(ValueError, match="p2.dp_ref"):
        system.set_parameter("p2.dp_ref", -1)
    with pytest.raises(KeyError, match="did you mean 't2.level'"):
        system.value("t2.levle")
    for call in (lambda: system.parameter("p2.dp_reff"), lambda: system.set_parameter("p2.dp_reff", 1), lambda: system.set_state("t2.levl", 1),
                 lambda: system.choice("t1.mediumm"), lambda: system.unit("t2.levl")):
        with pytest.raises(KeyError):
            call()
    with pytest.raises(TypeError, match="p2.dp_ref .*expected a number, got NoneType"):
        lied.load("ComVessels", set={"p2.dp_ref": None})
    with pytest.raises(TypeError, match="expected a number"):
        lied.Change("x").replace("p2", "PressureDrop", {"dp_ref": "abc"})
    for settings in ({"dt": -0.01}, {"t_end": -1}, {"interval": 0}, {"rtol": -1}):
        with pytest.raises(ValueError, match=next(iter(settings))):
            lied.load("ComVessels", **settings)
    with pytest.raises(ValueError, match="before the current time"):
        system.run(t_end=-1)


def test_step_save_and_restore_are_bit_identical_here_and_in_a_second_system():
    system = lied.load(VESSELS)
    for _ in range(80):
        system.step(0.01)
    saved = system.save_state()
    assert saved.time == pytest.approx(0.8)
    first = []
    for _ in range(60):  # across the elevation step at 1 s
        system.step(0.01)
        first.append(system.states)
    system.restore_state(saved)
    again = []
    for _ in range(60):
        system.step(0.01)
        again.append(system.states)
    np.testing.assert_array_equal(np.array(first), np.array(again))
    other = lied.load(VESSELS)
    other.restore_state(lied.State(bytes(saved)))
    assert other.time == saved.time
    other.step(0.6)
    assert other.time == pytest.approx(1.4)
    with pytest.raises(ValueError, match="another structure"):   # a state that does not fit is a bad argument
        lied.load("SimpleStream").restore_state(saved)


def test_step_advances_with_the_systems_own_step_as_run_does():
    stepped = lied.load(VESSELS)
    stepped.step(3.0)  # 300 steps of the file's 0.01 s, not one step of 3 s
    ran = lied.load(VESSELS, t_end=3).run()
    assert stepped.time == pytest.approx(3.0)
    for name in LEVELS:
        assert stepped[name] == ran[name][-1]
    with pytest.raises(ValueError, match="dt must be"):
        stepped.step(float("nan"))


def test_a_run_that_stops_raises_simulation_error_carrying_the_samples_so_far():
    system = lied.load(VESSELS, t_end=4)
    system.schedule(2.0, lied.Change("t4 removed").remove("t4"))
    with pytest.raises(lied.SimulationError, match="t4") as stopped:
        system.run()
    assert stopped.value.results.time[-1] == pytest.approx(2.0, abs=0.11)
    assert len(stopped.value.results["t1.level"]) == len(stopped.value.results.time)


def test_structural_change_now_and_scheduled_and_a_refused_one():
    system = lied.load(VESSELS, t_end=4)
    system.step(0.5)
    valve = {"v_ref": 0.01, "dp_ref": 4000, "L": 100}
    change = lied.Change("p2 replaced").replace("p2", "PressureDrop", valve).set_parameter("p3.dp_ref", 1500)
    system.apply(change)
    assert [s["change"] for s in system.segments] == ["start", "p2 replaced"]
    assert system.parameter("p2.dp_ref") == 4000 and system.parameter("p3.dp_ref") == 1500
    with pytest.raises(ValueError, match="applied or scheduled already"):
        system.apply(change)
    # A plug connected twice is refused before anything is bound; the system runs on as it was.
    with pytest.raises(lied.StructuralChangeError, match="t1.outlet is connected already"):
        system.apply(lied.Change("t1 to t2 too").connect("t1.outlet", "t2.inlet"))
    assert len(system.states) == 5
    system.step(0.5)
    system.schedule(1.5, lied.Change("p3 narrowed").set_parameter("p3.dp_ref", 3000))
    system.run()
    assert system.segments[-1]["change"] == "p3 narrowed" and system.parameter("p3.dp_ref") == 3000
    with pytest.raises(lied.StructuralChangeError, match="NoSuchPath"):
        lied.load(VESSELS).apply(lied.Change("bad").remove("NoSuchPath"))
    with pytest.raises(KeyError, match="PresureDrop"):
        lied.Change("typo").replace("p2", "PresureDrop")
    with pytest.raises(KeyError, match="did you mean 'dp_ref'"):
        lied.Change("typo").replace("p2", "PressureDrop", {"dp_rf": 1})
    with pytest.raises(ValueError, match="dp_ref"):
        lied.Change("negative").replace("p2", "PressureDrop", {"dp_ref": -1})


def vessels_as_dict():
    tank = lambda kind: {"type": kind, "parameters": {"A": 1, "h0": 1}}
    valve = {"type": "PressureDrop", "parameters": {"v_ref": 0.01, "dp_ref": 1000, "L": 100}}
    return {
        "system": "ComposedVessels",
        "components": {"t1": tank("OutTank"), "t2": tank("InTank"), "t3": tank("InTank"), "s": {"type": "Splitter"},
                       "p1": valve, "p2": valve, "p3": valve,
                       "elevation": {"type": "StepSource", "parameters": {"height": 0.5, "start_time": 1}}},
        "connections": [["t1.outlet", "p1.inlet"], ["p1.outlet", "s.inlet"], ["s.outlet1", "p2.inlet"], ["p2.outlet", "t2.inlet"],
                        ["s.outlet2", "p3.inlet"], ["p3.outlet", "t3.inlet"], ["elevation.y", "t1.elevation"]],
        "run": {"t_end": 3, "solver": "rk4", "dt": 0.01, "interval": 0.1, "record": LEVELS},
    }


def test_compose_from_a_dict_equals_the_system_file():
    description = vessels_as_dict()
    description["components"]["t1"]["parameters"]["A"] = np.int64(1)  # numpy numbers are numbers
    composed = lied.compose(description).run()
    from_file = lied.load(VESSELS, t_end=3).run(record=LEVELS)
    for name in LEVELS:
        np.testing.assert_array_equal(composed[name], from_file[name])
    broken = vessels_as_dict()
    broken["connections"].pop(3)  # p2.outlet → t2.inlet
    with pytest.raises(lied.Error, match="p2.outlet|t2.inlet"):
        lied.compose(broken)


def test_sweep_runs_each_case_and_keeps_a_failed_one():
    cases = [{"p2.dp_ref": 500}, {"p2.dp_ref": 1000}, {"p2.dp_ref": -5}]
    results = lied.sweep(VESSELS, cases, record=["t2.level"], t_end=3, jobs=2)
    assert len(results) == 3
    assert results[0].error == "" and results[1].error == ""
    assert "p2.dp_ref" in results[2].error
    with pytest.raises(ValueError, match="jobs"):
        lied.sweep(VESSELS, cases, jobs=0)
    # Each case equals the same run on its own.
    alone = lied.load(VESSELS, set={"p2.dp_ref": 500}, t_end=3).run(record=["t2.level"])
    np.testing.assert_array_equal(results[0]["t2.level"], alone["t2.level"])
    assert not np.array_equal(results[0]["t2.level"], results[1]["t2.level"])


def test_a_sweep_leaves_the_interpreter_to_other_threads():
    ticks = []
    done = threading.Event()

    def tick():
        while not done.is_set():
            ticks.append(1)
            done.wait(0.001)

    ticker = threading.Thread(target=tick)
    ticker.start()
    lied.sweep(VESSELS, [{"p2.dp_ref": 900 + k} for k in range(8)], record=["t2.level"], t_end=200, jobs=1)
    done.set()
    ticker.join()
    assert len(ticks) > 10  # the ticker ran while the sweep held no GIL


def test_a_system_is_used_by_one_thread_at_a_time():
    system = lied.load(VESSELS)
    runner = threading.Thread(target=lambda: system.run(t_end=3000, record=["t1.level"]))
    runner.start()
    refused = 0
    while runner.is_alive():
        try:
            system.value("t1.level")
        except lied.UsageError as busy:
            assert "busy in another thread" in str(busy)
            refused += 1
    runner.join()
    assert refused > 0
    assert system.time == pytest.approx(3000)  # the run itself went on undisturbed


def test_ctrl_c_stops_a_run_and_the_system_stays_usable():
    system = lied.load(VESSELS)
    threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
    with pytest.raises(KeyboardInterrupt):
        system.run(t_end=1e5, record=["t1.level"])
    assert 0 < system.time < 1e5
    system.step(0.1)  # the interrupt is over: the next call runs


def test_inputs_and_outputs_are_listed_set_between_steps_and_refused_with_the_rule():
    drive = lied.load("DriveTrain", solver="rk4", dt=1e-3)
    assert drive.inputs["motorTorque"]["unit"] == "N.m"
    assert drive.inputs["motorTorque"]["table"]        # the built-in system's table steps the torque at 0.1 s
    assert drive.outputs["w_load"] == {"value": "load.w", "unit": "rad/s", "description": "speed of the load"}
    with pytest.raises(ValueError, match="driven by a time table"):
        drive.set_input("motorTorque", 1.0)

    # A closed loop in Python: a P controller on the motor's speed, the torque set between steps of 1 ms.
    lag = lied.compose({
        "system": "Lag",
        "components": {"lag": {"type": "FirstOrder", "parameters": {"T": 0.2}}},
        "inputs": {"u": {"unit": "W", "start": 0, "min": -1, "max": 2, "drives": ["lag.u"]}},
        "outputs": {"y": "lag.y"},
    }, dt=1e-3)
    lag.step(0.5)
    lag.set_input("u", 1.5)
    lag.step(0.7)
    # y = 1.5·(1 − e^{−0.7/0.2}): RK4 at 1 ms, 1e-9
    assert lag["y"] == pytest.approx(1.5 * (1 - np.exp(-3.5)), rel=1e-9)
    assert lag.inputs["u"]["value"] == 1.5
    with pytest.raises(ValueError, match=r"input u = 3 W is outside its range \[-1, 2\]"):
        lag.set_input("u", 3.0)
    with pytest.raises(KeyError, match="did you mean 'u'"):
        lag.set_input("uu", 1.0)


def test_a_table_drives_inputs_from_python_and_in_a_sweep(tmp_path):
    # The lag driven by a hold table: ∫y dt has no closed form worth writing, but the input's own value is exact.
    lag = lied.compose({
        "system": "Lag",
        "components": {"lag": {"type": "FirstOrder", "parameters": {"T": 0.2}}},
        "inputs": {"u": {"unit": "W", "min": -1, "max": 2, "drives": ["lag.u"]}},
    }, dt=0.01)
    lag.drive_inputs({"time": [0.0, 0.3], "u": [0.0, 1.0]}, interpolation="hold")
    with pytest.raises(lied.BuildError, match=r"the table given, row 2: u = 5 W at t = 0.5 s is outside its range \[-1, 2\] W"):
        lag.drive_inputs({"time": [0.0, 0.5], "u": [0.0, 5.0]})   # refused before anything changes: the hold table stays
    results = lag.run(t_end=1.0, interval=0.1, record=["u.y"])
    assert list(results["u.y"]) == [0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0]
    with pytest.raises(ValueError, match="driven by a time table"):
        lag.set_input("u", 2.0)
    with pytest.raises(KeyError, match="column 'v' names no input"):
        lag.drive_inputs({"time": [0.0], "v": [1.0]})
    with pytest.raises(ValueError, match="is linear or hold, got 'cubic'"):
        lag.drive_inputs({"time": [0.0], "u": [1.0]}, interpolation="cubic")

    # A sweep over two torque tables: once the backlash is taken up, the load accelerates at 5 rad/s² per N·m (the
    # CLI's test says why), so over [0.4, 0.6] s twice the torque gives twice the speed gained, to 1e-3.
    drive_train = str(SOURCE / "systems/examples/files/drive_train.yaml")
    tables = []
    for torque in (2, 4):
        table = tmp_path / f"torque_{torque}.csv"
        table.write_text(f"time, motorTorque\n0, 0\n0.1, {torque}\n")
        tables.append(str(table))
    runs = lied.sweep(drive_train, [{"inputs": tables[0]}, {"inputs": tables[1]}], record=["w_load"], t_end=0.6)
    assert all(r.error == "" for r in runs)
    gained = []
    for r in runs:
        w = np.interp([0.4, 0.6], r.time, r["w_load"])
        gained.append(w[1] - w[0])
    assert gained[0] == pytest.approx(5 * 2 * 0.2, rel=1e-3)
    assert gained[1] == pytest.approx(5 * 4 * 0.2, rel=1e-3)


def test_the_errors_name_what_is_wrong():
    with pytest.raises(lied.UsageError, match="unknown system 'NoSuch'"):
        lied.load("NoSuch")
    with pytest.raises(ValueError, match="no file"):
        lied.read_results("/nonexistent/results.mat")
    with pytest.raises(lied.UsageError, match="read_results"):
        lied.read_results(VESSELS)  # a system file is no result file
    assert "ComVessels" in lied.systems()
    assert "PressureDrop" in lied.component_types()


def test_the_python_page_of_the_user_guide_runs(tmp_path, monkeypatch):
    page = (SOURCE / "docs/user-guide/python.md").read_text()
    scripts = re.findall(r"```python\n(.*?)```", page, re.S)
    assert scripts
    monkeypatch.chdir(SOURCE)
    for script in scripts:
        exec(compile(script.replace("results/", str(tmp_path) + "/"), "python.md", "exec"), {})
    assert (tmp_path / "vessels_python.png").stat().st_size > 10000


LTI = str(SOURCE / "systems/examples/files/lti.yaml")


def test_vector_and_matrix_parameters_from_numpy_against_the_matrix_exponential():
    from scipy.linalg import expm  # an independent matrix exponential (Debian's python3-scipy)

    system = lied.load(LTI)
    A = system.parameter("lti.A")
    assert isinstance(A, np.ndarray) and A.shape == (2, 2) and A[1, 0] == -2
    assert system.parameter("lti.A[2,1]") == -2  # each element is a parameter too
    # Five states from a numpy matrix, x_start with them: one rebuild, then a reset starts from x_start.
    n = 5
    A5 = -2 * np.eye(n) + 1.5 * np.eye(n, k=1) + 0.5 * np.eye(n, k=-1)
    x0 = np.linspace(1, 0.2, n)
    system.apply(lied.Change("five states").set_parameter("lti.A", A5).set_parameter("lti.x_start", x0.tolist()))
    system.reset()
    assert len(system.states) == n
    system.run(t_end=1.0)
    x = np.array([system.value(f"lti.x[{k}]") for k in range(1, n + 1)])
    # dopri5 at rtol 1e-8 (the file's): a few 1e-9 off the exact solution.
    assert np.max(np.abs(x - expm(A5) @ x0)) < 1e-7
    # A new A of the same shape applies at once; a ragged list or a wrong rank is refused, naming what is wrong.
    system.set_parameter("lti.A", 2 * A5)
    assert system.parameter("lti.A[1,1]") == -4
    with pytest.raises(TypeError, match="list of rows of equal length"):
        system.set_parameter("lti.A", [[1, 2], [3]])
    with pytest.raises(ValueError, match="expects a matrix"):
        system.set_parameter("lti.A", [1, 2])
    # A shape the block refuses: BuildError naming both shapes; the five states run on.
    with pytest.raises(lied.BuildError, match="x_start is a vector of 5 numbers, expected 2"):
        system.set_parameter("lti.A", [[-1, 0], [0, -1]])
    assert len(system.states) == n
    # Lists at load, as --set takes them.
    small = lied.load(LTI, set={"lti.A": [[-1.0]], "lti.x_start": [2.0]})
    small.run(t_end=1.0)
    assert small.value("lti.x[1]") == pytest.approx(2 * np.exp(-1), abs=1e-8)


def test_the_python_snippet_of_the_signal_blocks_page_runs_and_is_right():
    from scipy.linalg import expm

    page = (SOURCE / "docs/user-guide/signal-blocks.md").read_text()
    scripts = re.findall(r"```python\n(.*?)```", page, re.S)
    assert len(scripts) == 1
    cwd = os.getcwd()
    os.chdir(SOURCE)
    try:
        names = {}
        exec(compile(scripts[0], "signal-blocks.md", "exec"), names)
    finally:
        os.chdir(cwd)
    s, A, x0 = names["s"], names["A"], names["x0"]
    assert len(s.states) == 50
    s.run(t_end=1.0)
    x = np.array([s.value(f"lti.x[{k}]") for k in range(1, 51)])
    assert np.max(np.abs(x - expm(A) @ x0)) < 1e-7
