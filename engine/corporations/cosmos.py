"""Cosmos Inc (rulebook 2023 p.11; RULINGS D15): collected lifepods on track spaces."""
from __future__ import annotations

from i18n import _

from .. import data as D
from .. import effects as F
from ..data import TRACKS
from ..pending import item_kind, track_space
from .base import BoardKind, board_of, cdef_of, corp_of, on, printed_medals, register, spend, spent, use, used
from .lifepods import LifepodBoard


@register
class Cosmos(LifepodBoard):
    """A collected lifepod goes on a free track space (D15: any) or to scoring; trackers jump
    covered spaces for free, covered benefits, medals and tech milestones do not count, and
    only lifepods in the scoring area score (rulebook 2023 p.11)."""

    id = "cosmos_inc"
    final_techs = (2,)

    def _pods(self, corp) -> list:
        return corp.special.get("pods", [])

    def tech_on(self, trackers, special, level):
        pos = D.corporation(self.id).tech_positions.get(level)
        return super().tech_on(trackers, special, level) and ["tech", pos] not in special.get("pods", [])

    def next_space(self, state, seat, track):
        corp = corp_of(state, seat)
        top = cdef_of(state, seat).tracks[track].top
        p = corp.trackers[track] + 1
        while p <= top and [track, p] in self._pods(corp):
            p += 1
        return p if p <= top else None

    def regress_target(self, state, seat, track):
        corp = corp_of(state, seat)
        p = corp.trackers[track] - 1
        while p >= 0 and [track, p] in self._pods(corp):
            p -= 1
        return p if p >= 0 else None

    def collected_lifepods(self, corp):
        return corp.lifepods + len(self._pods(corp))

    def pod_spots(self, state, seat):
        corp = corp_of(state, seat)
        return [f"{t} {p}" for t in TRACKS for p in range(cdef_of(state, seat).tracks[t].top + 1)
                if corp.trackers[t] != p and [t, p] not in self._pods(corp)]

    def put_pod(self, state, seat, key):
        corp_of(state, seat).special.setdefault("pods", []).append(list(track_space(key)))

    def kept_lifepods(self, state, seat):  # on track spaces ('civ 4')
        return [f"{t} {p}" for t, p in self._pods(corp_of(state, seat))]

    def lose_lifepod(self, state, seat, key):  # a covered track space opens again
        if key == "score":
            return super().lose_lifepod(state, seat, key)
        corp_of(state, seat).special["pods"].remove(list(track_space(key)))

    def pod_sources(self, state, seat) -> list[str]:
        """Collected lifepods that may be moved ('score' = the scoring area)."""
        corp = corp_of(state, seat)
        return (["score"] if corp.lifepods > 0 else []) + [f"{t} {p}" for t, p in self._pods(corp)]

    def lift_pod(self, state, seat, key) -> None:
        corp = corp_of(state, seat)
        if key == "score":
            corp.lifepods -= 1
        else:
            corp.special["pods"].remove(list(track_space(key)))
        F.add_item(state.seats[seat], "pod", moved=True)

    def diagonal_moves(self, state, seat):  # tech 1
        return on(state, seat, 1)

    def step_cost(self, state, seat, dest):  # tech 4: steps onto energy are free
        return 0 if on(state, seat, 4) and state.seats[seat].board.terrain[dest] == "energy" else 1

    def tile_placed(self, state, seat, tile_index):  # tech 3: an energy tile lets a lifepod move
        b = state.seats[seat].board
        if "energy" in D.tile(b.tiles[tile_index][0]).resources and on(state, seat, 3) \
                and self.pod_sources(state, seat):
            F.add_item(state.seats[seat], "pod_move", left=1, optional=True)

    def tech_values(self, state, seat, level):
        if level == 2 and not spent(state, seat, "t2") or level == 5 and not used(state, seat, "t5"):
            return self.pod_sources(state, seat)
        return []

    def use_tech(self, state, seat, level, key):
        if level == 2:  # once per game, up to three
            spend(state, seat, "t2")
            F.add_item(state.seats[seat], "pod_move", left=2, optional=True)
        else:  # tech 5: one, once per round
            use(state, seat, "t5")
        self.lift_pod(state, seat, key)

    def track_medals(self, trackers, special):
        pods = {(t, p) for t, p in special.get("pods", [])}
        out = {}
        for t in TRACKS:  # a covered medal does not count: fall back to the next one below
            printed = printed_medals(self.id, t)
            out[t] = next((printed[p] for p in range(trackers[t], -1, -1)
                           if (t, p) not in pods and printed[p] is not None), 0)
        return out


@item_kind
class PodMove(BoardKind):
    """Move ``left`` more collected lifepods, one at a time (optional; techs 2, 3, 5)."""

    name = "pod_move"
    fields = ("left",)

    def values(self, state, seat, item):
        return board_of(state, seat).pod_sources(state, seat)

    def carry_out(self, state, seat, board, item, key):
        board.lift_pod(state, seat, key)
        if item["left"] > 1:
            F.add_item(state.seats[seat], "pod_move", left=item["left"] - 1, optional=True)

    def describe(self, item):
        left = item["left"]
        if left > 1:
            return _("optional: move {n} more collected lifepods").format(n=left)
        return _("optional: move {n} more collected lifepod").format(n=left)
