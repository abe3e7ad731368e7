"""Wormhole Corp (rulebook 2023 p.11; RULINGS D16): biomass levels with two benefits each."""
from __future__ import annotations

from i18n import _

from .. import data as D
from .. import effects as F
from .. import planets as P
from ..data import TRACKS, cell_name
from ..pending import item_kind
from .base import Board, BoardKind, cdef_of, corp_of, on, register, use, used


@register
class Wormhole(Board):
    """The biomass track has six levels, each a choice of two benefits; a placed tile's
    biomass icon advances it only when the tile grows an existing biomass area, and energy
    never advances it (synergy still can)."""

    id = "wormhole_corp"

    def claim(self, state, seat, benefit, track):
        if benefit[0] == "choose":
            F.add_item(state.seats[seat], "choose", groups=[[list(b) for b in g] for g in benefit[1]], track=track)
            return True
        if benefit[0] == "advance":  # a free step of that tracker, claimed
            F.advance(state, seat, benefit[1], 1, source="synergy")
            return True
        return False

    def advance_all_to(self, state, seat, position, *, claim, skip):
        """A civ card's 'up to space N': biomass levels sit on printed rows, stop on the level
        covering row N."""
        rows = [p["board_rows"][0] for p in D.corporation(self.id).tracks["biomass"].raw["positions"]]
        corp = corp_of(state, seat)
        for t in TRACKS:
            while (rows[corp.trackers[t]] if t == "biomass" else corp.trackers[t]) < position \
                    and F.can_rise(state, seat, t):
                F.advance(state, seat, t, 1, source="card", claim=claim, skip=skip)
        return True

    def tile_gains(self, state, seat, tile_index, gains):
        b = state.seats[seat].board
        cells = b.tile_cells(tile_index)
        mine = set(cells)
        grows = any(b.terrain[n] == "biomass" and n not in mine
                    for c in cells if b.terrain[c] == "biomass" for n in D.neighbours(c))
        out = []
        for g in gains:
            if g["source"] == "energy":
                g["options"] = [o for o in g["options"] if o != "biomass"]
            if g["source"] == "tile" and g["options"] == ["biomass"] and not grows:
                continue
            out.append(g)
        return out

    def patches_gained(self, state, seat, count):  # tech 3: one more, once per round
        if count > 0 and on(state, seat, 3) and not used(state, seat, "t3"):
            use(state, seat, "t3")
            return count + 1
        return count

    def patch_values(self, state, seat, values):
        b = state.seats[seat].board
        extra = set()
        if on(state, seat, 2):  # over tile squares, never on a meteorite
            extra |= {c for c in D.cells_of(b.occupied) if b.owner[c] >= 0 and c not in b.meteorites}
        if on(state, seat, 5) and state.phase == "final":  # onto a meteorite, destroying it (D16: at game end only)
            extra |= set(b.meteorites)
        extra -= set(D.cells_of(P.patch_forbidden(b.planet_id)))  # never on Arashi's ring
        return values + [cell_name(c) for c in sorted(extra)]

    def tech_values(self, state, seat, level):  # tech 1: back to 0 from the top
        if level == 1 and corp_of(state, seat).trackers["biomass"] >= cdef_of(state, seat).tracks["biomass"].top:
            return ["reset"]
        return []

    def use_tech(self, state, seat, level, key):
        corp_of(state, seat).trackers["biomass"] = 0


def _group_label(group: list) -> str:
    b = group[0]
    return {"synergy": "synergy", "biomass": "patch"}.get(b[0]) or f"advance {b[1]}"


@item_kind
class Choose(BoardKind):
    """A biomass level: take one of its two benefit ``groups`` (printed on ``track``)."""

    name = "choose"
    fields = ("groups", "track")

    def values(self, state, seat, item):  # a benefit this round's event withholds is no choice
        return [_group_label(g) for g in item["groups"] if not all(F.withheld(state, b[0]) for b in g)]

    def carry_out(self, state, seat, board, item, key):
        group = next(g for g in item["groups"] if _group_label(g) == key)
        for b in group:
            F.claim_benefit(state, seat, tuple(b), item.get("track"))

    def describe(self, item):
        return _("biomass level: take one of the two benefits")
