"""Solar Storm engine benchmark (issue 52): legal actions mid-game, whole random games per CPU
second, and dump plus load of a 4-player state.

    .venv/bin/python -m bench --only solar_storm [--quick]

Legal actions: every position of turns 6 to 10 of random-legal 4-player games (easy), the time
to list the active seat's legal actions. Games: random-legal games, engine only (no copies, no
serialisation), a quarter at each player count (1-4) and easy difficulty: the active seat plays
an action drawn uniformly from its legal actions, undo left out (as
``engine.solar_storm.replay --record`` plays: with undo a random player can go back and forth).
Dump plus load: ``load(dump(state))`` of the same 4-player positions (the state carries its
undo point, so it holds the position twice). All three are CPU time of the process
(bench.common.time_ms); wall-clock figures are in the notes.
"""
from __future__ import annotations

import random
from functools import partial

from bench.common import median, percentile, row, time_ms

LEGAL_TARGET_MS = 0.2
GAMES_TARGET = 200.0  # games per CPU second
DUMP_LOAD_TARGET_MS = 0.5


def play_game(players: int, seed: int) -> int:
    """One random-legal game without undo; the number of actions played."""
    from engine.solar_storm import apply, legal_actions, make_config, new_game
    from engine.solar_storm.actions import Undo

    state = new_game(make_config(players), seed)
    rng = random.Random(seed)
    n = 0
    while state.phase != "over":
        seat = state.active
        apply(state, seat, rng.choice([a for a in legal_actions(state, seat) if not isinstance(a, Undo)]))
        n += 1
        if n >= 20_000:
            raise RuntimeError(f"random game {seed} does not end")
    return n


def mid_game_positions(seeds) -> list:
    """The positions of turns 6-10 of random 4-player games (copies)."""
    from engine.solar_storm import apply, copy, legal_actions, make_config, new_game
    from engine.solar_storm.actions import Undo

    out = []
    for seed in seeds:
        state = new_game(make_config(4), seed)
        rng = random.Random(seed)
        while state.phase != "over" and state.turn <= 10:
            if state.turn >= 6:
                out.append(copy(state))
            seat = state.active
            apply(state, seat, rng.choice([a for a in legal_actions(state, seat) if not isinstance(a, Undo)]))
    return out


def measure(quick: bool = False) -> list[dict]:
    from engine.solar_storm import dump, legal_actions, load

    positions = mid_game_positions(range(3) if quick else range(12))
    runs = 20 if quick else 100
    cpu, wall, counts = [], [], []
    for state in positions:
        counts.append(len(legal_actions(state, state.active)))
        c, w = time_ms(partial(legal_actions, state, state.active), runs)
        cpu += c
        wall += w
    med = median(cpu)
    rows = [row("Solar Storm: legal actions of a mid-game position (4 players, turns 6-10)", round(med, 4), "ms",
                f"median <= {LEGAL_TARGET_MS:g} ms", med <= LEGAL_TARGET_MS,
                note=f"CPU time; p99 {percentile(cpu, 0.99):.4f} ms; wall-clock median {median(wall):.4f} ms; "
                     f"{median(counts):.0f} actions (median, max {max(counts)}) over {len(positions)} positions "
                     f"x {runs} runs")]

    n_games = 40 if quick else 400
    cpu, wall, actions = [], [], []
    for i in range(n_games):
        c, w = time_ms(lambda: actions.append(play_game(i % 4 + 1, 1000 + i)), 1)  # noqa: B023 - called at once
        cpu += c
        wall += w
    rate = len(cpu) / (sum(cpu) / 1000)
    rows.append(row("Solar Storm: random-legal whole game, engine only (1-4 players, easy)", round(rate, 1),
                    "games/s", f">= {GAMES_TARGET:g} games/s", rate >= GAMES_TARGET,
                    note=f"CPU time: {n_games} games in {sum(cpu) / 1000:.2f} s (median game {median(cpu):.2f} ms, "
                         f"{median(actions):.0f} actions); wall-clock {len(wall) / (sum(wall) / 1000):.1f} games/s; "
                         f"undo never chosen"))

    fours = positions[:: max(1, len(positions) // 40)]
    cpu, wall = [], []
    for state in fours:
        c, w = time_ms(lambda: load(dump(state)), runs)  # noqa: B023 - called at once
        cpu += c
        wall += w
    med = median(cpu)
    size = median([len(dump(s)) for s in fours])
    rows.append(row("Solar Storm: dump + load of a 4-player state", round(med, 4), "ms",
                    f"median <= {DUMP_LOAD_TARGET_MS:g} ms", med <= DUMP_LOAD_TARGET_MS,
                    note=f"CPU time; p99 {percentile(cpu, 0.99):.4f} ms; wall-clock median {median(wall):.4f} ms; "
                         f"{size / 1024:.1f} KiB of JSON (median, undo point included); {len(fours)} positions x "
                         f"{runs} runs"))
    return rows
