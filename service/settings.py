"""Each player's own settings, one set per user for all their games and servers (issue 16):
how often they are reminded, their quiet hours in their time zone, whether reminders come as
a mention in the game's thread or as a direct message, whether a new round pings them, their
language, and away mode (until when the autopilot plays their seats).

Stored in player_settings (db/players.py, migration 0005). ``Settings`` is what the service
reads: the reminder scheduling (service/_timers.py) asks it when the next ping may go out.
The checks here raise ConfigError with a message for the player (the allowed range).
"""
from __future__ import annotations

import datetime as dt
import functools
import zoneinfo
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import i18n
from i18n import LANGUAGES, _

from . import kinds as game_kinds
from .errors import ConfigError

if TYPE_CHECKING:
    from .kinds import GameKind

HOUR = 3600.0
DAY = 24 * HOUR
MAX_REMIND_HOURS = 48
MAX_AWAY_DAYS = 60


@dataclass(frozen=True)
class Settings:
    user_id: int
    remind_hours: float | None = None   # None: the game's setting; 0: no reminders
    quiet_start: int | None = None      # hour 0-23 in time_zone; None: no quiet hours
    quiet_end: int | None = None
    time_zone: str | None = None        # IANA name; None: UTC
    remind_dm: bool = False             # reminders as a direct message with a link to the thread
    round_ping: bool = True             # a mention when a new round opens
    language: str | None = None         # None: Discord's language; or 'en' / 'fr'
    away_until: float | None = None     # the autopilot plays their seats until then

    @classmethod
    def from_row(cls, user_id: int, row: tuple | None) -> Settings:
        if row is None:
            return cls(user_id)
        remind, start, end, zone, dm, ping, language, away = row
        return cls(user_id, None if remind is None else float(remind), start, end, zone, bool(dm),
                   bool(1 if ping is None else ping), language, None if away is None else float(away))

    def away(self, now: float) -> bool:
        return self.away_until is not None and self.away_until > now

    def remind_delay(self, game_hours: float) -> float:
        """Seconds before a waiting player is reminded (0: never)."""
        hours = game_hours if self.remind_hours is None else self.remind_hours
        return float(hours) * HOUR

    @property
    def zone(self) -> dt.tzinfo:
        return _zone(self.time_zone or "UTC")

    def quiet_at(self, when: float) -> bool:
        """Whether ``when`` (unix seconds) falls in the user's quiet hours."""
        if self.quiet_start is None or self.quiet_end is None or self.quiet_start == self.quiet_end:
            return False
        local = dt.datetime.fromtimestamp(when, self.zone)
        hour = local.hour + local.minute / 60 + local.second / 3600
        start, end = self.quiet_start, self.quiet_end
        return start <= hour < end if start < end else hour >= start or hour < end

    def ping_time(self, when: float) -> float:
        """The first moment at or after ``when`` outside the quiet hours: a reminder due in
        the window waits until it ends."""
        if not self.quiet_at(when):
            return when
        assert self.quiet_end is not None  # quiet_at is False without a window
        local = dt.datetime.fromtimestamp(when, self.zone)
        end = local.replace(hour=self.quiet_end, minute=0, second=0, microsecond=0)
        if end <= local:
            end = (local + dt.timedelta(days=1)).replace(hour=self.quiet_end, minute=0, second=0, microsecond=0)
        # wall-clock arithmetic in the zone; replace() keeps the zone, so timestamp() is right across DST
        return max(end.timestamp(), when)

    def describe(self, now: float, kinds: Sequence[GameKind] = ()) -> list[str]:
        """The settings as lines for the settings panel (the user's own, private); ``kinds``: the
        game kinds of the user's open games (the away line says what plays in each)."""
        lines = []
        if self.remind_hours is None:
            lines.append(_("Reminders: after each game's own delay"))
        elif self.remind_hours == 0:
            lines.append(_("Reminders: off in every game"))
        else:
            lines.append(_("Reminders: after {hours} h in every game").format(
                hours=i18n.number(self.remind_hours, 1, trim=True)))
        lines.append(_("Reminders arrive: as a direct message with a link to the game's thread") if self.remind_dm
                     else _("Reminders arrive: as a mention in the game's thread"))
        if self.quiet_start is None or self.quiet_end is None:
            lines.append(_("Quiet hours: none"))
        else:
            lines.append(_("Quiet hours: {start:02d}:00 to {end:02d}:00 ({zone}): no pings then").format(
                start=self.quiet_start, end=self.quiet_end, zone=self.time_zone or "UTC"))
        lines.append(round_ping_line(self.round_ping, kinds))
        lines.append(_("Language: {name}").format(name=LANGUAGES[self.language]) if self.language in LANGUAGES
                     else _("Language: as in Discord"))
        if self.away(now):
            lines.append(away_line(int(self.away_until or 0), kinds))
        return lines


def away_line(until: int, kinds: Sequence[GameKind] = ()) -> str:
    """The settings panel's away line: until when, and what plays the person's seats meanwhile in
    the games of ``kinds`` (those of their open games; none: the default game's words), each game
    in its own words."""
    distinct = list(dict.fromkeys(kinds)) or [game_kinds.get(None)]
    if len(distinct) == 1:
        return distinct[0].phrase("away_status", t=until)
    who = functools.reduce(lambda this, that: _("{this}; {that}").format(this=this, that=that),
                           [kind.phrase("away_who") for kind in distinct])
    return _("Away until <t:{t}:f> (<t:{t}:R>): {who}").format(t=until, who=who)


