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


class DataError(EngineError):
    """A game data file is inconsistent (raised at load time, never during play)."""
