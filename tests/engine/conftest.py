"""Helpers for hand-built engine positions.

``game(n)`` sets up a standard game (KSB-4156, Universal Coalition) with seat 0 as first
commander and the interior disc at offset 0, then plays the commander's rotation so every
seat is at its tile pick. ``give(state, seat, tile_id)`` replaces the top tile of the seat's
large stack so a test controls exactly which tile is placed.
"""
from __future__ import annotations

import pytest

from engine import apply, make_config, new_game
from engine.actions import DropObjective, Pick, Place, Resolve, Turn
from engine.data import parse_cell, tile
from engine.rules import seat_depot


def game(players: int = 3, seed: int = 1, *, turn: bool = True, **config):
    config.setdefault("first_commander", 0)
    config.setdefault("interior_offset", 0)
    state = new_game(make_config(players, **config), seed)
    return reveal(state) if turn and state.phase in ("objectives", "rotate") else state


def give(state, seat: int, tile_id: int, stack: str | None = None) -> str:
    """Put ``tile_id`` on top of the seat's stack of its size (taking it out of wherever it
    was) and return that stack's name."""
    stack = stack or tile(tile_id).ring
    for kind in ("small", "large"):
        for pile in state.station[kind]:
            if tile_id in pile:
                pile.remove(tile_id)
    slot = seat_depot(state, seat)[stack]
    state.station[stack][slot].append(tile_id)
    return stack


def place(state, seat: int, tile_id: int, square: str, orient: int = 0) -> None:
    """Pick ``tile_id`` (forced onto the seat's stack) and place it with its anchor on ``square``."""
    stack = give(state, seat, tile_id)
    apply(state, seat, Pick(stack))
    apply(state, seat, Place(parse_cell(square), orient))


def settle_all(state, seat: int) -> None:
    """Settle every pending item with its first offered value (e.g. what the round's event
    card asks before the tile pick: solo games always play events)."""
    from engine.rules import item_values

    while items(state, seat):
        it = items(state, seat)[0]
        resolve(state, seat, it, item_values(state, seat, it)[0])


def finish_turn(state, seat: int) -> None:
    """Settle every pending item with its first offered value, then confirm."""
    from engine.actions import Confirm

    settle_all(state, seat)
    apply(state, seat, Confirm())


def items(state, seat: int, kind: str | None = None) -> list[dict]:
    return [i for i in state.seats[seat].pending if kind is None or i["kind"] == kind]


def resolve(state, seat: int, item: dict, value: str) -> None:
    apply(state, seat, Resolve(item["id"], value))


@pytest.fixture
def g3():
    return game(3)


def reveal(g):
    """Play the setup steps through the rules (objectives kept, station not turned) so the
    first round opens and, with the event module, its card shows."""
    if g.phase == "objectives":
        for seat, s in enumerate(g.seats):
            apply(g, seat, DropObjective(s.corp.objective_offer[0]))
    if g.phase == "rotate":
        apply(g, g.commander, Turn(0))
    assert g.phase == "turns"
    return g
