"""The greedy computer player: a position's worth (``evaluate``) and the decisions made by
simulating actions on copies of the state the seat sees (the heuristic is described in
autopilot/__init__.py). Uses only the engine's public API."""
from __future__ import annotations

import math
from collections import deque
from collections.abc import Iterator, Sequence
from functools import cache, lru_cache

from engine import corporations as corps
from engine import data as D
from engine import planets as P
from engine.actions import DIRECTIONS, Action, Confirm, DropObjective, Move, Pick, Place, Resolve, Turn, Undo
from engine.board import Board
from engine.effects import early_movement, tech_unlocked
from engine.errors import EngineError, NotYourTurn
from engine.objectives import compare, neighbour_pairs, neighbour_value, private_met
from engine.rules import apply, legal_actions, to_act
from engine.scoring import SPACE_CITIZEN
from engine.state import Corp, GameState, copy
from engine.view import state_from_view, view_for

MAX_ACTIONS_PER_STEP = 500  # a seat's step never needs this many actions; more means a bug

# --------------------------------------------------------------------------- weights
ADVANCES_PER_ROUND = 0.35  # advances a single track can expect per remaining round
LOOKAHEAD = 0.8  # worth of a benefit ahead on a track, times the chance to reach it
# 0.9 at four-player tables (on top of hard's TABLE_ADVANCES and TABLE_NEIGHBOUR_ROUNDS, both sides): normal
# seats +1.68 (se 0.61) and +0.81 (se 0.51) over two sets of 40 seeds, each played twice with the seats
# swapped; +1.25 (se 0.62) against plain normal seats. As hard's own weight at a table: hard minus normal
# +2.55 (se 0.61) over tables 2000-2099 against +3.10 without it; with no time to look ahead (--budget 0)
# -0.79 (se 0.79) there, +0.98 (se 0.80) over seeds 7000-7079, +1.23 (se 0.57) over 7100-7259. Not kept
LINE_BASE = 0.85  # chance factor per missing square of a line, early in the game
LINE_TAU = 3.0  # ... falling as 1 - exp(-rounds left / LINE_TAU) toward the end
BLOCKED_WITH_ROVER = 0.45  # a line with a meteorite: share of its worth while rovers roam
BLOCKED_NO_ROVER = 0.1
COVER = 0.03  # per covered square (fewer uncovered squares also breaks ties)
POCKET = (0.0, 0.5, 0.7, 0.6, 0.3)  # per free area of 1, 2, 3, 4 squares (too small for most tiles)
COMPACT = 0.12  # static score: per side of the tile against a covered or off-planet square (0.04 before:
# +0.45 and +0.32 medals in solo at normal over two sets of 400 fresh paired seeds, se 0.28 each)
SAME_TERRAIN = 0.06  # static score: per side against the same terrain the objectives want
SYNERGY = 1.2  # with PATCH 0.4 and REACH 0.6 (were 1.0, 0.7, 0.8): solo at normal +0.67 medals over
PATCH = 0.4  # 500 paired seeds (se 0.32), scanned one by one then together on fresh seeds
MOVE_STEP = 0.15
# A corporation's tracker worths (the track tables) times this. Makeshift's trackers choose a
# column at every step, and its board pays them more than the tables expect: at 1.25, normal
# solo on KSB-4156 +1.24 medals over 250 paired seeds (se 0.49; 122000-122249) and +1.4 over
# 500 in all; at 1.4 +0.58, at 1.5 +1.13 over 150; Universal Coalition at 1.25: -0.10 (se 0.47).
TRACK_SCALE = {"makeshift": 1.25}
CIV_RANK = {1: 1.5, 2: 2.0, 3: 2.5, 4: 3.0}
TECH_VALUE = {"ignore_adjacency": 1.5, "store_biomass_patches": 0.3, "rover_move_plus_n": 0.8,
              "double_water_from_tile_placement": 1.2, "meteor_immunity": 1.0}
ROVER_ON_PLANET = 0.3
REACH = 0.6  # lifepod one step beyond this turn's movement
REACH_DECAY = 0.8  # per further step
NO_ROVER_POD = 0.2  # a lifepod while no rover is on the planet (one may still come)
NEIGHBOUR_ROUNDS = 4.0  # a neighbour card: a lead of d (what the card compares) is worth 2 + 3 tanh(d / (1 +
# rounds left / this)) medals (2 a tie, 5 a win): the more rounds to come, the less a lead now says
OBJ_SHAPE = 0.8  # share of a private objective's medals credited for progress (progress ** OBJ_POWER)
OBJ_POWER = 3
OBJ_CHANCE_MIX = 1.0  # share of a private objective's credit from its chance below (the rest: the curve above)
# The chance that a private objective not met yet will be met by the end, given the part done
# (0..1) and the rounds left: 1 / (1 + exp(-(a + b * part + c * rounds / 10))), fitted by logistic
# regression on 18,036 (objective, round) samples of 300 solo games at normal (seeds 50000-50299).
# The curve alone credited 0.41 of the 5 medals for 8 tenths of a 2 x 5 rectangle 8 to 12 rounds
# from the end, met 35 times in 55, and 0.1 for a track objective half way up, met 33 times in 37.
OBJ_CHANCE = {
    "rectangle:10": (-8.03, 6.01, 3.51),  # 2 x 5
    "rectangle:9": (-5.73, 4.10, 2.69),  # 3 x 3
    "area_with_resources": (-7.88, 7.46, 3.62),
    "all_covered": (-8.01, 7.14, 5.44),
    "track_at_max": (-11.16, 13.38, 6.03),  # biomass, rover, tech and water pooled (civ was always met)
}
UNKNOWN_ITEM = 0.5
ITEM_VALUE = {"line": 0.8, "teleport": 0.8, "extra_tile": 2.5}
EPS = 1e-6
WORK = [0]  # states copied by every decision so far in this process: a measure of CPU work that no clock sways

TOP_PLACEMENTS = 10  # placements played out per tile (20, with SIM_BUDGET 1,400, at four-player tables: +0.17
# medals, se 0.46, over 40 seeds played twice with the seats swapped; the search's width is not what limits it)
TOP_PLACEMENTS_FAST = 3  # inside another play-out, and per tile for the commander's rotation
TOP_VALUES = 6  # values played out per long item (biomass squares, teleports)
TOP_VALUES_FAST = 3
TOP_ADVANCES_FAST = 2  # trackers played out per advance with a choice, inside another play-out (the
# best by the track tables: a tracker's objectives and techs show only in the play-out)
SETTLE_LIMIT = 12  # values of one decision played out to the end of the step (more: judged at once)
SETTLE_KINDS = ("civ", "extra_tile", "remove_stack", "rotate_station")  # items whose choice opens more
# choices, or decides the tiles on offer (events 116 and 79): played out to the end of the step
SIM_BUDGET = 700  # simulated copies per decision before the rest is judged with the quick policy
OPTIONAL_MARGIN = 0.2  # an optional use (a tech, a lifepod move) must gain this much

# Chance the greedy player meets a private objective of each kind (used to choose which to keep),
# as measured: objectives kept and met over 500 solo games at normal (normal event deck, standard
# boards, seeds 70000-70499), with the objectives credited by their chance (OBJ_CHANCE).
_OBJ_PRIOR = {"rectangle": 0.36, "area_with_resources": 0.43, "track_at_max": 0.81,
              "resources_on_planet_at_most": 0.44, "collected_at_least": 0.02, "collected_more_than": 0.89,
              "all_covered": 0.3}

# Measured again with the objectives kept at random (so that a rarely kept one is measured
# too: 800 solo games at normal, seeds 600000-600799, 67 to 117 games a card) where that
# differed by more than 0.1: 9 meteorites met 22% of the time (0.02 when kept only where
# nothing else would do), the civ area 0.48 (0.26), the rover and tech areas 0.36 and 0.45
# (0.52 and 0.62), the biomass and rover tracks 0.77 and 0.62 (0.68 and 0.55). At normal, 400
# paired solo games each: standard boards +0.16 medals (se 0.12, 45 games kept other cards),
# asymmetric boards +0.40 (se 0.20, 42 games).
_OBJ_PRIOR_DETAIL: dict[tuple[str, str | None], float] = {
    ("track_at_max", "civ"): 0.95, ("track_at_max", "water"): 0.92, ("track_at_max", "tech"): 0.87,
    ("track_at_max", "biomass"): 0.77, ("track_at_max", "rover"): 0.62,
    ("rectangle", "biomass"): 0.63, ("rectangle", "civ"): 0.33, ("rectangle", "tech"): 0.29,
    ("rectangle", "rover"): 0.27, ("rectangle", "energy"): 0.26, ("rectangle", "water"): 0.22,
    ("area_with_resources", "tech"): 0.45, ("area_with_resources", "rover"): 0.36,
    ("area_with_resources", "biomass"): 0.49, ("area_with_resources", "energy"): 0.39,
    ("area_with_resources", "water"): 0.39, ("area_with_resources", "civ"): 0.48,
    ("collected_at_least", "meteorite"): 0.22}
