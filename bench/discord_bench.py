"""Simulated Discord benchmark: from the last player's confirm to the round summary in the thread.

    .venv/bin/python -m bench --only discord [--quick]

The real bot (bot.make_bot: cogs, game service, a SQLite file) runs in SimCord's simulated
Discord, as in tests/discord. Four members create a game in a channel, join from the lobby
and play it in its thread, each move typed with ``/pu act`` (the legal default move, as the
end-to-end tests play). For the move that ends a round, the clock starts just before the
command is sent and stops when SimCord's backend stores the "Round N is over" message with
its image in the game's thread: the player's own answer (their next panel, drawn), the
service's work, the summary image and the post itself are all inside. Median over the rounds.
"""
from __future__ import annotations

import asyncio
import time

from bench.common import median, row
from bench.simdiscord import simulated_discord

TARGET_MS = 400.0


async def _play(rounds: int | None) -> tuple[list[float], int, float]:
    from engine import rules
    from service import autoplay

    latencies: list[float] = []
    async with simulated_discord("discord.sqlite3", [("games", ["ann", "ben", "cat", "dan"])]) as sim:
        env, bot, created = sim.env, sim.bot, sim.posted
        [(channel, players)] = sim.tables
        r = await players[0].slash(channel, "pu create", players=4, remind_hours=0.0)
        lobby = r.response
        assert lobby is not None, "/pu create answers with the lobby"
        for p in players[1:]:
            await p.click(lobby, label="Join")
        await players[0].click(lobby, label="Start")
        service = bot.service
        game = (await service.games_of(players[0].id))[-1]
        thread = channel.threads[-1]
        steps = 0
        started = time.perf_counter()
        while game.status == "active" and (rounds is None or len(latencies) < rounds):
            assert game.state is not None  # an active game has a state
            acting = [p for p in players if game.seat_of(p.id) in rules.to_act(game.state)]
            who = acting[0]
            seat = game.seat_of(who.id)
            assert seat is not None  # who is acting, so seated
            action = autoplay.default_action(game.state, seat)
            seen = len(created)
            t0 = time.perf_counter()
            typed = str(action) + (" confirm" if str(action).startswith("place ") else "")  # no question
            result = await who.slash(thread, "pu act", action=typed)
            if not (result.response and result.response.content.startswith("✔")):
                raise RuntimeError(f"move refused: {action} -> {result.response and result.response.content}")
            for t, channel_id, content, _attachments in created[seen:]:
                if channel_id == thread.id and content.startswith("**Round") and "is over.**" in content:
                    latencies.append((t - t0) * 1000)
            steps += 1
            if steps % 20 == 0:
                # interaction tokens expire after 15 minutes, as between real moves;
                # SimCord otherwise keeps every one alive and slows down
                await env.advance_time(16 * 60)
            game = await service.load(game.id)
        elapsed = time.perf_counter() - started
    return latencies, steps, elapsed


def measure(quick: bool = False) -> list[dict]:
    latencies, steps, elapsed = asyncio.run(_play(3 if quick else None))
    med = median(latencies)
    return [row("simulated Discord: last confirm -> round summary sent, 4 players", round(med, 1), "ms",
                f"median <= {TARGET_MS:g} ms", med <= TARGET_MS,
                note=f"{len(latencies)} rounds: min {min(latencies):.0f}, max {max(latencies):.0f} ms; "
                     f"{steps} moves typed in {elapsed:.0f} s ({elapsed / steps * 1000:.0f} ms per move, "
                     f"each answered with the player's panel image)")]
