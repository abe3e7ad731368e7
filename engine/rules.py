"""The round and everything a player decides in it (rulebook 2023 pp.4-7, RULINGS R1-R7).

Round (R1): the commander turns the station (it turns by itself with 1 or 2 players) ->
every player at once picks one of the two top tiles of the depot facing them, places it and
settles what it gives -> once all have confirmed, civ cards are picked one player at a time
from the commander on (R4) -> end-of-round checks -> the commander token passes left.

Inside a turn (R2) every gain becomes a *pending item* the player settles in any order:
tracker advances (tile icons, energy's copy, synergy boosts, card effects), biomass patches,
new rovers, and card effects that ask for a square or a row. Rover movement goes into a pool
spent one step at a time whenever the player likes during the turn (R3); what is left when
the turn is confirmed is lost. Start-of-round movement (some corporations) is spent before
the tile is placed and lost when it is placed (R3 revised; ``gain_movement``). Until confirming, ``undo`` takes the whole turn back.

Track rules (corporation board, p.5-6): advancing claims each space reached; a tracker at
the top stays there and further advances are lost, except the rover track, whose top repeats
its movement when a *placed tile* advances rover (RULINGS D10). A tech is on while the tech
tracker stands on or above its milestone (D11).

Corporation boards other than Universal Coalition change some of these rules; their code
lives in engine/corporations.py, called from the hooks marked ``corps.`` below. An
asymmetric planet's placement restriction and rover limits come from engine/planets.py
(``P.``); R7 lifts the restriction in ``_fitting`` / ``placement_rules``.

Events (optional; always on in solo): the round's card is revealed when the turns open and
its choices join each player's pending items, settled before the tile pick; its round rules
reach placement, rover moves and track rewards through the ``E.*`` hooks (engine/events.py).
An event's placement limit sits on top of the planet's: each is lifted on its own (R7), and
when both hold but no depot tile meets the two at once, the event's gives way.

Public entry points: ``legal_actions``, ``apply``, ``to_act``, ``seat_depot``, ``has_tech``.
"""
from __future__ import annotations

import copy
from functools import lru_cache

from . import corporations as corps
from . import data as D
from . import events as E
from . import planets as P
from .actions import (DIRECTIONS, Action, Confirm, DropObjective, Move, Pick, Place, Resolve, Turn, Undo)
from .board import Board, legal_anchors
from .data import TRACKS, cell_name, parse_cell
from .errors import GameOver, IllegalAction, NotYourTurn
from .state import Corp, GameState, Seat

# --------------------------------------------------------------------------- station


def seat_position(state: GameState, seat: int) -> int:
    return D.station().indicator_positions[state.players][seat]


def station_slots(rotation: int, offset: int, position: int) -> dict[str, int]:
    """Stack slots of the depot at a station position, for a rotation and interior offset."""
    large = (position + rotation) % 6
    return {"large": large, "small": (large + offset) % 6}


def depot_slots(state: GameState, position: int) -> dict[str, int]:
    return station_slots(state.station["rotation"], state.station["offset"], position)


def seat_depot(state: GameState, seat: int) -> dict[str, int]:
    """Slots of the two stacks facing ``seat``: {"small": slot, "large": slot}."""
    return depot_slots(state, seat_position(state, seat))


def top_tile(state: GameState, stack: str, slot: int) -> int | None:
    pile = state.station[stack][slot]
    return pile[-1] if pile else None


def empty_depots(state: GameState) -> list[int]:
    """Depots (fixed small/large pairs) whose two stacks are both empty."""
    off = state.station["offset"]
    return [j for j in range(6) if not state.station["large"][j] and not state.station["small"][(j + off) % 6]]


# --------------------------------------------------------------------------- techs


def tech_unlocked(corp_id: str, trackers: dict[str, int], level: int, special: dict | None = None) -> bool:
    """A tech is on while the tech tracker stands on or above its milestone (D11); some
    corporations unlock techs another way (``special`` is their board state)."""
    return corps.tech_on(corp_id, trackers, special or {}, level)


def has_tech(state: GameState, seat: int, level: int) -> bool:
    corp = state.seats[seat].corp
    return corps.BOARDS[corp.corp_id].tech_on(corp.trackers, corp.special, level)


def _tech(state: GameState, seat: int, code: str) -> bool:
    corp = state.seats[seat].corp
    board = corps.BOARDS[corp.corp_id]
    return any(board.tech_on(corp.trackers, corp.special, level) for level in corps.tech_levels(corp.corp_id, code))


def ignores_adjacency(state: GameState, seat: int, tile_id: int | None = None) -> bool:
    """Whether ``tile_id`` (or a biomass patch, when None) may be placed without touching a tile."""
    return corps.adjacency_waived(state, seat, tile_id)  # False when no such tech is on


def can_store_patches(state: GameState, seat: int) -> bool:
    return _tech(state, seat, "store_biomass_patches")


def movement_bonus(state: GameState, seat: int, track_space: bool = False) -> int:
    corp_def = D.corporation(state.seats[seat].corp.corp_id)
    return sum(t.params.get("n", 1) for t in corp_def.techs
               if t.code == "rover_move_plus_n" and has_tech(state, seat, t.level)) \
        + corps.movement_bonus(state, seat, track_space)


# --------------------------------------------------------------------------- pending items


def _add(seat: Seat, kind: str, **params) -> dict:
    item = {"id": seat.next_item, "kind": kind, **params}
    seat.next_item += 1
    seat.pending.append(item)
    return item


def _find(seat: Seat, item_id: int) -> dict:
    for item in seat.pending:
        if item["id"] == item_id:
            return item
    raise IllegalAction(f"there is no pending item {item_id}; open items: "
                        + (", ".join(str(i["id"]) for i in seat.pending) or "none"))


