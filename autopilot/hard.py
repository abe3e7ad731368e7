"""The hard computer player: determinized look-ahead over the greedy player.

At the turn's decisions (the tile to pick, where to place it, the value chosen for each item to
settle that has more than one) it takes the greedy player's best few candidates and tries each
on sampled worlds: a world is the state the seat sees (``state_from_view``) with what it cannot
see filled in at random from what is still possible -- the order of the tiles below each
stack's top (from the tiles of that stack not seen anywhere), the event cards still to come
(from the cards not played yet, with the deck's colour counts), the civ cards in the piles
(from the cards of their rank not seen); the other players' turns this round, which the seat
sees only once all have confirmed, are still to play there. In each world each candidate is
played, then the game goes on to the end of the round, through the next round's station turn
(another commander's: a turn drawn with the world, PLAYOUT_TURN) and the seat's next turn: the
seat itself plays the full greedy policy, the other seats' turns are stand-ins (``_stand_in``: a
tile taken from their depot and placed nowhere, so the station empties as in the game at a
fraction of the cost of their quick play); the seat's position is then worth the greedy
evaluation. In the last rounds (ENDGAME_ROUNDS or fewer expected after this one in a solo game,
TABLE_ENDGAME_ROUNDS at a table, where the other seats then play their quick turns so that the
neighbour cards are judged against the planets they will end with) the worlds are played on to
the end of the game and the final score is what counts. The
candidate with the best mean over the worlds wins if it beats the greedy player's own choice by
MARGIN medals at least and the gain stands out of its spread over the worlds (SURE standard
errors; every candidate sees the same worlds, so a world's luck cancels out, and a single world
never overrules the greedy choice): with few worlds, a lucky draw must not trade away a sound
move. The candidates race: after RACE_WORLDS worlds, one whose gain has no real hope of
reaching MARGIN drops out, so the next worlds cost less and go to the candidates still in; once
none is left but the greedy choice, the decision ends there, under its share. Other decisions
(optional uses, rover moves, confirming) are the greedy player's, but for the commander's
station turn (three players or more), which also looks at the other players: it takes the depot
worth most to the seat less DENY times the mean of what the turn hands its two neighbours, the
players it races on the neighbour cards (a player across counts DENY_ACROSS times as much:
``station_turn``). At such a table the seat's own heuristic (its choices, its candidates, its
turns and leaf in the play-outs: ``_mine``) expects TABLE_ADVANCES track advances a round
rather than the solo-tuned ``greedy.ADVANCES_PER_ROUND``, and counts a lead on a neighbour card
for more while rounds remain (TABLE_NEIGHBOUR_ROUNDS rather than ``greedy.NEIGHBOUR_ROUNDS``).

Budget: ``budget_s`` CPU seconds per whole turn (default BUDGET_S), shared among the turn's
decisions (SHARE; in a solo game, whose turns have few decisions, each gets SOLO times its
share, and SOLO_ENDGAME times in the rounds played out to the final score, where the look-ahead
gains most: the median solo turn stays within the budget, the last rounds take up to about
twice as long; a Makeshift shift, of which a turn has several, gets half an item's share,
SOLO_SHIFT times, never the endgame's; at a table, the decisions played out to the final score
get TABLE_ENDGAME times their share) and counted in work units, not by a clock: the states
the greedy policy copies in the play-outs (``greedy.WORK``), UNITS_PER_S to a CPU second.
Worlds are added while one more (at the mean cost so far) stays within the decision's share, so
a costly position gets fewer worlds and the same position always gets the same decision on any
machine. The worlds are drawn from a generator seeded from the view. It never reads the real
state: it starts from ``view_for(state, seat)``."""
from __future__ import annotations

import math
import random

from engine import data as D
from engine import effects as F
from engine import events as E
from engine.actions import Action, Confirm, Pick, Place, Resolve, Turn, Undo
from engine.errors import EngineError
from engine.objectives import neighbour_pairs
from engine.rules import apply, legal_actions, to_act
from engine.state import GameState, copy
from engine.station import depot_tops

from .easy import view_seed
from .greedy import WORK, _Greedy, _rounds_left, choose_quick, seat_choices