def round_ping_line(on: bool, kinds: Sequence[GameKind] = ()) -> str:
    """The settings panel's line on the new-round ping, in the words of each game of ``kinds``
    (those of the person's open games; none: the default game's): the setting where it applies,
    what pings the person where it does not."""
    distinct = list(dict.fromkeys(kinds)) or [game_kinds.get(None)]
    key = "round_ping_on" if on else "round_ping_off"
    if len(distinct) == 1:
        text = distinct[0].phrase(key)
    else:
        text = functools.reduce(lambda this, that: _("{this}; {that}").format(this=this, that=that),
                                [kind.phrase(key + "_named") for kind in distinct])
    return text[:1].upper() + text[1:]


def round_ping_label(on: bool, kinds: Sequence[GameKind] = ()) -> str:
    """The settings panel's button that turns the new-round ping on or off: where every game of
    ``kinds`` (the person's open games; none: the default game) has the setting, the panel's line;
    otherwise (a game that has no new rounds to ping, Solar Storm) it names the games the setting
    is for, so that a person whose games have turns reads what the button changes and where."""
    distinct = list(dict.fromkeys(kinds)) or [game_kinds.get(None)]
    if all(kind.round_ping for kind in distinct):
        return round_ping_line(on, distinct)
    owners = [kind for kind in map(game_kinds.get, game_kinds.names()) if kind.round_ping]
    key = "round_ping_on_named" if on else "round_ping_off_named"
    text = functools.reduce(lambda this, that: _("{this}; {that}").format(this=this, that=that),
                            [kind.phrase(key) for kind in owners])
    return text[:1].upper() + text[1:]


def away_in(games: Sequence[tuple[GameKind, int]]) -> list[str]:
    """The lines of /me away's answer saying what now plays the person's seats in ``games`` (the
    kind and id of each game played for them): one line per game kind, in its words, naming the
    game when there are several kinds."""
    ids: dict[GameKind, list[int]] = {}
    for kind, game_id in games:
        ids.setdefault(kind, []).append(game_id)
    key = "away_in_named" if len(ids) > 1 else "away_in"
    return [kind.phrase(key, games=", ".join(f"#{g}" for g in kind_ids)) for kind, kind_ids in ids.items()]


@functools.cache
def _zone(name: str) -> dt.tzinfo:
    return zoneinfo.ZoneInfo(name)


@functools.cache
def all_zones() -> tuple[str, ...]:
    return tuple(sorted(z for z in zoneinfo.available_timezones() if "/" in z or z == "UTC"))


def check_zone(name: str) -> str:
    """The IANA time zone named (case does not matter); ConfigError if there is none."""
    typed = (name or "").strip()
    lower = {z.lower(): z for z in all_zones()}
    zone = lower.get(typed.lower())
    if zone is None or len(typed) > 60:
        raise ConfigError(_("Unknown time zone {zone!r}: use a name like Europe/Paris or America/New_York "
                            "(the suggestions list them).").format(zone=typed[:40]))
    return zone


def zone_suggestions(typed: str, limit: int = 25) -> list[str]:
    """Time zones for the autocomplete: those starting with what was typed, then containing it."""
    want = (typed or "").strip().lower().replace(" ", "_")
    zones = all_zones()
    first = [z for z in zones if z.lower().startswith(want)]
    more = [z for z in zones if want in z.lower() and z not in first]
    return (first + more)[:limit]


def check_hour(value: int | None, what: str) -> int | None:
    if value is None:
        return None
    if not isinstance(value, int) or not 0 <= value <= 23:
        raise ConfigError(_("{what}: an hour from 0 to 23 (you gave {value}).").format(what=what, value=value))
    return value


def check_remind_hours(value: float | None) -> float | None:
    """None (the game's delay), 0 (off) or 1 to 48 hours."""
    if value is None:
        return None
    if not isinstance(value, (int, float)) or not (value == 0 or 1 <= value <= MAX_REMIND_HOURS):
        shown = i18n.number(value, 2, trim=True) if isinstance(value, (int, float)) and abs(value) < 1e15 else value
        raise ConfigError(_("Reminder interval: 0 (off) or 1 to {top} hours (you gave {value}).").format(
            top=MAX_REMIND_HOURS, value=shown))
    return float(value)


def check_language(value: str | None) -> str | None:
    if value in (None, "", "discord"):
        return None
    if value not in LANGUAGES:
        raise ConfigError(_("Language: one of {names}, or discord (follow Discord's language).").format(
            names=", ".join(LANGUAGES)))
    return value


def away_until(now: float, days: int | None, until: str | None, zone: str | None = None) -> float:
    """When an away spell asked for as ``days`` (1-60) or an ``until`` date (YYYY-MM-DD, the end
    of that day in the user's time zone, at most 60 days ahead) ends. ConfigError otherwise."""
    if days is not None and until:
        raise ConfigError(_("Give either days or an until date, not both."))
    if until:
        tz = _zone(zone or "UTC")
        first = dt.datetime.fromtimestamp(now, tz).date()  # today, where the user lives
        last = first + dt.timedelta(days=MAX_AWAY_DAYS)
        try:
            day = dt.date.fromisoformat(until.strip())
        except ValueError:
            day = None
        if day is None or not first <= day <= last:  # (checked first: the day after 9999-12-31 has no date)
            raise ConfigError(_("Until: a date from {first} to {last} (year-month-day, {top} days at most).").format(
                first=first.isoformat(), last=last.isoformat(), top=MAX_AWAY_DAYS))
        return dt.datetime.combine(day + dt.timedelta(days=1), dt.time(), tz).timestamp()
    if days is None:
        days = 1
    if not isinstance(days, int) or not 1 <= days <= MAX_AWAY_DAYS:
        raise ConfigError(_("Days: from 1 to {top} (you gave {value}).").format(top=MAX_AWAY_DAYS, value=days))
    return now + days * DAY
