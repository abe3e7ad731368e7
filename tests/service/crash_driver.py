"""A stand-in for the bot process, for the crash tests (tests/service/test_crash.py).

It opens the SQLite file, plays a seeded game through the real GameService (every player in
turn plays the default legal move) and delivers what the game owes its channel through the
real outbox Poster into a FakeChannel that appends each message to a file. Every move the
service accepted is appended to an "acks" file (what the player was told). Run again on the
same files, it carries on where the last run stopped.

    python -m tests.service.crash_driver DB SINK ACKS

CRASH_AT=point[:n] makes the process kill itself with SIGKILL at the n-th time (default 1)
it reaches a point:

    save_round_end    right after the save that ended a round (the summary is owed, not posted)
    save_game_over    right after the save that ended the game (the final scores are owed)
    commit            inside the save's transaction: state and log written, not committed
    round_resolution  in the middle of applying the move that ends a round (nothing saved)
    render            while drawing a post's image
    attempt           after a post's attempt is recorded, before it is sent
    sent              after the message exists in the channel, before it is marked sent
"""
from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
import time
from pathlib import Path

from db.connection import open_database
from db.repository import GameRepository
from engine import rules
from service import GameService, autoplay
from service.outbox import Poster
from tests.service.fake_channel import FakeChannel

SEED = 31
PLAYERS = 2


class Crash:
    """Kills the process at the n-th time a named point is reached (CRASH_AT)."""

    def __init__(self, spec: str | None):
        self.point, _, n = (spec or "").partition(":")
        self.left = int(n or 1)

    def at(self, point: str) -> None:
        if point != self.point:
            return
        self.left -= 1
        if self.left == 0:
            os.kill(os.getpid(), signal.SIGKILL)


def _write_line(path: Path, record: dict) -> None:
    with open(path, "a", encoding="utf-8") as out:
        out.write(json.dumps(record) + "\n")
        out.flush()
        os.fsync(out.fileno())


def install(crash: Crash, service: GameService, channel: FakeChannel):
    """Put the crash points in place; return what takes the engine's one back out."""
    repo = service.repo
    save_state, append, start_attempt, render = (repo.save_state, repo._append_actions, repo.start_attempt,
                                                 service.render)

    async def saving(*args, **kwargs):
        version = await save_state(*args, **kwargs)
        texts = [json.loads(payload).get("text", "") for _, payload in kwargs.get("outbox") or ()]
        if any("is over.**" in t and t.startswith("**Round") for t in texts):
            crash.at("save_round_end")
        if kwargs.get("status") == "finished" or any("Final scores" in t for t in texts):
            crash.at("save_game_over")
        return version

    async def appending(*args, **kwargs):
        await append(*args, **kwargs)
        crash.at("commit")

    async def attempting(*args, **kwargs):
        started = await start_attempt(*args, **kwargs)
        crash.at("attempt")
        return started

    async def rendering(*args, **kwargs):
        crash.at("render")
        return await render(*args, **kwargs)

    end_round = rules._end_round

    def ending(state):
        crash.at("round_resolution")
        return end_round(state)

    # the crash points wrap these methods on this repository and service only
    repo.save_state, repo._append_actions, repo.start_attempt = saving, appending, attempting  # type: ignore[method-assign]
    service.render = rendering  # type: ignore[method-assign]
    rules._end_round = ending
    channel.after_send = lambda message: crash.at("sent")

    def uninstall() -> None:
        rules._end_round = end_round

    return uninstall


async def game_id(service: GameService) -> int:
    """The driver's game, created and started on the first run (setup is not crash-tested)."""
    rows = await service.repo.list_games()
    if rows and rows[0].status != "lobby":
        return rows[0].id
    if not rows:
        game = await service.create(creator_id=1, creator_name="P1", guild_id=1, channel_id=1,
                                    options={"max_players": PLAYERS, "seed": SEED, "remind_hours": 0})
        for user in range(2, PLAYERS + 1):
            await service.join(game.id, user, f"P{user}")
        gid = game.id
    else:
        gid = rows[0].id
    await service.start(gid, 1, False)
    return gid


async def run(db_path: str, sink: str, acks: str, crash_at: str | None = None) -> None:
    db = await open_database(db_path)
    try:
        service = GameService(GameRepository(db), autopilot_level="random")
        channel = FakeChannel(sink, clock=time.time)
        crash = Crash(crash_at)
        uninstall = install(crash, service, channel)
        poster = Poster(service, channel)
        gid = await game_id(service)
        await poster.flush()  # what a crash left owed
        while True:
            game = await service.load(gid)
            if game.status != "active":
                break
            assert game.state is not None  # an active game has a state
            seat = rules.to_act(game.state)[0]
            action = str(autoplay.default_action(game.state, seat))
            user = game.user_of(seat)
            assert user is not None  # the driver's game has human seats only
            outcome = await service.act(gid, user, action)
            _write_line(Path(acks), {"seat": seat, "action": action, "version": outcome.game.version})
            await poster.flush()
        await poster.flush()
    finally:
        if "uninstall" in locals():
            uninstall()
        await db.close()


def main(argv: list[str]) -> int:
    db_path, sink, acks = argv
    asyncio.run(run(db_path, sink, acks, os.environ.get("CRASH_AT")))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
