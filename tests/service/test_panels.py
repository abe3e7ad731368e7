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


def civ_choice(players: int, seed: int):
    """A game played at random up to a seat's civ card choice: (state, seat)."""
    from engine import apply, legal_actions, to_act
    state, rng = new_game(make_config(players), seed), random.Random(seed)
    while state.phase != "over":
        seat = rng.choice(to_act(state))
        if any(item["kind"] == "civ" for item in state.seats[seat].pending):
            return state, seat
        apply(state, seat, rng.choice(legal_actions(state, seat)))
    raise AssertionError("no civ card choice in this game")


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("players", [1, 6])
def test_a_civ_card_choice_shows_each_offered_cards_effect_on_the_panel_and_in_the_menu(players, language):
    """Choosing a civ card is a real decision: the panel's text gives each offered card's
    effect in full and each menu option carries the effect within Discord's 100 characters."""
    from engine import data as D
    from engine.actions import Resolve
    from i18n import content, use
    state, seat = civ_choice(players, 3)
    with use(language):
        panel = build(state, 1, seat, NAMES)
        offered = {a.value for a in rules.legal_actions(state, seat) if isinstance(a, Resolve)}
        cards = [D.civ_card(int(v)) for v in offered if v.isdigit()]
        assert len(cards) >= 2
        for card in cards:
            assert f"**{content(card.name)}**" in panel.text
            assert content(card.description) in panel.text or content(card.menu_line) in panel.text
        assert len(panel.text) <= 1700
        (menu,) = [c for c in panel.controls if c.kind == "select" and any(v.startswith("a:resolve") for v, _ in c.options)]
        details = dict(zip((v for v, _ in menu.options), menu.details))
        for card in cards:
            verb = next(v for v, label in menu.options if label.endswith(f"(#{card.id})"))
            assert details[verb] == content(card.menu_line) and 0 < len(details[verb]) <= 100


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_civ_cards_menu_line_is_its_whole_effect_within_100_characters(language):
    from engine import data as D
    from i18n import content, use
    with use(language):
        for card in D.civ_cards().values():
            line = content(card.menu_line)
            assert 0 < len(line) <= 100 and not line.endswith("…"), (card.id, line)


def test_a_french_tile_choice_names_the_tiles_in_french():
    """« Prendre la grande tuile (U5 energy/water) » read as half English."""
    from i18n import use
    state = new_game(make_config(1), 4)
    while not any(a.__class__.__name__ == "Pick" for a in rules.legal_actions(state, 0)):
        rules.apply(state, 0, autoplay.default_action(state, 0))
    with use("fr"):
        panel = build(state, 1, 0, NAMES)
    labels = [c.label for c in panel.controls if c.verb.startswith("a:pick")]
    assert len(labels) == 2
    for label in labels:
        assert not any(word in label for word in ("energy", "water", "biomass", "rover ", "meteor")), label
    assert "orientations de la grande" in panel.text


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_commanders_panel_says_the_station_is_not_turned_yet_rather_than_turned_by_0(language):
    """« Tournée de 0 Dépôt » said nothing a player needs."""
    from i18n import use
    state = new_game(make_config(3), 5)  # three players and more: the commander turns the station
    assert state.phase == "rotate"
    seat = state.commander
    with use(language):
        fresh = build(state, 1, seat, NAMES).text
        turned = build(state, 1, seat, NAMES, {"rotation": 2}).text
    assert " 0 " not in fresh and ("Not turned yet." in fresh or "pas encore tourné" in fresh)
    assert " 2 " in turned


def test_civ_cards_whose_texts_do_not_fit_the_message_are_drawn_in_full_on_the_panels_picture():
    """Nine long cards in French do not fit one message with their whole texts: the panel
    gives each card's menu line and draws the offered cards, whole texts, as its picture."""
    from engine import data as D
    from engine.actions import Resolve
    from i18n import content, use
    from render import RENDERERS
    from render import theme as T
    state, seat = civ_choice(6, 3)
    (item,) = [i for i in state.seats[seat].pending if i["kind"] == "civ"]
    longest = sorted(D.civ_cards(), key=lambda c: -len(D.civ_card(c).description))[:9]
    state.civ_piles[str(item["rank"])] = longest
    with use("fr"):
        panel = build(state, 1, seat, NAMES)
        assert len(panel.text) <= 1700
        assert panel.image is not None and panel.image[0] == "civ_offer"
        offered = [int(a.value) for a in rules.legal_actions(state, seat) if isinstance(a, Resolve)]
        assert sorted(panel.image[1][0]) == sorted(offered) and len(offered) >= 9
        with T.recording() as record:
            RENDERERS["civ_offer"](*panel.image[1])
        drawn = " ".join(text for _im, _box, text, _size in record.boxes)
        for card in offered:
            assert content(D.civ_card(card).menu_line) in panel.text
            assert all(word in drawn for word in content(D.civ_card(card).description).split())


def _positions(players=1, seed=7, **extra):
    """Every decision point of a game played by a mix of random and autopilot moves."""
    state = new_game(make_config(players, **extra), seed=seed)
    rng = random.Random(seed)
    steps = 0
    while rules.to_act(state) and steps < 3000:
        seat = rules.to_act(state)[0]
        yield state, seat
        options = [a for a in rules.legal_actions(state, seat) if str(a) != "undo"]
        rules.apply(state, seat, rng.choice(options) if rng.random() < 0.5 else autoplay.default_action(state, seat))
        steps += 1


def test_undo_at_the_tile_choice_does_not_offer_to_go_back_to_the_tile_choice():
    """Issue 55, finding 10: before the tile is taken (the event's items settled), undo takes
    back what was settled this turn; 'back to the tile choice' is where the player already is."""
    seen = 0
    for seed in range(1, 12):
        for state, seat in _positions(1, seed, events="hard"):
            s = state.seats[seat]
            if state.phase == "turns" and s.step == "pick" and s.hand is None and \
                    any(str(a) == "undo" for a in rules.legal_actions(state, seat)):
                labels = [c.label for c in build(state, 1, seat, NAMES).controls if c.verb == "a:undo"]
                assert labels == ["Undo what you settled this turn"]
                seen += 1
        if seen:
            break
    assert seen


def test_the_console_lists_every_option_where_discord_pages_them_by_24():
    """Issue 55, finding 10: Discord allows 25 options in a menu; a terminal has no such limit."""
    for state, seat in _positions(1, 3, events="hard"):
        discord = build(state, 1, seat, NAMES)
        long = [c for c in discord.controls if c.kind == "select" and any(v.startswith("p:") for v, _ in c.options)]
        if long:
            console = build(state, 1, seat, NAMES, front="console")
            lists = [c for c in console.controls if c.kind == "select" and c.label == long[0].label]
            assert not any(v.startswith("p:") for v, _ in lists[0].options)
            assert len(lists[0].options) > 25
            return
    raise AssertionError("no long list in this game")
