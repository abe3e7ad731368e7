"""Pending items: what each kind offers, how it is settled and how it reads to a player
(rulebook 2023 pp.5-7, RULINGS R2: every gain of a turn is a pending item the player
settles in any order).

The kinds of the standard rules are settled here; an event's kinds by engine/event_play.py
(``events.ITEM_KINDS``) and a corporation board's by the board (``corporations.KINDS``).
"""
from __future__ import annotations

from . import data as D
from . import event_play as EP
from . import events as E
from . import effects as F
from .corporations.base import KINDS as BOARD_KINDS
from .corporations.base import board_of
from .data import TRACKS, cell_name, parse_cell
from .errors import IllegalAction
from .ops import take_civ_card
from .placement import fitting
from .state import GameState
from .station import depot_tops, seat_depot


def item_values(state: GameState, seat: int, item: dict) -> list[str]:
    """Every value that settles ``item`` right now (the options shown to the player)."""
    s = state.seats[seat]
    b = s.board
    kind = item["kind"]
    if kind in E.ITEM_KINDS:
        return EP.item_values(state, seat, item)
    if kind == "advance":
        return F.advance_options(state, seat, item)
    if kind == "patch":
        vals = [cell_name(c) for c in b.legal_patch_cells(ignore_adjacency=F.ignores_adjacency(state, seat))]
        vals = board_of(state, seat).patch_values(state, seat, vals)
        if item.get("storable", True) and state.phase != "final" and F.can_store_patches(state, seat):
            vals.append("store")  # never in the final step: every patch is placed before scoring (p.7)
        return vals
    if kind == "rover":
        return [cell_name(c) for c in F.last_tile_cells(s)] if s.corp.rover_supply > 0 else []
    if kind == "civ":
        return [str(c) for c in state.civ_piles[str(item["rank"])]] + board_of(state, seat).civ_extra_values(state, seat, item)
    if kind == "collect":
        return [cell_name(c) for c in sorted(b.lifepods)]
    if kind == "destroy":
        return [cell_name(c) for c in sorted(b.meteorites)]
    if kind == "line":
        rows = sorted({m // 12 for m in b.meteorites})
        cols = sorted({m % 12 for m in b.meteorites})
        return [f"row {D.ROW_LETTERS[r]}" for r in rows] + [f"col {c + 1}" for c in cols]
    if kind == "teleport":
        return F.teleport_values(state, seat)
    if kind == "extra_tile":
        return list(fitting(state, seat, depot_tops(state, seat)))
    if kind in BOARD_KINDS:
        if kind == "tech" and not F.has_tech(state, seat, item["level"]):
            return []
        return board_of(state, seat).item_values(state, seat, item)
    raise NotImplementedError(kind)


def cleanup(state: GameState, seat: int) -> None:
    """Drop items that can no longer do anything, and settle those with no real choice."""
    s = state.seats[seat]
    changed = True
    while changed:
        changed = False
        for item in list(s.pending):
            if item["kind"] in ("collect", "destroy"):
                pieces = s.board.lifepods if item["kind"] == "collect" else s.board.meteorites
                if len(pieces) <= item["count"]:  # take them all: nothing to choose
                    for c in list(pieces):
                        settle_piece(state, seat, item, c)
                    s.pending.remove(item)
                    changed = True
                    continue
            if not item_values(state, seat, item):
                s.pending.remove(item)
                changed = True
        changed = F.refresh_techs(state, seat) or changed


def settle_piece(state: GameState, seat: int, item: dict, cell: int) -> None:
    b = state.seats[seat].board
    if item["kind"] == "collect":
        b.lifepods.remove(cell)
        board_of(state, seat).gain_lifepod(state, seat)
    else:
        b.meteorites.remove(cell)  # destroyed, not collected
    item["count"] -= 1



def resolve_item(state: GameState, seat: int, item: dict, value: str) -> None:
    s = state.seats[seat]
    first = s.next_item  # items this settlement opens (an event's rewards are settled before the pick)
    if item["kind"] in E.ITEM_KINDS:
        EP.resolve(state, seat, item, value)
        EP.after_resolve(state, seat, item, first)
        cleanup(state, seat)
        return
    allowed = item_values(state, seat, item)
    words = value.split()
    if item["kind"] in ("advance", "extra_tile"):
        key = " ".join(words).lower()
    elif item["kind"] == "line" and len(words) == 2:
        key = f"{words[0].lower()} {words[1].upper()}"
    else:
        key = " ".join(words).upper()
    if item["kind"] == "patch" and key == "STORE":
        key = "store"
    if key not in allowed:  # values are not case-sensitive
        key = next((v for v in allowed if v.lower() == key.lower()), key)
    if key not in allowed:
        shown = ", ".join(allowed[:12]) + (" ..." if len(allowed) > 12 else "")
        raise IllegalAction(f"'{value}' does not settle item {item['id']} ({describe_item(item)}); "
                            f"choose one of: {shown}")
    kind = item["kind"]
    if kind == "advance":
        key, times = board_of(state, seat).advance_choice(state, seat, item, key, item.get("times", 1))
        item.setdefault("chosen", []).append(key)
        item["picks"] = item.get("picks", 1) - 1
        if item["picks"] <= 0:
            s.pending.remove(item)
        F.advance(state, seat, key, times, source=item["source"], claim=item.get("claim", True),
                skip=tuple(item.get("skip", ())))
    elif kind == "patch":
        s.pending.remove(item)
        if board_of(state, seat).settle_patch(state, seat, item, key):
            pass
        elif key == "store":
            s.corp.stored_patches += 1
        else:
            board_of(state, seat).place_patch(state, seat, parse_cell(key))
    elif kind == "rover":
        s.pending.remove(item)
        cell = parse_cell(key)
        s.corp.rover_supply -= 1
        s.board.rovers.append(cell)
        F.rover_arrives(state, seat, len(s.board.rovers) - 1, cell)
    elif kind == "civ":
        s.pending.remove(item)
        take_civ_card(state, seat, int(key))
    elif kind in ("collect", "destroy"):
        settle_piece(state, seat, item, parse_cell(key))
        if item["count"] <= 0:
            s.pending.remove(item)
    elif kind == "line":
        s.pending.remove(item)
        axis, idx = key.split()
        if axis == "row":
            r = D.ROW_LETTERS.index(idx.upper())
            s.board.meteorites[:] = [m for m in s.board.meteorites if m // 12 != r]
        else:
            c = int(idx) - 1
            s.board.meteorites[:] = [m for m in s.board.meteorites if m % 12 != c]
    elif kind == "teleport":
        s.pending.remove(item)
        F.jump_rover(state, seat, key)
    elif kind == "extra_tile":
        s.pending.remove(item)
        slot = seat_depot(state, seat)[key]
        s.hand = state.station[key][slot].pop()
        s.hand_advances = item["advances"]
    elif kind in BOARD_KINDS:
        s.pending.remove(item)
        board_of(state, seat).resolve(state, seat, item, key)
    EP.after_resolve(state, seat, item, first)
    cleanup(state, seat)



def describe_item(item: dict) -> str:
    """A short phrase for a pending item, e.g. 'advance civ or water (energy)'."""
    kind = item["kind"]
    if kind in E.ITEM_KINDS:
        return EP.describe(item)
    if kind == "advance":
        opts = [t for t in item["options"] if t not in item.get("chosen", [])]
        label = {"tile": "tile icon", "energy": "energy copy", "synergy": "synergy boost",
                 "card": "civ card", "unplaced": "tile you could not place"}.get(item["source"], item["source"])
        which = "any tracker" if len(opts) == len(TRACKS) else " or ".join(opts)
        extra = f", {item['picks']} different trackers" if item.get("picks", 1) > 1 else ""
        steps = f" {item['times']} steps" if item.get("times", 1) > 1 else ""
        if item.get("only_one") is not None:
            extra += "; this round only one of the tile's two resources advances"
        return f"advance {which}{steps} ({label}{extra})"
    return {
        "patch": "place a biomass patch" + ("" if item.get("storable", True) else " (stored)"),
        "rover": "put a new rover on the tile you placed this round",
        "civ": f"choose a rank {item.get('rank')} civ card",
        "collect": f"collect {item.get('count')} lifepod(s) from your planet",
        "destroy": f"remove {item.get('count')} meteorite(s) from your planet",
        "line": "remove every meteorite in one row or column",
        "teleport": "jump one of your rovers to any square",
        "extra_tile": "take and place an extra tile from your depot",
    }.get(kind) or _describe_board_item(item)


def _describe_board_item(item: dict) -> str:
    kind = item["kind"]
    if kind == "tech":
        text = D.corporation(item["corp"]).tech(item["level"]).use or item.get("code", "tech")  # corporations.json
        return f"optional, tech {item['level']}: {text}"
    if kind == "pod_move":
        return f"optional: move {item['left']} more collected lifepod{'s' if item['left'] > 1 else ''}"
    if kind == "shift":
        return f"move your {item['track']} tracker: choose the space"
    if kind == "keep_civ":
        return f"keep {item['count']} of the remaining civ cards"
    return {
        "pod": "put the lifepod on your board or in the scoring area",
        "flux": "put your flux token on a track (it may stay where it is)",
        "civ_regress": "move one of your other trackers down a space (civ milestone)",
        "choose": "biomass level: take one of the two benefits",
        "meteor": "collect a meteorite from your planet",
        "objective": "keep one objective for the whole table",
    }.get(kind, kind)
