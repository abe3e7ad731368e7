"""Typed errors raised by the rules engine.

Every message is written for a player: the Discord layer shows ``str(error)`` as-is in an
ephemeral reply, so it says what was wrong and, where it can, what would be right.
"""
from __future__ import annotations


class EngineError(Exception):
    """Base class of every error the engine raises on purpose."""


class MalformedAction(EngineError):
    """The action text or value could not be understood at all."""

    def __init__(self, message: str, text: str | None = None):
        super().__init__(message)
        self.text = text


class IllegalAction(EngineError):
    """A well-formed action that the rules do not allow in the current position."""

    def __init__(self, message: str, action: object | None = None):
        super().__init__(message)
        self.action = action


class NotYourTurn(IllegalAction):
    """The seat has nothing to decide right now (or another seat must act first)."""

    def __init__(self, message: str, seat: int | None = None, action: object | None = None):
        super().__init__(message, action)
        self.seat = seat


class GameOver(IllegalAction):
    """The game has ended: no action applies any more."""


class InvalidConfig(EngineError):
    """A game configuration the game cannot be set up with: a player count, a planet or a
    corporation that does not exist, an event deck that cannot be dealt. Its message says what
    would be right; it is not a move, so it is not an IllegalAction."""


class DataError(EngineError):
    """A problem with the game's data, not with a player's action: caught by the layer that
    loads the data, never shown to a player as their mistake. Raised as one of the kinds below."""


class UnknownContent(DataError):
    """An id that names no content of its kind: a tile, planet, corporation, card, pending-item
    kind or corporation board that no data file or module defines."""

    def __init__(self, kind: str, key: object, message: str):
        super().__init__(message)
        self.kind = kind
        self.key = key


class InconsistentData(DataError):
    """A data file or registry contradicts itself: a wrong count, a name given twice, an effect
    no code implements, a missing table row (raised at load time, never during play)."""


class UnsupportedSave(DataError, ValueError):
    """A saved game state written in another schema version. Also a ValueError, as before."""
