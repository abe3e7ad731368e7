"""Players' side of the bot: profiles, leaderboards, records and the stats export, computed
from the results table (db/players.py) and the ratings (service/ratings.py), never from game
states. No discord import: the cogs and the offline console call the same functions.

Privacy: a profile is computed over a *scope* the caller gives: the servers both players
share (in a server: that server), the DM games both were in, or, for a player looking at
themselves privately, all their games. Global boards list only players who opted in.
"""
from __future__ import annotations

import csv
import dataclasses
import datetime as dt
import io
import statistics
from collections import Counter, defaultdict
from dataclasses import dataclass

import i18n
from db.players import GLOBAL, GameSeat, PlayerRepository
from db.repository import ResultRow
from i18n import N_, _, ngettext

CATEGORIES = "ABCDEF"
# names shown translated, where shown: _(CATEGORY_NAMES[c])
CATEGORY_NAMES = {"A": N_("rows & columns"), "B": N_("trackers"), "C": N_("lifepods & meteorites"),
                  "D": N_("civ cards"), "E": N_("objectives"), "F": N_("neighbours")}
BOARD_KINDS = ("rating", "wins", "best", "solo", "daily")
BOARD_TITLES = {"rating": N_("Rating"), "wins": N_("Wins"), "best": N_("Best total"), "solo": N_("Best solo total"),
                "daily": N_("Daily challenge")}
EVENT_LEVELS = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard")}
PERIODS = ("all", "today", "week")
PAGE = 10
CHART_GAMES = 30


def result_rows(game, state) -> list[ResultRow]:
    """A finished game's results with each seat's per-game summary (the finishing save stores
    them with the game). ``game`` is a service.games.Game."""
    from engine import scoring

    result = state.result or scoring.final_scores(state)
    target = (result.get("solo") or {}).get("target")
    solo = len(result["players"]) == 1
    config = state.config
    events = (game.options.get("events") or "normal") if solo else None
    from .ratings import autopilot_rounds

    taken = game.options.get("autopilot") or {}
    owners = seat_owners(game, state.round)
    rows = []
    for p in result["players"]:
        seat = game.seats[p["seat"]]
        entry = taken.get(str(p["seat"])) if isinstance(taken, dict) else None
        # a person's seat the autopilot took over stays theirs (user kept on the seat), marked
        autopilot = (seat.is_bot and (seat.user_id is not None or seat.display_name.startswith("Autopilot ("))) \
            or (entry is not None and autopilot_rounds(game.options, p["seat"], state.round) > 0)
        name = entry["name"] if entry is not None and seat.is_bot and seat.user_id is not None else seat.display_name
        user, is_bot = seat.user_id, seat.is_bot and seat.user_id is None
        if p["seat"] in owners:  # the seat changed hands and its first holders played most of it
            user, name = owners[p["seat"]]
            is_bot = user is None
        rows.append(ResultRow(
            seat=p["seat"], user_id=user, name=name, score=p["total"],
            place=p["place"], solo=solo, is_bot=is_bot, target=target,
            categories=tuple(p[c]["total"] for c in CATEGORIES), lifepods=p["C"].get("lifepods"),
            planet=config["planets"][p["seat"]], corporation=config["corporations"][p["seat"]],
            players=len(result["players"]), events=events, rounds=state.round,
            started_at=_started_at(game), autopilot=autopilot))
    return rows


def ended_rows(game, state, ended_by: int) -> list[ResultRow]:
    """The results a game ended with /pu host end stores (empty: it moves no rating). A game
    ended by one of its players, past its first round and with two or more people, counts as
    that player's forfeit: the seats are placed as the score stands now, the ender last. These
    results serve the ratings only (the rules of service.ratings apply as at a game's end);
    the totals, boards, records, profiles and exports count finished games (db.players
    FINISHED). Ended in the first round (a game set up wrong), or by someone who plays no seat
    in it: no rating moves."""
    if state.round < 2:
        return []
    rows = result_rows(game, state)  # the score as it stands (engine.scoring on the state now)
    if len([r for r in rows if r.user_id is not None and not r.is_bot]) < 2 \
            or not any(r.user_id == ended_by for r in rows):
        return []
    others = [r.place for r in rows if r.user_id != ended_by]
    return [dataclasses.replace(r, place=len(rows) if r.user_id == ended_by else 1 + sum(p < r.place for p in others))
            for r in rows]


