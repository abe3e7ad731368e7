"""Issue 53: 'English and French everywhere ... with the rulebook's words' and 'every wrong action
gets a short private answer that says what was wrong and what would be right'. The rules engine
writes its refusals in the language in use (``i18n.use``: the service sets the reader's), so a
French player is answered in French, with the French verbs to type and the rooms' and cards'
French names; in English the texts are the ones the rules tests pin."""
from __future__ import annotations

import random
import re
import traceback
from itertools import combinations

import i18n
from engine.solar_storm import (
    EngineError,
    apply,
    dump,
    legal_actions,
    load,
    make_config,
    new_game,
    to_act,
)
from engine.solar_storm import actions as A
from engine.solar_storm.data import CARDS, OUTER, ROOMS
from tests.engine.solar_storm.helpers import scenario
from tests.test_i18n_catalogue import english_in_french

# English words of Solar Storm's messages (game words, the typed verbs, the glue) that a French
# text must not hold; French words are never these (Métal is not Metal, passez is not pass)
ENGLISH = re.compile(
    r"\b(the|you|your|hold|holds|card|cards|room|rooms|slot|repaired|diverted|divert|diverting|collect|"
    r"scavenge|scavenged|pick|pass|give|take|swap|send|protect|order|token|tokens|end|deck|seat|seats|first|"
    r"nothing|turn|crew|member|with|already|left|only|not|is|are|top|middle|bottom|Data|Metal|Nanobots|"
    r"Universal|Bridge|Cargo|Hold|Mess|Hall|Engine|Repair|Medical|Bay|Quarters|Armoury|Core|"
    r"move|activate|reactivate|discard|exchange|undo)\b")


def english_words(text: str) -> list[str]:
    return ENGLISH.findall(text) + english_in_french(text)


def candidates(crew: int) -> list:
    """Every shape of action a player can type, with every room, card, seat and source."""
    out: list = [None, A.Scavenge(), A.Pass(), A.Activate(), A.Divert(), A.Token(), A.End(), A.Reactivate(), A.Undo()]
    out += [A.Move(r) for r in ROOMS]
    out += [cls(s) for cls in (A.Pick, A.Collect) for s in ("1", "2", "deck")]
    seats = range(crew + 1)
    out += [cls(c, s) for cls in (A.Give, A.Take) for c in CARDS for s in seats]
    out += [A.Exchange(c, slot) for c in CARDS for slot in (0, 1, 2)]
    some = ("energy_core", "repair_centre", "bridge", "mess_hall")
    out += [A.Repair(c, r, u) for c in CARDS for r in (None, *some) for u in (False, True)]
    out += [A.Discard(c) for c in CARDS]
    out += [A.Order(("metal",)), A.Order(("D1-01", "D1-02"))]
    out += [A.Protect((r,)) for r in ROOMS] + [A.Protect(p) for p in combinations(("energy_core", *OUTER[:3]), 2)]
    out += [A.Send(s, r) for s in seats for r in some]
    out += [A.Swap(a, b, s) for a in CARDS for b in CARDS[:3] for s in (None, 0, 1, crew)]
    return out


