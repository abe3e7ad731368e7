"""Pending items: the kinds of the standard rules, and the one dispatch through the kind
registry (engine/pending.py) for every kind (rulebook 2023 pp.5-7, RULINGS R2: every gain
of a turn is a pending item the player settles in any order).

An event's kinds are registered by engine/event_play.py, a corporation board's by that
board's module; this module imports both so that every kind is known wherever items are
settled.
"""
from __future__ import annotations

from i18n import N_, _, ngettext

from . import data as D
from . import effects as F
from . import event_play as EP
from .corporations import boards as _boards  # noqa: F401 (every board registers its kinds)
from .corporations.base import board_of
from .data import TRACKS, cell_name, parse_cell
from .ops import take_civ_card
from .pending import ItemKind, count_down, done, item_kind, kind_of, words
from .placement import fitting
from .state import GameState
from .station import depot_tops, seat_depot


def item_values(state: GameState, seat: int, item: dict) -> list[str]:
    """Every value that settles ``item`` right now (the options shown to the player)."""
    return kind_of(item).values(state, seat, item)


def describe_item(item: dict) -> str:
    """A short phrase for a pending item, e.g. 'advance civ or water (energy)'."""
    return kind_of(item).describe(item)


def resolve_item(state: GameState, seat: int, item: dict, value: str) -> None:
    """Settle ``item`` with the player's ``value``. Raises IllegalAction (nothing changed)
    when it is not one of ``item_values``."""
    s = state.seats[seat]
    first = s.next_item  # items this settlement opens (an event's rewards are settled before the pick)
    kind = kind_of(item)
    key = kind.normalise(item, value, kind.values(state, seat, item))
    kind.settle(state, seat, item, key)
    EP.after_resolve(state, seat, item, first)
    cleanup(state, seat)


def cleanup(state: GameState, seat: int) -> None:
    """Drop items that can no longer do anything, and settle those with no real choice."""
    s = state.seats[seat]
    changed = True
    while changed:
        changed = False
        for item in list(s.pending):
            kind = kind_of(item)
            if isinstance(kind, _Pieces) and kind.take_all(state, seat, item):
                changed = True
                continue
            if not kind.values(state, seat, item):
                s.pending.remove(item)
                changed = True
        changed = F.refresh_techs(state, seat) or changed


# --------------------------------------------------------------------------- the standard kinds


@item_kind
class Advance(ItemKind):
    """Advance one of ``options`` (``picks`` different ones, ``times`` steps each) from a
    ``source``: tile, energy, synergy, card, event, unplaced, tech."""

    name = "advance"
    fields = ("options", "source", "picks", "times", "claim", "skip", "chosen", "water", "synergy")
    LABELS = {"tile": N_("tile icon"), "energy": N_("energy copy"), "synergy": N_("synergy boost"),
              "card": N_("civ card"), "unplaced": N_("tile you could not place"), "event": N_("event"),
              "tech": N_("tech")}

    def values(self, state, seat, item):
        return F.advance_options(state, seat, item)

    def settle(self, state, seat, item, key):
        key, times = board_of(state, seat).advance_choice(state, seat, item, key, item.get("times", 1))
        item.setdefault("chosen", []).append(key)
        item["picks"] = item.get("picks", 1) - 1
        if item["picks"] <= 0:
            done(state.seats[seat], item)
        F.advance(state, seat, key, times, source=item["source"], claim=item.get("claim", True),
                  skip=tuple(item.get("skip", ())))

    def describe(self, item):
        opts = [t for t in item["options"] if t not in item.get("chosen", [])]
        source = item["source"]
        label = _(self.LABELS[source]) if source in self.LABELS else source
        which = _("any tracker") if len(opts) == len(TRACKS) else D.either([D.terrain_word(t) for t in opts])
        why = label
        if item.get("picks", 1) > 1:
            why = _("{label}, {n} different trackers").format(label=label, n=item["picks"])
        if item.get("only_one") is not None:
            why = _("{why}; this round only one of the tile's two resources advances").format(why=why)
        if item.get("times", 1) > 1:
            return _("advance {which} {n} steps ({why})").format(which=which, n=item["times"], why=why)
        return _("advance {which} ({why})").format(which=which, why=why)


@item_kind
class Patch(ItemKind):
    """Place a biomass patch (or store it, with the tech); ``storable`` False in the final step."""

    name = "patch"
    fields = ("storable",)

    def values(self, state, seat, item):
        b = state.seats[seat].board
        vals = [cell_name(c) for c in b.legal_patch_cells(ignore_adjacency=F.ignores_adjacency(state, seat))]
        vals = board_of(state, seat).patch_values(state, seat, vals)
        if item.get("storable", True) and state.phase != "final" and F.can_store_patches(state, seat):
            vals.append("store")  # never in the final step: every patch is placed before scoring (p.7)
        return vals

    def settle(self, state, seat, item, key):
        s = state.seats[seat]
        done(s, item)
        if board_of(state, seat).settle_patch(state, seat, item, key):
            pass
        elif key == "store":
            s.corp.stored_patches += 1
        else:
            board_of(state, seat).place_patch(state, seat, parse_cell(key))

    def describe(self, item):
        return _("place a biomass patch") if item.get("storable", True) else _("place a biomass patch (stored)")


