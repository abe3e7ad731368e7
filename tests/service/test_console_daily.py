"""The daily challenge in the console (issue 53): ``tasks.py bot --offline --daily`` for Planet
Unknown and ``--game storm --daily`` for Solar Storm, through the service's one ``daily`` path:
the day's solo game, the same for everyone (Solar Storm's: the rulebook's solo at medium
difficulty), one try a day."""
from __future__ import annotations

import pytest

from service.console import run
from tests.service.test_console import MARKUP, Keyboard

NOON = 1_790_000_000 - 1_790_000_000 % 86400 + 43200  # 12:00 UTC: the next daily starts in 12 hours
GAMES = {"planet-unknown": [], "solar-storm": ["--game", "storm"]}


@pytest.mark.parametrize("game", GAMES.values(), ids=GAMES.keys())
async def test_the_daily_challenge_plays_to_the_end_once_a_day_in_the_console(tmp_path, game):
    said: list[str] = []
    code = await run(["--out", str(tmp_path), "--daily", "--autopilot", "random", *game],
                     ask=Keyboard([], then="auto", limit=3000), say=said.append, clock=lambda: NOON)
    text = "\n".join(said)
    assert code == 0, text[-500:]
    assert "Game #1: today's daily challenge (2026-09-21), the same game for everyone, one try a day." in text
    if game:  # Solar Storm's daily: solo (three crew members) at medium difficulty
        assert "difficulty medium" in text and "Player 1 (crew member 3)" in text
    assert "🏁 Player 1 finished the" in text and "daily" in text  # the end, played by the computer
    assert "Today's daily challenge can be exported tomorrow" in text  # not the replay file: others still play it
    for mark in (*MARKUP, "/pu", "/storm"):  # console words only: no slash command to type here
        assert mark not in text, mark

    said.clear()  # the same day again: refused, with what it came to and when the next one starts
    code = await run(["--out", str(tmp_path), "--daily", *game], ask=Keyboard([]), say=said.append,
                     clock=lambda: NOON + 3600)
    assert code == 1 and len(said) == 1
    assert "You have already played today's" in said[0] and "One try a day; the next one starts" in said[0]
    assert said[0].endswith("(in 11 h).")

    said.clear()  # the next day: a new game
    code = await run(["--out", str(tmp_path), "--daily", *game], ask=Keyboard([], then="quit"), say=said.append,
                     clock=lambda: NOON + 86400)
    assert code == 0 and "Game #2: today's daily challenge (2026-09-22)" in said[0]


async def test_the_daily_takes_no_other_game_option(tmp_path):
    for extra in (["--players", "2"], ["--bots", "1"], ["--seed", "3"], ["--game", "storm", "--difficulty", "hard"]):
        said: list[str] = []
        assert await run(["--out", str(tmp_path), "--daily", *extra], ask=Keyboard([]), say=said.append) == 2
        assert said == ["--daily is the day's solo game, the same for everyone: it takes no other game option "
                        "(--players, --bots, --seed, --difficulty, --learn...)."]