def positions():
    """Every position of a few random games (solo and crews of 2 to 4, pending powers included),
    the end of each, and a few set up positions the random games rarely reach."""
    rng = random.Random(53)
    for game in range(4):
        state = new_game(make_config(game % 4 + 1, difficulty="easy", no_peek=False), 900 + game)
        for step in range(10_000):
            if step % 3 == 0 or state.pending is not None or not to_act(state):
                yield state
            if not to_act(state):
                break
            seat = to_act(state)[0]
            apply(state, seat, rng.choice(legal_actions(state, seat)))
    for room in OUTER:  # both pawns in each room, every room fully repaired: each power works
        built = scenario(players=2).pawn(0, room).pawn(1, room)
        built = built.hand(0, "data", "metal", "universal").hand(1, "metal", "energy", "universal")
        for other in OUTER:
            built = built.room(other, cubes="xxx")
        state = built.tokens(0, 2).tokens(1, 2).discard("energy", "data").build()
        yield state
        if A.Activate() in legal_actions(state, state.active):  # the power waits for its choice
            apply(state, state.active, A.Activate())
            yield state
    quarters = scenario(players=2).pawn(0, "bridge").pawn(1, "crew_quarters")  # seat 2 is to play
    for other in OUTER:
        quarters = quarters.room(other, cubes="xxx")
    state = quarters.build()
    assert state.active == 1
    apply(state, 1, A.Activate())  # the Crew Quarters: send a pawn to a room with another pawn
    yield state
    solo = scenario(players=1).pawn(0, "mess_hall").room("mess_hall", cubes="xxx").build()
    if A.Activate() in legal_actions(solo, solo.active):  # solo: the Mess Hall exchanges with the face-up cards
        apply(solo, solo.active, A.Activate())
        yield solo
    diverted = scenario(players=2).pawn(0, "bridge").pawn(1, "bridge").room("bridge", cubes="x--", diverted=True)
    yield diverted.hand(0, "data").hand(1, "data").build()


def refusals(language: str) -> dict[tuple[str, int], set[str]]:
    """The refusals the engine gave, by the place in the rules that raised them, in ``language``."""
    found: dict[tuple[str, int], set[str]] = {}
    with i18n.use(language):
        for state in positions():
            text = dump(state)
            seat = to_act(state)[0] if to_act(state) else 0
            trial = load(text)
            for action in candidates(state.crew):
                for who in (seat, (seat + 1) % state.crew, 7) if isinstance(action, A.Move) else (seat,):
                    try:
                        apply(trial, who, action)
                    except EngineError as err:
                        frame = traceback.extract_tb(err.__traceback__)[-1]
                        found.setdefault((frame.name, frame.lineno or 0), set()).add(str(err))
                        continue
                    trial = load(text)  # it was legal: back to the position for the next one
    return found


def test_every_refusal_of_the_rules_is_french_for_a_french_player_and_english_otherwise():
    french = refusals("fr")
    english = refusals("en")
    # the trials reach most of the rules' refusals (each a different place in engine/solar_storm/rules.py)
    assert len(french) >= 58, sorted(french)
    bad = [(text, english_words(text)) for texts in french.values() for text in texts if english_words(text)]
    assert bad == []
    assert set(english) == set(french)
    assert all(not english[where] & french[where] for where in french)
    # in English, the rules tests' texts; in French, the rulebook's words and the French verbs to type
    everything = {text for texts in english.values() for text in texts}
    assert "your actions are over: collect a resource now (collect 1, collect 2 or collect deck)" in everything
    words = " ".join(text for texts in french.values() for text in texts)
    assert ("vos actions sont finies : collectez une ressource maintenant (collecter 1, collecter 2 ou "
            "collecter pioche)") in words
    for rulebook in ("la pièce", "jeton", "défausse", "dévi", "fouill", "Noyau énergétique"):
        assert rulebook in words, rulebook


def test_a_french_refusal_names_rooms_and_cards_in_french():
    state = scenario(players=2).pawn(0, "cargo_hold").pawn(1, "cargo_hold").hand(0, "data").hand(1, "data").build()
    other = 1 - state.active
    with i18n.use("fr"):
        for action, expected in [
            (A.Move("engine_room"), "la pièce Salle des machines n'est pas à côté de la pièce Soute (pas de "
                                    "déplacement en diagonale) : vous pouvez aller dans : "),
            (A.Give("metal", other), "vous n'avez pas de carte Métal (vous avez : Données)"),
            (A.Exchange("data", 0), "l'échange avec les cartes face visible est la règle du solo"),
            (A.Token(), "vous n'avez pas de jeton d'action"),
        ]:
            try:
                apply(state, state.active, action)
            except EngineError as err:
                assert str(err).startswith(expected), str(err)
            else:
                raise AssertionError(f"{action} was accepted")
