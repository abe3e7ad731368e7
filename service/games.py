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
import contextlib
import dataclasses
import json
import logging
import pickle
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Executor

import i18n
from db.errors import GameNotFound, StaleVersion
from db.lock import LOCK_GAME
from db.players import PlayerRepository
from db.repository import GameRepository, OutboxRow, ResultRow
from i18n import _

from . import kinds, outcomes, panels, players, ratings, workers
from ._async import AsyncPlay
from ._hint import Hints
from ._history import History
from ._league import League
from ._lobby import Lobby
from ._model import (
    BOARD_CHOICES,
    DEFAULT_OPTIONS,
    EVENT_CHOICES,
    HOUR,
    LAST_ONE_FRACTION,
    MAX_POST,
    Game,
    Outcome,
    _options,
    check_options,
    daily_key,
    daily_seed,
)
from ._play import Play
from ._timers import Timers
from .errors import NoGameHere, WrongStage
from .kinds.planet_unknown import bots_job  # Planet Unknown's worker job, where it was found before kinds

__all__ = ["GameService", "Game", "Outcome", "DEFAULT_OPTIONS", "BOARD_CHOICES", "EVENT_CHOICES", "HOUR",
           "LAST_ONE_FRACTION", "MAX_POST", "check_options", "daily_key", "daily_seed", "bots_job"]
log = logging.getLogger(__name__)


