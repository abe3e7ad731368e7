"""The results of games without scores (the outcomes table, migration 0007: Solar Storm's) for
GameService (its ``daily_board``, ``outcome_profile``, ``outcome_records``): their daily challenge's leaderboard and streaks, a person's record for profiles, a
server's records. What a result is worth and how it reads are the game kind's (``daily_entry``:
its ranking rule, ``outcome_profile``, ``outcome_records``, ``profile_text``); here: the day,
which rows a viewer may see (the privacy rules of service/players.py), the streaks.

Streaks (issue 53): the days in a row a player finished the game's daily challenge, ending today
or yesterday (a day missed ends it: today's may still come), and the days in a row they won it.
A daily the computer played for its player (away, taken over) is not theirs: it counts in no
streak and on no leaderboard.

Each method takes the game's kind object (service/kinds) from GameService, so this module
imports nothing of the service's request mixins (no import cycle).
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from db.repository import GameRepository, OutcomeRow
from i18n import _

from .errors import ConfigError, NotAllowed, WrongStage

BOARD_SIZE = 10  # players a daily leaderboard lists


def you_line(row: str, rank: int, count: int) -> str:
    """The line under a leaderboard for the reader listed below its top rows (every board of
    every game): their own row ``row`` (as the board writes its rows), their rank and how many
    are on the board."""
    return _("… {row} ← you: {rank} of {count}").format(row=row, rank=rank, count=count)


@dataclass(frozen=True)
class Streaks:
    streak: int = 0           # days in a row played, up to today or yesterday
    best: int = 0             # the longest such run ever
    win_streak: int = 0       # days in a row won, up to the last day played (today or yesterday)
    best_win_streak: int = 0  # the longest such run ever

    def as_dict(self) -> dict:
        return {"streak": self.streak, "best": self.best, "win_streak": self.win_streak,
                "best_win_streak": self.best_win_streak}


def streaks(days: dict[str, bool], today: str) -> Streaks:
    """A player's daily streaks from the days they finished the daily (day -> won), today being ``today``."""
    if not days:
        return Streaks()
    dates = sorted(dt.date.fromisoformat(d) for d in days)
    best = best_win = run = win_run = 0
    prev = None
    for d in dates:
        consecutive = prev is not None and (d - prev).days == 1
        run = run + 1 if consecutive else 1
        won = days[d.isoformat()]
        win_run = (win_run + 1 if consecutive else 1) if won else 0
        best, best_win, prev = max(best, run), max(best_win, win_run), d
    if (dt.date.fromisoformat(today) - dates[-1]).days > 1:  # a day was missed since
        run = win_run = 0
    return Streaks(run, best, win_run, best_win)


def check_day(day: str | None, today: str) -> str:
    """A leaderboard's day (YYYY-MM-DD, UTC; None: today). Raises ConfigError saying what is accepted."""
    if day is None or not day.strip():
        return today
    text = day.strip()
    try:
        when = dt.date.fromisoformat(text)
    except ValueError:
        when = None
    if when is None or len(text) != 10:
        raise ConfigError(_("day: a date written YYYY-MM-DD (UTC), for example {today}; not {day}.").format(
            today=today, day=repr(text[:20])))
    if when.isoformat() > today:
        raise ConfigError(_("day: {day} has not come yet; choose a day up to today ({today}, UTC).").format(
            day=when.isoformat(), today=today))
    return when.isoformat()


def _days(entries: list[tuple[OutcomeRow, dict]]) -> dict[int, dict[str, bool]]:
    """user -> {day: won} (a day won if any of its rows won: one daily game a day and game)."""
    out: dict[int, dict[str, bool]] = {}
    for row, entry in entries:
        if row.user_id is not None and row.daily_key:
            days = out.setdefault(row.user_id, {})
            days[row.daily_key] = days.get(row.daily_key, False) or entry["won"]
    return out