@item_kind
class Rover(ItemKind):
    """A new rover from the supply, on a square of the tile placed last (p.6)."""

    name = "rover"

    def values(self, state, seat, item):
        s = state.seats[seat]
        return [cell_name(c) for c in F.last_tile_cells(s)] if s.corp.rover_supply > 0 else []

    def settle(self, state, seat, item, key):
        s = state.seats[seat]
        done(s, item)
        cell = parse_cell(key)
        s.corp.rover_supply -= 1
        s.board.rovers.append(cell)
        F.rover_arrives(state, seat, len(s.board.rovers) - 1, cell)

    def describe(self, item):
        return _("put a new rover on the tile you placed this round")


@item_kind
class Civ(ItemKind):
    """Choose a civ card of ``rank`` (``extra``: Republic tech 2's card of the next rank)."""

    name = "civ"
    fields = ("rank", "extra")

    def values(self, state, seat, item):
        return [str(c) for c in state.civ_piles[str(item["rank"])]] \
            + board_of(state, seat).civ_extra_values(state, seat, item)

    def settle(self, state, seat, item, key):
        done(state.seats[seat], item)
        take_civ_card(state, seat, int(key))

    def describe(self, item):
        return _("choose a rank {rank} civ card").format(rank=item.get("rank"))


class _Pieces(ItemKind):
    """Take ``count`` pieces off the planet; all of them at once when there is no choice."""

    fields = ("count",)

    def pieces(self, board) -> list[int]:
        raise NotImplementedError

    def values(self, state, seat, item):
        return [cell_name(c) for c in sorted(self.pieces(state.seats[seat].board))]

    def take(self, state, seat, cell) -> None:
        raise NotImplementedError

    def settle(self, state, seat, item, key):
        self.take(state, seat, parse_cell(key))
        count_down(state.seats[seat], item)

    def take_all(self, state, seat, item) -> bool:
        """When the planet holds no more than ``count`` of them: take them all, nothing to choose."""
        pieces = self.pieces(state.seats[seat].board)
        if len(pieces) > item["count"]:
            return False
        for c in list(pieces):
            self.take(state, seat, c)
            item["count"] -= 1
        done(state.seats[seat], item)
        return True


@item_kind
class Collect(_Pieces):
    name = "collect"

    def pieces(self, board):
        return board.lifepods

    def take(self, state, seat, cell):
        state.seats[seat].board.lifepods.remove(cell)
        board_of(state, seat).gain_lifepod(state, seat)

    def describe(self, item):
        n = item.get("count", 1)
        return ngettext("collect {n} lifepod from your planet", "collect {n} lifepods from your planet", n).format(n=n)


@item_kind
class Destroy(_Pieces):
    name = "destroy"

    def pieces(self, board):
        return board.meteorites

    def take(self, state, seat, cell):
        state.seats[seat].board.meteorites.remove(cell)  # destroyed, not collected

    def describe(self, item):
        n = item.get("count", 1)
        return ngettext("remove {n} meteorite from your planet", "remove {n} meteorites from your planet", n).format(
            n=n)


@item_kind
class Line(ItemKind):
    """Remove every meteorite in one row or column ('row A', 'col 3')."""

    name = "line"

    def values(self, state, seat, item):
        b = state.seats[seat].board
        rows = sorted({m // 12 for m in b.meteorites})
        cols = sorted({m % 12 for m in b.meteorites})
        return [f"row {D.ROW_LETTERS[r]}" for r in rows] + [f"col {c + 1}" for c in cols]

    def settle(self, state, seat, item, key):
        s = state.seats[seat]
        done(s, item)
        axis, idx = words(key)
        if axis == "row":
            r = D.ROW_LETTERS.index(idx.upper())
            s.board.meteorites[:] = [m for m in s.board.meteorites if m // 12 != r]
        else:
            c = int(idx) - 1
            s.board.meteorites[:] = [m for m in s.board.meteorites if m % 12 != c]

    def describe(self, item):
        return _("remove every meteorite in one row or column")


@item_kind
class Teleport(ItemKind):
    """Jump one rover to any square it may land on ('1 C5')."""

    name = "teleport"

    def values(self, state, seat, item):
        return F.teleport_values(state, seat)

    def settle(self, state, seat, item, key):
        done(state.seats[seat], item)
        F.jump_rover(state, seat, key)

    def describe(self, item):
        return _("jump one of your rovers to any square")


@item_kind
class ExtraTile(ItemKind):
    """Take the top tile of a depot stack and place it (``advances``: its resources count)."""

    name = "extra_tile"
    fields = ("advances",)

    def values(self, state, seat, item):
        return list(fitting(state, seat, depot_tops(state, seat)))

    def settle(self, state, seat, item, key):
        s = state.seats[seat]
        done(s, item)
        slot = seat_depot(state, seat)[key]
        s.hand = state.station[key][slot].pop()
        s.hand_advances = item["advances"]

    def describe(self, item):
        return _("take and place an extra tile from your depot")