def seat_owners(game, rounds: int) -> dict[int, tuple[int | None, str]]:
    """The seats whose result goes to an earlier holder: seat -> (user id or None for a
    computer player, name). A seat handed to another member (/pu host replace) belongs, each
    round, to whoever held it then; its result goes to whoever played most of its ``rounds``
    (all their spells on it together), the earliest on a tie (the options' ``holders``:
    service._play _note_holder). A holder who plays another seat of the game at its end keeps
    that one (one result per person)."""
    holders = game.options.get("holders") or {}
    seated = {s.user_id for s in game.seats if s.user_id is not None}
    out: dict[int, tuple[int | None, str]] = {}
    for key, earlier in (holders.items() if isinstance(holders, dict) else ()):
        seat = int(key)
        if not 0 <= seat < len(game.seats) or not isinstance(earlier, list):
            continue
        current = game.seats[seat].user_id
        held: dict[int | None, list] = {}  # user -> [rounds, order of first spell, name]
        first = 1
        for h in [*earlier, {"user": current, "name": None, "until": rounds}]:
            last = min(int(h.get("until") or 0), rounds)
            entry = held.setdefault(h.get("user"), [0, len(held), h.get("name")])
            entry[0] += max(0, last - first + 1)
            first = max(first, last + 1)
        user = max(held, key=lambda u: (held[u][0], -held[u][1]))
        if user == current or (user is not None and (user in seated or any(u == user for u, _n in out.values()))):
            continue  # the seat's present player, or someone who already has a result here
        out[seat] = (user, held[user][2] or "?")
    return out


def _started_at(game) -> float:
    """When the game's first round opened (noted by the start; a game started before that was
    noted counts from its creation)."""
    started = game.options.get("started_at")
    return float(started) if isinstance(started, (int, float)) else game.row.created_at


@dataclass(frozen=True)
class Scope:
    """Which of a subject's games a viewer may see (module docstring)."""
    guild_ids: tuple[int, ...] = ()
    dm_with: int | None = None
    everything: bool = False

    @property
    def rating_scope(self) -> int:
        return self.guild_ids[0] if len(self.guild_ids) == 1 and not self.everything else GLOBAL


def scope_for(viewer_id: int, subject_id: int, guild_id: int | None) -> Scope:
    """In a server: that server's games (both are there; the answer is public there). In a DM:
    all one's own games, or the DM games shared with the other player."""
    if guild_id is not None:
        return Scope(guild_ids=(guild_id,))
    if viewer_id == subject_id:
        return Scope(everything=True)
    return Scope(dm_with=viewer_id)


def _streaks(days: list[str]) -> tuple[int, int]:
    """(current streak ending at the last day played, best streak) of consecutive days."""
    dates = sorted({dt.date.fromisoformat(d) for d in days})
    best = cur = 0
    prev = None
    for d in dates:
        cur = cur + 1 if prev is not None and (d - prev).days == 1 else 1
        best = max(best, cur)
        prev = d
    return cur, best


def _fav_best(seats: list[GameSeat], attr: str) -> tuple[str | None, str | None]:
    values = [getattr(s, attr) for s in seats if getattr(s, attr)]
    if not values:
        return None, None
    fav = sorted(Counter(values).items(), key=lambda kv: (-kv[1], kv[0]))[0][0]
    by = defaultdict(list)
    for s in seats:
        if getattr(s, attr):
            by[getattr(s, attr)].append(s.score)
    best = sorted(by.items(), key=lambda kv: (-statistics.fmean(kv[1]), kv[0]))[0][0]
    return fav, best


