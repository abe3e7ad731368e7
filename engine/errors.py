"""Typed errors raised by the rules engine (defined in engine/core.py, shared by every game).

Every message is written for a player: the Discord layer shows ``str(error)`` as-is in an
ephemeral reply, so it says what was wrong and, where it can, what would be right.
"""
from __future__ import annotations

from .core import (
    DataError,
    EngineError,
    GameOver,
    IllegalAction,
    InconsistentData,
    InvalidConfig,
    MalformedAction,
    NotYourTurn,
    UnknownContent,
    UnsupportedSave,
)

__all__ = ["DataError", "EngineError", "GameOver", "IllegalAction", "InconsistentData", "InvalidConfig",
           "MalformedAction", "NotYourTurn", "UnknownContent", "UnsupportedSave"]
