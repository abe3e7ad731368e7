"""The offline console feels native for both games (issues 53 and 55): each game's own help and
examples, dates in the game's language, and the player's own row under the leaderboard."""
from __future__ import annotations

import json
from pathlib import Path

from db.connection import open_database
from db.players import PlayerRepository
from db.repository import GameRepository, ResultRow
from service.console import run
from tests.service.test_console import Keyboard
from tests.service.test_console_daily import NOON

# Planet Unknown's help as it was before each game had its own (pinned byte for byte, both languages)
PU_HELP = json.loads((Path(__file__).parent / "console_help_pu.json").read_text(encoding="utf-8"))


async def help_of(tmp_path, *args):
    said: list[str] = []
    await run(["--out", str(tmp_path), "--seed", "11", *args], ask=Keyboard(["help"], then="quit"), say=said.append)
    start = next(i for i, line in enumerate(said) if line.startswith(("Type the", "Tapez le")))
    return [line.replace(str(tmp_path), "{out}") for line in said[:1] + said[start:start + 2]]


async def test_planet_unknowns_help_is_unchanged_in_both_languages(tmp_path):
    for lang in ("en", "fr"):
        assert await help_of(tmp_path / lang, "--lang", lang) == PU_HELP[lang]


async def test_a_solar_storm_game_gives_its_own_actions_as_examples_not_planet_unknowns(tmp_path):
    """Issue 53: the console plays Solar Storm 'with the same clean text': its help names Solar
    Storm's actions (move, scavenge, repair, end), in French with the French verbs the engine reads."""
    start, intro, table = await help_of(tmp_path / "en", "--game", "storm")
    for text in (start, intro):
        assert "'move bridge', 'scavenge', 'repair metal', 'end'" in text
        assert "place C5" not in text and "resolve" not in text
    assert "ship " in table and "the log of turn N" in table
    for pu_only in ("corp [N]", "station ", "planet", "round N"):
        assert pu_only not in table, pu_only
    assert "hint " in table and "quit " in table  # the shared commands follow the game's own

    start, intro, table = await help_of(tmp_path / "fr", "--game", "storm", "--lang", "fr")
    assert "« aller pont », « fouiller », « réparer métal », « fin »" in intro and intro in start
    assert "poser" not in intro and "C5" not in intro
    assert "le journal du tour N" in table
    from engine.solar_storm.actions import parse  # every example is a move the engine reads
    assert [str(parse(m)) for m in ("aller pont", "fouiller", "réparer métal", "fin")] == [
        "move bridge", "scavenge", "repair metal", "end"]


async def test_the_console_writes_dates_in_the_games_language(tmp_path):
    """Dates the console prints (here: when the next daily challenge starts) come out in the game's
    language: French weekday and month names in a French game, English ones in an English game."""
    texts = {}
    for lang in ("en", "fr"):
        out = tmp_path / lang
        args = ["--out", str(out), "--daily", "--game", "storm", "--lang", lang]
        assert await run([*args, "--autopilot", "random"], ask=Keyboard([], then="auto", limit=3000),
                         say=lambda line: None, clock=lambda: NOON) == 0
        said: list[str] = []
        assert await run(args, ask=Keyboard([]), say=said.append, clock=lambda: NOON + 3600) == 1
        texts[lang] = said[0]
    # the next one starts at midnight UTC, 22 September 2026: the 21st or the 22nd where the tests run
    assert "Sep 2026" in texts["en"] and ("Mon 21" in texts["en"] or "Tue 22" in texts["en"]), texts["en"]
    assert "sept. 2026" in texts["fr"] and ("lun. 21" in texts["fr"] or "mar. 22" in texts["fr"]), texts["fr"]
    for english in ("Sep ", "Mon ", "Tue "):
        assert english not in texts["fr"]


