"""Project entry point for people and CI: `python3 tasks.py bot`, `python3 tasks.py test` or
`python3 tasks.py lint`.

It keeps a virtual environment in .venv with the pinned requirements (re-installed only when
a requirements file changes), then runs the bot or the test suite inside it.
"""
from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
PY = VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def _digest(req: str) -> str:
    h = hashlib.sha256()
    for name in ("requirements.txt", req):
        h.update((ROOT / name).read_bytes())
    return h.hexdigest()


def ensure_env(req: str) -> None:
    if not PY.exists():
        print("Creating .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    want = _digest(req)
    stamps = {name: VENV / f".stamp-{name}" for name in ("requirements.txt", "requirements-dev.txt")}
    current = [n for n, p in stamps.items() if p.exists() and p.read_text() == _digest(n)]
    if req in current or (req == "requirements.txt" and "requirements-dev.txt" in current):
        return
    print(f"Installing {req} into .venv ...", flush=True)
    subprocess.check_call([str(PY), "-m", "pip", "install", "-q", "-r", str(ROOT / req)])
    stamps[req].write_text(want)


# What the type checker reads (ruff reads the whole tree; both take their settings from ruff.toml
# and mypy.ini). A folder not there yet is skipped.
TYPED = ("i18n", "engine", "render", "db", "service", "cogs", "autopilot", "bench", "spike", "tests", "bot.py", "tasks.py")


def lint(rest: list[str]) -> int:
    """ruff (lint and import order), then mypy; non-zero when either finds something."""
    bad = subprocess.call([str(PY), "-m", "ruff", "check", *rest, "."], cwd=ROOT)
    paths = [p for p in TYPED if (ROOT / p).exists()]
    bad |= subprocess.call([str(PY), "-m", "mypy", "--config-file", "mypy.ini", *paths], cwd=ROOT)
    return 1 if bad else 0


MAX_TEST_WORKERS = 8  # each worker imports the whole bot and may start its own throwaway PostgreSQL


def test_workers(rest: list[str]) -> list[str]:
    """pytest-xdist options for the suite: one worker per usable core (at most MAX_TEST_WORKERS),
    unless the arguments already choose (``-n 0`` runs in one process) or one core is all there is."""
    if any(a.startswith(("-n", "--numprocesses", "--dist")) or a == "no:xdist" for a in rest):
        return []
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    workers = min(cores, MAX_TEST_WORKERS)
    return ["-n", str(workers)] if workers > 1 else []


# Where the words players read are written (babel.cfg says which files Babel reads)
CATALOGUE = ROOT / "i18n" / "messages.pot"
LOCALES = ROOT / "i18n" / "locale"


def i18n(rest: list[str]) -> int:
    """Extract every marked string into i18n/messages.pot, then update each language's .po
    (new messages appear untranslated; removed ones are dropped). A new language:
    ``python3 tasks.py i18n --init xx`` creates its .po."""
    babel = [str(PY), "-m", "babel.messages.frontend"]
    bad = subprocess.call([*babel, "extract", "-F", "babel.cfg", "-k", "N_", "-k", "ngettext:1,2",
                           "--no-location", "--sort-output", "--omit-header", "-o", str(CATALOGUE), "."], cwd=ROOT)
    if bad:
        return bad
    if rest[:1] == ["--init"] and len(rest) == 2:
        return subprocess.call([*babel, "init", "-i", str(CATALOGUE), "-d", str(LOCALES), "-l", rest[1]], cwd=ROOT)
    return subprocess.call([*babel, "update", "-i", str(CATALOGUE), "-d", str(LOCALES), "--no-fuzzy-matching",
                            "--ignore-obsolete"], cwd=ROOT)


def run_child(args: list[str]) -> int:
    """Run ``args`` and return its exit code. Ctrl-C reaches the child too (the same terminal):
    the child stops in its own way (the bot closes, the console says the game is saved), and
    this process waits for it instead of stopping with a traceback."""
    child = subprocess.Popen(args, cwd=ROOT)
    while True:
        try:
            return child.wait()
        except KeyboardInterrupt:
            continue


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in {"bot", "test", "lint", "bench", "env", "i18n"}:
        print("usage: python3 tasks.py {bot|test|lint|bench|i18n} [args...]")
        return 2
    cmd, rest = argv[0], argv[1:]
    ensure_env("requirements-dev.txt" if cmd in {"test", "lint", "bench", "i18n"} else "requirements.txt")
    if cmd == "env":
        return 0
    if cmd == "lint":
        return lint(rest)
    if cmd == "i18n":
        return i18n(rest)
    if cmd == "bot":
        return run_child([str(PY), "bot.py", *rest])
    if cmd == "bench":
        args = [str(PY), "-m", "bench", *rest]
    else:
        args = [str(PY), "-m", "pytest", *test_workers(rest), *rest]
    return subprocess.call(args, cwd=ROOT)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
