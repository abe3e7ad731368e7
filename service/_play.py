"""The playing part of GameService: a player's moves (typed, or clicks on their panel), the
suggestions of the autocomplete, computer seats playing in the worker pool (``bots_job``),
and seats handed over during a game."""
from __future__ import annotations

import asyncio
import copy
import dataclasses
import logging
from collections.abc import Sequence

from db.errors import AlreadySeated
from engine import data as D
from engine import rules
from engine.actions import Action, Move, Pick, Place, Resolve, parse
from engine.errors import EngineError, MalformedAction
from engine.state import GameState, dump, load
from i18n import _, use

from . import autoplay, panels, words, workers
from ._host import Host
from ._model import Game, Outcome
from .errors import NeedsConfirmation, NoGameHere, NotInGame, StaleControl, WrongStage

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
        return [t for t in (str(a) for a in rules.legal_actions(game.state, seat)) if t.startswith(want)]

    def suggest_squares(self, game: Game, user_id: int, tile: str | None = None, orient: int | None = None) -> list[str]:
        """The squares (e.g. "C5") where the user's tile fits, in board order, in ``orient``
        if given (autocomplete of /pu place); ``tile`` ("small" or "large") is the depot tile
        the command would pick first. ``game.state`` is the caller's own copy: it may change."""
        seat = game.seat_of(user_id)
        if seat is None or game.state is None:
            return []
        state = game.state
        s = state.seats[seat]
        if s.hand is None and s.step == "pick" and tile in ("small", "large"):
            rules.apply(state, seat, Pick(tile))
        places = [a for a in rules.legal_actions(state, seat) if isinstance(a, Place)
                  and (orient is None or a.orient == orient)]
        return sorted({D.cell_name(a.anchor) for a in places}, key=lambda c: (c[0], int(c[1:])))

    async def panel(self, game_id: int, user_id: int, ui: dict | None = None) -> Outcome:
        game = await self.load(game_id)
        seat = self._seat_for(game, user_id)
        assert game.state is not None  # _seat_for refuses a game that has not started
        if game.options.get("learn"):  # the guided game notes the lessons it shows: under the game's lock
            async with self.locked_game(game_id) as game:
                seat = self._seat_for(game, user_id)
                return Outcome(game, seat, await self._panel(game, seat, ui))
        return Outcome(game, seat, await self._panel(game, seat, ui))

    async def control(self, game_id: int, user_id: int, seat: int, stamp: str, verb: str) -> Outcome:
        """A click on a panel control (button or menu option): ``verb`` as in service.panels."""
        async with self.locked_game(game_id) as game:
            mine = self._seat_for(game, user_id, seat)
            self._must_be_playing(game)
            assert game.state is not None  # _seat_for refuses a game that has not started
            if stamp != panels.stamp_of(game.state, mine):
                raise StaleControl(game_id, mine)
            kind, _sep, rest = verb.partition(":")
            if kind == "a":
                return await self._act(game, mine, rest)
            if kind == "c":
                return Outcome(game, mine, await self._panel(game, mine, {"cursor": self._cursor(game.state, mine, rest)}))
            if kind == "r":
                steps = self._int(rest, "station turn")
                return Outcome(game, mine, await self._panel(game, mine, {"rotation": steps}))
            if kind == "p":
                item, _sep, offset = rest.partition(":")
                pages = {item: self._int(offset, "page")}
                return Outcome(game, mine, await self._panel(game, mine, {"pages": pages}))
            if verb == "l:off":  # leave the guided game's lessons: an ordinary solo game from now on
                await self._note_option(game_id, "learn", False)
                game.options["learn"] = False
                return Outcome(game, mine, await self._panel(game, mine))
            raise MalformedAction(_("That control is not one this bot made."), verb)

    @staticmethod
    def _int(text: str, what: str) -> int:
        try:
            return int(text)
        except ValueError:
            raise MalformedAction(_("That control is not one this bot made."), text[:20]) from None

    def _cursor(self, state: GameState, seat: int, rest: str) -> tuple[int, int]:
        parts = rest.split(":")
        if parts[0] == "next" and len(parts) == 3:
            return panels.next_placement(state, seat, self._int(parts[1], "square"), self._int(parts[2], "orientation"))
        if len(parts) != 2:
            raise MalformedAction(_("That control is not one this bot made."), rest)
        anchor, orient = self._int(parts[0], "square"), self._int(parts[1], "orientation")
        if not 0 <= anchor < D.SIZE * D.SIZE or not 0 <= orient < 8:
            raise MalformedAction(_("That position is off the board."), rest)
        return anchor, orient

    async def act(self, game_id: int, user_id: int, text: str | Action, *, typed: bool = False) -> Outcome:
        """Play an action given as text (``place C5 3``) or an Action for the user's seat.
        ``typed``: the move as a player typed it, without the panel's preview: a placement that
        destroys a lifepod or a rover raises NeedsConfirmation unless the move ends with
        ``confirm`` (``place C5 3 confirm``)."""
        async with self.locked_game(game_id) as game:
            seat = self._seat_for(game, user_id)
            self._must_be_playing(game)
            sure = False
            if isinstance(text, str):
                text, sure = confirming(words.neutral(text))
            return await self._act(game, seat, text, check=typed and not sure)

    async def act_all(self, game_id: int, user_id: int, texts: Sequence[str | Action], *, typed: bool = False,
                      confirmed: bool = False) -> Outcome:
        """Play several actions as one request: all of them, or none if one is refused (or, for
        ``typed`` moves not ``confirmed``, if a placement among them needs confirming: see ``act``)."""
        async with self.locked_game(game_id) as game:
            seat = self._seat_for(game, user_id)
            self._must_be_playing(game)
            return await self._act(game, seat, *(words.neutral(t) if isinstance(t, str) else t for t in texts),
                                   check=typed and not confirmed)

    async def _act(self, game: Game, seat: int, *texts: str | Action, check: bool = False) -> Outcome:
        """Play ``texts`` for ``seat``, then the forced settlements that follow (settle_forced)
        and the computer seats. ``check``: typed moves, whose regrets (panels.regrets) must be
        confirmed first (a panel's button was pressed under its preview and warning)."""
        state = game.state
        assert state is not None  # the callers' _seat_for refuses a game that has not started
        posts: list[tuple[str, str]] = []
        played: list[tuple[int, str]] = []
        for text in texts:
            action = text if not isinstance(text, str) else parse(text)
            if check and isinstance(action, Place):
                self._must_confirm(game, state, seat, action)
            before = self._marker(state)
            rules.apply(state, seat, action)  # raises with a message for the player; nothing is saved
            played.append((seat, str(action)))
            self._transitions(game, state, before, posts)
        back = self._end_away_on_move(game, seat)  # an accepted move of theirs ends their away mode
        settled: list[str] = []
        mine: list[str] = []
        for _turn in range(10):  # the seat's forced settlements, then the computer seats, while either moves
            before = self._marker(state)
            forced = settle_forced(state, seat)
            played += [(seat, str(action)) for action, _line in forced]
            settled += [line for _action, line in forced]
            if not _turn:
                mine = [a for _, a in played]  # the seat's moves and the settlements they forced
            self._transitions(game, state, before, posts)
            if _turn and not forced:
                break
            job = await self._run_bots(game, state, posts)
            played += job["played"]
            state = job["state"]
            if not job["played"]:
                break
        game = await self._save(game, state, played, posts)  # as stored (no second read)
        if back is not None:
            await self._away_ended(back, except_game=game.id)
        assert game.state is not None  # just saved with its new state
        panel = await self._panel(game, seat)
        if settled:  # announced on the panel, a line each: Discord and the console both show it
            panel.text = "\n".join(settled) + "\n" + panel.text
        return Outcome(game, seat, panel, message="\n".join(settled), played=mine)

    @staticmethod
    def _must_confirm(game: Game, state: GameState, seat: int, place: Place) -> None:
        """Raise NeedsConfirmation when a legal ``place`` destroys something (panels.regrets)."""
        s = state.seats[seat]
        if s.hand is None or place not in rules.legal_actions(state, seat):
            return  # the engine's own refusal says what is wrong
        warnings = panels.regrets(state, seat, place)
        if not warnings:
            return
        square, orient = D.cell_name(place.anchor), place.orient
        what = _("Placing your tile at {square}, orientation {orient} {costs}.").format(
            square=square, orient=orient, costs=_(" and ").join(warnings))
        how = (_("To place it there anyway, send the command again with confirm: /pu place with the option "
                 "confirm: True, or `/pu act action:place {square} {orient} confirm`.") if game.front == "discord"
               else _("To place it there anyway, type `place {square} {orient} confirm`.")).format(
            square=square, orient=orient)
        raise NeedsConfirmation(what + " " + how, warnings, str(place))

    def _bots_ready(self, game: Game, state: GameState | None) -> bool:
        """Whether a computer seat has something to decide now."""
        return state is not None and state.phase != "over" and any(
            game.seats[i].is_bot or i in game.away for i in rules.to_act(state))

    async def _run_bots(self, game: Game, state: GameState, posts: list, timed: int | None = None) -> dict:
        """Let computer seats play until a human must decide or the game ends (in a game with
        no human seat left: until the round ends), first the ``timed`` seat's decisions if
        given (its turn timer ran out). The work runs in the worker pool (``bots_job``); the
        caller holds the game's lock across it. Returns the job's answer: "state" (the new
        state), "played" ((seat, action) pairs), "timed" and "round" (the timed seat's moves,
        and the round they were in). Posts are appended to ``posts``."""
        if timed is None and not self._bots_ready(game, state):
            return {"state": state, "played": [], "timed": 0, "round": state.round}
        lean = Game(dataclasses.replace(game.row, state=None), game.seats, None, game.options, away=game.away)
        job = await workers.run(self.executor, bots_job, lean, dump(state), self.autopilot_level, timed,
                                self.hard_turn_s)
        posts.extend(job.pop("posts"))
        self._announce_away(game, job["played"], posts)
        self._note_away_rounds(game, job.pop("away_rounds"))
        job["state"] = load(job["state"])
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

    @classmethod
    def _play_bots(cls, game: Game, state: GameState, posts: list, level: str,
                   budget_s: float | None = None, away_rounds: dict[int, set[int]] | None = None
                   ) -> list[tuple[int, str]]:
        """The bot loop itself (pure: runs in a worker): the autopilot's one loop over the
        computer seats, with the channel's posts after each move. In a game with no human seat
        left, it stops at the end of the round (the caller saves, then goes on). The rounds in
        which it played for an away player go to ``away_rounds`` (seat -> rounds)."""
        bots = {i for i, s in enumerate(game.seats) if s.is_bot} | set(game.away)  # away players too
        before = [cls._marker(state)]

        def posted(seat: int, _action) -> None:
            if away_rounds is not None and seat in game.away and not game.seats[seat].is_bot:
                away_rounds.setdefault(seat, set()).add(max(1, before[0][0]))  # the round the move was in
            cls._transitions(game, state, before[0], posts)
            before[0] = cls._marker(state)

        levels = {i: game.level_of(i, level) for i in bots}  # each computer seat at its own level
        played = autoplay.play(state, bots, levels, one_round=len(bots) == len(game.seats), on_action=posted,
                               budget_s=budget_s)
        return [(seat, str(action)) for seat, action in played]

    async def _hand_to_autopilot(self, game: Game, seat: int) -> None:
        """Hand a person's (0-based) ``seat`` to the autopilot (/pu host replace, or the stall
        policy: service._async): the seat stays its player's (results, profile and rating count
        it for them, marked as the autopilot's), the rounds the autopilot plays are noted for
        the rating rule (service.ratings), and nobody is pinged for it from now on. The caller
        holds the game's lock and loads the game again afterwards."""
        assert game.state is not None  # only a game in progress is handed over
        row = game.seats[seat]
        await self.repo.replace_seat_user(game.id, row.seat, row.user_id, f"Autopilot ({row.display_name})",
                                          is_bot=True)
        taken = {**(game.options.get("autopilot") or {})}  # seat -> who it was and the turns it plays
        entry = taken.get(str(seat)) or {}
        turns = [*(entry.get("turns") or []), [next_turn_round(game.state, seat), None]]
        taken[str(seat)] = {**entry, "user": row.user_id, "name": row.display_name, "turns": turns}
        await self._note_option(game.id, "autopilot", taken)
        game.options["autopilot"] = taken  # a second seat handed over with the same game object keeps this one

    async def _note_holder(self, game: Game, seat: int, new_user: int) -> None:
        """Before a seat passes to another member: note who held it and the last round they
        held it for (the options' ``holders`` -> seat -> [{"user", "name", "until"}]), so its
        result goes to whoever played most of its rounds (service.players result_rows)."""
        assert game.state is not None
        row = game.seats[seat]
        until = next_turn_round(game.state, seat) - 1
        if row.user_id == new_user or until < 1:  # handed back to its own player, or nothing played yet
            return
        entry = (game.options.get("autopilot") or {}).get(str(seat)) or {}
        name = entry.get("name", row.display_name) if row.is_bot and row.user_id is not None else row.display_name
        holders = {**(game.options.get("holders") or {})}
        holders[str(seat)] = [*(holders.get(str(seat)) or []), {"user": row.user_id, "name": name, "until": until}]
        await self._note_option(game.id, "holders", holders)
        game.options["holders"] = holders

    async def replace(self, game_id: int, user_id: int, is_admin: bool, seat: int,
                      new_user: tuple[int, str] | None) -> Game:
        """Hand (0-based) ``seat`` to another user, or to the autopilot when ``new_user`` is None."""
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
                if entry and entry["turns"] and entry["turns"][-1][1] is None:  # a person plays it again
                    entry["turns"][-1][1] = next_turn_round(game.state, seat) - 1
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