BUDGET_S = 1.5  # CPU seconds per whole turn, by default
MAX_BUDGET_S = 30.0  # the most a server owner may give (HARD_TURN_SECONDS, --hard-seconds): a hard seat's
# last turns take about twice the budget, and a worker (and the game) waits on them
UNITS_PER_S = 5700  # work units (states the greedy policy copies: greedy.WORK) per CPU second in the
# play-outs, measured on a 2-core machine: 7,870 a second over 532 solo play-outs (seeds 1001-1002, rounds
# 1-11), 5,870 over 239 at four players (rounds 9-10 of seeds 2001-2002). It was 6,900: the quick policy
# now copies no state for an item with one value, plays out two trackers of an advance with a choice and
# keeps a rover's movement when nothing is in reach, so a play-out copies about half as many states
# (252 against 478 solo) and costs 0.62 times the CPU (0.60 at four players), each copy more
ROLLOUT_S = 0.05  # the cheapest play-outs (the rest of a round and the next turn): below this, no look-ahead
SHARE = {"pick": 0.375, "place": 0.5, "settle": 0.125, "shift": 0.0625}  # the turn's budget by
# decision (the rest: the greedy's own); "settle": each choice of a value for an item to settle
# (which track a synergy advances, which civ card to keep, where a rover lands ...), of which a
# turn has one to three; "shift": where a Makeshift tracker goes on each advance, two to five a
# turn on top of those (SOLO_SHIFT times its share in solo, never more: at 0.1 and SOLO_ENDGAME like the
# others, Makeshift's median solo turn took 1.7 s and its last rounds' turns up to 5 s, 2 games,
# even with the engine's quicker Makeshift checks)
UNIT_COST = {"makeshift": 2.0}  # a board's CPU per state copied, against the others': Makeshift's
# play-outs judge each shift by the track tables, with no copy (7,076 states a CPU second against
# 8,514 for Universal Coalition, hard solo turns of rounds 1-8, seed 1000, one run on a 2-core machine)
# measured 1.2; 1.4 keeps its last rounds' turns under the p95: 81 turns of seeds 1000-1003, two
# processes on a 2-core machine, median 1.21 s and p95 3.14 s against 1.43 s and 3.41 s at 1.2 in the
# same run (a slow day: 3.01 s at 1.2 before); its 25 asymmetric games at hard +0.08 (se 0.73). 2.0 since
# the quick policy's cheaper items and trackers (UNITS_PER_S), which other boards' play-outs gain more
# from: at 1.4 its solo turns read median 1.11 s, p95 3.38 s (11 of 83 over 3 s), at 2.0 0.96 s and 2.77 s
# (3 of 82), seeds 1000-1003, two processes on a 2-core machine
TOP_PLACES = 3  # placements tried per decision
MARGIN = 0.75  # medals (mean over the worlds) another candidate must gain over the heuristic's choice
SURE = 1.5  # ... and that mean, in standard errors of the gains over the worlds (a one-sided test)
RACE_WORLDS = 3  # after this many worlds, a candidate with no real hope of the margin drops out, so
RACE_SURE = 1.0  # ... (its mean plus this many standard errors below MARGIN) the others get more worlds
DENY = 1.0  # the commander's station turn: the seat's depot less this times the mean of its rivals' gains
# (DENY_ACROSS below). Hard at --budget 0 against 1: 1.5 -1.27 (se 0.66), 0.5 +0.14 (se 0.65) over seeds
# 7300-7379, when the mean took in the player across. With DENY_ACROSS 0, 1.5 reads better at the bench's
# seating (+0.55 over seeds 7400-7519, +0.89, se 0.45, over 2000-2099) but worse with one hard seat and
# three normal ones (hard minus normal -1.10, se 0.59, seeds 7600-7679): it only denies the normal seats
# more where they are all the hard seats' neighbours, so 1 stays
# Greedy seats turning the station this way against greedy ones that do not, four players: +1.01
# medals a seat (se 0.45) over 200 tables (seeds 2100-2299), +0.97 (se 0.69) over 100 more (2000-2099),
# the same seats without it +0.42 (se 0.66, the first 80 of the 200) and +0.25 (se 0.62): a gain of
# about +0.7 (paired +0.98, se 0.79, and +0.72, se 0.91). The turn's play-outs had changed the greedy
# choice in 0 of 20 station turns (2 tables), so the turn has none and its share (0.2) went to the others.
# Normal seats turning the station with DENY 2 against DENY 1, four-player tables (seeds 6600-6639, each
# played twice with the seats swapped): -0.97 (se 0.59); 3 -0.82 (se 0.65); 0 -0.29 (se 0.64)
DENY_ACROSS = 0.0  # ... where a player the seat shares no neighbour card with (the one across at four) counts
# this many times a neighbour: the denial is aimed at the two players it races on the neighbour cards.
# With it at 0 against 1 (the mean over all three others), hard at --budget 0, the bench's seating: seeds
# 7400-7519 +2.40 medals hard minus normal (se 0.67; +2.95, se 0.71, with DENY 1.5), and on the bench's
# own tables 2000-2099 +1.95 (se 0.69; hard seats +1.12, normal seats -0.82): +4.83 against +2.89. Part of
# that is the seating (the hard seats sit across from each other there); with one hard seat and three
# normal ones (seeds 7600-7679, --budget 0): hard minus normal +1.02 (se 0.59), the hard seat +0.33, its
# neighbours -1.08, the player across +0.09; the hard seat top scorer at 29 tables of 80 against 21
STAND_INS = True  # the other seats' turns in the play-outs: a tile taken and placed nowhere (their quick
# play before). Four players, 4 games (seeds 2003-2006), hard's 952 decisions taken both ways: the same
# choice in 940, the CPU 135 s against 218 s; the greedy's choice overruled in 14 against 10
TABLE_ADVANCES = 0.25  # greedy.ADVANCES_PER_ROUND (0.35, from solo play) for the hard seat's own play and
# judgement at a table of two or more: a tracker's worth counts on fewer advances to come. Normal seats
# with it against normal seats without it at four-player tables, each seed played twice with the seats
# swapped (python -m bench.tune --mixed): +1.06 medals (se 0.51) over seeds 6000-6049 and +0.94 (se 0.67)
# over 6100-6149; 0.5 lost 2.19 (se 0.37). 0.2 (+0.94, se 0.66, at normal's level on top of
# TABLE_NEIGHBOUR_ROUNDS, seeds 6900-6939): hard minus normal +2.14 over tables 2000-2059, +2.98 at 0.25
# Civ cards worth 1.25 times CIV_RANK on top of it (normal seats, --mixed: +1.41, se 0.55, and +0.87, se
# 0.71, over two sets of 40 seeds) did not carry over to hard: hard minus normal +1.56 over tables
# 2000-2099 with it, +2.50 without; not kept
TABLE_NEIGHBOUR_ROUNDS = 8.0  # greedy.NEIGHBOUR_ROUNDS (4) for the hard seat's own play and judgement at a
# table (as TABLE_ADVANCES): a lead on a neighbour card counts for more while rounds remain. On top of
# TABLE_ADVANCES (both sides), normal seats with it against normal seats without (--mixed): +0.99 medals
# (se 0.42) over seeds 6400-6439 and +0.69 (se 0.55) over 6500-6539; 16 +1.22 (se 0.64) over 6500-6539,
# but against 8 (both sides) -1.44 (se 0.68) over 6400-6439; 2 -0.50 (se 0.61). Hard minus normal with it
# +3.10 (se 0.61) over the bench's 100 tables, +2.50 without
TOP_SETTLE = 6  # values tried for an item to settle (a longer list: the greedy's best by one step)
MAX_WORLDS = 32
ENDGAME_ROUNDS = 5  # rounds expected after this one, at most: the play-outs go on to the final score
# (5 rather than 3: solo hard +1.1 medals over 40 paired seeds, se 0.5)
TABLE_ENDGAME_ROUNDS = 2  # ... at a table of two or more, where the other seats' turns in those play-outs
# are their quick play, not stand-ins, so the neighbour cards are judged against the planets they will
# have at the end; and those decisions get TABLE_ENDGAME times their share. Measured from the first round
# with 4.5 rounds or fewer to come, the games played that far at --budget 0 and on at hard's budget both
# ways (the bench's seating), paired: with TABLE_ENDGAME 1 +0.02 (se 0.11, tables 2000-2099); 2 +0.40
# (se 0.15) there and +0.33 (se 0.15) over 2100-2167; 3 +0.49 (se 0.16) over 2100-2167. The boost
# alone (2), without the play-outs to the end, +0.20 (se 0.10); to the end with stand-ins -0.17 (se
# 0.16, 2000-2099); three rounds rather than two (2), +0.17 (se 0.24) for 1.3 times the CPU
TABLE_ENDGAME = 3.0
PLAYOUT_TURN = "playout_turn"  # the world's key (GameState.extra) for the station turn another commander
# takes in its play-outs, drawn with the world: the other commanders' choices are theirs, so the worlds
# spread over them rather than all taking the first turn listed (no turn: every player keeps the depot it
# faces). From the shared start of the last rounds (tables 2100-2144): +0.41 (se 0.28); whole games on
# the bench's tables 2000-2099 at the full budget, paired: +0.73 (se 0.51), hard minus normal +5.47
MAX_ROLLOUT_ACTIONS = 2000
SOLO = 4.8  # a solo turn's decisions: this many times their share. 1.1 before the candidates raced
# (at 1.0 the median turn used about 1.0 s of 1.5, at 1.4 1.49 s); the race ended most decisions
# early (1.1 with it: median 0.80 s against 1.16 s, the same 32 games), so the share grew back:
# 2.0 with SOLO_ENDGAME 2.8, median 0.99 s, p95 2.46 s (8 games, two processes on a 2-core machine).
# With the cheaper play-outs (UNITS_PER_S) the same shares took a median 0.65 s, so this one doubled:
# 4.8 at 5,700 units a second is twice the work of 2.0 at 6,900 (3 times: median 1.08 s, p95 3.24 s over
# 81 turns of seeds 1000-1003, over the target)
SOLO_SHIFT = 1.1  # ... for a Makeshift shift (a turn has several: at SOLO its last rounds would run long)
SOLO_ENDGAME = 4.8  # ... in the rounds played out to the final score (2.6 before the race; SOLO 1.4 with
# 2.6: solo hard +0.82 medals over 40 paired seeds, se 0.56, and +0.60, se 0.33, over 40 more; 2.8 after it).
# Its play-outs to the end cost most, and their turns vary most: at 6.8 (twice the work of 2.8 at 6,900
# units a second) the p95 read 3.20 s over 16 games (319 turns, up to 6.0 s); at 4.8, 1.4 times the work


