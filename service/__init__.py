"""The game service: the one place that turns a player's request into a saved game, used by
the Discord cogs and the offline console alike (no discord imports here)."""
from .errors import ConfigError, NoGameHere, NotAllowed, NotInGame, ServiceError, StaleControl, WrongStage
from .games import DEFAULT_OPTIONS, Game, GameService, Outcome, check_options
from .panels import Control, Panel

__all__ = ["GameService", "Game", "Outcome", "Panel", "Control", "DEFAULT_OPTIONS", "check_options",
           "ServiceError", "ConfigError", "NoGameHere", "NotAllowed", "NotInGame", "StaleControl", "WrongStage"]
