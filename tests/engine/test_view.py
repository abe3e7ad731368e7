"""What a seat may see (engine/view.py): ``state_from_view`` rebuilds a playable state from a
seat's view alone, as the inverse of ``view_for``, and ``score_for`` scores what the seat sees.

STYLE.md, "One player view": what a seat may see is decided in one function; every other
layer (scores, images, panels, the computer players) works from it.
"""
from __future__ import annotations

import random

import pytest

from engine import apply, legal_actions, make_config, new_game, to_act
from engine.actions import Undo
from engine.data import civ_card, corporation
from engine.scenario import Scenario
from engine.view import score_for, state_from_view, view_for

CONFIGS = [
    make_config(3, private_objectives=True, events=True),
    make_config(4, planets=["arashi", "petra", "gaia", "cerberus"],
                corporations=["cosmos_inc", "republic", "wormhole_corp", "jump_drive"], private_objectives=True),
    make_config(4, planets=["lacuna", "oblivion", "kaak", "charybdis"],
                corporations=["flux_industries", "horizon_group", "makeshift", "oasis_ultd"], events=True),
    make_config(1, corporations=["universal_coalition"]),
]


def playout(config: dict, seed: int, every: int = 5):
    """The positions of a random-legal game (undo aside), one every ``every`` actions."""
    state = new_game(config, seed)
    rng = random.Random(seed)
    n = 0
    while state.phase != "over":
        seat = to_act(state)[0]
        apply(state, seat, rng.choice([a for a in legal_actions(state, seat) if not isinstance(a, Undo)]))
        n += 1
        if n % every == 0:
            yield state
    yield state


@pytest.mark.parametrize("config", CONFIGS, ids=["3p-events", "4p-boards-a", "4p-boards-b", "solo"])
def test_the_state_rebuilt_from_a_view_shows_that_same_view(config):
    """view_for(state_from_view(view_for(s, seat)), seat) == view_for(s, seat) at every step."""
    checked = 0
    for state in playout(config, seed=len(config["planets"]) + 3):
        for seat in range(state.players):
            view = view_for(state, seat)
            assert view_for(state_from_view(view), seat) == view, (state.round, state.phase, seat)
            checked += 1
    assert checked > 20


@pytest.mark.parametrize("config", CONFIGS[:3], ids=["3p-events", "4p-boards-a", "4p-boards-b"])
def test_the_rebuilt_state_holds_nothing_the_seat_may_not_see(config):
    """Hidden from a seat (engine/view.py): the stacks below their top tiles, the civ piles it
    is not choosing from, the box, the seed, other players' private objectives and end-game
    civ cards. In the rebuilt state those are stand-ins: one card or tile repeated."""
    for state in playout(config, seed=11, every=9):
        for seat in range(state.players):
            sim = state_from_view(view_for(state, seat))
            assert sim.seed == 0 and sim.civ_box == []
            for kind in ("small", "large"):
                for pile in sim.station[kind]:
                    assert len(set(pile)) <= 1
            choosing = {str(i["rank"]) for i in state.seats[seat].pending if i["kind"] == "civ"}
            for rank, pile in sim.civ_piles.items():
                if rank not in choosing and pile != state.civ_piles[rank]:
                    assert len(set(pile) - set(state.civ_piles[rank])) <= 1  # stand-ins only
            for other, s in enumerate(sim.seats):
                if other == seat or state.phase == "over":
                    continue
                real = state.seats[other].corp
                assert len(set(s.corp.objectives)) <= 1 and len(s.corp.objectives) == len(real.objectives)
                hidden = [c for c in s.corp.civ_cards if civ_card(c).timing != "immediate"]
                assert len(set(hidden)) <= 1


def test_the_public_view_is_not_a_seat_to_rebuild():
    state = new_game(CONFIGS[0], 1)
    with pytest.raises(ValueError):
        state_from_view(view_for(state, None))


def _with_private_cards(objective: int, civ: int):
    """Seat 2 (index 1) at the top of its tech track, keeping ``objective`` and holding the
    end-game civ card ``civ``; seat 1 plays its turn."""
    sc = Scenario(players=2, private_objectives=True)
    top = corporation("universal_coalition").tracks["tech"].top
    sc.seat(1).trackers(tech=top).objectives(objective).civ_cards(civ)
    return sc.start()


def test_another_players_private_cards_never_change_my_score():
    """/pu score: another player's private objectives and end-game civ cards are hidden from
    me ("every other player's private objectives and end-game civ cards", engine/view.py), so
    swapping them for others leaves my score sheet as it was, and an onlooker's, while their
    owner sees the difference (tech at the top met, civ at the top not; 2 medals against 1)."""
    met = _with_private_cards(56, 7)  # 56: tech track at the top; 7: 2 medals at the end
    unmet = _with_private_cards(55, 6)  # 55: civ track at the top; 6: 1 medal at the end
    assert score_for(met, 0) == score_for(unmet, 0)
    assert score_for(met, None) == score_for(unmet, None)
    assert score_for(met, 1)["players"][1]["total"] == score_for(unmet, 1)["players"][1]["total"] + 6
