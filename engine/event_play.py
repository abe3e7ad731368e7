"""This round's event card in play (rulebook 2023 p.9 "Événements"; RULINGS R1, R7, C2-C6):
its reveal, the choices it gives each player (pending items settled before the tile pick)
and what it does once a tile is placed. The deck, the card data and the round rules the
other modules read live in engine/events.py; the ops themselves in engine/ops.py.
"""
from __future__ import annotations

from collections.abc import Iterator

from . import data as D
from . import effects as F
from . import events as E
from .corporations.base import board_of
from .data import TRACKS, cell_name, parse_cell
from .errors import IllegalAction
from .ops import apply_op
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
        if item["kind"] in ("collect_meteorite", "destroy_lifepod", "add_meteorite"):
            values = item_values(state, seat, item)
            if len(values) <= item["count"]:
                for v in values:
                    _settle(state, seat, item, v)
                if item in s.pending:
                    s.pending.remove(item)


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


def item_values(state, seat: int, item: dict) -> list[str]:
    """Every value that settles one of this module's items right now."""
    s = state.seats[seat]
    b = s.board
    kind = item["kind"]
    if kind == "regress":  # the corporation's own board says where a tracker goes down (Oasis, Makeshift ...)
        return [t for t in TRACKS if t in item["options"] and board_of(state, seat).regress_target(state, seat, t) is not None]
    if kind == "collect_meteorite":
        return [cell_name(c) for c in sorted(b.meteorites)]
    if kind == "destroy_lifepod":
        return [cell_name(c) for c in sorted(b.lifepods)]
    if kind == "lose_lifepod":  # from the scoring area or where the board keeps them
        return (["score"] if s.corp.lifepods > 0 else []) + board_of(state, seat).kept_lifepods(state, seat)
    if kind == "destroy_rover":
        cells = b.rover_cells()
        return [cell_name(c) for c in sorted(set(cells))] if len(cells) > item.get("more_than", 0) else []
    if kind == "add_meteorite":
        if F.has_tech_code(state, seat, "meteor_immunity"):
            return []
        # unoccupied: no meteorite on it and not covered by a biomass patch (Wormhole tech 2)
        return [cell_name(c) for c in D.cells_of(b.meteor_symbol & ~D.mask_of(b.meteorites) & ~D.mask_of(b.patches))]
    if kind == "discard_objective":
        return [str(c) for c in s.corp.objectives]
    if kind == "rotate_station":
        return station_options(state, seat)
    if kind == "remove_stack":
        return safe_stacks(state, seat)
    if kind == "event_choice":
        return ["synergy", "peek"] if E.deck_state(state) and E.deck_state(state)["deck"] else ["synergy"]
    if kind == "extra_rover":
        return [cell_name(c) for c in _first_tile_cells(s)]
    raise NotImplementedError(kind)


def describe(item: dict) -> str:
    kind = item["kind"]
    n = item.get("count", 1)
    if kind == "regress":
        steps = f" {item['times']} steps (as far as it can)" if item.get("times", 1) > 1 else " one step"
        which = "any tracker" if len(item["options"]) == len(TRACKS) else " or ".join(item["options"])
        return f"move {which} down{steps} (event)"
    return {
        "collect_meteorite": f"collect {n} meteorite(s) from your planet, no rover needed (event)",
        "destroy_lifepod": f"remove {n} lifepod(s) on your planet from the game (event)",
        "lose_lifepod": f"remove {n} of your collected lifepods from the game: 'score' or one on your board (event)",
        "destroy_rover": f"remove {n} of your rovers on the planet from the game (event)",
        "add_meteorite": "put a meteorite on an empty meteorite symbol of your tiles (event)",
        "discard_objective": "throw away one of your private objectives (event)",
        "rotate_station": "turn the station: how many depots clockwise (0-5) to bring the depot you want "
                          "in front of you (event; can't be undone)",
        "remove_stack": "throw away the small or the large stack of your depot (event; can't be undone)",
        "event_choice": "choose: 'synergy' (advance any tracker one step) or 'peek' (look at the next event "
                        "card; can't be undone)",
        "extra_rover": "put your extra rover on a square of the tile you placed this round (event)",
    }[kind]


def _key(item: dict, value: str, allowed: list[str]) -> str:
    text = " ".join(value.split())
    for key in (text.lower(), text.upper(), text):
        if key in allowed:
            return key
    shown = ", ".join(allowed[:12]) + (" ..." if len(allowed) > 12 else "")
    raise IllegalAction(f"'{value}' does not settle item {item['id']} ({describe(item)}); "
                        f"choose one of: {shown or 'nothing (it will be dropped)'}")


def resolve(state, seat: int, item: dict, value: str) -> None:
    """Settle one of this module's items. Raises IllegalAction (nothing changed) when the
    value is not one of ``item_values``."""
    key = _key(item, value, item_values(state, seat, item))
    _settle(state, seat, item, key)


def _settle(state, seat: int, item: dict, key: str) -> None:
    s = state.seats[seat]
    b = s.board
    kind = item["kind"]
    done = True
    if kind == "regress":
        # C6: the chosen tracker goes down as far as it can, up to the amount; no rewards. Each
        # step is the corporation's own regress: Oasis' water path and blocked spaces,
        # Makeshift's columns, Cosmos' covered spaces
        for _ in range(item.get("times", 1)):
            if not F.regress(state, seat, key):
                break
    elif kind in ("collect_meteorite", "destroy_lifepod", "add_meteorite"):
        cell = parse_cell(key)
        if kind == "collect_meteorite":
            F.collect_meteorite(state, seat, cell)  # Horizon tech 3: any collection brings a patch
        elif kind == "destroy_lifepod":
            b.lifepods.remove(cell)
        else:
            b.meteorites.append(cell)
            for i, pos in enumerate(b.rovers):
                if pos == cell:
                    b.rovers[i] = None  # the meteorite crushes a rover standing there
        item["count"] -= 1
        done = item["count"] <= 0
    elif kind == "lose_lifepod":
        board_of(state, seat).lose_lifepod(state, seat, key)
        item["count"] -= 1
        done = item["count"] <= 0
    elif kind == "destroy_rover":
        cell = parse_cell(key)
        b.rovers[b.rovers.index(cell)] = None
        item["count"] -= 1
        done = item["count"] <= 0
    elif kind == "discard_objective":
        s.corp.objectives.remove(int(key))
        state.objective_deck.append(int(key))
        item["count"] -= 1
        done = item["count"] <= 0
    elif kind == "rotate_station":
        state.station["rotation"] = (state.station["rotation"] - int(key)) % 6
    elif kind == "remove_stack":
        slot = seat_depot(state, seat)[key]
        state.station[key][slot] = []
    elif kind == "event_choice":
        if key == "synergy":
            F.add_item(s, "advance", options=list(TRACKS), source="event", picks=1, times=1, claim=True, event=True,
                   synergy=True)
        else:
            E.deck_state(state)["peeks"][str(seat)] = E.deck_state(state)["deck"][0]
    elif kind == "extra_rover":
        cell = parse_cell(key)
        b.rovers.append(cell)  # beyond the corporation's supply
        F.rover_arrives(state, seat, len(b.rovers) - 1, cell)
    if done and item in s.pending:
        s.pending.remove(item)
    if kind in ("rotate_station", "remove_stack") or (kind == "event_choice" and key == "peek"):
        F.set_undo_point(s)  # a choice that can't be taken back: undo returns here