# Where a corporation's board makes a track objective far harder than on Universal Coalition's
# (measured at normal over 80 solo games a corporation, KSB-4156, seeds 7000-7079: objectives
# kept and met): Makeshift's trackers drift between columns and block each other (water 8 of
# 15, biomass 1 of 17, rover 0 of 14, tech 0 of 13); Jump Drive's tech track loses medals as it
# rises (5 at the first space, 1 at the top: 0 of 13). Keeping another objective instead, at
# normal over 100 paired solo games each (seeds 110000-110099): Makeshift +0.64 medals (se 0.39,
# 25 games changed), Jump Drive +0.74 (se 0.31, 11 changed); Republic's rover track (4 of 16,
# prior 0.25) lost 0.30 (se 0.29), so it keeps the common figure.
_OBJ_PRIOR_CORP: dict[tuple[str, str, str | None], float] = {
    ("makeshift", "track_at_max", "water"): 0.53, ("makeshift", "track_at_max", "biomass"): 0.06,
    ("makeshift", "track_at_max", "rover"): 0.03, ("makeshift", "track_at_max", "tech"): 0.03,
    ("jump_drive", "track_at_max", "tech"): 0.03}
_BOARD_PRIVATE = ("rectangle", "area_with_resources", "resources_on_planet_at_most", "all_covered")
_BOARD_NEIGHBOUR = ("resources_on_edge", "largest_area", "area_count", "resources_on_planet")


def seat_choices(view: dict) -> tuple[GameState, int, list[Action]]:
    """What a level decides from: the playable state rebuilt from ``view`` (``view_for(state,
    seat)``), its seat, and the seat's legal actions but Undo. Raises NotYourTurn when there
    are none."""
    sim = state_from_view(view)
    seat = view["viewer"]
    legal: list[Action] = [a for a in legal_actions(sim, seat) if not isinstance(a, Undo)]
    if not legal:
        raise NotYourTurn("the autopilot has nothing to decide for this seat right now", seat)
    return sim, seat, legal


def choose_from_view(view: dict) -> Action:
    """The greedy choice for the seat that ``view`` belongs to (``view_for(state, seat)``)."""
    sim, seat, legal = seat_choices(view)
    return _Greedy(sim, seat).decide(legal)


def choose_quick(state: GameState, seat: int) -> Action | None:
    """The greedy choice in its quick form (fewer placements played out), decided on ``state``
    itself: for play-outs on a state that is already one seat's sample of the game (the hard
    level's look-ahead), never for a real game. None when the seat has nothing to decide."""
    legal: list[Action] = [a for a in legal_actions(state, seat) if not isinstance(a, Undo)]
    if not legal:
        return None
    g = _Greedy(state, seat)
    g.sims = SIM_BUDGET + 1  # hurried from the start: the quick policy throughout
    return g.decide(legal)


def evaluate(state: GameState, seat: int) -> float:
    """The greedy heuristic's worth of ``seat``'s position (an estimate of its final medals),
    judged from what the seat can see."""
    sim = state_from_view(view_for(state, seat))
    return _Greedy(sim, seat).value(sim)


def breakdown(state: GameState, seat: int) -> dict[str, float]:
    """``evaluate``'s parts, by name (they add up to it): ``row:C`` / ``column:5`` each line's
    worth; ``cover`` the covered squares; ``holes`` the free areas too small for most tiles
    (below 0); ``planet`` the planet's own medals; ``track:<name>`` each track (``track:board``
    what the corporation board counts otherwise); ``techs`` the techs unlocked; ``lifepods``
    and ``meteorites`` those collected; ``in_reach`` those a rover may still collect;
    ``rovers`` rovers on the planet; ``civ_cards`` civ cards kept or to choose;
    ``objective:<card>`` each private objective; ``neighbour:<n>`` each neighbour card;
    ``pending`` what is still to settle. Judged from what the seat can see."""
    return breakdowns([state], seat)[0]


def breakdowns(states: Sequence[GameState], seat: int) -> list[dict[str, float]]:
    """``breakdown`` of each of ``states`` (positions of one game, the first one's and those
    after some of its moves), all judged as at the first: the same rounds left, so that
    what changes between them is what the moves did. Each from what the seat can see."""
    sims = [state_from_view(view_for(state, seat)) for state in states]
    judge = _Greedy(sims[0], seat)
    out = []
    for sim in sims:
        parts: dict[str, float] = {}
        judge.value(sim, parts)
        out.append(parts)
    return out


# --------------------------------------------------------------------------- planet geometry


@cache
def _lines(planet_id: str) -> tuple:
    """(mask, squares, medals) of every row then every column with at least one square."""
    p = D.planet(planet_id)
    out = []
    for masks, medals in ((p.row_masks, p.row_medals), (p.column_masks, p.column_medals)):
        for m, medal in zip(masks, medals):
            if m:
                out.append((m, m.bit_count(), medal))
    return tuple(out)


@cache
def _line_names(planet_id: str) -> tuple[str, ...]:
    """``row:C`` or ``column:5`` for each line of ``_lines``, in its order."""
    p = D.planet(planet_id)
    rows = [f"row:{D.ROW_LETTERS[i]}" for i, m in enumerate(p.row_masks) if m]
    return (*rows, *(f"column:{i + 1}" for i, m in enumerate(p.column_masks) if m))


@cache
def _cell_lines(planet_id: str) -> tuple:
    """For every square, the indexes in ``_lines`` of the lines through it."""
    lines = _lines(planet_id)
    return tuple(tuple(i for i, (m, _n, _md) in enumerate(lines) if m >> c & 1) for c in range(D.SIZE * D.SIZE))


@lru_cache(maxsize=16_384)  # the same tile shapes at the same squares come back in every decision
def _lines_through(planet_id: str, mask: int) -> tuple[int, ...]:
    """The indexes in ``_lines`` of the lines through any square of ``mask``, in order."""
    cell_lines = _cell_lines(planet_id)
    return tuple(sorted({i for c in D.cells_of(mask) for i in cell_lines[c]}))


@cache
def _distances(planet_id: str) -> tuple:
    """Rover steps between any two squares of the planet (orthogonal steps on grid squares)."""
    p = D.planet(planet_id)
    far = 99
    out = []
    for src in range(D.SIZE * D.SIZE):
        dist = [far] * (D.SIZE * D.SIZE)
        if p.grid_mask >> src & 1:
            dist[src] = 0
            q = deque([src])
            while q:
                c = q.popleft()
                for n in D.neighbours(c):
                    if p.grid_mask >> n & 1 and dist[n] == far:
                        dist[n] = dist[c] + 1
                        q.append(n)
        out.append(tuple(dist))
    return tuple(out)


@cache
def _windows(planet_id: str, width: int, height: int, any_orientation: bool) -> tuple:
    """Masks of every width x height rectangle lying wholly on the planet grid."""
    grid = D.planet(planet_id).grid_mask
    shapes = {(height, width), (width, height)} if any_orientation else {(height, width)}
    out = []
    for h, w in sorted(shapes):
        block = sum(1 << (r * D.SIZE + c) for r in range(h) for c in range(w))
        for r0 in range(D.SIZE - h + 1):
            for c0 in range(D.SIZE - w + 1):
                m = block << (r0 * D.SIZE + c0)
                if m & grid == m:
                    out.append(m)
    return tuple(out)


_RECTANGLES: dict[tuple, int] = {}
_RECTANGLES_LIMIT = 4096  # a decision's play-outs see a few thousand boards; the bound keeps a bot small


def _best_rectangle(planet_id: str, cond: dict, occ: int, tm: int) -> int:
    """The most squares of terrain mask ``tm`` in one rectangle of a rectangle objective that
    no other terrain spoils, on a planet with covered squares ``occ``. The play-outs ask the
    same board again and again (each value of an item to settle leaves the board as it is),
    so the answers are kept."""
    other = occ & ~tm
    key = (planet_id, cond["width"], cond["height"], cond.get("any_orientation", True), other, tm)
    best = _RECTANGLES.get(key)
    if best is not None:
        return best
    need = cond["width"] * cond["height"]
    best = 0
    for w in _windows(*key[:4]):
        if not w & other:
            n = (w & tm).bit_count()
            if n > best:
                best = n
                if n == need:
                    break
    if len(_RECTANGLES) >= _RECTANGLES_LIMIT:
        _RECTANGLES.clear()
    _RECTANGLES[key] = best
    return best


_TRACK_WORTHS: dict[tuple, float] = {}  # (corporation, rounds left, a rover's worth, advances a round, trackers)
# -> their worth
_TRACK_WORTHS_LIMIT = 4096  # in the evaluation (``_Greedy._track_worth``), for boards with no pieces on them


