"""This round's event card in play (rulebook 2023 p.9 "Événements"; RULINGS R1, R7, C2-C6):
its reveal, the choices it gives each player (pending items settled before the tile pick)
and what it does once a tile is placed. The deck, the card data and the round rules the
other modules read live in engine/events.py; the ops themselves in engine/ops.py.
"""
from __future__ import annotations

from collections.abc import Iterator

from i18n import N_, _, ngettext

from . import data as D
from . import effects as F
from . import events as E
from .corporations.base import board_of
from .data import TRACKS, cell_name, parse_cell
from .ops import apply_op
from .pending import ItemKind, count_down, done, item_kind, kind_of
from .placement import safe_stacks, station_options
from .station import seat_depot

TILE_SOURCES = E.TILE_SOURCES


def reveal(state) -> Iterator[tuple[int, int]]:
    """R1: the top card is revealed after the station turned and applied to every player
    who plays this round (seats at their tile pick). Called by rules when turns open: yields
    (seat, first item number) after giving each seat its items, and the caller settles what
    needs no choice (items.cleanup) and ``mark``s them as the event's before the next seat."""
    ev = E.deck_state(state)
    if not ev or not ev["deck"]:
        return
    card_id = ev["deck"].pop(0)
    ev["revealed"].append(card_id)
    ev["current"] = card_id
    ev["round"] = state.round
    ev["peeks"] = {}  # every peek was at this card
    if not ev["deck"] and "last_event" not in state.ending:
        state.ending.append("last_event")  # the last card makes this round the last one (p.9)
    c = E.card(card_id)
    for op in c.effect:
        if op["op"] in ("civ_deck_add", "civ_deck_remove"):
            E.change_civ_piles(state, op, c.id)
    for seat, s in enumerate(state.seats):
        if s.step != "pick":
            continue
        first = s.next_item
        for op in c.effect:
            apply_op(state, seat, op, "event")
        _autosettle(state, seat)
        yield seat, first


def _autosettle(state, seat: int) -> None:
    """Pieces to collect, destroy or add with no real choice are settled at once."""
    s = state.seats[seat]
    for item in list(s.pending):
        kind = kind_of(item)
        if isinstance(kind, _EventPieces):
            values = kind.values(state, seat, item)
            if len(values) <= item["count"]:
                for v in values:
                    kind.settle(state, seat, item, v)
                done(s, item)


def after_placement(state, seat: int, first_item: int) -> None:
    """After a tile is placed (or could not be): 104/108 let only one of its resources
    advance; 65 gives the extra rover for the first tile placed this round."""
    c = E.current(state)
    if not c:
        return
    s = state.seats[seat]
    rule = c.rule
    if rule and rule["rule"] == "advance_only_one_tile_resource":
        gains = [i for i in s.pending if i["id"] >= first_item and i["kind"] == "advance"
                 and i["source"] in TILE_SOURCES]
        if len(gains) > 1:
            for i in gains:
                i["only_one"] = first_item
    if any(op["op"] == "gain_rover" for op in c.effect) and len(s.round_tiles) == 1 \
            and not any(i["kind"] == "extra_rover" for i in s.pending):
        F.add_item(s, "extra_rover")


def after_resolve(state, seat: int, item: dict, first_item: int) -> None:
    """Settling one of a tile's resources under 104/108 drops the other one; what settling an
    event's item opens (items numbered from ``first_item``: a synergy boost, a patch, a rover,
    a corporation's own follow-up such as a Makeshift step or a Cosmos lifepod) belongs to the
    event and is settled before the pick too."""
    s = state.seats[seat]
    group = item.get("only_one")
    if group is not None:
        s.pending[:] = [i for i in s.pending if i is item or i.get("only_one") != group]
    if item.get("event"):
        mark(s, first_item)


def mark(s, first_item: int) -> None:
    """Flag the items numbered from ``first_item`` as the event's, optional tech uses aside:
    settled before the pick (p.9), with what settling at once opened (a Cosmos lifepod)."""
    for i in s.pending:
        if i["id"] >= first_item and not i.get("optional"):
            i["event"] = True



