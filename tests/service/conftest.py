"""Fixtures for the game service tests: a service on a fresh database with a clock the test
moves by hand (``service.test_clock.now += seconds``). The database is a SQLite file, then a
blank PostgreSQL schema: each test using `service` runs on both backends."""
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
async def service(database_target):
    db = await open_database(database_target)
    clock = Clock()
    svc = GameService(GameRepository(db, clock=clock), clock=clock, autopilot_level="random")
    svc.test_clock = clock
    yield svc
    await db.close()
