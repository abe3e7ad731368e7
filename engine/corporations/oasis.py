"""Oasis Ultd. (rulebook 2023 p.12; RULINGS D1, D2): the water path over the other columns."""
from __future__ import annotations

from functools import cache

from .. import data as D
from .. import effects as F
from ..data import TRACKS
from .base import Board, cdef_of, corp_of, on, register


@register
class Oasis(Board):
    """The water tracker follows a 24-step path over the other columns, claiming what is
    printed on each cell and scoring only water-column medals (D1: 9 on row 11); it moves
    once per water square on ice; an occupied space blocks (tech 1 jumps it); on the tech
    column it unlocks techs up to its row (D2)."""

    id = "oasis_ultd"

    def tech_on(self, trackers, special, level):
        if super().tech_on(trackers, special, level):
            return True
        pos = D.corporation(self.id).tech_positions.get(level)
        column, row = oasis_path()[trackers["water"]]
        return pos is not None and column == "tech" and row >= pos

    def taken(self, corp, track, pos) -> bool:
        cell = _oasis_cell(track, pos)
        return any(_oasis_cell(t, corp.trackers[t]) == cell for t in TRACKS if t != track)

    def next_space(self, state, seat, track):
        corp = corp_of(state, seat)
        top = cdef_of(state, seat).tracks[track].top
        p = corp.trackers[track] + 1
        while p <= top and self.taken(corp, track, p):
            if not on(state, seat, 1):
                return None
            p += 1
        return p if p <= top else None

    def regress_target(self, state, seat, track):
        corp = corp_of(state, seat)
        p = corp.trackers[track] - 1
        while p >= 0 and self.taken(corp, track, p):
            if not on(state, seat, 1):
                return None
            p -= 1
        return p if p >= 0 else None

    def tile_gains(self, state, seat, tile_index, gains):  # one water step per water square on ice
        b = state.seats[seat].board
        cells = b.tile_cells(tile_index)
        for g in gains:
            if g.get("water"):
                g["times"] = sum(1 for c in cells if b.terrain[c] == "water" and b.planet.is_ice(c))
        return gains

    def tile_placed(self, state, seat, tile_index):
        s = state.seats[seat]
        b = s.board
        if on(state, seat, 3) and not any(b.planet.is_ice(c) for c in b.tile_cells(tile_index)):
            F.add_item(s, "advance", options=["water"], source="tile")
        if "water" in D.tile(b.tiles[tile_index][0]).resources:
            if on(state, seat, 4):
                F.gain_patch(state, seat)
            if on(state, seat, 5):
                F.synergy(state, seat)

    def start_of_round_movement(self, state, seat):  # tech 2
        if not on(state, seat, 2):
            return 0
        b = state.seats[seat].board
        return sum(1 for p in b.rovers if p is not None and b.terrain[p] == "water")


@cache
def oasis_path() -> tuple[tuple[str, int], ...]:
    """Oasis water path: the (column, row) cell of each step."""
    raw = D.corporation(Oasis.id).tracks["water"].raw["positions"]
    return tuple((p["cell"]["column"], p["cell"]["row"]) for p in raw)


def _oasis_cell(track: str, pos: int) -> tuple[str, int]:
    return oasis_path()[pos] if track == "water" else (track, pos)
