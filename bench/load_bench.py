"""Load: many games in progress at once, every player acting concurrently.

    .venv/bin/python -m bench.load_bench                      # 200 games through the service, 8 through SimCord
    .venv/bin/python -m bench.load_bench --games 50 --discord 0 --rounds 3

Through the service: one database file and one GameService, as in the bot; each human player is
an asyncio task that waits for its turn and plays it through the panel path (``control`` with
the panel's stamp, now and then clicked twice at once) or as a typed move (``act``). Games have
1 to 4 players, some with a computer player, some with private objectives. Through SimCord: the
real bot, each move a /pu act in the game's thread, one move of every game delivered at once.

Checked for every game, and any failure makes the run fail (exit status 1):
- nothing lost or duplicated: each move a player was told was accepted is in the action log
  once, at the version it made, and the log holds no other human move;
- no deadlock: everything finishes within the time limit;
- consistent: the stored state is the replay of the log, and its score the replay's score (the
  final result, for games played to the end); through SimCord, one summary per round ended and
  one final score post per finished game.
Reported: moves per second and request latency (median, 99th percentile, worst): the time
from a player's request to its answer through the service, queueing behind the other
players' requests included; through SimCord, the time to answer one move of every game
delivered at once.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from db.connection import open_database
from db.repository import GameRepository
from engine import rules, scoring
from engine.actions import Confirm, Undo
from engine.errors import EngineError
from engine.replay import replay
from engine.state import dump
from service import GameService, ServiceError, autoplay
from service.panels import stamp_of


@dataclass
class Report:
    games: int = 0
    finished: int = 0
    requests: int = 0
    accepted: int = 0
    refused: int = 0  # stale panels, second clicks of a double click, moves overtaken by others
    logged: int = 0  # every action in the logs, computer players' included
    wall: float = 0.0
    latencies: list[float] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def summary(self) -> dict:
        lat = sorted(self.latencies) or [0.0]
        return {"games": self.games, "finished": self.finished, "requests": self.requests,
                "accepted": self.accepted, "refused": self.refused, "actions_logged": self.logged,
                "wall_s": round(self.wall, 2), "moves_per_s": round(self.accepted / self.wall, 1) if self.wall else 0,
                "actions_per_s": round(self.logged / self.wall, 1) if self.wall else 0,
                "latency_ms": {"median": round(statistics.median(lat) * 1000, 1),
                               "p99": round(lat[int(len(lat) * 0.99) - 1 if len(lat) > 1 else 0] * 1000, 1),
                               "worst": round(lat[-1] * 1000, 1)},
                "problems": self.problems[:20]}


def choose(state, seat, rng: random.Random) -> str:
    """A player's next move: mostly the plain default, sometimes another legal one."""
    default = autoplay.default_action(state, seat)
    others = [a for a in rules.legal_actions(state, seat) if not isinstance(a, (Undo, Confirm))]
    if others and rng.random() < 0.2:
        return str(rng.choice(others))
    return str(default)


def confirmed(move: str) -> str:
    """A move as typed to /pu act, confirmed: a typed placement that destroys a lifepod or a
    rover is otherwise asked about first."""
    return move + " confirm" if move.startswith("place ") else move


async def check_game(service: GameService, game_id: int, acks: list[tuple[int, int, str]], report: Report) -> None:
    """Compare a game's log and state with what its players were told (acks: version, seat, move)."""
    game = await service.load(game_id)
    log = await service.repo.list_actions(game_id)
    report.logged += len(log)
    humans = {i for i in range(len(game.seats)) if not game.seats[i].is_bot}
    told = sorted(acks)
    logged = sorted((a.game_version, a.seat, a.action) for a in log if a.seat in humans)
    if told != logged:
        lost = set(told) - set(logged)
        extra = set(logged) - set(told)
        report.problems.append(f"game {game_id}: {len(lost)} accepted move(s) not in the log, "
                               f"{len(extra)} logged move(s) nobody was told of")
    if [a.seq for a in log] != list(range(1, len(log) + 1)):
        report.problems.append(f"game {game_id}: the log has gaps or repeats")
    state = game.state
    assert state is not None  # every game of the run was started before it was played
    again = replay({"config": state.config, "seed": state.seed, "actions": [[a.seat, a.action] for a in log]})
    if dump(again) != game.row.state:
        report.problems.append(f"game {game_id}: the stored state is not the replay of its log")
    if state.phase == "over":
        report.finished += 1
        if game.status != "finished" or again.result != state.result or state.result != scoring.final_scores(again):
            report.problems.append(f"game {game_id}: the final score does not match its replay")
    elif scoring.score(again) != scoring.score(state):
        report.problems.append(f"game {game_id}: the score does not match its replay")


