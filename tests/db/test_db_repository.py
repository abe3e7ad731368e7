"""GameRepository: games, seats, versioned saves, the action log, outbox, reminders, messages."""
from __future__ import annotations

import asyncio

import pytest

from db import (
    AlreadySeated,
    DailyGameExists,
    GameNotFound,
    GameRepository,
    StaleVersion,
    open_database,
)
from tests.db.conftest import rejected


async def active_game(repo, **fields) -> int:
    """A started two-player game at version 1."""
    game = await repo.create_game(creator_id=1, channel_id=100, **fields)
    await repo.add_seat(game, 1, "Ada")
    await repo.add_seat(game, 2, "Bo")
    await repo.save_state(game, '{"round": 1}', 0, status="active")
    return game


async def test_created_game_reads_back_with_every_field(repo, clock):
    game = await repo.create_game(
        creator_id=42, guild_id=1, channel_id=2, thread_id=3, config='{"players": 2}'
    )
    row = await repo.get_game(game)
    assert (row.id, row.guild_id, row.channel_id, row.thread_id, row.creator_id) == (game, 1, 2, 3, 42)
    assert (row.status, row.kind, row.daily_key, row.config, row.state, row.version) == (
        "lobby", "normal", None, '{"players": 2}', None, 0)
    assert row.created_at == row.updated_at == clock.now


async def test_get_game_of_unknown_id_raises_game_not_found(repo):
    with pytest.raises(GameNotFound) as caught:
        await repo.get_game(404)
    assert caught.value.game_id == 404


async def test_a_game_and_its_seats_read_together_are_the_game_and_seats_read_apart(repo):
    """One request to the server for both (PostgreSQL): names with quotes, a percent sign, a
    question mark or a semicolon travel inside it unharmed."""
    names = ["O'Brien; DROP TABLE games", "100% ?", 'a "b" :c']
    game = await repo.create_game(creator_id=1, config='{"note": "50% off?"}',
                                  seats=[(10 + n, name, False) for n, name in enumerate(names)])
    row, seats = await repo.get_game_and_seats(game)
    assert row == await repo.get_game(game) and row.config == '{"note": "50% off?"}'
    assert seats == await repo.list_seats(game) and [s.display_name for s in seats] == names
    with pytest.raises(GameNotFound):
        await repo.get_game_and_seats(404)


async def test_list_games_applies_every_filter_given(repo):
    a = await repo.create_game(creator_id=1, guild_id=10, channel_id=100)
    b = await repo.create_game(creator_id=2, guild_id=10, channel_id=200, thread_id=201)
    c = await repo.create_game(creator_id=3, guild_id=20, channel_id=300)
    await repo.add_seat(b, 7, "Seven")
    await repo.save_state(c, "{}", 0, status="active")

    ids = lambda rows: [row.id for row in rows]  # noqa: E731
    assert ids(await repo.list_games()) == [a, b, c]
    assert ids(await repo.list_games(status="lobby")) == [a, b]
    assert ids(await repo.list_games(status=["active", "finished"])) == [c]
    assert ids(await repo.list_games(guild_id=10)) == [a, b]
    assert ids(await repo.list_games(channel_or_thread_id=201)) == [b]
    assert ids(await repo.list_games(user_id=7)) == [b]
    assert ids(await repo.list_games(status="lobby", guild_id=20)) == []


async def test_find_game_for_channel_matches_the_games_thread_id(repo):
    game = await repo.create_game(creator_id=1, channel_id=100, thread_id=555)
    assert (await repo.find_game_for_channel(555)).id == game
    assert (await repo.find_game_for_channel(100)).id == game
    assert await repo.find_game_for_channel(999) is None


async def test_find_game_for_channel_prefers_an_open_game_then_the_thread_owner(repo, clock):
    open_game = await repo.create_game(creator_id=1, channel_id=100)
    clock.now += 10
    finished = await active_game(repo)
    await repo.save_state(finished, "{}", 1, status="finished")
    assert (await repo.find_game_for_channel(100)).id == open_game
    clock.now += 10
    in_thread = await repo.create_game(creator_id=2, channel_id=100, thread_id=101)
    # In the thread, its own game wins; in the parent channel, the most recently updated.
    assert (await repo.find_game_for_channel(101)).id == in_thread
    assert (await repo.find_game_for_channel(100)).id == in_thread
    clock.now += 10
    await repo.set_config(open_game, '{"touched": true}')
    assert (await repo.find_game_for_channel(100)).id == open_game
    assert (await repo.find_game_for_channel(101)).id == in_thread


async def test_save_state_stores_the_state_and_status_and_returns_the_next_version(repo, clock):
    game = await repo.create_game(creator_id=1)
    clock.now = 2000.0
    assert await repo.save_state(game, '{"round": 1}', 0, status="active") == 1
    assert await repo.save_state(game, '{"round": 2}', 1) == 2
    row = await repo.get_game(game)
    assert (row.state, row.status, row.version, row.updated_at) == ('{"round": 2}', "active", 2, 2000.0)