def summarise(seats: list[GameSeat], *, server_avg: tuple | None = None, history: list | None = None,
              include_autopilot: bool = True, today: str | None = None) -> dict:
    """The numbers of a profile, from the subject's seats of finished games (oldest first)."""
    if not include_autopilot:
        seats = [s for s in seats if not s.autopilot]
    multi = [s for s in seats if not s.solo]
    by_count: dict[int, dict] = {}
    for s in multi:
        entry = by_count.setdefault(s.players or 0, {"games": 0, "wins": 0, "podiums": 0})
        entry["games"] += 1
        entry["wins"] += s.place == 1
        entry["podiums"] += s.place <= 3
    cats = {}
    for i, c in enumerate(CATEGORIES):
        values = [v for v in (s.categories[i] for s in seats) if v is not None]
        cats[c] = {"mine": round(statistics.fmean(values), 1) if values else None,
                   "server": round(server_avg[i], 1) if server_avg and server_avg[i] is not None else None}
    solo = [s for s in seats if s.solo]
    solo_by: dict[str, dict[str, int]] = {}
    for s in solo:
        d = solo_by.setdefault(s.events or "normal", {"games": 0, "reached": 0, "best": 0})
        d["games"] += 1
        d["reached"] += s.target is not None and s.score >= s.target
        d["best"] = max(d["best"], s.score)
    streak, best_streak = _streaks([s.daily_key for s in seats if s.daily_key])
    if today is not None and streak:
        last = max(s.daily_key for s in seats if s.daily_key)
        if (dt.date.fromisoformat(today) - dt.date.fromisoformat(last)).days > 1:
            streak = 0  # a streak ends when a day is missed
    round_times = [(s.finished_at - s.started_at) / s.rounds for s in seats
                   if s.started_at is not None and s.rounds]
    fav_planet, best_planet = _fav_best(seats, "planet")
    fav_corp, best_corp = _fav_best(seats, "corporation")
    history = history or []
    return {
        "games": len(seats),
        "multiplayer": len(multi),
        "wins": sum(s.place == 1 for s in multi),
        "by_players": dict(sorted(by_count.items())),
        "average": round(statistics.fmean(s.score for s in seats), 1) if seats else None,
        "best": max((s.score for s in seats), default=None),
        "categories": cats,
        "planet": {"favourite": fav_planet, "best": best_planet},
        "corporation": {"favourite": fav_corp, "best": best_corp},
        "solo": {"games": len(solo), "best": max((s.score for s in solo), default=None),
                 "reached": sum(s.target is not None and s.score >= s.target for s in solo), "by_events": solo_by},
        "daily": {"streak": streak, "best_streak": best_streak},
        "rating": round(history[-1][1], 1) if history else None,
        "trend": round(history[-1][1] - history[-6][1] if len(history) > 5 else
                       (history[-1][1] - history[0][1] if history else 0.0), 1),
        "round_seconds": statistics.median(round_times) if round_times else None,
        "autopilot_games": sum(s.autopilot for s in seats),
        "last_totals": [s.score for s in seats[-CHART_GAMES:]],
        "rating_history": [round(h[1], 2) for h in history[-100:]],
    }


def duration(seconds: float | None) -> str:
    from .roundlog import days_text, hours_text
    if seconds is None:
        return "-"
    if seconds < 3600:
        return _("{n} min").format(n=max(1, round(seconds / 60)))
    if seconds < 86400 * 2:
        return hours_text(seconds)
    return days_text(seconds)


def medals(n: int) -> str:
    from .roundlog import medals as words
    return words(n)


def board_row(kind: str, rank: int, name: str, value: float, games: int) -> str:
    """One line of a leaderboard of ``kind`` (BOARD_KINDS): its count in words, its rating
    written the reader's way ("2.6" / "2,6")."""
    if kind == "rating":
        return _("{rank}. {name}: {value} ({games})").format(
            rank=rank, name=name, value=i18n.number(value, 1),
            games=ngettext("{n} game", "{n} games", games).format(n=games))
    if kind == "wins":
        return _("{rank}. {name}: {value}").format(rank=rank, name=name, value=ngettext(
            "{n} win", "{n} wins", int(value)).format(n=int(value)))
    return _("{rank}. {name}: {value}").format(rank=rank, name=name, value=medals(int(value)))



def _planet_name(planet_id: str) -> str:
    from . import boards
    try:
        return boards.planet_name(planet_id)
    except (KeyError, ValueError):
        return planet_id


def _corp_name(corp_id: str) -> str:
    from . import boards
    try:
        return boards.corporation_name(corp_id)
    except (KeyError, ValueError):
        return corp_id


