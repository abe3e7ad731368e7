"""Same view in, same PNG bytes out: within a process, from a reloaded state and in a fresh
process with cold caches."""
from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

import render as R
from engine import dump, load, public_view, view_for
from tests.render.positions import NAMES, end_state, mid_state

ROOT = Path(__file__).resolve().parents[2]


def _digest(state) -> str:
    own = view_for(state, 0)
    pub = public_view(state)
    h = hashlib.sha256()
    for img in (R.render_planet(own, 0, NAMES), R.render_corporation(own, 0, NAMES), R.render_station(pub, NAMES),
                R.render_picker(own, 0, NAMES), R.render_round_summary(pub, NAMES),
                R.render_preview(own, 0, 40, 3, 30, NAMES)):
        h.update(R.png_bytes(img))
    return h.hexdigest()


def test_same_state_gives_same_bytes():
    state = mid_state(4)
    assert _digest(state) == _digest(state)


def test_reloaded_state_gives_same_bytes():
    state = mid_state(3)
    assert _digest(load(dump(state))) == _digest(state)


def test_fresh_process_gives_same_bytes():
    state = end_state(2)
    code = ("import sys; from engine import load; from tests.render.test_render_determinism import _digest; "
            "print(_digest(load(sys.stdin.read())))")
    out = subprocess.run([sys.executable, "-c", code], input=dump(state), capture_output=True, text=True, cwd=ROOT,
                         check=True)
    assert out.stdout.strip() == _digest(state)


def test_score_is_deterministic():
    view = public_view(end_state(5))
    assert R.png_bytes(R.render_score(view, NAMES)) == R.png_bytes(R.render_score(view, NAMES))
