"""Checks FMUs written by `lied export-fmu` against the rules of FMI 2.0 with an independent reader
(Python's zipfile, xml.etree and ctypes): the archive layout, unique names and value references, legal
causality/variability/initial combinations and start attributes, derivatives pointing at continuous states,
units declared, Integer and Boolean variables discrete or fixed with well-formed starts and ranges, the ModelStructure
lists complete and ordered, and every FMI 2.0 function exported by the binary.

usage: check_model_description.py <lied program> <scratch folder> <system>...
Each system is exported as FMI 2.0 and as FMI 3.0 and both are checked.
"""
import ctypes
import subprocess
import sys
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

lied, scratch, systems = sys.argv[1], Path(sys.argv[2]), sys.argv[3:]
scratch.mkdir(parents=True, exist_ok=True)

# FMI 2.0: the variabilities each causality allows, and the initial values each (causality, variability) allows.
VARIABILITY = {"parameter": {"fixed", "tunable"}, "calculatedParameter": {"fixed", "tunable"}, "input": {"discrete", "continuous"},
               "output": {"constant", "discrete", "continuous"}, "local": {"constant", "fixed", "tunable", "discrete", "continuous"},
               "independent": {"continuous"}}
INITIAL = {("parameter", "fixed"): {"exact"}, ("parameter", "tunable"): {"exact"},
           ("calculatedParameter", "fixed"): {"approx", "calculated"}, ("calculatedParameter", "tunable"): {"approx", "calculated"},
           ("input", "discrete"): {None}, ("input", "continuous"): {None},
           ("output", "constant"): {"exact"}, ("output", "discrete"): {"calculated", "exact", "approx"},
           ("output", "continuous"): {"calculated", "exact", "approx"},
           ("local", "constant"): {"exact"}, ("local", "fixed"): {"calculated", "approx"}, ("local", "tunable"): {"calculated", "approx"},
           ("local", "discrete"): {"calculated", "exact", "approx"}, ("local", "continuous"): {"calculated", "exact", "approx"},
           ("independent", "continuous"): {None}}
COMMON = ["fmi2GetTypesPlatform", "fmi2GetVersion", "fmi2SetDebugLogging", "fmi2Instantiate", "fmi2FreeInstance", "fmi2SetupExperiment",
          "fmi2EnterInitializationMode", "fmi2ExitInitializationMode", "fmi2Terminate", "fmi2Reset", "fmi2GetReal", "fmi2GetInteger",
          "fmi2GetBoolean", "fmi2GetString", "fmi2SetReal", "fmi2SetInteger", "fmi2SetBoolean", "fmi2SetString", "fmi2GetFMUstate",
          "fmi2SetFMUstate", "fmi2FreeFMUstate", "fmi2SerializedFMUstateSize", "fmi2SerializeFMUstate", "fmi2DeSerializeFMUstate",
          "fmi2GetDirectionalDerivative"]
MODEL_EXCHANGE = ["fmi2EnterEventMode", "fmi2NewDiscreteStates", "fmi2EnterContinuousTimeMode", "fmi2CompletedIntegratorStep", "fmi2SetTime",
                  "fmi2SetContinuousStates", "fmi2GetDerivatives", "fmi2GetEventIndicators", "fmi2GetContinuousStates",
                  "fmi2GetNominalsOfContinuousStates"]
CO_SIMULATION = ["fmi2SetRealInputDerivatives", "fmi2GetRealOutputDerivatives", "fmi2DoStep", "fmi2CancelStep", "fmi2GetStatus",
                 "fmi2GetRealStatus", "fmi2GetIntegerStatus", "fmi2GetBooleanStatus", "fmi2GetStringStatus"]


