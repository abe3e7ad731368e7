"""Migration 0007 (issue 53): one games table for every game, with the game each row plays;
the games stored before it are Planet Unknown's and keep working; the outcomes of games without
scores go to their own table. Both backends."""
from __future__ import annotations

import pytest

from db import GameRepository, apply_migrations, open_database
from db.errors import DailyGameExists
from db.repository import OutcomeRow
from tests.db.test_db_migrations import insert_version_1_rows


async def test_games_stored_before_game_kinds_are_planet_unknown_games(database_target):
    db = await open_database(database_target, migrate=False)
    try:
        await apply_migrations(db, target=5)  # the last schema without game kinds
        await insert_version_1_rows(db)
        await apply_migrations(db)
        game = await GameRepository(db).get_game(7)
        assert game.game == "planet_unknown"
        assert (game.creator_id, game.state) == (42, '{"n": 1}')  # the row is otherwise as it was
    finally:
        await db.close()


async def test_a_game_keeps_the_game_it_was_created_for_and_its_outcomes(repo, clock):
    pu = await repo.create_game(creator_id=1, seats=[(1, "Ada", False)])
    storm = await repo.create_game(creator_id=1, guild_id=9, seats=[(1, "Ada", False)], game="solar_storm")
    assert [(await repo.get_game(g)).game for g in (pu, storm)] == ["planet_unknown", "solar_storm"]
    assert [g.game for g in await repo.list_games(user_id=1)] == ["planet_unknown", "solar_storm"]
    clock.now = 2000.0
    await repo.save_state(storm, '{"over": true}', (await repo.get_game(storm)).version, status="finished",
                          outcomes=[OutcomeRow(seat=0, user_id=1, name="Ada", summary='{"result": "won"}')])
    [row] = await repo.outcomes_of(1, "solar_storm")
    assert (row.game_id, row.guild_id, row.finished_at, row.summary) == (storm, 9, 2000.0, '{"result": "won"}')
    assert await repo.outcomes_of(1, "planet_unknown") == []
    assert await repo.game_results(storm) == []  # no medals: the scores table is not touched


async def test_each_game_has_its_own_daily_challenge_once_per_player_and_day(repo):
    """Migration 0008: Planet Unknown's daily and Solar Storm's daily are two games of the same
    day for one player; each is still once a day."""
    day = "2026-12-02"
    pu = await repo.create_game(creator_id=1, kind="daily", daily_key=day, seats=[(1, "Ada", False)])
    storm = await repo.create_game(creator_id=1, kind="daily", daily_key=day, seats=[(1, "Ada", False)],
                                   game="solar_storm")
    assert (await repo.find_daily_game(day, 1)).id == pu
    assert (await repo.find_daily_game(day, 1, "solar_storm")).id == storm
    with pytest.raises(DailyGameExists):
        await repo.create_game(creator_id=1, kind="daily", daily_key=day, game="solar_storm")
    # the index itself refuses a second one (two processes creating it at once both pass the look-up)
    with pytest.raises(Exception) as caught:
        await repo.db.execute(
            "INSERT INTO games (creator_id, status, kind, daily_key, config, created_at, updated_at, game)"
            " VALUES (1, 'lobby', 'daily', ?, '{}', 0, 0, 'solar_storm')", (day,))
    assert repo.db.is_unique_violation(caught.value)
