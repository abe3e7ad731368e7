"""Asynchronous play in GameService (issue 16): each player's own settings applied to every
game (reminder delay, quiet hours, reminders by direct message, the new-round ping), away
mode (the autopilot plays an away player's seats in all their games), the creator's pause,
and stalled games (a ping after a long silence, then the autopilot finishes the game).

Away mode: an away player's seats are played whenever they have something to decide, so the
game never waits for them. If every person of a game is away, the autopilot plays on to the
end of the round and the game then waits (for the first one back, or the stall clock): away
mode does not finish a game nobody is watching. A "back" reminder at the end of each spell
gives the seat back at once when it runs out (reminders and a turn timer from then on); only an
accepted move of the player ends the spell early (a refused one changes nothing).

Pause: while a game is paused its turn timers, reminders and stall clock stop; moves are
still accepted (a player may play on), only nothing is timed. Resuming starts the timers and
reminders afresh from that moment.
"""
from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable

from db.repository import SeatRow
from i18n import _, use

from . import kinds as game_kinds
from . import settings as S
from ._announce import in_game_language
from ._host import Host
from ._model import HOUR, Game
from .errors import ConfigError, NotInGame, WrongStage
from .kinds import GameKind
from .roundlog import days_text

DAY = 24 * HOUR
STALL_KINDS = ("stall", "handover")


def stamp(moment: float) -> str:
    """A moment as Discord shows it in each reader's own time zone: "in 3 hours (24 November 2026 18:00)"."""
    t = int(moment)
    return f"<t:{t}:R> (<t:{t}:f>)"


def thread_link(game: Game) -> str:
    return f"https://discord.com/channels/{game.row.guild_id or '@me'}/{game.channel_id}"


