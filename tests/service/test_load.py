"""Load, small: 20 games in progress at once with their players acting concurrently through the
game service, and 3 through the simulated Discord, for a few rounds. No accepted move lost or
doubled, no deadlock, every state the replay of its log with the same score. The full run
(200 games to the end, 8 through SimCord) is ``python -m bench.load_bench`` (README: Benchmarks)."""
from __future__ import annotations

from bench.load_bench import discord_load, service_load


async def test_twenty_games_at_once_lose_and_double_nothing(tmp_path):
    report = await service_load(games=20, rounds=3, seed=3, timeout=120, path=str(tmp_path / "load.sqlite3"))
    assert report.problems == []
    assert report.accepted > 500 and report.logged >= report.accepted
    assert report.refused > 0  # double clicks happened, and the second click was refused
    print(report.summary())


async def test_a_game_played_to_its_end_under_the_load_harness_has_the_score_of_its_replay(tmp_path):
    report = await service_load(games=1, seed=4, timeout=120, path=str(tmp_path / "load.sqlite3"))
    assert report.problems == [] and report.finished == 1  # a solo game: its target and epilogue too


async def test_three_games_at_once_through_discord_post_each_summary_once():
    report = await discord_load(games=3, rounds=1, seed=3)
    assert report.problems == []
    # a round of three games: over 30 moves logged, fewer typed (an item with one value is settled with the move)
    assert report.accepted > 20 and report.logged > 30
