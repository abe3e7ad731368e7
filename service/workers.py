"""Where the service's CPU work runs: a pool of worker processes, so the event loop only waits.

Computer players' decisions (bot seats, turn timers, seats handed to the autopilot, bot
commanders) and image drawing take from tens of milliseconds to seconds. Done on the event
loop they would hold up every other game and every interaction (Discord wants an answer
within 3 s, and the gateway a heartbeat). The game service hands them to an
``concurrent.futures.Executor`` as pure data: a game's state as JSON text in, the actions
played, the new state and the posts owed out; a view in, PNG bytes out. The per-game lock
stays held across the awaited job, so a game's requests keep their order and nothing is
saved twice.

- ``process_pool(n)``: the bot's pool, ``WORKERS`` processes (default: the machine's cores).
- ``thread_pool()``: the same jobs in threads of this process, for the offline console and
  the tests (pure Python work in a thread still lets the loop run: the interpreter switches
  threads every few milliseconds).
- ``Inline()``: the jobs run at once on the caller's thread (the loop): how everything ran
  before the pool, kept for comparison in bench.loop_bench.
"""
from __future__ import annotations

import asyncio
import functools
import multiprocessing
import os
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor

ENV_SETTING = "WORKERS"


def default_size(raw: str | None = None) -> int:
    """Worker processes to start: ``raw`` (default: ``WORKERS`` from the environment) if it is
    a positive whole number, else the machine's cores."""
    raw = (os.environ.get(ENV_SETTING, "") if raw is None else raw).strip()
    if raw.isdigit() and int(raw) > 0:
        return int(raw)
    return os.cpu_count() or 1


WORKER_NICENESS = 5  # workers yield the processor to the event loop when both want it


def _warm() -> None:
    """Start a worker: a lower priority than the bot's event loop (on a busy machine the loop
    answers first and the computer players wait), and the renderer and every game kind (its
    rules, its computer players and its jobs) imported once, before the first job needs them.
    The kinds come through their registry (service/kinds), which sits below the service: the
    pool knows no game and nothing above it."""
    try:
        os.nice(WORKER_NICENESS)
    except (AttributeError, OSError):  # not on this system: the same priority, still correct
        pass
    import render  # noqa: F401
    from service import kinds

    for name in kinds.names():
        kinds.get(name)


def process_pool(size: int | None = None) -> ProcessPoolExecutor:
    """The bot's pool. Workers are started by a fork server (a clean, single-threaded parent),
    never forked from the bot itself, whose threads (the database's) must not be copied."""
    context = multiprocessing.get_context("forkserver" if os.name == "posix" else "spawn")
    return ProcessPoolExecutor(max_workers=size or default_size(), mp_context=context, initializer=_warm)


_THREADS: ThreadPoolExecutor | None = None


def thread_pool() -> ThreadPoolExecutor:
    """One shared pool of threads (the default of a GameService made without a pool)."""
    global _THREADS
    if _THREADS is None:
        _THREADS = ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 1), thread_name_prefix="pu-worker")
    return _THREADS


class Inline(Executor):
    """Runs each job at once where it is submitted (on the event loop): no pool at all."""

    def submit(self, fn, /, *args, **kwargs) -> Future:
        future: Future = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as error:  # noqa: BLE001 - handed to the awaiting caller
            future.set_exception(error)
        return future


async def run(executor: Executor, fn, *args, **kwargs):
    """Await ``fn(*args, **kwargs)`` run by ``executor`` (fn and its arguments must pickle)."""
    call = functools.partial(fn, *args, **kwargs) if kwargs else fn
    return await asyncio.get_running_loop().run_in_executor(executor, call, *args if not kwargs else ())


def tune_gc() -> None:
    """Keep the garbage collector's full passes short on the bot's event loop.

    A full collection walks every container object alive (the engine's tables and its caches
    of legal placements, the games in memory): pauses of 100-200 ms on the loop in the
    200-game load run. Objects alive once the bot has started are moved out of the
    collector's sight (``gc.freeze``; they are still freed by reference counting), and the
    collector runs less often (young objects are collected after 50,000 allocations instead
    of 700, the older generations 20 and 100 times less often than the younger ones), so full
    passes are rare. The game data is trees of lists and dicts: its garbage is freed by
    reference counting, not by the collector."""
    import gc

    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)
