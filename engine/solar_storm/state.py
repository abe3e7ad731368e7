"""Solar Storm's whole game state, JSON-serialisable with a schema version.

``load(dump(s)) == s``; ``dump`` is canonical (sorted keys), so two states are equal exactly
when their dumps are equal. Everything random is stored, never re-derived: the ship layout, the
order of both decks (top last), the first player, and how many dice have been rolled (die roll
``n`` of a game is drawn from ``seeded_random(seed, "die", n)``), so a saved game replays
identically anywhere.

Seats are the crew members: one per player, and three in solo (§ MODE SOLO), where they share
one hand (``hands`` then holds that one hand). ``undo_point`` is the position the active seat
may go back to (SS25): the start of the turn, or just after the last die roll, draw or peek.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ..core import UnsupportedSave

SCHEMA_VERSION = 1
_LISTS = ("layout", "diverted", "pawns", "tokens", "resource_deck", "offer", "resource_discard", "damage_deck",
          "damage_discard")


@dataclass
class GameState:
    config: dict  # {"game", "players", "difficulty", "no_peek"}
    seed: int
    layout: list[str]  # cell 0-8 (row by row) -> room id; the Energy Core in cell 4
    cubes: dict[str, list[bool]]  # outer room -> its 3 track slots, top to bottom: True = a cube is there
    diverted: list[str]  # rooms diverted, in the order they were
    protection: dict[str, list[int]]  # outer room -> owners of its protection tokens, oldest first
    pawns: list[str]  # seat -> the room its pawn stands in
    hands: list[list[str]]  # one hand per player (solo: the one shared hand)
    tokens: list[int]  # seat -> action tokens held
    resource_deck: list[str]  # top last
    offer: list[str]  # the 2 face-up cards
    resource_discard: list[str]  # top last
    damage_deck: list[str]  # top last; the Hull Breach lies under it
    damage_discard: list[str]
    hull_breach: bool = False  # no damage card left: phase 3 rolls the die instead (SS14)
    active: int = 0
    phase: str = "actions"  # actions | collect | discard | over
    actions: int = 0  # actions left in the pool
    base: int = 0  # of those, the turn's own 3 not used yet (only these can be banked, SS8)
    pending: dict | None = None  # a choice a die roll or a room power opened
    turn: int = 0  # turns begun so far
    rolls: int = 0  # dice rolled so far
    result: dict | None = None
    events: list[dict] = field(default_factory=list)  # what the last action did, for the log
    undo_point: dict | None = None
    since_undo_point: int = 0  # actions applied since the undo point
    schema: int = SCHEMA_VERSION

    @property
    def solo(self) -> bool:
        return self.config["players"] == 1

    @property
    def crew(self) -> int:
        return len(self.pawns)

    def hand(self, seat: int) -> list[str]:
        """The hand ``seat`` plays from (solo: the shared hand)."""
        return self.hands[0 if self.config["players"] == 1 else seat]

    def to_json(self, with_undo: bool = True) -> dict:
        out: dict[str, Any] = {k: list(getattr(self, k)) for k in _LISTS}
        out.update(schema=self.schema, config=dict(self.config), seed=self.seed,
                   cubes={k: list(v) for k, v in self.cubes.items()},
                   protection={k: list(v) for k, v in self.protection.items()},
                   hands=[list(h) for h in self.hands], hull_breach=self.hull_breach, active=self.active,
                   phase=self.phase, actions=self.actions, base=self.base,
                   pending=_copy(self.pending), turn=self.turn, rolls=self.rolls, result=_copy(self.result),
                   events=[dict(e) for e in self.events], since_undo_point=self.since_undo_point)
        if with_undo:
            out["undo_point"] = self.undo_point
        return out

    @classmethod
    def from_json(cls, d: dict) -> GameState:
        """The state ``d`` describes; shares no list with ``d`` (the undo point, never changed in
        place, excepted)."""
        if d.get("schema") != SCHEMA_VERSION:
            raise UnsupportedSave(f"solar storm state schema {d.get('schema')} is not supported "
                                  f"(expected {SCHEMA_VERSION})")
        return cls(config=dict(d["config"]), seed=d["seed"], layout=list(d["layout"]),
                   cubes={k: list(v) for k, v in d["cubes"].items()}, diverted=list(d["diverted"]),
                   protection={k: list(v) for k, v in d["protection"].items()}, pawns=list(d["pawns"]),
                   hands=[list(h) for h in d["hands"]], tokens=list(d["tokens"]),
                   resource_deck=list(d["resource_deck"]), offer=list(d["offer"]),
                   resource_discard=list(d["resource_discard"]), damage_deck=list(d["damage_deck"]),
                   damage_discard=list(d["damage_discard"]), hull_breach=d["hull_breach"], active=d["active"],
                   phase=d["phase"], actions=d["actions"], base=d["base"], pending=_copy(d["pending"]),
                   turn=d["turn"], rolls=d["rolls"], result=_copy(d["result"]),
                   events=[dict(e) for e in d["events"]], undo_point=d.get("undo_point"),
                   since_undo_point=d["since_undo_point"], schema=d["schema"])

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, GameState) and dump(self) == dump(other)

    __hash__ = None  # type: ignore[assignment]


def _copy(value: Any) -> Any:
    """A deep copy of small JSON data (a pending choice, a result)."""
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


def dump(state: GameState) -> str:
    """The state as canonical JSON text."""
    return json.dumps(state.to_json(), sort_keys=True, separators=(",", ":"))


def load(text: str | bytes) -> GameState:
    """The state ``dump`` wrote. Raises UnsupportedSave for another schema version."""
    return GameState.from_json(json.loads(text))


def copy(state: GameState) -> GameState:
    """A deep copy, equal to ``load(dump(state))`` and many times quicker (the tests and the
    computer players copy a state for every action they try). The undo point is shared: it is
    only ever replaced whole, never changed in place."""
    d = state.__dict__.copy()
    for k in _LISTS:
        d[k] = d[k][:]
    d["cubes"] = {k: v[:] for k, v in state.cubes.items()}
    d["protection"] = {k: v[:] for k, v in state.protection.items()}
    d["hands"] = [h[:] for h in state.hands]
    d["pending"] = _copy(state.pending)
    d["result"] = _copy(state.result)
    d["events"] = [e.copy() for e in state.events]
    d["config"] = state.config.copy()
    new = object.__new__(GameState)
    new.__dict__ = d
    return new
