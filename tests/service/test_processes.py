"""Real bot processes on one PostgreSQL database (tests/service/multi_driver.py), one of them
killed with SIGKILL while games are running (one of two, one of four): the others carry its
scheduled work on, the killed one restarts and joins in again, and in the end every game is
over, is the replay of its log, and every post (each nudge, each "time ran out", each summary)
went out exactly once.

The players never act: the turn timers make the autopilot play every round, so all the work is
scheduled work that any process may pick up."""
from __future__ import annotations

import asyncio
import json
import re
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from db.connection import open_database
from db.repository import GameRepository, OutboxRow
from engine.replay import replay
from engine.state import dump
from service import GameService
from service.outbox import nonce_of
from tests.service.multi_driver import fast_clock

ROOT = Path(__file__).resolve().parents[2]
SPEED = 36_000.0  # ten game hours a second


def start(url, sink, stop, t0) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "tests.service.multi_driver", url, str(sink), str(stop),
                             repr(t0), repr(SPEED)], cwd=ROOT)


@pytest.mark.parametrize("processes", [2, 4])
async def test_a_process_killed_mid_game_leaves_its_work_to_the_others_and_nothing_is_doubled(pg_url, tmp_path,
                                                                                               processes):
    t0 = time.time()
    clock = fast_clock(t0, SPEED)
    db = await open_database(pg_url)
    service = GameService(GameRepository(db, clock=clock), clock=clock, autopilot_level="random")
    games = []
    for n in range(4):
        game = await service.create(creator_id=1, creator_name="Ada", guild_id=5, channel_id=6,
                                    options={"max_players": 2, "seed": 40 + n, "remind_hours": 1, "timer_hours": 1.5})
        await service.join(game.id, 2, "Bo")
        games.append((await service.start(game.id, 1, False)).id)
    sink, stop = tmp_path / "channel.jsonl", tmp_path / "STOP"
    procs = [start(pg_url, sink, stop, t0) for _ in range(processes)]

    async def rounds() -> list[int]:
        return [(await service.load(g)).state.round for g in games]

    async def rounds_past(before: list[int]) -> list[int]:
        """The games' rounds once any has moved past ``before`` (waiting on progress, not on a
        fixed time: on a loaded machine the processes take longer to get going), or as they stand
        after a minute."""
        for _ in range(600):
            now = await rounds()
            if sum(now) > sum(before):
                return now
            await asyncio.sleep(0.1)
        return now

    try:
        await rounds_past([1] * len(games))  # a round or more in
        procs[0].send_signal(signal.SIGKILL)
        procs[0].wait()
        rounds_then = await rounds()
        rounds_alone = await rounds_past(rounds_then)  # the survivors go on without it
        procs[0] = start(pg_url, sink, stop, t0)  # the killed one comes back
        for _ in range(1200):
            statuses = [(await service.load(g)).status for g in games]
            if statuses == ["finished"] * len(games) and not await service.repo.pending_outbox():
                break
            await asyncio.sleep(0.1)
    finally:
        stop.touch()
        for proc in procs:
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
    try:
        assert sum(rounds_alone) > sum(rounds_then)  # the survivors carried the killed process's games on
        messages = [json.loads(line) for line in sink.read_text().splitlines()]
        sent = Counter(m["nonce"] for m in messages)
        assert [n for n, c in sent.items() if c > 1] == []  # no post twice
        rows = await db.fetchall("SELECT id, game_id, kind, payload, created_at, sent_at FROM outbox ORDER BY id")
        owed = {nonce_of(OutboxRow(*row)) for row in rows}
        assert set(sent) == owed  # none missed (every row sent, and only rows were)
        assert all(row[5] is not None for row in rows)
        for game_id in games:
            game = await service.load(game_id)
            assert game.status == "finished"
            log = await service.repo.list_actions(game_id)
            again = replay({"config": game.state.config, "seed": game.state.seed,
                            "actions": [[a.seat, a.action] for a in log]})
            assert dump(again) == game.row.state
            # A reminder or timer fired twice would give two posts queued at (nearly) the same game
            # time; a seat is nudged again, or timed again, only an hour or more later.
            # (sent posts keep no payload: their text is the channel's, their time the outbox row's)
            queued_at = {nonce_of(OutboxRow(*row)): row[4] for row in rows}
            queued = sorted((queued_at[m["nonce"]], m["text"]) for m in messages if m["game"] == game_id)
            for kind, pattern in (("nudge", r"<@(\d+)>, game #\d+ is waiting for you"),
                                  ("timer", r"Time ran out for <@(\d+)>")):
                last: dict[str, float] = {}
                for at, text in queued:
                    found = re.search(pattern, text)
                    if found:
                        seat = found.group(1)
                        assert at - last.get(seat, -1e12) >= 3600 * 0.99, f"game {game_id}: {kind} twice for <@{seat}>"
                        last[seat] = at
                assert last, f"game {game_id}: no {kind} at all"
            timed = {int(r) for r in re.findall(r"Time ran out for <@\d+> in round (\d+)",
                                                 " ".join(text for _, text in queued))}
            assert timed == set(range(1, game.state.round + 1))  # nobody plays: a timer ended each round
    finally:
        await db.close()
