"""The round and everything a player decides in it (rulebook 2023 pp.4-7, RULINGS R1-R7).

Round (R1): the commander turns the station (it turns by itself with 1 or 2 players) ->
every player at once picks one of the two top tiles of the depot facing them, places it and
settles what it gives -> once all have confirmed, civ cards are picked one player at a time
from the commander on (R4) -> end-of-round checks -> the commander token passes left.

Inside a turn (R2) every gain becomes a *pending item* the player settles in any order
(engine/items.py; the primitives that create them are in engine/effects.py):
tracker advances (tile icons, energy's copy, synergy boosts, card effects), biomass patches,
new rovers, and card effects that ask for a square or a row. Rover movement goes into a pool
spent one step at a time whenever the player likes during the turn (R3); what is left when
the turn is confirmed is lost. Start-of-round movement (some corporations) is spent before
the tile is placed and lost when it is placed (R3 revised; ``gain_movement``). Until confirming, ``undo`` takes the whole turn back.

Track rules (corporation board, p.5-6): advancing claims each space reached; a tracker at
the top stays there and further advances are lost, except the rover track, whose top repeats
its movement when a *placed tile* advances rover (RULINGS D10). A tech is on while the tech
tracker stands on or above its milestone (D11).

Corporation boards change some of these rules through their hooks (engine/corporations/,
one module per board, found with ``board_of``). An asymmetric planet's placement
restriction and rover limits come from engine/planets.py (``P.``); R7 lifts the restriction
in engine/placement.py (``fitting`` / ``placement_rules``).

Events (optional; always on in solo): the round's card is revealed when the turns open and
its choices join each player's pending items, settled before the tile pick; its round rules
reach placement, rover moves and track rewards through engine/events.py (``E.``); its
choices and what it does after a placement are engine/event_play.py (``EP.``).
An event's placement limit sits on top of the planet's: each is lifted on its own (R7), and
when both hold but no depot tile meets the two at once, the event's gives way.

Public entry points: ``legal_actions``, ``apply``, ``to_act``, ``waiting_reason``; the
names imported below from the lower modules are re-exported for the callers that use them.
"""
from __future__ import annotations

import copy
from functools import lru_cache

from i18n import content

from . import data as D
from . import effects as F
from . import event_play as EP
from . import events as E
from . import planets as P
from .actions import DIRECTIONS, Action, Confirm, DropObjective, Move, Pick, Place, Resolve, Turn, Undo
from .board import Board, legal_anchors
from .corporations import boards as _boards  # noqa: F401 (every corporation board registers)
from .corporations.base import board_of, turns_closed
from .data import TRACKS
from .effects import advance, at_top, early_movement, gain_patch, has_tech, ignores_adjacency, tech_unlocked  # noqa: F401 - re-exported: callers reach these through rules
from .errors import GameOver, IllegalAction, NotYourTurn
from .items import cleanup, describe_item, item_values, resolve_item
from .ops import apply_card_op
from .placement import (  # noqa: F401 - re-exported: callers reach these through rules
    can_place_any_tile,
    fitting,
    placement_problem,
    placement_rules,
    planet_rule_lifted,
    prefer_restricted,
)
from .scoring import final_scores
from .state import Corp, GameState, Seat
from .station import depot_slots, depot_tops, empty_depots, seat_depot, seat_position, station_slots, top_tile  # noqa: F401 - re-exported: callers reach these through rules

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
    for gain in board_of(state, seat).tile_gains(state, seat, tile_index, gains):
        F.add_item(s, "advance", **gain)


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
    assert tile_id is not None  # placing needs a tile in hand
    meteor_immune = F.has_tech_code(state, seat, "meteor_immunity")
    s.board.place_tile(tile_id, orient, anchor, meteor_immune=meteor_immune)
    index = len(s.board.tiles) - 1
    s.round_tiles.append(index)
    s.hand = None
    if s.step == "place":
        F.drop_early_movement(state, seat)  # unspent start-of-round movement is lost (R3)
    first = s.next_item
    if s.hand_advances:
        _tile_gains(state, seat, index)
    EP.after_placement(state, seat, first)  # the tile's own resources only (104/108), before board extras
    board_of(state, seat).tile_placed(state, seat, index)
    s.hand_advances = True
    if s.step == "place":
        s.step = "resolve"
    cleanup(state, seat)


def _unplaced_gains(state: GameState, seat: int, tile_id: int) -> None:
    """R6 / station.json: a tile that fits nowhere advances both its resources (energy
    copies the other one), without the water-on-ice condition, tech 4 or its meteor."""
    s = state.seats[seat]
    t = D.tile(tile_id)
    for res, other in ((t.terrain_a, t.terrain_b), (t.terrain_b, t.terrain_a)):
        F.add_item(s, "advance", options=[other if res == "energy" else res], source="unplaced")


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
        F.end_movement(s)
        s.hand = None
        s.taken = None
        depot = seat_depot(state, i)
        has_tile = any(top_tile(state, k, v) is not None for k, v in depot.items())
        s.step = "pick" if has_tile else "done"
        if has_tile:
            F.start_turn(state, i)  # start-of-round movement (R3) and usable techs
    for seat, first in EP.reveal(state):  # R1: after the station turned, before anyone picks
        cleanup(state, seat)
        EP.mark(state.seats[seat], first)  # settled before the pick (p.9), with what settling opened
    for s in state.seats:  # undo returns here: the event's choices open again
        F.set_undo_point(s)
    if all(s.step == "done" for s in state.seats):
        close_turns(state)


