"""Solar Storm's images (render/solar_storm, issue 53): the ship after a turn and the final
image, in English and French, drawn from the public view only.

Positions come from render/solar_storm/demo.py: a seeded mid-game, a crowded position (four
pawns and four protection tokens in one room, 32-character names, hands of 9 cards, the Hull
Breach open), a solo game, the no-peek option, a won game, a game lost to a destroyed room and
one lost to the Hull Breach."""
from __future__ import annotations

import io
import itertools
import pickle
import random

import pytest
from PIL import Image

from engine.solar_storm import copy, public_view
from engine.solar_storm import data as D
from render.solar_storm import MIN_TEXT, final_png, render_final, render_ship, ship_png, symbols
from render.solar_storm.demo import LONG_NAMES, NAMES, crowded, lost_to_breach, playout, won

UPLOAD_LIMIT = 10 * 1024 * 1024  # Discord's upload limit without boosts (tests/discord/contract.py)
LANGS = ("en", "fr")


def _mid():
    return playout(3, 5, until_turn=8, difficulty="hard")


def _positions():
    """(label, state, names) of every ship position the tests draw."""
    return [("mid-game", _mid(), NAMES[:3]),
            ("crowded", crowded(), LONG_NAMES),
            ("crowded, no peek", crowded(no_peek=True), LONG_NAMES),
            ("solo", playout(1, 4, until_turn=5), None),
            ("4 players, default names", playout(4, 9, until_turn=6), None)]


def _endings():
    return [("lost: room", playout(3, 5), NAMES[:3]), ("won", won(), LONG_NAMES),
            ("lost: Hull Breach", lost_to_breach(), NAMES[:2])]


def _traced(kind: str, view: dict, names, lang: str) -> tuple[Image.Image, list]:
    trace: list = []
    fn = render_ship if kind == "ship" else render_final
    img = fn(view, names, lang, trace=trace)  # the language is not set around it: lang alone decides
    return img, trace


def _texts(trace) -> list[str]:
    return [t.text for t in trace]


@pytest.fixture(scope="module")
def drawn():
    """Every image in both languages, with what was written on it."""
    out = []
    for label, state, names in _positions():
        for lang in LANGS:
            out.append(("ship", label, lang, *_traced("ship", public_view(state), names, lang)))
    for label, state, names in _endings():
        for lang in LANGS:
            out.append(("final", label, lang, *_traced("final", public_view(state), names, lang)))
    return out


def test_images_are_1000_px_wide_rgb_and_decode_as_png_under_discords_upload_limit():
    for label, state, names in _positions():
        for lang in LANGS:
            data = ship_png(public_view(state), names, lang)
            assert data[:8] == b"\x89PNG\r\n\x1a\n"
            assert len(data) < UPLOAD_LIMIT and len(data) < 400_000, (label, len(data))
            img = Image.open(io.BytesIO(data))
            assert img.width == 1000 and 1200 < img.height < 2600, (label, img.size)
    img = render_ship(public_view(_mid()), NAMES[:3])
    assert img.mode == "RGB"
    for _label, state, names in _endings():
        data = final_png(public_view(state), names)
        assert len(data) < UPLOAD_LIMIT
        assert Image.open(io.BytesIO(data)).width == 1000


def test_same_view_gives_the_same_bytes():
    view = public_view(crowded())
    for lang in LANGS:
        assert ship_png(view, LONG_NAMES, lang) == ship_png(view, LONG_NAMES, lang)
    end = public_view(playout(3, 5))
    assert final_png(end, NAMES, "fr") == final_png(end, NAMES, "fr")
    assert ship_png(view, LONG_NAMES, "en") != ship_png(view, LONG_NAMES, "fr")


def test_the_entry_points_take_and_give_only_picklable_data():
    """The worker pool sends the function and the view to another process."""
    view = public_view(_mid())
    fn, back = pickle.loads(pickle.dumps((ship_png, view)))
    assert back == view and fn(back, NAMES, "en") == ship_png(view, NAMES, "en")
    assert pickle.loads(pickle.dumps(final_png)) is final_png


def test_two_states_differing_only_in_deck_order_give_the_same_images():
    """§ MISE EN PLACE: the decks are face down; only their counts are public (SS16)."""
    for state in (_mid(), crowded(), playout(3, 5)):
        other = copy(state)
        rng = random.Random(7)
        while other.resource_deck == state.resource_deck and len(set(state.resource_deck)) > 1:
            rng.shuffle(other.resource_deck)
        while other.damage_deck == state.damage_deck and len(state.damage_deck) > 1:
            rng.shuffle(other.damage_deck)
        assert other.resource_deck != state.resource_deck
        for lang in LANGS:
            assert ship_png(public_view(other), NAMES, lang) == ship_png(public_view(state), NAMES, lang)
        if state.phase == "over":
            assert final_png(public_view(other), NAMES) == final_png(public_view(state), NAMES)


