"""What the crew knows, and the worlds rebuilt from it.

Hands, pawns, the ship and the face-up offer are open (§ MISE EN PLACE step 4, SS16); hidden from
everyone are the order of the two decks and the die. What the crew knows of the decks:

- the resource deck holds every card not seen elsewhere (the difficulty's 60 basic cards and
  Universal cards, less the hands, the offer and the discard pile); its order is unknown but for
  the top cards a Cargo Hold peek showed, as long as they have not been drawn;
- the damage deck holds the damage cards not in its discard pile, stacked by tier (tier 1 on top,
  then tier 2, then tier 3: § MISE EN PLACE step 6); the order within a tier is unknown but for
  what a Bridge peek showed;
- with the no-peek option (SS17) the piles' contents and counts are hidden: the deck count is then
  estimated from the turn, and the unseen cards are split between deck and discard at random.

``Memory`` keeps what peeks showed across actions (``observe`` each view after each action; it is
plain JSON, ``to_json``/``from_json``, so a service may store it beside the game);
``replay_memory`` rebuilds it from a game's action log, replayed from the setup. Without one,
a crew-mate knows only what the current view shows (a peek being chosen, the last action's
events). ``canonical_world`` is the state a view describes with the unknown order filled in a
fixed, meaningless way (the heuristic levels never read below the known top); ``sample_world``
fills it at random, consistently with everything seen (the hard level's worlds).
"""
from __future__ import annotations

import random
from collections import Counter

from engine.solar_storm import GameState, apply, new_game, parse, view_for
from engine.solar_storm import data as D


class Memory:
    """The top cards of each deck the crew has seen (peeks), top first, kept up to date as cards
    leave the decks. ``observe(view)`` once after each action (and once at the start)."""

    def __init__(self) -> None:
        self.resource_top: list[str] = []
        self.damage_top: list[str] = []

    def copy(self) -> Memory:
        m = Memory()
        m.resource_top, m.damage_top = list(self.resource_top), list(self.damage_top)
        return m

    def to_json(self) -> dict:
        return {"resource_top": list(self.resource_top), "damage_top": list(self.damage_top)}

    @classmethod
    def from_json(cls, data: dict | None) -> Memory:
        m = cls()
        if data:
            m.resource_top = [c for c in data.get("resource_top", []) if c in D.CARDS]
            m.damage_top = [c for c in data.get("damage_top", []) if c in D.DAMAGE]
        return m

    def _learn(self, deck: str, cards: list[str]) -> None:
        if deck == "cargo_hold":
            self.resource_top = list(cards) + self.resource_top[len(cards):]
        else:
            self.damage_top = list(cards) + self.damage_top[len(cards):]

    def observe(self, view: dict) -> None:
        """Take in what the last action showed (its events) and a peek being chosen."""
        for e in view.get("events", ()):
            kind = e.get("kind")
            if kind in ("peek", "order"):
                self._learn(e["room"], e["cards"])
            elif kind in ("draw", "take_face_up"):
                self.resource_top = self.resource_top[1:]
            elif kind == "hull_breach":
                n = e["cards"] if isinstance(e["cards"], int) else len(e["cards"])
                self.resource_top = self.resource_top[n:]
            elif kind == "damage_card" and view.get("turn", 0) > 0 and e.get("card") in self.damage_top[:1]:
                self.damage_top = self.damage_top[1:]
            elif kind == "damage_card":
                self.damage_top = []  # a card not foreseen: what was known no longer holds
        pending = view.get("pending")
        if pending and pending.get("kind") in ("cargo_hold", "bridge"):
            self._learn(pending["kind"], pending["cards"])
        # never more than the deck holds
        if view.get("resource_deck") is not None:
            self.resource_top = self.resource_top[:view["resource_deck"]]
        if view.get("damage_deck") is not None:
            self.damage_top = self.damage_top[:view["damage_deck"]]


def memory_from_view(view: dict) -> Memory:
    """What a crew-mate with no memory of earlier actions knows: the current view alone."""
    m = Memory()
    m.observe({"events": [e for e in view.get("events", ()) if e.get("kind") in ("peek", "order")],
               "pending": view.get("pending"), "resource_deck": view.get("resource_deck"),
               "damage_deck": view.get("damage_deck")})
    return m


def replay_memory(config: dict, seed: int, actions: list) -> tuple[Memory, GameState]:
    """What the crew has seen of the decks over a whole game: the game replayed from its setup
    (``config`` and ``seed``; ``actions``: its (crew member, action text) pairs in order, as the
    replay file keeps them), the memory observing the *public* view after each action, as the crew
    saw the game: peeks are shown to the whole crew (SS16), also under no-peek (SS17), whose public
    view hides the deck counts and discards, so that the memory then holds only what peeks showed
    and which of those cards left the decks. Returns the memory and the position reached (the
    caller checks it is the game's). Raises the engine's EngineError if an action does not apply."""
    state = new_game(config, seed)
    memory = Memory()
    memory.observe(view_for(state, None))
    for seat, text in actions:
        apply(state, seat, parse(text))
        memory.observe(view_for(state, None))
    return memory, state