async def test_the_leaderboard_shows_the_players_own_row_below_the_top_ten(tmp_path):
    """As /pu leaderboard and /storm leaderboard do: a player below the rows listed gets their own
    row and rank under them ('… 12. Player 1: 3 medals ← you: 12 of 12')."""
    db = await open_database(tmp_path / "games.sqlite3")
    try:
        repo = GameRepository(db)
        for user, score in [(1, 3), *((n, 100 - n) for n in range(2, 13))]:  # 11 others ahead of player 1
            name = "Player 1" if user == 1 else f"Rival {user}"
            game_id = await repo.create_game(creator_id=user, kind="solo", status="active", state="{}",
                                             seats=[(user, name, False)])
            await repo.save_state(game_id, "{}", (await repo.get_game(game_id)).version, status="finished",
                                  results=[ResultRow(seat=0, user_id=user, name=name, score=score, place=1,
                                                     solo=True)])
        await PlayerRepository(db).rebuild_summaries()  # the running totals the boards read
    finally:
        await db.close()
    said: list[str] = []
    await run(["--out", str(tmp_path), "--seed", "11"], ask=Keyboard(["leaderboard solo", "leaderboard"],
                                                                     then="quit"), say=said.append)
    tables = [line for line in said if "Rival 2" in line]
    assert len(tables) == 2 and all("Rival 11" in t and "Player 1" not in t for t in tables)  # the top ten
    yours = [line for line in said if "← you" in line]
    assert yours == ["… 12. Player 1: 3 medals ← you: 12 of 12"] * 2


async def test_a_french_solar_storm_game_typed_by_hand_speaks_french_and_every_instruction_works(tmp_path):
    """Issue 53 ('English and French everywhere... the offline console plays it too'), played as a
    French newcomer would: keys that keep their meaning, typos answered in French with the French
    verbs to type, French typography, and at the end a replay command that replays this game."""
    from engine.solar_storm.replay import main as replay_main

    said: list[str] = []
    keys = Keyboard(["1", "u", "voler", "fouiller", "status", "export", "aller cuisine", "e"], then="auto", limit=3000)
    code = await run(["--out", str(tmp_path), "--game", "storm", "--lang", "fr", "--seed", "5"], ask=keys,
                     say=said.append)
    text = "\n".join(said)
    assert code == 0
    # the buttons keep their keys as others come and go: End is always e, Undo always u
    assert "  [e] Finir les actions" in said and "  [u] Annuler   [e] Finir les actions" in said
    assert "[11" not in text  # no number keys that shift (they were 111, 112, 113)
    # a typo: what was wrong and what to type, in French with the verbs the game reads
    assert "  ✗ « voler » n’est pas une action ; essayez l’une de : aller PIÈCE | fouiller | piocher 1|2|pioche" in text
    assert "  ✗ « cuisine » n’est pas une pièce ; essayez" in text
    assert "⏳ doit jouer : Joueur 1" in text  # a space before the colon
    # export before the end: why it waits, in this game's words (cards, not Planet Unknown's tiles)
    assert "  ✗ Le fichier de rejeu de la partie de Solar Storm n° 1 s’exporte une fois la partie finie : il " \
           "contient la graine, qui dévoile toutes les cartes à venir des deux pioches." in said
    for english in ("try one of", "is not", "score sheet", "feuille de score"):
        assert english not in text, english
    # the end: what this game leaves, and a replay command that replays it
    assert said[-1] == f"Partie terminée. L’image finale (l’histoire de la partie) est dans {tmp_path}/."
    (command,) = [line for line in said if "rejouez-le avec" in line]
    assert "-m engine.solar_storm.replay " in command
    (record,) = tmp_path.glob("game-*.json")
    assert replay_main([str(record)]) == 0


async def test_solar_storm_status_says_the_others_wait_for_their_turn_not_that_they_are_done(tmp_path):
    """One crew member at a time: at the first turn nobody else has played, so nobody is 'done'."""
    said: list[str] = []
    await run(["--out", str(tmp_path), "--game", "storm", "--players", "2", "--seed", "8", "--lang", "fr"],
              ask=Keyboard(["status"], then="quit"), say=said.append)
    (status,) = [line for line in said if line.startswith("Solar Storm n° 1, tour 1")]
    assert status.splitlines()[1:] == ["🕓 attend son tour : Joueur 1", "⏳ doit jouer : Joueur 2"]