def test_every_resource_has_a_symbol_of_its_own_that_survives_without_colour():
    """Colour-blind safe: the five card kinds differ by their shape (compared in grey, ink only)."""
    assert set(symbols.RESOURCE_SHAPE) == set(D.CARDS)
    assert len(set(symbols.RESOURCE_SHAPE.values())) == len(D.CARDS)
    masks = {}
    for kind in D.CARDS:
        grey = symbols.resource(kind, 48).convert("LA")
        masks[kind] = [1 if lum > 200 and a > 200 else 0 for lum, a in grey.getdata()]
    for a, b in itertools.combinations(D.CARDS, 2):
        differ = sum(x != y for x, y in zip(masks[a], masks[b]))
        assert differ > 0.06 * len(masks[a]), (a, b, differ)


def test_a_cube_and_a_missing_cube_differ_in_shape():
    cube = symbols.cube(24).getchannel("A")
    hole = symbols.empty_slot(24).getchannel("A")
    filled = sum(1 for v in cube.getdata() if v > 128)
    hollow = sum(1 for v in hole.getdata() if v > 128)
    assert filled > 2 * hollow  # a solid cube against a dashed outline


def test_the_legend_names_every_resource_in_the_readers_language(drawn):
    for kind, label, lang, _img, trace in drawn:
        if kind != "ship":
            continue
        texts = _texts(trace)
        for card in D.CARDS:
            assert D.card_name(card, lang) in texts, (label, lang, card)


def test_no_text_is_cut_overlaps_another_or_leaves_its_panel(drawn):
    """Longest room names and powers in both languages, 32-character player names."""
    for kind, label, lang, img, trace in drawn:
        assert trace, label
        for t in trace:
            assert not t.cut, (kind, label, lang, t.text)
            x0, y0, x1, y1 = t.box
            px0, py0, px1, py1 = t.panel
            assert px0 <= x0 and py0 <= y0 and x1 <= px1 and y1 <= py1, (kind, label, lang, t.text, t.box, t.panel)
            assert 0 <= x0 and 0 <= y0 and x1 <= img.width and y1 <= img.height
        for a, b in itertools.combinations(trace, 2):
            ax0, ay0, ax1, ay1 = a.box
            bx0, by0, bx1, by1 = b.box
            overlap = ax0 < bx1 and bx0 < ax1 and ay0 < by1 and by0 < ay1
            assert not overlap, (kind, label, lang, a.text, a.box, b.text, b.box)


def test_text_is_large_enough_for_a_phone(drawn):
    """1000 px wide and no text under 20 px, as the project's other images (render/profile.py)."""
    for kind, label, lang, img, trace in drawn:
        assert img.width == 1000
        assert min(t.size for t in trace) >= MIN_TEXT == 20, (kind, label, lang)


def test_the_ship_shows_rooms_with_their_powers_pawns_and_piles(drawn):
    state = _mid()
    view = public_view(state)
    for kind, label, lang, _img, trace in drawn:
        if (kind, label) != ("ship", "mid-game"):
            continue
        texts = _texts(trace)
        joined = " ".join(texts)
        for cell in view["ship"]:
            assert cell[f"name_{lang}"] in texts
            first = cell[f"power_{lang}"].split()[:3]
            assert " ".join(first) in joined, (lang, cell["room"])
        assert str(view["resource_deck"]) in texts and str(view["damage_deck"]) in texts
        for mark in ("A", "B", "C"):  # the pawns' initials (Anna, Bruno, Chloé)
            assert texts.count(mark) >= 2  # on the ship and in the crew panel
        hit = [e for e in view["events"] if e["kind"] == "damage_card"][-1]["rooms"]
        names = ", ".join(D.room_name(r, lang) for r in hit)
        assert ("Last damage: " if lang == "en" else "Derniers dommages : ") + names in texts


def test_the_crowded_ship_shows_every_pawn_and_protection_token_with_their_owners(drawn):
    view = public_view(crowded())
    room = next(c for c in view["ship"] if c["room"] == "crew_quarters")
    assert len(room["protection"]) == 4 and view["pawns"].count("crew_quarters") == 4
    for kind, label, lang, _img, trace in drawn:
        if (kind, label) != ("ship", "crowded"):
            continue
        panel = next(t.panel for t in trace if t.text == room[f"name_{lang}"])
        marks = [t.text for t in trace if t.panel == panel and len(t.text) == 1 and t.text.isupper()]
        assert sorted(marks) == sorted("MWGB" + "MMBB"), marks  # 4 pawns, 4 tokens of seats 0 and 3
        texts = _texts(trace)
        assert "ACTIVE" in texts  # the Hull Breach is open (« ACTIVE » in both languages)
        assert any(t.startswith("Last roll" if lang == "en" else "Dernier jet") for t in texts)


