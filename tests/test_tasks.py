"""`python3 tasks.py test`: the suite runs on every usable core unless told otherwise."""
from __future__ import annotations

import os

import pytest

import tasks


@pytest.fixture
def cores(monkeypatch):
    def set_cores(n: int) -> None:
        monkeypatch.setattr(os, "sched_getaffinity", lambda _pid: set(range(n)), raising=False)
    return set_cores


def test_the_suite_takes_one_worker_per_core_up_to_the_cap(cores):
    cores(2)
    assert tasks.test_workers(["-q"]) == ["-n", "2"]
    cores(64)
    assert tasks.test_workers([]) == ["-n", str(tasks.MAX_TEST_WORKERS)]


def test_one_core_runs_the_tests_in_one_process(cores):
    cores(1)
    assert tasks.test_workers([]) == []


@pytest.mark.parametrize("given", [["-n", "0"], ["-n4"], ["--numprocesses=3"], ["-p", "no:xdist"]])
def test_a_choice_of_workers_on_the_command_line_is_kept(cores, given):
    cores(4)
    assert tasks.test_workers(["tests/engine", *given]) == []
