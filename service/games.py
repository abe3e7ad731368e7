"""The game service: everything between a player's request and the rules engine that is not
Discord. The cogs and the offline console both call it, so they drive exactly the same game.

One request = one call: load the game, check who may do what, apply the action to the engine
state, let computer seats play, and save the new state together with the accepted actions
and the posts owed to the game's channel (the *outbox*) in one transaction. A per-game lock
serialises requests of one game; different games run concurrently.

Posts owed to the channel are outbox rows, written with the state that caused them; the
caller posts them (``pending_posts``) and marks them sent. After a crash, unsent rows are
still there, so nothing owed is lost and nothing is posted twice by the service itself.

Errors: ServiceError subclasses (service.errors) and EngineError subclasses (engine.errors)
carry messages meant for the player; anything else is a bug.
"""
from __future__ import annotations

import asyncio
from collections import OrderedDict
import dataclasses
import json
import logging
import pickle
import random
import time
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field

import datetime as dt
import zlib

from db.players import PlayerRepository
from db.errors import AlreadySeated, DailyGameExists, GameNotFound, StaleVersion
from db.repository import GameRepository, GameRow, OutboxRow, ResultRow, SeatRow
from engine import data as D
from engine import rules, scoring
from engine.actions import Action, parse
from engine.errors import EngineError, MalformedAction
from engine.setup import SUPPORTED_CORPORATIONS, SUPPORTED_PLANETS, make_config, new_game
from engine.state import GameState, copy, dump, load
from engine.view import public_view, view_for

from . import autoplay, boards, panels, players, ratings, workers
from .errors import NoGameHere, NotAllowed, NotInGame, StaleControl, WrongStage

log = logging.getLogger(__name__)
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
}
BOARD_CHOICES = ("standard", "random")
EVENT_CHOICES = ("off", "easy", "normal", "hard")
LAST_ONE_FRACTION = 0.25  # "you are the last one" comes this fraction of the reminder delay after
MAX_POST = 2000  # characters of one Discord message


def daily_key(now: float) -> str:
    """The daily challenge of a moment: its UTC date, e.g. '2026-11-21'."""
    return dt.datetime.fromtimestamp(now, dt.timezone.utc).date().isoformat()


def daily_seed(key: str) -> int:
    """Everyone's seed for a day's challenge (stable across Python versions and machines)."""
    return zlib.crc32(f"planet-unknown daily {key}".encode())


@dataclass
class Game:
    row: GameRow
    seats: list[SeatRow]
    state: GameState | None
    options: dict

    @property
    def id(self) -> int:
        return self.row.id

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
    def channel_id(self) -> int | None:
        return self.row.thread_id or self.row.channel_id

    def seat_of(self, user_id: int) -> int | None:
        """The engine seat (0-based position in seat order) of a user, or None."""
        for i, s in enumerate(self.seats):
            if s.user_id == user_id and not s.is_bot:
                return i
        return None

    def user_of(self, seat: int) -> int | None:
        s = self.seats[seat]
        return None if s.is_bot else s.user_id

    def mention(self, seat: int) -> str:
        user = self.user_of(seat)
        return f"<@{user}>" if user is not None else f"{self.seats[seat].display_name} (computer)"


@dataclass
class Outcome:
    """What a request did: the game after it, and the acting seat's panel if there is one."""
    game: Game
    seat: int | None = None
    panel: panels.Panel | None = None
    message: str = ""
    played: list[str] = field(default_factory=list)


def _options(raw: str) -> dict:
    try:
        opts = json.loads(raw or "{}")
    except ValueError:
        opts = {}
    return {**DEFAULT_OPTIONS, **(opts if isinstance(opts, dict) else {})}


def check_options(options: dict) -> dict:
    """Validated lobby options (defaults filled in). Raises WrongStage with a readable reason."""
    opts = {**DEFAULT_OPTIONS, **{k: v for k, v in options.items() if v is not None}}
    unknown = set(options) - set(DEFAULT_OPTIONS)
    if unknown:
        raise WrongStage(f"unknown option(s): {', '.join(sorted(unknown))}")
    if not isinstance(opts["max_players"], int) or not 1 <= opts["max_players"] <= 6:
        raise WrongStage("players: choose from 1 to 6")
    for key, top in (("timer_hours", 24 * 14), ("remind_hours", 24 * 7)):
        if not isinstance(opts[key], (int, float)) or not 0 <= opts[key] <= top:
            raise WrongStage(f"{key.replace('_', ' ')}: a number of hours from 0 (off) to {top}")
    if opts["boards"] not in BOARD_CHOICES:
        raise WrongStage(f"boards: one of {', '.join(BOARD_CHOICES)}")
    if not isinstance(opts["choices"], dict):
        raise WrongStage("choices: planets and corporations chosen in the lobby, by player")
    if opts["events"] is not None and opts["events"] not in EVENT_CHOICES:
        raise WrongStage(f"events: one of {', '.join(EVENT_CHOICES)}")
    opts["private_objectives"] = bool(opts["private_objectives"])
    return opts


