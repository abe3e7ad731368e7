"""The panel types every game kind hands out (service/kinds): a *panel* is what a player sees
and can click when it is their moment to decide (text, one image to draw, controls), plain data
that the Discord layer turns into an ephemeral message with buttons and menus and the offline
console into a numbered menu. Each control carries a *verb* that the game kind understands
(Planet Unknown's verbs: service/panels.py; Solar Storm's: service/kinds/solar_storm.py); the
verbs ``a:<action text>`` (play an action) and ``h:`` (the hint) mean the same in every game.
A *hint answer* is what a hint shows its reader (GameKind.hint)."""
from __future__ import annotations

from dataclasses import dataclass, field

from i18n import ngettext

SELECT_LIMIT = 25  # Discord's limit on options in one menu
OPTION_DETAIL = 100  # Discord's limit on a select option's description
TEXT_ROOM = 1700  # of a panel's text: the Discord layer adds a line or two (what was played, the turn timer)
NOTES_LIMIT = 4096  # Discord's limit on an embed's description: a panel's notes together


@dataclass(frozen=True)
class Control:
    kind: str  # "button" or "select"
    verb: str  # buttons: the verb; selects: unused (each option value is a verb)
    label: str
    style: str = "secondary"  # primary, secondary, success, danger
    options: tuple[tuple[str, str], ...] = ()  # (verb, label) of a select
    details: tuple[str, ...] = ()  # a select's option descriptions (100 characters), by option; may be shorter
    disabled: bool = False
    row: int = 0
    name: str = ""  # what a button does, the same on every panel (left, turn, place, undo...): the console's keys


@dataclass
class Panel:
    game_id: int
    seat: int
    stamp: str
    text: str
    image: tuple | None = None  # (render kind, args, kwargs) for service.images
    controls: list[Control] = field(default_factory=list)
    done: bool = False  # nothing for this seat to decide now
    # beside the decision, each whole (the guided game's lessons, then its hint): the Discord layer
    # shows them in an embed under the text (NOTES_LIMIT together), the console after the text
    notes: list[str] = field(default_factory=list)


@dataclass
class HintAnswer:
    """What a hint shows its reader, privately: the text, and a picture (a render spec as a
    panel's image) where the game has one."""
    text: str
    image: tuple | None = None
    short: str = ""  # the moves and reasons in two lines (Planet Unknown's guided game's panel)


def announce(panel: Panel, lines: list[str], room: int | None = TEXT_ROOM) -> None:
    """Put ``lines`` (what a move settled by itself, a line each) at the head of the panel's text,
    keeping the text within ``room`` characters (None: no limit, the console): the whole lines
    that fit, then one line counting the others (the panel's own text is never cut)."""
    if not lines:
        return
    keep = list(lines)

    def text(shown: list[str], left: int) -> str:
        more = [ngettext("✔ … and {n} more item settled for you, the only choice.",
                         "✔ … and {n} more items settled for you, the only choice.", left).format(n=left)] \
            if left else []
        return "\n".join([*shown, *more, panel.text])

    if room is not None:
        while keep and len(text(keep, len(lines) - len(keep))) > room:
            keep.pop()
        if not keep and len(text([], len(lines))) > room:  # no room even for the count: the decision first
            return
    panel.text = text(keep, len(lines) - len(keep))