def profile_text(name: str, p: dict) -> str:
    """A short text beside the profile image."""
    games = ngettext("{n} finished game", "{n} finished games", p['games']).format(n=p['games'])
    wins = ngettext("{n} win", "{n} wins", p['wins']).format(n=p['wins'])
    multi = ngettext("in {n} game with others", "in {n} games with others", p['multiplayer']).format(
        n=p['multiplayer'])
    lines = [_("**{name}**: {games}, {wins} {multi}.").format(name=name, games=games, wins=wins, multi=multi)]
    if p["by_players"]:
        lines.append(_("By players: {list}").format(list=", ".join(
            _("{n}p {wins}W/{podiums}P of {games}").format(n=n, wins=d['wins'], podiums=d['podiums'], games=d['games'])
            for n, d in p["by_players"].items())))
    lines.append(_("Average {average}, best {best}.").format(
        average=i18n.number(p['average'], 1) if p['average'] is not None else "-",
        best=medals(p['best']) if p['best'] is not None else "-"))
    if p["rating"] is not None:
        lines.append(_("Rating {rating} ({trend} over the last games).").format(
            rating=i18n.number(p['rating'], 1), trend=("+" if p['trend'] >= 0 else "") + i18n.number(p['trend'], 1)))
    for kind, namer in (("planet", _planet_name), ("corporation", _corp_name)):
        fav, best = p[kind]["favourite"], p[kind]["best"]
        if fav:
            if best != fav:
                text = (_("Planet: most played {favourite}, best average {best}.") if kind == "planet" else
                        _("Corporation: most played {favourite}, best average {best}."))
            else:
                text = (_("Planet: most played {favourite} (also the best average).") if kind == "planet" else
                        _("Corporation: most played {favourite} (also the best average)."))
            lines.append(text.format(favourite=namer(fav), best=namer(best) if best else ""))
    if p["solo"]["games"]:
        by = ", ".join(_("{level} {reached}/{games} (best {best})").format(
            level=_(EVENT_LEVELS.get(level, level)), reached=d['reached'], games=d['games'], best=d['best'])
                       for level, d in sorted(p["solo"]["by_events"].items()))
        solo = dict(best=p['solo']['best'], reached=p['solo']['reached'], games=p['solo']['games'], by=by)
        lines.append((_("Solo: best {best}, target reached {reached}/{games}; by event deck: {by}.") if by else
                      _("Solo: best {best}, target reached {reached}/{games}.")).format(**solo))
    if p["daily"]["best_streak"]:
        lines.append(_("Daily streak {streak} (best {best}).").format(
            streak=p['daily']['streak'], best=p['daily']['best_streak']))
    lines.append(_("Median time per round: {time}.").format(time=duration(p['round_seconds'])))
    if p["autopilot_games"]:
        lines.append(ngettext("Includes {n} game the autopilot played for them, in full or in part.",
                              "Includes {n} games the autopilot played for them, in full or in part.",
                              p['autopilot_games']).format(n=p['autopilot_games']))
    return "\n".join(lines)


async def allow_autopilot_rating(service, game_id: int, user_id: int, is_admin: bool, allow: bool) -> str:
    """The creator's (or a manager's) rated-autopilot switch: service._league (announced in the
    thread, settled once the last round opens). Returns the answer to show; raises NotAllowed /
    WrongStage (service.errors)."""
    return await service.set_rated_autopilot(game_id, user_id, is_admin, allow)


