"""Typed moves in French: the verb and the fixed words of a move may be typed in French
(issue 18: "accept the French words too where a player would type them, e.g. prendre
grande"); the engine still reads its own language-neutral text."""
import pytest

from engine import rules
from engine.actions import Pick
from service import autoplay
from service.words import neutral


@pytest.mark.parametrize("typed, move", [
    ("prendre grande", "pick large"), ("Prendre PETITE", "pick small"), ("poser C5 3", "place C5 3"),
    ("placer c5 3", "place c5 3"), ("déplacer 1 haut", "move 1 up"), ("deplacer 2 gauche", "move 2 left"),
    ("confirmer", "confirm"), ("annuler", "undo"), ("tourner 2", "turn 2"), ("remettre 7", "drop 7"),
    ("résoudre 2 water", "resolve 2 water"), ("résoudre 2 eau", "resolve 2 water"),
    ("resoudre 3 Énergie", "resolve 3 energy"), ("résoudre 4 biomasse", "resolve 4 biomass"),
])
def test_french_words_of_a_move_become_the_engines(typed, move):
    assert neutral(typed) == move


@pytest.mark.parametrize("typed", ["pick large", "place C5 3", "resolve 1 haut", "", "bonjour grande"])
def test_other_text_is_left_as_typed(typed):
    assert neutral(typed) == typed


async def test_a_french_move_is_played_like_the_english_one(service):
    """The service plays ``prendre grande`` as ``pick large`` for the seat."""
    game = await service.create(creator_id=1, creator_name="Ada", guild_id=5, channel_id=6,
                                options={"max_players": 1, "seed": 4})
    game = await service.start(game.id, 1, False)
    while not any(isinstance(a, Pick) for a in rules.legal_actions(game.state, 0)):
        await service.act(game.id, 1, str(autoplay.default_action(game.state, 0)))
        game = await service.load(game.id)
    outcome = await service.act(game.id, 1, "prendre grande")
    assert outcome.played == ["pick large"]



def test_every_move_the_french_usage_hint_shows_is_one_a_french_player_can_type():
    """« essayez : prendre petite | poser C5 3 | résoudre 2 eau … »: each of them is read."""
    from engine.actions import MalformedAction, parse
    from i18n import use
    with use("fr"), pytest.raises(MalformedAction) as caught:
        parse("voler loin")
    moves = str(caught.value).split("essayez : ", 1)[1].split(" | ")
    assert len(moves) == 9 and moves[0] == "prendre petite"
    for move in moves:
        parse(neutral(move))  # raises if not readable


async def test_a_computer_player_is_named_in_the_games_language(service):
    game = await service.create(creator_id=1, creator_name="Ada", guild_id=5, channel_id=6,
                                options={"max_players": 3, "seed": 4, "language": "fr"})
    await service.add_bot(game.id, 1, False)
    game = await service.add_bot(game.id, 1, False, level="hard")
    assert [s.display_name for s in game.seats[1:]] == ["Pilote auto 1", "Pilote auto 2 (difficile)"]
