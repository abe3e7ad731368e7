"""French texts a player reads in a game (issue 55, finding 13): French typography (a space
before the colon), plurals instead of « partie(s) », and no English word left in them."""
from __future__ import annotations

import re

import pytest

from i18n import use
from service.players import profile_text


async def test_the_game_status_in_french_puts_a_space_before_the_colon(service):
    game = await service.create(creator_id=1, creator_name="Ada", guild_id=5, channel_id=6,
                                options={"max_players": 1, "seed": 4})
    game = await service.start(game.id, 1, False)
    with use("fr"):
        text = service.status_text(game)
    assert "⏳ doit jouer : Ada" in text and "doit jouer:" not in text


def test_a_french_profile_counts_games_and_wins_with_plurals():
    """« 1 partie(s) finie(s), 0 victoire(s) en 0 à plusieurs » read as a form to fill in."""
    from render.profile import sample_profile
    profile = {**sample_profile(), "games": 1, "wins": 0, "multiplayer": 0}
    with use("fr"):
        one = profile_text("Ada", profile).splitlines()[0]
        many = profile_text("Ada", {**profile, "games": 7, "wins": 2, "multiplayer": 4}).splitlines()[0]
    assert one == "**Ada** : 1 partie finie, 0 victoire en 0 partie à plusieurs."
    assert many == "**Ada** : 7 parties finies, 2 victoires en 4 parties à plusieurs."
    assert "(s)" not in one + many


async def test_a_french_console_game_names_its_players_in_french(tmp_path):
    """« Player 1 » in a French game: the console's seats are named in the game's language."""
    from service.console import run
    prompts, said = [], []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return "quit"

    await run(["--out", str(tmp_path), "--players", "2", "--seed", "3", "--lang", "fr"], ask=ask, say=said.append)
    assert prompts and prompts[0].startswith("Joueur 1")
    assert "Player 1" not in "\n".join(said + prompts)


# the engine's English text of a move (Planet Unknown's and Solar Storm's verbs), as a line of the
# console would show it: a choice ("  3) scavenge") or the computer's move ("(pilote automatique) confirm";
# Solar Storm's computer is a crew-mate: "(coéquipier ordinateur) scavenge")
AUTO = re.compile(r"\((pilote automatique|coéquipier ordinateur)\)")
ENGLISH_ACTION = re.compile(r"^\s*(\d+\)|\(pilote automatique\)|\(coéquipier ordinateur\)|À choisir maintenant :)\s*(move|scavenge|give|take|"
                            r"exchange|repair|activate|divert|token|end|collect|pick|pass|discard|reactivate|order|"
                            r"protect|send|swap|undo|confirm|place|resolve|drop|turn)\b")


@pytest.mark.parametrize("game", [["--seed", "4", "--bots", "1"],
                                  ["--game", "storm", "--seed", "4", "--players", "2", "--bots", "1"]],
                         ids=["planet-unknown", "solar-storm"])
async def test_a_french_console_game_prints_every_move_in_french(tmp_path, game):
    """Issue 53: « (pilote automatique) confirm » in a French game. Every move the console prints
    (the options to choose from, what the computer played for the player with ``auto``) is in the
    game's words, for both games, from the first turn to the end, and no instruction names a slash
    command the console does not have."""
    from service.console import run
    from tests.service.test_console import Keyboard
    from tests.test_i18n_catalogue import english_in_french
    said: list[str] = []
    code = await run(["--out", str(tmp_path), "--lang", "fr", "--autopilot", "random", *game],
                     ask=Keyboard([], then="auto", limit=3000), say=said.append)
    text = "\n".join(said)
    assert code == 0 and "Partie terminée" in text  # played to the end
    autos = [line for line in text.splitlines() if AUTO.search(line)]
    assert ("(coéquipier ordinateur)" in text) == ("--game" in game)  # each game names its own computer player
    assert len(autos) > 20
    assert english_in_french(text) == []
    assert [line for line in text.splitlines() if ENGLISH_ACTION.match(line)] == []
    assert "/pu" not in text and "/storm" not in text  # issue 55: every instruction works where it is printed
    # French typography (issue 55, finding 13): a space before the colon, in the game's own lines too
    assert [line for line in text.splitlines() if re.search(r"[^\W\d_)»]: |\): ", line)] == []
