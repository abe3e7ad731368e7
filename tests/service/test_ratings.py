"""Ratings (issue 17): openskill's Plackett-Luce model per server and global, moved in the
transaction that finishes a game, and a rebuild from scratch that gives the same numbers."""
from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from db.connection import open_database
from db.players import GLOBAL, PlayerRepository
from engine import rules
from service import autoplay, ratings


@pytest.fixture
async def db(database_target):  # a SQLite file, then a blank PostgreSQL schema
    database = await open_database(database_target)
    yield database
    await database.close()


async def add_game(db, game_id, guild, seats, *, finished_at, solo=False, config="{}"):
    """A finished game: seats are (user id or None for a computer, place, autopilot)."""
    await db.execute("INSERT INTO games (id, guild_id, creator_id, status, config, state, created_at, updated_at)"
                     " VALUES (?, ?, 1, 'finished', ?, '{}', 0, ?)", (game_id, guild, config, finished_at))
    await db.executemany(
        "INSERT INTO results (game_id, seat, guild_id, user_id, name, score, place, finished_at, solo, is_bot,"
        " autopilot) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(game_id, n, guild, user, f"p{user}", 100 - place, place, finished_at, int(solo), int(user is None),
          int(auto)) for n, (user, place, auto) in enumerate(seats)])


async def finish_incrementally(db, games):
    players = PlayerRepository(db)
    for game_id, finished_at in games:
        async with db.transaction():
            await ratings.on_finish(players, game_id, finished_at)


async def snapshot(db):
    return (await db.fetchall("SELECT scope, user_id, mu, sigma, ordinal, games FROM ratings ORDER BY 1, 2"),
            await db.fetchall("SELECT game_id, scope, user_id, mu, sigma FROM rating_history ORDER BY 1, 2, 3"),
            await db.fetchall("SELECT game_id, rated FROM results ORDER BY 1, 2"),
            await PlayerRepository(db).summaries(), await PlayerRepository(db).all_records())


async def test_a_known_sequence_of_results_gives_the_librarys_ratings_and_ties_share(db):
    await add_game(db, 1, 7, [(10, 1, False), (20, 2, False), (30, 3, False)], finished_at=1.0)
    await add_game(db, 2, 7, [(10, 3, False), (20, 1, False), (30, 1, False)], finished_at=2.0)  # 20 and 30 tie
    await finish_incrementally(db, [(1, 1.0), (2, 2.0)])
    model = PlackettLuce()
    a, b, c = model.rating(), model.rating(), model.rating()
    [[a], [b], [c]] = model.rate([[a], [b], [c]], ranks=[1, 2, 3])
    [[a], [b], [c]] = model.rate([[a], [b], [c]], ranks=[3, 1, 1])
    for scope in (7, GLOBAL):
        stored = await PlayerRepository(db).ratings(scope, [10, 20, 30])
        for user, expected in ((10, a), (20, b), (30, c)):
            assert stored[user].mu == pytest.approx(expected.mu) and stored[user].sigma == pytest.approx(expected.sigma)
            assert stored[user].games == 2
    # the tie: the two players placed first together gain the same from game 2
    history = await db.fetchall("SELECT user_id, mu FROM rating_history WHERE game_id = 2 AND scope = 7")
    gains = {user: mu for user, mu in history}
    first = await db.fetchall("SELECT user_id, mu FROM rating_history WHERE game_id = 1 AND scope = 7")
    before = dict((u, m) for u, m in first)
    assert gains[20] - before[20] > 0 and gains[30] - before[30] > 0 and gains[10] < before[10]