def _first_tile_cells(seat_obj) -> list[int]:
    if not seat_obj.round_tiles:
        return []
    return seat_obj.board.tile_cells(seat_obj.round_tiles[0])


class _EventKind(ItemKind):
    empty_choice = N_("nothing (it will be dropped)")
    TEXT = ""

    def describe(self, item):
        return _(self.TEXT).format(n=item.get("count", 1)) if self.TEXT else ""


@item_kind
class Regress(_EventKind):
    """C6: move one of ``options`` down ``times`` spaces (as far as it can), claiming nothing."""

    name = "regress"
    fields = ("options", "times")

    def values(self, state, seat, item):  # the corporation's own board says where a tracker goes down
        b = board_of(state, seat)
        return [t for t in TRACKS if t in item["options"] and b.regress_target(state, seat, t) is not None]

    def settle(self, state, seat, item, key):
        # each step is the corporation's own regress: Oasis' water path and blocked spaces,
        # Makeshift's columns, Cosmos' covered spaces
        for _n in range(item.get("times", 1)):
            if not F.regress(state, seat, key):
                break
        done(state.seats[seat], item)

    def describe(self, item):
        which = (_("any tracker") if len(item["options"]) == len(TRACKS)
                 else D.either([D.terrain_word(t) for t in item["options"]]))
        if item.get("times", 1) > 1:
            return _("move {which} down {n} steps (as far as it can) (event)").format(which=which, n=item["times"])
        return _("move {which} down one step (event)").format(which=which)


class _EventPieces(_EventKind):
    """``count`` squares to choose one at a time; settled at once at the reveal when there is
    no choice (``_autosettle``)."""

    fields = ("count",)

    def take(self, state, seat, cell) -> None:
        raise NotImplementedError

    def settle(self, state, seat, item, key):
        self.take(state, seat, parse_cell(key))
        count_down(state.seats[seat], item)


@item_kind
class CollectMeteorite(_EventPieces):
    name = "collect_meteorite"

    def describe(self, item):
        n = item.get("count", 1)
        return ngettext("collect {n} meteorite from your planet, no rover needed (event)",
                        "collect {n} meteorites from your planet, no rover needed (event)", n).format(n=n)

    def values(self, state, seat, item):
        return [cell_name(c) for c in sorted(state.seats[seat].board.meteorites)]

    def take(self, state, seat, cell):
        F.collect_meteorite(state, seat, cell)  # Horizon tech 3: any collection brings a patch


@item_kind
class DestroyLifepod(_EventPieces):
    name = "destroy_lifepod"

    def describe(self, item):
        n = item.get("count", 1)
        return ngettext("remove {n} lifepod on your planet from the game (event)",
                        "remove {n} lifepods on your planet from the game (event)", n).format(n=n)

    def values(self, state, seat, item):
        return [cell_name(c) for c in sorted(state.seats[seat].board.lifepods)]

    def take(self, state, seat, cell):
        state.seats[seat].board.lifepods.remove(cell)


@item_kind
class AddMeteorite(_EventPieces):
    name = "add_meteorite"
    TEXT = N_("put a meteorite on an empty meteorite symbol of your tiles (event)")

    def values(self, state, seat, item):
        if F.has_tech_code(state, seat, "meteor_immunity"):
            return []
        b = state.seats[seat].board
        # unoccupied: no meteorite on it and not covered by a biomass patch (Wormhole tech 2)
        return [cell_name(c) for c in D.cells_of(b.meteor_symbol & ~D.mask_of(b.meteorites) & ~D.mask_of(b.patches))]

    def take(self, state, seat, cell):
        b = state.seats[seat].board
        b.meteorites.append(cell)
        for i, pos in enumerate(b.rovers):
            if pos == cell:
                b.rovers[i] = None  # the meteorite crushes a rover standing there


