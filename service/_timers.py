"""Time passing in GameService: reminders ("waiting for you", "you are the last one"), turn
timers (the autopilot plays for a seat whose time ran out), and resuming an autopilot run
that a restart interrupted."""
from __future__ import annotations

from db.errors import GameNotFound
from engine import rules
from engine.errors import EngineError
from engine.state import GameState, dump

from ._host import Host
from ._model import HOUR, LAST_ONE_FRACTION, Game
from .errors import NoGameHere, NotInGame, WrongStage


class Timers(Host):
    """Mixed into GameService (service.games): uses its lock, load and save."""

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
        async with self.locked_game(rem.game_id) as game:
            if not await self.repo.reminder_still_due(rem):
                return False  # another process fired it meanwhile (it moved or dropped it)
            pos = next((i for i, s in enumerate(game.seats) if s.seat == rem.seat), None)
            if game.status != "active" or pos is None or game.state is None or pos not in rules.to_act(game.state):
                await self.repo.clear_reminders(rem.game_id, rem.seat, rem.kind)
                return False
            state = game.state
            if rem.kind == "timer":
                posts: list = []
                job = await self._run_bots(game, state, posts, timed=pos)
                posts.insert(0, self._post(game, f"⏱ Time ran out for {game.mention(pos)} in round {job['round']}: "
                                                 f"the autopilot played {job['timed']} move(s) for them.",
                                           mentions=self._humans(game, [pos])))
                async with self.repo.db.transaction():  # claimed and done at once: a crash undoes both
                    await self.repo.clear_reminders(game.id, rem.seat, "timer")
                    await self._save(game, job["state"], job["played"], posts)
                return True
            remind = float(game.options["remind_hours"]) * HOUR
            if rem.kind == "last":
                text = f"{game.mention(pos)}, you are the last one to play round {state.round} of game #{game.id}."
            else:
                text = f"{game.mention(pos)}, game #{game.id} is waiting for you (round {state.round})."
            async with self.repo.db.transaction():  # the reminder moved and its post queued at once
                if rem.kind == "last":
                    await self.repo.clear_reminders(game.id, rem.seat, "last")
                else:
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