class GameService(Lobby, Play, Timers, AsyncPlay, History, League, Hints):
    """The one entry point of the cogs and the console. Its requests live by concern in
    package-private modules: the lobby (service/_lobby.py), playing and computer seats
    (_play.py), reminders and turn timers (_timers.py), personal settings, away mode, pauses and
    stalled games (_async.py), the league's rating rules (_league.py), the posts a game's channel hears
    (_announce.py), hints and the guided first game (_hint.py), the Game and Outcome types and the
    lobby options (_model.py). Here:
    loading and saving under the game's lock, what a user may see, images, the outbox."""

    def __init__(self, repo: GameRepository, *, clock: Callable[[], float] = time.time,
                 render_slots: int = 2, autopilot_level: str = "greedy", cache_size: int = 200,
                 executor: Executor | None = None, hard_turn_s: float | None = None):
        self.repo = repo
        self.clock = clock
        self.autopilot_level = autopilot_level
        # CPU seconds a hard computer player thinks per whole turn (the server's
        # HARD_TURN_SECONDS; None: autopilot.hard.BUDGET_S)
        self.hard_turn_s = hard_turn_s
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
        # the games without scores' daily boards, profiles and records (service/outcomes.py)
        self.outcomes = outcomes.Outcomes(repo, self.players, clock)
        self._hints: OrderedDict[tuple[int, str], dict] = OrderedDict()  # hints by game and decision (_hint.py)

    # ------------------------------------------------------------------ loading

    def lock(self, game_id: int):
        """Changes to one game, one at a time: this process's lock for the game, plus (on
        PostgreSQL, shared by several processes) the database's lock for it (db guard)."""
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return self.repo.db.guard(LOCK_GAME, game_id, lock)

    @contextlib.asynccontextmanager
    async def locked_game(self, game_id: int) -> AsyncIterator[Game]:
        """The game, loaded under its lock, which is held until the block ends (load -> apply
        -> save of one request). Raises NoGameHere if there is no such game."""
        async with self.lock(game_id):
            yield await self.load(game_id)

    async def load(self, game_id: int) -> Game:
        """Raises NoGameHere if there is no such game."""
        try:
            row, seats = await self.repo.get_game_and_seats(game_id)
        except GameNotFound:
            raise NoGameHere(_("There is no game #{game}.").format(game=game_id)) from None
        state = None
        if row.state is not None:
            cached = self._cache.get(game_id)
            if cached is not None and cached[0] == row.version:
                state = pickle.loads(cached[1])
                self._cache.move_to_end(game_id)
            else:
                state = kinds.get(row.game).load(row.state)
                self._remember(game_id, row.version, state)
        options = _options(row.config, kinds.get(row.game).default_options)
        settings, away = await self._seat_settings(row.status, seats, options)
        return Game(row, seats, state, options, settings, away)

    def _remember(self, game_id: int, version: int, state) -> None:
        self._cache[game_id] = (version, pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL))
        self._cache.move_to_end(game_id)
        while len(self._cache) > self.cache_size:
            self._cache.popitem(last=False)

    async def game_here(self, channel_id: int, parent_id: int | None = None, user_id: int | None = None,
                        game: str | None = None, *, asked_by: str | None = None) -> Game:
        """The game a command used in this thread or channel is about.

        A game's own thread wins; otherwise, among the open games of the channel (or of the
        thread's parent channel), the user's own (most recent first), then any other. A
        solo or daily game is only ever found by its own player. ``game``: only games of that
        kind (service/kinds; a game's own commands look for their game only). ``asked_by``: the
        command used (a kind's ``command``), whose game's words say that there is none here.
        """
        for cid in (channel_id, parent_id):
            if cid is None:
                continue
            rows = [r for r in await self.repo.list_games(channel_or_thread_id=cid) if game in (None, r.game)]
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
        raise NoGameHere(kinds.by_command(asked_by).phrase("no_game_here") if asked_by else None)

    async def games_of(self, user_id: int, guild_id: int | None = None) -> list[Game]:
        """Open games (lobby or in progress) the user has a seat in."""
        rows = await self.repo.list_games(status=("lobby", "active"), guild_id=guild_id, user_id=user_id)
        return [await self.load(row.id) for row in rows]

    # ------------------------------------------------------------------ lobby

    # ------------------------------------------------------------------ playing

    # ------------------------------------------------------------------ what the channel hears

    # ------------------------------------------------------------------ saving

    async def _save(self, game: Game, state, played, posts, status: str | None = None) -> Game:
        """Store the new state with its log, posts and reminders; return the game as saved."""
        if game.kind.is_over(state):
            status = "finished"
        posts = await game.kind.add_logs(self, game, state, played, posts)  # round logs, end-of-game facts
        if not self._humans(game):
            posts = self._digest(game, posts)
        posts = self._filter_pings(game, self._add_deadlines(game, posts))
        opened = any(json.loads(raw).get("ping") == "round" for kind, raw in posts if kind == "post")
        results = self._results(game, state) if status == "finished" else []
        outcomes = game.kind.outcome_rows(game, state) if status == "finished" else []
        text = game.kind.dump(state)
        # what this save noted in the options (the rounds the autopilot played for away players)
        config = json.dumps(game.options) if game.options != _options(game.row.config) else None
        try:
            # the new state and its reminders and timers in one transaction: a crash between the
            # two would leave a seat without its turn timer (the game waiting forever)
            async with self.repo.db.transaction():
                version = await self.repo.save_state(game.id, text, game.version, actions=played,
                                                      status=status, outbox=posts, results=results,
                                                      config=config, outcomes=outcomes)
                await self._schedule(game, state, moved=bool(played), fresh_timers=opened)
        except StaleVersion:
            self._cache.pop(game.id, None)
            raise WrongStage(_("The game changed while you were acting; please try again.")) from None
        self._remember(game.id, version, state)
        row = dataclasses.replace(game.row, state=text, version=version, status=status or game.row.status,
                                  updated_at=self.repo.clock(), config=config or game.row.config)
        return dataclasses.replace(game, row=row, state=state)

    async def _note_option(self, game_id: int, key: str, value) -> None:
        """Record a fact about the game in its options (the caller holds the game's lock): when
        it started, which seats the autopilot took over. The cached state stays valid."""
        row = await self.repo.get_game(game_id)
        options = json.loads(row.config or "{}")
        options = {**(options if isinstance(options, dict) else {}), key: value}
        version = await self.repo.set_config(game_id, json.dumps(options), row.version)
        cached = self._cache.get(game_id)
        if cached is not None and cached[0] == row.version:
            self._cache[game_id] = (version, cached[1])

    @staticmethod
    def _results(game: Game, state) -> list[ResultRow]:
        """The seats' final results and per-game summaries of a finished game (the game kind's:
        Planet Unknown's in service/players.py; none for a game without scores)."""
        return game.kind.result_rows(game, state)

    # ------------------------------------------------------------------ time passing

    # ------------------------------------------------------------------ creator tools

    # ------------------------------------------------------------------ looking at the game

    def viewer_seat(self, game: Game, user_id: int) -> int | None:
        return game.seat_of(user_id) if game.state is not None else None

    def view(self, game: Game, user_id: int) -> dict:
        """What this user may see: their seat's view, or the public one for onlookers."""
        if game.state is None:
            raise WrongStage(_("This game has not started yet."))
        return game.kind.view(game.state, self.viewer_seat(game, user_id))

    def standings(self, game: Game, user_id: int) -> dict:
        """The current score breakdown from the user's point of view (engine.view.score_for: what
        their view hides, such as other players' private cards and unconfirmed turns, is left out)."""
        if game.state is None:
            raise WrongStage(_("This game has not started yet."))
        return game.kind.standings(game.state, self.viewer_seat(game, user_id))

    def status_text(self, game: Game) -> str:
        return game.kind.status_text(game)

    def waiting_text(self, game: Game, user_id: int) -> str:
        """Whom an open game waits for, as the user's list of games (/me games) shows it: "⏳ to
        play: you, Bob." (a seat the autopilot plays for an away player is named as played by it);
        empty in a lobby and in a game that is over."""
        if game.status != "active" or game.state is None or game.kind.is_over(game.state):
            return ""
        mine = game.seat_of(user_id)
        names = []
        for i in dict.fromkeys(game.kind.to_act(game.state)):
            name = _("you") if i == mine else game.seats[i].display_name
            names.append(game.kind.phrase("while_away", name=name) if i in game.away else name)
        return _("⏳ to play: {names}.").format(names=", ".join(names)) if names else ""

    async def outcome_profile(self, user_id: int, game: str, scope: players.Scope | None = None) -> dict:
        """A person's record in a game kind without scores (its outcomes: games, wins ..., and
        "daily": their daily streaks) over ``scope`` (service.players.scope_for; None: all their
        games): service/outcomes.py."""
        return await self.outcomes.outcome_profile(user_id, kinds.get(game), scope)

    async def outcome_profiles(self, user_id: int, scope: players.Scope | None = None) -> list[dict]:
        """The parts of a person's profile that the games without scores add, for those they have
        played in ``scope``, in the language in use: each {"text": the kind's ``profile_text``,
        "section": its ``profile_tiles`` for the profile image, or None}."""
        parts = []
        for name in kinds.names():
            plays = kinds.get(name)
            profile = await self.outcomes.outcome_profile(user_id, plays, scope)
            text = plays.profile_text(profile) if profile.get("games") else None
            if text:
                parts.append({"text": text, "section": plays.profile_tiles(profile)})
        return parts

    async def outcome_records(self, game: str, guild_id: int) -> dict:
        """A server's records in a game kind without scores: service/outcomes.py."""
        return await self.outcomes.outcome_records(kinds.get(game), guild_id)

    async def daily_board(self, game: str, *, guild_id: int | None, user_id: int, day: str | None = None,
                          scope: str = "server") -> dict:
        """A game without scores' daily leaderboard with streaks: service/outcomes.py
        (Outcomes.daily_board, which says what it raises)."""
        return await self.outcomes.daily_board(kinds.get(game), guild_id=guild_id, user_id=user_id, day=day,
                                               scope=scope)

    # ------------------------------------------------------------------ images

    async def render(self, kind: str, *args, **kwargs) -> bytes:
        """PNG bytes of a render kind, drawn in the worker pool (a few at a time)."""
        from render import render_png
        async with self._render:  # the language in use now travels with the job (a worker has its own)
            return await workers.run(self.executor, render_png, kind, *args, language=i18n.language(), **kwargs)

    async def render_panel(self, panel: panels.Panel) -> bytes | None:
        if panel.image is None:
            return None
        kind, args, kwargs = panel.image
        return await self.render(kind, *args, **kwargs)

    async def render_post(self, payload: dict) -> bytes | None:
        image = payload.get("image")
        if not image:
            return None
        if "args" in image:  # a render kind with its arguments (render.RENDERERS), as a game kind queued it:
            with i18n.use(payload.get("language")):  # a public post's image: the game's language
                return await self.render(image["kind"], *image["args"], **image.get("kwargs", {}))
        if image["kind"] == "summary":
            return await self.render("summary", image["view"], image["names"], title=image.get("title"))
        if image["kind"] == "score":  # with the medals chart under it (posts queued since /pu export)
            return await self.render("final" if image.get("chart") else "score", image["view"], image["names"])
        raise ValueError(f"unknown post image {image['kind']!r}")

    # ------------------------------------------------------------------ the outbox

    async def pending_posts(self, game_id: int | None = None) -> list[tuple[OutboxRow, dict]]:
        return [(row, json.loads(row.payload)) for row in await self.repo.pending_outbox(game_id)]

    async def mark_posted(self, outbox_id: int) -> bool:
        return await self.repo.mark_sent(outbox_id)



