"""Time passing in GameService: reminders ("waiting for you", "you are the last one"), turn
timers (the autopilot plays for a seat whose time ran out), and resuming an autopilot run
that a restart interrupted."""
from __future__ import annotations

from db.errors import GameNotFound
from engine.errors import EngineError
from i18n import _, use

from ._async import STALL_KINDS
from ._host import Host
from ._model import HOUR, LAST_ONE_FRACTION, Game
from .errors import NoGameHere, NotInGame, WrongStage


class Timers(Host):
    """Mixed into GameService (service.games): uses its lock, load and save."""

    async def _schedule(self, game: Game, state, moved: bool = False,
                        fresh_timers: bool = False) -> None:
        """Reminders and turn timers of the seats that must act now; others' are dropped. Each
        player's own settings apply (service.settings: their reminder delay, quiet hours); a
        seat played by the autopilot for an away player gets none, only a "back" reminder at
        the end of the spell (which gives them back: service._async); a paused game gets none.
        ``moved``: a move was just accepted (the stall clock starts again). ``fresh_timers``:
        a round's opening post just named the turn timer's deadline, so every acting seat's
        timer starts again now (the commander's from the station turn included): the
        deadline shown is the one acted on."""
        plays = game.kind
        if plays.is_over(state):
            await self.repo.clear_reminders(game.id)
            return
        now = self.clock()
        rows = await self.repo.list_reminders(game.id)
        if fresh_timers and any(r.kind == "timer" for r in rows):
            await self.repo.clear_reminders(game.id, kind="timer")
            rows = [r for r in rows if r.kind != "timer"]
        existing = {(r.seat, r.kind) for r in rows}
        backs = {r.seat: r.due_at for r in rows if r.kind == "back"}
        for i, seat_row in enumerate(game.seats):  # an away spell's end gives the seat back
            until = game.away.get(i)
            if until is not None and backs.get(seat_row.seat) != until:
                await self.repo.set_reminder(game.id, seat_row.seat, "back", until)
            elif until is None and seat_row.seat in backs:
                await self.repo.clear_reminders(game.id, seat_row.seat, "back")
        acting = set(plays.to_act(state))
        if not self._humans(game) and self._bots_ready(game, state):
            bot = next(game.seats[i].seat for i in plays.to_act(state) if game.seats[i].is_bot)
            await self.repo.set_reminder(game.id, bot, "bots", now)  # the run goes on (tick after a crash)
        elif any(kind == "bots" for _, kind in existing):
            await self.repo.clear_reminders(game.id, kind="bots")
        paused = bool(game.options.get("paused"))
        stall = self._schedule_stall(game, existing, moved)
        if stall is not None:
            await self.repo.set_reminder(game.id, game.seats[0].seat, "stall", stall[0])
            if stall[1]:
                await self.repo.clear_reminders(game.id, kind="handover")
        elif (paused or not self._humans(game)) and any(kind in STALL_KINDS for _, kind in existing):
            for kind in STALL_KINDS:
                await self.repo.clear_reminders(game.id, kind=kind)
        for i, seat_row in enumerate(game.seats):
            if seat_row.is_bot or i not in acting or i in game.away or paused:
                for kind in ("nudge", "last", "timer"):
                    if (seat_row.seat, kind) in existing:
                        await self.repo.clear_reminders(game.id, seat_row.seat, kind)
                continue
            remind = self._remind_delay(game, i)
            timer = float(game.options["timer_hours"]) * HOUR
            if remind and (seat_row.seat, "nudge") not in existing:
                await self.repo.set_reminder(game.id, seat_row.seat, "nudge", self._ping_time(game, i, now + remind))
            if timer and (seat_row.seat, "timer") not in existing:
                await self.repo.set_reminder(game.id, seat_row.seat, "timer", now + timer)
            humans_left = [j for j in acting if game.user_of(j) is not None and j not in game.away]
            if remind and plays.simultaneous(state) and humans_left == [i] \
                    and (seat_row.seat, "last") not in existing:
                await self.repo.set_reminder(game.id, seat_row.seat, "last",
                                             self._ping_time(game, i, now + remind * LAST_ONE_FRACTION))

    async def tick(self) -> list[int]:
        """Fire due reminders and turn timers; return the ids of games that have new posts."""
        touched = []
        for rem in await self.repo.due_reminders(self.clock()):
            if rem.kind == "bots":  # an autopilot run that a restart interrupted
                await self._continue_bots(rem.game_id)
                touched.append(rem.game_id)
                continue
            if rem.kind == "back":  # an away spell ran out (service._async)
                try:
                    if await self._fire_back(rem):
                        touched.append(rem.game_id)
                except (EngineError, GameNotFound, NoGameHere, WrongStage):
                    await self.repo.clear_reminders(rem.game_id, rem.seat, rem.kind)
                continue
            if rem.kind in STALL_KINDS:  # a stalled game (service._async)
                try:
                    if await self._fire_stall(rem):
                        touched.append(rem.game_id)
                except (EngineError, GameNotFound, NoGameHere, WrongStage):
                    await self.repo.clear_reminders(rem.game_id, rem.seat, rem.kind)
                continue
            try:
                if await self._fire(rem):
                    touched.append(rem.game_id)
            except (EngineError, GameNotFound, NoGameHere, WrongStage):
                await self.repo.clear_reminders(rem.game_id, rem.seat, rem.kind)
        return sorted(set(touched))

    async def _fire(self, rem) -> bool:
        async with self.locked_game(rem.game_id) as game:
            if not await self.repo.reminder_still_due(rem):
                return False  # another process fired it meanwhile (it moved or dropped it)
            pos = next((i for i, s in enumerate(game.seats) if s.seat == rem.seat), None)
            if game.status != "active" or pos is None or game.state is None or pos not in game.kind.to_act(game.state):
                await self.repo.clear_reminders(rem.game_id, rem.seat, rem.kind)
                return False
            state = game.state
            if game.options.get("paused") or pos in game.away:  # no timer, no reminder (service._async)
                await self.repo.clear_reminders(rem.game_id, rem.seat, rem.kind)
                return False
            if rem.kind != "timer" and self._ping_time(game, pos, self.clock()) > self.clock():
                # the player's quiet hours: the reminder waits until they end
                await self.repo.set_reminder(game.id, rem.seat, rem.kind, self._ping_time(game, pos, self.clock()))
                return False
            if rem.kind == "timer":
                posts: list = []
                job = await self._run_bots(game, state, posts, timed=pos)
                with use(game.language):
                    text = game.kind.phrase("timer_played", job["timed"], player=game.mention(pos),
                                            moment=job["round"])
                posts.insert(0, self._post(game, text, mentions=self._humans(game, [pos])))
                async with self.repo.db.transaction():  # claimed and done at once: a crash undoes both
                    await self.repo.clear_reminders(game.id, rem.seat, "timer")
                    await self._save(game, job["state"], job["played"], posts)
                return True
            remind = self._remind_delay(game, pos)
            if not remind:  # the player turned their reminders off (service.settings)
                await self.repo.clear_reminders(game.id, rem.seat, rem.kind)
                return False
            timers = [r.due_at for r in await self.repo.list_reminders(game.id) if r.seat == rem.seat
                      and r.kind == "timer"]
            with use(game.language):
                deadline = self._timer_deadline_text(timers[0] if timers else None)
                text = game.kind.phrase("last_one" if rem.kind == "last" else "waiting", player=game.mention(pos),
                                        moment=game.kind.round_of(state), game=game.id)
            async with self.repo.db.transaction():  # the reminder moved and its post queued at once
                if rem.kind == "last":
                    await self.repo.clear_reminders(game.id, rem.seat, "last")
                else:
                    await self.repo.set_reminder(game.id, rem.seat, "nudge",
                                                 self._ping_time(game, pos, self.clock() + max(remind, HOUR)))
                version = await self.repo.save_state(
                    game.id, game.kind.dump(state), game.version, outbox=[self._reminder_post(game, pos, text + deadline)])
            self._remember(game.id, version, state)
            return True

    async def set_reminders(self, game_id: int, user_id: int, enabled: bool) -> Game:
        game = await self.load(game_id)
        seat = game.seat_of(user_id)
        if seat is None:
            raise NotInGame(_("You are not playing in this game."))
        await self.repo.set_seat_reminders(game_id, game.seats[seat].seat, enabled)
        return await self.load(game_id)
