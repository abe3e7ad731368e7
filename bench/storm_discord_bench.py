"""Solar Storm in the simulated Discord (issue 53): from the action that ends a turn to that
turn's post, with its ship image, in the game's thread.

    .venv/bin/python -m bench --only storm_discord [--quick]

The real bot (bot.make_bot: cogs, game service, a SQLite file, images drawn in the service's
worker threads) runs in SimCord's simulated Discord, as in tests/discord. Two members open a
game with ``/storm create``, join from the lobby and play it in its thread, each action typed
with ``/storm act`` (a random legal one, undo left out, from a fixed seed). For each action that
ends a turn (not the game), the clock starts just before the command is sent and stops when
SimCord's backend stores the "**Turn N**" post in the thread with its image attached: the player's own answer,
the service's work, the turn's log rebuilt in the worker, the ship image drawn and encoded, and
the post itself are all inside. Median over the turns of as many games as it takes (random play
loses within a dozen turns); wall-clock time (what a player waits).
"""
from __future__ import annotations

import asyncio
import random
import time

from bench.common import median, percentile, row
from bench.simdiscord import simulated_discord

TARGET_MS = 400.0


async def _play(turns: int, seed: int = 7) -> tuple[list[float], list[int], int, int, float]:
    latencies: list[float] = []
    sizes: list[int] = []
    async with simulated_discord("storm.sqlite3", [("games", ["ann", "ben"])]) as sim:
        env, bot, posted = sim.env, sim.bot, sim.posted
        [(channel, players)] = sim.tables
        service = bot.service
        rng = random.Random(seed)
        steps = games = 0
        started = time.perf_counter()
        while len(latencies) < turns:  # random play loses quickly: game after game
            r = await players[0].slash(channel, "storm create", players=2, remind_hours=0.0)
            lobby = r.response
            assert lobby is not None, "/storm create answers with the lobby"
            await players[1].click(lobby, label="Join")
            await players[0].click(lobby, label="Start")
            game = (await service.games_of(players[0].id))[-1]
            thread = channel.threads[-1]
            games += 1
            while game.status == "active" and len(latencies) < turns:
                assert game.state is not None  # an active game has a state
                pos = game.kind.to_act(game.state)[0]
                who = next(p for p in players if game.user_of(pos) == p.id)
                choices = [str(a) for a in game.kind.legal_actions(game.state, pos) if str(a) != "undo"]
                turn = game.state.turn
                seen = len(posted)
                t0 = time.perf_counter()
                result = await who.slash(thread, "storm act", action=rng.choice(choices))
                if not (result.response and result.response.content.startswith("✔")):
                    raise RuntimeError(f"action refused: {result.response and result.response.content}")
                game = await service.load(game.id)
                if game.status == "active" and game.state is not None and game.state.turn != turn:
                    for _ in range(50):  # the post goes out through the outbox, after the answer
                        found = [(t, n) for t, channel_id, text, n in posted[seen:]
                                 if channel_id == thread.id and text.startswith(f"**Turn {turn}**")]
                        if found:
                            latencies.append((found[0][0] - t0) * 1000)
                            sizes.append(found[0][1])
                            break
                        await env.settle()
                steps += 1
                if steps % 20 == 0:
                    await env.advance_time(16 * 60)  # interaction tokens expire, as between real moves
        elapsed = time.perf_counter() - started
    return latencies, sizes, steps, games, elapsed


def measure(quick: bool = False) -> list[dict]:
    latencies, images, steps, games, elapsed = asyncio.run(_play(4 if quick else 40))
    med = median(latencies)
    with_image = sum(1 for n in images if n)
    return [row("Solar Storm: end of turn -> the turn's post with the ship image, simulated Discord, 2 players",
                round(med, 1), "ms", f"median <= {TARGET_MS:g} ms", med <= TARGET_MS and with_image == len(images),
                note=f"wall-clock; {len(latencies)} turns: p90 {percentile(latencies, 0.9):.0f}, "
                     f"min {min(latencies):.0f}, max {max(latencies):.0f} ms; {with_image} of {len(images)} posts "
                     f"with the image; {steps} actions typed in {elapsed:.0f} s over {games} game(s); images drawn in the "
                     f"service's "
                     f"worker threads")]


if __name__ == "__main__":
    for r in measure():
        print(r)