def choose_hard(view: dict, budget_s: float | None = None) -> Action:
    """The hard choice for the seat that ``view`` belongs to (``view_for(state, seat)``)."""
    budget = BUDGET_S if budget_s is None else budget_s
    sim, seat, legal = seat_choices(view)
    if any(isinstance(a, Turn) for a in legal):
        return station_turn(sim, seat, legal)
    greedy = _mine(sim, seat)
    first = greedy.decide(legal)
    kind, candidates = _candidates(sim, seat, legal, first)
    # near the end of the game: play the worlds out to the final score
    to_end = _rounds_left(sim) <= (ENDGAME_ROUNDS if sim.players == 1 else TABLE_ENDGAME_ROUNDS)
    allowance = budget * share_of(sim, seat, kind, to_end) * UNITS_PER_S  # work this decision may spend on play-outs
    if len(candidates) < 2 or allowance < ROLLOUT_S * UNITS_PER_S * len(candidates):
        return first  # not even one world's play-outs fit in the budget
    rng = random.Random(view_seed(view))
    gains: list[list[float] | None] = [[] for _ in candidates]  # by world: worth minus the greedy choice's
    worlds = plays = 0
    start = WORK[0]
    while worlds < MAX_WORLDS:
        alive = [0] + [i for i in range(1, len(candidates)) if gains[i] is not None]
        if len(alive) < 2:
            break  # every other candidate is out: the greedy choice stays
        spent = WORK[0] - start
        if plays and spent + spent / plays * len(alive) > allowance:  # another world would go past the budget
            break
        world = sample_world(sim, seat, rng)
        worth: dict[int, float | None] = {}
        for i in alive:
            f = copy(world)
            try:
                apply(f, seat, candidates[i])
            except EngineError:
                worth[i] = None
                continue
            worth[i] = rollout(f, seat, sim.round, to_end)
        plays += len(alive)
        base = worth[0]
        for i in alive[1:]:
            row = gains[i]
            w = worth[i]
            if row is not None and w is not None and base is not None:
                row.append(w - base)
                if len(row) >= RACE_WORLDS and _hopeless(row):
                    gains[i] = None  # out of the race: the next worlds go to the others
            else:
                gains[i] = None  # a candidate this world could not play: out
        worlds += 1
    return candidates[_winner(gains)]


