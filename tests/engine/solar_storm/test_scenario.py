"""Scenario: a laid-out position opened through the real rules, so that a rules bug can be reported
as a position and the moves that go wrong."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from engine.solar_storm import dump, load
from engine.solar_storm.data import UNIVERSALS
from engine.solar_storm.scenario import Scenario, ScenarioError

from .helpers import LAYOUT, act, scenario


def test_a_laid_out_position_holds_what_was_asked_and_conserves_the_cards():
    sc = (scenario(players=3, difficulty="hard").room("bridge", cubes="-x-", diverted=True, protection=[2])
          .pawn(1, "bridge").hand(1, "universal", "metal").tokens(2, 3).offer("data", "data").discard("energy")
          .resources(top=["metal", "nanobots"], left=15).damage(top=["D2-01"], left=4))
    g = sc.start(active=1, turn=7)
    assert g.layout[:4] == list(LAYOUT[:4]) and g.layout[4] == "energy_core"
    assert g.cubes["bridge"] == [False, True, False] and g.diverted == ["bridge"] and g.protection["bridge"] == [2]
    assert g.pawns[1] == "bridge" and g.hand(1) == ["universal", "metal"] and g.tokens[2] == 3
    assert g.offer == ["data", "data"] and g.resource_discard[0] == "energy"
    assert g.resource_deck[-2:] == ["nanobots", "metal"] and len(g.resource_deck) == 15
    assert g.damage_deck[-1] == "D2-01" and len(g.damage_deck) == 4 and len(g.damage_discard) == 20
    assert g.active == 1 and g.turn == 7 and g.actions == 3
    cards = (Counter(g.resource_deck) + Counter(g.resource_discard) + Counter(g.offer)
             + Counter(c for h in g.hands for c in h))
    assert cards["universal"] == UNIVERSALS["hard"] and sum(cards.values()) == 64
    assert load(dump(g)) == g


def test_the_position_plays_on_through_the_rules():
    g = scenario().room("bridge", cubes="-xx").pawn(0, "bridge").hand(0, "nanobots").start(active=0)
    act(g, "repair nanobots")
    act(g, "activate")
    assert g.pending["kind"] == "bridge"


def test_start_can_open_phase_two_or_the_discard():
    g = scenario().start(active=1, phase="collect")
    act(g, "collect deck")
    assert g.active == 0
    g = scenario().hand(0, *["data"] * 7).start(active=0, phase="discard")
    act(g, "discard data")
    assert g.active == 1


@pytest.mark.parametrize("build, words", [
    (lambda s: s.layout("bridge"), "each of the 8 outer rooms"),
    (lambda s: s.room("kitchen"), "not a room"),
    (lambda s: s.room("energy_core", cubes="xxx"), "no track"),
    (lambda s: s.room("bridge", cubes="xx"), "3 marks"),
    (lambda s: s.pawn(5, "bridge"), "seats are 0 to 1"),
    (lambda s: s.hand(0, *["universal"] * 9).start(), "more cards than the box"),
    (lambda s: s.resources(left=0), "at least 1 card"),
    (lambda s: s.damage(top=["D9-99"]), "D1-01"),
    (lambda s: s.tokens(0, 5).tokens(1, 4).start(), "only 8 action tokens"),
    (lambda s: s.start(phase="discard"), "more than 6 cards"),
])
def test_an_impossible_position_is_refused_with_the_reason(build, words):
    with pytest.raises(ScenarioError, match=words):
        build(Scenario(players=2, seed=1))


def test_the_readme_example_runs_as_written(capsys):
    readme = (Path(__file__).resolve().parents[3] / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Solar Storm", 1)[1].split("\n## ", 1)[0]
    code = section.split("```python\n", 1)[1].split("```", 1)[0]
    exec(compile(code, "README.md", "exec"), {})
    printed = capsys.readouterr().out
    assert printed.startswith("['D2-04', ")