def clear_weight_caches() -> None:
    """Empty the caches that hold values worked out from the weights (after a weight changes:
    a tuning variant, a test)."""
    _track_table.cache_clear()
    _chance.cache_clear()
    _TRACK_WORTHS.clear()


@lru_cache(maxsize=16_384)  # a decision uses a few hundred; the bound keeps a long-running bot small
def _shape_at(tile_id: int, orient: int, anchor: int) -> tuple:
    """(mask, ((terrain, mask), ...), meteor mask, ((icon, square), ...)) of a placed tile."""
    mask = meteor = 0
    terr: dict[str, int] = {}
    icons = []
    for c in D.tile(tile_id).orientations[orient].cells:
        sq = anchor + c.dr * D.SIZE + c.dc
        mask |= 1 << sq
        terr[c.terrain] = terr.get(c.terrain, 0) | 1 << sq
        if c.meteor:
            meteor |= 1 << sq
        if c.symbol:
            icons.append((c.symbol, sq))
    return mask, tuple(sorted(terr.items())), meteor, tuple(icons)


_NOT_LEFT = sum(1 << (r * D.SIZE + c) for r in range(D.SIZE) for c in range(1, D.SIZE))  # squares off column 0
_NOT_RIGHT = sum(1 << (r * D.SIZE + c) for r in range(D.SIZE) for c in range(D.SIZE - 1))  # ... off the last


@lru_cache(maxsize=65_536)  # the same free areas come back in every play-out; the bound keeps a bot small
def _components(mask: int) -> tuple[int, ...]:
    """Orthogonally connected groups of a square mask."""
    out = []
    size = D.SIZE
    while mask:
        comp = mask & -mask
        while True:  # grow by one step in every direction, inside the mask
            grown = (comp | comp << size | comp >> size | (comp & _NOT_RIGHT) << 1 | (comp & _NOT_LEFT) >> 1) & mask
            if grown == comp:
                break
            comp = grown
        out.append(comp)
        mask &= ~comp
    return tuple(out)


def _progress(share: float) -> float:
    """Credit for a private objective part done (0..1), before it is met."""
    return OBJ_SHAPE * share ** OBJ_POWER


@lru_cache(maxsize=4096)  # a few parts and quarter rounds come back in every play-out
def _chance(key: str, part: float, rounds: float) -> float:
    """Credit for a private objective not met yet (0..1): the fitted chance of meeting it
    (OBJ_CHANCE) mixed with the progress curve (OBJ_CHANCE_MIX)."""
    curve = _progress(part)
    coef = OBJ_CHANCE.get(key) or OBJ_CHANCE.get(key.partition(":")[0])
    if coef is None or OBJ_CHANCE_MIX <= 0:
        return curve
    a, b, c = coef
    z = max(-30.0, min(30.0, a + b * part + c * rounds / 10))
    return (1 - OBJ_CHANCE_MIX) * curve + OBJ_CHANCE_MIX / (1 + math.exp(-z))


def _pockets(free: int) -> float:
    """Penalty for free areas too small for most tiles: a single square takes a biomass patch,
    two squares the domino only, and so on."""
    out = 0.0
    for comp in _components(free):
        n = comp.bit_count()
        if n < len(POCKET):
            out += POCKET[n]
    return out


def pockets_of(free: int) -> int:
    """Squares in the free areas of ``free`` that ``_pockets`` counts (1 to 4 squares: too
    small for most tiles)."""
    return sum(n for n in (comp.bit_count() for comp in _components(free)) if n < len(POCKET))


_MASKS: dict[tuple, tuple[dict[str, int], dict[str, int]]] = {}
_MASKS_LIMIT = 256  # a decision sees a few hundred boards; the bound keeps a long-running bot small


def _board_masks(b: Board) -> tuple[dict[str, int], dict[str, int]]:
    """Masks of each terrain and of each resource icon on a board. What a board shows follows
    from its planet, tiles and patches, so the masks are cached on those (the returned dicts
    are shared: read them only)."""
    key = (b.planet_id, tuple(tuple(t) for t in b.tiles), tuple(b.patches))
    hit = _MASKS.get(key)
    if hit is not None:
        return hit
    terr: dict[str, int] = {}
    icons: dict[str, int] = {}
    for i, t in enumerate(b.terrain):
        if t is not None:
            terr[t] = terr.get(t, 0) | 1 << i
    for i, s in enumerate(b.symbol):
        if s is not None:
            icons[s] = icons.get(s, 0) | 1 << i
    if len(_MASKS) >= _MASKS_LIMIT:
        _MASKS.clear()
    _MASKS[key] = (terr, icons)
    return terr, icons


def rounds_expected(state: GameState) -> float:
    """Rounds the heuristic expects after the current one (``_rounds_left``)."""
    return _rounds_left(state)


def _rounds_left(state: GameState) -> float:
    """Rounds expected after the current one: until a depot runs dry (each of ``players``
    depots of six loses a tile a round), a planet fills up (about 4.3 squares a round, the
    last few squares being too scattered to use) or the event deck runs out."""
    if state.phase in ("final", "over") or state.ending:
        return 0.0
    st = state.station
    off = st["offset"]
    depot = min(len(st["large"][j]) + len(st["small"][(j + off) % 6]) for j in range(6))
    by_depot = depot * 6 / max(1, min(6, state.players)) - 1
    free = min(s.board.uncovered() for s in state.seats)
    by_space = (free - 8) / 4.3
    events = state.extra.get("events")
    by_events = len(events["deck"]) if events else by_depot  # the last card's round is the last
    return max(0.0, min(by_depot, by_space, by_events))


# --------------------------------------------------------------------------- the greedy player


