"""The hard crew-mate: determinized look-ahead over the heuristic, and its clairvoyant bound.

At each decision with more than one option (an action of phase 1, a scavenge pick, the phase 2
collect, a card to discard, a room power's choice) the heuristic's best CANDIDATES options are
each played on the same sampled worlds (``world.sample_world``: the decks' unknown order
shuffled consistently with everything seen, the known tops kept, the damage tiers stacked, new
dice); in each world the option is applied, then the heuristic plays every seat on, to the end
of the turn (the rest of its actions, its collect and the damage card drawn) or, in the
``endgame`` (the Hull Breach on, or ENDGAME_DECK resource cards or fewer left), to the game's
end, and the position reached is worth ``policy.worth`` (a win +100,000, a loss -100,000). The
option with the best mean over the worlds is played (ties: the heuristic's order). Every option
sees the same worlds, so their difference is measured on the same decks and dice; a rule that
kept the heuristic's choice unless another beat it by 500 points and a standard error was
dropped: it kept the heuristic's choice in 201 of 203 endgame decisions and won no more than
normal did (docs/solar-storm-crew.md). A round's play-out was tried and cost too much outside
the endgame. The Bridge's and the Cargo Hold's orders are the heuristic's (it weighs every
order already).

Budget: ``budget_s`` CPU seconds per whole turn (default BUDGET_S, the server owner's setting,
``HARD_TURN_SECONDS`` as for Planet Unknown), counted in work units (``policy.Work``: positions
judged and states copied), UNITS_PER_S to a CPU second on this 2-core machine; each decision gets
SHARE of the turn's budget, and worlds are added while one more (at the mean cost so far) fits,
so a position always gets the same decision on any machine; below two worlds' worth (PRIOR_UNITS
an option before any is measured, ENDGAME_PRIOR in the endgame) the heuristic's choice stands. An
endgame decision gets ENDGAME_SHARE times its share: its play-outs run to the game's end, and
these last turns decide most games (the crew lost 61 of 200 training games with 7 rooms
diverted and the deck out). The worlds come from a generator
seeded from the view.

The clairvoyant crew (``choose_clairvoyant``, for the bench only: it reads the true deck
orders, which no crew at a real table can) plays the same look-ahead on the true state (only
the dice stay unknown to it), its heuristic told what a Bridge and a Cargo Hold peek would show.
"""
from __future__ import annotations

import json
import random
import zlib

from engine.solar_storm import GameState, apply, copy, to_act
from engine.solar_storm.actions import Action, Order

from .policy import Work, ranked, worth
from .world import Memory, canonical_world, memory_from_view, sample_world

BUDGET_S = 1.5  # CPU seconds per whole turn, by default
MAX_BUDGET_S = 30.0
UNITS_PER_S = 22000  # work units a CPU second in the play-outs: 21,373 to 23,783 over 348 play-outs of a turn (1-4
# players, medium, seeds 9000-9002; bench: python -m bench.storm_crew_bench --calibrate) on the shared
# 2-core machine, CPU time (6,700 before the heuristic's worth was made 3.5 times quicker, same values)
PRIOR_UNITS = 60  # the work of one option's play-out to the end of the turn, before any is measured
SHARE = {"actions": 0.2, "collect": 0.15, "scavenge": 0.1, "discard": 0.05, "power": 0.1}
CANDIDATES = 4
MAX_WORLDS = 64
ENDGAME_DECK = 15  # resource cards left (or the Hull Breach on): the play-outs run to the game's end
ENDGAME_SHARE = 2.0  # and each endgame decision gets this many times its share of the turn
ENDGAME_PRIOR = 400
MAX_TURNS = 40  # more turns than any game has left  # the work of one option's play-out to the game's end, before any is measured


def view_seed(view: dict) -> int:
    """A seed drawn from what the seat sees: the same position, the same worlds."""
    keep = {k: v for k, v in view.items() if k != "events"}
    return zlib.crc32(json.dumps(keep, sort_keys=True).encode())


def _kind(state: GameState) -> str:
    if state.pending is not None:
        return "scavenge" if state.pending["kind"] == "scavenge" else "power"
    return state.phase if state.phase in SHARE else "actions"


def endgame(state: GameState) -> bool:
    """The last turns: the Hull Breach is on, or few resource cards are left (ENDGAME_DECK), so the
    game ends within a few turns and a play-out can run to its end, win or loss."""
    return state.hull_breach or len(state.resource_deck) <= ENDGAME_DECK


