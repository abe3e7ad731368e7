"""Bad input never crashes and never changes the game: over random positions of random games, every
malformed text gets ``ParseError`` and every illegal action ``IllegalAction`` (or NotYourTurn /
GameOver, its kinds), each with a readable message, and the state is unchanged."""
from __future__ import annotations

import random

from engine.solar_storm import (
    IllegalAction,
    ParseError,
    apply,
    dump,
    legal_actions,
    load,
    make_config,
    new_game,
    parse,
    to_act,
)
from engine.solar_storm.data import CARDS, DAMAGE, OUTER, ROOMS

VERBS = ["move", "scavenge", "pick", "pass", "give", "take", "exchange", "repair", "activate", "divert", "token",
         "end", "collect", "discard", "reactivate", "order", "protect", "send", "swap", "undo", "aller", "réparer"]
WORDS = [*ROOMS, *CARDS, *list(DAMAGE)[:4], "1", "2", "3", "5", "0", "-1", "deck", "universal", "bridge bridge",
         "kitchen", "gold", "", "é", "99999999999999999999", "🚀", "D9-99", "mess hall"]


def random_text(rng: random.Random) -> str:
    n = rng.randrange(0, 5)
    return " ".join([rng.choice(VERBS + WORDS)] + [rng.choice(WORDS) for _ in range(n)])


def random_positions(count: int):
    rng = random.Random(5)
    for game in range(count):
        state = new_game(make_config(game % 4 + 1, difficulty="hard", no_peek=game % 2 == 0), 500 + game)
        for _ in range(rng.randrange(0, 120)):
            if not to_act(state):
                break
            seat = to_act(state)[0]
            apply(state, seat, rng.choice(legal_actions(state, seat)))
        yield rng, state


def test_random_text_and_illegal_actions_never_crash_nor_change_the_state():
    positions = list(random_positions(40))
    # actions legal somewhere else: well-formed, and mostly illegal here
    elsewhere = sorted({str(a) for _, s in positions if to_act(s) for a in legal_actions(s, to_act(s)[0])})
    tried = refused = 0
    for rng, state in positions:
        before = dump(state)
        seat = to_act(state)[0] if to_act(state) else 0
        legal = {str(a): a for a in legal_actions(state, seat)}
        for _ in range(60):
            text = random_text(rng) if rng.random() < 0.5 else rng.choice(elsewhere)
            who = rng.choice([seat, seat, seat, (seat + 1) % state.crew, -1, 7])
            tried += 1
            try:
                action = parse(text)
            except ParseError as err:
                assert str(err) and "try one of" in str(err)
                continue
            if str(action) in legal and who == seat:
                continue
            try:
                apply(state, who, action)
            except IllegalAction as err:
                refused += 1
                message = str(err)
                assert message and len(message) < 400 and "Traceback" not in message
                assert dump(state) == before, f"{text!r} changed the state"
                continue
            # accepted though not listed: only another spelling of a listed action (SS3's payments)
            after = dump(state)
            same = []
            for listed in legal.values():
                trial = load(before)
                apply(trial, seat, listed)
                same.append(dump(trial) == after)
            assert who == seat and any(same), f"{text!r} applied but is not one of the legal actions"
            state = load(before)
    assert tried == 40 * 60 and refused > 800


def test_every_action_the_rules_list_for_nobody_is_refused_for_other_seats():
    for _, state in random_positions(12):
        if not to_act(state):
            continue
        seat = to_act(state)[0]
        before = dump(state)
        for other in range(state.crew):
            if other == seat:
                continue
            for action in legal_actions(state, seat)[:10]:
                try:
                    apply(state, other, action)
                except IllegalAction as err:
                    assert "turn" in str(err)
                else:
                    raise AssertionError("another seat acted out of turn")
                assert dump(state) == before


def test_protect_and_order_words_are_checked_against_the_position():
    state = new_game(make_config(2), 3)
    before = dump(state)
    for text in ["protect bridge", "order data", "send 1 bridge", f"protect {OUTER[0]} {OUTER[1]}",
                 "swap metal data", "swap metal data 2", "pick 1", "pass", "collect 1", "discard metal"]:
        try:
            apply(state, state.active, parse(text))
        except IllegalAction as err:
            assert str(err)
        else:
            raise AssertionError(text)
    assert dump(state) == before