class Players:
    """Profiles, boards, records and the export over one PlayerRepository."""

    def __init__(self, repo: PlayerRepository, clock):
        self.repo = repo
        self.clock = clock

    def today(self) -> str:
        return dt.datetime.fromtimestamp(self.clock(), dt.UTC).date().isoformat()

    async def profile(self, subject_id: int, scope: Scope, *, include_autopilot: bool = True) -> dict | None:
        """The subject's profile numbers over ``scope``, or None if they have no finished game there."""
        seats = await self.repo.seats_of(subject_id, guild_ids=list(scope.guild_ids), dm_with=scope.dm_with,
                                         everything=scope.everything)
        if not include_autopilot:
            seats = [s for s in seats if not s.autopilot]
        if not seats:
            return None
        server = scope.guild_ids[0] if len(scope.guild_ids) == 1 else None
        averages = await self.repo.category_averages(server) if server is not None else None
        history = await self.repo.rating_history(subject_id, scope.rating_scope)
        if scope.dm_with is not None:  # only the changes from games both were in
            shared = {s.game_id for s in seats}
            history = [h for h in history if h[0] in shared]
        return summarise(seats, server_avg=averages, history=history, today=self.today())

    def period_days(self, period: str) -> tuple[str | None, str | None]:
        today = dt.date.fromisoformat(self.today())
        if period == "today":
            return today.isoformat(), today.isoformat()
        if period == "week":
            return (today - dt.timedelta(days=6)).isoformat(), today.isoformat()
        return None, None

    async def board(self, kind: str, period: str, guild_id: int | None, page: int = 0, *,
                    everyone: bool = False, user_id: int | None = None) -> dict:
        """One page of a leaderboard: {"kind", "period", "page", "pages", "rows": [(rank, user, name, value, games)],
        "you"}. ``guild_id`` None: the global board of opted-in players. "you": ``user_id``'s own row
        (rank, user, name, value, games) when they are on this board but not on this page, else None
        (their row is on the board anyway: whoever may read the board may read it)."""
        if kind not in BOARD_KINDS:
            raise ValueError(kind)
        since, until = self.period_days(period) if kind == "daily" else (None, None)
        rows, count = await self.repo.board(kind, guild_id=guild_id, since_day=since, until_day=until,
                                            offset=page * PAGE, limit=PAGE, everyone=everyone)
        pages = max(1, -(-count // PAGE))
        # a global board names each player by the name they gave for global boards (db.players.
        # global_name): a player who has given none yet is not named by a server's nickname
        rows = [(user, name if name is not None else _("a player"), *rest) for user, name, *rest in rows]
        you = None
        if user_id is not None and count > len(rows) and all(r[0] != user_id for r in rows):
            found = await self.repo.board_rank(kind, user_id, guild_id=guild_id, since_day=since, until_day=until,
                                               everyone=everyone)
            if found is not None:
                place, (user, name, *rest) = found
                you = (place, user, name if name is not None else _("a player"), *rest)
        return {"kind": kind, "period": period, "page": page, "pages": pages, "count": count,
                "rows": [(page * PAGE + i, *r) for i, r in enumerate(rows, 1)], "you": you}

    async def records(self, guild_id: int) -> dict:
        """The server's records, kept as games finish: kind -> (name, value, game id) for the
        highest total, highest per category, most lifepods and the fastest finished game with
        others; "streak": (name, longest win streak in games with others, None)."""
        return await self.repo.server_records(guild_id)

    async def export_csv(self, user_id: int) -> str:
        """The user's own finished games as CSV (one row per game)."""
        seats = await self.repo.seats_of(user_id, everything=True)
        buf = io.StringIO()
        writer = csv.writer(buf, lineterminator="\n")
        writer.writerow(["game", "finished_utc", "players", "place", "total", *CATEGORIES, "lifepods", "planet",
                         "corporation", "solo_target", "events", "daily", "rounds", "autopilot", "rated"])
        for s in seats:
            when = dt.datetime.fromtimestamp(s.finished_at, dt.UTC).strftime("%Y-%m-%d %H:%M")
            writer.writerow([s.game_id, when, s.players, s.place, s.score,
                             *("" if c is None else c for c in s.categories), s.lifepods, s.planet,
                             s.corporation, s.target, s.events, s.daily_key, s.rounds, int(s.autopilot),
                             int(s.rated)])
        return buf.getvalue()

    async def set_global(self, user_id: int, value: bool, name: str | None = None) -> None:
        """List the user on global boards (or not) under ``name``: the name they chose for
        global boards (on Discord: their global name, never a server nickname)."""
        await self.repo.set_global_opt_in(user_id, value, name[:32] if name else None)

    async def note_global_name(self, user_id: int, name: str) -> None:
        """The user's global name as it is now (a player who renamed themselves on Discord),
        for the global boards they are on."""
        if name:
            await self.repo.set_global_name(user_id, name[:32])

    async def global_opt_in(self, user_id: int) -> bool:
        return await self.repo.global_opt_in(user_id)
