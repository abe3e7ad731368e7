"""The offline console plays Solar Storm (issue 53): ``tasks.py bot --offline --game storm``, with
the same clean text as Planet Unknown's (service/console.py), through the same service."""
from __future__ import annotations

import json

import autopilot.solar_storm as crew
from db.connection import open_database
from db.repository import GameRepository
from engine.solar_storm import replay
from service import GameService
from service.console import run
from service.kinds.solar_storm import KIND
from tests.service.test_console import MARKUP, Keyboard
from tests.service.test_storm_memory import after_a_bridge_peek, replayed


async def test_a_whole_solar_storm_game_in_the_console_with_a_computer_crew_mate(tmp_path):
    said: list[str] = []
    keys = Keyboard(["status", "board", "hint", "fly away", "history"], then="auto", limit=3000)
    code = await run(["--out", str(tmp_path), "--game", "storm", "--players", "2", "--bots", "1",
                      "--difficulty", "hard", "--seed", "4", "--autopilot", "random", "--hard-seconds", "0.05"],
                     ask=keys, say=said.append)
    text = "\n".join(said)
    assert code == 0
    for mark in MARKUP:
        assert mark not in text, mark
    assert "Solar Storm #1 begins: difficulty hard" in text
    assert "Crew member 3: Crew-mate 1 (computer)" in text  # names instead of mentions
    assert "Solar Storm #1, turn 1 (round 1)" in text  # status
    assert "⚡ Energy Core" in text  # board: the ship as text
    assert "💡 Hint: what the hard computer crew-mate would do with your turn now" in text  # hint, a line an action
    assert "✗ " in text  # a move the engine does not read is answered, and the game goes on
    assert "Turn 1 (" in text and "💥 Damage card" in text  # the turn logs
    assert "the crew won" in text or "the crew lost" in text
    (record_file,) = tmp_path.glob("game-*.json")
    assert replay(json.loads(record_file.read_text())).phase == "over"


async def test_a_solo_solar_storm_game_runs_three_crew_members_and_refuses_planet_unknowns_options(tmp_path):
    said: list[str] = []
    assert await run(["--out", str(tmp_path), "--game", "storm", "--learn"], ask=Keyboard([]),
                     say=said.append) == 2
    assert "Solar Storm takes --difficulty" in said[-1]
    assert await run(["--out", str(tmp_path), "--game", "storm", "--difficulty", "nightmare"], ask=Keyboard([]),
                     say=said.append) == 2
    assert "difficulty: one of easy" in said[-1]
    said.clear()
    code = await run(["--out", str(tmp_path), "--game", "storm", "--seed", "9", "--autopilot", "random"],
                     ask=Keyboard([], then="auto"), say=said.append)
    text = "\n".join(said)
    assert code == 0 and "Player 1 runs crew members 1, 2 and 3." in text
    assert all(f"Player 1 (crew member {n})" in text for n in (1, 2, 3))


async def test_a_french_player_typing_a_move_the_rules_refuse_is_told_why_in_french(tmp_path):
    """Issue 53: 'every wrong action gets a short private answer that says what was wrong and what
    would be right', in the reader's language: the rules' refusals, not only the typos."""
    said: list[str] = []
    keys = Keyboard(["collecter 1", "jeton"], then="quit")
    await run(["--out", str(tmp_path), "--game", "storm", "--lang", "fr", "--seed", "5"], ask=keys,
              say=said.append)
    refusals = [line for line in said if line.startswith("  ✗ ")]
    assert refusals == ["  ✗ on collecte après ses actions : terminez-les d'abord (fin)",
                        "  ✗ vous n'avez pas de jeton d'action"]


