"""Errors the game service raises on purpose. Every message is written for the player who
caused it: the Discord layer and the offline console show ``str(error)`` as it is, privately.
Engine errors (engine.errors) pass through unchanged; they are written the same way."""
from __future__ import annotations

from i18n import _


class ServiceError(Exception):
    """Base class: a request the service refused, with a message safe to show the user."""


class NoGameHere(ServiceError):
    def __init__(self, message: str | None = None):
        super().__init__(message or _("There is no Planet Unknown game in this channel. "
                                      "Start one with /pu create, or a solo game with /pu solo."))


class NotInGame(ServiceError):
    """The user has no seat in the game (or not the seat a button belongs to)."""


class NotAllowed(ServiceError):
    """Only the creator or a member with Manage Server may do this."""


class WrongStage(ServiceError):
    """The request does not fit the game's stage (joining a started game, starting a full one...)."""


class ConfigError(ServiceError):
    """Game options that are not valid (lobby options, a planet or corporation that does not
    exist): the message names the option and what it accepts."""


class StaleControl(ServiceError):
    """A button or menu from an older position of the player's turn."""

    def __init__(self, game_id: int, seat: int):
        super().__init__(_("This board is out of date (the game has moved on since it was shown). "
                           "Here is the current one."))
        self.game_id = game_id
        self.seat = seat


class NeedsConfirmation(ServiceError):
    """A typed move that costs something the player may not have seen (a placement destroying
    a lifepod or a rover): nothing is played until it is sent again, confirmed. ``warnings``
    says what it costs, ``move`` is the move as typed."""

    def __init__(self, message: str, warnings: list[str], move: str):
        super().__init__(message)
        self.warnings = warnings
        self.move = move