def _mine(sim: GameState, seat: int) -> _Greedy:
    """The heuristic as the hard seat itself plays and judges: at a table of two or more, with
    TABLE_ADVANCES track advances expected a round and a neighbour card's lead judged by
    TABLE_NEIGHBOUR_ROUNDS."""
    if sim.players == 1:
        return _Greedy(sim, seat)
    return _Greedy(sim, seat, TABLE_ADVANCES, TABLE_NEIGHBOUR_ROUNDS)


def share_of(sim: GameState, seat: int, kind: str, to_end: bool) -> float:
    """The part of the turn's budget a decision of ``kind`` may spend on its play-outs."""
    share = SHARE.get(kind, 0.0) / (1 + len(sim.seats[seat].round_tiles))  # a second tile this turn: less
    if sim.players == 1:
        share *= SOLO_SHIFT if kind == "shift" else SOLO_ENDGAME if to_end else SOLO
    elif to_end:
        share *= TABLE_ENDGAME
    return share / UNIT_COST.get(sim.seats[seat].corp.corp_id, 1.0)


def _mean_se(row: list[float]) -> tuple[float, float]:
    """Mean and standard error of a candidate's gains over two or more worlds."""
    n = len(row)
    mean = sum(row) / n
    return mean, math.sqrt(sum((x - mean) ** 2 for x in row) / (n - 1) / n)