@item_kind
class LoseLifepod(_EventKind):
    """A collected lifepod leaves the game: 'score' or one the board keeps ('civ 4', 'tech 2')."""

    name = "lose_lifepod"
    fields = ("count",)
    TEXT = N_("remove {n} of your collected lifepods from the game: 'score' or one on your board (event)")

    def values(self, state, seat, item):
        s = state.seats[seat]
        return (["score"] if s.corp.lifepods > 0 else []) + board_of(state, seat).kept_lifepods(state, seat)

    def settle(self, state, seat, item, key):
        board_of(state, seat).lose_lifepod(state, seat, key)
        count_down(state.seats[seat], item)


@item_kind
class DestroyRover(_EventKind):
    """Remove ``count`` rovers from the game, only while the seat has more than ``more_than``."""

    name = "destroy_rover"
    fields = ("count", "more_than")
    TEXT = N_("remove {n} of your rovers on the planet from the game (event)")

    def values(self, state, seat, item):
        cells = state.seats[seat].board.rover_cells()
        return [cell_name(c) for c in sorted(set(cells))] if len(cells) > item.get("more_than", 0) else []

    def settle(self, state, seat, item, key):
        b = state.seats[seat].board
        b.rovers[b.rovers.index(parse_cell(key))] = None
        count_down(state.seats[seat], item)


@item_kind
class DiscardObjective(_EventKind):
    name = "discard_objective"
    fields = ("count",)
    TEXT = N_("throw away one of your private objectives (event)")

    def values(self, state, seat, item):
        return [str(c) for c in state.seats[seat].corp.objectives]

    def settle(self, state, seat, item, key):
        state.seats[seat].corp.objectives.remove(int(key))
        state.objective_deck.append(int(key))
        count_down(state.seats[seat], item)


@item_kind
class RotateStation(_EventKind):
    name = "rotate_station"
    TEXT = N_("turn the station: how many depots clockwise (0-5) to bring the depot you want in front of you "
              "(event; can't be undone)")

    def values(self, state, seat, item):
        return station_options(state, seat)

    def settle(self, state, seat, item, key):
        state.station["rotation"] = (state.station["rotation"] - int(key)) % 6
        done(state.seats[seat], item)
        F.set_undo_point(state.seats[seat])  # a choice that can't be taken back: undo returns here


@item_kind
class RemoveStack(_EventKind):
    name = "remove_stack"
    TEXT = N_("throw away the small or the large stack of your depot (event; can't be undone)")

    def values(self, state, seat, item):
        return safe_stacks(state, seat)

    def settle(self, state, seat, item, key):
        slot = seat_depot(state, seat)[key]
        state.station[key][slot] = []
        done(state.seats[seat], item)
        F.set_undo_point(state.seats[seat])  # a choice that can't be taken back: undo returns here


@item_kind
class EventChoice(_EventKind):
    name = "event_choice"
    TEXT = N_("choose: 'synergy' (advance any tracker one step) or 'peek' (look at the next event card; "
              "can't be undone)")

    def values(self, state, seat, item):
        ev = E.deck_state(state)
        return ["synergy", "peek"] if ev and ev["deck"] else ["synergy"]

    def settle(self, state, seat, item, key):
        s = state.seats[seat]
        if key == "synergy":
            F.add_item(s, "advance", options=list(TRACKS), source="event", picks=1, times=1, claim=True, event=True,
                       synergy=True)
        else:
            E.deck_state(state)["peeks"][str(seat)] = E.deck_state(state)["deck"][0]
        done(s, item)
        if key == "peek":
            F.set_undo_point(s)  # a choice that can't be taken back: undo returns here


@item_kind
class ExtraRover(_EventKind):
    """Card 65: an extra rover (beyond the supply) on the first tile placed this round."""

    name = "extra_rover"
    TEXT = N_("put your extra rover on a square of the tile you placed this round (event)")

    def values(self, state, seat, item):
        return [cell_name(c) for c in _first_tile_cells(state.seats[seat])]

    def settle(self, state, seat, item, key):
        b = state.seats[seat].board
        cell = parse_cell(key)
        b.rovers.append(cell)  # beyond the corporation's supply
        F.rover_arrives(state, seat, len(b.rovers) - 1, cell)
        done(state.seats[seat], item)
