"""Shared helpers of the Solar Storm rules tests: play an action by its text, list the legal
actions as text, and a ship layout every test can picture:

    cargo_hold    bridge        armoury
    mess_hall     energy_core   engine_room
    medical_bay   crew_quarters repair_centre
"""
from __future__ import annotations

import pytest

from engine.solar_storm import IllegalAction, apply, dump, legal_actions, parse
from engine.solar_storm.scenario import Scenario

LAYOUT = ("cargo_hold", "bridge", "armoury", "mess_hall", "engine_room", "medical_bay", "crew_quarters",
          "repair_centre")


def scenario(players: int = 2, seed: int = 1, **config) -> Scenario:
    return Scenario(players=players, seed=seed, **config).layout(*LAYOUT)


def act(state, text: str, seat: int | None = None) -> None:
    apply(state, state.active if seat is None else seat, parse(text))


def legal(state, seat: int | None = None) -> list[str]:
    return [str(a) for a in legal_actions(state, state.active if seat is None else seat)]


def refused(state, text: str, *words: str, seat: int | None = None) -> str:
    """Apply ``text``, expect IllegalAction whose message holds ``words``; the state unchanged."""
    before = dump(state)
    with pytest.raises(IllegalAction) as err:
        act(state, text, seat)
    assert dump(state) == before
    message = str(err.value)
    for word in words:
        assert word in message, message
    return message


def seed_rolling(*rolls: int) -> int:
    """A seed whose first dice come out as ``rolls`` (die roll n is drawn from the seed)."""
    from engine.core import seeded_random

    for seed in range(10_000):
        if all(seeded_random(seed, "die", n).randint(1, 6) == r for n, r in enumerate(rolls, 1)):
            return seed
    raise AssertionError(f"no seed rolls {rolls}")