FMI3 = ["fmi3GetVersion", "fmi3SetDebugLogging", "fmi3InstantiateModelExchange", "fmi3InstantiateCoSimulation",
        "fmi3InstantiateScheduledExecution", "fmi3FreeInstance", "fmi3EnterInitializationMode", "fmi3ExitInitializationMode",
        "fmi3EnterEventMode", "fmi3Terminate", "fmi3Reset", "fmi3GetFloat32", "fmi3GetFloat64", "fmi3GetInt8", "fmi3GetUInt8",
        "fmi3GetInt16", "fmi3GetUInt16", "fmi3GetInt32", "fmi3GetUInt32", "fmi3GetInt64", "fmi3GetUInt64", "fmi3GetBoolean",
        "fmi3GetString", "fmi3GetBinary", "fmi3GetClock", "fmi3SetFloat32", "fmi3SetFloat64", "fmi3SetInt8", "fmi3SetUInt8",
        "fmi3SetInt16", "fmi3SetUInt16", "fmi3SetInt32", "fmi3SetUInt32", "fmi3SetInt64", "fmi3SetUInt64", "fmi3SetBoolean",
        "fmi3SetString", "fmi3SetBinary", "fmi3SetClock", "fmi3GetNumberOfVariableDependencies", "fmi3GetVariableDependencies",
        "fmi3GetFMUState", "fmi3SetFMUState", "fmi3FreeFMUState", "fmi3SerializedFMUStateSize", "fmi3SerializeFMUState",
        "fmi3DeserializeFMUState", "fmi3GetDirectionalDerivative", "fmi3GetAdjointDerivative", "fmi3EnterConfigurationMode",
        "fmi3ExitConfigurationMode", "fmi3GetIntervalDecimal", "fmi3GetIntervalFraction", "fmi3GetShiftDecimal",
        "fmi3GetShiftFraction", "fmi3SetIntervalDecimal", "fmi3SetIntervalFraction", "fmi3SetShiftDecimal", "fmi3SetShiftFraction",
        "fmi3EvaluateDiscreteStates", "fmi3UpdateDiscreteStates", "fmi3EnterContinuousTimeMode", "fmi3CompletedIntegratorStep",
        "fmi3SetTime", "fmi3SetContinuousStates", "fmi3GetContinuousStateDerivatives", "fmi3GetEventIndicators",
        "fmi3GetContinuousStates", "fmi3GetNominalsOfContinuousStates", "fmi3GetNumberOfEventIndicators",
        "fmi3GetNumberOfContinuousStates", "fmi3EnterStepMode", "fmi3GetOutputDerivatives", "fmi3DoStep", "fmi3ActivateModelPartition"]


