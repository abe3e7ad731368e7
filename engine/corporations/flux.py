"""Flux Industries (rulebook 2023 p.13, FAQ; RULINGS D4, D5, C2): the flux token and the latest tech."""
from __future__ import annotations

from i18n import _

from .. import data as D
from .. import effects as F
from ..data import TRACKS, cell_name, parse_cell
from ..pending import item_kind
from .base import Board, BoardKind, cdef_of, corp_of, on, register, spend, spent, use, used

MILESTONES = frozenset({"civ", "biomass", "rover", "tech"})  # synergy, movement and medals are not (Flux 2)


@register
class Flux(Board):
    """The flux token marks a track, placed again at each tech unlock (D5: starts nowhere);
    only the latest tech reached works (rulebook 2023 p.13, FAQ)."""

    id = "flux_industries"
    final_techs = (2,)
    UPGRADED = {"civ", "water", "biomass", "rover"}  # tech 3; the tech track has no upgrade

    def flux(self, state, seat) -> str | None:
        return corp_of(state, seat).special.get("flux")

    def tech_on(self, trackers, special, level):
        reached = [lv for lv, p in D.corporation(self.id).tech_positions.items() if trackers["tech"] >= p]
        return bool(reached) and level == max(reached)

    def upgrade(self, state, seat) -> str | None:
        """The track tech 3 upgrades right now (None while tech 3 is not the active one)."""
        return self.flux(state, seat) if on(state, seat, 3) else None

    def claim(self, state, seat, benefit, track):
        kind = benefit[0]
        if kind == "tech" and F.withheld(state, "flux"):
            return True  # C2: the tech still counts (D11), but the token may not move for it
        if track is not None and self.upgrade(state, seat) == track:
            if kind == "civ":  # a card one rank up
                F.claim_benefit(state, seat, ("civ", min(4, benefit[1] + 1)))
                return True
            if kind == "synergy" and track == "water":
                F.synergy(state, seat)
                F.synergy(state, seat)
                return True
            if kind == "biomass" and track == "biomass":
                F.gain_patch(state, seat, 2)
                return True
            if kind == "move" and track == "rover":
                F.claim_benefit(state, seat, ("move", benefit[1] + 1))
                return True
        if kind == "tech":  # each unlock lets the player move the token
            F.add_item(state.seats[seat], "flux")
        return False

    def start_of_round_movement(self, state, seat):  # tech 1
        flux = self.flux(state, seat)
        if not (flux and on(state, seat, 1)):
            return 0
        b = state.seats[seat].board
        per = cdef_of(state, seat).tech(1).params.get("per_rover", 2)
        return per * sum(1 for p in b.rovers if p is not None and b.terrain[p] == flux)

    def tile_placed(self, state, seat, tile_index):  # tech 4
        b = state.seats[seat].board
        if on(state, seat, 4) and self.flux(state, seat) in D.tile(b.tiles[tile_index][0]).resources:
            F.add_item(state.seats[seat], "meteor")

    def milestone_above(self, state, seat, track) -> bool:
        tdef = cdef_of(state, seat).tracks[track]
        pos = corp_of(state, seat).trackers[track]
        return any(b[0] in MILESTONES for p in range(pos + 1, tdef.top + 1) for b in tdef.benefits[p])

    def tech_values(self, state, seat, level):
        flux = self.flux(state, seat)
        if not flux:
            return []
        if level == 2 and not spent(state, seat, "t2") and self.milestone_above(state, seat, flux):
            return [flux]
        if level == 5 and not used(state, seat, "t5") and F.can_rise(state, seat, flux):
            return [flux]
        return []

    def use_tech(self, state, seat, level, key):
        if level == 5:
            use(state, seat, "t5")
            F.advance(state, seat, key, 1, source="tech")
            return
        spend(state, seat, "t2")  # step by step, every space claimed (D4), up to the milestone
        tdef = cdef_of(state, seat).tracks[key]
        corp = corp_of(state, seat)
        while F.can_rise(state, seat, key):
            F.advance(state, seat, key, 1, source="tech")
            if any(b[0] in MILESTONES for b in tdef.benefits[corp.trackers[key]]):
                break


@item_kind
class FluxToken(BoardKind):
    """Put the flux token on a track after a tech unlock (it may stay where it is)."""

    name = "flux"

    def values(self, state, seat, item):
        return list(TRACKS)

    def carry_out(self, state, seat, board, item, key):
        state.seats[seat].corp.special["flux"] = key

    def describe(self, item):
        return _("put your flux token on a track (it may stay where it is)")


@item_kind
class Meteor(BoardKind):
    """Tech 4: collect a meteorite from the planet."""

    name = "meteor"

    def values(self, state, seat, item):
        return [cell_name(c) for c in sorted(state.seats[seat].board.meteorites)]

    def carry_out(self, state, seat, board, item, key):
        s = state.seats[seat]
        s.board.meteorites.remove(parse_cell(key))
        s.corp.meteorites += 1

    def describe(self, item):
        return _("collect a meteorite from your planet")
