"""The layers stay apart (STYLE.md): engine/ is pure rules, render/ and db/ know nothing of
Discord, and engine/ does no I/O, imaging or asyncio."""
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

FORBIDDEN = {
    "engine": {"discord", "PIL", "aiosqlite", "asyncio", "sqlite3", "render", "db", "cogs"},
    "render": {"discord", "aiosqlite", "sqlite3", "db", "cogs"},
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


def test_the_check_itself_sees_an_import():
    assert "discord" in imported_modules(Path(__file__).with_name("_layering_probe.py"))
