"""Fixtures shared by every test folder: the throwaway PostgreSQL server (tests/pg_cluster.py).

The server starts once per run, the first time a test asks for it; each test then gets an empty
schema of its own (`pg_url`). Where PostgreSQL cannot be started, the tests that need it fail
with a message saying how to install it: they are never skipped.
"""
from __future__ import annotations

import pytest

from tests.pg_cluster import Cluster, PostgresUnavailable

BACKENDS = ("sqlite", "postgresql")


@pytest.fixture(scope="session")
def pg_cluster():
    try:
        cluster = Cluster().start()
    except PostgresUnavailable as error:
        pytest.fail(f"PostgreSQL could not be started: {error}", pytrace=False)
    yield cluster
    cluster.stop()


@pytest.fixture
def pg_url(pg_cluster) -> str:
    """A connection URL to a blank database (a new schema) on the test server."""
    return pg_cluster.fresh_url()


@pytest.fixture(params=BACKENDS)
def backend(request) -> str:
    return request.param


@pytest.fixture
def database_target(backend, request, tmp_path) -> str:
    """Where a test's database lives: a SQLite file, or a blank PostgreSQL schema (both backends
    in turn for a test that uses this fixture)."""
    if backend == "postgresql":
        return request.getfixturevalue("pg_url")
    return str(tmp_path / "test.sqlite3")
