"""Hand-built Solar Storm positions: lay out any position, then open it through the real rules.

A rules test or a bug report describes a position and the moves that go wrong; ``start`` opens
the active seat's turn through engine/solar_storm/rules.py (its protection tokens come back, the
Medical Bay gives its tokens, 3 actions, the undo point), so from then on the position behaves
exactly like a played one.

    from engine.solar_storm import apply, parse
    from engine.solar_storm.scenario import Scenario

    sc = Scenario(players=2, seed=1, difficulty="hard")
    sc.layout("bridge", "armoury", "cargo_hold", "mess_hall", "engine_room", "medical_bay",
              "crew_quarters", "repair_centre")          # the 8 outer cells, row by row (core in the centre)
    sc.room("bridge", cubes="-xx", diverted=False, protection=[1])   # top slot empty
    sc.pawn(0, "bridge").hand(0, "data", "metal").tokens(0, 1)
    sc.resources(top=["energy", "metal"], left=20)        # the deck's top cards (top first) and its size
    sc.offer("data", "universal").discard("nanobots")
    sc.damage(top=["D2-04"], left=5)                     # left=0: the Hull Breach is showing
    g = sc.start(active=0)                               # seat 0's turn opens
    apply(g, 0, parse("repair data"))

Cards are conserved: the cards placed (hands, offer, discard, the deck's top) come out of the
difficulty's 60 basic cards and Universal cards; the rest fill the deck below its top (in the
seed's shuffled order) and, if ``left`` is given, what does not fit goes to the discard pile.
Damage cards likewise: those not on the deck are in the damage discard. A room whose cubes are not
given is fully repaired (the setup's initial damage is not kept). Every method checks what
it is given and raises ``ScenarioError`` saying what is wrong and what would be right.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from . import data as D
from .rules import checkpoint, start_turn
from .setup import make_config, new_game
from .state import GameState


class ScenarioError(ValueError):
    """A position that cannot be laid out; the message says why."""


def _room(word: str) -> str:
    room = D.ROOM_WORDS.get(D.slug(word))
    if room is None:
        raise ScenarioError(f"{word!r} is not a room; rooms: {', '.join(D.ROOMS)}")
    return room


def _card(word: str) -> str:
    card = D.CARD_WORDS.get(D.slug(word))
    if card is None:
        raise ScenarioError(f"{word!r} is not a resource card; cards: {', '.join(D.CARDS)}")
    return card


def _cubes(spec) -> list[bool]:
    """"xxx" (3 cubes), "-xx" (top slot empty) ..., or 3 booleans, top to bottom."""
    if isinstance(spec, str):
        if len(spec) != 3 or set(spec) - {"x", "-"}:
            raise ScenarioError(f"cubes {spec!r}: write 3 marks top to bottom, x for a cube, - for an empty slot")
        return [c == "x" for c in spec]
    cubes = [bool(c) for c in spec]
    if len(cubes) != 3:
        raise ScenarioError("a track has 3 slots")
    return cubes


class Scenario:
    def __init__(self, players: int = 2, seed: int = 1, *, difficulty: str = "easy", no_peek: bool = False):
        self.config = make_config(players, difficulty=difficulty, no_peek=no_peek)
        self.seed = seed
        self.base = new_game(self.config, seed)
        self._layout: list[str] | None = None
        self._rooms: dict[str, dict] = {}
        self._pawns: dict[int, str] = {}
        self._hands: dict[int, list[str]] = {}
        self._tokens: dict[int, int] = {}
        self._offer: list[str] | None = None
        self._discard: list[str] | None = None
        self._top: list[str] = []
        self._left: int | None = None
        self._damage_top: list[str] = []
        self._damage_left: int | None = None

    @property
    def crew(self) -> int:
        return self.base.crew

    def _seat(self, seat: int) -> int:
        if not isinstance(seat, int) or not 0 <= seat < self.crew:
            raise ScenarioError(f"seat {seat!r}: seats are 0 to {self.crew - 1} (counted from 0 here)")
        return seat

    def layout(self, *rooms: str) -> Scenario:
        """The ship, row by row: the 8 outer rooms (the core goes in the centre), or all 9 cells."""
        names = [_room(r) for r in rooms]
        if len(names) == 8:
            names = names[:D.CENTRE] + [D.CORE] + names[D.CENTRE:]
        if len(names) != 9 or sorted(names) != sorted(D.ROOMS) or names[D.CENTRE] != D.CORE:
            raise ScenarioError("lay out each of the 8 outer rooms once, row by row (the Energy Core is in the centre)")
        self._layout = names
        return self

    def room(self, room: str, *, cubes=None, diverted: bool | None = None, protection: list[int] | None = None
             ) -> Scenario:
        """A room's track (``"x-x"``: top and bottom cubes), diverted flag and protection tokens
        (their owners, oldest first)."""
        room = _room(room)
        if room == D.CORE:
            raise ScenarioError("the Energy Core has no track, no divert token and no protection")
        entry = self._rooms.setdefault(room, {})
        if cubes is not None:
            entry["cubes"] = _cubes(cubes)
        if diverted is not None:
            entry["diverted"] = bool(diverted)
        if protection is not None:
            entry["protection"] = [self._seat(s) for s in protection]
        return self

    def pawn(self, seat: int, room: str) -> Scenario:
        self._pawns[self._seat(seat)] = _room(room)
        return self

    def hand(self, seat: int, *cards: str) -> Scenario:
        """A seat's hand (solo: the shared hand, whichever crew member is named)."""
        seat = self._seat(seat)
        self._hands[0 if self.config["players"] == 1 else seat] = [_card(c) for c in cards]
        return self

    def tokens(self, seat: int, count: int) -> Scenario:
        if not 0 <= count <= D.ACTION_TOKENS:
            raise ScenarioError(f"a seat holds 0 to {D.ACTION_TOKENS} action tokens")
        self._tokens[self._seat(seat)] = count
        return self

    def offer(self, first: str, second: str) -> Scenario:
        self._offer = [_card(first), _card(second)]
        return self

    def discard(self, *cards: str) -> Scenario:
        """The resource discard pile, bottom first."""
        self._discard = [_card(c) for c in cards]
        return self

    def resources(self, *, top: Sequence[str] = (), left: int | None = None) -> Scenario:
        """The resource deck's top cards (top first) and how many cards it holds."""
        self._top = [_card(c) for c in top]
        if left is not None and not len(self._top) <= left:
            raise ScenarioError(f"a deck of {left} cards cannot have {len(self._top)} cards on top")
        if left is not None and left < 1:
            raise ScenarioError("an empty resource deck has already lost the game: leave at least 1 card")
        self._left = left
        return self

    def damage(self, *, top: Sequence[str] = (), left: int | None = None) -> Scenario:
        """The damage deck's top cards (ids, top first) and how many damage cards are left above
        the Hull Breach (0: it is showing, SS14)."""
        cards = [str(c).upper() for c in top]
        unknown = [c for c in cards if c not in D.DAMAGE]
        if unknown or len(set(cards)) != len(cards):
            raise ScenarioError(f"damage cards are D1-01 ... D3-08, each once; not {unknown or cards}")
        if left is not None and not len(cards) <= left <= len(D.DAMAGE):
            raise ScenarioError(f"{left} damage cards left cannot have {len(cards)} on top")
        self._damage_top, self._damage_left = cards, left
        return self

    def build(self) -> GameState:
        """The laid-out state, before its turn is opened (``start`` opens it)."""
        state = GameState.from_json(self.base.to_json(with_undo=False))
        if self._layout:
            state.layout = list(self._layout)
        state.cubes = {r: [True, True, True] for r in D.OUTER}  # rooms not laid out are fully repaired
        for room, entry in self._rooms.items():
            if "cubes" in entry:
                state.cubes[room] = list(entry["cubes"])
            if "diverted" in entry:
                if entry["diverted"] and room not in state.diverted:
                    state.diverted.append(room)
                if not entry["diverted"] and room in state.diverted:
                    state.diverted.remove(room)
            if "protection" in entry:
                state.protection[room] = list(entry["protection"])
        if sum(len(v) for v in state.protection.values()) > D.PROTECTION_TOKENS:
            raise ScenarioError(f"only {D.PROTECTION_TOKENS} protection tokens exist")
        for seat, room in self._pawns.items():
            state.pawns[seat] = room
        for seat, count in self._tokens.items():
            state.tokens[seat] = count
        if sum(state.tokens) > D.ACTION_TOKENS:
            raise ScenarioError(f"only {D.ACTION_TOKENS} action tokens exist")
        self._deal_resources(state)
        self._deal_damage(state)
        return state

    def _deal_resources(self, state: GameState) -> None:
        box = Counter({r: 15 for r in D.RESOURCES})
        box[D.UNIVERSAL] = D.UNIVERSALS[self.config["difficulty"]]
        hands = [list(self._hands.get(i, h)) for i, h in enumerate(state.hands)]
        offer = list(self._offer) if self._offer is not None else list(state.offer)
        placed = Counter(c for h in hands for c in h) + Counter(offer) + Counter(self._top)
        if self._discard is not None:
            placed += Counter(self._discard)
        over = {c: n - box[c] for c, n in placed.items() if n > box[c]}
        if over:
            raise ScenarioError(f"more cards than the box holds at this difficulty: {over} too many")
        # the rest, in the seed's order: the base game's deck (top last), then its hands, offer, discard
        rest = Counter(box) - placed
        order = [*state.resource_deck[::-1], *(c for h in state.hands for c in h), *state.offer]
        filler = []
        for card in order:
            if rest[card]:
                rest[card] -= 1
                filler.append(card)
        for card in D.CARDS:  # whatever is still left
            filler += [card] * rest[card]
        deck_top_first = list(self._top) + filler
        discard = list(self._discard) if self._discard is not None else []
        if self._left is not None:
            discard += deck_top_first[self._left:]
            deck_top_first = deck_top_first[:self._left]
        elif self._discard is None and not self._top and not self._hands and self._offer is None:
            deck_top_first = state.resource_deck[::-1]
            discard = list(state.resource_discard)
        if not deck_top_first:
            raise ScenarioError("an empty resource deck has already lost the game: leave at least 1 card")
        state.hands, state.offer, state.resource_discard = hands, offer, discard
        state.resource_deck = deck_top_first[::-1]

    def _deal_damage(self, state: GameState) -> None:
        if not self._damage_top and self._damage_left is None:
            return
        order = [c for c in [*state.damage_deck[::-1], *state.damage_discard] if c not in self._damage_top]
        left = self._damage_left if self._damage_left is not None else len(state.damage_deck)
        deck_top_first = (self._damage_top + order)[:left]
        state.damage_deck = deck_top_first[::-1]
        state.damage_discard = [c for c in order if c not in deck_top_first]
        state.hull_breach = not state.damage_deck

    def start(self, *, active: int = 0, phase: str = "actions", actions: int | None = None, turn: int = 1
              ) -> GameState:
        """Open ``active``'s turn through the rules (its protection tokens back, the Medical Bay,
        3 actions), then, if asked, go on to ``phase`` "collect" (its actions spent) or "discard"
        (the hand above 6 after collecting); ``actions`` leaves that many in the pool."""
        state = self.build()
        if phase not in ("actions", "collect", "discard"):
            raise ScenarioError("phase is actions, collect or discard")
        state.turn = turn - 1
        state.events = []
        start_turn(state, self._seat(active))
        if actions is not None:
            if not 0 <= actions <= 20:
                raise ScenarioError("actions: 0 to 20")
            state.actions = actions
            state.base = min(actions, D.ACTIONS_PER_TURN)
        if phase != "actions":
            state.actions = state.base = 0
            state.phase = phase
            if phase == "discard" and len(state.hand(active)) <= D.HAND_LIMIT:
                raise ScenarioError(f"the discard step needs more than {D.HAND_LIMIT} cards in the active hand")
        checkpoint(state)
        return state
