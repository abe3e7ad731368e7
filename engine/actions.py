"""Player actions as small frozen values with a text form that round-trips.

``parse(str(action)) == action`` for every action. The text form is what the action log
stores, what the offline console reads and what a bug report contains:

    drop 45              discard private objective card 45 (keep the others)
    turn 2               commander: turn the station 2 depots clockwise (0-5)
    pick large           take the top tile of the large (or small) stack of your depot
    place C5 3           put the tile in hand with its anchor square on C5 in orientation 3
    resolve 4 water      settle pending item 4 with the value "water" (a track, square, card ...)
    move 1 up            move rover 1 one square up (up/down/left/right, or up-left etc. with
                         a diagonal tech), paid from the pool
    undo                 take back your whole unconfirmed turn
    confirm              end your turn (or your part of the current step)
"""
from __future__ import annotations

from dataclasses import dataclass

from i18n import N_, _

from .data import cell_name, parse_cell
from .errors import MalformedAction

# (row, column) step of each direction; the diagonals need a tech (Cosmos Inc)
DIRECTIONS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1),
              "up-left": (-1, -1), "up-right": (-1, 1), "down-left": (1, -1), "down-right": (1, 1)}


@dataclass(frozen=True)
class DropObjective:
    card: int

    def __str__(self) -> str:
        return f"drop {self.card}"


@dataclass(frozen=True)
class Turn:
    steps: int  # depots clockwise, 0-5

    def __str__(self) -> str:
        return f"turn {self.steps}"


@dataclass(frozen=True)
class Pick:
    stack: str  # "small" or "large"

    def __str__(self) -> str:
        return f"pick {self.stack}"


@dataclass(frozen=True)
class Place:
    anchor: int  # square index of the tile's anchor (its top row's leftmost square)
    orient: int  # 0-7

    def __str__(self) -> str:
        return f"place {cell_name(self.anchor)} {self.orient}"


@dataclass(frozen=True)
class Resolve:
    item: int
    value: str

    def __str__(self) -> str:
        return f"resolve {self.item} {self.value}"


@dataclass(frozen=True)
class Move:
    rover: int  # 1-based rover number
    direction: str

    def __str__(self) -> str:
        return f"move {self.rover} {self.direction}"


@dataclass(frozen=True)
class Undo:
    def __str__(self) -> str:
        return "undo"


@dataclass(frozen=True)
class Confirm:
    def __str__(self) -> str:
        return "confirm"


Action = DropObjective | Turn | Pick | Place | Resolve | Move | Undo | Confirm

# the moves as a player types them: French players may type the French words (service/words.py)
_USAGE = N_("pick small | pick large | place C5 3 | resolve 2 water | move 1 up | turn 2 | drop 45 | undo | confirm")


def _usage() -> str:
    """The usage hint in the reader's language, with the moves in the words they may type."""
    return _("try one of: {actions}").format(actions=_(_USAGE))


_WHAT = {"objective card": N_("objective card"), "depots to turn": N_("depots to turn"),
         "orientation 0-7": N_("orientation 0-7"), "pending item number": N_("pending item number"),
         "rover number": N_("rover number")}


def _int(text: str, what: str, src: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise MalformedAction(_("'{text}' is not a number ({what})").format(text=text, what=_(_WHAT.get(what, what))),
                              src) from None


def parse(text: str) -> Action:
    """Read an action from its text form. Raises MalformedAction with a usage hint."""
    if not isinstance(text, str) or len(text) > 200:
        raise MalformedAction(_("that action is not readable; {usage}").format(usage=_usage()), str(text)[:200])
    words = text.strip().split()
    if not words:
        raise MalformedAction(_("empty action; {usage}").format(usage=_usage()), text)
    verb, args = words[0].lower(), words[1:]
    try:
        if verb == "undo" and not args:
            return Undo()
        if verb == "confirm" and not args:
            return Confirm()
        if verb == "drop" and len(args) == 1:
            return DropObjective(_int(args[0], "objective card", text))
        if verb == "turn" and len(args) == 1:
            return Turn(_int(args[0], "depots to turn", text))
        if verb == "pick" and len(args) == 1 and args[0].lower() in ("small", "large"):
            return Pick(args[0].lower())
        if verb == "place" and len(args) == 2:
            return Place(parse_cell(args[0]), _int(args[1], "orientation 0-7", text))
        if verb == "resolve" and len(args) >= 2:
            return Resolve(_int(args[0], "pending item number", text), " ".join(args[1:]))
        if verb == "move" and len(args) == 2 and args[1].lower() in DIRECTIONS:
            return Move(_int(args[0], "rover number", text), args[1].lower())
    except ValueError as exc:  # parse_cell
        raise MalformedAction(str(exc), text) from None
    raise MalformedAction(_("'{text}' is not an action; {usage}").format(text=text, usage=_usage()), text)
