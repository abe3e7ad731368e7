"""Panels (what a player can click) offer only legal moves, fit Discord's limits, and never
leave a player without a way forward."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from engine import make_config, new_game, rules
from engine.actions import Move, Place, Turn, parse
from service import autoplay
from service.panels import build, stamp_of

NAMES = [f"P{i}" for i in range(1, 7)]


def check_panel(state, seat):
    panel = build(state, 123456, seat, NAMES)
    legal = {str(a) for a in rules.legal_actions(state, seat)}
    rows = Counter(c.row for c in panel.controls)
    assert max(rows.values(), default=0) <= 5 and all(0 <= r <= 4 for r in rows)
    for c in panel.controls:
        assert len(c.label) <= 100
        if c.kind == "select":
            assert rows[c.row] == 1 and 1 <= len(c.options) <= 25
            verbs = [v for v, _ in c.options]
        else:
            verbs = [c.verb]
            assert len(f"pub:123456:{seat}:{panel.stamp}:{c.verb}") <= 100
        for verb in verbs:
            if verb.startswith("a:"):
                action = parse(verb[2:])
                assert str(action) in legal or (isinstance(action, Place) and c.disabled), verb
    offered = {v[2:] for c in panel.controls for v in ([c.verb] if c.kind == "button" and not c.disabled
                                                        else [o for o, _ in c.options])}
    if legal:
        assert offered or "/pu act" in panel.text
        # every decision is on the panel, except placement squares, rover steps and station turns,
        # which the player reaches by moving a cursor (and the long lists by paging)
        for text in legal:
            a = parse(text)
            if not isinstance(a, (Place, Move, Turn)) and not text.startswith("resolve"):
                assert text in offered, (text, panel.text)
    assert panel.stamp == stamp_of(state, seat)
    return panel


ASYMMETRIC = {1: (["petra"], ["oasis_ultd"]), 3: (["tartarus", "k-273", "cerberus"], ["cosmos_inc", "makeshift", "republic"]),
              5: (["pajitnov", "arashi", "gaia", "kaak", "lacuna"],
                  ["flux_industries", "horizon_group", "jump_drive", "wormhole_corp", "universal_coalition"])}


@pytest.mark.parametrize("players,asymmetric", [(1, False), (2, False), (4, False), (1, True), (3, True), (5, True)])
def test_panels_of_whole_games_offer_only_legal_moves(players, asymmetric):
    extra = {}
    if asymmetric:
        planets, corps = ASYMMETRIC[players]
        extra = {"planets": planets, "corporations": corps, "events": "hard"}
    state = new_game(make_config(players, private_objectives=players > 1, **extra), seed=players * 7)
    rng = random.Random(players)
    steps = 0
    while rules.to_act(state) and steps < 3000:
        if steps % 3 == 0:
            for seat in rules.to_act(state):
                check_panel(state, seat)
        seat = rules.to_act(state)[0]
        options = [a for a in rules.legal_actions(state, seat) if str(a) != "undo"]
        action = rng.choice(options) if rng.random() < 0.5 else autoplay.default_action(state, seat)
        rules.apply(state, seat, action)
        steps += 1
    assert state.phase == "over"
    panel = build(state, 1, 0, NAMES)
    assert panel.done and panel.image[0] == "score"