def _hopeless(row: list[float]) -> bool:
    """Whether a candidate's gains over the greedy choice so far leave no real hope of the
    MARGIN: even RACE_SURE standard errors above its mean stay below it."""
    mean, se = _mean_se(row)
    return mean + RACE_SURE * se < MARGIN


def _winner(gains: list[list[float] | None]) -> int:
    """The candidate to play (0: the greedy choice) given each one's gains over the greedy
    choice, world by world: the best mean gain, if it is at least MARGIN medals and stands
    out of the worlds' spread (its mean at least SURE standard errors above zero; with a
    single world there is no spread to judge by, so the greedy choice stays)."""
    best, best_mean = 0, 0.0
    for i, row in enumerate(gains[1:], 1):
        if not row:
            continue
        mean = sum(row) / len(row)
        if mean > best_mean:
            best, best_mean = i, mean
    row = gains[best]
    if not best or row is None or len(row) < 2 or best_mean < MARGIN:
        return 0
    return best if best_mean >= SURE * _mean_se(row)[1] else 0


def station_turn(sim: GameState, seat: int, legal: list[Action]) -> Action:
    """The commander's station turn (three players or more): the one whose depot is worth most
    to the seat (its best tile placed, by the greedy evaluation) less DENY times the mean of
    what each neighbour's depot is worth to them above their planet as it stands (their best
    tile, by the same evaluation from their own planet); a player the seat shares no neighbour
    card with (across the table) counts DENY_ACROSS times as much as a neighbour. Of two depots
    alike for the seat, the turn that hands its rivals on the neighbour cards the poorer tiles.
    Everything it judges is on show to every player (the planets, the stacks' top tiles); the
    first best turn on a tie."""
    me = _mine(sim, seat)
    rivals = {b if a == seat else a for _i, a, b in neighbour_pairs(sim.players) if seat in (a, b)}
    weights = {s: 1.0 if s in rivals else DENY_ACROSS for s in range(sim.players) if s != seat}
    others = [(g, g.value(sim), w) for g, w in ((_Greedy(sim, s), w) for s, w in weights.items() if w)]
    weight = sum(weights.values())
    best, best_val = None, -math.inf
    for a in legal:
        if not isinstance(a, Turn):
            continue
        f = copy(sim)
        apply(f, seat, a)
        worth = me.depot_worth(f)
        if weight > 0:
            worth -= DENY * sum(w * (g.depot_worth(f) - now) for g, now, w in others) / weight
        if worth > best_val + 1e-9:
            best, best_val = a, worth
    return best if best is not None else legal[0]


