"""The history part of GameService: round logs added to the round summary posts, the game
facts added to the final post, ``history`` (/pu history: a past round's log and the planets
at its end) and ``export_record`` (/pu export: the replay file). The replays run in the
worker pool (service.roundlog's jobs); the action log is the source, as engine.replay reads it.
"""
from __future__ import annotations

import json
import logging

from engine.errors import EngineError
from i18n import _, language

from . import roundlog, workers
from ._host import Host
from ._model import MAX_POST, Game, daily_key
from .errors import NoGameHere, ServiceError, WrongStage

log = logging.getLogger("service.games")


class History(Host):
    """Mixed into GameService (service.games): uses its repo, clock and executor."""

    @staticmethod
    def _language(game: Game) -> str:
        return str(game.options.get("language") or "en")

    async def _record(self, game: Game, state, played=()) -> tuple[dict, list[float]]:
        """The game's replay file (the logged actions, then ``played``: accepted, not yet
        saved) and when each action was accepted."""
        rows = await self.repo.list_actions(game.id)
        now = self.clock()
        actions = [(a.seat, a.action) for a in rows] + [(seat, text) for seat, text in played]
        times = [a.created_at for a in rows] + [now] * len(played)
        return game.kind.record(state, actions), times

    async def _add_logs(self, game: Game, state, played, posts: list) -> list:
        """Round summary posts get the round's log; the final post gets the game's facts.
        A log that cannot be rebuilt (a replay failure: a bug, logged) leaves the post as it was."""
        payloads = [json.loads(p) for _, p in posts]
        rounds = [pay["image"]["round"] for pay in payloads
                  if (pay.get("image") or {}).get("kind") == "summary" and "round" in pay["image"]]
        final = any((pay.get("image") or {}).get("kind") == "score" for pay in payloads)
        if not rounds and not final:
            return posts
        try:
            record, times = await self._record(game, state, played)
            logs = await workers.run(self.executor, roundlog.logs_job, record, rounds, game.names,
                                     self._language(game)) if rounds else {}
            facts = await workers.run(self.executor, roundlog.facts_job, record, times, game.names,
                                      times[0] if times else game.row.created_at,
                                      self._language(game)) if final else ""
        except EngineError:
            log.exception("game %s: the action log does not replay; posts without round logs", game.id)
            return posts
        out = []
        for (kind, _raw), pay in zip(posts, payloads):
            image = pay.get("image") or {}
            extra = logs.get(image.get("round")) if image.get("kind") == "summary" else (
                facts if image.get("kind") == "score" else None)
            if extra:
                lines = pay["text"].split("\n")
                if image.get("kind") == "score" and game.front == "discord":  # before the last line (/pu export)
                    lines[-1:] = [extra, lines[-1]]
                else:
                    lines.append(extra)
                text = "\n".join(lines)
                pay["text"] = text if len(text) <= MAX_POST else text[:MAX_POST - 1] + "…"
                out.append((kind, json.dumps(pay)))
            else:
                out.append((kind, _raw))
        return out

    async def history(self, game_id: int, user_id: int, round_: int | None = None) -> dict:
        """/pu history: ``{"round", "text", "view"}`` of a finished round (default: the last one)
        as everybody saw it (public information only). Raises ServiceError with the valid
        range for a round that is not over or does not exist."""
        game = await self.load(game_id)
        if game.state is None:
            raise WrongStage(_("This game has not started yet."))
        if game.row.kind == "daily" and game.status == "active" and game.seat_of(user_id) is None:
            raise WrongStage(_("A daily challenge is seen only by its player until it is over."))
        record, _times = await self._record(game, game.state)
        wanted = round_ if round_ is not None else game.kind.last_finished(game.state)
        job = await workers.run(self.executor, game.kind.history_job, record, wanted, game.names,
                                 language())  # a private answer: the reader's language
        finished = job["rounds"]
        if "view" not in job:
            if not finished:
                raise ServiceError(game.kind.phrase("history_none", id=game.id, front=game.front))
            raise ServiceError(game.kind.phrase("history_not_finished", moment=wanted, id=game.id, first=finished[0],
                                                last=finished[-1]))
        text = game.kind.phrase("history_head", moment=wanted, id=game.id, first=finished[0],
                                last=finished[-1]) + "\n" + job["log"]
        return {"round": wanted, "text": text[:MAX_POST], "view": job["view"], "game": game}

    async def export_record(self, game_id: int, user_id: int, *, guild_id: int | None) -> tuple[Game, dict]:
        """/pu export: the game's replay file (engine.replay's JSON), asked for in server
        ``guild_id`` (None: a direct message). Anyone in a game's own server may have it; anywhere
        else only a player of the game (a seat the autopilot took over stays its player's): two
        direct messages are not one place. Raises NoGameHere for anyone else, as if there were
        no such game. Only once the game is over: the file holds the seed (every tile and card
        still to come) and everyone's hidden choices. Raises WrongStage before that."""
        game = await self.load(game_id)
        here = guild_id is not None and game.row.guild_id == guild_id
        if not here and not any(seat.user_id == user_id for seat in game.seats):
            raise NoGameHere(_("There is no game #{id} here.").format(id=game_id))
        if game.state is None:
            raise WrongStage(_("Game #{id} has not started yet: there is nothing to export.").format(id=game.id))
        if game.row.kind == "daily" and game.row.daily_key == daily_key(self.clock()):
            raise WrongStage(_("Today's daily challenge can be exported tomorrow, once everyone has had "
                               "their try."))
        if game.status == "active":
            raise WrongStage(game.kind.phrase("export_not_over", id=game.id))
        record, _times = await self._record(game, game.state)
        return game, record
