"""Planet Unknown rules engine: pure Python, no I/O.

    from engine import new_game, make_config, legal_actions, apply, to_act, dump, load, view_for
    state = new_game(make_config(4), seed=7)
    seat = to_act(state)[0]
    apply(state, seat, legal_actions(state, seat)[0])
"""
from .actions import Action, parse
from .errors import (
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
from .rules import apply, legal_actions, to_act
from .scoring import score
from .setup import make_config, new_game
from .state import GameState, dump, load
from .view import public_view, view_for

__all__ = ["Action", "parse", "EngineError", "GameOver", "IllegalAction", "MalformedAction", "NotYourTurn",
           "DataError", "UnknownContent", "InconsistentData", "UnsupportedSave", "InvalidConfig",
           "apply", "legal_actions", "to_act", "score", "make_config", "new_game", "GameState", "dump", "load",
           "public_view", "view_for"]