def close_turns(state: GameState) -> None:
    for s in state.seats:
        s.snapshot = None
        s.taken = None
        F.end_movement(s)
    turns_closed(state)  # what undo kept open is final now (Jump Drive tech 6's draw)
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
    F.end_movement(s)
    if state.phase == "civ":
        for rank in s.civ_queue:
            F.civ_item(state, seat, rank)
        s.civ_queue = []
    cleanup(state, seat)
    if not s.pending and not _moves(state, seat):
        _next_active(state)


def _next_active(state: GameState) -> None:
    order = _order_from_commander(state)
    assert state.active is not None  # only called while a seat is active
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
        begin_final(state)
        return
    state.commander = (state.commander + 1) % state.players
    _begin_round(state)


def _final_items(state: GameState, seat: int) -> bool:
    """Queue the end-of-game decisions of a seat (stored patches, end-game card advances)."""
    s = state.seats[seat]
    for _ in range(s.corp.stored_patches):
        F.add_item(s, "patch", storable=False)
    s.corp.stored_patches = 0
    for card_id in s.corp.civ_cards:
        card = D.civ_card(card_id)
        if card.timing == "end_game":
            for op in card.effect:
                if op["op"] == "advance_choice":
                    apply_card_op(state, seat, op)
    F.board_final_items(state, seat)
    cleanup(state, seat)
    return bool(s.pending)


def begin_final(state: GameState) -> None:
    state.phase = "final"
    for seat in _order_from_commander(state):
        if _final_items(state, seat):
            state.active = seat
            state.seats[seat].step = "resolve"
            return
    _finish(state)


def _finish(state: GameState) -> None:
    state.phase = "over"
    state.active = None
    for s in state.seats:
        s.step = "done"
        s.pending = []
        F.end_movement(s)
    state.result = final_scores(state)



# --------------------------------------------------------------------------- legality


def to_act(state: GameState) -> list[int]:
    """Seats that have something to decide now."""
    return [i for i in range(len(state.seats)) if may_act(state, i)]


def may_act(state: GameState, seat: int) -> bool:
    """Whether ``seat`` (a seat number in range) has something to decide now."""
    phase = state.phase
    if phase == "turns":
        return state.seats[seat].step != "done"
    if phase == "objectives":
        return bool(state.seats[seat].corp.objective_offer)
    if phase in ("rotate", "civ", "final"):
        return state.active == seat
    return False




def _pickable(state: GameState, seat: int) -> dict[str, int]:
    """Stacks the seat may take from now, with their top tile (must-place rule, R6). Each
    limit is lifted on its own (R7): the planet's when no tile fits under it (``placement.fitting``),
    then this round's event's when no tile that fits fits under the event as well."""
    tops = depot_tops(state, seat)
    return prefer_restricted(state, seat, fitting(state, seat, tops)) or tops




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
    if not (isinstance(seat, int) and 0 <= seat < len(state.seats) and may_act(state, seat)):
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




def _moves(state: GameState, seat: int) -> list[Move]:
    s = state.seats[seat]
    if s.pool <= 0 and not F.movement_under_way(state, seat):
        return []
    out = []
    grid = s.board.planet.grid_mask
    names = [d for d in DIRECTIONS if "-" not in d or board_of(state, seat).diagonal_moves(state, seat)]
    for i, pos in enumerate(s.board.rovers):
        if pos is None:
            continue
        for name in names:
            dest = _step(pos, name, grid)
            if dest is not None and P.rover_step_problem(s.board, pos, dest) is None \
                    and E.move_problem(state, seat, dest) is None \
                    and (s.pool > 0 or board_of(state, seat).step_cost(state, seat, dest) <= s.pool):
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
    if not may_act(state, seat):
        raise NotYourTurn(waiting_reason(state, seat), seat, action)
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
        item = F.find_item(s, action.item)
        if item not in _settleable(state, s):
            raise IllegalAction(_expected(state, seat), action)
        resolve_item(state, seat, item, action.value)
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


