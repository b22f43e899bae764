#!/usr/bin/env python3
"""Generates docs/reference/components.md from the components themselves.

For every registered component type (`lied list --components`) it takes
  - the equations: the comment block above the type's class in its header (what the author maintains next to the code),
  - parameters, choices, plugs, signals, states and tearing pairs: `lied describe TYPE --markdown` (the type's metainfo).

    python3 scripts/generate-reference.py build/systems/lied > docs/reference/components.md
    python3 scripts/generate-reference.py build/systems/lied --check docs/reference/components.md   # the test

With --check it exits 1 when the committed file differs from what the components say now.
"""
import difflib
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
LIBRARIES = ["components", "thermofluid", "dialectic_mechanics"]
SECTIONS = {  # folder -> title, in the order of the reference
    "components": "Signal blocks (components/)",
    "thermofluid": "Thermofluid: common (thermofluid/)",
    "thermofluid/boundaries": "Thermofluid: boundaries",
    "thermofluid/processes": "Thermofluid: processes",
    "thermofluid/flow_control": "Thermofluid: flow control",
    "thermofluid/topology": "Thermofluid: topology",
    "thermofluid/heat_exchangers": "Thermofluid: heat exchangers",
    "thermofluid/sensors": "Thermofluid: sensors",
    "thermofluid/thermal": "Thermal (thermofluid/thermal/)",
    "thermofluid/interfaces": "Thermofluid: interfaces",
    "dialectic_mechanics": "Dialectic mechanics: common",
    "dialectic_mechanics/one_dimensional": "Dialectic mechanics: one-dimensional (translational and rotational)",
    "dialectic_mechanics/planar": "Dialectic mechanics: planar",
}


def run(lied, *args):
    return subprocess.run([lied, *args], check=True, capture_output=True, text=True).stdout


def headers():
    for lib in LIBRARIES:
        yield from sorted((ROOT / lib).rglob("*.h"))


def find_definition(type_name, texts):
    """The header that defines the class (or struct) `type_name`, and the comment block just above it."""
    pattern = re.compile(r"^(?:template\s*<[^>]*>\s*)?(?:class|struct)\s+" + re.escape(type_name) + r"\b(?!;)[^;]*$", re.M)
    for path, text in texts.items():
        m = pattern.search(text)
        if not m:
            continue
        lines = text[: m.start()].splitlines()
        while lines and lines[-1].strip().startswith("template"):
            lines.pop()
        comment = []
        while lines and lines[-1].strip().startswith("//"):
            comment.insert(0, re.sub(r"^\s*// ?", "", lines.pop()))
        if not comment:  # the file's own comment, when the class has none of its own
            for line in text.splitlines():
                if line.startswith("#pragma"):
                    continue
                if not line.startswith("//"):
                    break
                comment.append(re.sub(r"^// ?", "", line))
        return path, "\n".join(comment).strip()
    alias = re.compile(r"^using\s+" + re.escape(type_name) + r"\s*=\s*(?:Named<\s*)?(\w+)<", re.M)   # 1D mechanics
    for path, text in texts.items():
        m = alias.search(text)
        if m:
            return find_definition(m.group(1), texts)
    return None, ""


def generate(lied):
    texts = {p: p.read_text(encoding="utf-8") for p in headers()}
    types = [line.split()[0] for line in run(lied, "list", "--components").splitlines() if line.strip()]
    by_section = {}
    for t in types:
        path, equations = find_definition(t, texts)
        folder = str(path.parent.relative_to(ROOT)) if path else "(plugins or unknown)"
        by_section.setdefault(folder, []).append((t, path, equations))
    order = [f for f in SECTIONS if f in by_section] + sorted(f for f in by_section if f not in SECTIONS)
    out = ["# Component reference", "",
           "Generated from the components themselves by `scripts/generate-reference.py`: the equations are the comment",
           "above each type's class in its header, the tables are its metainfo (`lied describe TYPE --markdown`). Do not",
           "edit this file; the test `docs.reference_up_to_date` fails when it differs from what the components say.",
           "Regenerate it with", "",
           "```sh", "python3 scripts/generate-reference.py build/systems/lied > docs/reference/components.md", "```", "",
           f"{len(types)} component types.", ""]
    for folder in order:
        title = SECTIONS.get(folder, folder)
        anchor = re.sub(r"[^a-z0-9 _-]", "", title.lower()).replace(" ", "-")
        out.append(f"- [{title}](#{anchor}): " + ", ".join(f"[{t}](#{t.lower()})" for t, _, _ in by_section[folder]))
    for folder in order:
        out += ["", f"## {SECTIONS.get(folder, folder)}"]
        for t, path, equations in by_section[folder]:
            out += ["", f"### {t}", ""]
            if path:
                out.append(f"Defined in `{path.relative_to(ROOT)}`.")
                out.append("")
            if equations:
                out += ["```text", equations, "```", ""]
            out.append(run(lied, "describe", t, "--markdown").rstrip("\n"))
    return "\n".join(out) + "\n"


def main():
    if len(sys.argv) not in (2, 4) or (len(sys.argv) == 4 and sys.argv[2] != "--check"):
        sys.exit(__doc__)
    text = generate(sys.argv[1])
    if len(sys.argv) == 2:
        sys.stdout.write(text)
        return
    committed = pathlib.Path(sys.argv[3]).read_text(encoding="utf-8")
    if committed != text:
        diff = difflib.unified_diff(committed.splitlines(), text.splitlines(), "committed", "generated", lineterm="", n=1)
        print("\n".join(list(diff)[:60]))
        print(f"\n{sys.argv[3]} differs from what the components say; regenerate it:\n"
              f"  python3 scripts/generate-reference.py build/systems/lied > docs/reference/components.md")
        sys.exit(1)
    print(f"{sys.argv[3]} is up to date")


if __name__ == "__main__":
    main()
