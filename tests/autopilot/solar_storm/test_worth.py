"""The heuristic's arithmetic (autopilot/solar_storm/policy.py), checked against the plain
counting it stands for: the danger of losing a room, and the cards a seat lacks for a plan.

§ PHASE 3 : CARTES DOMMAGES: « Si une pièce est endommagée et qu'aucun cube … vous perdez la
partie ! » A room holding ``cover`` cubes and protection tokens is lost when more than ``cover``
of the cards to come name it."""
from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from autopilot.solar_storm.policy import loss_chance, room_needs, worth
from engine.solar_storm import apply, copy, legal_actions, make_config, new_game
from engine.solar_storm import data as D
from engine.solar_storm.actions import Undo


def counted(chances: tuple[float, ...], cover: int, first: int) -> float:
    """P(more than ``cover`` of the first ``first`` cards name the room), every outcome enumerated."""
    total = 0.0
    for hits in itertools.product((0, 1), repeat=first):
        p = 1.0
        for hit, q in zip(hits, chances[:first], strict=True):
            p *= q if hit else 1 - q
        if sum(hits) > cover:
            total += p
    return total


@pytest.mark.parametrize("seed", range(12))
def test_the_chance_of_losing_a_room_is_the_chance_that_more_cards_name_it_than_it_can_take(seed):
    rng = random.Random(seed)
    n = rng.choice((2, 4, 6, 8))
    chances = tuple(rng.choice((0.0, 1.0, round(rng.random(), 3))) for _ in range(n))
    cover = rng.randrange(0, 4)
    next_card, half, all_cards = loss_chance(chances, cover)
    assert next_card == pytest.approx(counted(chances, cover, 1))
    assert half == pytest.approx(counted(chances, cover, max(1, n // 2)))
    assert all_cards == pytest.approx(counted(chances, cover, n))
    assert loss_chance(chances, cover) == (next_card, half, all_cards)  # the cached answer is the same


def test_a_room_no_card_names_is_never_lost_and_a_certain_hit_on_a_bare_room_is():
    assert loss_chance((0.0, 0.0, 0.0, 0.0), 0) == (0.0, 0.0, 0.0)
    assert loss_chance((1.0, 0.0, 0.0, 0.0), 0) == (1.0, 1.0, 1.0)
    assert loss_chance((0.0, 1.0, 1.0, 0.0), 1) == (0.0, 0.0, 1.0)


def test_the_worth_of_a_position_does_not_depend_on_what_was_judged_before_it():
    """The caches behind the worth (a room's chances, a hand's missing cards) give each position
    the worth it has alone: a position judged first, after a thousand others, or again."""
    state = new_game(make_config(3, difficulty="medium"), 11)
    rng = random.Random(11)
    positions = []
    for _ in range(60):
        acts = [a for a in legal_actions(state, state.active) if not isinstance(a, Undo)]
        apply(state, state.active, rng.choice(acts))
        if state.phase == "over":
            break
        positions.append(copy(state))
    first = [worth(p) for p in positions]
    assert [worth(p) for p in reversed(positions)] == list(reversed(first))


def test_a_plan_counts_the_cards_a_room_still_needs():
    """§ RÉPARER UNE PIÈCE and § DÉVIATION DE L'ÉNERGIE: each empty slot takes its card, then the
    divert takes all three cards of its cost."""
    state = new_game(make_config(2, difficulty="easy"), 5)
    room = D.OUTER[0]
    state.cubes[room] = [1, 0, 0]
    need = Counter(room_needs(state, room))
    assert need == Counter([D.TRACK[room][1], D.TRACK[room][2], *D.DIVERT[room]])
