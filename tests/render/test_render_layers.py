"""render/ stays pure: it imports neither discord nor the database layer, and renderers
only take views (never a GameState)."""
from __future__ import annotations

import ast
from pathlib import Path

RENDER = Path(__file__).resolve().parents[2] / "render"
FORBIDDEN = ("discord", "db", "aiosqlite", "asyncio", "cogs")


def test_render_imports_no_discord_or_db():
    for path in RENDER.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                mods = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                mods = [node.module or ""]
            else:
                continue
            for m in mods:
                assert m.split(".")[0] not in FORBIDDEN, f"{path.name} imports {m}"


def test_render_never_touches_game_state():
    for path in RENDER.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "GameState" not in text and "engine.state" not in text, path.name