def rollout(sim: GameState, seat: int, start_turn: int, work: Work, known_of=None, turns: int = 1) -> float:
    """Play the heuristic for every seat from ``sim`` until ``turns`` more turns have opened (the
    default: the rest of this turn, its collect and its damage card) or the game ends; the worth
    reached. ``known_of(state)``: the known tops the heuristic may use there (the clairvoyant's:
    all of them); by default none."""
    steps = 0
    while sim.phase != "over" and sim.turn < start_turn + turns and steps < 400:
        s = to_act(sim)[0]
        known, known_res = known_of(sim) if known_of else ([], [])
        action = ranked(sim, s, known, known_res, work)[0][1]
        apply(sim, s, action)
        work.units += 1
        steps += 1
    known = known_of(sim)[0] if known_of else []
    return worth(sim, known, work)


def _look_ahead(root_known: tuple[list[str], list[str]], canon: GameState, seat: int, worlds,
                budget_s: float, known_of=None) -> Action:
    work = Work()
    cands = ranked(canon, seat, root_known[0], root_known[1], work)
    if len(cands) < 2 or (canon.pending is not None and canon.pending["kind"] in ("bridge", "cargo_hold")):
        return cands[0][1]
    if isinstance(cands[0][1], Order):
        return cands[0][1]
    options = [a for _v, a in cands[:CANDIDATES]]
    last = endgame(canon)
    allowance = budget_s * SHARE[_kind(canon)] * UNITS_PER_S * (ENDGAME_SHARE if last else 1.0)
    prior, turns = (ENDGAME_PRIOR, MAX_TURNS) if last else (PRIOR_UNITS, 1)
    totals: list[list[float]] = [[] for _ in options]
    if allowance < 2 * prior * len(options):
        return options[0]  # not even two worlds: the heuristic's choice
    spent = work.units
    n = 0
    while n < MAX_WORLDS:
        per_world = (work.units - spent) / n if n else prior * len(options)
        if work.units - spent + per_world > allowance:
            break
        world = worlds(n)
        for i, a in enumerate(options):
            sim = copy(world)
            work.units += 1
            apply(sim, seat, a)
            totals[i].append(rollout(sim, seat, canon.turn, work, known_of, turns))
        n += 1
    if n < 2:
        return options[0]
    means = [sum(t) / n for t in totals]
    return options[max(range(len(options)), key=lambda i: (means[i], -i))]  # ties: the heuristic's order


def choose_hard(view: dict, memory: Memory | None, budget_s: float | None = None) -> Action:
    """The hard level's action for the seat whose view this is (``view['seat']``)."""
    budget = BUDGET_S if budget_s is None else max(0.0, min(MAX_BUDGET_S, budget_s))
    mem = memory if memory is not None else memory_from_view(view)
    seat = view["seat"]
    canon = canonical_world(view, mem)
    rng = random.Random(view_seed(view))
    cache: dict[int, GameState] = {}

    def worlds(i: int) -> GameState:
        if i not in cache:
            cache[i] = sample_world(view, mem, rng)
        return cache[i]

    return _look_ahead((list(mem.damage_top), list(mem.resource_top)), canon, seat, worlds, budget)


def true_tops(state: GameState) -> tuple[list[str], list[str]]:
    """The cards a Bridge and a Cargo Hold peek would show now, top first (only the clairvoyant
    may ask): what its heuristic is given; its worlds are the whole truth."""
    return list(reversed(state.damage_deck))[:PEEK_DAMAGE], list(reversed(state.resource_deck))[:PEEK_RESOURCES]


PEEK_DAMAGE, PEEK_RESOURCES = 3, 5


def choose_clairvoyant(state: GameState, seat: int, budget_s: float | None = None) -> Action:
    """The look-ahead given the true deck orders (the bench's upper bound; never at a table): its
    worlds are the true state (only the dice drawn anew), its heuristic is told the next 3
    damage and 5 resource cards (a heuristic told every card to come waits to repair a room
    until the card that hits it is next, and diverts fewer rooms than normal:
    docs/solar-storm-crew.md)."""
    budget = BUDGET_S if budget_s is None else max(0.0, budget_s)
    rng = random.Random(zlib.crc32(f"{state.seed}:{state.turn}:{state.phase}:{state.actions}".encode()))

    def worlds(i: int) -> GameState:
        w = copy(state)
        w.seed = rng.randrange(1 << 62)  # the dice stay unknown
        return w

    return _look_ahead(true_tops(state), state, seat, worlds, budget, true_tops)