async def test_actions_get_consecutive_seq_numbers_across_saves(repo):
    game = await active_game(repo)
    await repo.save_state(game, "{}", 1, actions=[(0, "a"), (1, "b")])
    await repo.save_state(game, "{}", 2, actions=[(None, "round ends")])
    await repo.save_state(game, "{}", 3)
    await repo.save_state(game, "{}", 4, actions=[(1, "c")])
    log = await repo.list_actions(game)
    assert [(a.seq, a.seat, a.action, a.game_version) for a in log] == [
        (1, 0, "a", 2), (2, 1, "b", 2), (3, None, "round ends", 3), (4, 1, "c", 5)]
    assert [a.seq for a in await repo.list_actions(game, after_seq=2)] == [3, 4]


async def test_stale_save_is_rejected_and_changes_nothing(repo):
    game = await active_game(repo)
    await repo.save_state(game, '{"round": 2}', 1, actions=[(0, "a")], outbox=[("summary", "{}")])
    before = (await repo.get_game(game), await repo.list_actions(game), await repo.pending_outbox())

    with pytest.raises(StaleVersion) as caught:
        await repo.save_state(
            game, '{"round": 99}', 1, actions=[(1, "late")], status="finished",
            outbox=[("final", "{}")])
    assert (caught.value.game_id, caught.value.expected, caught.value.actual) == (game, 1, 2)
    after = (await repo.get_game(game), await repo.list_actions(game), await repo.pending_outbox())
    assert after == before


async def test_save_state_of_unknown_game_raises_game_not_found(repo):
    with pytest.raises(GameNotFound):
        await repo.save_state(404, "{}", 0)


async def test_two_tasks_saving_from_the_same_version_exactly_one_wins(repo):
    game = await active_game(repo)
    results = await asyncio.gather(
        repo.save_state(game, '{"by": "a"}', 1, actions=[(0, "a")]),
        repo.save_state(game, '{"by": "b"}', 1, actions=[(1, "b")]),
        return_exceptions=True,
    )
    assert sorted(type(r).__name__ for r in results) == ["StaleVersion", "int"]
    winner = "a" if results[0] == 2 else "b"
    row = await repo.get_game(game)
    assert (row.version, row.state) == (2, f'{{"by": "{winner}"}}')
    assert [a.action for a in await repo.list_actions(game)] == [winner]


async def test_two_connections_saving_from_the_same_version_exactly_one_wins(database_target):
    path = database_target
    first, second = await open_database(path), await open_database(path)
    try:
        game = await active_game(GameRepository(first))
        results = await asyncio.gather(
            *(GameRepository(db).save_state(game, "{}", 1, actions=[(0, "x")]) for db in (first, second)),
            return_exceptions=True,
        )
        assert sorted(type(r).__name__ for r in results) == ["StaleVersion", "int"]
        assert len(await GameRepository(second).list_actions(game)) == 1
    finally:
        await first.close()
        await second.close()


async def test_outbox_rows_stay_pending_until_marked_sent(repo, clock):
    game, other = await active_game(repo), await active_game(repo)
    await repo.save_state(game, "{}", 1, outbox=[("summary", '{"round": 1}'), ("ping", '{"seat": 0}')])
    await repo.save_state(other, "{}", 1, outbox=[("final", "{}")])
    pending = await repo.pending_outbox(game)
    assert [(o.kind, o.payload, o.sent_at) for o in pending] == [
        ("summary", '{"round": 1}', None), ("ping", '{"seat": 0}', None)]
    assert len(await repo.pending_outbox()) == 3

    clock.now = 3000.0
    assert await repo.mark_sent(pending[0].id) is True
    assert await repo.mark_sent(pending[0].id) is False  # already sent
    assert [o.kind for o in await repo.pending_outbox(game)] == ["ping"]
    sent = await repo.db.fetchval("SELECT sent_at FROM outbox WHERE id = ?", (pending[0].id,))
    assert sent == 3000.0


async def test_seats_fill_the_lowest_free_number_and_a_user_sits_only_once(repo):
    game = await repo.create_game(creator_id=1)
    assert await repo.add_seat(game, 1, "Ada") == 0
    assert await repo.add_seat(game, None, "Computer", is_bot=True) == 1
    assert await repo.add_seat(game, 3, "Cy") == 2
    with pytest.raises(AlreadySeated) as caught:
        await repo.add_seat(game, 3, "Cy again")
    assert caught.value.seat == 2
    assert await repo.remove_seat(game, 1) is True
    assert await repo.remove_seat(game, 1) is False
    assert await repo.add_seat(game, 4, "Di") == 1
    seats = await repo.list_seats(game)
    assert [(s.seat, s.user_id, s.display_name, s.is_bot, s.reminders) for s in seats] == [
        (0, 1, "Ada", False, True), (1, 4, "Di", False, True), (2, 3, "Cy", False, True)]
    with pytest.raises(GameNotFound):
        await repo.add_seat(404, 1, "Nobody")