async def test_solo_all_computer_and_autopilot_games_move_no_rating_unless_allowed(db):
    await add_game(db, 1, 7, [(10, 1, False)], finished_at=1.0, solo=True)
    await add_game(db, 2, 7, [(None, 1, False), (None, 2, False)], finished_at=2.0)
    await add_game(db, 3, 7, [(10, 1, False), (None, 2, False)], finished_at=3.0)   # one human and a computer
    await add_game(db, 4, 7, [(10, 1, False), (20, 2, False), (None, 3, True)], finished_at=4.0)  # seat handed over
    await add_game(db, 5, 7, [(10, 2, False), (20, 1, False), (None, 3, True)], finished_at=5.0,
                   config='{"rated_autopilot": true}')
    await finish_incrementally(db, [(g, float(g)) for g in range(1, 6)])
    rated = dict(await db.fetchall("SELECT game_id, max(rated) FROM results GROUP BY game_id"))
    assert rated == {1: 0, 2: 0, 3: 0, 4: 0, 5: 1}
    stored = await PlayerRepository(db).ratings(7, [10, 20])
    assert stored[10].games == stored[20].games == 1 and stored[20].mu > stored[10].mu


async def test_a_dm_game_moves_only_the_global_rating(db):
    await add_game(db, 1, None, [(10, 1, False), (20, 2, False)], finished_at=1.0)
    await finish_incrementally(db, [(1, 1.0)])
    assert [tuple(r) for r in await db.fetchall("SELECT DISTINCT scope FROM ratings")] == [(GLOBAL,)]


async def test_a_rebuild_from_scratch_equals_the_incremental_updates(db):
    import random
    rng = random.Random(3)
    games = []
    for game_id in range(1, 41):
        users = rng.sample([10, 20, 30, 40, 50], rng.randint(2, 4))
        places = sorted(rng.randint(1, len(users)) for _ in users)
        await add_game(db, game_id, rng.choice([7, 8, None]), [(u, p, False) for u, p in zip(users, places)],
                       finished_at=float(game_id))
        await db.execute("UPDATE results SET cat_a = score - seat, started_at = ? WHERE game_id = ?",
                         (game_id - rng.random() * 5, game_id))
        games.append((game_id, float(game_id)))
    await finish_incrementally(db, games)
    incremental = await snapshot(db)
    assert len(incremental[1]) > 100
    assert any(row[-1] > 1 for row in incremental[3])  # some win streaks
    assert {row[1] for row in incremental[4]} == {"total", "A", "fastest"}
    assert await ratings.rebuild(db) == 40
    assert await snapshot(db) == incremental
    await db.execute("UPDATE ratings SET mu = 0")  # damaged: the rebuild repairs it
    await db.execute("UPDATE player_summaries SET wins = 99, best_streak = 0")
    await db.execute("DELETE FROM server_records WHERE kind = 'A'")
    await ratings.rebuild(db)
    assert await snapshot(db) == incremental


async def test_finishing_a_game_through_the_service_stores_summaries_and_ratings_together(service):
    game = await service.create(creator_id=1, creator_name="Ann", guild_id=9, channel_id=5,
                                options={"max_players": 2, "seed": 4})
    await service.join(game.id, 2, "Bob")
    game = await service.start(game.id, 1, False)
    while game.status == "active":
        seat = next(i for i in rules.to_act(game.state))
        user = game.user_of(seat)
        game = (await service.act(game.id, user, autoplay.default_action(game.state, seat))).game
    rows = await service.players.repo.game_seats(game.id)
    result = {p["seat"]: p for p in game.state.result["players"]}
    for r in rows:
        assert r.categories == tuple(result[r.seat][c]["total"] for c in "ABCDEF")
        assert r.score == sum(r.categories) and r.players == 2 and r.rated
        assert r.planet == game.state.config["planets"][r.seat] and r.rounds == game.state.round
    for scope in (9, GLOBAL):
        assert set(await service.players.repo.ratings(scope, [1, 2])) == {1, 2}



