"""The layers stay apart (STYLE.md): engine/ is pure rules, render/ and db/ know nothing of
Discord, and engine/ does no I/O, imaging or asyncio; neither engine/ nor render/ reaches up
into service/, and the cogs take the rules through the service. The computer players (autopilot/)
sit between: cogs -> service -> autopilot -> engine; they use only the engine's public names,
and the engine never imports them. Inside each package the modules form layers too: no import
cycle anywhere in the project (function-level and type-only imports count), and no engine module
uses another module's ``_private`` names."""
import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

FORBIDDEN = {
    # the language layer sits under everything: it knows nothing of the project
    "i18n": {"discord", "PIL", "aiosqlite", "asyncio", "sqlite3", "engine", "render", "db", "cogs", "service", "autopilot"},
    "engine": {"discord", "PIL", "aiosqlite", "asyncio", "sqlite3", "render", "db", "cogs", "service", "autopilot"},
    "autopilot": {"discord", "PIL", "aiosqlite", "asyncio", "sqlite3", "render", "db", "cogs", "service"},
    "render": {"discord", "aiosqlite", "sqlite3", "db", "cogs", "service", "autopilot"},
    "db": {"discord", "cogs", "render", "autopilot"},
    # the game service is shared by the cogs and the offline console: no Discord in it
    "service": {"discord", "cogs"},
}


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out.add(node.module.split(".")[0])
    return out


def test_engine_render_and_db_import_nothing_they_must_not():
    problems = []
    for package, banned in FORBIDDEN.items():
        for path in (ROOT / package).rglob("*.py"):
            bad = imported_modules(path) & banned
            if bad:
                problems.append(f"{path.relative_to(ROOT)} imports {sorted(bad)}")
    assert problems == []


# what the cogs may take from the engine directly: square names, action text and error types;
# rules, state, views and scores come through the game service
COGS_MAY_USE = {"engine.data", "engine.actions", "engine.errors"}