def unseen_resources(view: dict) -> Counter:
    """The resource cards nobody can see now: in the deck, or (no-peek) in the deck or the discard."""
    pool: Counter = Counter({r: 15 for r in D.RESOURCES})
    pool[D.UNIVERSAL] = D.UNIVERSALS[view["config"]["difficulty"]]
    for hand in view["hands"]:
        pool.subtract(hand)
    pool.subtract(view["offer"])
    if view.get("resource_discard") is not None and not view["config"]["no_peek"]:
        pool.subtract(view["resource_discard"])
    return +pool


def damage_left(view: dict) -> tuple[dict[int, list[str]], int]:
    """The damage cards still in the deck, by tier (sorted ids), and how many there are. Under
    no-peek the discard is hidden: the count follows from the turn, the cards are those of the
    tiers still reached (the drawn ones unknown, so the tiers' cards stand in for them)."""
    if view.get("damage_discard") is not None:
        gone = set(view["damage_discard"])
        left = {t: sorted(c for c, tt in D.DAMAGE_TIER.items() if tt == t and c not in gone) for t in (1, 2, 3)}
        return left, sum(len(v) for v in left.values())
    total = 0 if view["hull_breach"] else max(0, 22 - max(0, view["turn"] - 1))
    left = {}
    need = total
    for t in (3, 2, 1):  # bottom first: 6 of tier 3 (2 went at setup), 8 of tier 2, 8 of tier 1
        room = 6 if t == 3 else 8
        k = min(room, need)
        left[t] = sorted(c for c, tt in D.DAMAGE_TIER.items() if tt == t)[:k]
        need -= k
    return left, total


def _deck_count(view: dict, unseen: int) -> int:
    if view.get("resource_deck") is not None:
        return view["resource_deck"]
    # no-peek: about one card a turn collected beyond the start, three per divert, a repair a turn
    estimate = unseen - 3 * len(view["diverted"]) - max(0, view["turn"] - 1)
    return max(3, min(unseen, estimate))


def _base_state(view: dict, seed: int) -> GameState:
    ship = view["ship"]
    layout = [cell["room"] for cell in sorted(ship, key=lambda c: c["cell"])]
    cubes = {c["room"]: list(c["cubes"]) for c in ship if c["room"] != D.CORE}
    protection = {c["room"]: list(c["protection"]) for c in ship if c["room"] != D.CORE}
    pending = view["pending"]
    if pending is not None:
        pending = {k: (list(v) if isinstance(v, list) else v) for k, v in pending.items()}
    phase = view["phase"]
    if view["outcome"] is not None:
        phase = "over"
    return GameState(config=dict(view["config"]), seed=seed, layout=layout, cubes=cubes,
                     diverted=list(view["diverted"]), protection=protection, pawns=list(view["pawns"]),
                     hands=[list(h) for h in view["hands"]], tokens=list(view["tokens"]), resource_deck=[],
                     offer=list(view["offer"]), resource_discard=[], damage_deck=[], damage_discard=[],
                     hull_breach=view["hull_breach"], active=view["active"], phase=phase,
                     actions=view["actions"], base=view["base_actions"], pending=pending, turn=view["turn"],
                     rolls=0, result=dict(view["outcome"]) if view["outcome"] else None, events=[],
                     undo_point=None, since_undo_point=0)


def _fill(view: dict, memory: Memory, rng: random.Random | None, seed: int) -> GameState:
    state = _base_state(view, seed)
    pool = unseen_resources(view)
    n_deck = _deck_count(view, sum(pool.values()))
    top = list(memory.resource_top[:n_deck])
    rest = pool.copy()
    rest.subtract(top)
    rest = +rest
    cards = sorted(rest.elements())
    if rng is not None:
        rng.shuffle(cards)
    below = cards[:max(0, n_deck - len(top))]
    state.resource_deck = below[::-1] + top[::-1]  # top last
    if view.get("resource_discard") is not None and not view["config"]["no_peek"]:
        state.resource_discard = list(view["resource_discard"])
    else:
        state.resource_discard = cards[len(below):]
    tiers, n_damage = damage_left(view)
    known = [c for c in memory.damage_top if any(c in v for v in tiers.values())][:n_damage]
    order: list[str] = []  # top first
    for t in (1, 2, 3):
        group = [c for c in tiers[t] if c not in known]
        if rng is not None:
            rng.shuffle(group)
        order += group
    order = (known + order)[:n_damage]
    state.damage_deck = order[::-1]
    state.damage_discard = list(view["damage_discard"] or [])
    return state


def canonical_world(view: dict, memory: Memory | None = None) -> GameState:
    """The position ``view`` shows, playable through the engine; the unknown parts of the decks in
    a fixed order that means nothing (sorted), below what ``memory`` knows of their tops."""
    return _fill(view, memory or memory_from_view(view), None, 0)


def sample_world(view: dict, memory: Memory | None, rng: random.Random) -> GameState:
    """One world consistent with everything the crew has seen: the unknown orders shuffled (the
    known tops kept, the damage tiers kept stacked) and the dice drawn from a new seed."""
    return _fill(view, memory or memory_from_view(view), rng, rng.randrange(1 << 62))


def known_damage_top(view: dict, memory: Memory | None) -> list[str]:
    """The damage cards the crew knows are next, top first."""
    return list((memory or memory_from_view(view)).damage_top)
