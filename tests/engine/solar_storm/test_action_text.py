"""Every action's text form: ``parse(str(a)) == a``, English words with the rulebook's French
aliases (« DEPLACEMENT », « FOUILLER », « RÉPARER UNE PIÈCE », « DÉVIATION DE L'ÉNERGIE » ...)."""
from __future__ import annotations

import pytest

from engine.solar_storm import MalformedAction, ParseError, parse
from engine.solar_storm.actions import (
    Activate,
    Collect,
    Discard,
    Divert,
    End,
    Exchange,
    Give,
    Move,
    Order,
    Pass,
    Pick,
    Protect,
    Reactivate,
    Repair,
    Scavenge,
    Send,
    Swap,
    Take,
    Token,
    Undo,
)

ALL = [Move("bridge"), Scavenge(), Pick("deck"), Pick("1"), Pass(), Give("metal", 1), Take("universal", 3),
       Exchange("data", 1), Repair("metal"), Repair("metal", None, True), Repair("data", "mess_hall"),
       Repair("energy", "bridge", True), Activate(), Divert(), Token(), End(), Collect("2"), Collect("deck"),
       Discard("nanobots"), Reactivate(), Order(("data", "metal")), Order(("D1-01", "D3-08")),
       Protect(("bridge",)), Protect(("bridge", "armoury")), Send(0, "energy_core"), Swap("metal", "data"),
       Swap("metal", "data", 2), Undo()]


@pytest.mark.parametrize("action", ALL, ids=str)
def test_text_round_trips(action):
    assert parse(str(action)) == action


@pytest.mark.parametrize("french, english", [
    ("aller pont", "move bridge"), ("aller salle à manger", "move mess_hall"), ("fouiller", "scavenge"),
    ("donner métal 2", "give metal 2"), ("prendre Énergie 1", "take energy 1"),
    ("réparer nanorobots", "repair nanobots"), ("réparer données soute universelle", "repair data cargo_hold universal"),
    ("activer", "activate"), ("dévier", "divert"), ("jeton", "token"), ("fin", "end"),
    ("collecter 1", "collect 1"), ("collecter pioche", "collect deck"), ("défausser universelle", "discard universal"),
    ("relancer", "reactivate"), ("protéger armurerie armurerie", "protect armoury armoury"),
    ("envoyer 2 noyau", "send 2 energy_core"), ("annuler", "undo"), ("move Mess Hall", "move mess_hall"),
    ("MOVE BRIDGE", "move bridge"), ("order d1-01 d2-02", "order D1-01 D2-02"),
])
def test_french_and_loose_spellings_read_the_same(french, english):
    assert str(parse(french)) == english


@pytest.mark.parametrize("text, words", [
    ("", "empty action"), ("   ", "empty action"), ("fly bridge", "'fly' is not an action"),
    ("move", "write move ROOM"), ("move kitchen", "'kitchen' is not a room"), ("give metal", "write give CARD SEAT"),
    ("give gold 2", "'gold' is not a resource card"), ("give metal zero", "not a seat number"),
    ("collect 3", "not 1, 2 or deck"), ("scavenge now", "takes nothing after it"),
    ("repair universal", "name the slot"), ("order", "not an action"), ("x" * 300, "not readable"),
])
def test_unreadable_text_gets_a_parse_error_with_a_hint(text, words):
    with pytest.raises(ParseError) as err:
        parse(text)
    assert words in str(err.value) and "try one of" in str(err.value)
    assert ParseError is MalformedAction


def test_a_non_string_is_a_parse_error():
    with pytest.raises(ParseError):
        parse(None)


def test_the_package_docstring_lists_every_verb_with_its_french_alias():
    import engine.solar_storm as ss
    from engine.solar_storm.actions import VERBS
    from engine.solar_storm.data import slug

    doc = ss.__doc__ or ""
    for verb in sorted(set(VERBS.values())):
        assert f"\n    {verb} " in doc or f"| {verb} " in doc or f"    {verb}\n" in doc, verb
    for french in ("aller", "fouiller", "donner", "prendre", "réparer", "activer", "dévier", "jeton", "relancer",
                   "collecter", "défausser", "annuler", "envoyer", "protéger", "ordonner", "troquer"):
        assert french in doc, french
        assert VERBS.get(slug(french)), french