async def service_load(games: int = 200, rounds: int | None = None, seed: int = 1, timeout: float = 1800,
                       path: str | None = None, think: float = 0.0, executor=None, around_play=None,
                       services: int = 1, only: range | None = None) -> Report:
    """``games`` games played by concurrent simulated players through one GameService; each to
    its end, or until ``rounds`` rounds are over. Players act the moment they can (the service
    saturated), or after a random pause of ``think`` seconds on average. ``executor``: the
    service's worker pool (service.workers; None: the service's default). ``around_play``: an
    async context manager entered for the play itself (after the setup, before the checks).
    ``path`` may be a postgresql:// URL; ``services`` > 1 opens that many GameServices, each on
    its own connection, as several bot processes would, and sends each request (and each look
    at a game) to one of them at random. ``only``: set up and play only these games of the
    ``games`` (one process's share, when several processes share the run; bench/multi)."""
    report = Report(games=games)
    folder: tempfile.TemporaryDirectory[str] | None = None
    if path is None:
        folder = tempfile.TemporaryDirectory()
        path = str(Path(folder.name) / "load.sqlite3")
    extra = {} if executor is None else {"executor": executor}
    dbs = [await open_database(path) for _ in range(services)]
    pool = [GameService(GameRepository(db), autopilot_level="random", **extra) for db in dbs]
    service = pool[0]
    pick = random.Random(seed).choice

    try:
        setups = []
        for i in (range(games) if only is None else only):
            humans = 1 + i % 4
            bots = 1 if i % 5 == 4 and humans < 4 else 0
            users = [10_000 * (i + 1) + k for k in range(humans)]
            game = await service.create(creator_id=users[0], creator_name=f"g{i}p0", guild_id=1, channel_id=i + 1,
                                        options={"max_players": humans + bots, "seed": seed * 1000 + i,
                                                 "remind_hours": 0, "private_objectives": i % 3 == 0})
            for k, user in enumerate(users[1:], 1):
                await service.join(game.id, user, f"g{i}p{k}")
            for _ in range(bots):
                await service.add_bot(game.id, users[0], False)
            game = await service.start(game.id, users[0], False)
            setups.append(game)
        versions = {g.id: g.version for g in setups}
        changed = {g.id: asyncio.Condition() for g in setups}
        acks: dict[int, list] = {g.id: [] for g in setups}

        async def player(game_id: int, user: int, rng: random.Random) -> None:
            while True:
                game = await pick(pool).load(game_id)
                state = game.state
                seat = game.seat_of(user)
                assert state is not None and seat is not None  # a started game, and the user's own seat
                if game.status != "active" or (rounds is not None and state.round > rounds):
                    return
                if seat not in rules.to_act(state):
                    # a player far away holds none of the bot's objects while it waits
                    seen = game.version
                    del game, state
                    async with changed[game_id]:
                        await changed[game_id].wait_for(lambda: versions[game_id] != seen)  # noqa: B023 - awaited here
                    continue
                if think:
                    await asyncio.sleep(rng.expovariate(1 / think))
                move = choose(state, seat, rng)
                roll = rng.random()
                if roll < 0.7:
                    calls = [pick(pool).control(game_id, user, seat, stamp_of(state, seat), f"a:{move}")]
                    if roll < 0.05:  # a double click
                        calls.append(pick(pool).control(game_id, user, seat, stamp_of(state, seat), f"a:{move}"))
                else:
                    calls = [pick(pool).act(game_id, user, move)]
                started = time.perf_counter()
                results = await asyncio.gather(*calls, return_exceptions=True)
                report.latencies.append(time.perf_counter() - started)
                report.requests += len(calls)
                for result in results:
                    if isinstance(result, (ServiceError, EngineError)):
                        report.refused += 1
                        continue
                    if isinstance(result, BaseException):
                        report.problems.append(f"game {game_id}: {type(result).__name__}: {result}")
                        raise result
                    report.accepted += 1
                    # the move, and the items with a single value it left, settled with it
                    acks[game_id] += [(result.game.version, seat, move) for move in result.played]
                    async with changed[game_id]:
                        versions[game_id] = max(versions[game_id], result.game.version)
                        changed[game_id].notify_all()
                del results, calls, result  # nor the answers it was given

        tasks = []
        for g in setups:
            for i, s in enumerate(g.seats):
                if not s.is_bot:
                    assert s.user_id is not None  # a human seat has its user
                    tasks.append(player(g.id, s.user_id, random.Random(f"{seed}:{g.id}:{i}")))
        started = time.perf_counter()
        try:
            if around_play is None:
                await asyncio.wait_for(asyncio.gather(*tasks), timeout)
            else:
                async with around_play:
                    await asyncio.wait_for(asyncio.gather(*tasks), timeout)
        except TimeoutError:
            report.problems.append(f"deadlock or stall: not done after {timeout} s")
        report.wall = time.perf_counter() - started
        for g in setups:
            await check_game(service, g.id, acks[g.id], report)
    finally:
        for db in dbs:
            await db.close()
        if folder is not None:
            folder.cleanup()
    return report


