"""Tests reach the engine through its public names only: positions are built with
engine/scenario.py and queried with its public functions, never with an engine module's
``_private`` helpers (they may change or vanish with any rules fix)."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ENGINE_MODULES = ({p.stem for p in (ROOT / "engine").glob("*.py") if p.stem != "__init__"}
                  | {p.parent.name for p in (ROOT / "engine").glob("*/__init__.py")})  # packages too

# (file, name): uses that are not a test reaching into the rules. The crash driver wraps
# rules._end_round in place to kill the process while a round resolves (a crash point).
ALLOWED = {("tests/service/crash_driver.py", "rules._end_round")}


def private_uses(source: str) -> list[str]:
    """``module._name`` for every private engine name the source imports or reads."""
    tree = ast.parse(source)
    modules: dict[str, str] = {}  # local name -> engine module
    found = []

    def private(name: str) -> bool:
        return name.startswith("_") and not name.startswith("__")

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                parts = a.name.split(".")
                if parts[0] == "engine" and len(parts) == 2 and a.asname:
                    modules[a.asname] = parts[1]
                elif parts[0] == "engine" and not a.asname:
                    modules["engine"] = "engine"
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            parts = node.module.split(".")
            if parts[0] != "engine":
                continue
            for a in node.names:
                if private(a.name):
                    found.append(f"{node.module.split('.')[-1]}.{a.name}")
                elif node.module == "engine" and a.name in ENGINE_MODULES:
                    modules[a.asname or a.name] = a.name
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute) or not private(node.attr):
            continue
        base = node.value
        if isinstance(base, ast.Name) and base.id in modules and modules[base.id] != "engine":
            found.append(f"{modules[base.id]}.{node.attr}")
        elif isinstance(base, ast.Attribute) and isinstance(base.value, ast.Name) \
                and modules.get(base.value.id) == "engine" and base.attr in ENGINE_MODULES:
            found.append(f"{base.attr}.{node.attr}")
    return found


def test_no_test_uses_a_private_engine_name():
    problems = []
    for path in sorted((ROOT / "tests").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        for use in private_uses(path.read_text(encoding="utf-8")):
            if (rel, use) not in ALLOWED:
                problems.append(f"{rel}: {use}")
    assert problems == [], "use engine/scenario.py or a public engine function instead"


@pytest.mark.parametrize("source,expected", [
    ("import engine.rules as R\nR._cleanup(g, 0)", ["rules._cleanup"]),
    ("from engine import rules\nrules._claim(g, 0, ('synergy',))", ["rules._claim"]),
    ("from engine import corporations as C\nx = C._corp", ["corporations._corp"]),
    ("from engine.rules import _finish, apply", ["rules._finish"]),
    ("import engine.rules\nengine.rules._baseline(s)", ["rules._baseline"]),
    ("import engine.rules as R\nR.item_values(g, 0, it); R.__doc__", []),
    ("import render.corporation as RC\nRC._tech_layout()", []),
])
def test_the_scan_sees_private_engine_names(source, expected):
    assert private_uses(source) == expected
