"""What the game service hands out and takes in: a loaded game (Game), what a request did
(Outcome), and the lobby options with their check (a ConfigError names the option and what
it accepts)."""
from __future__ import annotations

import datetime as dt
import json
import zlib
from dataclasses import dataclass, field
from typing import Any

import i18n
from db.repository import GameRow, SeatRow
from i18n import _, ngettext

from . import kinds, panels
from .errors import ConfigError
from .settings import Settings

HOUR = 3600.0
DEFAULT_OPTIONS = {
    "max_players": 4,         # lobby size, 1-6
    "timer_hours": 0.0,       # 0: no turn timer
    "remind_hours": 12.0,     # first reminder after this long; 0: no reminders
    "private_objectives": False,
    "boards": "standard",     # for players who do not choose: standard (KSB-4156 + Universal Coalition) or random
    "choices": {},            # user id (text) -> {"planet": id, "corporation": id} chosen in the lobby (boards.py)
    "events": None,           # None: off with 2+ players, normal in solo; or easy / normal / hard / off
    "seed": None,             # fixed seed (tests, daily challenges); None: random at start
    "rated_autopilot": False, # a seat handed to the autopilot still lets the game move ratings
    "allow_away": True,       # /me away: the autopilot plays an away player's seats (/pu host allow-away)
    "paused": None,           # {"by": user id, "at": time} while paused (/pu host pause): no timers, no reminders
    "stall_days": 14.0,       # no move for this long: a post pings who it waits for (0: never)
    "stall_grace_days": 14.0, # then, after this long, the autopilot takes the waiting seats and finishes
    "language": None,         # the language of the game's public posts (i18n.LANGUAGES); None: English
    "bot_levels": {},         # seat number (text) -> level of the computer player added there (BOT_LEVELS)
    "autopilot_level": None,  # level for seats the autopilot plays for someone (away, turn timer); None: the bot's
    "hints": False,           # players may ask for hints (service/_hint.py) even with other people: not rated
    "learn": False,           # the guided first game: lessons and the hint on every panel (service/_hint.py)
    "lessons": {},            # the guided game's lessons shown so far: lesson id -> the decision's panel stamp
    "front": "discord",       # where the game is played: its instructions name that place's commands (FRONTS)
}
FRONTS = ("discord", "console")  # Discord's slash commands and buttons, or the offline console's typed words
BOT_LEVELS = ("easy", "normal", "hard")  # the computer players' levels offered to players (autopilot.LEVELS)
BOARD_CHOICES = ("standard", "random")
EVENT_CHOICES = ("off", "easy", "normal", "hard")
LAST_ONE_FRACTION = 0.25  # "you are the last one" comes this fraction of the reminder delay after
MAX_POST = 2000  # characters of one Discord message


def daily_key(now: float) -> str:
    """The daily challenge of a moment: its UTC date, e.g. '2026-11-21'."""
    return dt.datetime.fromtimestamp(now, dt.UTC).date().isoformat()


def next_daily(key: str) -> int:
    """When the daily challenge after day ``key`` starts: the next 00:00 UTC, as a Unix time."""
    day = dt.date.fromisoformat(key) + dt.timedelta(days=1)
    return int(dt.datetime(day.year, day.month, day.day, tzinfo=dt.UTC).timestamp())


def front_of(row: GameRow) -> str:
    """Where the game of ``row`` is played ("discord" or "console"), as ``Game.front`` says it."""
    try:
        return json.loads(row.config).get("front") or "discord"
    except (ValueError, AttributeError):
        return "discord"


def daily_seed(key: str) -> int:
    """Everyone's seed for a day's challenge (stable across Python versions and machines)."""
    return zlib.crc32(f"planet-unknown daily {key}".encode())


@dataclass
class Game:
    row: GameRow
    seats: list[SeatRow]
    state: Any  # the game kind's rules state (service/kinds), None in the lobby
    options: dict
    # the seat users' own settings (service.settings), and the seats whose player is away now
    # (the autopilot plays them); loaded with an active game
    settings: dict[int, Settings] = field(default_factory=dict)
    away: dict[int, float] = field(default_factory=dict)  # seat -> away until

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def kind(self) -> kinds.GameKind:
        """The game's kind (service/kinds): everything game-specific goes through it."""
        return kinds.get(self.row.game)

    @property
    def status(self) -> str:
        return self.row.status

    @property
    def version(self) -> int:
        return self.row.version

    @property
    def names(self) -> list[str]:
        return [s.display_name for s in self.seats]

    @property
    def language(self) -> str:
        """The language of the game's public posts (lobby, thread posts, summaries)."""
        return i18n.supported(self.options.get("language"))

    @property
    def front(self) -> str:
        """Where the game is played ("discord" or "console"): the instructions it gives name
        the commands of that place (a button to press, or a word to type)."""
        return self.options.get("front") or "discord"

    @property
    def channel_id(self) -> int | None:
        return self.row.thread_id or self.row.channel_id

    def seat_of(self, user_id: int) -> int | None:
        """The engine seat (0-based position in seat order) of a user, or None."""
        for i, s in enumerate(self.seats):
            if s.user_id == user_id and not s.is_bot:
                return i
        return None

    def level_of(self, seat: int, default: str) -> str:
        """The autopilot level that plays (0-based) ``seat``: a computer player's own level
        (chosen when it was added), else the game's level for seats played for someone (away,
        turn timer), else ``default`` (the service's)."""
        own = self.options.get("bot_levels", {}).get(str(self.seats[seat].seat)) if self.seats[seat].is_bot else None
        return own or self.options.get("autopilot_level") or default

    def user_of(self, seat: int) -> int | None:
        s = self.seats[seat]
        return None if s.is_bot else s.user_id

    def mention(self, seat: int) -> str:
        user = self.user_of(seat)
        return f"<@{user}>" if user is not None else _("{name} (computer)").format(name=self.seats[seat].display_name)


