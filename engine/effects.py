"""The primitives every rule is built from (rulebook 2023 pp.5-7 "Avancer un marqueur",
"Bénéfices", "Rovers"; RULINGS R2-R3, D10, D11): add a pending item, advance a tracker and
claim what it reaches, gain a biomass patch, rover movement and a rover's arrival.

Inside a turn (R2) every gain becomes a *pending item* the player settles in any order
(engine/items.py settles them). Track rules (p.5-6): advancing claims each space reached; a
tracker at the top stays there and further advances are lost, except the rover track, whose
top repeats its movement when a *placed tile* advances rover (D10). A tech is on while the
tech tracker stands on or above its milestone (D11).

A corporation board changes these rules through its hooks (engine/corporations/base.py,
found with ``board_of``); this round's event withholds rewards through ``events.suppresses``.
The round flow (engine/rules.py), the boards, the events and the cards all build on the
functions here; this module imports none of them.
"""
from __future__ import annotations

import copy

from i18n import _

from . import data as D
from . import events as E
from . import planets as P
from .corporations.base import Board, adjacency_waived, board, board_of, tech_levels
from .data import TRACKS, cell_name
from .errors import IllegalAction
from .pending import kind_of, rover_square
from .state import GameState, Seat

# --------------------------------------------------------------------------- techs


def tech_unlocked(corp_id: str, trackers: dict[str, int], level: int, special: dict | None = None) -> bool:
    """A tech is on while the tech tracker stands on or above its milestone (D11); some
    corporations unlock techs another way (``special`` is their board state)."""
    return board(corp_id).tech_on(trackers, special or {}, level)


def has_tech(state: GameState, seat: int, level: int) -> bool:
    corp = state.seats[seat].corp
    return board(corp.corp_id).tech_on(corp.trackers, corp.special, level)


def has_tech_code(state: GameState, seat: int, code: str) -> bool:
    """Whether a tech with this effect code (corporations.json) is on for the seat."""
    corp = state.seats[seat].corp
    b = board(corp.corp_id)
    return any(b.tech_on(corp.trackers, corp.special, level) for level in tech_levels(corp.corp_id, code))


def ignores_adjacency(state: GameState, seat: int, tile_id: int | None = None) -> bool:
    """Whether ``tile_id`` (or a biomass patch, when None) may be placed without touching a tile."""
    return adjacency_waived(state, seat, tile_id)  # False when no such tech is on


def can_store_patches(state: GameState, seat: int) -> bool:
    return has_tech_code(state, seat, "store_biomass_patches")


def movement_bonus(state: GameState, seat: int, track_space: bool = False) -> int:
    corp_def = D.corporation(state.seats[seat].corp.corp_id)
    return sum(t.params.get("n", 1) for t in corp_def.techs
               if t.code == "rover_move_plus_n" and has_tech(state, seat, t.level)) \
        + board_of(state, seat).movement_bonus(state, seat, track_space)


# --------------------------------------------------------------------------- pending items


def add_item(seat: Seat, kind: str, **params) -> dict:
    """Give the seat a pending item of ``kind`` (numbered in order) and return it."""
    item = {"id": seat.next_item, "kind": kind, **params}
    seat.next_item += 1
    seat.pending.append(item)
    return item


def find_item(seat: Seat, item_id: int) -> dict:
    """The seat's pending item ``item_id``. Raises IllegalAction when there is none."""
    for item in seat.pending:
        if item["id"] == item_id:
            return item
    raise IllegalAction(_("there is no pending item {n}; open items: {items}").format(
        n=item_id, items="; ".join(f"{i['id']} ({kind_of(i).describe(i)})" for i in seat.pending) or _("none")))


def set_undo_point(s: Seat) -> None:
    """Where undo takes the seat back to: the start of its turn once the event is revealed,
    or the last choice that can't be taken back (station turned, card seen)."""
    s.snapshot = {"board": s.board.to_json(), "corp": s.corp.to_json(),
                  "pending": copy.deepcopy(s.pending), "pool": s.pool}


# --------------------------------------------------------------------------- trackers


def track_def(state: GameState, seat: int, track: str) -> D.Track:
    return D.corporation(state.seats[seat].corp.corp_id).tracks[track]


def can_rise(state: GameState, seat: int, track: str) -> bool:
    """Whether the tracker can still move up (not at the top, not blocked on some boards)."""
    corp = state.seats[seat].corp
    b = board(corp.corp_id)
    if b.plain_tracks:  # one space at a time up to the printed top (asked very often)
        return corp.trackers[track] < D.corporation(corp.corp_id).tracks[track].top
    return b.can_rise(state, seat, track)


def at_top(state: GameState, seat: int, track: str) -> bool:
    """Whether the tracker can no longer move up (top space, or blocked on some boards)."""
    return not can_rise(state, seat, track)


def repeats_at_top(state: GameState, seat: int, track: str, source: str) -> bool:
    """X-infinity (D10): a placed tile advancing a tracker on the top of the rover track."""
    return source in ("tile", "energy") and board_of(state, seat).repeats_at_top(state, seat, track)


