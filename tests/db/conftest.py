"""Fixtures for the db tests: a fresh in-memory database and a repository with a fake clock."""
from __future__ import annotations

import pytest

from db import GameRepository, open_database


class FakeClock:
    """A clock the test moves by hand: `clock.now = 2000.0`."""

    def __init__(self, now: float = 1000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def db():
    database = await open_database(":memory:")
    yield database
    await database.close()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def repo(db, clock) -> GameRepository:
    return GameRepository(db, clock=clock)
