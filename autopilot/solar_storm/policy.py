"""The heuristic crew-mate (the normal level) and the worth of a position for the crew.

``worth(state, known)`` is what a position is worth to the whole crew (the game is cooperative:
one worth for every seat), in points:
  outcome    won +100,000, lost -100,000.
  diverted   200 a room diverted (the win needs all 8, § CONDITIONS DE FIN DE PARTIE); once all 8
             are, 300 less 30 a step to the win: a seat's steps to the Energy Core and 3 more for
             each turn before it acts, for the nearest seat (only the seat whose turn it is can
             walk in and restart the core).
  danger     for each room, the chance that the damage to come takes more than its cubes and
             protection tokens hold (the game is lost when a room with no cube is hit, § PHASE 3):
             the next card (drawn at the end of this turn) counts 800, the round's cards 300, two
             rounds' 100. The cards to come are the known top (Bridge peeks) and then the tiers
             as stacked at setup (tier 1 on top, then 2, then 3), a card of a tier equally likely
             to be any of that tier's cards still in the deck. None after the Hull Breach.
  rescue     for a room with some chance of being lost within two rounds: 30 x that chance x
             the actions before the nearest seat holding a fitting card can repair it (5 if none).
  cubes      3 a cube on the ship; 8 a room fully repaired and not yet diverted (it can be).
  plans      each seat's best room to divert: 100 less 20 a card it lacks for the room's divert
             cost and empty slots, less 10 an action to get there, repair it and divert it; seats
             are given different rooms, best pairs first (solo: the shared hand, the best pawn in
             full and the others at 0.3).
  cards      5 a card in hand the crew needs (divert costs of rooms not diverted, empty slots),
             6 a Universal, 0.5 any other; -3 a card over the hand limit of 6.
  actions    4 an action token or an action left in the pool (an action spent must gain more).
  clock      5 a card left in the resource deck (8 below 15 cards): the deck is the clock, and
             a card drawn now is a card the Hull Breach phase will miss (tuned: 1 a card drew two
             cards at nearly every collect and lost half its games to the empty deck).

Decisions (``choose_normal``): every legal action but undo is tried on a copy of the state and
the best worth wins; in phase 1 the BEAM (3) best are judged again with the best action that
can follow them in the same turn (a move is worth the repair it brings in reach). Exceptions,
judged without playing out what is hidden:
scavenge (the expected card: 0.83 cards a roll), the Bridge and the Cargo Hold (what reordering
is worth), spending an action token (only with the pool empty, for the best action it buys),
the phase 2 collect and scavenge picks (the card's worth to the crew less the deck cards it
costs, the deck's top as the average of the unseen cards unless a peek showed it). The room
powers that open a choice are judged by their best choice. The Bridge's cards go back in the
order that leaves the least danger; the Cargo Hold's with the cards the crew needs most on top.

Work is counted (``Work``) in worths computed and states copied: the hard level's budget.
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import permutations

from engine.solar_storm import GameState, apply, copy, legal_actions
from engine.solar_storm import data as D
from engine.solar_storm.actions import (
    Action,
    Activate,
    Collect,
    End,
    Order,
    Pass,
    Pick,
    Reactivate,
    Scavenge,
    Token,
    Undo,
)

WIN = 100_000.0
DIVERTED = 200.0
DANGER = (800.0, 300.0, 100.0)  # the next card, the round's cards, two rounds'
CUBE = 3.0
RESCUE, NO_RESCUE = 30.0, 5  # a room at risk: points a step for the nearest seat able to repair it
FULL = 8.0
CORE_BASE, CORE_STEP, TURN_STEPS = 300.0, 30.0, 3  # all 8 diverted: the win's distance (_core_steps)
PLAN_BASE, PLAN_CARD, PLAN_STEP = 100.0, 20.0, 10.0
SOLO_OTHERS = 0.3
USEFUL, UNIVERSAL, USELESS, OVER = 5.0, 6.0, 0.5, 3.0
ACTION = 4.0
DECK, DECK_LOW, LOW = 5.0, 8.0, 15
SCAVENGE_CARDS = 5 / 6  # expected cards a scavenge roll lets the crew take (1-2: 0, 3-5: 1, 6: 2)
BEAM = 3  # phase 1: the best BEAM actions judged with the best one that can follow them (0: one step)


class Work:
    """Work done, counted in worths computed and states copied (the hard level's CPU budget)."""

    def __init__(self) -> None:
        self.units = 0


NO_WORK = Work()


@lru_cache(maxsize=64)
def _places(layout: tuple[str, ...]) -> dict[str, tuple[int, int]]:
    """Each room's (row, column) on the 3x3 grid of a layout (a game has one layout: cached)."""
    return {room: divmod(i, 3) for i, room in enumerate(layout)}


def distance(layout: list[str], a: str, b: str) -> int:
    """Moves between two rooms (§ DEPLACEMENT: orthogonal steps on the 3x3 grid)."""
    places = _places(tuple(layout))
    (ra, ca), (rb, cb) = places[a], places[b]
    return abs(ra - rb) + abs(ca - cb)


def _count(cards) -> dict[str, int]:
    """How many of each card (a plain dict: Counter's update is several times slower here)."""
    out: dict[str, int] = {}
    for c in cards:
        out[c] = out.get(c, 0) + 1
    return out


def _missing(hand: dict[str, int], need: dict[str, int]) -> int:
    """Cards of ``need`` (card -> how many) the hand cannot pay, Universals filling the gaps."""
    gaps = 0
    for c, n in need.items():
        short = n - hand.get(c, 0)
        if short > 0:
            gaps += short
    return max(0, gaps - hand.get(D.UNIVERSAL, 0))


def room_needs(state: GameState, room: str) -> list[str]:
    """The cards that repair ``room``'s empty slots and then divert it."""
    empty = [D.TRACK[room][i] for i, cube in enumerate(state.cubes[room]) if not cube]
    return empty + list(D.DIVERT[room])


def hit_chances(state: GameState, known: list[str], horizon: int) -> list[dict[str, float]]:
    """For each of the next ``horizon`` damage cards, the chance it names each room."""
    return _deck_chances(state.damage_deck, known, horizon)


def _deck_chances(deck: list[str] | tuple[str, ...], known: list[str], horizon: int) -> list[dict[str, float]]:
    n = min(horizon, len(deck))
    known = [c for c in known if c in deck][:n]
    rest = {1: 0, 2: 0, 3: 0}
    names: dict[int, dict[str, int]] = {1: {}, 2: {}, 3: {}}
    for c in deck:
        if c not in known:
            t = D.DAMAGE_TIER[c]
            rest[t] += 1
            tier = names[t]
            for r in D.DAMAGE[c]:
                tier[r] = tier.get(r, 0) + 1
    shares: dict[int, dict[str, float]] = {}  # one chance table a tier, shared by its cards (read only)
    out = []
    for i in range(n):
        if i < len(known):
            out.append({r: 1.0 for r in D.DAMAGE[known[i]]})
            continue
        j = i - len(known)
        for t in (1, 2, 3):
            if j < rest[t]:
                if t not in shares:
                    shares[t] = {r: k / rest[t] for r, k in names[t].items()}
                out.append(shares[t])
                break
            j -= rest[t]
    return out


@lru_cache(maxsize=1 << 15)
def loss_chance(chances: tuple[float, ...], cover: int) -> tuple[float, float, float]:
    """P(more than ``cover`` hits) within 1 card, within ``len/2`` cards and within all of them,
    ``chances``: the chance each card to come names the room (cached: a position's rooms repeat
    the same chances and covers over the thousands of positions a decision judges)."""
    dist = [1.0] + [0.0] * (cover + 1)  # P(k hits) for k <= cover, the last: more than cover
    marks = []
    half = max(1, len(chances) // 2)
    for i, p in enumerate(chances):
        if p:
            miss = 1 - p
            dist = ([dist[0] * miss] + [dist[k - 1] * p + dist[k] * miss for k in range(1, cover + 1)]
                    + [dist[cover] * p + dist[cover + 1]])
        if i == 0 or i == half - 1:
            marks.append(dist[-1])
    while len(marks) < 2:
        marks.append(dist[-1])
    return marks[0], marks[1], dist[-1]


def _rescue_steps(state: GameState, room: str) -> int:
    """Actions before a seat can put a cube back on ``room``: moves to it and the repair, for the
    nearest seat holding a card that fits (NO_RESCUE if none does)."""
    empty = [D.TRACK[room][i] for i, cube in enumerate(state.cubes[room]) if not cube]
    fits = set(D.TRACK[room]) if room in state.diverted else set(empty)
    best = NO_RESCUE
    places = _places(tuple(state.layout))
    rr, rc = places[room]
    for seat, pawn in enumerate(state.pawns):
        hand = state.hand(seat)
        if D.UNIVERSAL in hand or fits.intersection(hand):
            pr, pc = places[pawn]
            best = min(best, abs(pr - rr) + abs(pc - rc) + 1)
    return best


@lru_cache(maxsize=256)
def _room_chances(deck: tuple[str, ...], known: tuple[str, ...], horizon: int) -> dict[str, tuple[float, ...]]:
    """For each room some card to come may name, the chance each of the next ``horizon`` cards
    names it (``hit_chances`` by room; cached: the damage deck changes once a turn)."""
    chances = _deck_chances(deck, list(known), horizon)
    named = set().union(*chances) if chances else set()
    return {room: tuple(ch.get(room, 0.0) for ch in chances) for room in D.OUTER if room in named}


def danger(state: GameState, known: list[str]) -> float:
    if state.hull_breach or not state.damage_deck:
        return 0.0
    crew = state.crew
    by_room = _room_chances(tuple(state.damage_deck), tuple(known), 2 * crew)
    total = 0.0
    for room in D.OUTER:
        chances = by_room.get(room)
        if chances is None:
            continue  # no card to come can name it: no danger, no rescue
        cover = sum(state.cubes[room]) + len(state.protection[room])
        if cover >= 2 * crew:
            continue
        a, b, c = loss_chance(chances, cover)
        total += DANGER[0] * a + DANGER[1] * b + DANGER[2] * c
        if c > 0.05 and cover < 3:
            total += RESCUE * c * _rescue_steps(state, room)
    return total


@lru_cache(maxsize=1 << 16)
def _short(hand: tuple[str, ...], room: str, cubes: tuple[int, ...]) -> int:
    """Cards ``hand`` lacks to repair ``room`` (its cubes as ``cubes``) and divert it (cached: a
    decision judges thousands of positions with the same few hands and rooms)."""
    empty = [D.TRACK[room][i] for i, cube in enumerate(cubes) if not cube]
    return _missing(_count(hand), _count(empty + list(D.DIVERT[room])))


def _core_steps(state: GameState, places: dict[str, tuple[int, int]]) -> int:
    """Once all 8 rooms are diverted, how far the win is: for the seat nearest to it, its steps to
    the Energy Core plus TURN_STEPS for each turn before it acts (only the seat whose turn it is can
    walk in and activate the core: a pawn already in the core two turns away is further from the
    win than the active seat one room away)."""
    cr, cc = places[D.CORE]
    n = len(state.pawns)
    best = None
    for seat, pawn in enumerate(state.pawns):
        wait = (seat - state.active) % n
        if wait == 0 and state.phase != "actions":
            wait = n  # its turn is over: it acts again after every other seat
        steps = abs(places[pawn][0] - cr) + abs(places[pawn][1] - cc) + TURN_STEPS * wait
        best = steps if best is None else min(best, steps)
    return best or 0


def _plans(state: GameState) -> float:
    rooms = [r for r in D.OUTER if r not in state.diverted]
    places = _places(tuple(state.layout))
    if not rooms:
        return CORE_BASE - CORE_STEP * _core_steps(state, places)
    todo = [(r, places[r], tuple(state.cubes[r]), 1 + sum(1 for c in state.cubes[r] if not c)) for r in rooms]
    pairs = []
    for seat, pawn in enumerate(state.pawns):
        hand = tuple(sorted(state.hand(seat)))
        pr, pc = places[pawn]
        for r, (rr, rc), cubes, work in todo:
            steps = abs(pr - rr) + abs(pc - rc) + work
            value = PLAN_BASE - PLAN_CARD * _short(hand, r, cubes) - PLAN_STEP * steps
            if value > 0:
                pairs.append((value, seat, r))
    pairs.sort(key=lambda p: (-p[0], p[1], p[2]))
    used_s, used_r = set(), set()
    total, first = 0.0, True
    for value, seat, r in pairs:
        if seat in used_s or r in used_r:
            continue
        used_s.add(seat)
        used_r.add(r)
        total += value if (first or not state.solo) else SOLO_OTHERS * value
        first = False
    return total


def _need(state: GameState) -> dict[str, int]:
    need: dict[str, int] = {}
    for r in D.OUTER:
        track = D.TRACK[r]
        cubes = state.cubes[r]
        if r in state.diverted:
            if not all(cubes):
                need[track[0]] = need.get(track[0], 0) + 1  # any track card restores it (SS4)
        else:
            for i, cube in enumerate(cubes):
                if not cube:
                    need[track[i]] = need.get(track[i], 0) + 1
            for c in D.DIVERT[r]:
                need[c] = need.get(c, 0) + 1
    return need


def demand(state: GameState) -> Counter:
    """The cards the crew still needs: divert costs of rooms not diverted and empty slots."""
    return Counter(_need(state))


def _cards(state: GameState) -> float:
    need = _need(state)
    have: dict[str, int] = {}
    total = 0.0
    for hand in state.hands:
        for c in hand:
            have[c] = have.get(c, 0) + 1
        if len(hand) > D.HAND_LIMIT:
            total -= OVER * (len(hand) - D.HAND_LIMIT)
    for card, n in have.items():
        if card == D.UNIVERSAL:
            total += UNIVERSAL * n
        else:
            useful = min(n, need.get(card, 0))
            total += USEFUL * useful + USELESS * (n - useful)
    return total


def worth(state: GameState, known: list[str] = (), work: Work = NO_WORK, deck_delta: int = 0) -> float:  # type: ignore[assignment]
    """The position's worth to the crew (module docstring). ``known``: the damage deck's known top
    cards, top first; ``deck_delta``: cards taken from the resource deck not yet drawn there."""
    work.units += 1
    if state.result is not None:
        if state.result["result"] == "won":
            return WIN
        return -WIN + 10.0 * len(state.diverted) + state.turn
    v = DIVERTED * len(state.diverted)
    v -= danger(state, list(known))
    for r in D.OUTER:
        n = sum(state.cubes[r])
        v += CUBE * n
        if n == 3 and r not in state.diverted:
            v += FULL
    v += _plans(state)
    v += _cards(state)
    v += ACTION * sum(state.tokens)
    if state.phase == "actions":
        v += ACTION * state.actions
    deck = len(state.resource_deck) + deck_delta
    if deck <= 0:
        return -WIN + 10.0 * len(state.diverted) + state.turn
    v += deck * (DECK if deck >= LOW else DECK_LOW)
    return v


# --------------------------------------------------------------------------- decisions


def _after(state: GameState, seat: int, action: Action, work: Work) -> GameState:
    sim = copy(state)
    work.units += 1
    apply(sim, seat, action)
    return sim


def unseen_average(state: GameState) -> list[tuple[str, float]]:
    """The resource deck's cards with their share (its composition, not its order)."""
    counts = Counter(state.resource_deck)
    n = sum(counts.values()) or 1
    return [(c, k / n) for c, k in sorted(counts.items())]


def card_gain(state: GameState, seat: int, cards: list[str], known: list[str], work: Work, deck_cost: int) -> float:
    """What adding ``cards`` to the seat's hand is worth, less the ``deck_cost`` deck cards it takes."""
    base = worth(state, known, work)
    hand = state.hand(seat)
    hand.extend(cards)
    try:
        return worth(state, known, work, -deck_cost) - base
    finally:
        for c in cards:
            hand.remove(c)


def deck_card_gain(state: GameState, seat: int, known_resource: list[str], known: list[str], work: Work,
                   deck_cost: int, n: int = 1) -> float:
    """The expected gain of taking ``n`` cards from the deck top (its known top, else the average)."""
    if len(state.resource_deck) <= deck_cost:
        return -2 * WIN
    if len(known_resource) >= n:
        return card_gain(state, seat, list(known_resource[:n]), known, work, deck_cost)
    # n cards from an unknown top: n times one card's expected gain, each costing its deck card
    return n * sum(p * card_gain(state, seat, [c], known, work, deck_cost // n) for c, p in unseen_average(state))


def _pool_value(state: GameState, seat: int, action: Action, known: list[str], known_resource: list[str],
                work: Work, depth: int = 0) -> float:
    """The worth of ``action`` in phase 1 (no choice pending)."""
    if isinstance(action, Reactivate):
        return 2 * WIN
    here = state.pawns[seat]
    if isinstance(action, Scavenge):
        sim = copy(state)
        work.units += 1
        sim.actions -= 1
        sim.base = max(0, sim.base - 1)
        best = max(0.0, max(card_gain(sim, seat, [c], known, work, 1) for c in state.offer),
                   deck_card_gain(sim, seat, known_resource, known, work, 1))
        return worth(sim, known, work) + SCAVENGE_CARDS * best
    if isinstance(action, Activate) and here in ("bridge", "cargo_hold"):
        sim = copy(state)
        work.units += 1
        sim.actions -= 1
        sim.base = max(0, sim.base - 1)
        base = worth(sim, known, work)
        if here == "bridge":
            return base + bridge_gain(sim, known, work)
        return base + (2.0 if len(known_resource) < 5 and len(state.resource_deck) > 5 else -5.0)
    if isinstance(action, Token):
        if state.actions > 0 or depth:
            return -2 * WIN
        sim = _after(state, seat, action, work)
        buys = [a for a in legal_actions(sim, seat) if not isinstance(a, Undo | Token | End)]
        if not buys:
            return -2 * WIN
        return max(_pool_value(sim, seat, a, known, known_resource, work, depth + 1) for a in buys)
    sim = _after(state, seat, action, work)
    if sim.pending is not None and sim.phase == "actions":
        options = [a for a in legal_actions(sim, seat) if not isinstance(a, Undo)]
        return max(worth(_after(sim, seat, a, work), known, work) for a in options)
    return worth(sim, known, work)


def bridge_gain(state: GameState, known: list[str], work: Work) -> float:
    """What looking at and reordering the top 3 damage cards is worth: with the top known, the
    best order's gain; else a share of the danger the next cards carry."""
    n = min(D.BRIDGE_PEEK, len(state.damage_deck))
    if n == 0:
        return -WIN
    if len(known) >= n:
        now = worth(state, known, work)
        best = max(worth(state, list(p) + list(known[n:]), work) for p in permutations(known[:n]))
        return best - now
    return 0.35 * danger(state, known) + 3.0


def order_damage(state: GameState, cards: list[str], work: Work) -> Order:
    """The Bridge's cards back in the order that leaves the least danger."""
    best, best_v = tuple(cards), None
    for p in dict.fromkeys(permutations(cards)):
        v = worth(state, list(p), work)
        if best_v is None or v > best_v:
            best, best_v = p, v
    return Order(tuple(best))


def order_resources(state: GameState, cards: list[str]) -> Order:
    """The Cargo Hold's cards back with those the crew lacks most on top (Universals first)."""
    need = demand(state)
    have: Counter = Counter(c for h in state.hands for c in h)
    left = list(cards)
    out = []
    while left:
        def key(c: str) -> tuple:
            short = 99 if c == D.UNIVERSAL else need[c] - have[c]
            return (-short, c)
        card = min(left, key=key)
        left.remove(card)
        out.append(card)
        have[card] += 1
    return Order(tuple(out))


_ONE_STEP = (Scavenge, Token, End, Reactivate)


def _two_steps(state: GameState, seat: int, scored: list[tuple[float, Action]], known: list[str],
               known_resource: list[str], work: Work, width: int) -> list[tuple[float, Action]]:
    """The ``width`` best actions of phase 1 judged with the best action that can follow them this
    turn (a move is worth the repair it brings in reach); the others keep their one-step worth."""
    order = sorted(range(len(scored)), key=lambda i: -scored[i][0])
    out = list(scored)
    for i in order[:width]:
        v, a = scored[i]
        if isinstance(a, _ONE_STEP) or (isinstance(a, Activate) and state.pawns[seat] in ("bridge", "cargo_hold")):
            continue
        sim = _after(state, seat, a, work)
        if sim.phase != "actions" or sim.pending is not None or sim.actions <= 0:
            continue
        follow = [b for b in legal_actions(sim, seat) if not isinstance(b, Undo | Token | End | Reactivate)]
        if follow:
            best = max(_pool_value(sim, seat, b, known, known_resource, work, 1) for b in follow)
            out[i] = (max(v, best), a)
    return out


def ranked(state: GameState, seat: int, known: list[str], known_resource: list[str],
           work: Work = NO_WORK, *, beam: int | None = None) -> list[tuple[float, Action]]:
    """Every legal action but undo with its worth, best first (ties: the engine's order).
    ``beam``: how many of phase 1's best are judged with a second action (default BEAM; 0: one
    action at a time, the easy level's short sight)."""
    legal = [a for a in legal_actions(state, seat) if not isinstance(a, Undo)]
    pending = state.pending
    scored: list[tuple[float, Action]] = []
    if pending is not None and pending["kind"] == "bridge":
        return [(0.0, order_damage(state, pending["cards"], work))]
    if pending is not None and pending["kind"] == "cargo_hold":
        return [(0.0, order_resources(state, pending["cards"]))]
    if pending is not None and pending["kind"] == "scavenge":
        for a in legal:
            if isinstance(a, Pass):
                v = 0.0
            elif isinstance(a, Pick) and a.source == "deck":
                v = deck_card_gain(state, seat, known_resource, known, work, 1)
            else:
                assert isinstance(a, Pick)
                v = card_gain(state, seat, [state.offer[int(a.source) - 1]], known, work, 1)
            scored.append((v, a))
    elif state.phase == "collect":
        for a in legal:
            assert isinstance(a, Collect)
            if a.source == "deck":
                v = deck_card_gain(state, seat, known_resource, known, work, 2, 2)
            else:
                v = card_gain(state, seat, [state.offer[int(a.source) - 1]], known, work, 1)
            scored.append((v, a))
    elif state.phase == "discard" or pending is not None:
        for a in legal:
            scored.append((worth(_after(state, seat, a, work), known, work), a))
    else:
        for a in legal:
            scored.append((_pool_value(state, seat, a, known, known_resource, work), a))
        width = BEAM if beam is None else beam
        if width:
            scored = _two_steps(state, seat, scored, known, known_resource, work, width)
    order = {id(a): i for i, (_v, a) in enumerate(scored)}
    scored.sort(key=lambda va: (-va[0], order[id(va[1])]))
    return scored


def choose_normal(state: GameState, seat: int, known: list[str] = (), known_resource: list[str] = (),  # type: ignore[assignment]
                  work: Work = NO_WORK) -> Action:
    return ranked(state, seat, list(known), list(known_resource), work)[0][1]

