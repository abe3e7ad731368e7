"""Game setup (rulebook 2023, "Mise en place", p.3; RULINGS P8, R1).

From a config and a seed: the twelve station stacks shuffled, the interior disc offset,
civ piles of (players + 1) random cards per rank, objective cards dealt by player count
(one neighbour card between each pair of neighbours for 3-6 players, three shared cards for
2 players, private cards in solo or with the private-objective module), lifepods on every
planet, rovers on every corporation board, and a first commander.
"""
from __future__ import annotations

from i18n import _

from . import data as D
from . import events as E
from .board import Board
from .core import seeded_random
from .corporations.boards import SUPPORTED_CORPORATIONS
from .errors import InvalidConfig
from .planets import SUPPORTED_PLANETS
from .rules import begin_play  # the round flow lives in rules; setup only deals
from .state import Corp, GameState, Seat

# Boards this version of the engine plays by their rules (the asymmetric planets' own rules
# are in engine/planets.py, the corporation boards in engine/corporations/): the registries'
# ids, in the data files' order. Nothing is offered that does not work.
__all__ = ["SUPPORTED_CORPORATIONS", "SUPPORTED_PLANETS", "deal", "make_config", "new_game"]


def make_config(players: int, *, planets: list[str] | None = None, corporations: list[str] | None = None,
                private_objectives: bool | None = None, interior_offset: int | None = None,
                first_commander: int | None = None, events: bool | str | dict | None = None) -> dict:
    """A validated game configuration. Raises InvalidConfig with a readable reason.

    ``events``: the event deck (engine/events.py): None for the default (solo: the normal
    preset, which solo always plays; 2+ players: no events), False, True (normal), a preset
    name (easy, normal, hard) or {"green": g, "orange": o, "red": r} summing to 20."""
    if not isinstance(players, int) or not 1 <= players <= 6:
        raise InvalidConfig(_("Planet Unknown is played by 1 to 6 players"))
    planets = list(planets or ["ksb-4156"] * players)
    corporations = list(corporations or ["universal_coalition"] * players)
    if len(planets) != players or len(corporations) != players:
        raise InvalidConfig(_("give one planet and one corporation per player"))
    for p in planets:
        if p not in SUPPORTED_PLANETS:
            raise InvalidConfig(_("there is no planet {name}; choose from: {names}").format(
                name=repr(p), names=", ".join(SUPPORTED_PLANETS)))
    for c in corporations:
        if c not in SUPPORTED_CORPORATIONS:
            raise InvalidConfig(_("there is no corporation {name}; choose from: {names}").format(
                name=repr(c), names=", ".join(SUPPORTED_CORPORATIONS)))
    if interior_offset is not None and interior_offset not in range(6):
        raise InvalidConfig(_("the interior disc offset is a number from 0 to 5"))
    if first_commander is not None and first_commander not in range(players):
        raise InvalidConfig(_("the first commander must be one of the seats"))
    return {
        "players": players,
        "planets": planets,
        "corporations": corporations,
        # solo always plays private objectives (rulebook p.10); optional module otherwise
        "private_objectives": True if players == 1 else bool(private_objectives),
        "interior_offset": interior_offset,
        "first_commander": first_commander,
        "events": E.make_config(players, events),
    }


def new_game(config: dict, seed: int) -> GameState:
    """Set up a game. Deterministic: the same config and seed give the same state."""
    state = deal(config, seed)
    begin_play(state)
    return state


def deal(config: dict, seed: int) -> GameState:
    """Everything ``new_game`` lays out, before play begins: no private objective chosen, no
    round opened, no event revealed (engine/scenario.py edits this, then opens play)."""
    n = config["players"]
    rng = seeded_random(seed)
    st = D.station()
    small = [rng.sample(list(s), len(s)) for s in st.small_slots]
    large = [rng.sample(list(s), len(s)) for s in st.large_slots]
    offset = config["interior_offset"] if config["interior_offset"] is not None else rng.randrange(6)
    rotation = rng.randrange(6) if n == 1 else 0  # solo: a random depot faces the indicator
    station = {"offset": offset, "rotation": rotation, "small": small, "large": large}

    cards = D.civ_cards()
    piles: dict[str, list[int]] = {}
    box: list[int] = []
    for rank in range(1, 5):
        ids = sorted(c.id for c in cards.values() if c.rank == rank)
        rng.shuffle(ids)
        piles[str(rank)] = sorted(ids[: n + 1])
        box += ids[n + 1:]

    deck = sorted(D.objective_cards())
    rng.shuffle(deck)
    seats = []
    for i in range(n):
        corp_def = D.corporation(config["corporations"][i])
        board = Board(config["planets"][i], lifepods=list(D.planet(config["planets"][i]).lifepods))
        corp = Corp(corp_def.id, rover_supply=corp_def.rovers)
        seats.append(Seat(board, corp))
    if config["private_objectives"]:
        deal = 4 if n == 1 else 2
        for s in seats:
            s.corp.objective_offer = sorted(deck[:deal])
            del deck[:deal]
    neighbour_count = 0 if n == 1 else 3 if n == 2 else n
    neighbours = deck[:neighbour_count]
    del deck[:neighbour_count]

    commander = config["first_commander"] if config["first_commander"] is not None else rng.randrange(n)
    state = GameState(config=config, seed=int(seed), seats=seats, station=station, civ_piles=piles,
                      civ_box=sorted(box), neighbour_objectives=neighbours, objective_deck=deck,
                      commander=commander)
    event_deck = E.new_deck(config, rng)  # drawn last: games without events deal as before
    if event_deck is not None:
        state.extra["events"] = event_deck
    return state
