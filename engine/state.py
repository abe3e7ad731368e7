"""The whole game state, JSON-serialisable with a schema version.

``load(dump(s))`` rebuilds an equal state; ``dump`` is canonical (sorted keys), so two
states are equal exactly when their dumps are equal. All shuffled orders (station stacks,
civ piles, objective decks) are stored here, never re-derived from the seed.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar

from .board import Board
from .data import TRACKS
from .errors import UnsupportedSave

# Where the game stands. "setup" only before the first round opens; the round flow then goes
# (objectives, round 1 only) rotate, turns, civ (when a seat reached a civ milestone), and
# after the last round final, then over.
Phase = Literal["setup", "objectives", "rotate", "turns", "civ", "final", "over"]
# Where a seat stands in the simultaneous turns: waiting for them to open, choosing a tile,
# placing it, settling what it gave, done for the round.
Step = Literal["wait", "pick", "place", "resolve", "done"]

SCHEMA_VERSION = 1


def _json_copy(value: dict) -> dict:
    """A deep copy of a JSON object (shares nothing with ``value``)."""
    return json.loads(json.dumps(value)) if value else {}


@dataclass
class Corp:
    corp_id: str
    trackers: dict[str, int] = field(default_factory=lambda: {t: 0 for t in TRACKS})
    rover_supply: int = 0  # rovers still on the corporation board
    lifepods: int = 0  # collected
    meteorites: int = 0  # collected
    stored_patches: int = 0
    civ_cards: list[int] = field(default_factory=list)
    objectives: list[int] = field(default_factory=list)  # private objectives kept
    objective_offer: list[int] = field(default_factory=list)  # dealt, one still to be dropped
    special: dict = field(default_factory=dict)  # corporation board pieces and tech uses (engine/corporations/)

    def to_json(self) -> dict:
        return {"corp": self.corp_id, "trackers": dict(self.trackers), "rover_supply": self.rover_supply,
                "lifepods": self.lifepods, "meteorites": self.meteorites, "stored_patches": self.stored_patches,
                "civ_cards": list(self.civ_cards), "objectives": list(self.objectives),
                "objective_offer": list(self.objective_offer), "special": _json_copy(self.special)}

    @classmethod
    def from_json(cls, d: dict) -> Corp:
        return cls(d["corp"], dict(d["trackers"]), d["rover_supply"], d["lifepods"], d["meteorites"],
                   d["stored_patches"], list(d["civ_cards"]), list(d["objectives"]), list(d["objective_offer"]),
                   _json_copy(d.get("special", {})))  # states saved before corporations: none


@dataclass
class Seat:
    board: Board
    corp: Corp
    step: Step = "wait"
    hand: int | None = None  # tile waiting to be placed
    hand_advances: bool = True  # whether the tile in hand advances trackers when placed
    taken: list | None = None  # [stack, slot, tile_id] the turn's tile came from, to put it back on undo
    unplaced: int | None = None  # tile taken this round that could not be placed
    pending: list[dict] = field(default_factory=list)
    pool: int = 0  # rover movement left this turn
    next_item: int = 1
    round_tiles: list[int] = field(default_factory=list)  # indexes into board.tiles placed this round
    civ_queue: list[int] = field(default_factory=list)  # civ milestone ranks waiting for the civ step
    snapshot: dict | None = None  # board and corporation at the start of the round (replaced, never changed in place)

    def to_json(self) -> dict:
        return {"board": self.board.to_json(), "corp": self.corp.to_json(), "step": self.step, "hand": self.hand,
                "hand_advances": self.hand_advances, "taken": self.taken, "unplaced": self.unplaced,
                "pending": [dict(p) for p in self.pending], "pool": self.pool, "next_item": self.next_item,
                "round_tiles": list(self.round_tiles), "civ_queue": list(self.civ_queue), "snapshot": self.snapshot}

    @classmethod
    def from_json(cls, d: dict) -> Seat:
        return cls(Board.from_json(d["board"]), Corp.from_json(d["corp"]), d["step"], d["hand"], d["hand_advances"],
                   d["taken"], d["unplaced"], [dict(p) for p in d["pending"]], d["pool"], d["next_item"],
                   list(d["round_tiles"]), list(d["civ_queue"]), d["snapshot"])


@dataclass
class GameState:
    config: dict
    seed: int
    seats: list[Seat]
    station: dict  # {"offset", "rotation", "small": [[tile ids, top last] x6], "large": [...]}
    civ_piles: dict[str, list[int]]  # rank "1".."4" -> cards still in play
    civ_box: list[int]  # cards left out at setup
    neighbour_objectives: list[int]
    objective_deck: list[int]  # objective cards not dealt
    round: int = 0
    phase: Phase = "setup"
    commander: int = 0
    active: int | None = None  # the seat acting in the one-at-a-time steps (civ, final)
    ending: list[str] = field(default_factory=list)  # why the game ends after this round
    result: dict | None = None
    extra: dict = field(default_factory=dict)  # module state (events ...)
    schema: int = SCHEMA_VERSION

    @property
    def players(self) -> int:
        return len(self.seats)

    def to_json(self) -> dict:
        return {"schema": self.schema, "config": self.config, "seed": self.seed,
                "seats": [s.to_json() for s in self.seats], "station": self.station,
                "civ_piles": self.civ_piles, "civ_box": self.civ_box,
                "neighbour_objectives": self.neighbour_objectives, "objective_deck": self.objective_deck,
                "round": self.round, "phase": self.phase, "commander": self.commander, "active": self.active,
                "ending": self.ending, "result": self.result, "extra": self.extra}

    @classmethod
    def from_json(cls, d: dict) -> GameState:
        """The state ``d`` describes, deep-copied: the state never shares lists with its source."""
        return cls._from_own_json(json.loads(json.dumps(d)))

    @classmethod
    def _from_own_json(cls, d: dict) -> GameState:
        """The state ``d`` describes, taking ``d``'s lists and dicts as its own: for a dict
        nothing else holds (one just parsed from text)."""
        if d.get("schema") != SCHEMA_VERSION:
            raise UnsupportedSave(f"game state schema {d.get('schema')} is not supported (expected {SCHEMA_VERSION})")
        return cls(config=d["config"], seed=d["seed"], seats=[Seat.from_json(s) for s in d["seats"]],
                   station=d["station"], civ_piles=d["civ_piles"], civ_box=d["civ_box"],
                   neighbour_objectives=d["neighbour_objectives"], objective_deck=d["objective_deck"],
                   round=d["round"], phase=d["phase"], commander=d["commander"], active=d["active"],
                   ending=d["ending"], result=d["result"], extra=d["extra"], schema=d["schema"])

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, GameState) and dump(self) == dump(other)


def dump(state: GameState) -> str:
    return json.dumps(state.to_json(), sort_keys=True, separators=(",", ":"))


def load(text: str | bytes) -> GameState:
    return GameState._from_own_json(json.loads(text))  # freshly parsed: no second copy needed


_ATOM_SET = frozenset((int, str, float, bool, type(None)))  # shared by a copy, never changed in place

_T = TypeVar("_T")


def copy(state: _T) -> _T:
    """A deep copy of the state (or of JSON-like data), equal to ``load(dump(state))`` and many
    times faster: the computer players copy a state for every move they try."""
    return _copy(state)


def _copy(v):
    """A deep copy of JSON-like data and of the engine's plain objects (dataclasses with a
    ``__dict__``). Tuples and frozensets are shared, as they are never changed, and a list
    whose first element is a number, string or None is taken to hold only such values (the
    state's lists are all of one kind: squares, tile ids, terrains, pending items ...). A seat's
    undo point (``Seat.snapshot``) is shared: it is only ever replaced whole. Containers are
    copied shallow first, then only their non-atom members are replaced: a third quicker than a
    comprehension over every member."""
    t = type(v)
    if t is list:
        if not v or type(v[0]) in _ATOM_SET:
            return v[:]
        return [x if type(x) in _ATOM_SET else _copy(x) for x in v]
    if t is dict:
        d = v.copy()
    elif t in _ATOM_SET or t is tuple or t is frozenset:
        return v
    else:
        d = v.__dict__.copy()
    seat = t is Seat  # a seat's undo point is replaced, never changed in place: the copies share it
    for k, x in d.items():  # replacing values (not keys) while iterating is safe
        tx = type(x)
        if tx is list:
            d[k] = x[:] if not x or type(x[0]) in _ATOM_SET else _copy(x)
        elif tx not in _ATOM_SET and not (seat and k == "snapshot"):
            d[k] = _copy(x)
    if t is dict:
        return d
    new = object.__new__(t)
    new.__dict__ = d
    return new
