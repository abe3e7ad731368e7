"""Fixtures for the db tests: a fresh database and a repository with a fake clock. `db` runs
each test twice: on an in-memory SQLite database and on a blank PostgreSQL schema."""
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
async def db(backend, request):
    target = request.getfixturevalue("pg_url") if backend == "postgresql" else ":memory:"
    database = await open_database(target)
    yield database
    await database.close()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def repo(db, clock) -> GameRepository:
    return GameRepository(db, clock=clock)


def rejected() -> tuple[type[Exception], ...]:
    """What each backend raises when the schema refuses a row (a CHECK, a foreign key, a JSON
    check, the append-only trigger of the action log)."""
    import sqlite3

    import psycopg
    return (sqlite3.IntegrityError, psycopg.IntegrityError, psycopg.DataError, psycopg.errors.RaiseException)