def export(system, fmu, version):
    """`lied export-fmu`, unpacked: the folder, the archive's names and the model description's root."""
    done = subprocess.run([lied, "export-fmu", system, "-o", str(fmu), "--fmi-version", version], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    folder = fmu.with_suffix("")
    with zipfile.ZipFile(fmu) as z:
        names = z.namelist()
        z.extractall(folder)
    return folder, names, ET.parse(folder / "modelDescription.xml").getroot()


def check_variable(name, causality, variability, initial, has_start):
    assert variability in VARIABILITY[causality], (name, causality, variability)
    default = {"parameter": "exact", "input": None, "independent": None}.get(causality, "calculated")
    assert (initial or default) in INITIAL[(causality, variability)], (name, causality, variability, initial)
    needs_start = (initial or default) in ("exact", "approx") or causality == "input"
    assert has_start == needs_start, (name, "start", has_start, initial)


def check_type(name, tag, variability, element):
    """A variable's type element: only reals vary continuously; integers are whole and in range; booleans have no range."""
    if tag in ("Real", "Float64"):
        return
    assert variability != "continuous", (name, tag, "an Integer or Boolean variable cannot be continuous")
    assert element.get("unit") is None and element.get("nominal") is None, (name, tag, "no unit or nominal")
    start = element.get("start")
    if tag == "Boolean":
        assert element.get("min") is None and element.get("max") is None, (name, "a Boolean has no range")
        assert start in (None, "true", "false"), (name, start)
        return
    low, high = int(element.get("min", -2**31)), int(element.get("max", 2**31 - 1))
    assert -2**31 <= low <= high <= 2**31 - 1, (name, low, high)
    if start is not None:
        assert low <= int(start) <= high, (name, start, low, high)


def check3(system, fmu):
    """FMI 3.0: Float64, Int32 and Boolean variables, one independent variable, ModelStructure by value reference, event indicators as variables."""
    folder, names, root = export(system, fmu, "3")
    assert root.get("fmiVersion") == "3.0" and root.get("instantiationToken")
    identifier = root.find("ModelExchange").get("modelIdentifier")
    assert identifier == root.find("CoSimulation").get("modelIdentifier")
    assert f"binaries/x86_64-linux/{identifier}.so" in names, names
    units = {u.get("name") for u in root.iter("Unit")}
    variables = list(root.find("ModelVariables"))
    assert all(v.tag in ("Float64", "Int32", "Boolean") for v in variables), {v.tag for v in variables}
    by_vr = {}
    for v in variables:
        vr = int(v.get("valueReference"))
        assert vr not in by_vr, f"value reference {vr} twice"
        by_vr[vr] = v
        variability = v.get("variability", "continuous" if v.tag == "Float64" else "discrete")
        check_variable(v.get("name"), v.get("causality", "local"), variability, v.get("initial"), v.get("start") is not None)
        check_type(v.get("name"), v.tag, variability, v)
        if v.get("unit"):
            assert v.get("unit") in units, (v.get("name"), v.get("unit"))
        if v.get("derivative"):
            assert int(v.get("derivative")) in by_vr or any(int(w.get("valueReference")) == int(v.get("derivative")) for w in variables)
    assert len({v.get("name") for v in variables}) == len(variables), "names unique"
    assert [v.get("causality") for v in variables].count("independent") == 1, "exactly one independent variable"
    structure = root.find("ModelStructure")
    refs = lambda tag: [int(e.get("valueReference")) for e in structure.findall(tag)]
    assert refs("Output") == [int(v.get("valueReference")) for v in variables if v.get("causality") == "output"]
    assert refs("ContinuousStateDerivative") == [int(v.get("valueReference")) for v in variables if v.get("derivative")]
    states = {int(v.get("derivative")) for v in variables if v.get("derivative")}
    initial = refs("InitialUnknown")
    for v in variables:
        vr = int(v.get("valueReference"))
        if v.get("initial") in ("calculated", "approx") and (v.get("causality") == "output" or vr in states or v.get("derivative")):
            assert vr in initial, f"{v.get('name')} missing from InitialUnknown"
    for vr in refs("EventIndicator"):
        assert vr in by_vr
    library = ctypes.CDLL(str(folder / "binaries" / "x86_64-linux" / f"{identifier}.so"))
    for function in FMI3:
        assert hasattr(library, function), function
    library.fmi3GetVersion.restype = ctypes.c_char_p
    assert library.fmi3GetVersion() == b"3.0"
    return len(variables), len(states), len(refs("EventIndicator"))


def check(system, fmu):
    folder, names, root = export(system, fmu, "2")
    assert root.tag == "fmiModelDescription" and root.get("fmiVersion") == "2.0"
    me, cs = root.find("ModelExchange"), root.find("CoSimulation")
    assert me is not None and cs is not None
    identifier = me.get("modelIdentifier")
    assert identifier == cs.get("modelIdentifier") and identifier.isidentifier(), identifier
    assert f"binaries/linux64/{identifier}.so" in names and "modelDescription.xml" in names, names
    units = {u.get("name") for u in root.iter("Unit")}
    variables = root.find("ModelVariables").findall("ScalarVariable")
    refs, seen = set(), set()
    for k, v in enumerate(variables, start=1):
        name, causality, variability, initial = v.get("name"), v.get("causality", "local"), v.get("variability", "continuous"), v.get("initial")
        assert name not in seen, f"{name} twice"
        seen.add(name)
        vr = int(v.get("valueReference"))
        assert vr not in refs, f"value reference {vr} twice"   # Real variables: unique (no aliases are written)
        refs.add(vr)
        types = [e for e in v if e.tag in ("Real", "Integer", "Boolean")]
        assert len(types) == 1, (name, [e.tag for e in v])
        real = types[0]
        if real.tag != "Real" and v.get("variability") is None:
            variability = "discrete"   # FMI 2's default for non-Real variables
        check_variable(name, causality, variability, initial, real.get("start") is not None)
        check_type(name, real.tag, variability, real)
        if real.get("unit"):
            assert real.get("unit") in units, (name, real.get("unit"))
        if real.get("derivative"):
            state = variables[int(real.get("derivative")) - 1]
            assert state.get("variability", "continuous") == "continuous", name
    structure = root.find("ModelStructure")

    def indices(tag):
        node = structure.find(tag)
        return [] if node is None else [int(u.get("index")) for u in node.findall("Unknown")]
    outputs = [k for k, v in enumerate(variables, start=1) if v.get("causality") == "output"]
    derivatives = [k for k, v in enumerate(variables, start=1) if v.find("Real") is not None and v.find("Real").get("derivative")]
    states = {int(variables[k - 1].find("Real").get("derivative")) for k in derivatives}
    assert indices("Outputs") == outputs, "Outputs lists every output, in order"
    assert indices("Derivatives") == derivatives, "Derivatives lists every derivative, in order"
    initial = indices("InitialUnknowns")
    assert initial == sorted(set(initial)), "InitialUnknowns ascending, once each"
    for k, v in enumerate(variables, start=1):
        calculated = v.get("initial") in ("calculated", "approx")
        if calculated and (v.get("causality") == "output" or k in states or k in derivatives):
            assert k in initial, f"{v.get('name')} missing from InitialUnknowns"
    indicators = int(root.get("numberOfEventIndicators", "0"))
    assert indicators >= 0
    # The binary: loadable, and every function an importer looks up is there.
    library = ctypes.CDLL(str(folder / "binaries" / "linux64" / f"{identifier}.so"))
    for function in COMMON + MODEL_EXCHANGE + CO_SIMULATION:
        assert hasattr(library, function), function
    library.fmi2GetVersion.restype = ctypes.c_char_p
    assert library.fmi2GetVersion() == b"2.0"
    return len(variables), len(derivatives), indicators


for i, system in enumerate(systems):
    count, states, indicators = check(system, scratch / f"model{i}.fmu")
    print(f"{system}: {count} variables, {states} states, {indicators} event indicators: FMI 2.0 rules hold")
    count, states, indicators = check3(system, scratch / f"model{i}_3.fmu")
    print(f"{system}: {count} variables, {states} states, {indicators} event indicators: FMI 3.0 rules hold")
