"""Boards where a collected lifepod is put somewhere of the player's choice (Cosmos Inc,
Jump Drive; rulebook 2023 pp.11-12): the 'pod' item and its values."""
from __future__ import annotations

from .. import effects as F
from .base import Board, corp_of


class LifepodBoard(Board):
    """Boards where a collected lifepod is put somewhere of the player's choice."""

    def gain_lifepod(self, state, seat):
        F.add_item(state.seats[seat], "pod")

    def pod_spots(self, state, seat) -> list[str]:
        raise NotImplementedError

    def put_pod(self, state, seat, key) -> None:
        raise NotImplementedError

    def item_values(self, state, seat, item):
        if item["kind"] == "pod":
            return ["score"] + self.pod_spots(state, seat)
        return super().item_values(state, seat, item)

    def resolve(self, state, seat, item, key):
        if item["kind"] != "pod":
            return super().resolve(state, seat, item, key)
        if key == "score":
            corp_of(state, seat).lifepods += 1
        else:
            self.put_pod(state, seat, key)