class Outcomes:
    """GameService's ``outcomes``: over its repository, its players' settings (global boards:
    service.players.Players) and its clock."""

    def __init__(self, repo: GameRepository, players: Any, clock: Callable[[], float]):
        self.repo = repo
        self.players = players
        self.clock = clock

    def _today(self) -> str:
        """Today's daily challenge key: its UTC date (service._model.daily_key's scheme)."""
        return dt.datetime.fromtimestamp(self.clock(), dt.UTC).date().isoformat()

    async def daily_board(self, plays: Any, *, guild_id: int | None, user_id: int, day: str | None = None,
                          scope: str = "server", limit: int = BOARD_SIZE) -> dict:
        """Day ``day``'s (default today's) daily-challenge leaderboard of the game ``plays``, ranked by the
        game's rule (its kind's ``daily_entry``): in a server, that server's players, named as in its
        games; ``scope="global"``: the players listed on global boards, by their global name (the
        reader must be listed too); in a direct message, ``user_id``'s own result only ("mine").
        Each row carries the player's streaks (over the same scope). "you": ``user_id``'s own row
        (rank and all) when they are on this board below the rows listed, else None (their row is
        on the board anyway: whoever may read the board may read it; ``you_line`` writes it).
        Raises ConfigError for a day
        that is not one, NotAllowed for a global board to someone not on it, WrongStage (what to
        do instead) when nobody is on the board."""
        today = self._today()
        key = check_day(day, today)
        if scope == "global":
            if not await self.players.global_opt_in(user_id):
                raise NotAllowed(_("Global leaderboards are for players listed on them: turn it on with /pu profile "
                                   "global_board:True."))
            rows = await self.repo.daily_outcomes(plays.name, key, opted_in=True)
        elif guild_id is not None:
            rows = await self.repo.daily_outcomes(plays.name, key, guild_id=guild_id)
        else:
            rows = await self.repo.daily_outcomes(plays.name, key, user_id=user_id)
        entries = [(r, e) for r in rows if (e := plays.daily_entry(r)) is not None]
        if not entries:
            if guild_id is None and scope != "global":
                raise WrongStage(_("You have no finished {game} daily of {day}. Play today's with {command} daily; "
                                   "a day is written YYYY-MM-DD (UTC).").format(
                    game=plays.title, day=key, command=plays.command))
            raise WrongStage(_("Nobody here has finished the {game} daily of {day}. Play today's with {command} "
                               "daily, or choose another day (YYYY-MM-DD, UTC).").format(
                game=plays.title, day=key, command=plays.command))
        entries.sort(key=lambda re: (re[1]["rank"], re[0].finished_at or 0.0, re[0].game_id or 0))
        ranked = list(enumerate(entries, 1))
        shown = ranked[:limit]
        you = next(((i, r, e) for i, (r, e) in ranked[limit:] if r.user_id == user_id), None)
        users = [r.user_id for _i, (r, _e) in shown] + ([you[1].user_id] if you is not None else [])
        history = await self.repo.daily_outcomes_of(
            plays.name, [u for u in users if u is not None],
            guild_id=guild_id if scope != "global" else None)
        days = _days([(r, e) for r in history if (e := plays.daily_entry(r)) is not None])

        def row(i: int, r: OutcomeRow, e: dict) -> dict:
            return {"rank": i, "user": r.user_id, "name": r.name if r.name is not None else _("a player"),
                    "game_id": r.game_id, "entry": e, **streaks(days.get(r.user_id or 0, {}), today).as_dict()}
        return {"game": plays.name, "day": key, "today": key == today, "count": len(entries),
                "mine": guild_id is None and scope != "global", "scope": scope,
                "rows": [row(i, r, e) for i, (r, e) in shown],
                "you": row(*you) if you is not None else None}

    async def outcome_profile(self, user_id: int, plays: Any, scope: Any = None) -> dict:
        """A person's record in a game kind without scores (its outcomes: games, wins ...) over
        ``scope`` (service.players.Scope; None: all their games), with "daily": their
        daily-challenge streaks (Streaks) over the same games."""
        if scope is None or scope.everything:
            rows = await self.repo.outcomes_of(user_id, plays.name)
        else:
            rows = await self.repo.outcomes_of(user_id, plays.name, guild_ids=scope.guild_ids, dm_with=scope.dm_with)
        profile = plays.outcome_profile(rows)
        days = _days([(r, e) for r in rows if r.daily_key and (e := plays.daily_entry(r)) is not None])
        profile["daily"] = streaks(days.get(user_id, {}), self._today()).as_dict()
        return profile

    async def outcome_records(self, plays: Any, guild_id: int) -> dict:
        """A server's records in a game kind without scores (its kind's ``outcome_records``), with
        the longest daily streak ("daily_streak") and the most daily wins in a row
        ("daily_win_streak"): {"value", "who", "game"}."""
        rows = await self.repo.outcomes_in(plays.name, guild_id)
        records = plays.outcome_records(rows)
        entries = [(r, e) for r in rows if r.daily_key and (e := plays.daily_entry(r)) is not None]
        names = {r.user_id: r.name for r, _e in entries}
        today = self._today()
        runs = {user: streaks(days, today) for user, days in _days(entries).items()}
        for key, attr in (("daily_streak", "best"), ("daily_win_streak", "best_win_streak")):
            best = max(runs.items(), key=lambda kv: getattr(kv[1], attr), default=None)  # the first on a tie
            if best is not None and getattr(best[1], attr) > 0:
                records[key] = {"value": getattr(best[1], attr), "who": names[best[0]], "game": None}
        return records
