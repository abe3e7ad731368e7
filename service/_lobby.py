"""The lobby part of GameService: creating games (normal, solo, the daily challenge), seats
coming and going, planets and corporations chosen, cancelling and starting; the daily
challenge's leaderboard."""
from __future__ import annotations

import json
import random

from db.errors import AlreadySeated, DailyGameExists
from db.repository import ResultRow
from i18n import _, ngettext, use

from . import boards, kinds
from ._host import Host
from ._model import BOT_LEVELS, Game, daily_key
from .errors import ConfigError, NotAllowed, NotInGame, WrongStage
from .kinds.planet_unknown import SUPPORTED_CORPORATIONS, SUPPORTED_PLANETS


class Lobby(Host):
    """Mixed into GameService (service.games): uses its lock, load and save."""

    async def create(self, *, creator_id: int, creator_name: str, guild_id: int | None, channel_id: int | None,
                     options: dict | None = None, kind: str = "normal", daily_key: str | None = None,
                     game: str = kinds.DEFAULT) -> Game:
        """A new lobby of ``game`` (a game kind's name: service/kinds) with its creator seated.
        Raises ConfigError for an option the game does not take or a value it does not accept."""
        try:
            plays = kinds.get(game)
        except kinds.UnknownGameKind:
            raise ConfigError(_("There is no game {name}; choose one of: {known}.").format(
                name=repr(game), known=", ".join(kinds.names()))) from None
        opts = plays.check_options(options or {})
        game_id = await self.repo.create_game(creator_id=creator_id, guild_id=guild_id, channel_id=channel_id,
                                          config=json.dumps(opts), kind=kind, daily_key=daily_key,
                                          seats=[(creator_id, creator_name, False)], game=game)
        return await self.load(game_id)

    async def daily(self, *, user_id: int, name: str, guild_id: int | None, channel_id: int | None,
                    language: str | None = None, game: str = kinds.DEFAULT, front: str = "discord") -> Game:
        """Today's daily challenge of ``game`` for this player: the same solo setup for everyone
        today (the game kind's ``daily_options``; each game has its own daily). One attempt per
        player, game and day: an unfinished attempt carries on; a finished one is refused politely
        (the kind's ``daily_done`` says what it came to). ``front``: where it is played (the
        instructions it gives name that place's commands: service/_model.py FRONTS)."""
        plays = kinds.get(game)
        key = daily_key(self.clock())
        row = await self.repo.find_daily_game(key, user_id, plays.name)
        if row is not None:
            if row.status == "active":
                return await self.load(row.id)
            raise WrongStage(plays.daily_done(key, row))
        options = {**plays.daily_options(key), "language": language, "front": front}
        try:
            created = await self.create(creator_id=user_id, creator_name=name, guild_id=guild_id,
                                        channel_id=channel_id, options=options, kind="daily", daily_key=key,
                                        game=plays.name)
        except DailyGameExists:
            raise WrongStage(plays.daily_started()) from None
        return await self.start(created.id, user_id, False)

    async def leaderboard(self, guild_id: int | None, key: str | None = None, limit: int = 10,
                          user_id: int | None = None) -> dict:
        """Finished daily challenges: today's (or ``key``'s) ranking and the best ever, in a
        server; outside a server (``guild_id`` None: a direct message) only ``user_id``'s own
        results ("mine": True), since a DM must not show other servers' players. "you": in a
        server, ``user_id``'s own result of the day with its rank when it is below the ``limit``
        listed (None otherwise). Read from the results table (indexed queries), never from the
        games' states."""
        key = key or daily_key(self.clock())
        scope = {"guild_id": guild_id} if guild_id is not None else {"user_id": user_id}
        if guild_id is None and user_id is None:
            return {"day": key, "today": [], "players_today": 0, "best": [], "mine": True}

        def entry(r: ResultRow) -> dict:
            return {"game": r.game_id, "user": r.user_id, "name": r.name, "total": r.score, "day": r.daily_key,
                    "target": r.target}

        today, count = await self.repo.daily_results(key, limit=limit, **scope)
        best = await self.repo.best_daily_results(limit=limit, **scope)
        you = None
        if guild_id is not None and user_id is not None and count > len(today) \
                and all(r.user_id != user_id for r in today):
            found = await self.repo.daily_rank(key, user_id, guild_id=guild_id)
            if found is not None:
                you = {**entry(found[0]), "rank": found[1]}
        return {"day": key, "today": [entry(r) for r in today], "players_today": count,
                "best": [entry(r) for r in best], "mine": guild_id is None, "you": you}

    async def set_thread(self, game_id: int, thread_id: int | None) -> None:
        await self.repo.set_thread(game_id, thread_id)

    def _may_manage(self, game: Game, user_id: int, is_admin: bool) -> None:
        if user_id != game.row.creator_id and not is_admin:
            raise NotAllowed(_("Only the game's creator or a member with Manage Server can do that."))

    async def check_manager(self, game_id: int, user_id: int, is_admin: bool) -> Game:
        """Raises NotAllowed unless the user created the game or has Manage Server."""
        game = await self.load(game_id)
        self._may_manage(game, user_id, is_admin)
        return game

    async def join(self, game_id: int, user_id: int, name: str) -> Game:
        async with self.locked_game(game_id) as game:
            if game.status != "lobby":
                raise WrongStage(_("This game has already started; you can watch it, or start your own with "
                                   "{command} create.").format(command=game.kind.command))
            if game.seat_of(user_id) is not None:
                raise WrongStage(_("You are already in this game."))
            if len(game.seats) >= game.options["max_players"]:
                raise WrongStage(ngettext("This game is full ({n} player).", "This game is full ({n} players).",
                                          game.options['max_players']).format(n=game.options['max_players']))
            try:
                await self.repo.add_seat(game_id, user_id, name)
            except AlreadySeated:
                raise WrongStage(_("You are already in this game.")) from None
            return await self.load(game_id)

    async def leave(self, game_id: int, user_id: int) -> Game:
        async with self.locked_game(game_id) as game:
            if game.status != "lobby":
                raise WrongStage(game.kind.phrase("leave_started"))
            seat = game.seat_of(user_id)
            if seat is None:
                raise NotInGame(_("You are not in this game."))
            if user_id == game.row.creator_id:
                raise WrongStage(_("You created this game: cancel it instead (the Cancel button)."))
            await self.repo.remove_seat(game_id, game.seats[seat].seat)
            return await self.load(game_id)

    async def kick(self, game_id: int, user_id: int, is_admin: bool, seat: int) -> Game:
        """Remove the player at (0-based) lobby position ``seat``."""
        async with self.locked_game(game_id) as game:
            self._may_manage(game, user_id, is_admin)
            if game.status != "lobby":
                raise WrongStage(_("Players can only be removed in the lobby; use {command} host replace during a "
                                   "game.").format(command=game.kind.command))
            if not 0 <= seat < len(game.seats):
                raise WrongStage(_("There is no player {n} in this lobby.").format(n=seat + 1))
            if game.seats[seat].user_id == game.row.creator_id and not game.seats[seat].is_bot:
                raise WrongStage(_("The creator cannot be removed; cancel the game instead."))
            await self.repo.remove_seat(game_id, game.seats[seat].seat)
            levels = game.options.get("bot_levels", {})
            if str(game.seats[seat].seat) in levels:  # the seat number may be someone else's next
                levels = {k: v for k, v in levels.items() if k != str(game.seats[seat].seat)}
                await self.repo.set_config(game_id, json.dumps({**game.options, "bot_levels": levels}))
            return await self.load(game_id)

    async def add_bot(self, game_id: int, user_id: int, is_admin: bool, level: str | None = None) -> Game:
        """Seat a computer player of ``level`` (BOT_LEVELS; None: the service's level); its level
        is kept with the game's options, by seat number, and shown in its name unless normal."""
        if level is not None and level not in BOT_LEVELS:
            raise ConfigError(_("There is no computer player level {level}; choose one of: {choices}.").format(
                level=repr(level), choices=", ".join(BOT_LEVELS)))
        async with self.locked_game(game_id) as game:
            self._may_manage(game, user_id, is_admin)
            if game.status != "lobby":
                raise WrongStage(_("Computer players can only join in the lobby."))
            if len(game.seats) >= game.options["max_players"]:
                raise WrongStage(ngettext("This game is full ({n} player).", "This game is full ({n} players).",
                                          game.options['max_players']).format(n=game.options['max_players']))
            n = sum(1 for s in game.seats if s.is_bot) + 1
            with use(game.options.get("language")):  # a seat's name is public: the game's language
                name = game.kind.phrase("bot_name", n, level=level)
            number = await self.repo.add_seat(game_id, None, name, is_bot=True)
            levels = {k: v for k, v in game.options.get("bot_levels", {}).items() if k != str(number)}
            if level is not None:
                levels[str(number)] = level
            await self.repo.set_config(game_id, json.dumps({**game.options, "bot_levels": levels}))
            return await self.load(game_id)

    async def choose_boards(self, game_id: int, user_id: int, *, planet: str | None = None,
                            corporation: str | None = None) -> Game:
        """A seated player's own planet and/or corporation for the coming game (rulebook: each
        player chooses the side of each board). An asymmetric side already chosen by another
        player is refused; "random" (or the game's default) forgets the choice."""
        async with self.locked_game(game_id) as game:
            if game.status != "lobby":
                raise WrongStage(_("Planets and corporations are chosen in the lobby, before the game starts."))
            if game.seat_of(user_id) is None:
                raise NotInGame(_("Join the game first (the Join button), then choose your planet and corporation."))
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
                    raise ConfigError((_("There is no planet {value}; choose one of: {known} (or random for the "
                                         "game's default).") if kind == "planet" else
                                       _("There is no corporation {value}; choose one of: {known} (or random for "
                                         "the game's default).")).format(value=repr(value), known=", ".join(known)))
                other = boards.taken_by(choices, kind, value, except_user=str(user_id))
                if other is not None:
                    who = next((s.display_name for s in game.seats if str(s.user_id) == other and not s.is_bot),
                               _("another player"))
                    raise WrongStage(_("{who} has already chosen {side}: each asymmetric side exists "
                                       "once. Choose another one, or the identical side.").format(who=who, side=name(value)))
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
        async with self.locked_game(game_id) as game:
            self._may_manage(game, user_id, is_admin)
            if game.status not in ("lobby", "active"):
                raise WrongStage(_("This game is already over."))
            if game.state is None:
                await self.repo.set_status(game_id, "cancelled", game.version)
            else:
                # a player who ends the game forfeits it (service.players ended_rows: the ratings' rule)
                rows = game.kind.ended_rows(game, game.state, user_id)
                with use(game.language):
                    text = game.kind.phrase("ended", game=game_id, player=f"<@{user_id}>",
                                            moment=game.kind.round_of(game.state))
                    if rows:
                        text += " " + _("⚖️ It counts as their forfeit: ratings move as the score stood, with "
                                        "them last.")
                    elif len({s.user_id for s in game.seats if s.user_id is not None}) > 1:
                        text += " " + _("It moves no rating.")
                post = self._post(game, text)
                await self.repo.save_state(game_id, game.kind.dump(game.state), game.version, status="cancelled",
                                           outbox=[post], results=rows)
            self._cache.pop(game_id, None)
            return await self.load(game_id)

    async def start(self, game_id: int, user_id: int, is_admin: bool) -> Game:
        async with self.locked_game(game_id) as game:
            self._may_manage(game, user_id, is_admin)
            if game.status != "lobby":
                raise WrongStage(_("This game has already started."))
            n = len(game.seats)
            if n == 0:
                raise WrongStage(_("Nobody has joined yet."))
            opts = game.options
            seed = opts["seed"] if opts["seed"] is not None else random.SystemRandom().randrange(2 ** 32)
            state = game.kind.new_state(game, seed)
            # round 1 like every later round: the players' own settings (quiet hours, round ping,
            # reminder delay) and away spells apply from the start post on
            game.settings, game.away = await self._seat_settings("active", game.seats, opts)
            posts = [] if game.row.kind == "daily" else [
                self._post(game, game.kind.start_text(game, state), mentions=self._humans(game))]
            game.kind.transitions(game, state, (0, "setup", None, ()), posts)
            job = await self._run_bots(game, state, posts)
            await self._save(game, job["state"], job["played"], posts, status="active")
            await self._note_option(game_id, "started_at", self.clock())  # the time per round counts from here
            return await self.load(game_id)