def _track_def(state: GameState, seat: int, track: str) -> D.Track:
    return D.corporation(state.seats[seat].corp.corp_id).tracks[track]


def at_top(state: GameState, seat: int, track: str) -> bool:
    """Whether the tracker can no longer move up (top space, or blocked on some boards)."""
    return not corps.can_rise(state, seat, track)


def _can_gain(state: GameState, seat: int, track: str, source: str) -> bool:
    """Whether advancing ``track`` from ``source`` does anything (else the advance is lost)."""
    return not at_top(state, seat, track) or corps.repeats_at_top(state, seat, track, source)


def advance_options(state: GameState, seat: int, item: dict) -> list[str]:
    """Tracks an 'advance' item may still be settled with."""
    opts = [t for t in item["options"] if t not in item.get("chosen", [])]
    if item["source"] in ("tile", "energy", "unplaced"):
        return [t for t in opts if _can_gain(state, seat, t, item["source"])]
    # synergy and cards: a track at its top cannot be chosen, rover excepted (reference vocabulary)
    opts = [t for t in opts if not at_top(state, seat, t) or t == "rover"]
    return opts + corps.advance_extra_values(state, seat, item, opts)


def advance(state: GameState, seat: int, track: str, times: int = 1, *, source: str,
            claim: bool = True, skip: tuple[str, ...] = ()) -> None:
    """Move a tracker up ``times`` spaces one at a time, claiming each space reached."""
    if corps.advance(state, seat, track, times, source=source, claim=claim, skip=skip):
        return  # a board where each step is the player's choice (Makeshift)
    tdef = _track_def(state, seat, track)
    corp = state.seats[seat].corp
    for _ in range(times):
        dest = corps.next_space(state, seat, track)
        if dest is None:
            if corps.repeats_at_top(state, seat, track, source):  # RULINGS D10
                for b in tdef.repeat_at_top:
                    _claim(state, seat, b, track)
            continue
        corp.trackers[track] = dest
        if claim:
            for b in tdef.benefits[dest]:
                if b[0] not in skip:
                    _claim(state, seat, b, track)


def _claim(state: GameState, seat: int, benefit: tuple, track: str | None = None) -> None:
    """Claim one benefit of a space (``track``: the track it is printed on, if any)."""
    s = state.seats[seat]
    kind = benefit[0]
    if withheld(state, kind):
        return  # this round's event withholds it (C2)
    if kind == "tech" and E.suppresses(state, "flux"):
        return  # C2: the tech still counts (D11), but Flux may not move its token for it
    if corps.claim(state, seat, benefit, track):
        return
    if kind == "synergy":
        _add(s, "advance", options=list(TRACKS), source="synergy", picks=1, times=1, claim=True)
    elif kind == "civ":
        if state.phase in ("civ", "final") and state.active == seat:
            _civ_item(state, seat, benefit[1])
        else:
            s.civ_queue.append(benefit[1])  # picked after every player confirms (R4)
    elif kind == "biomass":
        gain_patch(state, seat)
    elif kind == "rover":
        _add(s, "rover")
    elif kind == "move":
        gain_movement(state, seat, benefit[1] + movement_bonus(state, seat, track_space=True))
    elif kind == "tech":
        pass  # a tech is on while the tracker stands at or above its milestone (D11)
    else:
        raise NotImplementedError(f"benefit {benefit!r} needs its corporation's rule hook")


# --------------------------------------------------------------------------- rover movement
# The pool (``Seat.pool``) holds every step the seat may still pay for this turn (R3). Part
# of it may be start-of-round movement (Flux 1, Horizon 2, Oasis 2, Republic 1): spent first,
# and what is left of it is lost when the tile is placed (R3 revised). ``special["_move"]``
# (restored by undo with the corporation) records, for the current step of play, that the
# seat gained movement ("at"), how much of the pool is start-of-round movement ("early") and
# whether other movement was gained ("later"): a free step (Cosmos tech 4) needs movement
# to be under way, not a paid step left.


def _move_key(state: GameState) -> str:
    return f"{state.round}:{state.phase}"


def _movement(state: GameState, seat: int) -> dict | None:
    mv = state.seats[seat].corp.special.get("_move")
    return mv if mv and mv.get("at") == _move_key(state) else None


def gain_movement(state: GameState, seat: int, amount: int, *, early: bool = False) -> None:
    """Add rover movement to the seat's pool; ``early``: start-of-round movement (R3)."""
    if amount <= 0:
        return
    s = state.seats[seat]
    s.pool += amount
    mv = _movement(state, seat) or {"at": _move_key(state), "early": 0, "later": False}
    if early:
        mv["early"] += amount
    else:
        mv["later"] = True
    s.corp.special["_move"] = mv


def early_movement(state: GameState, seat: int) -> int:
    """Start-of-round movement still unspent (only before the tile is placed, R3)."""
    mv = _movement(state, seat)
    return mv["early"] if mv else 0


def spend_movement(state: GameState, seat: int, cost: int) -> None:
    """Pay ``cost`` steps from the pool, start-of-round movement first (it is lost soonest)."""
    s = state.seats[seat]
    s.pool -= cost
    mv = _movement(state, seat)
    if mv is None:  # movement set up another way (a hand-built position): under way from now
        s.corp.special["_move"] = {"at": _move_key(state), "early": 0, "later": True}
    elif mv["early"]:
        mv["early"] -= min(mv["early"], cost)


def _drop_early_movement(state: GameState, seat: int) -> None:
    """The tile is placed (or taken unplaced): start-of-round movement left is lost (R3)."""
    mv = _movement(state, seat)
    if not mv:
        return
    s = state.seats[seat]
    s.pool = max(0, s.pool - mv["early"])
    mv["early"] = 0
    if not mv["later"]:  # no movement is under way any more
        s.corp.special.pop("_move", None)


