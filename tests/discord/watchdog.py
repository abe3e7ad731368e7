"""An event-loop watchdog for the end-to-end tests: any single step of the event loop that
keeps it busy longer than STALL_MS is a stall, reported with what was running.

How: every callback the loop runs goes through ``asyncio.events.Handle._run`` (task steps
included), which the watchdog wraps for the test's loop thread to time each step. A sampler
thread looks at the loop thread's stack (``sys._current_frames``) every few milliseconds while
a step is long, so a stall names the functions it spent its time in, not just the task.

What counts: a step is a stall when the loop thread spent more than STALL_MS of *CPU time*
in it (``time.thread_time``), or more than BLOCKING_MS of wall time (a blocking wait: a sync
sleep, sync I/O). CPU time is used for the 100 ms rule because this machine's cores are shared
by several processes and a descheduled test would otherwise "stall" at random; set
PU_WATCHDOG_WALL=1 to apply STALL_MS to wall time as well (a quiet machine).

Time the garbage collector spends inside a step is not counted (it is reported with the stall):
a collection of what an earlier test left behind would otherwise land on whichever step
allocates next; each test starts after a full collection.

Steps of the test's own code (a task whose coroutine was defined under tests/, or
pytest-asyncio's runner) are not counted: only the bot's.
"""
from __future__ import annotations

import asyncio
import gc
import os
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

STALL_MS = 100  # the one threshold: a bot step longer than this fails the test
BLOCKING_MS = 1000  # wall time for a step that waits without using CPU (see the docstring)
SAMPLE_EVERY_S = 0.005
WALL = os.environ.get("PU_WATCHDOG_WALL", "") not in ("", "0")

ROOT = Path(__file__).resolve().parents[2]
TESTS = str(ROOT / "tests")
PROJECT = str(ROOT)


@dataclass
class Stall:
    wall_ms: float
    cpu_ms: float
    what: str
    where: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        stack = "\n      ".join(self.where) or "(no sample)"
        return (f"event loop stalled {self.wall_ms:.0f} ms (CPU {self.cpu_ms:.0f} ms) running {self.what}\n"
                f"      {stack}")


def _is_test_code(handle) -> bool:
    task = getattr(getattr(handle, "_callback", None), "__self__", None)
    if not isinstance(task, asyncio.Task):
        return False
    coro = task.get_coro()
    code = getattr(coro, "cr_code", None) or getattr(coro, "gi_code", None)
    filename = getattr(code, "co_filename", "") or ""
    return filename.startswith(TESTS) or "pytest_asyncio" in filename


def _describe(handle) -> str:
    callback = getattr(handle, "_callback", None)
    task = getattr(callback, "__self__", None)
    if isinstance(task, asyncio.Task):
        coro = task.get_coro()
        name = getattr(coro, "__qualname__", repr(coro))
        return f"task {task.get_name()} ({name})"
    return repr(handle)[:200]


def _frames(frame) -> list[str]:
    """The project's frames of a stack, innermost first: the 4 innermost and the 3 outermost
    (what burns the time, and which command or task asked for it)."""
    out = []
    while frame is not None:
        f = frame.f_code.co_filename
        if f.startswith(PROJECT) and "/.venv/" not in f and "/site-packages/" not in f and f != __file__:
            out.append(f"{os.path.relpath(f, PROJECT)}:{frame.f_lineno} {frame.f_code.co_name}")
        frame = frame.f_back
    return out if len(out) <= 7 else out[:4] + ["..."] + out[-3:]


class Watchdog:
    def __init__(self, stall_ms: float = STALL_MS):
        self.stall_ms = stall_ms
        self.stalls: list[Stall] = []
        self.steps = 0
        self._tid: int | None = None
        self._current: tuple[float, object] | None = None  # (wall start, handle) of the running step
        self._samples: Counter = Counter()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._original: Callable[[asyncio.Handle], None] | None = None
        self._gc_cpu = 0.0  # CPU seconds the loop thread spent collecting garbage so far
        self._gc_started: float | None = None

    # the wrapped Handle._run
    def _wrap(self, original):
        dog = self

        def _run(handle):
            if threading.get_ident() != dog._tid or dog._current is not None:
                return original(handle)
            dog.steps += 1
            wall0, cpu0, gc0 = time.perf_counter(), time.thread_time(), dog._gc_cpu
            dog._current = (wall0, handle)
            try:
                return original(handle)
            finally:
                collecting = (dog._gc_cpu - gc0) * 1000
                wall = (time.perf_counter() - wall0) * 1000 - collecting
                cpu = (time.thread_time() - cpu0) * 1000 - collecting
                dog._current = None
                samples, dog._samples = dog._samples, Counter()
                if (cpu > dog.stall_ms or wall > BLOCKING_MS or (WALL and wall > dog.stall_ms)) \
                        and not _is_test_code(handle):
                    where = [f"{n}x {stack}" for stack, n in samples.most_common(3)]
                    dog.stalls.append(Stall(wall, cpu, _describe(handle), where))

        return _run

    def _sample(self) -> None:
        while not self._stop.wait(SAMPLE_EVERY_S):
            current = self._current
            if current is None or (time.perf_counter() - current[0]) * 1000 < self.stall_ms / 4:
                continue
            assert self._tid is not None  # start sets it before it starts this thread
            frame = sys._current_frames().get(self._tid)
            if frame is not None:
                self._samples[" <- ".join(_frames(frame)) or "(outside the project)"] += 1

    def _gc(self, phase: str, info: dict) -> None:
        if threading.get_ident() != self._tid:
            return
        if phase == "start":
            self._gc_started = time.thread_time()
        elif self._gc_started is not None:
            self._gc_cpu += time.thread_time() - self._gc_started
            self._gc_started = None

    def start(self) -> None:
        gc.collect()
        self._tid = threading.get_ident()
        gc.callbacks.append(self._gc)
        self._original = asyncio.events.Handle._run
        asyncio.events.Handle._run = self._wrap(self._original)  # type: ignore[method-assign]  # the watchdog times every callback the loop runs
        self._thread = threading.Thread(target=self._sample, name="loop-watchdog", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        if self._gc in gc.callbacks:
            gc.callbacks.remove(self._gc)
        if self._original is not None:
            asyncio.events.Handle._run = self._original  # type: ignore[method-assign,assignment]  # puts the class's own function back
            self._original = None
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
            self._thread = None

    def report(self) -> str:
        return "\n".join(f"  {s}" for s in self.stalls)
