"""What every game's rules share: the typed errors and the seeded random helpers.

Both games' engines (Planet Unknown's in ``engine/``, Solar Storm's in ``engine/solar_storm/``)
import these, and nothing here knows either game. ``engine/errors.py`` re-exports the errors
under their old names.

Every error message is written for a player: the Discord layer shows ``str(error)`` as-is in an
ephemeral reply, so it says what was wrong and, where it can, what would be right.
"""
from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any, TypeVar

S = TypeVar("S")


class EngineError(Exception):
    """Base class of every error the engine raises on purpose."""


class MalformedAction(EngineError):
    """The action text or value could not be understood at all."""

    def __init__(self, message: str, text: str | None = None):
        super().__init__(message)
        self.text = text


ParseError = MalformedAction  # the name Solar Storm's issue uses for the same error


class IllegalAction(EngineError):
    """A well-formed action that the rules do not allow in the current position."""

    def __init__(self, message: str, action: object | None = None):
        super().__init__(message)
        self.action = action


class NotYourTurn(IllegalAction):
    """The seat has nothing to decide right now (or another seat must act first). ``active``: the
    seat whose turn it is, where one seat must act first (the service names its player)."""

    def __init__(self, message: str, seat: int | None = None, action: object | None = None,
                 active: int | None = None):
        super().__init__(message, action)
        self.seat = seat
        self.active = active


class GameOver(IllegalAction):
    """The game has ended: no action applies any more."""


class InvalidConfig(EngineError):
    """A game configuration the game cannot be set up with (a player count, an option or a
    piece of content that does not exist). Its message says what would be right; it is not a
    move, so it is not an IllegalAction."""


class DataError(EngineError):
    """A problem with the game's data, not with a player's action: caught by the layer that
    loads the data, never shown to a player as their mistake. Raised as one of the kinds below."""


class UnknownContent(DataError):
    """An id that names no content of its kind."""

    def __init__(self, kind: str, key: object, message: str):
        super().__init__(message)
        self.kind = kind
        self.key = key


class InconsistentData(DataError):
    """A data file or registry contradicts itself: a wrong count, a name given twice, a missing
    table row (raised at load time, never during play)."""


class UnsupportedSave(DataError, ValueError):
    """A saved game state written in another schema version. Also a ValueError, as before."""


def seeded_random(seed: int, *parts: object) -> random.Random:
    """The random generator of a game (``seeded_random(seed)``, seeded with the integer) or of
    one of its later draws (``seeded_random(seed, "die", 12)``, seeded with the text
    ``"seed:die:12"``): the same numbers on every replay, on any Python version."""
    if not parts:
        return random.Random(int(seed))
    return random.Random(":".join(str(p) for p in (seed, *parts)))


def play_record(state: S, actions: list, apply: Callable[[S, int, Any], None],
                parse: Callable[[str], Any]) -> S:
    """Play a record's ``actions`` ([seat, text] pairs) on ``state`` with a game's own ``apply``
    and ``parse``; returns the state. Raises the engine's error, naming the action that failed."""
    for number, (seat, text) in enumerate(actions, 1):
        try:
            apply(state, seat, parse(text))
        except EngineError as exc:
            raise type(exc)(f"action {number} (seat {seat + 1}: {text!r}) failed: {exc}") from exc
    return state


def write_record(record: dict, out: str | None) -> None:
    """A replay command's ``--record``: the record as one JSON line, to ``out`` or to stdout."""
    text = json.dumps(record)
    if out:
        with open(out, "w", encoding="utf-8") as fh:
            fh.write(text + "\n")
        print(f"wrote {len(record['actions'])} actions to {out}")
    else:
        print(text)