class AsyncPlay(Host):
    """Mixed into GameService (service.games)."""

    # ------------------------------------------------------------------ settings

    async def settings_of(self, user_ids: Iterable[int]) -> dict[int, S.Settings]:
        ids = [u for u in user_ids if u is not None]
        rows = await self.players.repo.settings_rows(ids)
        return {u: S.Settings.from_row(u, rows.get(u)) for u in ids}

    async def settings_for(self, user_id: int) -> S.Settings:
        return (await self.settings_of([user_id]))[user_id]

    async def _seat_settings(self, status: str, seats: list[SeatRow], options: dict) -> tuple[dict, dict]:
        """The settings of an active game's players, and its seats whose player is away now."""
        if status != "active":
            return {}, {}
        settings = await self.settings_of(s.user_id for s in seats if not s.is_bot and s.user_id is not None)
        away: dict[int, float] = {}
        if options.get("allow_away", True):
            now = self.clock()
            for i, s in enumerate(seats):
                mine = settings.get(s.user_id) if s.user_id is not None and not s.is_bot else None
                if mine is not None and mine.away(now):
                    away[i] = float(mine.away_until or 0)
        return settings, away

    async def update_settings(self, user_id: int, **changes) -> S.Settings:
        """Change some of a user's settings (checked: ConfigError says what is allowed), then
        apply them to every game of theirs at once (their reminders are scheduled again)."""
        values: dict = {}
        if "remind_hours" in changes:
            values["remind_hours"] = S.check_remind_hours(changes["remind_hours"])
        if "time_zone" in changes and changes["time_zone"] is not None:
            values["time_zone"] = S.check_zone(changes["time_zone"])
        if "quiet_hours" in changes:  # (start, end) or None to clear
            window = changes["quiet_hours"]
            if window is None:
                values["quiet_start"] = values["quiet_end"] = None
            else:
                start = S.check_hour(window[0], _("Quiet hours start"))
                end = S.check_hour(window[1], _("Quiet hours end"))
                if start == end:
                    raise ConfigError(_("Quiet hours: the start and the end must differ (e.g. 22 to 7)."))
                values["quiet_start"], values["quiet_end"] = start, end
        if "remind_dm" in changes:
            values["remind_dm"] = int(bool(changes["remind_dm"]))
        if "round_ping" in changes:
            values["round_ping"] = int(bool(changes["round_ping"]))
        if "language" in changes:
            values["language"] = S.check_language(changes["language"])
        await self.players.repo.update_settings(user_id, values)
        if {"remind_hours", "time_zone", "quiet_start"} & set(values):  # when reminders are due changed
            await self.reschedule_user(user_id)
        return await self.settings_for(user_id)

    async def reschedule_user(self, user_id: int, *, kinds=("nudge", "last")) -> None:
        """Schedule the user's reminders again in every game in progress (after a settings change)."""
        for row in await self.repo.list_games(status="active", user_id=user_id):
            async with self.locked_game(row.id) as game:
                seat = game.seat_of(user_id)
                if seat is None or game.state is None:
                    continue
                for kind in kinds:
                    await self.repo.clear_reminders(game.id, game.seats[seat].seat, kind)
                await self._schedule(game, game.state)

    # ------------------------------------------------------------------ reminders (used by _timers)

    def _remind_delay(self, game: Game, pos: int) -> float:
        """Seconds before the seat's player is reminded (0: never): their own delay, else the
        game's. A daily challenge never reminds: its posts would name a game only its player
        sees, in a public channel."""
        if game.row.kind == "daily":
            return 0.0
        game_delay = float(game.options["remind_hours"]) * HOUR
        user = game.user_of(pos)
        mine = game.settings.get(user) if user is not None else None
        return mine.remind_delay(game.options["remind_hours"]) if mine is not None else game_delay

    def _ping_time(self, game: Game, pos: int, when: float) -> float:
        """When a ping to the seat's player due at ``when`` may go out (after their quiet hours)."""
        user = game.user_of(pos)
        mine = game.settings.get(user) if user is not None else None
        return mine.ping_time(when) if mine is not None else when

    @in_game_language
    def _reminder_post(self, game: Game, pos: int, text: str) -> tuple[str, str]:
        """A reminder as the player wants it: a mention in the thread, or a direct message
        with a link to the thread (service.outbox delivers both; a DM that is refused goes to
        the thread instead)."""
        user = game.user_of(pos)
        mine = game.settings.get(user) if user is not None else None
        post = self._post(game, text, mentions=self._humans(game, [pos]), buttons=("play",))
        if mine is None or not mine.remind_dm or game.channel_id is None:
            return post
        payload = json.loads(post[1])
        plain = text.replace(f"<@{user}>", game.seats[pos].display_name)  # a DM pings anyway
        dm_text = _("{text}\nGo to the game: {link}").format(text=plain, link=thread_link(game))
        payload.update({"dm": user, "text": dm_text, "mentions": [], "buttons": [],
                        "fallback": {"text": text, "mentions": payload["mentions"], "buttons": ["play"]}})
        return ("post", json.dumps(payload))

    def _filter_pings(self, game: Game, posts: list) -> list:
        """No ping for a player in their quiet hours, whose seat the autopilot plays while they
        are away, or who turned off the new-round
        ping (for the round's opening post): their mention becomes their name (a mention in
        a post always pings: tests/discord/contract.py)."""
        if not game.settings:
            return posts
        now = self.clock()
        # away: only where the autopilot plays their seat (with allow-away off, the game waits
        # for them, so they are pinged like everyone else)
        silent = {u for u, s in game.settings.items() if s.quiet_at(now)} | set(self._humans(game, game.away))
        no_round = {u for u, s in game.settings.items() if not s.round_ping}
        out = []
        for kind, raw in posts:
            payload = json.loads(raw)
            mentions = payload.get("mentions") or []
            drop = silent | (no_round if payload.get("ping") == "round" else set())
            if kind == "post" and not payload.get("dm") and drop & set(mentions):
                payload["mentions"] = [u for u in mentions if u not in drop]
                for seat in game.seats:
                    if seat.user_id in drop and not seat.is_bot:
                        payload["text"] = payload["text"].replace(f"<@{seat.user_id}>", seat.display_name)
                raw = json.dumps(payload)
            out.append((kind, raw))
        return out

    @in_game_language
    def _add_deadlines(self, game: Game, posts: list) -> list:
        """A new round's opening post names the turn timer's deadline (a Discord timestamp:
        each reader sees it in their own time zone)."""
        hours = float(game.options.get("timer_hours") or 0)
        if not hours or game.options.get("paused"):
            return posts
        out = []
        for kind, raw in posts:
            payload = json.loads(raw)
            if kind == "post" and payload.get("ping") == "round":
                payload["text"] += "\n" + _("⏱ Turn timer: the autopilot plays for whoever has not played {when}.").format(
                    when=stamp(self.clock() + hours * HOUR))
                raw = json.dumps(payload)
            out.append((kind, raw))
        return out

    async def deadline_note(self, game_id: int, seat: int) -> str:
        """For a player's private panel: when their turn timer runs out, if it runs."""
        seats = await self.repo.list_seats(game_id)
        row = seats[seat] if 0 <= seat < len(seats) else None
        timers = [r.due_at for r in await self.repo.list_reminders(game_id) if row is not None
                  and r.seat == row.seat and r.kind == "timer"]
        return _("⏱ Your turn timer runs out {when}.").format(when=stamp(timers[0])) if timers else ""

    def _timer_deadline_text(self, due: float | None) -> str:
        return "" if due is None else " " + _("The turn timer runs out {when}.").format(when=stamp(due))

    # ------------------------------------------------------------------ away mode

    @in_game_language
    def _announce_away(self, game: Game, played: list, posts: list) -> None:
        """One line per away player the autopilot just played for (public: no move is named)."""
        if not game.away:
            return
        counts: dict[int, int] = {}
        for seat, _action in played:
            if seat in game.away:
                counts[seat] = counts.get(seat, 0) + 1
        for seat, n in sorted(counts.items()):
            text = game.kind.phrase("away_played", n, name=game.seats[seat].display_name,
                                    when=f"<t:{int(game.away[seat])}:f>")
            posts.append(self._post(game, text))

    async def go_away(self, user_id: int, days: int | None = None, until: str | None = None
                      ) -> tuple[S.Settings, list[int], list[int]]:
        """Away mode: until then the autopilot plays the user's seats in all their games that
        allow it (at once where they are to play). Returns the settings, the games played in,
        and the games whose creator forbade away mode. Refused (NotInGame) without a game in progress."""
        now = self.clock()
        mine = await self.settings_for(user_id)
        end = S.away_until(now, days, until, mine.time_zone)
        rows = await self.repo.list_games(status="active", user_id=user_id)
        if not rows:
            raise NotInGame(_("You have no game in progress, so there is nothing to play for you while you are away."))
        await self.players.repo.update_settings(user_id, {"away_until": end})
        allowed, refused = [], []
        for row in rows:
            async with self.locked_game(row.id) as game:
                seat = game.seat_of(user_id)
                if seat is None or game.state is None:
                    continue
                if seat not in game.away:
                    refused.append(game.id)
                    continue
                allowed.append(game.id)
                for kind in ("nudge", "last", "timer"):
                    await self.repo.clear_reminders(game.id, game.seats[seat].seat, kind)
                posts: list = []
                job = await self._run_bots(game, game.state, posts)
                await self._save(game, job["state"], job["played"], posts)
            self._notify(game.id)
        return await self.settings_for(user_id), allowed, refused

    async def kinds_of_user(self, user_id: int) -> list[GameKind]:
        """The game kinds of the user's open games (lobby or in progress), each once, in the order
        of their first game: what the away line of their settings speaks of (settings.away_line)."""
        rows = await self.repo.list_games(status=("lobby", "active"), user_id=user_id)
        return list(dict.fromkeys(game_kinds.get(row.game) for row in rows))

    async def away_lines(self, game_ids: Iterable[int]) -> list[str]:
        """What now plays the away user's seats in these games (go_away's games played in), each
        game kind in its own words (settings.away_in), for the reader."""
        return S.away_in([(game_kinds.get((await self.repo.get_game(g)).game), g) for g in game_ids])

    async def come_back(self, user_id: int) -> S.Settings:
        """The end of away mode: the user's seats are theirs again in every game."""
        mine = await self.settings_for(user_id)
        if not mine.away(self.clock()):
            raise WrongStage(_("You are not away: nothing to do (/me away starts away mode)."))
        await self.players.repo.update_settings(user_id, {"away_until": None})
        for row in await self.repo.list_games(status="active", user_id=user_id):
            async with self.locked_game(row.id) as game:
                if game.state is None:
                    continue
                if self._bots_ready(game, game.state):  # others still away (a game everyone had left)
                    posts: list = []
                    job = await self._run_bots(game, game.state, posts)
                    await self._save(game, job["state"], job["played"], posts)
                else:
                    await self._schedule(game, game.state)
            self._notify(row.id)
        return await self.settings_for(user_id)

    def _end_away_on_move(self, game: Game, seat: int) -> int | None:
        """An accepted move of an away player ends their away mode: here at once (the
        autopilot no longer plays the seat); the caller stores it with ``_away_ended`` once the
        move is saved (a refused move changes nothing). Returns the user, or None if not away."""
        user = game.user_of(seat)
        mine = game.settings.get(user) if user is not None else None
        if user is None or mine is None or not mine.away(self.clock()):
            return None
        game.away.pop(seat, None)
        game.settings[user] = dataclasses.replace(mine, away_until=None)
        return user

    async def _away_ended(self, user_id: int, except_game: int | None = None) -> None:
        """The user's away mode is over (stored now): in each of their other games, the seat's
        "back" reminder is moved to now, so the next tick gives back its reminders and turn
        timer (``_fire_back``) under that game's own lock."""
        await self.players.repo.update_settings(user_id, {"away_until": None})
        now = self.clock()
        for row in await self.repo.list_games(status="active", user_id=user_id):
            if row.id == except_game:
                continue
            for seat in await self.repo.list_seats(row.id):
                if seat.user_id == user_id and not seat.is_bot:
                    await self.repo.set_reminder(row.id, seat.seat, "back", now)

    async def _fire_back(self, rem) -> bool:
        """A seat's away spell has run out (or ended by a move elsewhere): the game takes it
        back as if its player had come back by hand (``come_back``): the autopilot plays the
        seats of those still away if the game had stopped for them, and the seat's reminders
        and turn timer are scheduled again at once. If the spell was made longer, the
        reminder moves to its new end (``_schedule``)."""
        async with self.locked_game(rem.game_id) as game:
            if not await self.repo.reminder_still_due(rem):
                return False
            await self.repo.clear_reminders(game.id, rem.seat, rem.kind)
            if game.status != "active" or game.state is None:
                return False
            if self._bots_ready(game, game.state):
                posts: list = []
                job = await self._run_bots(game, game.state, posts)
                await self._save(game, job["state"], job["played"], posts)
            else:
                await self._schedule(game, game.state)
        self._notify(game.id)
        return True

    # ------------------------------------------------------------------ the creator's tools

    async def _set_options(self, game: Game, changes: dict, text: str | None, mentions=()) -> None:
        """Change some options of a game in progress and post ``text`` in its thread."""
        options = {**game.options, **changes}
        version = await self.repo.set_config(game.id, json.dumps(options), game.version)
        game.options.update(changes)
        if text is not None and game.state is not None:
            version = await self.repo.save_state(game.id, game.kind.dump(game.state), version,
                                                 outbox=[self._post(game, text, mentions=mentions)])
            self._remember(game.id, version, game.state)

    async def pause(self, game_id: int, user_id: int, is_admin: bool, paused: bool) -> Game:
        """Pause (or resume) a game: no timers, reminders or stall clock while paused; moves
        are still accepted. The thread is told who did it."""
        async with self.locked_game(game_id) as game:
            self._may_manage(game, user_id, is_admin)
            if game.status != "active" or game.state is None:
                raise WrongStage(_("Only a game in progress can be paused or resumed."))
            if bool(game.options.get("paused")) == paused:
                raise WrongStage(_("Game #{id} is already paused.").format(id=game.id) if paused
                                 else _("Game #{id} is not paused.").format(id=game.id))
            with use(game.language):  # a public post: the game's language, not the asker's
                text = game.kind.phrase("paused" if paused else "resumed", id=game.id, user=user_id)
            if paused:
                await self._set_options(game, {"paused": {"by": user_id, "at": self.clock()}}, text)
                await self.repo.clear_reminders(game.id)
            else:
                await self._set_options(game, {"paused": None}, text)
                for kind in ("nudge", "last", "timer", *STALL_KINDS):
                    await self.repo.clear_reminders(game.id, kind=kind)
            game = await self.load(game_id)
            assert game.state is not None
            await self._schedule(game, game.state)
        self._notify(game_id)
        return await self.load(game_id)

    async def allow_away(self, game_id: int, user_id: int, is_admin: bool, allow: bool) -> Game:
        """The creator's choice: may the autopilot play the seats of away players here?"""
        async with self.locked_game(game_id) as game:
            self._may_manage(game, user_id, is_admin)
            if game.status not in ("lobby", "active"):
                raise WrongStage(_("Game #{id} is over.").format(id=game.id))
            with use(game.language):  # a public post: the game's language, not the asker's
                text = game.kind.phrase("away_on" if allow else "away_off", id=game.id)
            await self._set_options(game, {"allow_away": bool(allow)}, text if game.status == "active" else None)
            game = await self.load(game_id)
            if allow and game.state is not None and game.away:
                posts: list = []
                job = await self._run_bots(game, game.state, posts)
                await self._save(game, job["state"], job["played"], posts)
            elif game.state is not None:
                await self._schedule(game, game.state)
        self._notify(game_id)
        return await self.load(game_id)

    # ------------------------------------------------------------------ stalled games

    async def _fire_stall(self, rem) -> bool:
        """A stalled game: first a post pinging who it waits for and the creator; after the
        second period, the waiting seats go to the autopilot, which plays the game on (to its
        end once no person is left)."""
        async with self.locked_game(rem.game_id) as game:
            if not await self.repo.reminder_still_due(rem):
                return False
            state = game.state
            await self.repo.clear_reminders(game.id, rem.seat, rem.kind)
            if game.status != "active" or state is None or game.options.get("paused"):
                return False
            waiting = [i for i in game.kind.to_act(state) if game.user_of(i) is not None]
            if not waiting:
                return False
            if rem.kind == "stall":
                grace = float(game.options.get("stall_grace_days", 14.0)) * DAY
                due = self.clock() + grace
                await self.repo.set_reminder(game.id, rem.seat, "handover", due)
                who = ", ".join(game.mention(i) for i in waiting)
                days = float(game.options.get("stall_days", 14.0))
                with use(game.language):  # the heartbeat's task has no language of its own
                    text = game.kind.phrase("stall_notice", id=game.id, days=days_text(days * DAY), who=who,
                                            creator=game.row.creator_id, when=stamp(due))
                mentions = sorted({*self._humans(game, waiting), game.row.creator_id})
                # the quiet-hours rule of every post: who is in their quiet hours is named, not pinged
                version = await self.repo.save_state(game.id, game.kind.dump(state), game.version,
                                                     outbox=self._filter_pings(game, [self._post(game, text, mentions=mentions)]))
                self._remember(game.id, version, state)
                return True
            names = ", ".join(game.seats[i].display_name for i in waiting)
            for i in waiting:  # each stays its player's, rated as a seat handed over with /pu host replace
                await self._hand_to_autopilot(game, i)
            game = await self.load(game.id)
            assert game.state is not None
            if not self._humans(game):
                await self.repo.set_reminder(game.id, game.seats[0].seat, "bots", self.clock())
            with use(game.language):
                text = game.kind.phrase("stall_taken_end" if not self._humans(game) else "stall_taken", id=game.id,
                                        names=names)
            posts = [self._post(game, text)]
            job = await self._run_bots(game, game.state, posts)
            await self._save(game, job["state"], job["played"], posts)
        self._notify(game.id)
        await self._continue_bots(game.id)
        return True

    def _schedule_stall(self, game: Game, existing: set, moved: bool) -> tuple[float, bool] | None:
        """(due time, clear the hand-over) of the stall notice to set now, or None."""
        days = float(game.options.get("stall_days", 14.0))
        if not days or game.options.get("paused") or not self._humans(game) or game.row.kind == "daily":
            return None
        has = {kind for _seat, kind in existing}
        if moved or not has & set(STALL_KINDS):
            return self.clock() + days * DAY, "handover" in has
        return None

    # ------------------------------------------------------------------ /pu status

    async def status_report(self, game: Game) -> str:
        """/pu status: per seat done / to play / away / autopilot, and the deadlines."""
        text = self.status_text(game)
        if game.status != "active" or game.state is None or game.kind.is_over(game.state):
            return text
        head, *_rest = text.split("\n")
        acting = set(game.kind.to_act(game.state))
        reminders = await self.repo.list_reminders(game.id)
        timers = {r.seat: r.due_at for r in reminders if r.kind == "timer"}
        lines = [head]
        for i, row in enumerate(game.seats):
            if row.is_bot:
                taken = row.user_id is not None or row.display_name.startswith("Autopilot (")  # a person's seat
                mark = game.kind.phrase("status_taken") if taken else \
                    _("🤖 computer")
            elif i in game.away:
                mark = _("🌴 away until {when}").format(when=f"<t:{int(game.away[i])}:f>")
            elif i in acting:
                mark = _("⏳ to play")
            else:
                mark = _("✅ done")
            line = _("{mark}: {name}").format(mark=mark, name=row.display_name)
            if i in acting and row.seat in timers:
                line += " · " + _("timer runs out {when}").format(when=stamp(timers[row.seat]))
            lines.append(line)
        paused = game.options.get("paused")
        if paused:
            lines.append(_("⏸ Paused by <@{user}>: no timers or reminders until {command} host resume.").format(
                user=paused.get("by"), command=game.kind.command))
        stall = [r for r in reminders if r.kind in STALL_KINDS]
        if stall:
            r = stall[0]
            lines.append(game.kind.phrase("status_handover", when=stamp(r.due_at))
                         if r.kind == "handover" else
                         _("Stall notice {when} if nobody plays.").format(when=stamp(r.due_at)))
        return "\n".join(lines)