async def test_the_rebuild_command_recomputes_the_ratings_of_a_database_file(tmp_path):
    import subprocess
    import sys
    path = tmp_path / "bot.sqlite3"
    database = await open_database(path)
    try:
        await add_game(database, 1, 7, [(10, 1, False), (20, 2, False)], finished_at=1.0)
        await finish_incrementally(database, [(1, 1.0)])
        expected = await snapshot(database)
        await database.execute("DELETE FROM ratings")
    finally:
        await database.close()
    done = subprocess.run([sys.executable, "-m", "service.ratings", "--rebuild", str(path)], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0 and "1 rated game" in done.stdout
    database = await open_database(path)
    try:
        assert await snapshot(database) == expected
    finally:
        await database.close()


async def test_a_seat_the_autopilot_played_for_half_the_rounds_or_fewer_is_rated_normally(db):
    """"A game where an autopilot played a human seat for more than half the rounds is rated
    only if the creator allows it" (issue 17): half or fewer, the game and that seat's player
    are rated as usual. 10 rounds here; the autopilot took player 30's seat (seat 2)."""
    def config(turns, allowed=False):
        import json
        return json.dumps({"autopilot": {"2": {"user": 30, "name": "p30", "turns": turns}},
                           **({"rated_autopilot": True} if allowed else {})})
    cases = {1: ([[6, None]], False, True),          # rounds 6-10: five of ten, exactly half
             2: ([[5, None]], False, False),         # rounds 5-10: six of ten
             3: ([[2, 3], [8, None]], False, True),  # handed back, then over again: 2 + 3 rounds
             4: ([[3, 6], [5, None]], False, False),  # overlapping notes count a round once: 3-10
             5: ([[5, None]], True, True)}           # more than half, but the creator allowed it
    for game_id, (turns, allowed, _) in cases.items():
        await add_game(db, game_id, 7, [(10, 1, False), (20, 2, False), (30, 3, True)],
                       finished_at=float(game_id), config=config(turns, allowed))
    await db.execute("UPDATE results SET rounds = 10")
    await finish_incrementally(db, [(g, float(g)) for g in cases])
    rated = dict(await db.fetchall("SELECT game_id, max(rated) FROM results GROUP BY game_id"))
    assert rated == {g: int(expected) for g, (_, _, expected) in cases.items()}
    stored = await PlayerRepository(db).ratings(7, [10, 20, 30])
    assert stored[30].games == 3  # the seat's own player is rated with the others
    incremental = await snapshot(db)
    await ratings.rebuild(db)
    assert await snapshot(db) == incremental


async def test_handing_a_seat_to_the_autopilot_late_keeps_the_game_rated_and_early_does_not(service):
    from tests.service.test_players import play_out, play_until_turn, three_player_game
    late = await play_until_turn(service, await three_player_game(service), 16, 2)
    await service.replace(late.id, 1, False, 2, None)
    late = await play_out(service, await service.load(late.id))
    early = await play_until_turn(service, await three_player_game(service), 3, 2)
    await service.replace(early.id, 1, False, 2, None)
    early = await play_out(service, await service.load(early.id))
    assert late.state.round >= 16 and early.status == late.status == "finished"
    rows = {g.id: await service.players.repo.game_seats(g.id) for g in (late, early)}
    assert [r.rated for r in rows[late.id]] == [True] * 3 and [r.rated for r in rows[early.id]] == [False] * 3
    history = await service.players.repo.rating_history(3, 9)
    assert [h[0] for h in history] == [late.id]  # Cy's rating moved with the game the autopilot ended


async def test_two_processes_finishing_games_of_one_player_at_once_lose_no_rating_update(pg_url, monkeypatch):
    """PostgreSQL with several bot processes: player 10 finishes a game in each process at the
    same instant. Each update reads 10's rating, computes, writes; the second must read the
    first's result, or one game's change is lost (10 would show one game, not two). The update
    is run alone here: in on_finish the running totals' row locks happened to serialise it too."""
    import asyncio
    first, second = await open_database(pg_url), await open_database(pg_url)
    try:
        await add_game(first, 1, 7, [(10, 1, False), (20, 2, False)], finished_at=1.0)
        await add_game(first, 2, 7, [(10, 2, False), (30, 1, False)], finished_at=1.0)
        read = PlayerRepository.ratings
        arrived = asyncio.Event()

        async def slow_read(self, scope, user_ids):  # each waits (a little) for the other to read too
            found = await read(self, scope, user_ids)
            if arrived.is_set():
                return found
            arrived.set()
            await asyncio.sleep(0.3)
            return found

        monkeypatch.setattr(PlayerRepository, "ratings", slow_read)

        async def finish(db, game_id):  # the rating update alone (on_finish adds the running totals first)
            async with db.transaction():
                await ratings.update_for_game(PlayerRepository(db), game_id, 1.0)

        await asyncio.gather(finish(first, 1), finish(second, 2))
        monkeypatch.setattr(PlayerRepository, "ratings", read)
        for scope in (7, GLOBAL):
            stored = await PlayerRepository(first).ratings(scope, [10, 20, 30])
            assert stored[10].games == 2 and stored[20].games == stored[30].games == 1
        model = PlackettLuce()
        orders = []
        for games in (((20, 1), (30, 2)), ((30, 2), (20, 1))):  # game 1 then 2, or 2 then 1
            me = model.rating()
            for _other, mine in games:
                [[me], _] = model.rate([[me], [model.rating()]], ranks=[mine, 3 - mine])
            orders.append(me.mu)
        assert any(stored[10].mu == pytest.approx(mu) for mu in orders)
    finally:
        await first.close()
        await second.close()


async def history_to_rebuild(db):
    """Finished games whose ratings were never computed (a database just migrated to 0004),
    and the ratings the updates at each game's end would have given."""
    for game_id in range(1, 9):
        users = [10, 20, 30][: 2 + game_id % 2]
        await add_game(db, game_id, 7 if game_id % 3 else None, [(u, 1 + (i + game_id) % len(users), False)
                                                                for i, u in enumerate(users)],
                       finished_at=float(game_id))
    await finish_incrementally(db, [(g, float(g)) for g in range(1, 9)])
    expected = await snapshot(db)
    await PlayerRepository(db).clear_ratings()
    assert await PlayerRepository(db).ratings_missing()
    return expected


async def test_the_start_up_rebuild_replays_the_ratings_in_a_worker_process(db):
    """The one-time rebuild runs its rating replay in the worker pool (here the bot's process
    pool), not on the event loop, and stores exactly what the updates at each game's end gave."""
    from service import workers
    expected = await history_to_rebuild(db)
    pool = workers.process_pool(1)
    try:
        assert await ratings.rebuild_if_missing(db, pool) == 8
    finally:
        pool.shutdown()
    assert await snapshot(db) == expected
    assert await ratings.rebuild_if_missing(db, pool) is None  # done once: the next start does nothing


async def test_two_processes_starting_at_once_rebuild_the_ratings_once(pg_url, monkeypatch):
    import asyncio
    import threading
    import time
    first, second = await open_database(pg_url), await open_database(pg_url)
    try:
        expected = await history_to_rebuild(first)
        replay, threads = ratings.replay, []

        def slow_replay(games):  # long enough for the other process to ask meanwhile
            threads.append(threading.get_ident())
            time.sleep(0.3)
            return replay(games)

        monkeypatch.setattr(ratings, "replay", slow_replay)
        done = await asyncio.gather(ratings.rebuild_if_missing(first), ratings.rebuild_if_missing(second))
        assert sorted(done, key=str) == [8, None]
        assert len(threads) == 1 and threads[0] != threading.get_ident()  # once, and off the event loop
        assert await snapshot(first) == expected
    finally:
        await first.close()
        await second.close()


async def test_a_seat_handed_back_to_its_player_counts_only_the_autopilots_rounds(service):
    from tests.service.test_players import play_out, play_until_turn, three_player_game
    game = await play_until_turn(service, await three_player_game(service), 3, 2)
    await service.replace(game.id, 1, False, 2, None)
    game = await play_until_turn(service, await service.load(game.id), 5, 1)
    game = await service.replace(game.id, 1, False, 2, (3, "Cy"))
    assert game.seat_of(3) == 2 and game.user_of(2) == 3  # Cy plays again, and is pinged again
    turns = game.options["autopilot"]["2"]["turns"]
    assert turns[0][0] == 3 and turns[0][1] in (4, 5)  # round 5's turn: the autopilot's if it was played
    game = await play_out(service, game)
    rows = {r.seat: r for r in await service.players.repo.game_seats(game.id)}
    assert rows[2].user_id == 3 and rows[2].autopilot and rows[2].rated
    assert ratings.autopilot_rounds(game.options, 2, game.state.round) == turns[0][1] - 2