def can_gain(state: GameState, seat: int, track: str, source: str) -> bool:
    """Whether advancing ``track`` from ``source`` does anything (else the advance is lost)."""
    return not at_top(state, seat, track) or repeats_at_top(state, seat, track, source)


def advance_options(state: GameState, seat: int, item: dict) -> list[str]:
    """Tracks an 'advance' item may still be settled with."""
    opts = [t for t in item["options"] if t not in item.get("chosen", [])]
    if item["source"] in ("tile", "energy", "unplaced"):
        return [t for t in opts if can_gain(state, seat, t, item["source"])]
    # synergy and cards: a track at its top cannot be chosen, rover excepted (reference vocabulary)
    opts = [t for t in opts if not at_top(state, seat, t) or t == "rover"]
    return opts + board_of(state, seat).advance_extra_values(state, seat, item, opts)


def advance(state: GameState, seat: int, track: str, times: int = 1, *, source: str,
            claim: bool = True, skip: tuple[str, ...] = ()) -> None:
    """Move a tracker up ``times`` spaces one at a time, claiming each space reached."""
    b = board_of(state, seat)
    if b.advance(state, seat, track, times, source=source, claim=claim, skip=skip):
        return  # a board where each step is the player's choice (Makeshift)
    tdef = track_def(state, seat, track)
    corp = state.seats[seat].corp
    for _n in range(times):
        dest = b.next_space(state, seat, track)
        if dest is None:
            if repeats_at_top(state, seat, track, source):  # RULINGS D10
                for ben in tdef.repeat_at_top:
                    claim_benefit(state, seat, ben, track)
            continue
        corp.trackers[track] = dest
        if claim:
            for ben in tdef.benefits[dest]:
                if ben[0] not in skip:
                    claim_benefit(state, seat, ben, track)


def regress(state: GameState, seat: int, track: str) -> bool:
    """Move a tracker one space down, claiming nothing (glossary "Reculer"). False if it can't."""
    target = board_of(state, seat).regress_target(state, seat, track)
    if target is None:
        return False
    state.seats[seat].corp.trackers[track] = target[1] if isinstance(target, tuple) else target
    return True


def claim_benefit(state: GameState, seat: int, benefit: tuple, track: str | None = None) -> None:
    """Claim one benefit of a space (``track``: the track it is printed on, if any)."""
    s = state.seats[seat]
    kind = benefit[0]
    if withheld(state, kind):
        return  # this round's event withholds it (C2)
    if board_of(state, seat).claim(state, seat, benefit, track):
        return
    if kind == "synergy":
        add_item(s, "advance", options=list(TRACKS), source="synergy", picks=1, times=1, claim=True)
    elif kind == "civ":
        if state.phase in ("civ", "final") and state.active == seat:
            civ_item(state, seat, benefit[1])
        else:
            s.civ_queue.append(benefit[1])  # picked after every player confirms (R4)
    elif kind == "biomass":
        gain_patch(state, seat)
    elif kind == "rover":
        add_item(s, "rover")
    elif kind == "move":
        gain_movement(state, seat, benefit[1] + movement_bonus(state, seat, track_space=True))
    elif kind == "tech":
        pass  # a tech is on while the tracker stands at or above its milestone (D11)
    else:
        raise NotImplementedError(f"benefit {benefit!r} needs its corporation's rule hook")


def synergy(state: GameState, seat: int) -> None:
    """A synergy boost: advance any tracker one step (unless this round's event withholds it)."""
    claim_benefit(state, seat, ("synergy",))


def withheld(state: GameState, benefit_kind: str) -> bool:
    """Whether this round's event withholds that kind of track reward (C2; 122: synergy), so
    a corporation offers no choice that would bring nothing."""
    return E.suppresses(state, benefit_kind)


def gain_patch(state: GameState, seat: int, count: int = 1) -> None:
    """Gain biomass patches (each one a pending item to place, or store with the right tech;
    one gained in the final step is placed: item_values offers no 'store' then)."""
    for _n in range(board_of(state, seat).patches_gained(state, seat, count)):
        add_item(state.seats[seat], "patch")


def civ_item(state: GameState, seat: int, rank: int) -> None:
    """A civ card of ``rank`` to choose now (the board may add a choice: Republic tech 2)."""
    board_of(state, seat).civ_item(state, seat, add_item(state.seats[seat], "civ", rank=rank))


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


def drop_early_movement(state: GameState, seat: int) -> None:
    """The tile is placed (or taken unplaced): start-of-round movement left is lost (R3)."""
    mv = _movement(state, seat)
    if not mv:
        return
    s = state.seats[seat]
    s.pool = max(0, s.pool - mv["early"])
    mv["early"] = 0
    if not mv["later"]:  # no movement is under way any more
        s.corp.special.pop("_move", None)


def end_movement(s: Seat) -> None:
    """Unspent movement is lost (R3): the turn or the step of play is over."""
    s.pool = 0
    s.corp.special.pop("_move", None)


def movement_under_way(state: GameState, seat: int) -> bool:
    """Whether the seat gained movement in this step of play (a free step may follow)."""
    return _movement(state, seat) is not None


