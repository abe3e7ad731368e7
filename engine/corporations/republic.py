"""Republic (rulebook 2023 p.13; RULINGS D8): civ milestones move other trackers down."""
from __future__ import annotations

import random

from i18n import _

from .. import data as D
from .. import effects as F
from ..ops import apply_card_op, take_civ_card
from ..pending import item_kind
from .base import Board, BoardKind, board_of, cdef_of, move_value, on, register


@register
class Republic(Board):
    """Seven civ milestones; each one claimed moves another tracker (water, biomass, rover or
    tech) one space down, claiming nothing (skipped when none can move)."""

    id = "republic"
    REGRESS = ("water", "biomass", "rover", "tech")

    def claim(self, state, seat, benefit, track):
        if benefit[0] == "civ":
            F.add_item(state.seats[seat], "civ_regress")
            if on(state, seat, 4):  # tech 4: a synergy with each civ milestone
                F.synergy(state, seat)
        return False

    def tile_picked(self, state, seat, tile_id):
        """Tech 1: picking a tile with civ terrain gives the movement shown under the rover
        tracker, usable before the tile is placed (R3)."""
        s = state.seats[seat]
        if on(state, seat, 1) and "civ" in D.tile(tile_id).resources:
            F.gain_movement(state, seat, move_value(cdef_of(state, seat).tracks["rover"].benefits[s.corp.trackers["rover"]]),
                            early=True)

    def civ_item(self, state, seat, item):
        """Tech 2: a random card of the next rank joins the choice (drawn now, seeded)."""
        if on(state, seat, 2) and item["rank"] < 4:
            pile = state.civ_piles[str(item["rank"] + 1)]
            if pile:
                item["extra"] = random.Random(f"{state.seed}:{state.round}:{seat}:{item['id']}").choice(sorted(pile))

    def civ_extra_values(self, state, seat, item):  # tech 2's card of the next rank, while it is there
        extra = item.get("extra")
        return [str(extra)] if extra is not None and extra in state.civ_piles[str(item["rank"] + 1)] else []

    def tech_values(self, state, seat, level):  # tech 3: between civ resource icons (D8)
        s = state.seats[seat]
        b = s.board
        if level == 3 and s.pool >= 1:
            return F.teleport_values(state, seat, lambda a, c: b.symbol[a] == "civ" and b.symbol[c] == "civ")
        return []

    def use_tech(self, state, seat, level, key):
        F.jump_rover(state, seat, key, cost=1)

    def final_items(self, state, seat):  # tech 5: keep two of the civ cards left
        left = sum(len(p) for p in state.civ_piles.values())
        if on(state, seat, 5) and left:
            F.add_item(state.seats[seat], "keep_civ", count=min(2, left))


@item_kind
class CivRegress(BoardKind):
    """A civ milestone: move one of the other trackers down a space, claiming nothing."""

    name = "civ_regress"

    def values(self, state, seat, item):
        b = board_of(state, seat)
        return [t for t in Republic.REGRESS if b.regress_target(state, seat, t) is not None]

    def carry_out(self, state, seat, board, item, key):
        F.regress(state, seat, key)

    def describe(self, item):
        return _("move one of your other trackers down a space (civ milestone)")


@item_kind
class KeepCiv(BoardKind):
    """Tech 5: keep ``count`` of the civ cards left at game end, one at a time."""

    name = "keep_civ"
    fields = ("count",)

    def values(self, state, seat, item):
        return [str(c) for c in sorted(c for pile in state.civ_piles.values() for c in pile)]

    def carry_out(self, state, seat, board, item, key):
        card = D.civ_card(int(key))
        take_civ_card(state, seat, card.id)
        if card.timing == "end_game":  # the final step has started: its advances now
            for op in card.effect:
                if op["op"] == "advance_choice":
                    apply_card_op(state, seat, op)
        item["count"] -= 1
        if item["count"] > 0:
            state.seats[seat].pending.append(item)  # keep choosing

    def describe(self, item):
        return _("keep {n} of the remaining civ cards").format(n=item["count"])
