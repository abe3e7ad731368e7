"""Boards where a collected lifepod is put somewhere of the player's choice (Cosmos Inc,
Jump Drive; rulebook 2023 pp.11-12): the 'pod' item and its values."""
from __future__ import annotations

from i18n import _

from .. import effects as F
from ..pending import item_kind
from .base import Board, BoardKind, board_of, corp_of


class LifepodBoard(Board):
    """Boards where a collected lifepod is put somewhere of the player's choice."""

    def gain_lifepod(self, state, seat):
        F.add_item(state.seats[seat], "pod")

    def pod_spots(self, state, seat) -> list[str]:
        raise NotImplementedError

    def put_pod(self, state, seat, key) -> None:
        raise NotImplementedError


@item_kind
class Pod(BoardKind):
    """Put the collected lifepod on the board (``pod_spots``) or in the scoring area."""

    name = "pod"
    fields = ("moved",)

    def values(self, state, seat, item):
        return ["score"] + board_of(state, seat).pod_spots(state, seat)

    def carry_out(self, state, seat, board, item, key):
        if key == "score":
            corp_of(state, seat).lifepods += 1
        else:
            board.put_pod(state, seat, key)

    def describe(self, item):
        return _("put the lifepod on your board or in the scoring area")
