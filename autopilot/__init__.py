"""Autopilot: a computer player for bot seats, absent players, the offline console and tests.
It lives beside the engine, not inside it, and uses only the engine's public API.

It plays by the same rules as everybody (engine/rules.py: the round of rulebook 2023 pp.4-7,
RULINGS R1-R7, with the planets, corporations and events modules): every action it returns
is one of ``legal_actions(state, seat)`` (never an undo), for a seat that ``to_act`` lists.

What it knows (hidden information: engine/view.py). The greedy level never reads the state
itself: it rebuilds a playable state from ``view_for(state, seat)`` alone
(``engine.view.state_from_view``), so the stack order below the top tiles, the civ piles it may not look
at, other players' private objectives and end-game civ cards, other seats' unconfirmed turns,
the order of the event deck and the seed simply are not there. It simulates only its own
actions on copies of that state.

Levels (``LEVELS``; ``greedy``, the normal level's old name, is still accepted):
  random  uniform over the legal actions (undo excluded), from a seeded ``random.Random``
          (for tests and benchmarks).
  easy    the heuristic below with a new player's habits (``easy``): fewer placements looked
          at, and each position's worth off by a steady random error (sd EASY_NOISE medals).
  normal  (default) the heuristic below.
  hard    determinized look-ahead (``hard``): at the pick, the placement and each item to
          settle with more than one value (a synergy's track, a civ card ...) the heuristic's
          best few candidates are each played on sampled worlds (hidden stack tiles, event
          cards and civ cards drawn from what is still possible; the other players' turns of
          the round, hidden until all confirm, played there) to the seat's next turn, and the
          best mean wins; a CPU budget per whole turn (default 1.5 s), counted in states
          copied rather than by a clock, sets the number of worlds, so decisions stay
          deterministic. Its station turn (three players or more) also weighs what each depot
          hands the other players: of two depots alike for it, the one that gives them the
          poorer tiles.
Every level but random decides from ``view_for(state, seat)`` alone.

Greedy heuristic. A position is worth an estimate of the seat's final medals (``evaluate``);
R is the number of rounds expected after this one (depots, free squares, event cards left).
  lines     each row and column: its medals if complete, else medals x b^missing, b < 1
            shrinking as R falls; a meteorite in the line cuts its worth. A little per covered
            square; a penalty for free areas of 1-4 squares, which few tiles can fill. The
            planet's own medals (Gaia cities, Cerberus globes) as scored.
  trackers  per track: the medals it may end on (averaged over the advances still expected)
            plus the benefits ahead (synergy, civ milestones, biomass, rovers, movement,
            techs), each weighted by the chance to get there -- the next turn's one or two
            steps weigh most (the one-turn look-ahead on tracker benefits); medals as the
            corporation board counts them; unlocked techs worth a little while rounds remain.
            A Makeshift tracker counts in the column it stands in, its tracks 1.25 times
            (every step is a choice of column: TRACK_SCALE); a Cosmos Inc track is
            counted without the spaces its lifepods cover (jumped for free, worth nothing).
  pieces    collected lifepods and meteorites as scored (civ cards included); those still on
            the planet by how close the nearest rover is; rovers on the planet.
  cards     end-game civ cards as scored; civ milestones waiting for the civ step.
  objectives private objectives: 5 if met, else 5 x the chance of meeting it by the end, from
            the part done (largest rectangle that may still be completed, icons in one area,
            share of ice or land covered, tracker's height) and the rounds left: a logistic
            fit to solo games at normal (greedy.OBJ_CHANCE); kinds without a fit 5 x 0.8 x
            part^3;
            neighbour objectives: 2 plus or minus a smooth share of 3 by the lead over the
            neighbour (as they stood at the start of the round), exact at the end.
  pending   unsettled items at their typical worth, so that any settling order compares
            fairly; optional ones (tech uses) at none; a lifepod still to place (Cosmos Inc,
            Jump Drive) at least at its medal, so rovers go for lifepods on those boards too.
Decisions:
  tile      every placement of both depot tiles gets a cheap static score from bitmasks (the
            line, tracker, water-on-ice, energy-adjacency, lifepod, rover, hole, fit and
            objective parts of the above); the best ten are played out on copies -- place,
            settle every pending item, spend the movement -- and the best final worth wins.
  items     each value of each item to settle is simulated and the best resulting worth wins,
            so item kinds added by other modules work unchanged; long lists (biomass squares,
            teleports) are first cut to the best few by a static score; civ card picks, extra
            tiles and the event choices that decide the tiles on offer (the stack to throw
            away, 116; the depot to face, 79) are played out to the end of the step, the tile
            pick and placement included. Optional uses are taken only when they gain
            something now.
  rovers    start-of-round movement is spent before the tile is placed when a piece is in
            reach (it is lost once the tile lies, R3); other movement after placing.
            Movement goes to the lifepod or meteorite whose collection raises the worth most
            (simulated along a shortest route); with nothing in reach this turn, a rover steps
            where the worth rises (closer to the pieces); then the seat confirms.
  rotation  the commander tries the six station turns and keeps the one whose depot gives it
            the best placement.
  objective keeps the private objectives it meets most often (priors measured over games;
            Makeshift and Jump Drive by their own rates for the track objectives their
            boards make hard).
  unknown   any other action is judged by simulating it; failing that, the first legal one.
A decision simulates at most SIM_BUDGET copies with full care, then finishes with the quick
policy, so a turn full of choices stays fast. The quick policy (the rest of a step after a
placement, and the hard level's play-outs) chooses a Makeshift shift by the track tables
alone -- the worth of the space reached over the space left, what is printed there, the techs
it switches -- and a Cosmos Inc lifepod's spot the same way (exactly the simulated worth)
instead of a copy per space: the same space as the simulation in 295 of 333 shifts, and the
play-outs of those two boards, which cost twice another board's, about as cheap. It also
settles items that each have a single value in the order listed (only the order was left to
choose), plays out only the two trackers the track tables rate highest when an advance may
go to any of several, and keeps a rover's movement when no piece is in reach: a play-out
copies about half as many states and costs about 0.6 times the CPU, and the full policy's
own decisions still weigh every order, tracker and step.

Modules: ``play`` (levels, ``choose``, the one loop ``play_until_waiting``, ``play_turn``,
``play_game``), ``greedy`` (the heuristic: ``evaluate`` and the decisions), ``easy`` and
``hard`` (the other levels, built on the heuristic).
"""
from engine.view import state_from_view

from .greedy import MAX_ACTIONS_PER_STEP, breakdown, breakdowns, choose_from_view, evaluate, rounds_expected
from .hard import BUDGET_S, MAX_BUDGET_S
from .play import ALIASES, LEVELS, choose, level_name, play_game, play_turn, play_until_waiting

__all__ = ["ALIASES", "BUDGET_S", "breakdown", "breakdowns", "rounds_expected", "LEVELS", "MAX_BUDGET_S", "MAX_ACTIONS_PER_STEP", "choose", "level_name", "choose_from_view", "evaluate", "play_game", "play_turn",
           "play_until_waiting", "state_from_view"]