class _Greedy:
    """One decision's context: the seat, the time left, and the tables derived from them."""

    def __init__(self, sim: GameState, seat: int, per_round: float | None = None,
                 neighbour_rounds: float | None = None):
        """``per_round``, ``neighbour_rounds``: ADVANCES_PER_ROUND and NEIGHBOUR_ROUNDS for this
        player (the hard level's own at a table)."""
        self.root = sim
        self.per_round = ADVANCES_PER_ROUND if per_round is None else per_round
        self.neighbour_rounds = NEIGHBOUR_ROUNDS if neighbour_rounds is None else neighbour_rounds
        self.seat = seat
        self.sims = 0  # copies simulated so far in this decision (see SIM_BUDGET)
        s = sim.seats[seat]
        b = s.board
        self.planet_id = b.planet_id
        planet = b.planet
        self.grid = planet.grid_mask
        self.nongrid = ((1 << (D.SIZE * D.SIZE)) - 1) & ~self.grid
        self.ice = planet.ice_mask
        self.edge = planet.edge_mask
        self.lines = _lines(self.planet_id)
        self.dist = _distances(self.planet_id)
        self.corp_id = s.corp.corp_id
        self.corp_def = D.corporation(self.corp_id)
        R = self.rounds = round(_rounds_left(sim) * 4) / 4  # quarter rounds: the tables below are cached
        self.tf = min(1.0, R / 6)
        base = LINE_BASE * (1 - math.exp(-R / LINE_TAU))
        self.pk = [1.0] + [base ** k for k in range(1, 13)]
        self.hole_w = min(1.0, R / 3)
        self.rover_value = self.tf * (0.5 + 0.5 * min(3, len(b.lifepods)))
        self.covered = _covered(s.corp)
        self.columns = _columns(self.corp_id, s.corp)
        self._advances: dict[tuple[str, int], float] = {}  # advance_value's answers in this decision
        self.tracks = {t: _track_table(self.corp_id, t, R, self.rover_value, self.covered.get(t, ()), self.per_round)
                       for t in self.corp_def.tracks}
        self.opponents = []  # (criterion, their value)
        for index, a, c in neighbour_pairs(sim.players):
            if index < len(sim.neighbour_objectives) and seat in (a, c):
                crit = D.objective_card(sim.neighbour_objectives[index]).neighbour
                other = c if seat == a else a
                self.opponents.append((crit, self._neighbour(sim, other, crit, None)))
        want: set[str] = set()
        for crit, _ in self.opponents:
            if crit["kind"] == "largest_area":
                want.add(crit["terrain"])
        for card in s.corp.objectives:
            cond = D.objective_card(card).private
            if cond["kind"] in ("rectangle", "area_with_resources"):
                want.add(cond["terrain"])
        self.want_terrain = sorted(want)

    # ------------------------------------------------------------ tracks and benefits
    def _benefit(self, b: tuple) -> float:
        return _benefit_value(self.corp_id, b, self.tf, self.rover_value)

    def advance_value(self, track: str, pos: int) -> float:
        """Worth of one advance of ``track`` from ``pos``, benefits claimed included."""
        key = (track, pos)
        worth = self._advances.get(key)
        if worth is None:
            worth = self._advances[key] = self._advance_value(track, pos)
        return worth

    def _advance_value(self, track: str, pos: int) -> float:
        track = self.columns.get(track, track)  # Makeshift: the column the tracker stands in
        table = self.tracks.get(track)
        if table is None:
            return 0.0
        tr = self.corp_def.tracks[track]
        if pos >= tr.top:
            return sum(self._benefit(x) for x in tr.repeat_at_top)
        covered = self.covered.get(track, ())
        nxt = pos + 1
        while nxt in covered:  # Cosmos Inc: a tracker jumps covered spaces for free
            nxt += 1
        if nxt > tr.top:
            return 0.0
        return table[nxt] - table[pos] + sum(self._benefit(x) for x in tr.benefits[nxt])

    # ------------------------------------------------------------ evaluation
    def value(self, sim: GameState, parts: dict[str, float] | None = None) -> float:
        """The position's worth for the seat (an estimate of its final medals). With ``parts``,
        its parts are also written there (names as ``breakdown`` gives them), and they
        add up to the worth."""
        s = sim.seats[self.seat]
        b = s.board
        corp = s.corp
        R = self.rounds
        occ = b.filled  # Petra's uncovered currents count as covered (P4)
        met = 0
        for m in b.meteorites:
            met |= 1 << m
        rovers = [p for p in b.rovers if p is not None]
        v = 0.0
        # A: rows and columns
        bf = (BLOCKED_WITH_ROVER if rovers else BLOCKED_NO_ROVER) if R > 0 else 0.0
        pk = self.pk
        unblock: dict[int, float] = {}  # meteorite -> line medals its removal would free
        names = _line_names(self.planet_id) if parts is not None else ()
        for i, (mask, n, medals) in enumerate(self.lines):
            p = pk[n - (mask & occ).bit_count()]
            blockers = mask & met
            if blockers:
                worth = medals * p * bf
                if not blockers & (blockers - 1):  # a single meteorite spoils this line
                    m = blockers.bit_length() - 1
                    unblock[m] = unblock.get(m, 0.0) + medals * p * (1 - bf)
            else:
                worth = medals * p
            v += worth
            if parts is not None:
                parts[names[i]] = worth
        mark = v
        v += COVER * occ.bit_count()
        if parts is not None:
            parts["cover"], mark = v - mark, v
        v -= self.hole_w * _pockets(self.grid & ~occ)
        if parts is not None:
            parts["holes"], mark = v - mark, v
        v += sum(x["medals"] for x in P.bonus(b))  # the planet's own medals (Gaia, Cerberus)
        if parts is not None:
            parts["planet"], mark = v - mark, v
        # B: trackers and techs
        if parts is not None:  # each track's part apart (no cache)
            v += self._track_worth(corp, parts)
            mark = v
        elif corp.special:  # pieces on the corporation board (Cosmos Inc's lifepods, Makeshift's columns ...)
            v += self._track_worth(corp)
        else:  # the play-outs meet the same trackers again and again
            key = (self.corp_id, R, self.rover_value, self.per_round, tuple(corp.trackers.items()))
            worth = _TRACK_WORTHS.get(key)
            if worth is None:
                if len(_TRACK_WORTHS) >= _TRACK_WORTHS_LIMIT:
                    _TRACK_WORTHS.clear()
                worth = _TRACK_WORTHS[key] = self._track_worth(corp)
            v += worth
        # C: lifepods and meteorites
        cards = corp.civ_cards
        per_pod = 2 if SPACE_CITIZEN in cards else 1
        per_trio = 1 + sum(1 for c in cards if c in D.civ_sets()["meteorite_repo"]["cards"])
        v += corp.lifepods * per_pod + (corp.meteorites // 3) * per_trio
        if R > 0:
            v += (corp.meteorites % 3) * per_trio / 6
        if parts is not None:
            parts["lifepods"] = float(corp.lifepods * per_pod)
            parts["meteorites"], mark = v - mark - parts["lifepods"], v
        if rovers and R > 0:
            dist = self.dist
            for c in b.lifepods:
                v += per_pod * self._reach(min(dist[r][c] for r in rovers))
            for m in b.meteorites:
                v += (per_trio / 6 + unblock.get(m, 0.0)) * self._reach(min(dist[r][m] for r in rovers))
            if parts is not None:
                parts["in_reach"], mark = v - mark, v
            v += ROVER_ON_PLANET * len(rovers) * self.tf
        elif corp.rover_supply > 0 and R > 0:
            v += NO_ROVER_POD * per_pod * len(b.lifepods)
            if parts is not None:
                parts["in_reach"], mark = v - mark, v
        if parts is not None:
            parts["rovers"], mark = v - mark, v
        # D: civ cards
        v += _civ_medals(corp, b)
        v += sum(CIV_RANK.get(r, 2.0) for r in s.civ_queue)
        if parts is not None:
            parts["civ_cards"], mark = v - mark, v
        # E, F: objectives
        if corp.objectives or self.opponents:
            terr, icons = _board_masks(b)
            v += self._objectives(sim, occ, terr, icons, parts=parts)
            mark = v
        # unsettled items (optional ones may be left: they count for nothing)
        for item in s.pending:
            if not item.get("optional"):
                v += self._item(item, corp, b, per_pod)
        if parts is not None:
            parts["pending"] = v - mark
        return v

    def _track_worth(self, corp: Corp, parts: dict[str, float] | None = None) -> float:
        """Part B of ``value``: the trackers' worth by the track tables, corrected to the medals
        the corporation board really counts, and the techs unlocked (each written to ``parts``
        when given: ``track:<name>``, ``techs``)."""
        R = self.rounds
        trackers = corp.trackers
        v = 0.0
        linear = 0
        covered = _covered(corp) if corp.special else {}
        columns = _columns(self.corp_id, corp)
        counted = corps.track_medals(self.corp_id, trackers, corp.special)
        named = 0  # the board's corrections written to each track's part
        for t in self.tracks:
            col = columns.get(t, t)  # Makeshift: a tracker counts in the column it stands in
            table = self.tracks[col]
            pos = min(trackers[t], len(table) - 1)
            cov = covered.get(col, ())
            if cov != self.covered.get(col, ()):  # Cosmos Inc: lifepods on this track moved
                table = _track_table(self.corp_id, col, R, self.rover_value, cov, self.per_round)
            v += table[pos]
            at = _medals_at(self.corp_id, col, cov)[pos]
            linear += at
            if parts is not None:  # with the medals the board counts for it, where it names this track
                fix = counted[t] - at if t in counted else 0
                parts[f"track:{t}"] = table[pos] + fix
                named += fix
        # medals as the corporation board really counts them (Cosmos, Makeshift ... differ)
        v += sum(counted.values()) - linear
        if parts is not None and sum(counted.values()) - linear - named:
            parts["track:board"] = float(sum(counted.values()) - linear - named)
        techs = 0.0
        for tech in self.corp_def.techs:
            if tech_unlocked(self.corp_id, trackers, tech.level, corp.special):
                v += TECH_VALUE.get(tech.code, 1.0) * self.tf
                techs += TECH_VALUE.get(tech.code, 1.0) * self.tf
        if parts is not None:
            parts["techs"] = techs
        return v

    @staticmethod
    def _reach(d: int) -> float:
        """Share of a piece's worth while a rover is ``d`` steps away (in a later round)."""
        return REACH * REACH_DECAY ** (d - 1)

    def _item(self, item: dict, corp: Corp, b: Board, per_pod: int) -> float:
        kind = item.get("kind", "")
        if kind == "advance":
            opts = [t for t in item.get("options", []) if t not in item.get("chosen", [])]
            best = max((self.advance_value(t, corp.trackers.get(t, 0)) for t in opts), default=0.0)
            return best * item.get("times", 1) * max(1, item.get("picks", 1))
        if kind == "patch":
            return PATCH
        if kind == "rover":
            return self.rover_value if corp.rover_supply > 0 else 0.0
        if kind == "civ":
            return CIV_RANK.get(item.get("rank", 0), 2.0)
        if kind == "pod":  # a collected lifepod still to put somewhere (Cosmos Inc, Jump Drive): at least its medal
            return float(per_pod)
        if kind == "collect":
            return 0.9 * per_pod * min(item.get("count", 1), len(b.lifepods))
        if kind == "destroy":
            return 0.3 * min(item.get("count", 1), len(b.meteorites))
        return ITEM_VALUE.get(kind, UNKNOWN_ITEM)

    def _objectives(self, sim: GameState, occ: int, terr: dict, icons: dict,
                    known: dict[int, float] | None = None, parts: dict[str, float] | None = None) -> float:
        """Private objectives (5 x share) and neighbour objectives (medals expected) for a
        planet with covered squares ``occ`` and terrain / icon masks ``terr`` / ``icons``.
        ``known``: the worth of private objectives already worked out (by their place in the
        seat's list)."""
        v = 0.0
        for i, card in enumerate(sim.seats[self.seat].corp.objectives):
            mark = v
            if known is not None and i in known:
                v += known[i]
            else:
                v += 5 * self._private(sim, D.objective_card(card).private, occ, terr, icons)
            if parts is not None:
                parts[f"objective:{card}"] = v - mark
        R = self.rounds
        for n, (crit, theirs) in enumerate(self.opponents):
            mark = v
            mine = self._neighbour(sim, self.seat, crit, (terr, icons))
            if R <= 0:
                v += compare(crit, round(mine), round(theirs))
            else:
                v += self.lead_worth(mine - theirs if crit.get("compare") != "least" else theirs - mine)
            if parts is not None:
                parts[f"neighbour:{n}"] = v - mark
        return v

    def lead_worth(self, lead: float) -> float:
        """Medals expected from a neighbour card the seat leads by ``lead`` (behind: below 0)
        while rounds remain (NEIGHBOUR_ROUNDS)."""
        return 2 + 3 * math.tanh(lead / (1 + self.rounds / self.neighbour_rounds))

    def _unmet(self, key: str, part: float) -> float:
        """A private objective not met yet with ``part`` of it done: its chance while rounds
        remain, nothing at the end."""
        return _chance(key, part, self.rounds) if self.rounds > 0 else 0.0

    def _private(self, sim: GameState, cond: dict, occ: int, terr: dict, icons: dict) -> float:
        """Share of a private objective's 5 medals: 1 when met, else its chance of being met while
        rounds remain (``_unmet``)."""
        s = sim.seats[self.seat]
        corp = s.corp
        kind = cond["kind"]
        live = self.rounds > 0
        if kind == "rectangle":
            need = cond["width"] * cond["height"]
            best = _best_rectangle(self.planet_id, cond, occ, terr.get(cond["terrain"], 0))
            return 1.0 if best == need else self._unmet(f"rectangle:{need}", best / need)
        if kind == "area_with_resources":
            tm = terr.get(cond["terrain"], 0)
            im = icons.get(cond["terrain"], 0)
            best = max(((comp & im).bit_count() for comp in _components(tm)), default=0)
            if best >= cond["min_resources"]:
                return 1.0
            return self._unmet(kind, best / cond["min_resources"])
        if kind == "track_at_max":
            tr = self.corp_def.tracks.get(cond["track"])
            if tr is None:
                return 0.0
            pos = corp.trackers[cond["track"]]
            return 1.0 if pos >= tr.top else self._unmet(f"{kind}:{cond['track']}", pos / tr.top)
        if kind == "resources_on_planet_at_most":
            count = (icons.get(cond["resource"], 0)).bit_count()
            if not live:
                return 1.0 if count <= cond["max"] else 0.0
            return max(0.0, min(1.0, (cond["max"] + 1 - count) / 2))
        if kind == "collected_at_least":
            have = corp.meteorites if cond["what"] == "meteorite" else corps.collected_lifepods(sim, self.seat)
            return 1.0 if have >= cond["min"] else _progress(have / cond["min"]) * live
        if kind == "collected_more_than":
            counts = {"meteorite": corp.meteorites, "lifepod": corps.collected_lifepods(sim, self.seat)}
            lead = counts[cond["what"]] - counts[cond["than"]]
            if not live:
                return 1.0 if lead > 0 else 0.0
            return 0.5 + 0.5 * math.tanh((lead - 0.5) / 1.5)
        if kind == "all_covered":
            target = self.ice if cond["terrain"] == "ice" else self.grid & ~self.ice
            total = target.bit_count()
            if not total:
                return 1.0
            share = (target & occ).bit_count() / total
            return 1.0 if share >= 1 else self._unmet(kind, share)
        try:  # a kind this player does not know: met or not
            return 1.0 if private_met(sim, self.seat, cond) else 0.0
        except (NotImplementedError, KeyError):
            return 0.0

    def _neighbour(self, sim: GameState, seat: int, crit: dict, masks) -> float:
        """The number a neighbour card compares (smoothed for 'tracks at the top')."""
        s = sim.seats[seat]
        kind = crit["kind"]
        if kind == "collected":
            return corps.collected_lifepods(sim, seat) if crit["what"] == "lifepod" else s.corp.meteorites
        if kind == "tracks_at_max":
            tracks = D.corporation(s.corp.corp_id).tracks
            at_top = sum(1 for t, tr in tracks.items() if s.corp.trackers[t] >= tr.top)
            near = max((s.corp.trackers[t] / tr.top for t, tr in tracks.items() if s.corp.trackers[t] < tr.top),
                       default=0.0)
            return at_top + 0.5 * near ** 4
        if masks is None or seat != self.seat:
            masks = _board_masks(s.board)
        terr, icons = masks
        if kind == "resources_on_edge":
            return (icons.get(crit["resource"], 0) & D.planet(s.board.planet_id).edge_mask).bit_count()
        if kind == "resources_on_planet":
            return icons.get(crit["resource"], 0).bit_count()
        if kind == "largest_area":
            return max((c.bit_count() for c in _components(terr.get(crit["terrain"], 0))), default=0)
        if kind == "area_count":
            return len(_components(terr.get(crit["terrain"], 0)))
        try:
            return neighbour_value(sim, seat, crit)
        except (NotImplementedError, KeyError):
            return 0.0

    # ------------------------------------------------------------ static scores (for pruning)
    def _static_board(self, sim: GameState) -> dict:
        s = sim.seats[self.seat]
        b = s.board
        occ = b.filled
        free = self.grid & ~occ
        met = 0
        for m in b.meteorites:
            met |= 1 << m
        rovers = [p for p in b.rovers if p is not None]
        pods = {}
        per_pod = 2 if SPACE_CITIZEN in s.corp.civ_cards else 1
        for c in b.lifepods:
            if self.rounds <= 0:
                pods[c] = 0.0
            elif rovers:
                pods[c] = per_pod * self._reach(min(self.dist[r][c] for r in rovers))
            else:
                pods[c] = per_pod * NO_ROVER_POD
        terr = _board_masks(b)[0]
        comps = {}
        for comp in _components(free):
            for c in D.cells_of(comp):
                comps[c] = comp
        conds = [D.objective_card(c).private for c in s.corp.objectives]
        board_objectives = any(cond["kind"] in _BOARD_PRIVATE for cond in conds) \
            or any(crit["kind"] in _BOARD_NEIGHBOUR for crit, _ in self.opponents)
        icons = _board_masks(b)[1]
        fixed = {i: 5 * self._private(sim, cond, occ, terr, icons)  # the same wherever the tile goes
                 for i, cond in enumerate(conds) if cond["kind"] not in _BOARD_PRIVATE}
        shapes = {i: self._before_placing(cond, occ, terr, icons) for i, cond in enumerate(conds)
                  if board_objectives and cond["kind"] in ("rectangle", "area_with_resources")}
        return {"occ": occ, "free": free, "comps": comps, "met": met, "icons": icons, "fixed": fixed, "shapes": shapes,
                "private": len(conds),
                "objectives": self._objectives(sim, occ, terr, icons) if board_objectives else None, "sim": sim,
                "rovers": {p: ROVER_ON_PLANET + 0.5 for p in rovers}, "pods": pods, "terr": terr,
                "immune": any(t.code == "meteor_immunity"
                              and tech_unlocked(self.corp_id, s.corp.trackers, t.level, s.corp.special)
                              for t in self.corp_def.techs),
                "trackers": dict(s.corp.trackers)}

    def _line_delta(self, sb: dict, add: int, meteor: int) -> float:
        occ, met = sb["occ"], sb["met"]
        occ2, met2 = occ | add, met | meteor
        bf = BLOCKED_WITH_ROVER if sb["rovers"] else BLOCKED_NO_ROVER
        if self.rounds <= 0:
            bf = 0.0
        pk = self.pk
        out = 0.0
        for i in _lines_through(self.planet_id, add):
            mask, n, medals = self.lines[i]
            before = pk[n - (mask & occ).bit_count()] * (bf if mask & met else 1.0)
            after = pk[n - (mask & occ2).bit_count()] * (bf if mask & met2 else 1.0)
            out += medals * (after - before)
        return out

    def _static_cells(self, sb: dict, mask: int, meteor: int = 0) -> float:
        """Placement-dependent worth of covering ``mask``: lines, holes, pieces destroyed, fit."""
        score = self._line_delta(sb, mask, 0 if sb["immune"] else meteor)
        low = mask & -mask
        comp = sb["comps"].get(low.bit_length() - 1, 0)  # the free area the tile goes into
        score -= self.hole_w * (_pockets(comp & ~mask) - _pockets(comp))
        for c, worth in sb["pods"].items():
            if mask >> c & 1:
                score -= worth
        for c, worth in sb["rovers"].items():
            if mask >> c & 1:
                score -= worth
        score += COMPACT * (D.halo(mask) & (sb["occ"] | self.nongrid)).bit_count()
        score += COVER * mask.bit_count()
        return score

    def _static_place(self, sb: dict, tile_id: int, orient: int, anchor: int) -> float:
        mask, terr, meteor, icons = _shape_at(tile_id, orient, anchor)
        score = self._static_cells(sb, mask, meteor)
        t = D.tile(tile_id)
        trackers = sb["trackers"]
        board_terr = sb["terr"]
        for res, other in ((t.terrain_a, t.terrain_b), (t.terrain_b, t.terrain_a)):
            if res == "water":
                water = dict(terr).get("water", 0)
                if water & self.ice:
                    score += self.advance_value("water", trackers.get("water", 0))
            elif res == "energy":
                halo = D.halo(dict(terr).get("energy", 0))
                options = [other] + [tr for tr in D.TRACKS if board_terr.get(tr, 0) & halo]
                score += max(self.advance_value(o, trackers.get(o, 0)) for o in options)
            else:
                score += self.advance_value(res, trackers.get(res, 0))
        for tname, tmask in terr:
            if tname in self.want_terrain:
                score += SAME_TERRAIN * (D.halo(tmask) & board_terr.get(tname, 0)).bit_count()
        if sb["objectives"] is not None:  # objectives that depend on where tiles lie
            known = dict(sb["fixed"])
            for i, before in sb["shapes"].items():
                known[i] = 5 * self._placed(before, terr, icons)
            terr2, icons2 = board_terr, sb["icons"]
            if len(known) < sb["private"] or self.opponents:  # others read the board with the tile on it
                terr2 = dict(board_terr)
                for tname, tmask in terr:
                    terr2[tname] = terr2.get(tname, 0) | tmask
                icons2 = dict(sb["icons"])
                for icon, sq in icons:
                    icons2[icon] = icons2.get(icon, 0) | 1 << sq
            score += self._objectives(sb["sim"], sb["occ"] | mask, terr2, icons2, known) - sb["objectives"]
        return score

    def _before_placing(self, cond: dict, occ: int, terr: dict, icons: dict) -> tuple:
        """What ``_placed`` needs of a rectangle or area objective on the board before a tile
        is placed: the rectangles not spoilt yet by their squares of the terrain (most first),
        or the areas of the terrain with their icons."""
        tm = terr.get(cond["terrain"], 0)
        if cond["kind"] == "rectangle":
            other = occ & ~tm
            windows = _windows(self.planet_id, cond["width"], cond["height"], cond.get("any_orientation", True))
            ranked = sorted((((w & tm).bit_count(), w) for w in windows if not w & other), key=lambda x: -x[0])
            return cond, other, ranked
        im = icons.get(cond["terrain"], 0)
        return cond, im, [(comp, (comp & im).bit_count()) for comp in _components(tm)]

    def _placed(self, before: tuple, terr: tuple, icons: tuple) -> float:
        """``_private``'s share of a rectangle or area objective once a tile with terrain masks
        ``terr`` and icons ``icons`` (as ``_shape_at`` gives them) is placed, worked out from
        the board before (``_before_placing``): only the rectangles and areas the tile touches
        change."""
        cond = before[0]
        tmask = 0
        for name, m in terr:
            if name == cond["terrain"]:
                tmask = m
        if cond["kind"] == "rectangle":
            _cond, other, ranked = before
            need = cond["width"] * cond["height"]
            mask = 0
            for _name, m in terr:
                mask |= m
            other |= mask & ~tmask
            gain = tmask.bit_count()
            best = 0
            for n, w in ranked:
                if n + gain <= best:  # no rectangle further down can do better
                    break
                if w & mask:
                    if w & other:
                        continue
                    n += (w & tmask).bit_count()
                if n > best:
                    best = n
                    if n == need:
                        break
            return 1.0 if best == need else self._unmet(f"rectangle:{need}", best / need)
        _cond, im, areas = before
        near = tmask | D.halo(tmask)
        joined = best = 0
        for comp, n in areas:
            if comp & near:
                joined |= comp
            elif n > best:
                best = n
        if tmask:
            for icon, sq in icons:
                if icon == cond["terrain"]:
                    im |= 1 << sq
            for comp in _components(joined | tmask):
                best = max(best, (comp & im).bit_count())
        return 1.0 if best >= cond["min_resources"] else self._unmet("area_with_resources", best / cond["min_resources"])

    # ------------------------------------------------------------ decisions
    def _fork(self, sim: GameState) -> GameState:
        self.sims += 1
        WORK[0] += 1
        return copy(sim)

    @property
    def hurried(self) -> bool:
        """Past the decision's budget: the rest is judged with the quick policy."""
        return self.sims > SIM_BUDGET

    def decide(self, legal: list[Action]) -> Action:
        sim = self.root
        if legal and all(isinstance(a, DropObjective) for a in legal):
            return self._drop(sim, [a for a in legal if isinstance(a, DropObjective)])
        if any(isinstance(a, Turn) for a in legal):
            return self._turn(sim, legal)
        return self._step(sim, legal, fast=False) or legal[0]

    def _step(self, sim: GameState, legal: list[Action], fast: bool) -> Action | None:
        """The best next action inside a step (pick, place, settle, move, confirm)."""
        acts = [a for a in legal if not isinstance(a, Undo)]
        if not acts:
            return None
        fast = fast or self.hurried
        picks = [a for a in acts if isinstance(a, Pick)]
        if picks:
            return self._best_pick(sim, picks, fast)[0]
        places = [a for a in acts if isinstance(a, Place)]
        if places:
            if early_movement(sim, self.seat) > 0:  # start-of-round movement: now or never (R3)
                fetch = self._move(sim, [a for a in acts if isinstance(a, Move)])
                if fetch is not None:
                    return fetch
            return self._best_place(sim, places, fast)[0]
        resolves = [a for a in acts if isinstance(a, Resolve)]
        optional = {i["id"] for i in sim.seats[self.seat].pending if i.get("optional")}
        must = self._shortlist(sim, [a for a in resolves if a.item not in optional], fast)
        if must:  # items to settle before confirming: the best first
            kinds = {i["id"]: i.get("kind") for i in sim.seats[self.seat].pending}
            quick = self._quick_item(sim, must, kinds) if fast else None
            if quick is not None:
                return quick
            if fast and len({a.item for a in must}) == len(must):  # one value each: only the order is
                return must[0]  # left to choose, and the quick policy takes them as listed (no copy)
            deep = not fast and len(must) <= SETTLE_LIMIT and any(kinds.get(a.item) in SETTLE_KINDS for a in must)
            best, _ = self._best_sim(sim, must, settle=deep)
            if best is not None:
                return best
        may = self._shortlist(sim, [a for a in resolves if a.item in optional], fast)
        if may:  # optional uses (techs ...): only when they are worth something now
            best, val = self._best_sim(sim, may)
            if best is not None and val > self.value(sim) + OPTIONAL_MARGIN:
                return best
        can_confirm = Confirm() in acts
        if must and not can_confirm:
            return must[0]
        others = [a for a in acts if not isinstance(a, (Confirm, Move, Resolve))]
        if others:  # an action kind this player does not know: judge it by simulation
            best, val = self._best_sim(sim, others)
            if best is not None and (not can_confirm or val > self.value(sim) + EPS):
                return best
        moves = [a for a in acts if isinstance(a, Move)]
        if moves:
            best = self._move(sim, moves)
            if best is None and not (fast and can_confirm):  # nothing to fetch this turn: move where the value
                # rises most (the full policy; the quick one keeps its movement: 4 copies a step saved)
                best, val = self._best_sim(sim, moves)
                if can_confirm and val <= self.value(sim) + EPS:
                    best = None
            if best is not None or not can_confirm:
                return best or moves[0]
        if can_confirm:
            return Confirm()
        return acts[0]

    def _quick_item(self, sim: GameState, must: list[Resolve], kinds: dict) -> Resolve | None:
        """The quick policy's choice, judged by the track tables instead of a copy of the game
        per value, for the choices that would cost most copies: a Makeshift shift (a space at
        every advance) and a Cosmos Inc lifepod (some eighty spots). None for other items."""
        for kind, worth in (("shift", self._shift_worth), ("pod", self._pod_worth)):
            acts = [a for a in must if kinds.get(a.item) == kind]
            if acts and (kind == "shift" or self.corp_id == "cosmos_inc"):
                best, best_val = acts[0], -math.inf
                for a in acts:
                    val = worth(sim, a)
                    if val > best_val + EPS:  # the first one on a tie
                        best, best_val = a, val
                return best
        return None

    def _shift_worth(self, sim: GameState, shift: Resolve) -> float:
        """What a Makeshift shift adds by the track tables: the worth of the space reached (its
        column's table) over the space left, what is printed there, and the techs the move
        switches on or off."""
        corp = sim.seats[self.seat].corp
        item = next(i for i in sim.seats[self.seat].pending if i["id"] == shift.item)
        t = item["track"]
        cols = {x: self.columns.get(x, x) for x in corp.trackers}
        tracks = self.corp_def.tracks
        col, _, row_text = shift.value.partition(" ")
        if col not in tracks or not row_text.isdigit():
            return -math.inf
        row = int(row_text)
        if (col, row) == (cols[t], corp.trackers[t]):  # staying on the rover track's top
            return sum(self._benefit(b) for b in tracks[col].repeat_at_top)
        val = self.tracks[col][row] - self.tracks[cols[t]][corp.trackers[t]]
        if item.get("claim", True):
            val += sum(self._benefit(b) for b in tracks[col].benefits[row] if b[0] not in item.get("skip", ()))
        return val + self._techs_switched(corp, {**corp.trackers, t: row}, {**corp.special, "col": {**cols, t: col}})

    def _pod_worth(self, sim: GameState, pod: Resolve) -> float:
        """What a Cosmos Inc lifepod put on the spot ``pod`` names adds to the position's worth,
        by the track tables: the scoring area its medal; a track space what the tracker gains by
        jumping it (the track counted without that space), less a tech it switches off."""
        corp = sim.seats[self.seat].corp
        spot = pod.value
        if spot == "score":
            return 2.0 if SPACE_CITIZEN in corp.civ_cards else 1.0
        t, _, p_text = spot.partition(" ")
        if t not in self.tracks or not p_text.isdigit():
            return -math.inf
        p, pos = int(p_text), corp.trackers[t]
        cov = _covered(corp).get(t, ())
        before = _track_table(self.corp_id, t, self.rounds, self.rover_value, cov, self.per_round)
        after = _track_table(self.corp_id, t, self.rounds, self.rover_value, tuple(sorted((*cov, p))), self.per_round)
        pods = {**corp.special, "pods": [*corp.special.get("pods", []), [t, p]]}
        return after[pos] - before[pos] + self._techs_switched(corp, corp.trackers, pods)

    def _techs_switched(self, corp: Corp, trackers: dict[str, int], special: dict) -> float:
        """The worth of the techs that ``trackers`` and board pieces ``special`` would switch on
        (counted up) or off (down) against the corporation as it stands."""
        return sum((tech_unlocked(self.corp_id, trackers, tech.level, special)
                    - tech_unlocked(self.corp_id, corp.trackers, tech.level, corp.special))
                   * TECH_VALUE.get(tech.code, 1.0) * self.tf for tech in self.corp_def.techs)

    def _move(self, sim: GameState, moves: list[Move]) -> Move | None:
        """The first step toward the lifepod or meteorite worth most that this turn's movement
        can reach (its worth: the value gained by driving there, found by simulation)."""
        s = sim.seats[self.seat]
        b = s.board
        base = None
        best = None
        for number, pos in enumerate(b.rovers, 1):
            if pos is None:
                continue
            for cell in sorted(set(b.lifepods) | set(b.meteorites)):
                d = self.dist[pos][cell]
                if not 0 < d <= s.pool:
                    continue
                path = self._path(pos, cell, number)
                f = self._fork(sim)
                try:
                    for step in path:
                        apply(f, self.seat, step)
                except EngineError:
                    continue
                if base is None:
                    base = self.value(sim)
                gain = self.value(f) - base - 0.01 * d
                if gain > EPS and (best is None or gain > best[0] + EPS):
                    best = (gain, path[0])
        return best[1] if best else None

    def _path(self, pos: int, cell: int, number: int) -> list[Move]:
        """Rover ``number``'s steps from ``pos`` to ``cell`` along a shortest route."""
        out = []
        while pos != cell:
            d = self.dist[pos][cell]
            for name, (dr, dc) in DIRECTIONS.items():
                r, c = pos // D.SIZE + dr, pos % D.SIZE + dc
                nxt = r * D.SIZE + c
                if dr and dc:
                    continue  # orthogonal routes only (the distance table counts those)
                if 0 <= r < D.SIZE and 0 <= c < D.SIZE and self.dist[nxt][cell] == d - 1:
                    out.append(Move(number, name))
                    pos = nxt
                    break
            else:
                break
        return out

    def _worths(self, sim: GameState, actions: Sequence[Action], settle: bool = False) -> Iterator[tuple[Action, float]]:
        """(action, worth of its simulated result) for each action in order (``settle``: the
        rest of the step played first); an action the rebuilt state cannot take is left out."""
        for a in actions:
            f = self._fork(sim)
            try:
                apply(f, self.seat, a)
                if settle:
                    self._settle(f)
            except (EngineError, NotImplementedError):  # e.g. an item kind the rebuilt state cannot settle
                continue
            yield a, self.value(f)

    def _best_sim(self, sim: GameState, actions: Sequence[Action], settle: bool = False) -> tuple[Action | None, float]:
        """The action whose simulated result is worth most (the first one on a tie)."""
        best, best_val = None, -math.inf
        for a, val in self._worths(sim, actions, settle):
            if val > best_val + EPS:
                best, best_val = a, val
        return best, best_val

    def ranked_values(self, sim: GameState, resolves: Sequence[Resolve]) -> list[tuple[Action, float]]:
        """Values for items to settle with the worth of the position each one leaves, best
        first (the first one on a tie); a value the rebuilt state cannot take is left out."""
        ranked = sorted(enumerate(self._worths(sim, resolves)), key=lambda x: (-x[1][1], x[0]))
        return [(a, v) for _i, (a, v) in ranked]

    def _settle(self, f: GameState) -> None:
        """Play the rest of the seat's current step on ``f`` with the quick policy (at most
        MAX_ACTIONS_PER_STEP actions: this is only an estimate)."""
        phase, rnd = f.phase, f.round
        for _ in range(MAX_ACTIONS_PER_STEP):
            if self.seat not in to_act(f) or f.phase != phase or f.round != rnd:
                return
            a = self._step(f, legal_actions(f, self.seat), fast=True)
            if a is None or isinstance(a, Confirm):
                return
            try:
                apply(f, self.seat, a)
            except (EngineError, NotImplementedError):  # a value the rebuilt state cannot take: an estimate
                return

    def _shortlist(self, sim: GameState, resolves: list[Resolve], fast: bool) -> list[Resolve]:
        """Cut long value lists (biomass squares, teleports) to the best few by a static score."""
        keep = TOP_VALUES_FAST if fast else TOP_VALUES
        by_item: dict[int, list[Resolve]] = {}
        for a in resolves:
            by_item.setdefault(a.item, []).append(a)
        kinds = {item["id"]: item.get("kind") for item in sim.seats[self.seat].pending}
        out: list[Resolve] = []
        sb = None
        for item_id, acts in by_item.items():
            kind = kinds.get(item_id)
            if kind == "advance" and fast and len(acts) > TOP_ADVANCES_FAST:
                out += self._likely_advances(sim, acts)
                continue
            if len(acts) <= keep or kind not in ("patch", "teleport"):
                out += acts
                continue
            if sb is None:
                sb = self._static_board(sim)
            scored = []
            for i, a in enumerate(acts):
                scored.append((-self._static_value(sim, sb, kind, a.value), i, a))
            scored.sort(key=lambda x: (x[0], x[1]))
            out += [a for _s, _i, a in scored[:keep]]
        return out

    def _likely_advances(self, sim: GameState, acts: list[Resolve]) -> list[Resolve]:
        """The quick policy's shortlist of trackers to advance (a synergy or a civ card may
        advance any of six): the TOP_ADVANCES_FAST worth most by the track tables, in the
        order given; a value that names no tracker (Jump Drive's "twice") always stays."""
        trackers = sim.seats[self.seat].corp.trackers
        worth = [self.advance_value(a.value, trackers[a.value]) if a.value in trackers else math.inf for a in acts]
        ranked = sorted(range(len(acts)), key=lambda i: (-worth[i], i))
        keep = set(ranked[:TOP_ADVANCES_FAST]) | {i for i, w in enumerate(worth) if w == math.inf}
        return [a for i, a in enumerate(acts) if i in keep]

    def _static_value(self, sim: GameState, sb: dict, kind: str, value: str) -> float:
        words = value.split()
        try:
            if kind == "patch":
                if value == "store":
                    return PATCH  # laid at the end, where it fits best
                return self._static_cells(sb, 1 << D.parse_cell(words[0]))
            if kind == "teleport":
                cell = D.parse_cell(words[1])
                b = sim.seats[self.seat].board
                return sum(self._reach(self.dist[cell][c]) if self.dist[cell][c] else 1.0
                           for c in list(b.lifepods) + list(b.meteorites))
        except (ValueError, IndexError):
            pass
        return 0.0

    def _best_place(self, sim: GameState, places: list[Place], fast: bool) -> tuple[Place | None, float]:
        """Score every placement statically, play out the best few, keep the best result."""
        tile_id = sim.seats[self.seat].hand
        assert tile_id is not None  # a seat has placements only with a tile in hand
        sb = self._static_board(sim)
        scored = sorted(((-self._static_place(sb, tile_id, a.orient, a.anchor), i, a) for i, a in enumerate(places)),
                        key=lambda x: (x[0], x[1]))
        best, best_val = None, -math.inf
        for _s, _i, a in scored[:TOP_PLACEMENTS_FAST if fast or self.hurried else TOP_PLACEMENTS]:
            f = self._fork(sim)
            apply(f, self.seat, a)
            self._settle(f)
            val = self.value(f)
            if val > best_val + EPS:
                best, best_val = a, val
        return best, best_val

    def ranked_places(self, sim: GameState, places: list[Place], fast: bool) -> list[tuple[Place, float]]:
        """The placements played out (the best few by static score), best result first (the
        first one on a tie)."""
        tile_id = sim.seats[self.seat].hand
        assert tile_id is not None  # a seat has placements only with a tile in hand
        sb = self._static_board(sim)
        scored = sorted(((-self._static_place(sb, tile_id, a.orient, a.anchor), i, a) for i, a in enumerate(places)),
                        key=lambda x: (x[0], x[1]))
        out: list[tuple[float, int, Place]] = []
        for _s, i, a in scored[:TOP_PLACEMENTS_FAST if fast or self.hurried else TOP_PLACEMENTS]:
            f = self._fork(sim)
            apply(f, self.seat, a)
            self._settle(f)
            out.append((self.value(f), i, a))
        out.sort(key=lambda x: (-x[0], x[1]))
        return [(a, v) for v, _i, a in out]

    def _best_pick(self, sim: GameState, picks: list[Pick], fast: bool) -> tuple[Pick | None, float]:
        best, best_val = None, -math.inf
        for a in picks:
            f = self._fork(sim)
            apply(f, self.seat, a)
            if f.seats[self.seat].hand is not None:
                places = [p for p in legal_actions(f, self.seat) if isinstance(p, Place)]
                _p, val = self._best_place(f, places, fast)
            else:  # neither tile fits: the tile advances its resources unplaced (R6)
                self._settle(f)
                val = self.value(f)
            if val > best_val + EPS:
                best, best_val = a, val
        return best, best_val

    def _turn(self, sim: GameState, legal: list[Action]) -> Action:
        """Commander: the station turn that gives this seat the best depot."""
        best, best_val = legal[0], -math.inf
        for a in legal:
            if not isinstance(a, Turn):
                continue
            f = self._fork(sim)
            apply(f, self.seat, a)
            val = self.depot_worth(f)
            if val > best_val + EPS:
                best, best_val = a, val
        return best

    def depot_worth(self, f: GameState) -> float:
        """The seat's worth with the best tile of its depot in ``f`` placed (its planet as it
        stands when no tile is on offer): what a station turn gives it."""
        picks = [p for p in legal_actions(f, self.seat) if isinstance(p, Pick)]
        return self._best_pick(f, picks, fast=True)[1] if picks else self.value(f)

    def _drop(self, sim: GameState, legal: list[DropObjective]) -> Action:
        """Put back the private objective whose absence costs least (keep the likeliest ones)."""
        offer = sim.seats[self.seat].corp.objective_offer
        best, best_val = legal[0], -math.inf
        for a in legal:
            kept = [c for c in offer if c != a.card]
            val = sum(_objective_prior(D.objective_card(c).private, self.planet_id, self.corp_id) for c in kept)
            if val > best_val + EPS:
                best, best_val = a, val
        return best


def _benefit_value(corp_id: str, b: tuple, tf: float, rover_value: float) -> float:
    """Typical worth of a track benefit (``tf``: share of the game left for techs to pay off)."""
    kind = b[0]
    if kind == "synergy":
        return SYNERGY
    if kind == "civ":
        return CIV_RANK.get(b[1], 2.0)
    if kind == "biomass":
        return PATCH
    if kind == "rover":
        return rover_value
    if kind == "move":
        return MOVE_STEP * b[1]
    if kind == "tech":
        tech = next((t for t in D.corporation(corp_id).techs if t.level == b[1]), None)
        return TECH_VALUE.get(tech.code, 1.0) * tf if tech else 0.0
    if kind == "medal":
        return 0.0  # counted in the track's medals
    return UNKNOWN_ITEM


def _covered(corp: Corp) -> dict[str, tuple[int, ...]]:
    """Cosmos Inc: the track spaces covered by collected lifepods, by track ({} elsewhere)."""
    out: dict[str, list[int]] = {}
    for track, pos in corp.special.get("pods", ()) if isinstance(corp.special, dict) else ():
        out.setdefault(track, []).append(pos)
    return {t: tuple(sorted(ps)) for t, ps in out.items()}


def _columns(corp_id: str, corp: Corp) -> dict[str, str]:
    """Makeshift: the column each tracker stands in, where it is not its own ({} elsewhere)."""
    if corp_id != "makeshift" or not isinstance(corp.special, dict):
        return {}
    return {t: c for t, c in (corp.special.get("col") or {}).items() if c != t}


@lru_cache(maxsize=1024)
def _medals_at(corp_id: str, track: str, covered: tuple[int, ...]) -> tuple[int, ...]:
    """The medals a tracker standing on each space scores, as the corporation board counts
    them with ``covered`` spaces (Cosmos Inc: a covered medal falls back to the one below)."""
    tr = D.corporation(corp_id).tracks[track]
    if not covered:
        return tr.medal_at
    special = {"pods": [[track, p] for p in covered]}
    at = {t: 0 for t in D.corporation(corp_id).tracks}
    out = []
    for p in range(tr.top + 1):
        at[track] = p
        out.append(corps.track_medals(corp_id, at, special)[track])
    return tuple(out)


@lru_cache(maxsize=4096)
def _track_table(corp_id: str, track: str, rounds: float, rover_value: float,
                 covered: tuple[int, ...] = (), per_round: float | None = None) -> tuple[float, ...]:
    """Worth of a tracker at each position: the medals it may end on (it is expected to move
    on by 0 to 2f spaces, f the advances still expected on one track) plus the benefits
    ahead, each weighted by the chance to get there (the next step or two weigh most: the
    one-turn look-ahead). ``covered`` spaces (Cosmos Inc's lifepods) are jumped for free and
    give nothing: the track is counted without them. All times the corporation's TRACK_SCALE."""
    tr = D.corporation(corp_id).tracks[track]
    tf = min(1.0, rounds / 6)
    span = 2 * (ADVANCES_PER_ROUND if per_round is None else per_round) * rounds
    n = int(round(span))
    spaces = [p for p in range(tr.top + 1) if p not in covered]  # the spaces a tracker can stand on
    medal_at = _medals_at(corp_id, track, covered)
    last = len(spaces) - 1
    worth = []
    for i in range(len(spaces)):
        medals = sum(medal_at[spaces[min(last, i + j)]] for j in range(n + 1)) / (n + 1)
        ahead = 0.0
        for j in range(1, last - i + 1):
            chance = 1 - (j - 1) / (span + 1) if span > 0 else 0.0
            if chance <= 0:
                break
            ahead += LOOKAHEAD * chance * sum(_benefit_value(corp_id, x, tf, rover_value) for x in tr.benefits[spaces[i + j]])
        worth.append((medals + ahead) * TRACK_SCALE.get(corp_id, 1.0))
    by_space = dict(zip(spaces, worth))
    out, below = [], worth[0]
    for p in range(tr.top + 1):  # a covered space (never stood on) takes the worth of the space below it
        below = by_space.get(p, below)
        out.append(below)
    return tuple(out)


def _objective_prior(cond: dict, planet_id: str, corp_id: str = "universal_coalition") -> float:
    """How often the greedy player meets a private objective (measured over solo games) on
    ``planet_id`` with ``corp_id``'s board."""
    kind = cond["kind"]
    if kind == "all_covered":
        p = D.planet(planet_id)
        target = p.ice_mask if cond["terrain"] == "ice" else p.grid_mask & ~p.ice_mask
        return 0.9 if target.bit_count() <= 24 else 0.05
    detail = cond.get("track") or cond.get("terrain") or cond.get("what") or cond.get("resource")
    mine = _OBJ_PRIOR_CORP.get((corp_id, kind, detail))
    if mine is not None:
        return mine
    return _OBJ_PRIOR_DETAIL.get((kind, detail), _OBJ_PRIOR.get(kind, 0.2))


def _civ_medals(corp: Corp, b: Board) -> float:
    """End-game civ cards as final scoring counts them (section D); an end-game advance
    counts as one synergy."""
    total = 0.0
    commerce = 0
    sets = D.civ_sets()
    for card_id in corp.civ_cards:
        card = D.civ_card(card_id)
        if card_id in sets["commerce_agreement"]["cards"]:
            commerce += 1
        if card.timing != "end_game":
            continue
        for op in card.effect:
            if op["op"] == "medals":
                total += op["amount"]
            elif op["op"] == "score_per" and op.get("what") == "biomass_patch_on_planet":
                total += op["medals"] * len(b.patches)
            elif op["op"] == "advance_choice":
                total += SYNERGY
    if commerce:
        total += sets["commerce_agreement"]["medals_by_count"][str(commerce)]
    return total
