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


def assert_no_deck_order(state, view: dict) -> None:
    """No view shows the order of a deck: of the damage deck below the 3 cards a Bridge peek may
    show, not even a card id; of the resource deck below the 5 a Cargo Hold peek may show, no run
    of 10 cards in order (hands and the discard pile hold card kinds, so shorter runs occur by
    chance). Never the seed."""
    text = json.dumps(view, separators=(",", ":"))
    for card in state.damage_deck[:-3]:
        assert card not in text, "a view shows a damage card still hidden in the deck"
    hidden = state.resource_deck[:-5][::-1]  # top first
    if len(hidden) >= 10:
        run = json.dumps(hidden[:10], separators=(",", ":"))[1:-1]
        assert run not in text and json.dumps(hidden[:10][::-1], separators=(",", ":"))[1:-1] not in text
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
            orders = [a for a in actions if str(a).startswith("order")]
            if len(orders) > 6:  # the distinct orders of a 5-card peek (up to 120): a sample
                actions = [a for a in actions if a not in orders] + rng.sample(orders, 6)
            text = dump(state)
            assert dump(load(text)) == text  # load(dump(s)) == s: states are equal when their dumps are
            for action in actions:  # every legal action applies (on a copy) and reads back
                apply(copy(state), seat, action)
                assert parse(str(action)) == action
            assert dump(state) == text  # a copy shares nothing that an action changes
            assert_no_deck_order(state, public_view(state))
            action = rng.choice([a for a in actions if str(a) != "undo"] if rng.random() < 0.9 else actions)
            if steps % 10 == 0:
                assert_no_deck_order(state, view_for(state, seat))
                assert copy(state) == state
            apply(state, seat, action)
            steps += 1
            assert steps < 3000
        assert outcome(state)["result"] in ("won", "lost")
        assert to_act(state) == [] and legal_actions(state, 0) == []
        assert load(dump(state)) == state
