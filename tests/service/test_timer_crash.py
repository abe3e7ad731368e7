"""A process that dies while firing a turn timer or a reminder: the timer (or reminder) is taken
off the schedule in the same transaction as the save that does its work, so a death between
the two undoes both, and the next process to tick does the work, once.

The first two tests stand a raised exception in for the death (both backends: the transaction
rolls back as it does when the connection drops); the last kills a real process with SIGKILL
on PostgreSQL, with its transaction open and the game's advisory lock held."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from db.connection import open_database
from db.repository import GameRepository
from engine import rules
from service import GameService
from tests.service.test_games import two_player_game

ROOT = Path(__file__).resolve().parents[2]


class Died(Exception):
    """The process stops here (nothing after this point happens)."""


def dies_when_saving(service: GameService) -> None:
    async def save_state(*args, **kwargs):
        raise Died
    service.repo.save_state = save_state  # type: ignore[method-assign]


def another_process(service: GameService) -> GameService:
    """A second service on the same database, with nothing in memory from the first."""
    return GameService(service.repo, clock=service.clock, autopilot_level="random")


async def texts(service: GameService, game_id: int) -> list[str]:
    return [p["text"] for _, p in await service.pending_posts(game_id)]


async def test_a_turn_timer_whose_firing_died_before_the_save_is_fired_by_the_next_tick(service):
    game = await two_player_game(service, remind_hours=0, timer_hours=5)
    service.test_clock.now += 5 * 3600 + 1
    dies_when_saving(service)
    with pytest.raises(Died):
        await service.tick()
    other = another_process(service)
    del service.repo.save_state  # the class's own again
    await other.tick()
    game = await other.load(game.id)
    assert game.state.round == 2  # the autopilot played both late seats' round, the first one's too
    assert sum("Time ran out" in t for t in await texts(other, game.id)) == 2
    timers = {r.seat for r in await other.repo.list_reminders(game.id) if r.kind == "timer"}
    assert timers == {game.seats[i].seat for i in rules.to_act(game.state)}  # round 2's seats are timed
    await other.tick()  # nothing more is due: nothing is done twice
    assert sum("Time ran out" in t for t in await texts(other, game.id)) == 2


async def test_a_reminder_whose_post_died_before_it_was_queued_is_sent_by_the_next_tick(service):
    game = await two_player_game(service, remind_hours=1)
    service.test_clock.now += 3601
    dies_when_saving(service)
    with pytest.raises(Died):
        await service.tick()
    other = another_process(service)
    del service.repo.save_state
    await other.tick()
    assert sum("waiting for you" in t for t in await texts(other, game.id)) == 2  # each seat nudged once
    await other.tick()
    assert sum("waiting for you" in t for t in await texts(other, game.id)) == 2


DIES = """
import asyncio, os, signal, sys
from db.connection import open_database
from db.repository import GameRepository
from engine import rules
from service import GameService

async def main(url, now):
    service = GameService(GameRepository(await open_database(url), clock=lambda: now), clock=lambda: now,
                          autopilot_level="random")
    async def save_state(*args, **kwargs):
        os.kill(os.getpid(), signal.SIGKILL)  # mid-transaction: the timer taken off, nothing saved
    service.repo.save_state = save_state
    await service.tick()

asyncio.run(main(sys.argv[1], float(sys.argv[2])))
"""


async def test_a_process_killed_while_firing_a_turn_timer_leaves_it_to_another(pg_url):
    db = await open_database(pg_url)
    try:
        clock = lambda: 1_000_000.0  # noqa: E731 - a fixed "now"
        first = GameService(GameRepository(db, clock=clock), clock=clock, autopilot_level="random")
        game = await two_player_game(first, remind_hours=0, timer_hours=5)
        late = 1_000_000.0 + 5 * 3600 + 1
        done = subprocess.run([sys.executable, "-c", DIES, pg_url, repr(late)], cwd=ROOT, capture_output=True,
                              text=True, timeout=120)
        assert done.returncode == -9, done.stderr[-2000:]  # it died inside the timer's save
        clock = lambda: late  # noqa: E731
        other = GameService(GameRepository(db, clock=clock), clock=clock, autopilot_level="random")
        assert await other.tick() == [game.id]  # the game's lock died with the process
        game = await other.load(game.id)
        assert game.state.round == 2
        assert sum("Time ran out" in t for t in await texts(other, game.id)) == 2
        await other.tick()
        assert sum("Time ran out" in t for t in await texts(other, game.id)) == 2
    finally:
        await db.close()