def engine_modules_used(path: Path) -> set[str]:
    """The engine modules a file imports, by full name (``from engine import data`` is engine.data)."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name.split(".")[0] == "engine"}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module == "engine":
                out |= {f"engine.{a.name}" for a in node.names}
            elif node.module.split(".")[0] == "engine":
                out.add(node.module)
    return out


def test_cogs_get_the_rules_through_the_service():
    problems = []
    for path in sorted([*(ROOT / "cogs").rglob("*.py"), ROOT / "bot.py"]):
        bad = engine_modules_used(path) - COGS_MAY_USE
        if bad:
            problems.append(f"{path.relative_to(ROOT)} imports {sorted(bad)}")
    assert problems == []


def test_the_check_itself_sees_an_import():
    assert "discord" in imported_modules(Path(__file__).with_name("_layering_probe.py"))
    assert engine_modules_used(Path(__file__).with_name("_layering_probe.py")) == {"engine.rules", "engine.state"}


# --------------------------------------------------------------------------- inside engine/


def _module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(source: str, module: str, is_package: bool, modules: set[str]):
    """(imported module, names taken from it) for every import in the source, at any depth:
    inside functions too (a lazy import that closes a cycle is still a cycle), and under
    ``if TYPE_CHECKING:`` too. A type-only import never runs, but it still makes the module
    depend on the one it names: that module's reader, type checker and refactorings must know
    the other, and it is how a lower layer ends up written against an upper one (cogs/ui.py
    typed its buttons' cog as cogs.game.GameCog, which imports cogs/ui.py). Where a lower
    module needs an upper one's object, it declares what it uses as a ``Protocol`` of its own."""
    tree = ast.parse(source)
    here = module.split(".") if is_package else module.split(".")[:-1]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                yield a.name, a.asname or a.name.split(".")[0], ()
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = here[:len(here) - (node.level - 1)]
                base = ".".join(up + ([node.module] if node.module else []))
            names = []
            for a in node.names:
                sub = f"{base}.{a.name}"
                if sub in modules:  # ``from . import rules``: the module itself
                    yield sub, a.asname or a.name, ()
                else:
                    names.append(a.name)
            if names:
                yield base, None, tuple(names)


def import_graph(root: Path, packages: tuple[str, ...]) -> tuple[dict[str, set[str]], list[str]]:
    """The import graph of the given packages under ``root`` (a module -> the modules of those
    packages it imports; importing a module of a (sub)package from outside it imports the
    package's ``__init__`` too, as Python runs that first), and every use of another module's
    private names within one package."""
    files = {_module_name(p, root): p for package in packages for p in (root / package).rglob("*.py")}
    modules = set(files)
    graph: dict[str, set[str]] = {m: set() for m in modules}
    private = []
    for mod, path in files.items():
        aliases = {}
        for target, alias, names in _imports(path.read_text(encoding="utf-8"), mod, path.name == "__init__.py",
                                             modules):
            if target not in modules:
                continue
            if target != mod:
                graph[mod].add(target)
            package = target.rpartition(".")[0]
            while package and not (mod + ".").startswith(package + "."):
                graph[mod].add(package)
                package = package.rpartition(".")[0]
            if target.split(".")[0] != mod.split(".")[0]:
                continue  # another package's private names: engine_names_used and the checks below
            if alias:
                aliases[alias] = target
            for name in names:
                if name.startswith("_") and target != mod:
                    private.append(f"{mod} imports {target}.{name}")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in aliases \
                    and node.attr.startswith("_") and not node.attr.startswith("__") \
                    and f"{aliases[node.value.id]}.{node.attr}" not in modules:
                private.append(f"{mod} uses {aliases[node.value.id]}.{node.attr}")
    return graph, private


def engine_graph(root: Path) -> tuple[dict[str, set[str]], list[str]]:
    """The import graph of the ``engine`` package alone, and the private names its modules take
    from each other (see import_graph)."""
    return import_graph(root, ("engine",))


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle per strongly connected group of modules that import each other."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out = []

    def visit(v: str) -> None:  # Tarjan
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_engine_modules_import_each_other_in_one_direction():
    graph, _ = engine_graph(ROOT)
    assert "engine.effects" in graph["engine.rules"]  # the graph is really built
    assert cycles(graph) == [], "an engine module imports one that imports it back (see the groups)"


# --------------------------------------------------------------------------- every package of the project

PACKAGES = ("engine", "render", "db", "service", "cogs", "autopilot", "i18n", "bench")

def test_every_package_is_checked():
    assert set(PACKAGES) == {p.parent.name for p in ROOT.glob("*/__init__.py")} - {"tests"}


def test_no_module_of_the_project_imports_one_that_imports_it_back():
    """No import cycle within or between the project's packages, counting imports inside
    functions and type-only ones (see _imports). Cycles are broken by moving the shared piece
    where it belongs (a small module both import), or, where a lower module only needs to call
    an upper one's object, by a Protocol in the lower module: not by hiding the import."""
    graph, _ = import_graph(ROOT, PACKAGES)
    assert "db.errors" in graph["cogs.table"] and "db" in graph["cogs.table"]  # across packages, __init__ included
    assert "cogs.ui" in graph["cogs.players"] or "cogs.players" in graph["cogs.ui"]  # a function-level import
    assert "service.kinds" in graph["service._model"]  # inside service/ too (a Game finds its kind)
    assert cycles(graph) == [], "modules that import each other (each group is one cycle)"


def test_no_engine_module_uses_another_modules_private_names():
    _, private = engine_graph(ROOT)
    assert private == []


def engine_names_used(root: Path, package: str) -> list[str]:
    """Every use of an engine module's private names (``_name``) by the modules of ``package``
    (a package beside engine/ under ``root``)."""
    engine = {_module_name(p, root) for p in (root / "engine").rglob("*.py")}
    found = []
    for path in sorted((root / package).rglob("*.py")):
        mod = _module_name(path, root)
        source = path.read_text(encoding="utf-8")
        aliases = {}
        for target, alias, names in _imports(source, mod, path.name == "__init__.py", engine):
            if target.split(".")[0] != "engine":
                continue
            if alias:
                aliases[alias] = target
            found += [f"{mod} imports {target}.{n}" for n in names if n.startswith("_")]
            if any(part.startswith("_") and not part.startswith("__") for part in target.split(".")):
                found.append(f"{mod} imports {target}")
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in aliases \
                    and node.attr.startswith("_") and not node.attr.startswith("__"):
                found.append(f"{mod} uses {aliases[node.value.id]}.{node.attr}")
    return found


def test_the_computer_players_use_only_the_engines_public_names():
    """Bots beside the game, not inside it (STYLE.md): autopilot/ plays through the engine's
    public API, so the engine may change its insides without breaking them."""
    assert (ROOT / "autopilot" / "greedy.py").exists()
    assert engine_names_used(ROOT, "autopilot") == []


def test_the_public_name_check_sees_both_spellings(tmp_path):
    for name, text in {"engine/__init__.py": "", "engine/rules.py": "def _f(): pass\n_g = 1",
                       "engine/_hidden.py": "", "bots/__init__.py": "",
                       "bots/a.py": "from engine import rules as R\nfrom engine.rules import _g, apply\n"
                                    "from engine import _hidden\nR._f()\nR.apply()"}.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    assert engine_names_used(tmp_path, "bots") == ["bots.a imports engine.rules._g", "bots.a imports engine._hidden",
                                                   "bots.a uses engine.rules._f"]


def _probe(tmp_path: Path, files: dict[str, str]) -> tuple[dict[str, set[str]], list[str]]:
    for name, text in files.items():
        path = tmp_path / "engine" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return engine_graph(tmp_path)


@pytest.mark.parametrize("files,expected", [
    ({"__init__.py": "", "a.py": "from . import b", "b.py": "def f():\n    from .a import g"}, [["engine.a", "engine.b"]]),
    ({"__init__.py": "", "a.py": "from .pkg.x import f", "pkg/__init__.py": "from . import y",
      "pkg/x.py": "", "pkg/y.py": "from .. import a"}, [["engine.a", "engine.pkg", "engine.pkg.y"]]),
    ({"__init__.py": "", "a.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .b import B",
      "b.py": "from . import a"}, [["engine.a", "engine.b"]]),
    ({"__init__.py": "", "a.py": "from typing import Protocol\nclass B(Protocol):\n    x: int",
      "b.py": "from . import a"}, []),
])
def test_the_cycle_check_sees_function_level_type_only_and_package_imports(tmp_path, files, expected):
    graph, _ = _probe(tmp_path, files)
    assert cycles(graph) == expected


def test_the_cycle_check_sees_a_cycle_between_packages(tmp_path):
    """cogs.a imports db.b, and db/__init__.py (which Python runs first) imports cogs.a back."""
    for name, text in {"cogs/__init__.py": "", "cogs/a.py": "def f():\n    from db.b import g",
                       "db/__init__.py": "from cogs import a", "db/b.py": ""}.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    graph, _ = import_graph(tmp_path, ("cogs", "db"))
    assert cycles(graph) == [["cogs.a", "db"]]


def test_the_private_name_check_sees_both_spellings(tmp_path):
    _, private = _probe(tmp_path, {"__init__.py": "", "a.py": "def _f(): pass\n_g = 1",
                                   "b.py": "from . import a as A\nfrom .a import _g\nA._f()\nA.public()"})
    assert private == ["engine.b imports engine.a._g", "engine.b uses engine.a._f"]


# Modules outside engine/corporations/ that may name a corporation: the position builder (it
# lays out each board's own pieces), and the default board of a new game.
NAMES_CORPORATIONS = {"engine/scenario.py"}
ALLOWED_NAMES = {("engine/setup.py", "universal_coalition")}


def test_the_rules_never_ask_which_corporation_a_seat_plays():
    """A board changes the rules through its hooks (STYLE.md, one module per corporation):
    no rule module outside engine/corporations/ names a corporation or its board class."""
    import json

    ids = [c["id"] for c in json.loads((ROOT / "engine/data/corporations.json").read_text())["corporations"]]
    classes = ["Cosmos", "Flux", "Horizon", "JumpDrive", "Makeshift", "Oasis", "Republic", "Wormhole",
               "UniversalCoalition"]
    found = []
    for path in sorted((ROOT / "engine").glob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel in NAMES_CORPORATIONS:
            continue
        text = path.read_text(encoding="utf-8")
        code = ast.unparse(ast.parse(text))  # docstrings and comments may name them; code may not
        code = "\n".join(line for line in code.splitlines() if not line.lstrip().startswith(("'", '"')))
        for name in ids:
            if f"'{name}'" in code and (rel, name) not in ALLOWED_NAMES:
                found.append(f"{rel}: {name}")
        for cls in classes:
            if f"{cls}(" in code or f"{cls})" in code or f"{cls}," in code:
                found.append(f"{rel}: {cls}")
    assert found == []


# --------------------------------------------------------------------------- Solar Storm beside Planet Unknown

# what both games share: the error base classes and the seeded random helpers
SHARED_ENGINE = {"engine.core"}


def _reach(graph: dict[str, set[str]], start: set[str]) -> set[str]:
    seen, todo = set(), list(start)
    while todo:
        mod = todo.pop()
        if mod not in seen:
            seen.add(mod)
            todo += graph.get(mod, ())
    return seen


def test_solar_storm_imports_nothing_of_planet_unknowns_rules():
    """engine.solar_storm reaches (directly or through another module) only its own modules and
    the shared engine.core; and Planet Unknown's rules never import it."""
    graph, _ = engine_graph(ROOT)
    storm = {m for m in graph if m == "engine.solar_storm" or m.startswith("engine.solar_storm.")}
    assert {"engine.solar_storm", "engine.solar_storm.rules", "engine.solar_storm.scenario"} <= storm
    assert "engine.core" in graph["engine.solar_storm.rules"]  # the graph sees the shared module
    assert _reach(graph, storm) - storm == SHARED_ENGINE
    planet_unknown = set(graph) - storm - SHARED_ENGINE
    assert not any(graph[m] & storm for m in planet_unknown)
    assert not graph["engine.core"]  # the shared module imports neither game


def test_solar_storm_imports_no_service_cogs_db_render_nor_io():
    banned = {"service", "cogs", "db", "render", "autopilot", "discord", "PIL", "aiosqlite", "asyncio", "sqlite3"}
    problems = [f"{path.relative_to(ROOT)} imports {sorted(bad)}"
                for path in sorted((ROOT / "engine" / "solar_storm").rglob("*.py"))
                if (bad := imported_modules(path) & banned)]
    assert problems == []


def test_no_solar_storm_module_uses_another_modules_private_names():
    _, private = engine_graph(ROOT)
    assert [p for p in private if "solar_storm" in p] == []
    assert (ROOT / "engine" / "solar_storm" / "rules.py").read_text(encoding="utf-8").count("def _") > 5


# --------------------------------------------------------------------------- service/: one service, two games

# Planet Unknown's own modules that still sit at service/'s root (its panels, posts, round logs,
# boards, lessons and hints, its computer players' loop, its medals statistics; README, "Two games,
# one service", says why they are not in a subpackage yet): they and its kind
# (service/kinds/planet_unknown.py) may take its rules; the shared service takes no game's rules
PLANET_UNKNOWN_SERVICE = {"service/_announce.py", "service/_hint.py", "service/autoplay.py", "service/boards.py",
                          "service/lessons.py", "service/panels.py", "service/players.py", "service/roundlog.py",
                          "service/kinds/planet_unknown.py"}
# what every game shares of the engine: its error types (engine/core.py, re-exported by engine/errors.py)
SHARED_ENGINE_NAMES = {"engine.errors", "engine.core"}


def _game_rules(path: Path) -> set[str]:
    return engine_modules_used(path) - SHARED_ENGINE_NAMES


def test_the_shared_service_takes_each_games_rules_only_through_its_kind():
    """service/ modules other than the game kinds' (service/kinds/<game>.py) and Planet Unknown's
    modules listed above import no game's rules: they call the kind object (service/kinds)."""
    problems = []
    for path in sorted((ROOT / "service").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel in PLANET_UNKNOWN_SERVICE or (rel.startswith("service/kinds/") and path.name != "__init__.py"):
            continue
        if bad := _game_rules(path):
            problems.append(f"{rel} imports {sorted(bad)}")
    assert problems == []
    assert _game_rules(ROOT / "service" / "kinds" / "planet_unknown.py")  # the check sees the kind's imports


def test_each_game_kind_takes_only_its_own_games_rules():
    """Planet Unknown's service modules never import Solar Storm's rules, and Solar Storm's kind
    imports nothing of Planet Unknown's rules (only engine.solar_storm and the shared errors)."""
    problems = []
    for rel in sorted(PLANET_UNKNOWN_SERVICE):
        if bad := {m for m in _game_rules(ROOT / rel) if m.startswith("engine.solar_storm")}:
            problems.append(f"{rel} imports {sorted(bad)}")
    for path in sorted((ROOT / "service" / "kinds").glob("solar_storm*.py")):
        bad = {m for m in _game_rules(path) if not (m == "engine.solar_storm" or m.startswith("engine.solar_storm."))}
        if bad:
            problems.append(f"{path.relative_to(ROOT)} imports {sorted(bad)}")
    assert problems == []


def test_the_shared_service_never_names_a_game():
    """No "if game == ...": the game names appear only in the registry and the kind modules."""
    problems = []
    for path in sorted((ROOT / "service").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith("service/kinds/") or rel in PLANET_UNKNOWN_SERVICE:
            continue
        text = path.read_text(encoding="utf-8")
        for name in ("planet_unknown", "solar_storm"):
            for line in text.splitlines():
                if f'"{name}"' in line or f"'{name}'" in line:
                    problems.append(f"{rel}: {line.strip()}")
    assert problems == []