@dataclass
class Outcome:
    """What a request did: the game after it, and the acting seat's panel if there is one."""
    game: Game
    seat: int | None = None
    panel: panels.Panel | None = None
    message: str = ""
    played: list[str] = field(default_factory=list)  # the seat's moves, then the settlements they forced


def _options(raw: str, defaults=None) -> dict:
    """A stored game's options over its kind's defaults (``defaults``; None: Planet Unknown's)."""
    try:
        opts = json.loads(raw or "{}")
    except ValueError:
        opts = {}
    return {**(DEFAULT_OPTIONS if defaults is None else defaults), **(opts if isinstance(opts, dict) else {})}


def check_table_options(opts: dict) -> None:
    """The checks of the options every game's table has (the stall policy, computer levels, the
    console's front, away mode), on ``opts`` with its defaults filled in; raises ConfigError
    naming the option and what it accepts, and makes allow_away a bool."""
    for key in ("stall_days", "stall_grace_days"):
        if isinstance(opts[key], bool) or not isinstance(opts[key], (int, float)) or not 0 <= opts[key] <= 365:
            raise ConfigError(_("{option}: a number of days from 0 (never) to 365").format(option=key.replace("_", " ")))
    if not isinstance(opts["bot_levels"], dict) or any(v not in BOT_LEVELS for v in opts["bot_levels"].values()):
        raise ConfigError(_("bot levels: one of {choices} for each computer player").format(
            choices=", ".join(BOT_LEVELS)))
    if opts["autopilot_level"] is not None and opts["autopilot_level"] not in BOT_LEVELS:
        raise ConfigError(_("autopilot: one of {choices}").format(choices=", ".join(BOT_LEVELS)))
    if opts["front"] not in FRONTS:
        raise ConfigError(_("front: one of {choices}").format(choices=", ".join(FRONTS)))
    opts["allow_away"] = bool(opts["allow_away"])


def check_options(options: dict) -> dict:
    """Validated lobby options (defaults filled in). Raises ConfigError naming the option and what it accepts."""
    opts = {**DEFAULT_OPTIONS, **{k: v for k, v in options.items() if v is not None}}
    unknown = set(options) - set(DEFAULT_OPTIONS)
    if unknown:
        raise ConfigError(ngettext("unknown option: {names}", "unknown options: {names}", len(unknown)).format(
            names=", ".join(sorted(unknown))))
    if not isinstance(opts["max_players"], int) or not 1 <= opts["max_players"] <= 6:
        raise ConfigError(_("players: choose from 1 to 6"))
    for key, top in (("timer_hours", 24 * 14), ("remind_hours", 24 * 7)):
        if not isinstance(opts[key], (int, float)) or not 0 <= opts[key] <= top:
            raise ConfigError((_("timer hours: a number of hours from 0 (off) to {top}") if key == "timer_hours" else
                               _("remind hours: a number of hours from 0 (off) to {top}")).format(top=top))
    if opts["boards"] not in BOARD_CHOICES:
        raise ConfigError(_("boards: one of {choices}").format(choices=", ".join(BOARD_CHOICES)))
    if not isinstance(opts["choices"], dict):
        raise ConfigError(_("choices: planets and corporations chosen in the lobby, by player"))
    if opts["events"] is not None and opts["events"] not in EVENT_CHOICES:
        raise ConfigError(_("events: one of {choices}").format(choices=", ".join(EVENT_CHOICES)))
    if opts["language"] is not None and opts["language"] not in i18n.LANGUAGES:
        raise ConfigError(_("language: one of {choices}").format(choices=", ".join(i18n.LANGUAGES)))
    check_table_options(opts)
    opts["private_objectives"] = bool(opts["private_objectives"])
    opts["hints"] = bool(opts["hints"])
    opts["learn"] = bool(opts["learn"])
    return opts