async def test_the_console_starts_a_solar_storm_game_with_its_own_name_in_both_languages(tmp_path):
    """The first line names the game as its posts do ('Solar Storm #1', 'Solar Storm n° 1'), not
    Planet Unknown's 'Game #1' (whose line test_console_native pins byte for byte)."""
    for lang, first in (("en", "Solar Storm #1 started; images go to {out}/. Type "),
                        ("fr", "Solar Storm n° 1 a commencé ; les images vont dans {out}/. Tapez ")):
        said: list[str] = []
        out = tmp_path / lang
        await run(["--out", str(out), "--game", "storm", "--lang", lang, "--seed", "5"], ask=Keyboard([], then="quit"),
                  say=said.append)
        assert said[0].startswith(first.format(out=out)), said[0]


async def test_the_leaderboard_of_a_solar_storm_console_game_is_its_daily_ranking_not_planet_unknowns(tmp_path):
    """Issue 53: Solar Storm is cooperative, so it has no rating; its leaderboard is the daily
    challenge's (won before lost ...). In its console, ``leaderboard`` shows that board for a day,
    and a Planet Unknown board's name is answered with what exists."""
    from tests.service.test_console_daily import NOON

    await run(["--out", str(tmp_path), "--daily", "--autopilot", "random", "--game", "storm"],
              ask=Keyboard([], then="auto", limit=3000), say=[].append, clock=lambda: NOON)
    said: list[str] = []
    keys = Keyboard(["leaderboard 2026-09-21", "leaderboard", "leaderboard rating"], then="quit")
    await run(["--out", str(tmp_path), "--daily", "--game", "storm"], ask=keys, say=said.append,
              clock=lambda: NOON + 86400)
    text = "\n".join(said)
    start = said.index("Solar Storm daily 2026-09-21 (your own result): 1 finished.")
    assert said[start + 1].startswith("1. Player 1: lost on turn ") or said[start + 1].startswith("1. Player 1: won")
    assert said[start + 2].startswith("Won before lost; among wins, more resource cards left first")
    # today's: not finished yet; a Planet Unknown board: what Solar Storm has instead
    assert any(line.startswith("No Solar Storm daily of that day is finished in this console: play today's")
               for line in said[start + 3:])
    assert any(line.startswith("leaderboard [YYYY-MM-DD]: Solar Storm is cooperative, so it has no rating")
               for line in said[start + 3:])
    for planet_unknown in ("medals", "Rating", "Best total", "Nobody is on this leaderboard"):
        assert planet_unknown not in text, planet_unknown


async def test_the_consoles_auto_plays_what_the_crew_remembers_of_a_bridge_peek_of_an_earlier_turn(tmp_path):
    """Issue 54: ``auto`` plays the move the --autopilot level (normal) picks with the crew's memory
    of the whole game, as a computer crew-mate and the hint do. Seed 3 after 75 actions: a Bridge
    order of an earlier turn showed that the next damage card hits the Crew Quarters (SS16: « Peek
    results are shown to the whole team »); the current view alone would have repaired metal."""
    db = await open_database(tmp_path / "games.sqlite3")  # the console's own database (--out)
    try:
        service = GameService(GameRepository(db))
        game, _older = await after_a_bridge_peek(service)
        for row, _payload in await service.pending_posts(game.id):  # shown already: not drawn again
            await service.mark_posted(row.id)
        log = [(r.seat or 0, r.action) for r in await service.repo.list_actions(game.id)]
    finally:
        await db.close()
    state = game.state
    _same, memory = replayed(log, 3)
    remembered = crew.choose(state, 0, "normal", memory=memory)
    assert str(crew.choose(state, 0, "normal")) == "repair metal"  # what the view alone shows
    words = KIND.action_words(game, state, 0, remembered)
    said: list[str] = []
    code = await run(["--out", str(tmp_path), "--resume", str(game.id)], ask=Keyboard(["auto"], then="quit"),
                     say=said.append)
    assert code == 0
    assert "  (computer crew-mate) " + words in said
    db = await open_database(tmp_path / "games.sqlite3")
    try:
        after = [(r.seat or 0, r.action) for r in await GameRepository(db).list_actions(game.id)]
    finally:
        await db.close()
    assert after == [*log, (0, "move crew_quarters")] and str(remembered) == "move crew_quarters"
