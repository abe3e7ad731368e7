"""/pu leaderboard from the results index (issue 13, defects 3 and 4).

It used to parse the state of every finished game (6.9 s with 10,000 games) and, outside a
server, showed every server's daily results to anyone. Now each finished game's results are
stored with the save that finishes it, and the leaderboard reads only that table.
"""
from __future__ import annotations

from db.repository import ResultRow
from engine.state import load
from service import autoplay
from service.games import daily_key

DAY = 86_400.0


async def old_leaderboard(repo, guild_id, key, limit=10) -> dict:
    """The leaderboard as it was computed before the index (from every finished game's state),
    kept here as the reference the index must agree with."""
    async def finished(rows):
        out = []
        for row in rows:
            if row.status != "finished" or row.state is None or (guild_id is not None and row.guild_id != guild_id):
                continue
            state = load(row.state)
            seats = await repo.list_seats(row.id)
            out.append({"game": row.id, "user": row.creator_id, "name": seats[0].display_name if seats else "?",
                        "total": state.result["players"][0]["total"], "day": row.daily_key,
                        "target": (state.result.get("solo") or {}).get("target")})
        return sorted(out, key=lambda e: (-e["total"], e["game"]))

    today = await finished(await repo.list_daily_games(key))
    every = await finished(await repo.list_games(status="finished", guild_id=guild_id))
    best = [e for e in every if e["day"] is not None][:limit]
    return {"day": key, "today": today[:limit], "players_today": len(today), "best": best}


async def finish(service, game, user):
    while game.status == "active":
        seat = game.seat_of(user)
        game = (await service.act(game.id, user, autoplay.default_action(game.state, seat))).game
    return game


async def mixed_database(service) -> list[str]:
    """Daily challenges over three days in two servers and in DMs (finished and not), normal
    games with computer players (finished and cancelled). Returns the days."""
    days = []
    for day in range(3):
        days.append(daily_key(service.clock()))
        for guild, users in ((1, (11, 12, 13)), (2, (21, 22)), (None, (31,))):
            for user in users:
                game = await service.daily(user_id=user, name=f"player {user}", guild_id=guild, channel_id=5)
                if (user + day) % 4:  # some stay unfinished
                    await finish(service, game, user)
        service.test_clock.now += DAY
    for n, guild in enumerate((1, 2, 1)):
        user = 100 + n
        game = await service.create(creator_id=user, creator_name=f"host {user}", guild_id=guild, channel_id=6,
                                    options={"max_players": 2, "seed": n})
        await service.add_bot(game.id, user, False)
        game = await service.start(game.id, user, False)
        if n == 2:
            await service.cancel(game.id, user, False)
        else:
            await service.replace(game.id, user, False, 0, None)
    return days


async def test_leaderboard_from_the_index_equals_the_old_computation_on_a_mixed_database(service):
    days = await mixed_database(service)
    for guild in (1, 2):
        for key in days:
            new = await service.leaderboard(guild, key)
            old = await old_leaderboard(service.repo, guild, key)
            assert new.pop("mine") is False
            assert new.pop("you") is None  # nobody asked: no reader's own row under the list
            assert new == old
    assert (await service.leaderboard(1, days[0]))["players_today"] >= 1


async def test_leaderboard_in_a_dm_shows_only_the_players_own_results(service):
    """Defect 4: outside a server, the daily results of every server were shown to anyone."""
    days = await mixed_database(service)
    board = await service.leaderboard(None, days[0], user_id=11)
    assert board["mine"] is True
    assert board["today"] and board["best"]
    users = {e["user"] for e in board["today"] + board["best"]}
    assert users == {11}
    stranger = await service.leaderboard(None, days[0], user_id=999)
    assert stranger["today"] == [] and stranger["best"] == [] and stranger["players_today"] == 0


