"""The easy computer player: the greedy player with a new player's habits. It looks at fewer
placements (the quick policy: the best three by a glance at the board) and judges positions
with a steady error: each position's worth is off by a random amount of about EASY_NOISE
medals, the same amount every time it looks at that position in a round. So it plays legal, sensible
moves, but often not the best ones: it misjudges lines, objectives and tracker benefits the
way someone still learning the game does.

The error is seeded from what the seat sees (its seat, the round, the game's settings), so
the same position always gets the same decision, and it decides from ``view_for(state, seat)``
alone."""
from __future__ import annotations

import random
import zlib

from engine.actions import Action
from engine.state import GameState

from .greedy import SIM_BUDGET, _Greedy, seat_choices

EASY_NOISE = 2.0  # sd of the error on a position's worth, in medals


def view_seed(view: dict) -> int:
    """A number that depends on everything the view shows (the same view, the same number)."""
    return zlib.crc32(repr(sorted(view.items(), key=lambda kv: kv[0])).encode())


class _Easy(_Greedy):
    """The greedy player with a steady error on each position's worth."""

    def __init__(self, sim: GameState, seat: int, seed: int, noise: float = EASY_NOISE):
        super().__init__(sim, seat)
        self.seed = seed
        self.noise = noise
        self.sims = SIM_BUDGET + 1  # the quick policy: fewer placements looked at

    def value(self, sim: GameState, parts: dict[str, float] | None = None) -> float:
        s = sim.seats[self.seat]
        b, corp = s.board, s.corp
        key = (self.seed, tuple(map(tuple, b.tiles)), tuple(b.patches), tuple(b.rovers), tuple(b.lifepods),
               tuple(b.meteorites), tuple(sorted(corp.trackers.items())), corp.lifepods, corp.meteorites,
               tuple(corp.civ_cards), tuple(sorted(str(i.get("kind")) for i in s.pending)), s.step)
        error = random.Random(zlib.crc32(repr(key).encode())).gauss(0.0, self.noise)
        if parts is not None:
            parts["error"] = error  # the new player's misjudgement
        return super().value(sim, parts) + error


def choose_easy(view: dict) -> Action:
    """The easy choice for the seat that ``view`` belongs to (``view_for(state, seat)``)."""
    sim, seat, legal = seat_choices(view)
    seed = zlib.crc32(repr((seat, view["round"], sorted(view["config"].items()))).encode())
    return _Easy(sim, seat, seed).decide(legal)