def test_no_peek_hides_both_deck_counts_and_the_damage_tiers():
    """§ RÈGLE FACULTATIVE: no counting the decks (SS17)."""
    state = crowded(no_peek=True)
    view = public_view(state)
    _img, trace = _traced("ship", view, LONG_NAMES, "en")
    texts = _texts(trace)
    assert texts.count("?") == 2
    assert not any(t.startswith("Type ") for t in texts)
    _img, shown = _traced("ship", public_view(crowded()), LONG_NAMES, "en")
    assert any(t.startswith("Type ") for t in _texts(shown))
    end = playout(3, 5, no_peek=True)
    _img, trace = _traced("final", public_view(end), NAMES[:3], "en")
    texts = _texts(trace)
    assert texts.count("?") == 2 and not any(t.startswith("hit ") for t in texts)
    _img, trace = _traced("final", public_view(playout(3, 5)), NAMES[:3], "en")
    assert any(t.startswith("hit ") for t in _texts(trace))


def test_french_uses_the_rulebooks_words():
    """Règles en Français v1.0: « Brèche de la coque », « paquet Ressources », « Dommages »,
    « Dévier l'énergie », « réserve », « jetons d'action », « ressources visibles »."""
    _img, trace = _traced("ship", public_view(crowded()), LONG_NAMES, "fr")
    joined = " | ".join(_texts(trace))
    for word in ("Brèche de la coque", "Paquet Ressources", "Paquet Dommages", "Dévier :", "Déviée :",
                 "Réserve :", "jetons d'action", "jeton", "Ressources visibles", "Noyau énergétique",
                 "Quartiers d'équipage", "Équipage", "Nanorobots", "Universelle"):
        assert word in joined, word
    for english in ("Hull Breach", "Resource deck", "Damage deck", "Divert", "Supply", "Crew ", "Face-up"):
        assert english not in joined, english


def test_the_final_image_tells_who_won_or_why_the_ship_was_lost_and_when():
    """§ CONDITIONS DE FIN DE PARTIE: one way to win, two ways to lose."""
    lost = playout(3, 5)
    out = lost.result
    _img, trace = _traced("final", public_view(lost), NAMES[:3], "en")
    joined = " ".join(_texts(trace))
    assert "The ship is lost" in joined
    room = D.room_name(out["room"])
    assert f"The {room} was damaged with no repair cube left, on turn {out['turn']} (round {out['round']})." in joined
    assert "destroyed" in _texts(trace)
    _img, trace = _traced("final", public_view(won()), NAMES, "fr")
    joined = " ".join(_texts(trace))
    assert "L'équipage a relancé le noyau !" in joined and "8/8" in joined
    assert "Anna a relancé le Noyau énergétique" in joined  # the room's name on its card and in the data
    _img, trace = _traced("final", public_view(lost_to_breach()), None, "en")
    assert "The Hull Breach threw away the last resource cards, on turn 1 (round 1)." in " ".join(_texts(trace))


def test_the_final_image_needs_a_finished_game():
    with pytest.raises(ValueError, match="not over"):
        render_final(public_view(_mid()))


def test_a_fresh_process_draws_the_same_bytes():
    """The worker pool draws in other processes: the bytes must not depend on which."""
    import hashlib
    import subprocess
    import sys

    code = ("import hashlib; from engine.solar_storm import public_view; "
            "from render.solar_storm import ship_png; from render.solar_storm.demo import crowded, LONG_NAMES; "
            "print(hashlib.sha256(ship_png(public_view(crowded()), LONG_NAMES, 'fr')).hexdigest())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    here = hashlib.sha256(ship_png(public_view(crowded()), LONG_NAMES, "fr")).hexdigest()
    assert out.stdout.strip() == here


def test_the_encoding_palette_keeps_the_images_colours():
    """The images are encoded in 256 fixed colours (render/solar_storm/palette.json): each
    reference image comes back within a few levels on average, hardly any pixel visibly off.
    After a change of colours: python -m render.solar_storm.demo --palette."""
    from PIL import ImageChops

    from render.solar_storm import encode, palette
    from render.solar_storm.demo import reference_images

    assert len(palette().getpalette() or []) >= 768
    for img in reference_images():
        back = Image.open(io.BytesIO(encode(img))).convert("RGB")
        hist = ImageChops.difference(img, back).convert("L").histogram()
        n = sum(hist)
        mean = sum(level * count for level, count in enumerate(hist)) / n
        assert mean < 1.5, mean
        assert sum(hist[33:]) / n < 0.001
