"""Crash safety: the process is killed (SIGKILL) at several points of a round and restarted.

A real child process (tests/service/crash_driver.py) plays a seeded game on a SQLite file
through the game service and posts through the outbox Poster into a file. It is killed in
turn right after a round-ending save (summary owed), inside a save's transaction, in the
middle of resolving a round, while drawing an image, after a post's attempt is recorded,
after a message is made but before it is marked sent, and right after the game-ending save
(final scores owed); the last run finishes the game. The result must be exactly the game an
uninterrupted run plays: nothing accepted lost, nothing applied twice, every post made once.
"""
from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

from db.connection import open_database
from db.repository import GameRepository
from engine.replay import replay
from engine.state import dump, load
from tests.service import crash_driver

ROOT = Path(__file__).resolve().parents[2]
KILL_POINTS = ["save_round_end", "commit:25", "round_resolution:2", "render:2", "attempt:4", "sent:6",
               "save_game_over"]


def lines(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text().splitlines() if x.strip()] if path.exists() else []


async def outcome(folder: Path) -> dict:
    db = await open_database(folder / "db.sqlite3")
    try:
        repo = GameRepository(db)
        (game,) = await repo.list_games()
        log = await repo.list_actions(game.id)
        rows = await db.fetchall("SELECT id, sent_at, message_id FROM outbox ORDER BY id")
        return {"game": game, "log": log, "outbox": [tuple(r) for r in rows],
                "sink": lines(folder / "sink"), "acks": lines(folder / "acks")}
    finally:
        await db.close()


def took(text: str) -> str:
    """A post with the game's wall-clock length ("played in 14 s") left out."""
    return re.sub(r"played in [^.]*\.", "played in (time).", text)


def run_child(folder: Path, crash_at: str | None) -> int:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("CRASH_AT", None)
    if crash_at:
        env["CRASH_AT"] = crash_at
    done = subprocess.run([sys.executable, "-m", "tests.service.crash_driver", str(folder / "db.sqlite3"),
                           str(folder / "sink"), str(folder / "acks")], cwd=ROOT, env=env, timeout=120,
                          capture_output=True, text=True)
    assert done.returncode in (0, -signal.SIGKILL), done.stderr[-2000:]
    return done.returncode


async def test_killed_at_any_point_of_a_round_the_restarted_bot_carries_on_exactly(tmp_path):
    reference = tmp_path / "reference"
    reference.mkdir()
    await crash_driver.run(str(reference / "db.sqlite3"), str(reference / "sink"), str(reference / "acks"))
    clean = await outcome(reference)
    assert clean["game"].status == "finished"

    crashed = tmp_path / "crashed"
    crashed.mkdir()
    for point in KILL_POINTS:
        assert run_child(crashed, point) == -signal.SIGKILL, f"the run never reached {point}"
    assert run_child(crashed, None) == 0
    got = await outcome(crashed)

    # nothing accepted was lost, nothing applied twice: the same game as without crashes
    assert got["game"].status == "finished"
    assert [(a.seq, a.seat, a.action) for a in got["log"]] == [(a.seq, a.seat, a.action) for a in clean["log"]]
    assert load(got["game"].state).result == load(clean["game"].state).result
    # the stored state is the replay of the log
    record = {"config": load(got["game"].state).config, "seed": load(got["game"].state).seed,
              "actions": [[a.seat, a.action] for a in got["log"]]}
    assert dump(replay(record)) == got["game"].state
    # every move a player was told was accepted is in the log, at the version it made
    logged = {(a.seat, a.action, a.game_version) for a in got["log"]}
    assert got["acks"] and all((x["seat"], x["action"], x["version"]) in logged for x in got["acks"])
    # every post owed was made exactly once, in order: summaries, pings and the final scores
    # (the final post says how long the game took on the wall clock: runs with crashes take longer)
    assert [took(m["text"]) for m in got["sink"]] == [took(m["text"]) for m in clean["sink"]]
    assert sorted(m["nonce"] for m in got["sink"]) == sorted(f"pu{row[0]}" for row in got["outbox"])
    assert all(sent_at is not None for _, sent_at, _ in got["outbox"])
    assert any("Final scores" in m["text"] for m in got["sink"])
