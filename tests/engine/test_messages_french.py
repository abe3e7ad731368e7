"""The engine's messages to players in the reader's language: the caller sets the language
(``i18n.use``) and every error the engine raises on purpose is written in it, with the same
error type; in English the words are exactly as before."""
import pytest

from engine import IllegalAction, apply, make_config
from engine.actions import Move, Pick, Place, parse
from engine.board import Board
from engine.data import TRACKS
from engine.data import parse_cell as sq
from engine.errors import InvalidConfig, MalformedAction, NotYourTurn
from engine.items import describe_item
from engine.scenario import Scenario
from i18n import use

from .conftest import game, give

DOMINO = 8  # I2 civ (top) / energy (bottom), no meteor
OTHER_DOMINO = 80  # I2 tech / biomass


def covered_square_error(language: str) -> IllegalAction:
    """COUCHE UNIQUE : « Les tuiles ne peuvent pas en recouvrir d'autres. » A tile laid over
    one already placed is refused; the error is written in ``language``."""
    sc = Scenario(players=3)
    sc.seat(0).tile(DOMINO, at="F1").depot(small=OTHER_DOMINO)
    g = sc.start()
    apply(g, 0, Pick("small"))
    with use(language), pytest.raises(IllegalAction) as caught:
        apply(g, 0, Place(sq("F1"), 0))
    return caught.value


def test_an_illegal_placement_is_explained_in_french_and_unchanged_in_english():
    assert str(covered_square_error("fr")) == "vous ne pouvez pas la placer là : la case F1 est déjà couverte"
    assert str(covered_square_error("en")) == "you can't place it there: square F1 is already covered"


def test_the_first_tile_rule_reads_in_french():
    """PÉRIPHÉRIE EN PREMIER : « La première tuile placée sur la Planète d'un joueur doit toucher
    la périphérie de la grille de la Planète. »"""
    g = game()
    give(g, 0, DOMINO)
    apply(g, 0, Pick("small"))
    with use("fr"), pytest.raises(IllegalAction) as caught:
        apply(g, 0, Place(sq("F6"), 0))
    assert str(caught.value) == ("vous ne pouvez pas la placer là : votre première tuile doit couvrir au moins une case "
                                 "de la périphérie de votre Planète")


def test_unreadable_action_text_gets_a_french_hint_with_the_moves_in_the_french_words_players_type():
    """A French player types ``prendre petite`` (service/words.py): the hint lists that, not
    the engine's English words."""
    with use("fr"), pytest.raises(MalformedAction) as caught:
        parse("voler loin")
    message = str(caught.value)
    assert message.startswith("« voler loin » n'est pas une action ; essayez : prendre petite | prendre grande | "
                              "poser C5 3 | résoudre 2 eau")
    with pytest.raises(MalformedAction) as english:
        parse("voler loin")
    assert str(english.value).startswith("'voler loin' is not an action; try one of: pick small | pick large")
    with use("fr"), pytest.raises(MalformedAction) as square:
        parse("place Z9 0")
    assert str(square.value) == ("« Z9 » n'est pas une case : donnez une lettre de ligne A-L et une colonne 1-12, "
                                 "comme C5")


def test_waiting_and_turn_order_messages_are_french():
    g = game()
    with use("fr"), pytest.raises(NotYourTurn) as caught:
        apply(g, 7, Pick("small"))
    assert str(caught.value) == "vous ne jouez pas dans cette partie"
    with use("fr"), pytest.raises(IllegalAction) as no_movement:
        apply(g, 0, Move(1, "up"))
    assert str(no_movement.value) == "il ne vous reste aucun déplacement de Rover ce tour-ci"
    with use("fr"), pytest.raises(IllegalAction) as pick_first:
        apply(g, 0, Place(sq("F1"), 0))
    assert str(pick_first.value) == "prenez d'abord une tuile de votre Dépôt (prendre petite / prendre grande)"


def test_game_options_are_refused_in_french():
    with use("fr"), pytest.raises(InvalidConfig) as players:
        make_config(7)
    assert str(players.value) == "Planet Unknown se joue de 1 à 6 joueurs"
    with use("fr"), pytest.raises(InvalidConfig) as deck:
        make_config(2, events={"green": 20, "orange": 0, "red": 1})
    assert str(deck.value) == "la pioche Événement compte 20 cartes : 20 vertes + 0 oranges + 1 rouges font 21"
    with pytest.raises(InvalidConfig) as english:
        make_config(7)
    assert str(english.value) == "Planet Unknown is played by 1 to 6 players"


def test_a_planet_restriction_names_the_planet_in_french():
    """Tartarus: a tile may not lie across the chasm (the planet's own rule), named as the French edition prints it (Tartare)."""
    board = Board("tartarus")
    problems = []
    with use("fr"):
        for anchor in range(144):
            for orient in range(8):
                problem = board.placement_problem(DOMINO, orient, anchor)
                if problem and "gouffre" in problem:
                    problems.append(problem)
    assert problems, "some domino placement straddles the chasm"
    assert problems[0].startswith("sur Tartare, une tuile ne peut pas enjamber le gouffre")


def test_pending_choices_are_described_in_french_and_unchanged_in_english():
    """What a panel lists and an error names: « Une fois la tuile placée, avancez les cubes de
    Ressource ... » (an energy copy that may advance one of two trackers)."""
    item = {"id": 1, "kind": "advance", "options": ["civ", "water"], "source": "energy"}
    twice = {"id": 2, "kind": "advance", "options": list(TRACKS), "source": "synergy", "times": 2}
    patch = {"id": 3, "kind": "patch", "storable": False}
    with use("fr"):
        assert describe_item(item) == "avancez Civ ou Eau (copie d'Énergie)"
        assert describe_item(twice) == "avancez n'importe quel cube de 2 cases (Bonus synergique)"
        assert describe_item(patch) == "placez un carré de Biomasse (stocké)"
    assert describe_item(item) == "advance civ or water (energy copy)"
    assert describe_item(twice) == "advance any tracker 2 steps (synergy boost)"
    assert describe_item(patch) == "place a biomass patch (stored)"


def test_a_tie_break_reads_in_the_readers_language_from_the_stored_english_note():
    """The result keeps engine.scoring's English note; the final post and the score sheet show
    it in the reader's language (a tied French game's final post said "tied on medals")."""
    from engine.scoring import tie_break_text

    uncovered = {"tie_break": "tied on medals; 3 uncovered squares decides", "uncovered": 3, "meteorites_on_planet": 1}
    meteors = {"tie_break": "tied on medals and squares; 1 meteorites decides", "uncovered": 3,
               "meteorites_on_planet": 1}
    shared = {"tie_break": "tied on medals, uncovered squares and meteorites: shared place", "uncovered": 3,
              "meteorites_on_planet": 1}
    assert tie_break_text(uncovered) == uncovered["tie_break"] and tie_break_text(shared) == shared["tie_break"]
    assert tie_break_text({"tie_break": None, "uncovered": 0, "meteorites_on_planet": 0}) == ""
    with use("fr"):
        french = [tie_break_text(p) for p in (uncovered, meteors, shared)]
    assert all(text and "tied" not in text and "medals" not in text for text in french), french
    assert "3" in french[0] and "1" in french[1]