async def test_a_finished_game_writes_its_results_with_the_finishing_save(service):
    game = await service.create(creator_id=7, creator_name="seven", guild_id=3, channel_id=6,
                                options={"max_players": 3, "seed": 5})
    await service.add_bot(game.id, 7, False)
    await service.join(game.id, 8, "eight")
    game = await service.start(game.id, 7, False)
    assert await service.repo.game_results(game.id) == []
    game = await service.replace(game.id, 7, False, 0, None)
    assert game.status == "active"  # eight still plays
    game = await service.replace(game.id, 7, False, 2, None)
    assert game.status == "finished"
    results = await service.repo.game_results(game.id)
    by_seat = {p["seat"]: p for p in game.state.result["players"]}
    assert [(r.seat, r.score, r.place) for r in results] == [
        (s, by_seat[s]["total"], by_seat[s]["place"]) for s in sorted(by_seat)]
    assert all(r.guild_id == 3 and r.daily_key is None and not r.solo for r in results)
    # every seat ended with the autopilot; the two people's seats stay theirs (issue 17)
    assert [(r.user_id, r.is_bot) for r in results] == [(7, False), (None, True), (8, False)]


# ---------------------------------------------------------------- the reader below the top 10 (issue 53)

async def finished_result(service, user, name, score, *, guild=1, day=None, solo=True):
    """A finished Planet Unknown game of ``user`` with ``score`` medals, stored as the finishing save
    stores one (its results row; the repository adds it to the running totals the boards read)."""
    repo = service.repo
    game_id = await repo.create_game(creator_id=user, guild_id=guild, channel_id=5, kind="daily" if day else "solo",
                                     daily_key=day, status="active", state="{}", seats=[(user, name, False)])
    await repo.save_state(game_id, "{}", (await repo.get_game(game_id)).version, status="finished",
                          results=[ResultRow(seat=0, user_id=user, name=name, score=score, place=1, solo=solo)])
    service.test_clock.now += 1
    return game_id


async def test_a_reader_below_the_top_ten_sees_their_own_rank_and_row_under_the_list(service):
    """« … you: 23 of 41 »: on /pu leaderboard (the day's daily, and the boards by kind), whoever is
    below the rows listed gets their own row and rank under them; a reader on the list, a reader
    not on the board and a direct message (only the reader's own results) get no such line."""
    day = daily_key(service.clock())
    for n in range(1, 14):  # 13 players in server 1, player n with 100 - n medals: player n is n-th
        await finished_result(service, n, f"P{n}", 100 - n, day=day)
    await finished_result(service, 99, "Elsewhere", 1, guild=2, day=day)  # another server's player

    board = await service.leaderboard(1, user_id=12)
    assert [e["name"] for e in board["today"]] == [f"P{n}" for n in range(1, 11)] and board["players_today"] == 13
    assert board["you"] == {**board["you"], "name": "P12", "total": 88, "rank": 12}
    assert (await service.leaderboard(1, user_id=3))["you"] is None  # on the list already
    assert (await service.leaderboard(1, user_id=99))["you"] is None  # not on this server's board
    assert (await service.leaderboard(None, user_id=12))["you"] is None  # a DM: their own results only

    for kind, period in (("daily", "today"), ("solo", "all")):
        board = await service.players.board(kind, period, 1, user_id=13)
        assert [r[2] for r in board["rows"]] == [f"P{n}" for n in range(1, 11)]
        assert board["you"] == (13, 13, "P13", 87, 1) and board["count"] == 13
        assert (await service.players.board(kind, period, 1, user_id=2))["you"] is None
        assert (await service.players.board(kind, period, 1, user_id=99))["you"] is None
        assert (await service.players.board(kind, period, 1, page=1, user_id=13))["you"] is None  # on that page
    # the global board: only players listed on it, the reader included
    for n in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12):
        await service.players.set_global(n, True, f"G{n}")
    board = await service.players.board("solo", "all", None, user_id=12)
    assert board["count"] == 11 and board["you"] == (11, 12, "G12", 88, 1)
    assert (await service.players.board("solo", "all", None, user_id=13))["you"] is None  # not listed globally
