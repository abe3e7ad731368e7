"""Pending decisions (rulebook 2023 p.5 R2: every gain of a turn is a decision the player
settles in any order): the one registry of their kinds, the protocol each kind follows,
and the one parser of the values a player settles them with.

A pending item is stored as a plain JSON dict (``{"id", "kind", ...}``: undo snapshots and
saved games hold it as such); its kind is a small class registered here with
``@item_kind`` that names the item's own fields and says

    values(state, seat, item)        every value that settles it right now
    normalise(item, value, allowed)  the player's text -> one of those values
    settle(state, seat, item, key)   carry it out (and take the item off when it is done)
    describe(item)                   a short phrase for the player

The kinds of the standard rules are in engine/items.py, an event's in engine/event_play.py,
a corporation board's in that board's module (engine/corporations/). engine/items.py
dispatches through ``kind_of`` and nothing else asks which kind an item is.
"""
from __future__ import annotations

from typing import ClassVar

from i18n import _

from .data import parse_cell
from .errors import IllegalAction, InconsistentData, UnknownContent


class ItemKind:
    """One kind of pending decision. ``fields``: the item's own keys besides id and kind
    (and the flags the flow adds: optional, event, only_one)."""

    name: ClassVar[str] = ""
    fields: ClassVar[tuple[str, ...]] = ()
    empty_choice: ClassVar[str] = ""  # what the error names when no value is left

    def values(self, state, seat: int, item: dict) -> list[str]:
        raise NotImplementedError

    def normalise(self, item: dict, value: str, allowed: list[str]) -> str:
        """One of ``allowed`` matching ``value`` (spaces and letter case do not matter).
        Raises IllegalAction naming the values when none does."""
        text = " ".join(value.split())
        for key in allowed:
            if key == text:
                return key
        for key in allowed:
            if key.lower() == text.lower():
                return key
        shown = ", ".join(allowed[:12]) + (" ..." if len(allowed) > 12 else "")
        raise IllegalAction(_("'{value}' does not settle item {n} ({what}); choose one of: {choices}").format(
            value=value, n=item["id"], what=self.describe(item), choices=shown or (_(self.empty_choice) if self.empty_choice else "")))

    def settle(self, state, seat: int, item: dict, key: str) -> None:
        raise NotImplementedError

    def describe(self, item: dict) -> str:
        raise NotImplementedError


KINDS: dict[str, ItemKind] = {}


def item_kind(cls: type[ItemKind]) -> type[ItemKind]:
    """Class decorator: register a kind of pending item (one instance per name)."""
    if cls.name in KINDS:
        raise InconsistentData(f"two kinds of pending item are named {cls.name!r}")
    KINDS[cls.name] = cls()
    return cls


def kind_of(item: dict) -> ItemKind:
    """The kind of a pending item. Raises UnknownContent for a kind no module registered."""
    try:
        return KINDS[item["kind"]]
    except KeyError:
        raise UnknownContent("pending item kind", item["kind"],
                             f"no kind of pending item is named {item['kind']!r}") from None


def done(seat_obj, item: dict) -> None:
    """Take a settled item off the seat's pending list."""
    if item in seat_obj.pending:
        seat_obj.pending.remove(item)


def count_down(seat_obj, item: dict) -> None:
    """One of the item's ``count`` pieces is settled; off the list when none is left."""
    item["count"] -= 1
    if item["count"] <= 0:
        done(seat_obj, item)


# --------------------------------------------------------------------------- compound values


def words(key: str) -> tuple[str, str]:
    """The two words of a compound value: 'civ 4', 'tech 2', '1 C5', 'row A', 'water twice'."""
    first, second = key.split()
    return first, second


def track_space(key: str) -> tuple[str, int]:
    """'civ 4' -> ("civ", 4): a track (or column) and a space on it; 'tech 2' for a tech slot."""
    track, pos = words(key)
    return track, int(pos)


def rover_square(key: str) -> tuple[int, int]:
    """'1 C5' -> (0, square): a rover (numbered from 1 for the player) and where it goes."""
    num, cell = words(key)
    return int(num) - 1, parse_cell(cell)
