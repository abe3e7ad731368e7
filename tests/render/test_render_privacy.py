"""The public images never show private information: a seat's end-game civ cards and
private objectives are absent from the public view, so the public corporation image can't
draw them, while the owner's own image does."""
from __future__ import annotations

import json
import random

from PIL import ImageChops

import render as R
from engine import apply, legal_actions, make_config, new_game, public_view, to_act, view_for
from engine import data as D
from render.corporation import layout
from tests.render.positions import NAMES


def _secret_position():
    """A game between rounds (station to turn, so every view shows the same boards) where
    some seat holds an end-game civ card and a private objective. Searched over seeds with
    seeded random play: deterministic."""
    for seed in range(1, 60):
        state = new_game(make_config(3, private_objectives=True), seed)
        rng = random.Random(seed)
        while state.phase != "over":
            if state.phase == "rotate":
                for seat, s in enumerate(state.seats):
                    end_cards = [c for c in s.corp.civ_cards if D.civ_card(c).timing == "end_game"]
                    if end_cards and s.corp.objectives:
                        return state, seat, end_cards, list(s.corp.objectives)
            seat = rng.choice(to_act(state))
            actions = [a for a in legal_actions(state, seat) if str(a) != "undo"]
            apply(state, seat, rng.choice(actions))
    raise AssertionError("no position with a hidden end-game card found")


def test_public_view_has_no_hidden_cards_or_objectives():
    state, seat, cards, objectives = _secret_position()
    pub = public_view(state)
    corp = pub["seats"][seat]["corp"]
    assert not set(cards) & set(corp["civ_cards"])
    assert corp["objectives"] == [] and corp["objective_offer"] == []
    assert corp["hidden_civ_cards"] == len(cards) and corp["hidden_objectives"] == len(objectives)
    # nowhere in the public view either (its result is None before the end)
    assert pub["result"] is None
    text = json.dumps(pub)
    for o in objectives:
        assert f'"objectives": [{o}' not in text
    # another seat's view hides them too
    other = view_for(state, (seat + 1) % state.players)["seats"][seat]["corp"]
    assert other["objectives"] == [] and not set(cards) & set(other["civ_cards"])


def test_public_and_private_corporation_images_differ_only_where_the_private_panel_is():
    state, seat, cards, objectives = _secret_position()
    own = view_for(state, seat)
    pub = public_view(state)
    private_img = R.render_corporation(own, seat, NAMES)
    public_img = R.render_corporation(pub, seat, NAMES)
    box_pub = layout(pub, seat)
    box_own = layout(own, seat)
    # tracks, techs and pieces are drawn the same for everybody
    body = (0, box_pub["tracks"][1], public_img.width, box_pub["cards"][1])
    assert ImageChops.difference(private_img.crop(body), public_img.crop(body)).getbbox() is None
    # the cards panel is where they differ
    cards_pub = public_img.crop(box_pub["cards"][:3] + (box_pub["cards"][3],))
    cards_own = private_img.crop(box_own["cards"][:3] + (box_own["cards"][3],))
    assert cards_pub.size != cards_own.size or ImageChops.difference(cards_pub, cards_own).getbbox() is not None


def test_private_view_lists_the_hidden_cards():
    state, seat, cards, objectives = _secret_position()
    own = view_for(state, seat)["seats"][seat]["corp"]
    assert set(cards) <= set(own["civ_cards"]) and own["objectives"] == objectives