def _end_movement(s: Seat) -> None:
    s.pool = 0
    s.corp.special.pop("_move", None)


def movement_under_way(state: GameState, seat: int) -> bool:
    """Whether the seat gained movement in this step of play (a free step may follow)."""
    return _movement(state, seat) is not None


def withheld(state: GameState, benefit_kind: str) -> bool:
    """Whether this round's event withholds that kind of track reward (C2; 122: synergy), so
    a corporation offers no choice that would bring nothing."""
    return E.suppresses(state, benefit_kind)


def gain_patch(state: GameState, seat: int, count: int = 1) -> None:
    """Gain biomass patches (each one a pending item to place, or store with the right tech;
    one gained in the final step is placed: item_values offers no 'store' then)."""
    for _ in range(corps.patches_gained(state, seat, count)):
        _add(state.seats[seat], "patch")


def _civ_item(state: GameState, seat: int, rank: int) -> None:
    corps.civ_item(state, seat, _add(state.seats[seat], "civ", rank=rank))


def _last_tile_cells(seat: Seat) -> list[int]:
    """The tile placed last: this round's, else the newest on the planet (p.6, rover milestone)."""
    if seat.round_tiles:
        return seat.board.tile_cells(seat.round_tiles[-1])
    return seat.board.tile_cells(len(seat.board.tiles) - 1) if seat.board.tiles else []