def settle_forced(state: GameState, seat: int) -> list[tuple[Resolve, str]]:
    """Settle, for ``seat``, the pending items that leave it no choice, and return each
    settlement with its one-line announcement. An item is forced when it has a single value
    and nothing else is open to the player but items like it (no tile to take or place, no
    rover step, no optional tech use), and settling these in any order comes to the same
    (RULINGS R2: a player settles their items in any order; where the order matters, it is
    theirs to choose)."""
    out: list[tuple[Resolve, str]] = []
    for _round in range(50):  # each settlement may open another item; a bound against a loop
        if state.phase == "over" or seat not in rules.to_act(state):
            break
        s = state.seats[seat]
        legal = rules.legal_actions(state, seat)
        if s.hand is not None or s.pool or any(isinstance(a, (Pick, Place, Move)) for a in legal):
            break
        values: dict[int, list[Resolve]] = {}
        for a in legal:
            if isinstance(a, Resolve):
                values.setdefault(a.item, []).append(a)
        items = {i["id"]: i for i in s.pending}
        if not values or any(len(v) != 1 for v in values.values()) \
                or any(items.get(n, {}).get("optional") for n in values):
            break
        order = sorted(values)
        if len(order) > 1 and not _any_order(state, seat, [values[n][0] for n in order]):
            break
        action = values[order[0]][0]
        line = "✔ " + _("{item}: settled for you ({value}), the only choice.").format(
            item=panels.item_line(items[action.item]), value=panels.value_label(items[action.item], action.value))
        rules.apply(state, seat, action)
        out.append((action, line))
    return out