async def test_seat_can_change_hands_and_mute_reminders(repo):
    game = await active_game(repo)
    assert await repo.replace_seat_user(game, 1, None, "Computer", is_bot=True) is True
    assert await repo.replace_seat_user(game, 0, 1, "Ada (renamed)") is True  # same user: fine
    with pytest.raises(AlreadySeated):
        await repo.replace_seat_user(game, 1, 1, "Ada twice")
    assert await repo.replace_seat_user(game, 9, 5, "Nobody") is False
    assert await repo.set_seat_reminders(game, 0, False) is True
    seats = await repo.list_seats(game)
    assert [(s.user_id, s.display_name, s.is_bot, s.reminders) for s in seats] == [
        (1, "Ada (renamed)", False, False), (None, "Computer", True, True)]


async def test_due_reminders_skip_muted_seats_and_games_not_active(repo):
    game = await active_game(repo)
    await repo.set_reminder(game, 0, "turn", 50.0)
    await repo.set_reminder(game, 1, "turn", 500.0)
    await repo.set_reminder(game, 1, "turn", 150.0)  # moved earlier
    await repo.set_reminder(game, 1, "nudge", 90.0)
    assert [(r.seat, r.kind, r.due_at) for r in await repo.due_reminders(100.0)] == [
        (0, "turn", 50.0), (1, "nudge", 90.0)]
    await repo.set_seat_reminders(game, 0, False)
    assert [(r.seat, r.kind) for r in await repo.due_reminders(200.0)] == [(1, "nudge"), (1, "turn")]
    assert await repo.clear_reminders(game, seat=1, kind="nudge") == 1
    assert [(r.seat, r.kind) for r in await repo.due_reminders(200.0)] == [(1, "turn")]

    lobby = await repo.create_game(creator_id=9)
    await repo.add_seat(lobby, 9, "Ivy")
    await repo.set_reminder(lobby, 0, "turn", 1.0)
    assert all(r.game_id == game for r in await repo.due_reminders(200.0))


async def test_finishing_a_game_drops_its_reminders(repo):
    game = await active_game(repo)
    await repo.set_reminder(game, 0, "turn", 50.0)
    await repo.save_state(game, "{}", 1, status="finished")
    assert await repo.db.fetchval("SELECT count(*) FROM reminders") == 0


async def test_message_ids_are_remembered_per_kind_and_replaced(repo):
    game = await repo.create_game(creator_id=1)
    assert await repo.get_message(game, "board") is None
    await repo.set_message(game, "board", 100, 1)
    await repo.set_message(game, "board", 101, 2)
    await repo.set_message(game, "lobby", 100, 3)
    assert (await repo.get_message(game, "board")).message_id == 2
    assert [(m.kind, m.channel_id, m.message_id) for m in await repo.list_messages(game)] == [
        ("board", 101, 2), ("lobby", 100, 3)]
    assert await repo.clear_message(game, "lobby") is True
    assert await repo.get_message(game, "lobby") is None


async def test_a_player_has_one_game_per_daily_challenge(repo):
    game = await repo.create_game(
        creator_id=7, kind="daily", daily_key="2026-11-21", status="active", state='{"seed": 1}',
        seats=[(7, "Ada", False)])
    assert (await repo.find_daily_game("2026-11-21", 7)).id == game
    assert await repo.find_daily_game("2026-11-22", 7) is None
    assert await repo.find_daily_game("2026-11-21", 8) is None
    with pytest.raises(DailyGameExists) as caught:
        await repo.create_game(creator_id=7, kind="daily", daily_key="2026-11-21",
                               status="active", state="{}", seats=[(7, "Ada", False)])
    assert caught.value.game_id == game
    other = await repo.create_game(creator_id=8, kind="daily", daily_key="2026-11-21",
                                   status="active", state="{}", seats=[(8, "Bo", False)])
    assert [g.id for g in await repo.list_daily_games("2026-11-21")] == [game, other]
    assert [s.user_id for s in await repo.list_seats(game)] == [7]


async def test_cancelling_and_reconfiguring_bump_the_version_and_check_it(repo):
    game = await repo.create_game(creator_id=1)
    assert await repo.set_config(game, '{"players": 3}', expected_version=0) == 1
    with pytest.raises(StaleVersion):
        await repo.set_config(game, '{"players": 4}', expected_version=0)
    assert await repo.set_status(game, "cancelled") == 2
    row = await repo.get_game(game)
    assert (row.status, row.config, row.state) == ("cancelled", '{"players": 3}', None)
    with pytest.raises(GameNotFound):
        await repo.set_status(404, "cancelled")


@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE games SET status = 'paused'",
        "UPDATE games SET state = 'not json'",
        "UPDATE games SET status = 'active', state = NULL",
        "UPDATE games SET daily_key = '2026-11-21'",  # only daily games carry a key
        "UPDATE actions SET action = 'rewritten'",  # the log is append-only
        "INSERT INTO seats (game_id, seat, user_id, display_name) VALUES (1, 5, NULL, 'ghost')",
    ],
)
async def test_schema_rejects_inconsistent_rows(repo, sql):
    game = await active_game(repo)
    await repo.save_state(game, "{}", 1, actions=[(0, "a")])
    with pytest.raises(rejected()):
        await repo.db.execute(sql)