def _candidates(sim: GameState, seat: int, legal: list[Action], first: Action) -> tuple[str, list[Action]]:
    """(decision kind, the actions to compare, the greedy choice first) for the decisions the
    look-ahead takes; ("", [first]) for the others."""
    if isinstance(first, Pick):
        tiles: list[Action] = [first]
        tiles.extend(a for a in legal if isinstance(a, Pick) and a != first)
        return "pick", tiles
    if isinstance(first, Place):
        places = [a for a in legal if isinstance(a, Place)]
        ranked = [a for a, _v in _mine(sim, seat).ranked_places(sim, places, fast=False)]
        tried: list[Action] = [first]
        tried.extend(a for a in ranked if a != first)
        return "place", tried[:TOP_PLACES]
    if isinstance(first, Resolve) and not any(i["id"] == first.item and i.get("optional")
                                              for i in sim.seats[seat].pending):
        g = _mine(sim, seat)
        same: list[Action] = list(g._shortlist(
            sim, [a for a in legal if isinstance(a, Resolve) and a.item == first.item], fast=False))
        if len(same) > TOP_SETTLE:  # a long list (a Cosmos Inc lifepod's eighty spots): the best by one step
            same = [a for a, _v in g.ranked_values(sim, [a for a in same if isinstance(a, Resolve)])]
        values: list[Action] = [first]
        values.extend(a for a in same if a != first)
        shift = any(i["id"] == first.item and i["kind"] == "shift" for i in sim.seats[seat].pending)
        return "shift" if shift else "settle", values[:TOP_SETTLE]
    return "", [first]


def rollout(f: GameState, seat: int, start_round: int, to_end: bool = False) -> float:
    """Play ``f`` on with the quick greedy policy: every seat to the end of round
    ``start_round``, then the next round's station turn and ``seat``'s turn (``to_end``: on
    to the end of the game); the seat's worth at the end (its final score when the game is
    over)."""
    for _ in range(MAX_ROLLOUT_ACTIONS):
        if f.phase == "over":
            break
        acting = to_act(f)
        if not acting or f.round > start_round + 1 and not to_end:
            break
        if f.round == start_round or to_end:
            who = seat if seat in acting else acting[0]
        elif seat in acting:
            who = seat
        elif f.phase == "rotate":
            who = acting[0]
        else:
            break
        if who == seat:
            action = _greedy_on(f, seat)
        elif f.phase == "turns" and STAND_INS and not to_end and _stand_in(f, who):
            continue
        elif f.phase == "rotate":  # another commander: the turn drawn with the world (cheap)
            listed = [a for a in legal_actions(f, who) if not isinstance(a, Undo)]
            turn = Turn(f.extra.get(PLAYOUT_TURN, 0))
            action = turn if turn in listed else next(iter(listed), None)
        else:
            action = choose_quick(f, who)
        if action is None:
            break
        try:
            apply(f, who, action)
        except EngineError:
            break
    if f.phase == "over" and f.result is not None:
        return float(next(p["total"] for p in f.result["players"] if p["seat"] == seat))
    return _mine(f, seat).value(f)


def _stand_in(f: GameState, who: int) -> bool:
    """Another seat's turn in a play-out, nearly free: it takes one of its depot's tiles (which
    one turns with the round and the seat; the other where only that one fits) and confirms
    without placing it, so the station empties as in the game while that seat's planet stands
    still. False where its turn does not start at a plain pick (an event's choice, a tech to
    use first): the quick policy plays that turn."""
    s = f.seats[who]
    if s.step != "pick" or s.pending:
        return False
    tops = sorted(depot_tops(f, who))
    for i in range(len(tops)):
        try:
            apply(f, who, Pick(tops[(f.round + who + i) % len(tops)]))
        except EngineError:  # this one fits nowhere, the other does: the rules make it take that one
            continue
        s.hand = None  # the tile leaves the station, placed nowhere
        s.pending = []
        apply(f, who, Confirm())
        return True
    return False


def _greedy_on(f: GameState, seat: int) -> Action | None:
    """The full greedy choice on ``f`` itself (a sampled world) for the seat looking ahead."""
    legal: list[Action] = [a for a in legal_actions(f, seat) if not isinstance(a, Undo)]
    return _mine(f, seat).decide(legal) if legal else None


