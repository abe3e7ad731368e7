"""Solar Storm's setup: the configuration and steps 1-13 of § MISE EN PLACE DU JEU.

1. the Energy Core in the centre, the 8 other rooms shuffled into the outer cells; 2. 3 cubes on
every room; 3. the resource deck: 60 basic cards and the difficulty's Universal cards (8/6/4/2/0),
shuffled; 4. starting cards face up (2 players: 4 each, 3: 3, 4: 2, solo: 4 in the shared hand);
5. 2 face-up cards; 6. the damage deck, each tier shuffled on its own, tier 3 at the bottom and
tier 1 on top; 7. the 2 bottom cards damage their rooms (the highest cube goes) and are
discarded; 8. the Hull Breach under the deck; 9-11. the supply (8 action tokens, 4 protection
tokens); 12. every pawn on the core (solo: 3 crew members); 13. a first player drawn at random
from the seed (SS26). All of it comes from ``seeded_random(seed)`` and is stored in the state.
"""
from __future__ import annotations

from ..core import InvalidConfig, seeded_random
from . import data as D
from .rules import damage_room, start_turn
from .state import GameState

_DIFFICULTY_WORDS = {**{d: d for d in D.DIFFICULTIES}, **{D.slug(n): d for d, n in D.DIFFICULTY_FR.items()},
                     "realist": "realistic"}


def make_config(players: int, *, difficulty: str = "easy", no_peek: bool = False) -> dict:
    """A validated game configuration. Raises InvalidConfig with a readable reason.

    ``players`` 1 (solo: one person runs 3 crew members) to 4; ``difficulty`` one of easy,
    medium, hard, veteran, realistic (or the rulebook's Facile ... Réaliste); ``no_peek`` the
    optional rule (§ RÈGLE FACULTATIVE, SS17)."""
    if isinstance(players, bool) or not isinstance(players, int) or not 1 <= players <= 4:
        raise InvalidConfig(f"Solar Storm is played by 1 to 4 players (1 is solo), not {players!r}")
    level = _DIFFICULTY_WORDS.get(D.slug(difficulty)) if isinstance(difficulty, str) else None
    if level is None:
        raise InvalidConfig(f"unknown difficulty {difficulty!r}: choose one of {', '.join(D.DIFFICULTIES)}")
    if not isinstance(no_peek, bool):
        raise InvalidConfig("no_peek is true or false")
    return {"game": "solar_storm", "players": players, "difficulty": level, "no_peek": no_peek}


def _check_config(config: dict) -> dict:
    if not isinstance(config, dict):
        raise InvalidConfig("a Solar Storm configuration is a dict made by make_config")
    try:
        return make_config(config["players"], difficulty=config["difficulty"], no_peek=config["no_peek"])
    except KeyError as exc:
        raise InvalidConfig(f"the configuration lacks {exc.args[0]!r}: make it with make_config") from None


def new_game(config: dict, seed: int) -> GameState:
    """A game set up as the rulebook's steps 1-13, everything random drawn from ``seed``; the
    first player's turn is open. Raises InvalidConfig."""
    config = _check_config(config)
    seed = int(seed)
    rng = seeded_random(seed)
    outer = list(D.OUTER)
    rng.shuffle(outer)
    layout = outer[:D.CENTRE] + [D.CORE] + outer[D.CENTRE:]
    deck = [r for r in D.RESOURCES for _ in range(15)] + [D.UNIVERSAL] * D.UNIVERSALS[config["difficulty"]]
    rng.shuffle(deck)
    players = config["players"]
    crew = D.SOLO_CREW if players == 1 else players
    hands = [[deck.pop() for _ in range(D.starting_cards(players))] for _ in range(players)]
    offer = [deck.pop() for _ in range(D.OFFER)]
    tiers = []
    for tier in (3, 2, 1):  # bottom first
        cards = [c for c, t in D.DAMAGE_TIER.items() if t == tier]
        rng.shuffle(cards)
        tiers += cards
    state = GameState(config=config, seed=seed, layout=layout, cubes={r: [True, True, True] for r in D.OUTER},
                      diverted=[], protection={r: [] for r in D.OUTER}, pawns=[D.CORE] * crew, hands=hands,
                      tokens=[0] * crew, resource_deck=deck, offer=offer, resource_discard=[],
                      damage_deck=tiers, damage_discard=[])
    for _ in range(D.INITIAL_DAMAGE):  # step 7: the 2 bottom cards
        card = state.damage_deck.pop(0)
        state.damage_discard.append(card)
        state.events.append({"kind": "damage_card", "card": card, "rooms": list(D.DAMAGE[card])})
        for room in D.DAMAGE[card]:
            damage_room(state, room)
    start_turn(state, rng.randrange(crew))
    return state
