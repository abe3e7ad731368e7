"""The outbox's delivery bookkeeping (migration 0002): attempts, back-off, claims, message ids."""
from __future__ import annotations

from db import GameRepository, apply_migrations, open_database, schema_version


async def test_a_post_owed_before_the_upgrade_is_still_owed_after_it(tmp_path):
    path = tmp_path / "bot.sqlite3"
    db = await open_database(path, migrate=False)
    await apply_migrations(db, target=1)  # the first released schema
    await db.execute("INSERT INTO games (id, creator_id, status, config, state, version, created_at, updated_at)"
                     " VALUES (1, 42, 'active', '{}', '{}', 3, 1.0, 1.0)")
    await db.execute("INSERT INTO outbox (id, game_id, kind, payload, created_at) VALUES (9, 1, 'post', '{\"text\": \"hi\"}', 2.0)")
    await db.close()

    db = await open_database(path)
    try:
        assert await schema_version(db) >= 2
        (row,) = await GameRepository(db).pending_outbox()
        assert (row.id, row.payload, row.attempts, row.next_attempt_at, row.attempt_started_at, row.message_id) == (
            9, '{"text": "hi"}', 0, None, None, None)
    finally:
        await db.close()


async def test_only_one_poster_can_start_an_attempt_on_a_row(repo, clock):
    game = await repo.create_game(creator_id=1, status="active", state="{}")
    await repo.save_state(game, "{}", 0, outbox=[("post", '{"text": "a"}')])
    (row,) = await repo.pending_outbox()
    assert await repo.start_attempt(row.id, None)
    assert not await repo.start_attempt(row.id, None)  # someone read the row before that claim
    (row,) = await repo.pending_outbox()
    assert (row.attempts, row.attempt_started_at) == (1, clock.now)
    # a failure that may have created the message keeps the mark; a clear refusal drops it
    await repo.attempt_failed(row.id, clock.now + 5, maybe_sent=True)
    (row,) = await repo.pending_outbox()
    assert (row.next_attempt_at, row.attempt_started_at) == (clock.now + 5, clock.now)
    clock.now += 5
    assert await repo.start_attempt(row.id, row.attempt_started_at)
    await repo.attempt_failed(row.id, clock.now + 15, maybe_sent=False)
    (row,) = await repo.pending_outbox()
    assert (row.attempts, row.attempt_started_at) == (2, None)
    assert await repo.mark_sent(row.id, message_id=777)
    assert await repo.pending_outbox() == []
    sent = await repo.get_outbox(row.id)
    assert (sent.message_id, sent.sent_at, sent.payload) == (777, clock.now, "{}")
    assert not await repo.start_attempt(row.id, None)  # a sent row is never tried again
