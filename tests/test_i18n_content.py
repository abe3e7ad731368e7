"""Game content in French: every planet, corporation, tech, card and event text a player reads
has a French translation in the catalogue, the Babel extractor of babel.cfg finds exactly those
texts in engine/data/*.json, /pu rules answers in French, and the French names and terms are
the rulebook's own."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po
from babel.util import pathmatch

import i18n
from cogs.help import RULE_TOPICS, TOPIC_NAMES, rules_text
from engine import data as D
from engine import events as E
from engine import make_config, new_game
from i18n import content, use
from i18n.extract import FIELDS
from service import boards
from service.panels import build

ROOT = Path(__file__).resolve().parent.parent

# Names the French edition prints as the English data writes them (proper nouns kept as printed)
KEPT_AS_PRINTED = {
    "KSB-4156", "Arashi", "Cerberus", "Charybdis", "Gaia", "K-273", "K'aak", "Lacuna", "Oblivion", "Pajitnov",
    "Cosmos Inc", "Flux Industries", "Jump Drive", "Makeshift", "Wormhole Corp",
}


def shown_texts() -> dict[str, set[str]]:
    """Every content text the bot shows, read from the loaded game data (not from the JSON
    files), by data file."""
    planets = {t for p in D.planets().values() for t in (p.name, p.summary, p.pitch)}
    corps = {t for c in D.corporations().values()
             for t in (c.name, c.pitch, c.tech_note, *(x for tech in c.techs for x in (tech.label, tech.use)))}
    civ = {t for c in D.civ_cards().values() for t in (c.name, c.description, c.pitch)}
    objectives = {t for c in D.objective_cards().values()
                  for t in (c.neighbour_name, c.neighbour_text, c.private_name, c.private_text)}
    events = {t for c in E.cards().values() for t in (c.name, c.text)}
    return {name: {t for t in texts if t} for name, texts in (
        ("planets.json", planets), ("corporations.json", corps), ("civ_cards.json", civ),
        ("objectives.json", objectives), ("events.json", events))}


def french(text: str) -> str:
    with use("fr"):
        return content(text)


def test_every_content_text_shown_to_players_has_a_french_translation():
    untranslated = sorted(t for texts in shown_texts().values() for t in texts
                          if french(t) == t and t not in KEPT_AS_PRINTED)
    assert not untranslated, untranslated
    # the kept names are in the catalogue too (a translator decided, nothing was forgotten)
    fr = i18n.catalogue("fr")
    kept = [t for texts in shown_texts().values() for t in texts if t in KEPT_AS_PRINTED]
    assert kept and all(t in fr._catalog for t in kept)


def test_babel_cfg_extracts_exactly_the_shown_content_from_the_data_files():
    """``python3 tasks.py i18n`` reads babel.cfg: the method it maps engine/data/*.json to must
    yield every text players read, and nothing that is not shown."""
    with open(ROOT / "babel.cfg", encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)
    for name, texts in shown_texts().items():
        rel = f"engine/data/{name}"
        pattern, method = next((p, m) for p, m in method_map if pathmatch(p, rel))
        found = {m[1] for m in extract_from_file(method, str(ROOT / rel), options=options_map[pattern])}
        assert found == texts, (name, sorted(found ^ texts)[:5])
    # a data file with nothing for players yields nothing
    pattern, method = next((p, m) for p, m in method_map if pathmatch(p, "engine/data/tiles.json"))
    assert not list(extract_from_file(method, str(ROOT / "engine/data/tiles.json"), options=options_map[pattern]))
    assert "tiles.json" not in FIELDS and "station.json" not in FIELDS


def test_an_empty_content_text_stays_empty_in_french():
    """gettext('') answers the catalogue header: a planet without a pitch must not show it."""
    assert french("") == ""
    assert D.planet("ksb-4156").summary == "" and french(D.planet("ksb-4156").summary) == ""


@pytest.mark.parametrize("topic", list(RULE_TOPICS))
def test_pu_rules_answers_in_french_under_a_french_locale(topic):
    english = rules_text(topic)
    with use("fr"):
        text = rules_text(topic)
        name = i18n._(TOPIC_NAMES[topic])
    assert text != english and text.startswith("**")
    assert not any(word in text for word in (" the ", " your ", " and ")), text
    assert name and (name != TOPIC_NAMES[topic] or topic in ("rovers", "civ", "corporations"))


def test_pu_rules_lists_the_sides_in_french():
    with use("fr"):
        planets, corps = rules_text("planets"), rules_text("corporations")
        unknown = rules_text("no-such-topic")
    assert "- Pétra (difficulté " in planets and "- Tartare (difficulté " in planets
    assert "Coalition Universelle (difficulté 1) : La face identique" in corps
    assert "- République (difficulté " in corps and "Groupe Horizon" in corps
    assert unknown.startswith("**Planet Unknown en une minute.**")
    with use("fr"):
        assert [label for _id, label, _t in boards.corporation_options()][0] == "Coalition Universelle (difficulté 1)"


def test_the_private_objectives_panel_shows_the_cards_in_french():
    state = new_game(make_config(1), seed=5)
    assert state.phase == "objectives"
    offer = state.seats[0].corp.objective_offer
    with use("fr"):
        panel = build(state, 1, 0, ["P1"])
    for card in map(D.objective_card, offer):
        assert f"**{french(card.private_name)}** : {french(card.private_text)}" in panel.text  # French typography
        assert card.private_text not in panel.text
    labels = [label for c in panel.controls if c.kind == "select" for _v, label in c.options]
    assert len(labels) == len(offer)
    for card_id, label in zip(offer, labels):
        assert f"n°{card_id} {french(D.objective_card(card_id).private_name)}" in label  # "Remettre n°43 ..."


def test_french_names_and_terms_match_the_rulebook():
    """2023 French rulebook (000, which RULINGS.md puts before the 2020 one), as printed:
    « il est conseillé de débuter en utilisant les plateaux Planète et Corporation identiques
    (KSB-4156 et Coalition Universelle) »; « La tech Niv 4 ne marche pas avec la Planète Pétra
    qui n'a pas de Glace »; « Groupe Horizon : Chaque Rover ne peut transporter qu'une Météorite
    à la fois »; « République, Horizon, Oasis, Flux »; « faire passer votre Rover de l'autre côté
    du gouffre de Tartare »; the sample card « Objectif Partagé … Projet Grande Couronne …
    Avoir le plus de ressources Civ sur les bords de votre Planète » / « Objectif Privé Projet
    Complexe Créer une zone de terrain Civ de 3x3 »; glossary « Bloc Biomasse - Une tuile de 1
    case contenant du terrain Biomasse »; event « Avez-vous le R-16 ? Il rend le R-15 obsolète. »
    and « Ajoutez 1 Météorite sur un symbole Météorite inoccupé d'une de vos tuiles. »"""
    assert french(D.corporation("universal_coalition").name) == "Coalition Universelle"
    assert french(D.planet("ksb-4156").name) == "KSB-4156"
    assert french(D.planet("petra").name) == "Pétra" and french(D.planet("tartarus").name) == "Tartare"
    assert french(D.corporation("horizon_group").name) == "Groupe Horizon"
    assert french(D.corporation("republic").name) == "République"
    card = D.objective_card(37)
    assert (french(card.neighbour_name), french(card.private_name)) == ("Projet Grande Couronne", "Projet Complexe")
    assert "Ressources Civ sur les cases du bord" in french(card.neighbour_text)
    assert "terrain Civ" in french(card.private_text)
    assert french(D.civ_card(3).description) == "Prenez un bloc Biomasse et placez-le."
    assert french(E.cards()[65].name) == "Avez-vous le R-16 ? Il rend le R-15 obsolète."
    assert french(E.cards()[95].text) == "Ajoutez 1 Météorite sur un symbole Météorite inoccupé d'une de vos tuiles."
    # the rulebook's words for the game's things, across the French content
    everything = " ".join(french(t) for texts in shown_texts().values() for t in texts if t not in KEPT_AS_PRINTED)
    for term in ("Médaille", "Modules de survie", "Météorite", "Rover", "Civ", "Tech", "Biomasse", "Eau", "Énergie",
                 "bonus de Synergie", "Dépôt", "Station Spatiale", "palier", "échelon"):
        assert term in everything, term
    for english in ("lifepod", "tracker", "medal", "patch", "meteorite"):
        assert english not in everything.lower(), english


def test_the_french_content_file_is_complete_gettext_with_the_same_placeholders():
    po = ROOT / "i18n/locale/fr/LC_MESSAGES/messages.po"
    with open(po, "rb") as f:
        catalog = read_po(f, locale="fr")
    assert catalog.plural_forms == "nplurals=2; plural=(n > 1);"
    messages = [m for m in catalog if m.id]
    assert messages and all(m.string and not m.fuzzy for m in messages)
    for m in messages:  # a translated format string keeps the same named fields
        assert sorted(re.findall(r"{\w+}", str(m.id))) == sorted(re.findall(r"{\w+}", str(m.string))), m.id


def test_content_on_images_is_drawn_in_french(monkeypatch):
    """Image texts checked at the source: the strings handed to the renderer's text drawing
    for the score sheet (solo epilogue), the station (the round's event card) and the
    corporation board (tech note and labels, private objectives, civ cards)."""
    import render as R
    from engine import public_view, view_for
    from render import theme as T
    from tests.render.positions import NAMES, end_state, mid_state, with_event

    drawn: list[str] = []
    draw_text = T.draw_text
    monkeypatch.setattr(T, "draw_text", lambda d, xy, text, *a, **k: (drawn.append(text), draw_text(d, xy, text, *a, **k))[1])
    solo = view_for(end_state(1), 0)
    event = E.cards()[97]
    with use("fr"):
        R.render_score(json_copy(public_view(end_state(1))), NAMES[:1])
        R.render_station(with_event(public_view(mid_state(4)), event.id), NAMES)
        R.render_corporation(solo, 0, NAMES[:1])
    text = " ".join(drawn)
    epilogue = public_view(end_state(1))["result"]["solo"]["text"]
    assert french(epilogue).split()[0] in text and epilogue.split(".")[0] not in text
    assert french(event.name)[:20] in text and french(event.text)[:20] in text and event.text[:20] not in text
    corp = D.corporation(solo["seats"][0]["corp"]["corp"])
    assert french(corp.tech_note)[:20] in text and french(corp.techs[0].label)[:12] in text
    objectives = solo["seats"][0]["corp"]["objectives"]
    assert objectives
    for card in map(D.objective_card, objectives):
        assert french(card.private_name) in text and card.private_name not in text
    for card in map(D.civ_card, solo["seats"][0]["corp"]["civ_cards"]):
        assert french(card.name)[:12] in text


def json_copy(view: dict) -> dict:
    return json.loads(json.dumps(view))
