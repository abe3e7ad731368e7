"""/pu leaderboard from the results index (issue 13, defects 3 and 4).

It used to parse the state of every finished game (6.9 s with 10,000 games) and, outside a
server, showed every server's daily results to anyone. Now each finished game's results are
stored with the save that finishes it, and the leaderboard reads only that table.
"""
from __future__ import annotations

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
