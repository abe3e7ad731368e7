"""The quick policy: how the greedy player finishes a step inside its own play-outs (each
placement it compares is played to the end of the step) and inside the hard level's worlds.
It judges most choices by a copy of the game per value; the choices below need no copy, or
fewer, so a play-out costs about 0.6 times the CPU and the hard level gets more worlds for its
thinking time (docs/computer-players.md)."""
from __future__ import annotations

import autopilot.greedy as G
from engine import apply, legal_actions
from engine.actions import Confirm, Move, Pick, Place, Resolve
from engine.data import TRACKS
from engine.scenario import Scenario, grant
from engine.state import GameState, copy


def _placed(sc: Scenario, settled: bool = False) -> GameState:
    """Seat 0 of ``sc`` has taken the small tile and placed it where it first can (``settled``:
    and advanced the tile's two trackers)."""
    g = sc.start()
    apply(g, 0, Pick("small"))
    apply(g, 0, next(a for a in legal_actions(g, 0) if isinstance(a, Place)))
    for a in [a for a in legal_actions(g, 0) if isinstance(a, Resolve)] if settled else []:
        apply(g, 0, a)
    return g


def test_the_quick_policy_advances_a_tiles_two_resources_in_turn_without_a_copy():
    """Rulebook 2023 p.4: "Une fois la tuile placée, avancez les CUBES RESSOURCE de votre
    Corporation d'un échelon pour chaque Ressource sur la tuile", and p.5: "Si vous obtenez
    plusieurs bonus simultanément, vous pouvez choisir quel cube avancer en premier." Each
    advance here has one tracker to move: only the order is a choice. The full policy still
    plays both orders out; the quick one takes them as listed and copies no state."""
    g = _placed(Scenario(2, 3))
    s = g.seats[0]
    assert [(i["kind"], i["options"]) for i in s.pending] == [("advance", ["biomass"]), ("advance", ["civ"])]
    greedy = G._Greedy(g, 0)
    start = G.WORK[0]
    assert greedy._step(g, legal_actions(g, 0), fast=False) in (Resolve(1, "biomass"), Resolve(2, "civ"))
    assert G.WORK[0] - start == 2  # one copy per order
    f = copy(g)
    start = G.WORK[0]
    greedy._settle(f)
    assert G.WORK[0] == start
    assert f.seats[0].corp.trackers["biomass"] == f.seats[0].corp.trackers["civ"] == 1
    assert not f.seats[0].pending


def test_the_quick_policy_plays_out_the_two_trackers_a_synergy_is_worth_most_to():
    """Glossary: "Bonus de Synergie - Avancez n'importe quel cube Ressource une fois." Five
    trackers to choose from: the quick policy plays out the two the track tables rate highest
    (two copies instead of five), and the one the full policy picks after playing out all five
    is one of them."""
    sc = Scenario(2, 3)
    sc.seat(0).trackers(water=2, tech=3)
    g = _placed(sc, settled=True)
    grant(g, 0, "synergy")
    synergy = g.seats[0].pending[-1]
    legal = legal_actions(g, 0)
    assert synergy["source"] == "synergy"
    assert len([a for a in legal if isinstance(a, Resolve) and a.item == synergy["id"]]) == len(TRACKS) == 5
    greedy = G._Greedy(g, 0)
    start = G.WORK[0]
    full = greedy._step(g, legal, fast=False)
    assert G.WORK[0] - start == 5
    start = G.WORK[0]
    quick = greedy._step(g, legal, fast=True)
    assert G.WORK[0] - start == 2
    shortlist = greedy._shortlist(g, [a for a in legal if isinstance(a, Resolve)], fast=True)
    assert len(shortlist) == 2 and full in shortlist and quick in shortlist


def test_the_quick_policy_keeps_a_rovers_movement_when_nothing_is_in_reach():
    """Rulebook 2023 p.6: rovers move "d'un nombre total de cases égal (ou inférieur) à ce
    nombre": movement may be left unused. With 2 steps and the only lifepod 10 steps away,
    the full policy drives toward it (its worth rises as the rover nears it: four copies, one
    per direction); the quick policy, which only estimates the step, keeps the movement and
    copies nothing. A lifepod in reach is fetched by both."""
    sc = Scenario(2, 3)
    sc.seat(0).rovers("J8").lifepods("D4")
    g = _placed(sc, settled=True)
    grant(g, 0, "move 2")
    legal = legal_actions(g, 0)
    greedy = G._Greedy(g, 0)
    start = G.WORK[0]
    assert isinstance(greedy._step(g, legal, fast=False), Move)
    assert G.WORK[0] - start == 4
    start = G.WORK[0]
    assert greedy._step(g, legal, fast=True) == Confirm()
    assert G.WORK[0] == start
    near = Scenario(2, 3)
    near.seat(0).rovers("J8").lifepods("I9")  # two steps away
    g = _placed(near, settled=True)
    grant(g, 0, "move 2")
    assert isinstance(G._Greedy(g, 0)._step(g, legal_actions(g, 0), fast=True), Move)
