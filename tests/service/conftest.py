"""Fixtures for the game service tests: a service on a fresh SQLite file with a clock the
test moves by hand (``service.test_clock.now += seconds``)."""
from __future__ import annotations

import pytest_asyncio

from db.connection import open_database
from db.repository import GameRepository
from service import GameService


class Clock:
    def __init__(self):
        self.now = 1_000_000.0

    def __call__(self):
        return self.now


@pytest_asyncio.fixture
async def service(tmp_path):
    db = await open_database(tmp_path / "g.sqlite3")
    clock = Clock()
    svc = GameService(GameRepository(db, clock=clock), clock=clock, autopilot_level="random")
    svc.test_clock = clock
    yield svc
    await db.close()
