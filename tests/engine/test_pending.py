"""Pending decisions (rulebook 2023 p.5, RULINGS R2: "every gain of a turn is a pending item
the player settles in any order"): every kind is found through one registry
(engine/pending.py), each item holds only the fields its kind declares, reads as a phrase,
and takes the player's text whatever its spaces and letter case."""
import random

import pytest

from engine import IllegalAction, apply, legal_actions, make_config, new_game, to_act
from engine.actions import Undo
from engine.pending import KINDS, kind_of, rover_square, track_space, words
from engine.scenario import Scenario, grant, pending, values
from engine.setup import SUPPORTED_CORPORATIONS

FLOW_FLAGS = {"id", "kind", "optional", "event", "only_one"}  # what the flow adds to any item


def test_the_registry_holds_every_kind_of_the_rules_the_events_and_the_boards():
    assert {"advance", "patch", "rover", "civ", "collect", "destroy", "line", "teleport", "extra_tile"} <= set(KINDS)
    assert {"regress", "collect_meteorite", "destroy_lifepod", "lose_lifepod", "destroy_rover", "add_meteorite",
            "discard_objective", "rotate_station", "remove_stack", "event_choice", "extra_rover"} <= set(KINDS)
    assert {"tech", "pod", "pod_move", "flux", "meteor", "objective", "shift", "civ_regress", "keep_civ",
            "choose"} <= set(KINDS)


@pytest.mark.parametrize("seed", range(3))
def test_every_item_of_random_games_is_a_record_of_its_kind_and_reads_as_a_phrase(seed):
    rng = random.Random(seed)
    corps = [rng.choice(SUPPORTED_CORPORATIONS) for _ in range(3)]
    g = new_game(make_config(3, corporations=corps, events="hard"), seed)
    seen = set()
    while g.phase != "over":
        for s in g.seats:
            for item in s.pending:
                kind = kind_of(item)
                assert set(item) <= FLOW_FLAGS | set(kind.fields), (item, kind.fields)
                assert kind.describe(item).strip()
                seen.add(item["kind"])
        seat = rng.choice(to_act(g))
        actions = [a for a in legal_actions(g, seat) if not isinstance(a, Undo)]
        apply(g, seat, rng.choice(actions))
    assert {"advance", "civ"} <= seen


def test_a_value_is_taken_whatever_its_spaces_and_letter_case_and_a_wrong_one_names_the_choices():
    g = Scenario(players=1).seat(0).trackers(tech=15).start()
    grant(g, 0, "synergy")
    item = pending(g, 0, "advance")[0]
    kind = kind_of(item)
    allowed = values(g, 0, item)
    assert allowed == ["civ", "water", "biomass", "rover"]  # the tech tracker is at its top
    assert kind.normalise(item, "  WaTeR ", allowed) == "water"
    with pytest.raises(IllegalAction, match="choose one of: civ, water, biomass, rover"):
        kind.normalise(item, "tech", allowed)


def test_compound_values_have_one_parser():
    assert words("water twice") == ("water", "twice")
    assert track_space("civ 4") == ("civ", 4) and track_space("tech 2") == ("tech", 2)
    assert rover_square("2 C5") == (1, 2 * 12 + 4)
