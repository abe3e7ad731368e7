"""The playing part of GameService: a player's moves (typed, or clicks on their panel), the
suggestions of the autocomplete, computer seats playing in the worker pool (``bots_job``),
and seats handed over during a game."""
from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Sequence
from typing import Any

from db.errors import AlreadySeated
from engine.errors import MalformedAction
from i18n import _, use

from . import controls, words, workers
from ._host import Host
from ._model import BOT_LEVELS, Game, Outcome
from .errors import ConfigError, NoGameHere, NotInGame, StaleControl, WrongStage

log = logging.getLogger("service.games")  # the service's logger, as before the split


class Play(Host):
    """Mixed into GameService (service.games): uses its lock, load and save."""

    def _seat_for(self, game: Game, user_id: int, seat: int | None = None) -> int:
        if game.state is None:
            raise WrongStage(_("This game has not started yet."))
        mine = game.seat_of(user_id)
        if mine is None:
            raise NotInGame(_("You are not playing in this game."))
        if seat is not None and seat != mine:
            raise NotInGame(_("These controls belong to another player."))
        return mine

    @staticmethod
    def _must_be_playing(game: Game) -> None:
        if game.status != "active":
            raise WrongStage(_("This game is over.") if game.status == "finished" else _("This game was ended."))

    def suggest_actions(self, game: Game, user_id: int, typed: str = "") -> list[str]:
        """The user's legal moves as text, those starting with ``typed`` (autocomplete of /pu act);
        none for an onlooker or before the game starts."""
        seat = game.seat_of(user_id)
        if seat is None or game.state is None:
            return []
        want = typed.strip().lower()
        return [t for t in (str(a) for a in game.kind.legal_actions(game.state, seat)) if t.startswith(want)]

    def suggest_squares(self, game: Game, user_id: int, tile: str | None = None, orient: int | None = None) -> list[str]:
        """The squares (e.g. "C5") where the user's tile fits, in board order, in ``orient``
        if given (autocomplete of /pu place); ``tile`` ("small" or "large") is the depot tile
        the command would pick first. ``game.state`` is the caller's own copy: it may change."""
        from .kinds.planet_unknown import squares_for  # Planet Unknown's own request (/pu place)
        seat = game.seat_of(user_id)
        if seat is None or game.state is None:
            return []
        return squares_for(game.state, seat, tile, orient)

    async def panel(self, game_id: int, user_id: int, ui: dict | None = None) -> Outcome:
        game = await self.load(game_id)
        seat = self._seat_for(game, user_id)
        assert game.state is not None  # _seat_for refuses a game that has not started
        if game.options.get("learn"):  # the guided game notes the lessons it shows: under the game's lock
            async with self.locked_game(game_id) as game:
                seat = self._seat_for(game, user_id)
                return Outcome(game, seat, await game.kind.panel(self, game, seat, ui))
        return Outcome(game, seat, await game.kind.panel(self, game, seat, ui))

    async def control(self, game_id: int, user_id: int, seat: int, stamp: str, verb: str) -> Outcome:
        """A click on a panel control (button or menu option): ``verb`` as in service.panels."""
        async with self.locked_game(game_id) as game:
            mine = self._seat_for(game, user_id, seat)
            self._must_be_playing(game)
            assert game.state is not None  # _seat_for refuses a game that has not started
            if stamp != game.kind.stamp(game.state, mine):
                raise StaleControl(game_id, mine)
            shown = await game.kind.control(self, game, mine, verb)  # the game's own verbs (nothing played)
            if shown is not None:
                return Outcome(game, mine, shown)
            kind, _sep, rest = verb.partition(":")
            if kind == "a":
                return await self._act(game, mine, rest)
            raise MalformedAction(_("That control is not one this bot made."), verb)

    async def act(self, game_id: int, user_id: int, text: str | Any, *, typed: bool = False) -> Outcome:
        """Play an action given as text (``place C5 3``) or an Action for the user's seat.
        ``typed``: the move as a player typed it, without the panel's preview: a move the game
        asks to confirm (GameKind.check_typed: a Planet Unknown placement that destroys a lifepod
        or a rover) raises NeedsConfirmation unless the move ends with ``confirm`` (``place C5 3 confirm``)."""
        async with self.locked_game(game_id) as game:
            seat = self._seat_for(game, user_id)
            self._must_be_playing(game)
            sure = False
            if isinstance(text, str):
                text, sure = confirming(words.neutral(text))
            return await self._act(game, seat, text, check=typed and not sure)

    async def act_all(self, game_id: int, user_id: int, texts: Sequence[str | Any], *, typed: bool = False,
                      confirmed: bool = False) -> Outcome:
        """Play several actions as one request: all of them, or none if one is refused (or, for
        ``typed`` moves not ``confirmed``, if a move among them needs confirming: see ``act``)."""
        async with self.locked_game(game_id) as game:
            seat = self._seat_for(game, user_id)
            self._must_be_playing(game)
            return await self._act(game, seat, *(words.neutral(t) if isinstance(t, str) else t for t in texts),
                                   check=typed and not confirmed)

    async def _act(self, game: Game, seat: int, *texts: str | Any, check: bool = False) -> Outcome:
        """Play ``texts`` for ``seat``, then the forced settlements that follow (GameKind.settle_forced)
        and the computer seats. ``check``: typed moves, which the game may ask to confirm first
        (GameKind.check_typed; a panel's button was pressed under its preview and warning)."""
        state = game.state
        assert state is not None  # the callers' _seat_for refuses a game that has not started
        plays = game.kind
        posts: list[tuple[str, str]] = []
        played: list[tuple[int, str]] = []
        for text in texts:
            action = text if not isinstance(text, str) else plays.parse(text)
            if check:
                plays.check_typed(game, state, seat, action)  # raises NeedsConfirmation
            before = plays.marker(state)
            plays.apply(game, state, seat, action)  # raises with a message for the player; nothing is saved
            played.append((seat, str(action)))
            plays.transitions(game, state, before, posts)
        back = self._end_away_on_move(game, seat)  # an accepted move of theirs ends their away mode
        settled: list[str] = []
        mine: list[str] = []
        for _turn in range(10):  # the seat's forced settlements, then the computer seats, while either moves
            before = plays.marker(state)
            forced = plays.settle_forced(state, seat)
            played += [(seat, str(action)) for action, _line in forced]
            settled += [line for _action, line in forced]
            if not _turn:
                mine = [a for _, a in played]  # the seat's moves and the settlements they forced
            plays.transitions(game, state, before, posts)
            if _turn and not forced:
                break
            job = await self._run_bots(game, state, posts, unsaved=played)
            played += job["played"]
            state = job["state"]
            if not job["played"]:
                break
        game = await self._save(game, state, played, posts)  # as stored (no second read)
        if back is not None:
            await self._away_ended(back, except_game=game.id)
        assert game.state is not None  # just saved with its new state
        panel = await plays.panel(self, game, seat)
        # announced on the panel, a line each (Discord and the console both show it), within a message
        controls.announce(panel, settled, controls.TEXT_ROOM if game.front == "discord" else None)
        return Outcome(game, seat, panel, message="\n".join(settled), played=mine)

    async def computer_move(self, game_id: int, user_id: int) -> Any:
        """The action the computer would play for the user now, at the service's autopilot level
        (the console's ``auto``: the caller plays it with ``act``). It knows what the game's computer
        players know (``GameKind.bots_inputs``: Solar Storm's crew remembers the peeks of the whole
        game) and is worked out in the worker pool (``GameKind.choose_job``); nothing is played or
        saved here. Raises NotInGame, or WrongStage when the game has not started, is over, or the
        user has nothing to decide now."""
        game = await self.load(game_id)
        seat = self._seat_for(game, user_id)
        self._must_be_playing(game)
        state = game.state
        nothing = _("Nothing for you to decide right now: auto plays a move only when you have one to make.")
        if seat not in game.kind.to_act(state):
            raise WrongStage(nothing)
        inputs = await game.kind.bots_inputs(self, game, [])
        text = await workers.run(self.executor, game.kind.choose_job, game.kind.dump(state), seat,
                                 self.autopilot_level, self.hard_turn_s, **inputs)
        if text is None:
            raise WrongStage(nothing)
        return game.kind.parse(text)

    def _bots_ready(self, game: Game, state) -> bool:
        """Whether a computer seat has something to decide now."""
        return state is not None and not game.kind.is_over(state) and any(
            game.seats[i].is_bot or i in game.away for i in game.kind.to_act(state))

    async def _run_bots(self, game: Game, state, posts: list, timed: int | None = None,
                        unsaved: Sequence[tuple[int, str]] = ()) -> dict:
        """Let computer seats play until a human must decide or the game ends (in a game with
        no human seat left: until the round ends), first the ``timed`` seat's decisions if
        given (its turn timer ran out). The work runs in the worker pool (``bots_job``); the
        caller holds the game's lock across it. Returns the job's answer: "state" (the new
        state), "played" ((seat, action) pairs), "timed" and "round" (the timed seat's moves,
        and the round they were in). Posts are appended to ``posts``. ``unsaved``: the (position,
        action text) pairs applied to ``state`` since the game was last saved (the game's kind
        may need them: GameKind.bots_inputs)."""
        if timed is None and not self._bots_ready(game, state):
            return {"state": state, "played": [], "timed": 0, "round": game.kind.round_of(state)}
        lean = Game(dataclasses.replace(game.row, state=None), game.seats, None, game.options, away=game.away)
        inputs = await game.kind.bots_inputs(self, game, list(unsaved))
        job = await workers.run(self.executor, game.kind.bots_job, lean, game.kind.dump(state),
                                self.autopilot_level, timed, self.hard_turn_s, **inputs)
        posts.extend(job.pop("posts"))
        self._announce_away(game, job["played"], posts)
        self._note_away_rounds(game, job.pop("away_rounds"))
        job["state"] = game.kind.load(job["state"])
        return job

    @staticmethod
    def _note_away_rounds(game: Game, away_rounds: dict[int, list[int]]) -> None:
        """Note in the game's options (saved with the state: GameService._save) the rounds the
        autopilot played for away players: they count as the rounds of a seat handed to the
        autopilot (service.ratings: the profile's mark, ``autopilot:False``, the rating rule)."""
        if not away_rounds:
            return
        taken = {**(game.options.get("autopilot") or {})}
        for seat, rounds in away_rounds.items():
            row = game.seats[seat]
            entry = taken.get(str(seat)) or {"user": row.user_id, "name": row.display_name, "turns": []}
            taken[str(seat)] = {**entry, "away": sorted({*(entry.get("away") or ()), *rounds})}
        game.options["autopilot"] = taken

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
                assert game.state is not None  # _bots_ready is False without a state
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
            except Exception:
                log.exception("game %s: a post listener failed", game_id)

    async def _hand_to_autopilot(self, game: Game, seat: int) -> None:
        """Hand a person's (0-based) ``seat`` to the autopilot (/pu host replace, or the stall
        policy: service._async): the seat stays its player's (results, profile and rating count
        it for them, marked as the autopilot's), the rounds the autopilot plays are noted for
        the rating rule (service.ratings), and nobody is pinged for it from now on. The caller
        holds the game's lock and loads the game again afterwards."""
        assert game.state is not None  # only a game in progress is handed over
        row = game.seats[seat]
        with use(game.language):  # a seat's name is public: the game's language
            name = game.kind.phrase("taken_name", name=row.display_name)
        await self.repo.replace_seat_user(game.id, row.seat, row.user_id, name, is_bot=True)
        taken = {**(game.options.get("autopilot") or {})}  # seat -> who it was and the turns it plays
        entry = taken.get(str(seat)) or {}
        turns = [*(entry.get("turns") or []), [game.kind.next_round(game.state, seat), None]]
        taken[str(seat)] = {**entry, "user": row.user_id, "name": row.display_name, "turns": turns}
        await self._note_option(game.id, "autopilot", taken)
        game.options["autopilot"] = taken  # a second seat handed over with the same game object keeps this one

    async def _note_holder(self, game: Game, seat: int, new_user: int) -> None:
        """Before a seat passes to another member: note who held it and the last round they
        held it for (the options' ``holders`` -> seat -> [{"user", "name", "until"}]), so its
        result goes to whoever played most of its rounds (service.players result_rows)."""
        assert game.state is not None
        row = game.seats[seat]
        until = game.kind.next_round(game.state, seat) - 1
        if row.user_id == new_user or until < 1:  # handed back to its own player, or nothing played yet
            return
        entry = (game.options.get("autopilot") or {}).get(str(seat)) or {}
        name = entry.get("name", row.display_name) if row.is_bot and row.user_id is not None else row.display_name
        holders = {**(game.options.get("holders") or {})}
        holders[str(seat)] = [*(holders.get(str(seat)) or []), {"user": row.user_id, "name": name, "until": until}]
        await self._note_option(game.id, "holders", holders)
        game.options["holders"] = holders

    async def _note_level(self, game: Game, number: int, level: str | None) -> None:
        """The level of the computer player now at seat ``number`` (the seat row's number):
        ``level``, or the game's (None: no level of its own, Game.level_of)."""
        levels = {k: v for k, v in (game.options.get("bot_levels") or {}).items() if k != str(number)}
        if level is not None:
            levels[str(number)] = level
        if levels != (game.options.get("bot_levels") or {}):
            await self._note_option(game.id, "bot_levels", levels)
            game.options["bot_levels"] = levels

    async def replace(self, game_id: int, user_id: int, is_admin: bool, seat: int,
                      new_user: tuple[int, str] | None, *, level: str | None = None) -> Game:
        """Hand (0-based) ``seat`` to another user, or to the autopilot when ``new_user`` is None,
        playing at ``level`` (BOT_LEVELS; None: the game's level, Game.level_of). Raises ConfigError
        for an unknown level."""
        if level is not None and level not in BOT_LEVELS:
            raise ConfigError(_("There is no computer player level {level}; choose one of: {choices}.").format(
                level=repr(level), choices=", ".join(BOT_LEVELS)))
        async with self.locked_game(game_id) as game:
            self._may_manage(game, user_id, is_admin)
            if game.status != "active":
                raise WrongStage(_("Only seats of a game in progress can be handed over."))
            if not 0 <= seat < len(game.seats):
                raise WrongStage(_("There is no player {n} in this game.").format(n=seat + 1))
            row = game.seats[seat]
            with use(game.language):
                old = game.mention(seat)
            assert game.state is not None  # an active game has its state
            taken = {**(game.options.get("autopilot") or {})}  # seat -> who it was and the turns it plays
            entry = taken.get(str(seat))
            if new_user is None:
                if row.is_bot:
                    raise WrongStage(_("Seat {n} is already played by the computer.").format(n=seat + 1))
                await self._hand_to_autopilot(game, seat)
                await self._note_level(game, row.seat, level)
            else:
                own = next((i for i, s in enumerate(game.seats) if s.user_id == new_user[0] and i != seat), None)
                if own is not None and game.seats[own].is_bot:
                    raise WrongStage(_("That member's own seat {n} is played by the autopilot: "
                                       "hand seat {n} back to them instead.").format(n=own + 1))
                try:
                    await self.repo.replace_seat_user(game_id, row.seat, new_user[0], new_user[1])
                except AlreadySeated:
                    raise WrongStage(_("That member already plays another seat in this game.")) from None
                await self._note_holder(game, seat, new_user[0])
                await self._note_level(game, row.seat, None)  # a person's seat: no computer level of its own
                if entry and entry["turns"] and entry["turns"][-1][1] is None:  # a person plays it again
                    entry["turns"][-1][1] = game.kind.next_round(game.state, seat) - 1
                    await self._note_option(game_id, "autopilot", taken)
            game = await self.load(game_id)
            assert game.state is not None  # the game is in progress (checked above, under its lock)
            if not self._humans(game):  # the autopilot plays the rest: resumed by tick after a crash
                await self.repo.set_reminder(game_id, row.seat, "bots", self.clock())
            with use(game.language):
                text = _("Seat {seat} ({old}) is now played by {player}.").format(
                    seat=seat + 1, old=old, player=game.mention(seat))
            posts = [self._post(game, text, mentions=self._humans(game, [seat]))]  # the new player is told (pinged)
            job = await self._run_bots(game, game.state, posts)
            await self._save(game, job["state"], job["played"], posts)
        self._notify(game_id)
        await self._continue_bots(game_id)  # with no human left: the rest of the game, round by round
        return await self.load(game_id)


CONFIRM_WORDS = ("confirm", "confirmer")  # ``place C5 3 confirm``: a typed move confirmed with it


def confirming(text: str) -> tuple[str, bool]:
    """A typed move and whether it ends with a confirming word (``place C5 3 confirm``)."""
    parts = text.split()
    if len(parts) > 1 and parts[-1].lower() in CONFIRM_WORDS:
        return " ".join(parts[:-1]), True
    return text, False