def sample_world(sim: GameState, seat: int, rng: random.Random) -> GameState:
    """A copy of ``sim`` (a state rebuilt from ``seat``'s view) with what the seat cannot see
    drawn at random from what is still possible: the tiles below each stack's top and the
    order of the event cards to come, the civ cards in the piles, the station turn another
    commander takes in the play-outs (PLAYOUT_TURN); the other seats play their turn this
    round, which the seat cannot see yet. What the view shows stays as it is."""
    world = copy(sim)
    st = world.station
    seen: set[int] = set()
    for s in world.seats:
        seen |= {t[0] for t in s.board.tiles}
        if s.hand is not None:
            seen.add(s.hand)
    for kind in ("small", "large"):
        seen |= {pile[-1] for pile in st[kind] if pile}
    station = D.station()
    for kind, slots in (("small", station.small_slots), ("large", station.large_slots)):
        for j, pile in enumerate(st[kind]):
            under = len(pile) - 1
            if under <= 0:
                continue
            pool = [t for t in slots[j] if t not in seen]
            if len(pool) >= under:
                pile[:-1] = rng.sample(pool, under)
    ev = world.extra.get("events")
    if ev and ev["deck"]:
        _sample_events(world, ev, seat, rng)
    _sample_civ_piles(world, seat, rng)
    _open_hidden_turns(world, seat)
    if world.players >= 3:  # a commander chooses the turn (solo and two players have none to choose)
        world.extra[PLAYOUT_TURN] = rng.randrange(6)
    return world


def _sample_civ_piles(world: GameState, seat: int, rng: random.Random) -> None:
    """The civ cards in the piles: the view shows how many each holds, not which (the rebuilt
    state repeats the rank's lowest card), unless the seat is choosing from one right now. They
    are drawn from the cards of their rank the seat has not seen: not its own, nor another
    player's immediate cards (another's end-game cards are hidden, so they stay possible)."""
    if any(i.get("kind") in ("civ", "keep_civ") for i in world.seats[seat].pending):
        return  # the piles on show are real
    seen = set(world.seats[seat].corp.civ_cards)
    for i, s in enumerate(world.seats):
        if i != seat:
            seen |= {c for c in s.corp.civ_cards if D.civ_card(c).timing == "immediate"}
    cards = D.civ_cards()
    for rank, pile in sorted(world.civ_piles.items()):
        pool = sorted(c for c, card in cards.items() if str(card.rank) == rank and c not in seen)
        if pile and len(pool) >= len(pile):
            world.civ_piles[rank] = sorted(rng.sample(pool, len(pile)))
            seen |= set(world.civ_piles[rank])


def _open_hidden_turns(world: GameState, seat: int) -> None:
    """The other seats' turns this round, hidden from the seat until everyone has confirmed:
    the view shows their planets as at the start of the round and their tiles still on the
    station (whether they have confirmed or not), so in the world they take their turn from
    there, as in the game. Left as they are, they would only confirm (or be done already):
    the next round would open with their tiles still on offer and their planets unchanged."""
    if world.phase != "turns":
        return
    for i, s in enumerate(world.seats):
        if i != seat and s.step in ("wait", "done") and depot_tops(world, i):
            s.step = "pick"
            F.start_turn(world, i)  # the start-of-round movement they had (R3)
            F.set_undo_point(s)


def _sample_events(world: GameState, ev: dict, seat: int, rng: random.Random) -> None:
    """The event cards to come: as many of each colour as the deck still holds, drawn from the
    cards not seen; a card the seat peeked at stays first."""
    cfg = world.config.get("events") or {}
    gone = set(ev["revealed"]) | ({ev["current"]} if ev.get("current") else set())
    peek = ev.get("peeks", {}).get(str(seat))
    left = {c: int(cfg.get(c, 0)) for c in E.COLOURS}
    for cid in gone | ({peek} if peek else set()):
        colour = E.card(cid).colour
        left[colour] = left.get(colour, 0) - 1
    pool = E.pool(world.players)
    drawn: list[int] = []
    for colour in E.COLOURS:
        options = [c for c in pool[colour] if c not in gone and c != peek]
        n = left.get(colour, 0)
        if n < 0 or n > len(options):
            return  # not a deck this sampler understands: keep the stand-ins
        drawn += rng.sample(options, n)
    rng.shuffle(drawn)
    if peek:
        drawn.insert(0, peek)
    if len(drawn) == len(ev["deck"]):
        ev["deck"] = drawn