class GameService:
    def __init__(self, repo: GameRepository, *, clock: Callable[[], float] = time.time,
                 render_slots: int = 2, autopilot_level: str = "greedy", cache_size: int = 200,
                 executor: Executor | None = None):
        self.repo = repo
        self.clock = clock
        self.autopilot_level = autopilot_level
        # computer players and images run there (service.workers): the bot passes its process
        # pool; without one, a shared pool of threads (console, tests)
        self.executor = executor if executor is not None else workers.thread_pool()
        # called with a game id after a save that queued posts while a long autopilot run goes
        # on (the cog posts them at once, so they go out progressively)
        self.listeners: list[Callable[[int], None]] = []
        self._locks: dict[int, asyncio.Lock] = {}
        self._render = asyncio.Semaphore(render_slots)
        # game id -> (version, pickled state): the most recently used games, so a busy game is
        # not parsed from JSON on every click (unpickling a private copy is about 5 times
        # quicker); bounded so a bot with thousands of games stays small
        self._cache: OrderedDict[int, tuple[int, bytes]] = OrderedDict()
        self.cache_size = cache_size
        ratings.install(repo)  # ratings move in the transaction that finishes a game
        self.players = players.Players(PlayerRepository(repo.db), clock)

    # ------------------------------------------------------------------ loading

    def lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    async def load(self, game_id: int) -> Game:
        """Raises NoGameHere if there is no such game."""
        try:
            row = await self.repo.get_game(game_id)
        except GameNotFound:
            raise NoGameHere(f"There is no game #{game_id}.") from None
        seats = await self.repo.list_seats(game_id)
        state = None
        if row.state is not None:
            cached = self._cache.get(game_id)
            if cached is not None and cached[0] == row.version:
                state = pickle.loads(cached[1])
                self._cache.move_to_end(game_id)
            else:
                state = load(row.state)
                self._remember(game_id, row.version, state)
        return Game(row, seats, state, _options(row.config))

    def _remember(self, game_id: int, version: int, state: GameState) -> None:
        self._cache[game_id] = (version, pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL))
        self._cache.move_to_end(game_id)
        while len(self._cache) > self.cache_size:
            self._cache.popitem(last=False)

    async def game_here(self, channel_id: int, parent_id: int | None = None, user_id: int | None = None) -> Game:
        """The game a command used in this thread or channel is about.

        A game's own thread wins; otherwise, among the open games of the channel (or of the
        thread's parent channel), the user's own (most recent first), then any other. A
        solo or daily game is only ever found by its own player.
        """
        for cid in (channel_id, parent_id):
            if cid is None:
                continue
            rows = await self.repo.list_games(channel_or_thread_id=cid)
            own_thread = [r for r in rows if r.thread_id == channel_id]
            if own_thread:
                return await self.load(own_thread[-1].id)
            open_rows = [r for r in rows if r.status in ("lobby", "active")]
            seated = []
            for r in reversed(open_rows):
                seats = await self.repo.list_seats(r.id)
                if user_id is not None and any(x.user_id == user_id and not x.is_bot for x in seats):
                    seated.append(r)
            if seated:
                return await self.load(seated[0].id)
            shared = [r for r in open_rows if r.kind not in ("solo", "daily")]
            if shared:
                return await self.load(shared[-1].id)
        raise NoGameHere()

    async def games_of(self, user_id: int, guild_id: int | None = None) -> list[Game]:
        """Open games (lobby or in progress) the user has a seat in."""
        rows = await self.repo.list_games(status=("lobby", "active"), guild_id=guild_id, user_id=user_id)
        return [await self.load(row.id) for row in rows]

    # ------------------------------------------------------------------ lobby

    async def create(self, *, creator_id: int, creator_name: str, guild_id: int | None, channel_id: int | None,
                     options: dict | None = None, kind: str = "normal", daily_key: str | None = None) -> Game:
        opts = check_options(options or {})
        game_id = await self.repo.create_game(creator_id=creator_id, guild_id=guild_id, channel_id=channel_id,
                                          config=json.dumps(opts), kind=kind, daily_key=daily_key,
                                          seats=[(creator_id, creator_name, False)])
        return await self.load(game_id)

    async def daily(self, *, user_id: int, name: str, guild_id: int | None, channel_id: int | None) -> Game:
        """Today's daily challenge for this player: the same solo setup for everyone today
        (planet, corporation, objectives, events, tile order). One attempt per player per day:
        an unfinished attempt carries on; a finished one is refused politely."""
        key = daily_key(self.clock())
        row = await self.repo.find_daily_game(key, user_id)
        if row is not None:
            if row.status == "active":
                return await self.load(row.id)
            result = load(row.state).result if row.state else None
            total = next((p["total"] for p in result["players"]), None) if result else None
            raise WrongStage(f"You have already played today's challenge ({key})"
                             + (f": {total} medals" if total is not None else "")
                             + ". A new one starts at 00:00 UTC; see /pu leaderboard.")
        options = {"max_players": 1, "seed": daily_seed(key), "boards": "random", "remind_hours": 0}
        try:
            game = await self.create(creator_id=user_id, creator_name=name, guild_id=guild_id, channel_id=channel_id,
                                     options=options, kind="daily", daily_key=key)
        except DailyGameExists:
            raise WrongStage("You have already started today's challenge; use /pu play.") from None
        return await self.start(game.id, user_id, False)

    async def leaderboard(self, guild_id: int | None, key: str | None = None, limit: int = 10,
                          user_id: int | None = None) -> dict:
        """Finished daily challenges: today's (or ``key``'s) ranking and the best ever, in a
        server; outside a server (``guild_id`` None: a direct message) only ``user_id``'s own
        results ("mine": True), since a DM must not show other servers' players. Read from
        the results table (two indexed queries), never from the games' states."""
        key = key or daily_key(self.clock())
        scope = {"guild_id": guild_id} if guild_id is not None else {"user_id": user_id}
        if guild_id is None and user_id is None:
            return {"day": key, "today": [], "players_today": 0, "best": [], "mine": True}

        def entry(r: ResultRow) -> dict:
            return {"game": r.game_id, "user": r.user_id, "name": r.name, "total": r.score, "day": r.daily_key,
                    "target": r.target}

        today, count = await self.repo.daily_results(key, limit=limit, **scope)
        best = await self.repo.best_daily_results(limit=limit, **scope)
        return {"day": key, "today": [entry(r) for r in today], "players_today": count,
                "best": [entry(r) for r in best], "mine": guild_id is None}

    async def set_thread(self, game_id: int, thread_id: int) -> None:
        await self.repo.set_thread(game_id, thread_id)

    def _may_manage(self, game: Game, user_id: int, is_admin: bool) -> None:
        if user_id != game.row.creator_id and not is_admin:
            raise NotAllowed("Only the game's creator or a member with Manage Server can do that.")

    async def check_manager(self, game_id: int, user_id: int, is_admin: bool) -> Game:
        """Raises NotAllowed unless the user created the game or has Manage Server."""
        game = await self.load(game_id)
        self._may_manage(game, user_id, is_admin)
        return game

    async def join(self, game_id: int, user_id: int, name: str) -> Game:
        async with self.lock(game_id):
            game = await self.load(game_id)
            if game.status != "lobby":
                raise WrongStage("This game has already started; you can watch it, or start your own with /pu create.")
            if game.seat_of(user_id) is not None:
                raise WrongStage("You are already in this game.")
            if len(game.seats) >= game.options["max_players"]:
                raise WrongStage(f"This game is full ({game.options['max_players']} players).")
            try:
                await self.repo.add_seat(game_id, user_id, name)
            except AlreadySeated:
                raise WrongStage("You are already in this game.") from None
            return await self.load(game_id)

    async def leave(self, game_id: int, user_id: int) -> Game:
        async with self.lock(game_id):
            game = await self.load(game_id)
            if game.status != "lobby":
                raise WrongStage("The game has started: ask its creator to hand your seat to the autopilot "
                                 "(/pu replace) instead.")
            seat = game.seat_of(user_id)
            if seat is None:
                raise NotInGame("You are not in this game.")
            if user_id == game.row.creator_id:
                raise WrongStage("You created this game: cancel it instead (the Cancel button).")
            await self.repo.remove_seat(game_id, game.seats[seat].seat)
            return await self.load(game_id)

    async def kick(self, game_id: int, user_id: int, is_admin: bool, seat: int) -> Game:
        """Remove the player at (0-based) lobby position ``seat``."""
        async with self.lock(game_id):
            game = await self.load(game_id)
            self._may_manage(game, user_id, is_admin)
            if game.status != "lobby":
                raise WrongStage("Players can only be removed in the lobby; use /pu replace during a game.")
            if not 0 <= seat < len(game.seats):
                raise WrongStage(f"There is no player {seat + 1} in this lobby.")
            if game.seats[seat].user_id == game.row.creator_id and not game.seats[seat].is_bot:
                raise WrongStage("The creator cannot be removed; cancel the game instead.")
            await self.repo.remove_seat(game_id, game.seats[seat].seat)
            return await self.load(game_id)

    async def add_bot(self, game_id: int, user_id: int, is_admin: bool) -> Game:
        async with self.lock(game_id):
            game = await self.load(game_id)
            self._may_manage(game, user_id, is_admin)
            if game.status != "lobby":
                raise WrongStage("Computer players can only join in the lobby.")
            if len(game.seats) >= game.options["max_players"]:
                raise WrongStage(f"This game is full ({game.options['max_players']} players).")
            n = sum(1 for s in game.seats if s.is_bot) + 1
            await self.repo.add_seat(game_id, None, f"Autopilot {n}", is_bot=True)
            return await self.load(game_id)

    async def choose_boards(self, game_id: int, user_id: int, *, planet: str | None = None,
                            corporation: str | None = None) -> Game:
        """A seated player's own planet and/or corporation for the coming game (rulebook: each
        player chooses the side of each board). An asymmetric side already chosen by another
        player is refused; "random" (or the game's default) forgets the choice."""
        async with self.lock(game_id):
            game = await self.load(game_id)
            if game.status != "lobby":
                raise WrongStage("Planets and corporations are chosen in the lobby, before the game starts.")
            if game.seat_of(user_id) is None:
                raise NotInGame("Join the game first (the Join button), then choose your planet and corporation.")
            seated = {str(s.user_id) for s in game.seats if not s.is_bot}  # a player who left keeps nothing
            choices = {k: dict(v) for k, v in game.options["choices"].items() if k in seated}
            mine = choices.setdefault(str(user_id), {})
            for kind, value, known, name in (
                    ("planet", planet, SUPPORTED_PLANETS, boards.planet_name),
                    ("corporation", corporation, SUPPORTED_CORPORATIONS, boards.corporation_name)):
                if value is None:
                    continue
                if value in ("random", "default", ""):
                    mine.pop(kind, None)
                    continue
                if value not in known:
                    raise WrongStage(f"There is no {kind} {value!r}; choose one of: {', '.join(known)} "
                                     f"(or random for the game's default).")
                other = boards.taken_by(choices, kind, value, except_user=str(user_id))
                if other is not None:
                    who = next((s.display_name for s in game.seats if str(s.user_id) == other and not s.is_bot),
                               "another player")
                    raise WrongStage(f"{who} has already chosen {name(value)}: each asymmetric side exists "
                                     f"once. Choose another one, or the identical side.")
                mine[kind] = value
            if not mine:
                choices.pop(str(user_id))
            options = {**game.options, "choices": choices}
            await self.repo.set_config(game_id, json.dumps(options), game.version)
            return await self.load(game_id)

    def boards_of(self, game: Game, user_id: int) -> dict:
        """What a lobby player has chosen: {"planet": id or None, "corporation": id or None}."""
        mine = game.options["choices"].get(str(user_id), {})
        return {"planet": mine.get("planet"), "corporation": mine.get("corporation")}

    async def cancel(self, game_id: int, user_id: int, is_admin: bool) -> Game:
        async with self.lock(game_id):
            game = await self.load(game_id)
            self._may_manage(game, user_id, is_admin)
            if game.status not in ("lobby", "active"):
                raise WrongStage("This game is already over.")
            if game.state is None:
                await self.repo.set_status(game_id, "cancelled", game.version)
            else:
                post = self._post(game, f"Game #{game_id} was ended by <@{user_id}> in round {game.state.round}.")
                await self.repo.save_state(game_id, dump(game.state), game.version, status="cancelled",
                                           outbox=[post])
            self._cache.pop(game_id, None)
            return await self.load(game_id)

    async def start(self, game_id: int, user_id: int, is_admin: bool) -> Game:
        async with self.lock(game_id):
            game = await self.load(game_id)
            self._may_manage(game, user_id, is_admin)
            if game.status != "lobby":
                raise WrongStage("This game has already started.")
            n = len(game.seats)
            if n == 0:
                raise WrongStage("Nobody has joined yet.")
            opts = game.options
            seed = opts["seed"] if opts["seed"] is not None else random.SystemRandom().randrange(2 ** 32)
            events = opts["events"]
            events = None if events is None else (False if events == "off" else events)
            if n == 1 and events is False:
                events = None  # solo always plays with events (rulebook); the normal deck by default
            config = make_config(n, private_objectives=opts["private_objectives"], events=events,
                                 **boards.deal(opts["boards"], seed, [game.user_of(i) for i in range(n)],
                                               opts["choices"]))
            state = new_game(config, seed)
            posts = [] if game.row.kind == "daily" else [
                self._post(game, self._start_text(game, state), mentions=self._humans(game))]
            self._transitions(game, state, (0, "setup", None, ()), posts)
            job = await self._run_bots(game, state, posts)
            await self._save(game, job["state"], job["played"], posts, status="active")
            return await self.load(game_id)

    def _start_text(self, game: Game, state: GameState) -> str:
        lines = [f"**Game #{game.id} begins** with {state.players} player(s):"]
        for i in range(state.players):
            planet = D.planet(state.config["planets"][i]).name
            corp = D.corporation(state.config["corporations"][i]).name
            lines.append(f"{i + 1}. {game.mention(i)}: planet {planet}, {corp}")
        solo = public_view(state).get("solo")
        if solo and solo.get("target") is not None:
            lines.append(f"Solo target: **{solo['target']} medals**.")
        if state.phase == "objectives":
            lines.append("First, everyone keeps their private objectives (press **Play**).")
        return "\n".join(lines)

    # ------------------------------------------------------------------ playing

    def _seat_for(self, game: Game, user_id: int, seat: int | None = None) -> int:
        if game.state is None:
            raise WrongStage("This game has not started yet.")
        mine = game.seat_of(user_id)
        if mine is None:
            raise NotInGame("You are not playing in this game.")
        if seat is not None and seat != mine:
            raise NotInGame("These controls belong to another player.")
        return mine

    async def panel(self, game_id: int, user_id: int, ui: dict | None = None) -> Outcome:
        game = await self.load(game_id)
        seat = self._seat_for(game, user_id)
        return Outcome(game, seat, panels.build(game.state, game.id, seat, game.names, ui))

    async def control(self, game_id: int, user_id: int, seat: int, stamp: str, verb: str) -> Outcome:
        """A click on a panel control (button or menu option): ``verb`` as in service.panels."""
        async with self.lock(game_id):
            game = await self.load(game_id)
            mine = self._seat_for(game, user_id, seat)
            if game.status != "active":
                raise WrongStage("This game is over." if game.status == "finished" else "This game was ended.")
            if stamp != panels.stamp_of(game.state, mine):
                raise StaleControl(game_id, mine)
            kind, _, rest = verb.partition(":")
            if kind == "a":
                return await self._act(game, mine, rest)
            if kind == "c":
                return Outcome(game, mine, panels.build(game.state, game.id, mine, game.names,
                                                        {"cursor": self._cursor(game.state, mine, rest)}))
            if kind == "r":
                steps = self._int(rest, "station turn")
                return Outcome(game, mine, panels.build(game.state, game.id, mine, game.names, {"rotation": steps}))
            if kind == "p":
                item, _, offset = rest.partition(":")
                pages = {item: self._int(offset, "page")}
                return Outcome(game, mine, panels.build(game.state, game.id, mine, game.names, {"pages": pages}))
            raise MalformedAction("That control is not one this bot made.", verb)

    @staticmethod
    def _int(text: str, what: str) -> int:
        try:
            return int(text)
        except ValueError:
            raise MalformedAction(f"bad {what}: {text[:20]!r}", text[:20]) from None

    def _cursor(self, state: GameState, seat: int, rest: str) -> tuple[int, int]:
        parts = rest.split(":")
        if parts[0] == "next" and len(parts) == 3:
            return panels.next_placement(state, seat, self._int(parts[1], "square"), self._int(parts[2], "orientation"))
        if len(parts) != 2:
            raise MalformedAction("That control is not one this bot made.", rest)
        anchor, orient = self._int(parts[0], "square"), self._int(parts[1], "orientation")
        if not 0 <= anchor < D.SIZE * D.SIZE or not 0 <= orient < 8:
            raise MalformedAction("That position is off the board.", rest)
        return anchor, orient

    async def act(self, game_id: int, user_id: int, text: str | Action) -> Outcome:
        """Play an action given as text (``place C5 3``) or an Action for the user's seat."""
        async with self.lock(game_id):
            game = await self.load(game_id)
            seat = self._seat_for(game, user_id)
            if game.status != "active":
                raise WrongStage("This game is over." if game.status == "finished" else "This game was ended.")
            return await self._act(game, seat, text)

    async def act_all(self, game_id: int, user_id: int, texts: list[str | Action]) -> Outcome:
        """Play several actions as one request: all of them, or none if one is refused."""
        async with self.lock(game_id):
            game = await self.load(game_id)
            seat = self._seat_for(game, user_id)
            if game.status != "active":
                raise WrongStage("This game is over." if game.status == "finished" else "This game was ended.")
            return await self._act(game, seat, *texts)

    async def _act(self, game: Game, seat: int, *texts: str | Action) -> Outcome:
        state = game.state
        posts: list[tuple[str, str]] = []
        played: list[tuple[int, str]] = []
        for text in texts:
            action = text if not isinstance(text, str) else parse(text)
            before = self._marker(state)
            rules.apply(state, seat, action)  # raises with a message for the player; nothing is saved
            played.append((seat, str(action)))
            self._transitions(game, state, before, posts)
        mine = [a for _, a in played]
        job = await self._run_bots(game, state, posts)
        played += job["played"]
        await self._save(game, job["state"], played, posts)
        game = await self.load(game.id)
        return Outcome(game, seat, panels.build(game.state, game.id, seat, game.names), played=mine)

    def _bots_ready(self, game: Game, state: GameState | None) -> bool:
        """Whether a computer seat has something to decide now."""
        return state is not None and state.phase != "over" and any(
            game.seats[i].is_bot for i in rules.to_act(state))

    async def _run_bots(self, game: Game, state: GameState, posts: list, timed: int | None = None) -> dict:
        """Let computer seats play until a human must decide or the game ends (in a game with
        no human seat left: until the round ends), first the ``timed`` seat's decisions if
        given (its turn timer ran out). The work runs in the worker pool (``bots_job``); the
        caller holds the game's lock across it. Returns the job's answer: "state" (the new
        state), "played" ((seat, action) pairs), "timed" and "round" (the timed seat's moves,
        and the round they were in). Posts are appended to ``posts``."""
        if timed is None and not self._bots_ready(game, state):
            return {"state": state, "played": [], "timed": 0, "round": state.round}
        lean = Game(dataclasses.replace(game.row, state=None), game.seats, None, game.options)
        job = await workers.run(self.executor, bots_job, lean, dump(state), self.autopilot_level, timed)
        posts.extend(job.pop("posts"))
        job["state"] = load(job["state"])
        return job

    async def _continue_bots(self, game_id: int) -> None:
        """The rest of a long autopilot run (a game with no human seat left), a round at a time:
        each round is saved with its posts and the game's lock released before the next, so
        the posts go out as the game goes and the game's other requests are answered between
        rounds. A crash between rounds leaves a "bots" reminder, due at once: ``tick`` resumes."""
        while True:
            async with self.lock(game_id):
                try:
                    game = await self.load(game_id)
                except NoGameHere:
                    return
                if game.status != "active" or not self._bots_ready(game, game.state):
                    await self.repo.clear_reminders(game_id, kind="bots")
                    return
                posts: list = []
                job = await self._run_bots(game, game.state, posts)
                if not job["played"]:  # the autopilot found nothing to play: leave the game as it is
                    await self.repo.clear_reminders(game_id, kind="bots")
                    return
                await self._save(game, job["state"], job["played"], posts)
            self._notify(game_id)
            await asyncio.sleep(0)

    def _notify(self, game_id: int) -> None:
        for listener in self.listeners:
            try:
                listener(game_id)
            except Exception:  # noqa: BLE001 - a listener's bug must not stop the game
                log.exception("game %s: a post listener failed", game_id)

    @classmethod
    def _play_bots(cls, game: Game, state: GameState, posts: list, level: str) -> list[tuple[int, str]]:
        """The bot loop itself (pure: runs in a worker). In a game with no human seat left, it
        stops at the end of the round (the caller saves, then goes on)."""
        played: list[tuple[int, str]] = []
        bots = {i for i, s in enumerate(game.seats) if s.is_bot}
        one_round = len(bots) == len(game.seats)
        start_round = state.round
        guard = 0
        while bots and guard < 20000:
            if one_round and played and state.round != start_round:
                break
            ready = [i for i in rules.to_act(state) if i in bots]
            if not ready:
                break
            seat = ready[0]
            action = autoplay.choose(state, seat, level)
            if action is None:
                break
            before = cls._marker(state)
            try:
                rules.apply(state, seat, action)
            except EngineError:
                action = autoplay.default_action(state, seat)
                if action is None:
                    break
                rules.apply(state, seat, action)
            played.append((seat, str(action)))
            cls._transitions(game, state, before, posts)
            guard += 1
        return played

    # ------------------------------------------------------------------ what the channel hears

    @staticmethod
    def _marker(state: GameState) -> tuple:
        waiting = tuple(i for i in rules.to_act(state))
        return (state.round, state.phase, state.active, waiting)

    @staticmethod
    def _humans(game: Game, seats=None) -> list[int]:
        seats = range(len(game.seats)) if seats is None else seats
        return [u for u in (game.user_of(i) for i in seats) if u is not None]

    @staticmethod
    def _post(game: Game, text: str, *, mentions=(), image: dict | None = None,
              buttons: tuple[str, ...] = ()) -> tuple[str, str]:
        return ("post", json.dumps({"text": text, "mentions": list(mentions), "image": image,
                                    "buttons": list(buttons)}))

    @classmethod
    def _transitions(cls, game: Game, state: GameState, before: tuple, posts: list) -> None:
        round_, phase, active, waiting = before
        if game.row.kind == "daily":
            # a daily challenge shows nothing of the player's game before they finish (others
            # are playing the same tiles today); the result is posted as text only
            if state.phase == "over" and phase != "over":
                result = state.result or scoring.score(state)
                solo = result.get("solo") or {}
                target = f" (target {solo['target']})" if solo.get("target") is not None else ""
                posts.append(cls._post(game, f"🏁 {game.mention(0)} finished the daily challenge "
                                              f"{game.row.daily_key} with {result['players'][0]['total']} medals"
                                              f"{target}. See /pu leaderboard.", mentions=cls._humans(game)))
            return
        if (state.round != round_ or state.phase == "over") and round_ >= 1 and phase != "over" \
                and (state.round, state.phase) != (round_, phase):
            title = f"Game #{game.id}: the planets after round {round_}"
            posts.append(cls._post(game, f"**Round {round_} is over.**", image={
                "kind": "summary", "view": public_view(state), "names": game.names, "title": title}))
        if state.phase == "over" and phase != "over":
            result = state.result or scoring.score(state)
            posts.append(cls._post(game, cls._final_text(game, result), mentions=cls._humans(game), image={
                "kind": "score", "view": public_view(state), "names": game.names}))
            return
        if (state.round, state.phase, state.active) == (round_, phase, active):
            return
        if state.phase == "rotate" and state.commander is not None:
            c = state.commander
            posts.append(cls._post(game, f"**Round {state.round}.** {game.mention(c)}, you are the commander: "
                                          f"turn the space station (press **Play**).",
                                    mentions=cls._humans(game, [c]), buttons=("play", "station")))
        elif state.phase == "turns" and (phase != "turns" or state.round != round_):
            humans = [i for i in rules.to_act(state) if game.user_of(i) is not None]
            who = ", ".join(game.mention(i) for i in humans) or "the computer players"
            event = (public_view(state).get("events") or {}).get("current")
            news = f"\nEvent ({event['colour']}): **{event['name']}**: {event['text']}" if event else ""
            posts.append(cls._post(game, f"**Round {state.round} is open.** {who}: pick and place your tile "
                                          f"(press **Play**).{news}",
                                    mentions=cls._humans(game, humans), buttons=("play", "station")))
        elif state.phase in ("civ", "final") and state.active is not None and state.active != active:
            a = state.active
            what = "choose your civilisation card" if state.phase == "civ" else "settle your last choices"
            if game.user_of(a) is not None:
                posts.append(cls._post(game, f"{game.mention(a)}: {what} (press **Play**).",
                                        mentions=cls._humans(game, [a]), buttons=("play",)))

    @classmethod
    def _digest(cls, game: Game, posts: list) -> list:
        """The posts of one save in a game with no human seat left (the autopilot plays every
        seat, a round per save): one post with the round's texts and its summary image, then
        the final score sheet if the game ended. Prompts to press Play are left out: nobody
        is left to press it."""
        payloads = [json.loads(p) for _, p in posts]
        final = [p for p, pay in zip(posts, payloads) if (pay.get("image") or {}).get("kind") == "score"]
        rest = [pay for p, pay in zip(posts, payloads) if p not in final]
        texts = [pay["text"] for pay in rest if not pay.get("buttons")]
        if not texts:
            return final
        images = [pay["image"] for pay in rest if pay.get("image")]
        text = "\n".join(texts)
        if len(text) > MAX_POST:
            text = text[:MAX_POST - 1] + "…"
        return [cls._post(game, text, image=images[-1] if images else None)] + final

    @classmethod
    def _final_text(cls, game: Game, result: dict) -> str:
        players = {p["seat"]: p for p in result["players"]}
        lines = [f"**Game #{game.id} is over.** Final scores:"]
        for seat in result["ranking"]:
            p = players[seat]
            lines.append(f"{p['place']}. {game.mention(seat)}: {p['total']} medals"
                         + (f" ({p['tie_break']})" if p.get("tie_break") else ""))
        winners = " and ".join(game.mention(s) for s in result["winners"])
        lines.append(f"🏆 {winners} win{'s' if len(result['winners']) == 1 else ''}!"
                     if len(result["players"]) > 1 else "")
        return "\n".join(x for x in lines if x)

    # ------------------------------------------------------------------ saving

    async def _save(self, game: Game, state: GameState, played, posts, status: str | None = None) -> None:
        if state.phase == "over":
            status = "finished"
        if not self._humans(game):
            posts = self._digest(game, posts)
        results = self._results(game, state) if status == "finished" else []
        try:
            version = await self.repo.save_state(game.id, dump(state), game.version, actions=played,
                                                  status=status, outbox=posts, results=results)
        except StaleVersion:
            self._cache.pop(game.id, None)
            raise WrongStage("The game changed while you were acting; please try again.") from None
        self._remember(game.id, version, state)
        await self._schedule(game, state)

    @staticmethod
    def _results(game: Game, state: GameState) -> list[ResultRow]:
        """The seats' final results and per-game summaries of a finished game (service/players.py)."""
        return players.result_rows(game, state)

    async def _schedule(self, game: Game, state: GameState) -> None:
        """Reminders and turn timers of the seats that must act now; others' are dropped."""
        if state.phase == "over":
            await self.repo.clear_reminders(game.id)
            return
        now = self.clock()
        existing = {(r.seat, r.kind) for r in await self.repo.list_reminders(game.id)}
        acting = set(rules.to_act(state))
        if not self._humans(game) and self._bots_ready(game, state):
            bot = next(game.seats[i].seat for i in rules.to_act(state) if game.seats[i].is_bot)
            await self.repo.set_reminder(game.id, bot, "bots", now)  # the run goes on (tick after a crash)
        elif any(kind == "bots" for _, kind in existing):
            await self.repo.clear_reminders(game.id, kind="bots")
        for i, seat_row in enumerate(game.seats):
            if seat_row.is_bot or i not in acting:
                for kind in ("nudge", "last", "timer"):
                    if (seat_row.seat, kind) in existing:
                        await self.repo.clear_reminders(game.id, seat_row.seat, kind)
                continue
            remind = float(game.options["remind_hours"]) * HOUR
            timer = float(game.options["timer_hours"]) * HOUR
            if remind and (seat_row.seat, "nudge") not in existing:
                await self.repo.set_reminder(game.id, seat_row.seat, "nudge", now + remind)
            if timer and (seat_row.seat, "timer") not in existing:
                await self.repo.set_reminder(game.id, seat_row.seat, "timer", now + timer)
            humans_left = [j for j in acting if game.user_of(j) is not None]
            if remind and state.phase == "turns" and humans_left == [i] and state.players > 1 \
                    and (seat_row.seat, "last") not in existing:
                await self.repo.set_reminder(game.id, seat_row.seat, "last", now + remind * LAST_ONE_FRACTION)

    # ------------------------------------------------------------------ time passing

    async def tick(self) -> list[int]:
        """Fire due reminders and turn timers; return the ids of games that have new posts."""
        touched = []
        for rem in await self.repo.due_reminders(self.clock()):
            if rem.kind == "bots":  # an autopilot run that a restart interrupted
                await self._continue_bots(rem.game_id)
                touched.append(rem.game_id)
                continue
            try:
                if await self._fire(rem):
                    touched.append(rem.game_id)
            except (EngineError, GameNotFound, NoGameHere, WrongStage):
                await self.repo.clear_reminders(rem.game_id, rem.seat, rem.kind)
        return sorted(set(touched))

    async def _fire(self, rem) -> bool:
        async with self.lock(rem.game_id):
            game = await self.load(rem.game_id)
            pos = next((i for i, s in enumerate(game.seats) if s.seat == rem.seat), None)
            if game.status != "active" or pos is None or pos not in rules.to_act(game.state):
                await self.repo.clear_reminders(rem.game_id, rem.seat, rem.kind)
                return False
            state = game.state
            if rem.kind == "timer":
                posts: list = []
                job = await self._run_bots(game, state, posts, timed=pos)
                posts.insert(0, self._post(game, f"⏱ Time ran out for {game.mention(pos)} in round {job['round']}: "
                                                 f"the autopilot played {job['timed']} move(s) for them.",
                                           mentions=self._humans(game, [pos])))
                await self.repo.clear_reminders(game.id, rem.seat, "timer")
                await self._save(game, job["state"], job["played"], posts)
                return True
            remind = float(game.options["remind_hours"]) * HOUR
            if rem.kind == "last":
                text = f"{game.mention(pos)}, you are the last one to play round {state.round} of game #{game.id}."
                await self.repo.clear_reminders(game.id, rem.seat, "last")
            else:
                text = f"{game.mention(pos)}, game #{game.id} is waiting for you (round {state.round})."
                await self.repo.set_reminder(game.id, rem.seat, "nudge", self.clock() + max(remind, HOUR))
            version = await self.repo.save_state(
                game.id, dump(state), game.version,
                outbox=[self._post(game, text, mentions=self._humans(game, [pos]), buttons=("play",))])
            self._remember(game.id, version, state)
            return True

    async def set_reminders(self, game_id: int, user_id: int, enabled: bool) -> Game:
        game = await self.load(game_id)
        seat = game.seat_of(user_id)
        if seat is None:
            raise NotInGame("You are not playing in this game.")
        await self.repo.set_seat_reminders(game_id, game.seats[seat].seat, enabled)
        return await self.load(game_id)

    # ------------------------------------------------------------------ creator tools

    async def replace(self, game_id: int, user_id: int, is_admin: bool, seat: int,
                      new_user: tuple[int, str] | None) -> Game:
        """Hand (0-based) ``seat`` to another user, or to the autopilot when ``new_user`` is None."""
        async with self.lock(game_id):
            game = await self.load(game_id)
            self._may_manage(game, user_id, is_admin)
            if game.status != "active":
                raise WrongStage("Only seats of a game in progress can be handed over.")
            if not 0 <= seat < len(game.seats):
                raise WrongStage(f"There is no player {seat + 1} in this game.")
            row = game.seats[seat]
            old = game.mention(seat)
            if new_user is None:
                await self.repo.replace_seat_user(game_id, row.seat, None, f"Autopilot ({row.display_name})", is_bot=True)
            else:
                try:
                    await self.repo.replace_seat_user(game_id, row.seat, new_user[0], new_user[1])
                except AlreadySeated:
                    raise WrongStage("That member already plays another seat in this game.") from None
            game = await self.load(game_id)
            if not self._humans(game):  # the autopilot plays the rest: resumed by tick after a crash
                await self.repo.set_reminder(game_id, row.seat, "bots", self.clock())
            posts = [self._post(game, f"Seat {seat + 1} ({old}) is now played by {game.mention(seat)}.",
                                mentions=self._humans(game, [seat]))]  # the new player is told (pinged)
            job = await self._run_bots(game, game.state, posts)
            await self._save(game, job["state"], job["played"], posts)
        self._notify(game_id)
        await self._continue_bots(game_id)  # with no human left: the rest of the game, round by round
        return await self.load(game_id)

    # ------------------------------------------------------------------ looking at the game

    def viewer_seat(self, game: Game, user_id: int) -> int | None:
        return game.seat_of(user_id) if game.state is not None else None

    def view(self, game: Game, user_id: int) -> dict:
        """What this user may see: their seat's view, or the public one for onlookers."""
        return view_for(game.state, self.viewer_seat(game, user_id))

    def standings(self, game: Game, user_id: int) -> dict:
        """The current score breakdown from the user's point of view: other players' hidden
        cards (private objectives, end-game civ cards) and unconfirmed turns are left out."""
        state = copy(game.state)
        me = self.viewer_seat(game, user_id)
        for i, s in enumerate(state.seats):
            if i == me:
                continue
            if state.phase == "turns" and s.snapshot is not None:
                from engine.board import Board
                from engine.state import Corp
                s.board = Board.from_json(s.snapshot["board"])
                s.corp = Corp.from_json(s.snapshot["corp"])
            if state.phase != "over":
                s.corp.objectives = []
                s.corp.civ_cards = [c for c in s.corp.civ_cards if D.civ_card(c).timing == "immediate"]
        return scoring.score(state)

    def status_text(self, game: Game) -> str:
        if game.status == "lobby":
            names = ", ".join(s.display_name for s in game.seats)
            return (f"Game #{game.id} is in its lobby: {len(game.seats)}/{game.options['max_players']} "
                    f"players ({names}).")
        state = game.state
        if game.status in ("finished", "cancelled") or state.phase == "over":
            return f"Game #{game.id} is {'over' if game.status == 'finished' else 'ended'}."
        acting = rules.to_act(state)
        stage = {"objectives": "choosing private objectives", "rotate": "the commander turns the station",
                 "turns": "everyone plays", "civ": "civilisation cards", "final": "final choices"}[state.phase]
        lines = [f"Game #{game.id}, round {state.round}: {stage}."]
        for i in range(state.players):
            mark = "⏳ to play" if i in acting else "✅ done"
            lines.append(f"{mark}: {game.seats[i].display_name}" + (" (computer)" if game.seats[i].is_bot else ""))
        return "\n".join(lines)

    # ------------------------------------------------------------------ images

    async def render(self, kind: str, *args, **kwargs) -> bytes:
        """PNG bytes of a render kind, drawn in the worker pool (a few at a time)."""
        from render import render_png
        async with self._render:
            return await workers.run(self.executor, render_png, kind, *args, **kwargs)

    async def render_panel(self, panel: panels.Panel) -> bytes | None:
        if panel.image is None:
            return None
        kind, args, kwargs = panel.image
        return await self.render(kind, *args, **kwargs)

    async def render_post(self, payload: dict) -> bytes | None:
        image = payload.get("image")
        if not image:
            return None
        if image["kind"] == "summary":
            return await self.render("summary", image["view"], image["names"], title=image.get("title"))
        if image["kind"] == "score":
            return await self.render("score", image["view"], image["names"])
        raise ValueError(f"unknown post image {image['kind']!r}")

    # ------------------------------------------------------------------ the outbox

    async def pending_posts(self, game_id: int | None = None) -> list[tuple[OutboxRow, dict]]:
        return [(row, json.loads(row.payload)) for row in await self.repo.pending_outbox(game_id)]

    async def mark_posted(self, outbox_id: int) -> bool:
        return await self.repo.mark_sent(outbox_id)



def bots_job(game: Game, state_json: str, level: str, timed: int | None = None) -> dict:
    """The computer players' work on a game, as a worker runs it (pure data in and out): the
    ``timed`` seat's decisions first if given (its turn timer ran out), then the computer
    seats' (GameService._play_bots). Returns the new state as JSON, the (seat, action)
    pairs played, the posts owed, and the timed seat's move count and round."""
    state = load(state_json)
    game.state = state
    posts: list = []
    played: list[tuple[int, str]] = []
    if timed is not None:
        before = GameService._marker(state)
        played = [(timed, str(action)) for action in autoplay.play_for(state, timed, level)]
        GameService._transitions(game, state, before, posts)
    timed_moves, timed_round = len(played), state.round
    played += GameService._play_bots(game, state, posts, level)
    return {"state": dump(state), "played": played, "posts": posts, "timed": timed_moves, "round": timed_round}