def _any_order(state: GameState, seat: int, actions: list[Resolve]) -> bool:
    """Whether settling ``actions`` in their order and in the reverse order leaves the seat the same."""
    def after(seq) -> tuple:
        trial = copy.deepcopy(state)
        try:
            for a in seq:
                rules.apply(trial, seat, a)
        except EngineError:
            return ("refused", id(seq))
        s = trial.seats[seat]
        return (s.board.to_json(), s.corp.to_json(), s.pool, sorted(rules.describe_item(i) for i in s.pending))
    return after(actions) == after(list(reversed(actions)))


def next_turn_round(state: GameState, seat: int) -> int:
    """The first round whose turn ``seat`` has not played yet: the round in progress if its
    turn is still to come or under way, else the next one (service.ratings counts the rounds
    the autopilot played for a person's seat with it)."""
    if state.phase == "objectives" or state.round == 0:
        return max(1, state.round)
    if state.phase == "rotate" or (state.phase == "turns" and state.seats[seat].step != "done"):
        return state.round
    return state.round + 1


def bots_job(game: Game, state_json: str, level: str, timed: int | None = None,
             budget_s: float | None = None) -> dict:
    """The computer players' work on a game, as a worker runs it (pure data in and out): the
    ``timed`` seat's decisions first if given (its turn timer ran out), then the computer
    seats' (Play._play_bots). Returns the new state as JSON, the (seat, action)
    pairs played, the posts owed, and the timed seat's move count and round. ``budget_s``: a
    hard seat's CPU seconds per whole turn (None: the autopilot's default)."""
    state = load(state_json)
    game.state = state
    posts: list = []
    played: list[tuple[int, str]] = []
    timed_round = state.round  # the round whose time ran out
    if timed is not None:
        # only that round's decisions: the next round's post gives the seat a new deadline
        before = Play._marker(state)
        played = [(timed, str(action)) for action in autoplay.play_for(state, timed, game.level_of(timed, level),
                                                                        budget_s, one_round=True)]
        Play._transitions(game, state, before, posts)
    timed_moves = len(played)
    away: dict[int, set[int]] = {}
    played += Play._play_bots(game, state, posts, level, budget_s, away)
    return {"state": dump(state), "played": played, "posts": posts, "timed": timed_moves, "round": timed_round,
            "away_rounds": {seat: sorted(rounds) for seat, rounds in away.items()}}
