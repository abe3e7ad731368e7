"""Migration 0007 (issue 53): one games table for every game, with the game each row plays;
the games stored before it are Planet Unknown's and keep working; the outcomes of games without
scores go to their own table. Both backends."""
from __future__ import annotations

from db import GameRepository, apply_migrations, open_database
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