def waiting_reason(state: GameState, seat: int) -> str:
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
    snapshot = s.snapshot
    assert snapshot is not None  # _can_undo checked it
    s.board = Board.from_json(snapshot["board"])
    s.corp = Corp.from_json(snapshot["corp"])
    if s.taken is not None:
        stack, slot, tile_id = s.taken
        state.station[stack][slot].append(tile_id)
    if s.unplaced is not None and "unplaceable" in state.ending:
        if not any(o.unplaced is not None for i, o in enumerate(state.seats) if i != seat):
            state.ending.remove("unplaceable")
    s.step, s.hand, s.hand_advances, s.taken, s.unplaced = "pick", None, True, None, None
    s.pending = copy.deepcopy(snapshot.get("pending", []))  # the event's choices, unsettled
    s.pool, s.round_tiles, s.civ_queue = snapshot.get("pool", 0), [], []
    F.refresh_techs(state, seat)


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
        if action.stack in fitting(state, seat, depot_tops(state, seat)):
            why = "under this round's event"  # the other tile fits under it (R7 keeps the event)
        elif pr.restricts_tiles and s.board.can_place(top, ignore_adjacency=ignores_adjacency(state, seat, top),
                                                      planet_rule=False):
            why = f"on {content(pr.name)} under its rule ({content(pr.summary)}),"
        else:
            why = "on your planet"
        raise IllegalAction(f"the {action.stack} tile fits nowhere {why} but the other one does, "
                            f"and you must place a tile when you can", action)
    slot = seat_depot(state, seat)[action.stack]
    tile_id = state.station[action.stack][slot].pop()
    s.taken = [action.stack, slot, tile_id]
    board_of(state, seat).tile_picked(state, seat, tile_id)
    if can_place_any_tile(state, seat, tile_id):
        s.hand = tile_id
        s.hand_advances = True
        s.step = "place"
    else:  # neither tile fits: the game ends after this round (R6)
        s.unplaced = tile_id
        s.step = "resolve"
        F.drop_early_movement(state, seat)  # the tile is settled now: as if placed (R3)
        if "unplaceable" not in state.ending:
            state.ending.append("unplaceable")
        first = s.next_item
        _unplaced_gains(state, seat, tile_id)
        EP.after_placement(state, seat, first)
        cleanup(state, seat)




def _apply_place(state: GameState, seat: int, action: Place) -> None:
    s = state.seats[seat]
    if s.hand is None:
        raise IllegalAction(_expected(state, seat), action)
    if action.orient not in range(8):
        raise IllegalAction("orientation is a number from 0 to 7", action)
    if not 0 <= action.anchor < 144:
        raise IllegalAction("that square is not on the board", action)
    problem = s.board.placement_problem(s.hand, action.orient, action.anchor, **placement_rules(state, seat))
    problem = problem or placement_problem(state, seat, s.hand, action.orient, action.anchor)
    if problem:
        raise IllegalAction(f"you can't place it there: {problem}", action)
    _place_hand(state, seat, action.anchor, action.orient)


def _apply_move(state: GameState, seat: int, action: Move) -> None:
    s = state.seats[seat]
    if s.pool <= 0 and not F.movement_under_way(state, seat):
        raise IllegalAction("you have no rover movement left this turn", action)
    if action.direction not in DIRECTIONS or ("-" in action.direction and not board_of(state, seat).diagonal_moves(state, seat)):
        raise IllegalAction("rovers move up, down, left or right", action)
    if not 1 <= action.rover <= len(s.board.rovers) or s.board.rovers[action.rover - 1] is None:
        have = [str(i + 1) for i, p in enumerate(s.board.rovers) if p is not None]
        raise IllegalAction(f"you have no rover {action.rover} on your planet"
                            + (f"; your rovers: {', '.join(have)}" if have else ""), action)
    src = s.board.rovers[action.rover - 1]
    assert src is not None  # checked above
    dest = _step(src, action.direction, s.board.planet.grid_mask)
    if dest is None:
        raise IllegalAction(f"rover {action.rover} can't go {action.direction}: "
                            f"{P.off_grid_text(s.board.planet_id, src, action.direction)}", action)
    problem = P.rover_step_problem(s.board, src, dest)
    problem = problem or E.move_problem(state, seat, dest)
    if problem:
        raise IllegalAction(f"rover {action.rover} can't go {action.direction}: {problem}", action)
    cost = board_of(state, seat).step_cost(state, seat, dest)  # checked before the empty pool: a free step (Cosmos 4)
    if cost > s.pool:
        raise IllegalAction("you have no rover movement left this turn", action)
    s.board.rovers[action.rover - 1] = dest
    F.spend_movement(state, seat, cost)
    F.rover_arrives(state, seat, action.rover - 1, dest)
    cleanup(state, seat)


def _apply_confirm(state: GameState, seat: int) -> None:
    s = state.seats[seat]
    if s.step == "pick" or s.hand is not None:
        raise IllegalAction(_expected(state, seat))
    if _blocking(s):
        raise IllegalAction("settle your pending items first: "
                            + "; ".join(f"{i['id']}: {describe_item(i)}" for i in _blocking(s)))
    s.pending = []  # optional tech uses not taken lapse
    F.end_movement(s)  # unspent movement is lost (R3)
    if state.phase == "turns":
        s.step = "done"
        if all(x.step == "done" for x in state.seats):
            close_turns(state)
    else:
        _next_active(state)
