"""Random playouts over every player count and difficulty (the OpenSpiel random-playout test):
every game reaches an outcome (« Il n'y a qu'une seule façon de gagner » ... « la partie se
termine immédiatement et vous perdez ! », § CONDITIONS DE FIN DE PARTIE); at every step each
legal action applies, ``load(dump(s)) == s`` and no view shows a deck's order."""
from __future__ import annotations

import json
import random

import pytest

from engine.solar_storm import (
    apply,
    copy,
    dump,
    legal_actions,
    load,
    make_config,
    new_game,
    outcome,
    parse,
    public_view,
    to_act,
    view_for,
)
from engine.solar_storm.data import DIFFICULTIES

GAMES = 200


def _contains_run(haystack, needle: list) -> bool:
    """Whether a list somewhere in ``haystack`` holds ``needle`` in order as a contiguous run."""
    n = len(needle)
    if isinstance(haystack, dict):
        return any(_contains_run(v, needle) for v in haystack.values())
    if isinstance(haystack, list):
        if len(haystack) >= n and any(haystack[i:i + n] == needle for i in range(len(haystack) - n + 1)):
            return True
        return any(_contains_run(v, needle) for v in haystack)
    return False


def assert_no_deck_order(state, view: dict) -> None:
    # a peek shows the top cards to the crew (SS16); never more than that
    for deck, shown in ((state.resource_deck, 5), (state.damage_deck, 3)):
        if len(deck) > shown + 1:
            assert not _contains_run(view, deck[::-1][:shown + 1]), "a view shows the deck's order"
            assert not _contains_run(view, deck[:shown + 1]), "a view shows the deck's order"
    text = json.dumps(view)
    assert '"seed"' not in text


@pytest.mark.parametrize("chunk", range(4))
def test_random_games_reach_an_outcome_with_every_invariant_at_every_step(chunk):
    for game in range(chunk, GAMES, 4):
        players = game % 4 + 1
        difficulty = DIFFICULTIES[(game // 4) % len(DIFFICULTIES)]
        state = new_game(make_config(players, difficulty=difficulty, no_peek=game % 7 == 0), 1000 + game)
        rng = random.Random(game)
        steps = 0
        while outcome(state) is None:
            seat = to_act(state)[0]
            actions = legal_actions(state, seat)
            assert actions, "a game that is not over always offers an action"
            for other in range(state.crew):
                if other != seat:
                    assert legal_actions(state, other) == []
            check_all = steps % 5 == 0  # every legal action applied on a copy, every 5th step
            for action in actions if check_all else ():
                trial = copy(state)
                apply(trial, seat, action)
                assert parse(str(action)) == action
            assert load(dump(state)) == state
            if steps % 3 == 0:
                assert_no_deck_order(state, public_view(state))
                assert_no_deck_order(state, view_for(state, seat))
            action = rng.choice([a for a in actions if str(a) != "undo"] if rng.random() < 0.9 else actions)
            apply(state, seat, action)
            steps += 1
            assert steps < 3000
        assert outcome(state)["result"] in ("won", "lost")
        assert to_act(state) == [] and legal_actions(state, 0) == []
        assert load(dump(state)) == state