def item_values(state: GameState, seat: int, item: dict) -> list[str]:
    """Every value that settles ``item`` right now (the options shown to the player)."""
    s = state.seats[seat]
    b = s.board
    kind = item["kind"]
    if kind in E.ITEM_KINDS:
        return E.item_values(state, seat, item)
    if kind == "advance":
        return advance_options(state, seat, item)
    if kind == "patch":
        vals = [cell_name(c) for c in b.legal_patch_cells(ignore_adjacency=ignores_adjacency(state, seat))]
        vals = corps.patch_values(state, seat, item, vals)
        if item.get("storable", True) and state.phase != "final" and can_store_patches(state, seat):
            vals.append("store")  # never in the final step: every patch is placed before scoring (p.7)
        return vals
    if kind == "rover":
        return [cell_name(c) for c in _last_tile_cells(s)] if s.corp.rover_supply > 0 else []
    if kind == "civ":
        return [str(c) for c in state.civ_piles[str(item["rank"])]] + corps.civ_extra_values(state, seat, item)
    if kind == "collect":
        return [cell_name(c) for c in sorted(b.lifepods)]
    if kind == "destroy":
        return [cell_name(c) for c in sorted(b.meteorites)]
    if kind == "line":
        rows = sorted({m // 12 for m in b.meteorites})
        cols = sorted({m % 12 for m in b.meteorites})
        return [f"row {D.ROW_LETTERS[r]}" for r in rows] + [f"col {c + 1}" for c in cols]
    if kind == "teleport":
        grid = D.cells_of(b.planet.grid_mask)
        return [f"{i + 1} {cell_name(c)}" for i, pos in enumerate(b.rovers) if pos is not None
                for c in grid if c != pos and rover_may_land(state, seat, c)]
    if kind == "extra_tile":
        return list(_fitting(state, seat, _depot_tops(state, seat)))
    if kind in corps.KINDS:
        return corps.item_values(state, seat, item)
    raise NotImplementedError(kind)


def _cleanup(state: GameState, seat: int) -> None:
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
                        _settle_piece(state, seat, item, c)
                    s.pending.remove(item)
                    changed = True
                    continue
            if not item_values(state, seat, item):
                s.pending.remove(item)
                changed = True
        changed = corps.refresh(state, seat) or changed


def _settle_piece(state: GameState, seat: int, item: dict, cell: int) -> None:
    b = state.seats[seat].board
    if item["kind"] == "collect":
        b.lifepods.remove(cell)
        corps.gain_lifepod(state, seat)
    else:
        b.meteorites.remove(cell)  # destroyed, not collected
    item["count"] -= 1


def _resolve(state: GameState, seat: int, item: dict, value: str) -> None:
    s = state.seats[seat]
    first = s.next_item  # items this settlement opens (an event's rewards are settled before the pick)
    if item["kind"] in E.ITEM_KINDS:
        E.resolve(state, seat, item, value)
        E.after_resolve(state, seat, item, first)
        _cleanup(state, seat)
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
        times = item.get("times", 1)
        if item.get("water") and _tech(state, seat, "double_water_from_tile_placement"):
            times = 2  # UC tech 4: water from a tile placed on ice advances twice
        key, times = corps.advance_choice(state, seat, item, key, times)
        item.setdefault("chosen", []).append(key)
        item["picks"] = item.get("picks", 1) - 1
        if item["picks"] <= 0:
            s.pending.remove(item)
        advance(state, seat, key, times, source=item["source"], claim=item.get("claim", True),
                skip=tuple(item.get("skip", ())))
    elif kind == "patch":
        s.pending.remove(item)
        if corps.resolve_patch(state, seat, item, key):
            pass
        elif key == "store":
            s.corp.stored_patches += 1
        else:
            corps.place_patch(state, seat, parse_cell(key))
    elif kind == "rover":
        s.pending.remove(item)
        cell = parse_cell(key)
        s.corp.rover_supply -= 1
        s.board.rovers.append(cell)
        _rover_arrives(state, seat, len(s.board.rovers) - 1, cell)
    elif kind == "civ":
        s.pending.remove(item)
        _take_civ_card(state, seat, int(key))
    elif kind in ("collect", "destroy"):
        _settle_piece(state, seat, item, parse_cell(key))
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
        num, cell = key.split()
        s.board.rovers[int(num) - 1] = parse_cell(cell)
        _rover_arrives(state, seat, int(num) - 1, parse_cell(cell))
    elif kind == "extra_tile":
        s.pending.remove(item)
        slot = seat_depot(state, seat)[key]
        s.hand = state.station[key][slot].pop()
        s.hand_advances = item["advances"]
    elif kind in corps.KINDS:
        corps.resolve(state, seat, item, key)
    E.after_resolve(state, seat, item, first)
    _cleanup(state, seat)


def rover_may_land(state: GameState, seat: int, cell: int) -> bool:
    """Whether a rover may jump onto ``cell`` (teleports): not a visible toxic square (K'aak),
    not terrain this round's event keeps rovers off (97-102: a jump enters the square too)."""
    return P.rover_may_stand(state.seats[seat].board, cell) and E.move_problem(state, seat, cell) is None


def _rover_arrives(state: GameState, seat: int, rover: int, cell: int) -> None:
    """A rover entering or landing on a square collects the lifepod and meteorite there."""
    s = state.seats[seat]
    b = s.board
    if cell in b.lifepods:
        b.lifepods.remove(cell)
        corps.gain_lifepod(state, seat)
    if corps.rover_meteorite(state, seat, rover, cell):
        return  # Horizon Group's rovers carry meteorites instead
    if cell in b.meteorites:
        b.meteorites.remove(cell)
        s.corp.meteorites += 1


def describe_item(item: dict) -> str:
    """A short phrase for a pending item, e.g. 'advance civ or water (energy)'."""
    kind = item["kind"]
    if kind in E.ITEM_KINDS:
        return E.describe(item)
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
    }.get(kind) or corps.describe(item)


# --------------------------------------------------------------------------- civ cards


def _take_civ_card(state: GameState, seat: int, card_id: int) -> None:
    card = D.civ_card(card_id)
    state.civ_piles[str(card.rank)].remove(card_id)
    s = state.seats[seat]
    s.corp.civ_cards.append(card_id)
    if card.timing == "immediate":
        for op in card.effect:
            apply_card_op(state, seat, op)


def apply_card_op(state: GameState, seat: int, op: dict) -> None:
    """One effect of a civ card (reference cards.md section 2)."""
    s = state.seats[seat]
    name = op["op"]
    if name == "advance_choice":
        tracks = list(TRACKS) if op["tracks"] == "any" else list(op["tracks"])
        _add(s, "advance", options=tracks, source="card", picks=op["choose"], times=op["times"],
             claim=op.get("benefits", True))
    elif name == "gain_biomass_patch":
        gain_patch(state, seat, op["count"])
    elif name == "gain_rover_movement":
        gain_movement(state, seat, op["amount"] + movement_bonus(state, seat))  # RULINGS C1 / D3
    elif name == "place_extra_tile":
        _add(s, "extra_tile", advances=op["advance_resources"])
    elif name == "collect":
        _add(s, "collect", count=op["count"])
    elif name == "destroy":
        _add(s, "destroy", count=op["count"])
    elif name == "destroy_meteorites_in_line":
        _add(s, "line")
    elif name == "teleport_rover":
        _add(s, "teleport")
    elif name == "advance_all_to":
        if corps.advance_all_to(state, seat, op["position"], claim=op.get("benefits", True),
                                skip=tuple(op.get("skip", ()))):
            return
        for track in TRACKS:
            while s.corp.trackers[track] < op["position"] and not at_top(state, seat, track):
                advance(state, seat, track, 1, source="card", claim=op.get("benefits", True),
                        skip=tuple(op.get("skip", ())))
    elif name in ("medals", "score_per", "set_member"):
        pass  # end-game scoring (engine/scoring.py)
    else:
        raise NotImplementedError(f"civ card op {name!r}")


# --------------------------------------------------------------------------- tile placement


def _tile_gains(state: GameState, seat: int, tile_index: int) -> None:
    """Pending advances for a placed tile's two icons (water needs ice; energy copies)."""
    s = state.seats[seat]
    b = s.board
    t_id, _o, _a = b.tiles[tile_index]
    t = D.tile(t_id)
    cells = b.tile_cells(tile_index)
    gains: list[dict] = []
    for res, other in ((t.terrain_a, t.terrain_b), (t.terrain_b, t.terrain_a)):
        if res == "water":
            if any(b.terrain[c] == "water" and b.planet.is_ice(c) for c in cells):
                gains.append({"options": ["water"], "source": "tile", "water": True})
        elif res == "energy":
            gains.append({"options": terrains_next_to(b, cells, "energy", other), "source": "energy"})
        else:
            gains.append({"options": [res], "source": "tile"})
    for gain in corps.tile_gains(state, seat, tile_index, gains):
        _add(s, "advance", **gain)


def terrains_next_to(b: Board, cells: list[int], terrain: str, other: str) -> list[str]:
    """Tracks an icon of ``terrain`` on a tile may advance when it copies (energy): the tile's
    other resource, or a terrain touching the area of ``terrain`` that the tile is part of."""
    area: set[int] = set()
    for c in cells:
        if b.terrain[c] == terrain and c not in area:
            area.update(b.area_of(c))
    near = {b.terrain[n] for c in area for n in D.neighbours(c)} - {None, "energy"}
    return [tr for tr in TRACKS if tr == other or tr in near]


def _place_hand(state: GameState, seat: int, anchor: int, orient: int) -> None:
    s = state.seats[seat]
    tile_id = s.hand
    meteor_immune = _tech(state, seat, "meteor_immunity")
    s.board.place_tile(tile_id, orient, anchor, meteor_immune=meteor_immune)
    index = len(s.board.tiles) - 1
    s.round_tiles.append(index)
    s.hand = None
    if s.step == "place":
        _drop_early_movement(state, seat)  # unspent start-of-round movement is lost (R3)
    first = s.next_item
    if s.hand_advances:
        _tile_gains(state, seat, index)
    E.after_placement(state, seat, first)  # the tile's own resources only (104/108), before board extras
    corps.tile_placed(state, seat, index)
    s.hand_advances = True
    if s.step == "place":
        s.step = "resolve"
    _cleanup(state, seat)


def _unplaced_gains(state: GameState, seat: int, tile_id: int) -> None:
    """R6 / station.json: a tile that fits nowhere advances both its resources (energy
    copies the other one), without the water-on-ice condition, tech 4 or its meteor."""
    s = state.seats[seat]
    t = D.tile(tile_id)
    for res, other in ((t.terrain_a, t.terrain_b), (t.terrain_b, t.terrain_a)):
        _add(s, "advance", options=[other if res == "energy" else res], source="unplaced")


# --------------------------------------------------------------------------- round flow


def begin_play(state: GameState) -> None:
    """After setup: private objective choice if any, else the first round."""
    if any(s.corp.objective_offer for s in state.seats):
        state.phase = "objectives"
    else:
        _begin_round(state)


def _order_from_commander(state: GameState) -> list[int]:
    return [(state.commander + i) % state.players for i in range(state.players)]


def _begin_round(state: GameState) -> None:
    state.round += 1
    for s in state.seats:
        s.round_tiles = []
        s.unplaced = None
    if state.players <= 2:  # solo and 2 players: one depot clockwise by itself (R1)
        state.station["rotation"] = (state.station["rotation"] - 1) % 6
        _open_turns(state)
    else:
        state.phase = "rotate"
        state.active = state.commander


def _open_turns(state: GameState) -> None:
    state.phase = "turns"
    state.active = None
    for i, s in enumerate(state.seats):
        s.pending = []
        _end_movement(s)
        s.hand = None
        s.taken = None
        depot = seat_depot(state, i)
        has_tile = any(top_tile(state, k, v) is not None for k, v in depot.items())
        s.step = "pick" if has_tile else "done"
        if has_tile:
            corps.start_turn(state, i)  # start-of-round movement (R3) and usable techs
    E.reveal(state)  # R1: after the station turned, before anyone picks
    for s in state.seats:  # undo returns here: the event's choices open again
        _baseline(s)
    if all(s.step == "done" for s in state.seats):
        _close_turns(state)


def _close_turns(state: GameState) -> None:
    for s in state.seats:
        s.snapshot = None
        s.taken = None
        _end_movement(s)
    corps.turns_closed(state)  # what undo kept open is final now (Jump Drive tech 6's draw)
    order = [i for i in _order_from_commander(state) if state.seats[i].civ_queue]
    if order:
        state.phase = "civ"
        _activate(state, order[0])
    else:
        _end_round(state)


def _activate(state: GameState, seat: int) -> None:
    """Hand the one-at-a-time step (civ cards, final step) to ``seat``."""
    s = state.seats[seat]
    state.active = seat
    s.step = "resolve"
    _end_movement(s)
    if state.phase == "civ":
        for rank in s.civ_queue:
            _civ_item(state, seat, rank)
        s.civ_queue = []
    _cleanup(state, seat)
    if not s.pending and not _moves(state, seat):
        _next_active(state)


def _next_active(state: GameState) -> None:
    order = _order_from_commander(state)
    start = order.index(state.active) + 1
    state.seats[state.active].step = "done"
    for seat in order[start:]:
        if state.phase == "civ" and state.seats[seat].civ_queue:
            _activate(state, seat)
            return
        if state.phase == "final" and _final_items(state, seat):
            _activate(state, seat)
            return
    state.active = None
    if state.phase == "civ":
        _end_round(state)
    else:
        _finish(state)


def _end_round(state: GameState) -> None:
    if empty_depots(state) and "depot_empty" not in state.ending:
        state.ending.append("depot_empty")
    if state.ending:
        _begin_final(state)
        return
    state.commander = (state.commander + 1) % state.players
    _begin_round(state)


def _final_items(state: GameState, seat: int) -> bool:
    """Queue the end-of-game decisions of a seat (stored patches, end-game card advances)."""
    s = state.seats[seat]
    for _ in range(s.corp.stored_patches):
        _add(s, "patch", storable=False)
    s.corp.stored_patches = 0
    for card_id in s.corp.civ_cards:
        card = D.civ_card(card_id)
        if card.timing == "end_game":
            for op in card.effect:
                if op["op"] == "advance_choice":
                    apply_card_op(state, seat, op)
    corps.final_items(state, seat)
    _cleanup(state, seat)
    return bool(s.pending)


def _begin_final(state: GameState) -> None:
    state.phase = "final"
    for seat in _order_from_commander(state):
        if _final_items(state, seat):
            state.active = seat
            state.seats[seat].step = "resolve"
            return
    _finish(state)


def _finish(state: GameState) -> None:
    from .scoring import final_scores

    state.phase = "over"
    state.active = None
    for s in state.seats:
        s.step = "done"
        s.pending = []
        _end_movement(s)
    state.result = final_scores(state)


# --------------------------------------------------------------------------- legality


def to_act(state: GameState) -> list[int]:
    """Seats that have something to decide now."""
    return [i for i in range(len(state.seats)) if _may_act(state, i)]


def _may_act(state: GameState, seat: int) -> bool:
    """Whether ``seat`` (a seat number in range) has something to decide now."""
    phase = state.phase
    if phase == "turns":
        return state.seats[seat].step != "done"
    if phase == "objectives":
        return bool(state.seats[seat].corp.objective_offer)
    if phase in ("rotate", "civ", "final"):
        return state.active == seat
    return False


def _depot_tops(state: GameState, seat: int) -> dict[str, int]:
    """The top tile of each non-empty stack of the seat's depot."""
    tops = {k: top_tile(state, k, v) for k, v in seat_depot(state, seat).items()}
    return {k: t for k, t in tops.items() if t is not None}


def _pickable(state: GameState, seat: int) -> dict[str, int]:
    """Stacks the seat may take from now, with their top tile (must-place rule, R6). Each
    limit is lifted on its own (R7): the planet's when no tile fits under it (``_fitting``),
    then this round's event's when no tile that fits fits under the event as well."""
    tops = _depot_tops(state, seat)
    return E.prefer_restricted(state, seat, _fitting(state, seat, tops)) or tops


def _fitting(state: GameState, seat: int, tiles: dict[str, int]) -> dict[str, int]:
    """The tiles among ``tiles`` that can be placed now. A planet restriction that alone would
    leave none of them placeable is lifted (R7; Pajitnov's fallback turn, P1)."""
    b = state.seats[seat].board
    adj = {k: ignores_adjacency(state, seat, t) for k, t in tiles.items()}  # a tech may waive it per tile (D6)
    fits = {k: t for k, t in tiles.items() if b.can_place(t, ignore_adjacency=adj[k])}
    if fits or not P.rules_for(b.planet_id).restricts_tiles:
        return fits
    return {k: t for k, t in tiles.items() if b.can_place(t, ignore_adjacency=adj[k], planet_rule=False)}


def placement_rules(state: GameState, seat: int, tile_id: int | None = None) -> dict:
    """Keyword arguments of the board's placement checks for ``tile_id`` (default: the tile
    in hand): adjacency waived by a tech, and whether the planet's restriction holds. It is
    lifted (R7) exactly when the tile fits only without it: a tile is then picked because
    neither depot tile fitted with it. The event's limit sits on top (engine/events.py)."""
    s = state.seats[seat]
    tile = s.hand if tile_id is None else tile_id
    adj = ignores_adjacency(state, seat, tile)
    rule = (tile is None or not P.rules_for(s.board.planet_id).restricts_tiles
            or s.board.can_place(tile, ignore_adjacency=adj))
    return {"ignore_adjacency": adj, "planet_rule": rule}


def planet_rule_lifted(state: GameState, seat: int) -> bool:
    """Whether the seat's planet restriction is lifted for the tile it is about to pick or
    place (R7), so the player can be told."""
    s = state.seats[seat]
    if not P.rules_for(s.board.planet_id).restricts_tiles:
        return False
    if s.hand is not None:
        return not placement_rules(state, seat)["planet_rule"]
    if s.step != "pick":
        return False
    tops = _depot_tops(state, seat)
    return not any(s.board.can_place(t, ignore_adjacency=ignores_adjacency(state, seat, t))
                   for t in tops.values()) and bool(_fitting(state, seat, tops))


def can_place_any(state: GameState, seat: int) -> bool:
    return bool(_fitting(state, seat, _depot_tops(state, seat)))


_PLACE = [Place(anchor, orient) for orient in range(8) for anchor in range(144)]  # shared: actions are frozen


@lru_cache(maxsize=1024)
def _place_actions(planet_id: str, occupied: int, tile_id: int, ignore_adjacency: bool,
                   planet_rule: bool) -> tuple[Place, ...]:
    """The place actions of a tile on a planet with these squares covered, cached like the
    placements themselves (engine.board.legal_placements_at)."""
    out = []
    for orient, anchors in legal_anchors(planet_id, occupied, tile_id, ignore_adjacency, planet_rule):
        row = _PLACE[orient * 144:orient * 144 + 144]
        while anchors:
            low = anchors & -anchors
            out.append(row[low.bit_length() - 1])
            anchors ^= low
    return tuple(out)


def legal_actions(state: GameState, seat: int) -> list[Action]:
    """Every action ``seat`` may take now (empty when it has nothing to decide)."""
    if not (isinstance(seat, int) and 0 <= seat < len(state.seats) and _may_act(state, seat)):
        return []
    s = state.seats[seat]
    if state.phase == "objectives":
        return [DropObjective(c) for c in s.corp.objective_offer]
    if state.phase == "rotate":
        return [Turn(k) for k in range(6)]
    if s.hand is not None:  # start-of-round movement may be spent before the tile is placed (R3)
        how = placement_rules(state, seat)
        if E.limits_placement(state):
            placements = E.filter_placements(state, seat, s.hand, s.board.legal_placements(s.hand, **how))
            places = [_PLACE[p.orient * 144 + p.anchor] for p in placements]
        else:
            places = list(_place_actions(s.board.planet_id, s.board.occupied, s.hand, how["ignore_adjacency"],
                                         how["planet_rule"]))
        return places + _moves(state, seat) + _undo(state, s)
    out: list[Action] = []
    if s.step == "pick" and not E.blocks_pick(state, seat):
        out += [Pick(k) for k in sorted(_pickable(state, seat))]
    for item in _settleable(state, s):
        out += [Resolve(item["id"], v) for v in item_values(state, seat, item)]
    out += _moves(state, seat)
    if s.step != "pick" and not _blocking(s):
        out.append(Confirm())
    return out + _undo(state, s)


def _blocking(s: Seat) -> list[dict]:
    """Pending items the seat must settle before confirming (optional tech uses are not)."""
    return [i for i in s.pending if not i.get("optional")]


def _undo(state: GameState, s: Seat) -> list[Action]:
    return [Undo()] if _can_undo(state, s) else []


def _can_undo(state: GameState, s: Seat) -> bool:
    if state.phase != "turns":
        return False
    if s.step == "pick":  # before the pick: the event's choices settled, rovers moved (R3;
        snap = s.snapshot or {}  # a Cosmos tech 4 step onto energy moves a rover for free)
        return (s.pool != snap.get("pool", 0) or s.pending != snap.get("pending", [])
                or s.board.rovers != (snap.get("board") or {}).get("rovers", s.board.rovers))
    return s.step in ("place", "resolve")


def _settleable(state: GameState, s: Seat) -> list[dict]:
    """Pending items the seat may settle now: before the pick only what this round's event
    asks (p.9); other items (tech uses, lifepods a rover found) wait for the tile."""
    return [i for i in s.pending if i.get("event")] if s.step == "pick" else s.pending


def _baseline(s: Seat) -> None:
    """Where undo takes the seat back to: the start of its turn once the event is revealed,
    or the last choice that can't be taken back (station turned, card seen)."""
    s.snapshot = {"board": s.board.to_json(), "corp": s.corp.to_json(),
                  "pending": copy.deepcopy(s.pending), "pool": s.pool}


def _moves(state: GameState, seat: int) -> list[Move]:
    s = state.seats[seat]
    if s.pool <= 0 and not movement_under_way(state, seat):
        return []
    out = []
    grid = s.board.planet.grid_mask
    names = [d for d in DIRECTIONS if "-" not in d or corps.diagonal_moves(state, seat)]
    for i, pos in enumerate(s.board.rovers):
        if pos is None:
            continue
        for name in names:
            dest = _step(pos, name, grid)
            if dest is not None and P.rover_step_problem(s.board, pos, dest) is None \
                    and E.move_problem(state, seat, dest) is None \
                    and (s.pool > 0 or corps.step_cost(state, seat, dest) <= s.pool):
                out.append(Move(i + 1, name))
    return out


def _step(pos: int, direction: str, grid: int) -> int | None:
    r, c = divmod(pos, 12)
    dr, dc = DIRECTIONS[direction]
    r, c = r + dr, c + dc
    if not (0 <= r < 12 and 0 <= c < 12) or not grid >> (r * 12 + c) & 1:
        return None
    return r * 12 + c


# --------------------------------------------------------------------------- apply


def apply(state: GameState, seat: int, action: Action) -> None:
    """Check ``action`` for ``seat`` and carry it out. Raises an EngineError subclass with a
    message for the player (and changes nothing) when the action is not allowed."""
    if state.phase == "over":
        raise GameOver("this game is over")
    if not isinstance(seat, int) or not 0 <= seat < state.players:
        raise NotYourTurn("you are not seated in this game", seat, action)
    if not _may_act(state, seat):
        raise NotYourTurn(_waiting_reason(state, seat), seat, action)
    s = state.seats[seat]
    if state.phase == "objectives":
        if not isinstance(action, DropObjective):
            raise IllegalAction("first choose the private objective to put back (drop CARD)", action)
        if action.card not in s.corp.objective_offer:
            raise IllegalAction(f"objective {action.card} is not one of yours; choose from "
                                f"{', '.join(map(str, s.corp.objective_offer))}", action)
        s.corp.objective_offer.remove(action.card)
        state.objective_deck.append(action.card)
        s.corp.objectives = sorted(s.corp.objective_offer)
        s.corp.objective_offer = []
        if not to_act(state):
            _begin_round(state)
        return
    if state.phase == "rotate":
        if not isinstance(action, Turn):
            raise IllegalAction("the commander turns the station first (turn 0-5)", action)
        if action.steps not in range(6):
            raise IllegalAction("turn the station by 0 to 5 depots", action)
        state.station["rotation"] = (state.station["rotation"] - action.steps) % 6
        _open_turns(state)
        return
    if isinstance(action, Undo):
        _apply_undo(state, seat)
    elif isinstance(action, Pick):
        _apply_pick(state, seat, action)
    elif isinstance(action, Place):
        _apply_place(state, seat, action)
    elif isinstance(action, Resolve):
        if s.hand is not None:
            raise IllegalAction(_expected(state, seat), action)
        item = _find(s, action.item)
        if item not in _settleable(state, s):
            raise IllegalAction(_expected(state, seat), action)
        _resolve(state, seat, item, action.value)
    elif isinstance(action, Move):
        _apply_move(state, seat, action)
    elif isinstance(action, Confirm):
        _apply_confirm(state, seat)
        return
    else:
        raise IllegalAction(_expected(state, seat), action)
    if state.phase in ("civ", "final") and state.active == seat and not s.pending and not _moves(state, seat) \
            and s.hand is None:
        _next_active(state)  # nothing left to decide in a one-at-a-time step: move on


def _waiting_reason(state: GameState, seat: int) -> str:
    if state.phase == "rotate":
        return f"waiting for the commander (seat {state.commander + 1}) to turn the station"
    if state.phase in ("civ", "final") and state.active is not None:
        return f"waiting for seat {state.active + 1} to finish"
    if state.phase == "turns":
        return "you have already confirmed this round; waiting for the others"
    if state.phase == "objectives":
        return "you have chosen your objectives; waiting for the others"
    return "nothing to do right now"


def _expected(state: GameState, seat: int) -> str:
    s = state.seats[seat]
    if s.step == "pick" and E.blocks_pick(state, seat):
        return "first settle what this round's event asks: " + "; ".join(
            f"{i['id']}: {describe_item(i)}" for i in E.blocks_pick(state, seat))
    if s.step == "pick":
        return "first pick a tile from your depot (pick small / pick large)"
    if s.hand is not None:
        return f"place your tile first ({D.tile(s.hand).label}): place SQUARE ORIENTATION, e.g. place C5 0"
    if s.pending:
        return "settle your pending items, then confirm"
    return "confirm to end your turn"


def _apply_undo(state: GameState, seat: int) -> None:
    s = state.seats[seat]
    if not _can_undo(state, s):
        raise IllegalAction("there is nothing to undo" if s.step == "pick"
                            else "your turn is confirmed; it can no longer be undone")
    s.board = Board.from_json(s.snapshot["board"])
    s.corp = Corp.from_json(s.snapshot["corp"])
    if s.taken is not None:
        stack, slot, tile_id = s.taken
        state.station[stack][slot].append(tile_id)
    if s.unplaced is not None and "unplaceable" in state.ending:
        if not any(o.unplaced is not None for i, o in enumerate(state.seats) if i != seat):
            state.ending.remove("unplaceable")
    s.step, s.hand, s.hand_advances, s.taken, s.unplaced = "pick", None, True, None, None
    s.pending = copy.deepcopy(s.snapshot.get("pending", []))  # the event's choices, unsettled
    s.pool, s.round_tiles, s.civ_queue = s.snapshot.get("pool", 0), [], []
    corps.refresh(state, seat)


def _apply_pick(state: GameState, seat: int, action: Pick) -> None:
    s = state.seats[seat]
    if s.step != "pick":
        raise IllegalAction("you have already picked your tile this round (undo to choose again)", action)
    if E.blocks_pick(state, seat):
        raise IllegalAction(_expected(state, seat), action)
    options = _pickable(state, seat)
    if action.stack not in options:
        top = top_tile(state, action.stack, seat_depot(state, seat)[action.stack])
        if top is None:
            raise IllegalAction(f"the {action.stack} stack of your depot is empty; pick the other one", action)
        pr = P.rules_for(s.board.planet_id)
        if action.stack in _fitting(state, seat, _depot_tops(state, seat)):
            why = "under this round's event"  # the other tile fits under it (R7 keeps the event)
        elif pr.restricts_tiles and s.board.can_place(top, ignore_adjacency=ignores_adjacency(state, seat, top),
                                                      planet_rule=False):
            why = f"on {pr.name} under its rule ({pr.summary}),"
        else:
            why = "on your planet"
        raise IllegalAction(f"the {action.stack} tile fits nowhere {why} but the other one does, "
                            f"and you must place a tile when you can", action)
    slot = seat_depot(state, seat)[action.stack]
    tile_id = state.station[action.stack][slot].pop()
    s.taken = [action.stack, slot, tile_id]
    corps.tile_picked(state, seat, tile_id)
    if can_place_any_tile(state, seat, tile_id):
        s.hand = tile_id
        s.hand_advances = True
        s.step = "place"
    else:  # neither tile fits: the game ends after this round (R6)
        s.unplaced = tile_id
        s.step = "resolve"
        _drop_early_movement(state, seat)  # the tile is settled now: as if placed (R3)
        if "unplaceable" not in state.ending:
            state.ending.append("unplaceable")
        first = s.next_item
        _unplaced_gains(state, seat, tile_id)
        E.after_placement(state, seat, first)
        _cleanup(state, seat)


def can_place_any_tile(state: GameState, seat: int, tile_id: int) -> bool:
    """Whether the tile just picked can be placed (with the planet restriction, or without it
    when R7 lifts it: a tile is only picked under that rule when it fits one way or the other)."""
    return bool(_fitting(state, seat, {"tile": tile_id}))


def _apply_place(state: GameState, seat: int, action: Place) -> None:
    s = state.seats[seat]
    if s.hand is None:
        raise IllegalAction(_expected(state, seat), action)
    if action.orient not in range(8):
        raise IllegalAction("orientation is a number from 0 to 7", action)
    if not 0 <= action.anchor < 144:
        raise IllegalAction("that square is not on the board", action)
    problem = s.board.placement_problem(s.hand, action.orient, action.anchor, **placement_rules(state, seat))
    problem = problem or E.placement_problem(state, seat, s.hand, action.orient, action.anchor)
    if problem:
        raise IllegalAction(f"you can't place it there: {problem}", action)
    _place_hand(state, seat, action.anchor, action.orient)


def _apply_move(state: GameState, seat: int, action: Move) -> None:
    s = state.seats[seat]
    if s.pool <= 0 and not movement_under_way(state, seat):
        raise IllegalAction("you have no rover movement left this turn", action)
    if action.direction not in DIRECTIONS or ("-" in action.direction and not corps.diagonal_moves(state, seat)):
        raise IllegalAction("rovers move up, down, left or right", action)
    if not 1 <= action.rover <= len(s.board.rovers) or s.board.rovers[action.rover - 1] is None:
        have = [str(i + 1) for i, p in enumerate(s.board.rovers) if p is not None]
        raise IllegalAction(f"you have no rover {action.rover} on your planet"
                            + (f"; your rovers: {', '.join(have)}" if have else ""), action)
    src = s.board.rovers[action.rover - 1]
    dest = _step(src, action.direction, s.board.planet.grid_mask)
    if dest is None:
        raise IllegalAction(f"rover {action.rover} can't go {action.direction}: "
                            f"{P.off_grid_text(s.board.planet_id, src, action.direction)}", action)
    problem = P.rover_step_problem(s.board, src, dest)
    problem = problem or E.move_problem(state, seat, dest)
    if problem:
        raise IllegalAction(f"rover {action.rover} can't go {action.direction}: {problem}", action)
    cost = corps.step_cost(state, seat, dest)  # checked before the empty pool: a free step (Cosmos 4)
    if cost > s.pool:
        raise IllegalAction("you have no rover movement left this turn", action)
    s.board.rovers[action.rover - 1] = dest
    spend_movement(state, seat, cost)
    _rover_arrives(state, seat, action.rover - 1, dest)
    _cleanup(state, seat)


def _apply_confirm(state: GameState, seat: int) -> None:
    s = state.seats[seat]
    if s.step == "pick" or s.hand is not None:
        raise IllegalAction(_expected(state, seat))
    if _blocking(s):
        raise IllegalAction("settle your pending items first: "
                            + "; ".join(f"{i['id']}: {describe_item(i)}" for i in _blocking(s)))
    s.pending = []  # optional tech uses not taken lapse
    _end_movement(s)  # unspent movement is lost (R3)
    if state.phase == "turns":
        s.step = "done"
        if all(x.step == "done" for x in state.seats):
            _close_turns(state)
    else:
        _next_active(state)