def last_tile_cells(seat: Seat) -> list[int]:
    """The tile placed last: this round's, else the newest on the planet (p.6, rover milestone)."""
    if seat.round_tiles:
        return seat.board.tile_cells(seat.round_tiles[-1])
    return seat.board.tile_cells(len(seat.board.tiles) - 1) if seat.board.tiles else []


def rover_may_land(state: GameState, seat: int, cell: int) -> bool:
    """Whether a rover may jump onto ``cell`` (teleports): not a visible toxic square (K'aak),
    not terrain this round's event keeps rovers off (97-102: a jump enters the square too)."""
    return P.rover_may_stand(state.seats[seat].board, cell) and E.move_problem(state, seat, cell) is None


def rover_arrives(state: GameState, seat: int, rover: int, cell: int) -> None:
    """A rover entering or landing on a square collects the lifepod and meteorite there."""
    s = state.seats[seat]
    b = s.board
    if cell in b.lifepods:
        b.lifepods.remove(cell)
        board_of(state, seat).gain_lifepod(state, seat)
    if board_of(state, seat).rover_meteorite(state, seat, rover, cell):
        return  # Horizon Group's rovers carry meteorites instead
    if cell in b.meteorites:
        b.meteorites.remove(cell)
        s.corp.meteorites += 1


def teleport_values(state: GameState, seat: int, allowed=None) -> list[str]:
    """'ROVER SQUARE' values for every jump ``allowed(from, to)`` (default: any) of every
    rover, onto squares a rover may land on (``rover_may_land``)."""
    b = state.seats[seat].board
    grid = D.cells_of(b.planet.grid_mask)
    return [f"{i + 1} {cell_name(c)}" for i, pos in enumerate(b.rovers) if pos is not None
            for c in grid if c != pos and (allowed is None or allowed(pos, c)) and rover_may_land(state, seat, c)]


def teleport_rover(state: GameState, seat: int, rover: int, cell: int) -> None:
    """Rover number ``rover`` (0-based) jumps to ``cell`` and collects what lies there."""
    state.seats[seat].board.rovers[rover] = cell
    rover_arrives(state, seat, rover, cell)


def jump_rover(state: GameState, seat: int, value: str, cost: int = 0) -> None:
    """Settle a 'ROVER SQUARE' jump value (``teleport_values``), paying ``cost`` movement."""
    rover, cell = rover_square(value)
    if cost:
        spend_movement(state, seat, cost)
    teleport_rover(state, seat, rover, cell)


def collect_meteorite(state: GameState, seat: int, cell: int) -> None:
    """A meteorite on the planet goes to the corporation board without a rover (event 83,
    Flux tech 4), with what the board gives for a collection (Horizon tech 3)."""
    state.seats[seat].board.meteorites.remove(cell)
    state.seats[seat].corp.meteorites += 1
    board_of(state, seat).meteorite_collected(state, seat)


# --------------------------------------------------------------------------- techs used at will


def _abilities(state: GameState, seat: int) -> dict[int, list[str]]:
    """Levels of the techs the seat may use at will during its turn, with their values."""
    s = state.seats[seat]
    b = board_of(state, seat)
    if state.phase != "turns" or s.step not in ("pick", "place", "resolve"):
        return {}
    if type(b).tech_values is Board.tech_values:  # a board with no tech to use at will
        return {}
    out = {}
    for level in (t.level for t in D.corporation(s.corp.corp_id).techs):
        vals = b.tech_values(state, seat, level) if has_tech(state, seat, level) else []
        if vals:
            out[level] = vals
    return out


def refresh_techs(state: GameState, seat: int) -> bool:
    """Keep one optional 'tech' item per tech usable now in the turn; drop those no longer
    usable (the final step's own items are left alone). Returns whether anything changed."""
    s = state.seats[seat]
    want = _abilities(state, seat)
    changed = False
    for item in [i for i in s.pending if i["kind"] == "tech" and not i.get("final")]:
        if item["level"] not in want:
            s.pending.remove(item)
            changed = True
    have = {i["level"] for i in s.pending if i["kind"] == "tech"}
    cdef = D.corporation(s.corp.corp_id)
    for level in sorted(want):
        if level not in have:
            add_item(s, "tech", level=level, code=cdef.tech(level).code, corp=s.corp.corp_id, optional=True)
            changed = True
    return changed


def start_turn(state: GameState, seat: int) -> None:
    """Start-of-round movement (Flux 1, Horizon 2, Oasis 2), then the techs usable now."""
    gain_movement(state, seat, board_of(state, seat).start_of_round_movement(state, seat), early=True)
    refresh_techs(state, seat)


def board_final_items(state: GameState, seat: int) -> None:
    """The board's end-of-game items, and its once-per-game techs still unused."""
    b = board_of(state, seat)
    b.final_items(state, seat)
    cdef = D.corporation(state.seats[seat].corp.corp_id)
    for level in b.final_techs:
        if has_tech(state, seat, level) and b.tech_values(state, seat, level):
            add_item(state.seats[seat], "tech", level=level, code=cdef.tech(level).code, corp=b.id,
                     optional=True, final=True)
