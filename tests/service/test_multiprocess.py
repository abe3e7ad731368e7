"""Several bot processes on one PostgreSQL database: each GameService here has its own
connection, as a process of its own would, and requests for one game arrive at any of them
(as when a game's shard moved to another process after a restart). Nothing accepted may be
lost or doubled, every stored game is the replay of its log, and scheduled work (reminders,
turn timers, owed posts) is done once, by whichever process gets to it first."""
from __future__ import annotations

import asyncio

import pytest

from bench.load_bench import service_load
from db.connection import open_database
from db.repository import GameRepository
from service import GameService
from service.outbox import Poster
from tests.service.fake_channel import FakeChannel
from tests.service.test_games import two_player_game


class Clock:
    def __init__(self):
        self.now = 1_000_000.0

    def __call__(self):
        return self.now


async def services_on(url: str, count: int, clock) -> list[GameService]:
    return [GameService(GameRepository(await open_database(url), clock=clock), clock=clock,
                        autopilot_level="random") for _ in range(count)]


async def close(services) -> None:
    for svc in services:
        await svc.repo.db.close()


@pytest.mark.parametrize("processes", [2, 4])
async def test_games_played_through_several_processes_lose_and_double_nothing(pg_url, processes):
    report = await service_load(games=16, rounds=2, seed=5, timeout=240, path=pg_url, services=processes)
    assert report.problems == []
    assert report.accepted > 300 and report.logged >= report.accepted
    assert report.refused > 0  # double clicks reached two processes; the second was refused


async def test_a_due_reminder_is_sent_once_when_every_process_ticks_at_the_same_time(pg_url):
    clock = Clock()
    services = await services_on(pg_url, 3, clock)
    first = services[0]
    try:
        games = [await two_player_game(first, remind_hours=1, timer_hours=5) for _ in range(4)]
        clock.now += 3601
        await asyncio.gather(*(svc.tick() for svc in services for _ in range(2)))
        for game in games:
            texts = [p["text"] for _, p in await first.pending_posts(game.id)]
            assert sum("waiting for you" in t for t in texts) == 2  # one nudge per seat, not one per process
        clock.now += 5 * 3600  # the turn timers: the autopilot plays each late seat's round once
        await asyncio.gather(*(svc.tick() for svc in services))
        for game in games:
            texts = [p["text"] for _, p in await first.pending_posts(game.id)]
            assert sum("Time ran out" in t for t in texts) == 2
            assert (await first.load(game.id)).state.round == 2
    finally:
        await close(services)


class SlowChannel(FakeChannel):
    """A channel shared by every process (Discord), slow enough that deliveries overlap."""

    async def send(self, game, payload, image, nonce):
        await asyncio.sleep(0.005)
        return await super().send(game, payload, image, nonce)


async def test_owed_posts_are_delivered_once_when_every_process_flushes_at_the_same_time(pg_url):
    clock = Clock()
    services = await services_on(pg_url, 3, clock)
    try:
        games = [await two_player_game(services[0], remind_hours=0) for _ in range(5)]
        owed = {g.id: [p["text"] for _, p in await services[0].pending_posts(g.id)] for g in games}
        channel = SlowChannel(clock=clock)
        posters = [Poster(svc, channel) for svc in services]
        await asyncio.gather(*(p.flush() for p in posters for _ in range(2)))
        for game in games:
            assert channel.texts(game.id) == owed[game.id]  # each once, in order
            assert await services[1].pending_posts(game.id) == []
    finally:
        await close(services)
