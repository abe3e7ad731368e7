"""The layers stay apart (STYLE.md): engine/ is pure rules, render/ and db/ know nothing of
Discord, engine/ does no I/O, imaging or asyncio, neither engine/ nor render/ knows the
service, and the cogs take the rules through the service."""
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

FORBIDDEN = {
    "engine": {"discord", "PIL", "aiosqlite", "asyncio", "sqlite3", "render", "db", "cogs", "service"},
    "render": {"discord", "aiosqlite", "sqlite3", "db", "cogs", "service"},
    "db": {"discord", "cogs", "render"},
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