async def discord_load(games: int = 8, rounds: int | None = None, seed: int = 1) -> Report:
    """``games`` 2-player games through the real bot in SimCord, one move of every game
    delivered at the same moment, each to its end or until ``rounds`` rounds are over."""
    from bench.simdiscord import simulated_discord
    from tests.discord.simcord_extra import concurrently

    report = Report(games=games)
    async with simulated_discord("load.sqlite3", [(f"table-{i}", [f"t{i}p{k}" for k in range(2)])
                                                  for i in range(games)], guild="Load") as sim:
        env, service, tables = sim.env, sim.bot.service, sim.tables
        ids, threads = [], []
        for i, (channel, players) in enumerate(tables):
            r = await players[0].slash(channel, "pu create", players=2)
            assert r.response is not None, "/pu create answers with the lobby"
            game = (await service.games_of(players[0].id))[-1]
            await service.repo.set_config(game.id, json.dumps({**game.options, "seed": seed * 1000 + i}))
            await players[1].click(r.response, label="Join")
            await players[0].click(r.response, label="Start")
            ids.append(game.id)
            threads.append(channel.threads[-1])
        rng = random.Random(seed)
        acks: dict[int, list] = {gid: [] for gid in ids}
        started = time.perf_counter()
        batches = 0
        while True:
            moves = []
            for gid, thread, (_, players) in zip(ids, threads, tables):
                game = await service.load(gid)
                assert game.state is not None  # every game was started by its Start click
                if game.status != "active" or (rounds is not None and game.state.round > rounds):
                    continue
                seat = rules.to_act(game.state)[0]
                who = next(p for p in players if p.id == game.user_of(seat))
                moves.append((gid, seat, who, thread, choose(game.state, seat, rng)))
            if not moves:
                break
            batch_started = time.perf_counter()
            results = await concurrently(env, *[
                (lambda who=who, thread=thread, move=move: who.slash(thread, "pu act", action=confirmed(move)))
                for _, _, who, thread, move in moves])
            report.latencies.append(time.perf_counter() - batch_started)
            report.requests += len(moves)
            for (gid, seat, _, _, move), result in zip(moves, results):
                text = result.response.content if result.response else ""
                if result.acknowledged and text.startswith("✔"):
                    report.accepted += 1
                    game = await service.load(gid)  # one move per game per batch: its version
                    saved = [a.action for a in await service.repo.list_actions(gid)
                             if a.game_version == game.version and a.seat == seat]
                    # the move, and the items with a single value it left, settled with it
                    acks[gid] += [(game.version, seat, m) for m in (saved if saved[:1] == [move] else [move])]
                else:
                    report.problems.append(f"game {gid}: {move!r} answered {text[:80]!r}")
            batches += 1
            if batches % 10 == 0:
                await env.advance_time(16 * 60)  # let old interaction tokens expire
        await env.advance_time(60)
        report.wall = time.perf_counter() - started
        for gid, thread in zip(ids, threads):
            await check_game(service, gid, acks[gid], report)
            game = await service.load(gid)
            assert game.state is not None  # every game was started by its Start click
            history = thread.history()
            ended = game.state.round - 1 if game.state.phase != "over" else game.state.round
            summaries = [m for m in history if m.content.startswith("**Round") and "is over" in m.content]
            finals = [m for m in history if "Final scores" in m.content]
            if len(summaries) != ended or len(finals) != (game.state.phase == "over"):
                report.problems.append(f"game {gid}: {len(summaries)} summaries for {ended} rounds, "
                                       f"{len(finals)} final score posts")
    return report


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.load_bench")
    ap.add_argument("--games", type=int, default=200, help="games through the service (default 200)")
    ap.add_argument("--discord", type=int, default=8, help="games through SimCord (default 8; 0: none)")
    ap.add_argument("--rounds", type=int, default=None, help="stop after this many rounds (default: play to the end)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--think", type=float, default=0.0,
                    help="mean pause in seconds before each move (default 0: act at once, saturating the service)")
    args = ap.parse_args(argv)
    failed = False
    for name, run in (("service", service_load(args.games, args.rounds, args.seed, think=args.think)),
                      ("simcord", discord_load(args.discord, args.rounds, args.seed) if args.discord else None)):
        if run is None:
            continue
        report = asyncio.run(run)
        print(json.dumps({name: report.summary()}, indent=2), flush=True)
        failed |= bool(report.problems)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
