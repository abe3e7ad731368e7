"""Solo mode (rulebook 2023 p.10, RULINGS C4-C5): the station turns by itself, the event
deck is always played, 4 private objectives are dealt and 3 kept, the score target is 60
adjusted by the deck's colour counts and is shown from the start, and the final result
compares the score with it and gives the matching epilogue."""
from __future__ import annotations

import random

import pytest

from engine import apply, legal_actions, make_config, new_game, public_view, to_act, view_for
from engine import events as E
from engine.actions import DropObjective

# the rulebook's table (p.10): medals added for 0-2, 3-6, 7-10, 11-14, 15+ cards of a colour
TABLE = {"red": (0, -5, -7, -9, -11), "orange": (0, -1, -2, -3, -4), "green": (0, 3, 6, 9, 12)}
BAND_EDGES = (0, 2, 3, 6, 7, 10, 11, 14, 15, 20)


def band(n: int) -> int:
    return 0 if n <= 2 else 1 if n <= 6 else 2 if n <= 10 else 3 if n <= 14 else 4


def deck(colour: str, n: int) -> dict:
    """A 20-card solo deck with ``n`` cards of ``colour``, the rest split over the others."""
    others = [c for c in E.COLOURS if c != colour]
    rest = 20 - n
    return {colour: n, others[0]: rest // 2, others[1]: rest - rest // 2}


def test_the_rulebook_example_9_green_3_orange_8_red_gives_58():
    target = E.solo_target({"green": 9, "orange": 3, "red": 8})
    assert target == {"base": 60, "adjustments": {"green": 6, "orange": -1, "red": -7}, "target": 58}
    g = new_game(make_config(1), 3)  # the default solo deck is that one (normal preset)
    assert public_view(g)["solo"]["target"] == 58


@pytest.mark.parametrize("colour", E.COLOURS)
@pytest.mark.parametrize("n", BAND_EDGES)
def test_the_target_follows_the_table_for_each_colour_at_each_band(colour, n):
    counts = deck(colour, n)
    expected = 60 + sum(TABLE[c][band(counts[c])] for c in E.COLOURS)
    got = E.solo_target(counts)
    assert got["adjustments"][colour] == TABLE[colour][band(n)]
    assert got["target"] == expected
    g = new_game(make_config(1, events=counts), n)
    assert g.phase == "objectives" and view_for(g, 0)["solo"]["target"] == expected  # shown from the start


@pytest.mark.parametrize("delta,label", [(-30, "-15"), (-11, "-15"), (-10, "-10"), (-6, "-10"), (-5, "-5"),
                                         (-1, "-5"), (0, "target"), (4, "target"), (5, "+5"), (9, "+5"),
                                         (10, "+10"), (14, "+10"), (15, "+15"), (41, "+15")])
def test_the_epilogue_band_for_each_distance_from_the_target(delta, label):
    got = E.epilogue(delta)
    assert got["band"] == label and got["text"] == E.EPILOGUE_TEXT[label]


def test_every_epilogue_has_its_own_text():
    texts = E.EPILOGUE_TEXT.values()
    assert len(set(texts)) == 7 and all(t.endswith(".") for t in texts)


def _play_out(config: dict, seed: int):
    g = new_game(config, seed)
    rng = random.Random(seed)
    while g.phase != "over":
        seat = rng.choice(to_act(g))
        actions = [a for a in legal_actions(g, seat) if str(a) != "undo"]
        apply(g, seat, rng.choice(actions))
    return g


@pytest.mark.parametrize("events,seed", [("easy", 4), ("hard", 5), ({"green": 0, "orange": 4, "red": 16}, 6)])
def test_the_final_result_compares_the_score_with_the_target_and_gives_the_epilogue(events, seed):
    g = _play_out(make_config(1, events=events), seed)
    total = g.result["players"][0]["total"]
    solo = g.result["solo"]
    target = E.solo_target(g.config["events"])["target"]
    assert solo["target"] == target and solo["score"] == total and solo["delta"] == total - target
    assert solo["reached"] == (total >= target)
    assert (solo["band"], solo["text"]) == (E.epilogue(total - target)["band"], E.epilogue(total - target)["text"])
    assert public_view(g)["result"]["solo"] == solo
    assert g.round == 20 or "unplaceable" in g.ending  # 20 cards: 20 rounds at most


def test_solo_deals_four_private_objectives_and_keeps_three():
    g = new_game(make_config(1), 2)
    offer = list(g.seats[0].corp.objective_offer)
    assert len(offer) == 4 and g.phase == "objectives"
    apply(g, 0, DropObjective(offer[2]))
    assert g.seats[0].corp.objectives == sorted(offer[:2] + offer[3:]) and offer[2] in g.objective_deck
    assert g.phase == "turns" and g.round == 1 and g.extra["events"]["current"] is not None


def test_the_private_objective_module_deals_two_and_each_player_keeps_one():
    g = new_game(make_config(4, private_objectives=True), 2)
    offers = [list(s.corp.objective_offer) for s in g.seats]
    assert all(len(o) == 2 for o in offers) and len(g.neighbour_objectives) == 4
    for seat, o in enumerate(offers):
        apply(g, seat, DropObjective(o[0]))
    assert [s.corp.objectives for s in g.seats] == [[o[1]] for o in offers]
    assert g.phase == "rotate"


def test_solo_station_turns_one_depot_clockwise_by_itself_every_round():
    g = new_game(make_config(1, events={"green": 0, "orange": 20, "red": 0}), 7)  # no card turns it
    apply(g, 0, DropObjective(g.seats[0].corp.objective_offer[0]))
    rotations = [g.station["rotation"]]
    while g.round < 4:
        seat = to_act(g)[0]
        actions = [a for a in legal_actions(g, seat) if str(a) != "undo"]
        before = g.round
        apply(g, seat, actions[0])
        if g.round != before:
            rotations.append(g.station["rotation"])
    assert all((a - b) % 6 == 1 for a, b in zip(rotations, rotations[1:])) and len(rotations) == 4
