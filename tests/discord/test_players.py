"""/pu profile, /pu leaderboard pages, /pu records and /pu export what:stats through Discord
(issue 17), on a history of finished games stored as the finishing save stores them."""
from __future__ import annotations

import csv
import io

from PIL import Image

from db.players import PlayerRepository
from service import ratings

DAY = 86_400.0


async def add_finished(db, game_id, guild_id, seats, *, finished_at, solo=False, daily=None, started=None):
    """A finished game: seats are (user id or None, name, score, place, categories)."""
    await db.execute(
        "INSERT INTO games (id, guild_id, creator_id, status, kind, daily_key, config, state, created_at, updated_at)"
        " VALUES (?, ?, ?, 'finished', ?, ?, '{}', '{}', ?, ?)",
        (game_id, guild_id, seats[0][0] or 1, "daily" if daily else "normal", daily,
         started if started is not None else finished_at - 3600, finished_at))
    for n, (user, name, score, place, cats) in enumerate(seats):
        await db.execute(
            "INSERT INTO results (game_id, seat, guild_id, user_id, name, score, place, finished_at, daily_key, solo,"
            " is_bot, cat_a, cat_b, cat_c, cat_d, cat_e, cat_f, lifepods, planet, corporation, players, rounds,"
            " started_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'ksb-4156',"
            " 'universal_coalition', ?, 10, ?)",
            (game_id, n, guild_id, user, name, score, place, finished_at, daily, int(solo), int(user is None),
             *cats, cats[2], len(seats), started if started is not None else finished_at - 3600))
    async with db.transaction():
        await ratings.on_finish(PlayerRepository(db), game_id, finished_at)


async def history(world):
    """alice and bob: 25 two-player games in the server (alice wins 3 of 5), bob a solo game,
    and alice a game with eve in another server that bob does not share."""
    db = world.service.repo.db
    a, b = world.alice.id, world.bob.id
    for n in range(25):
        alice_wins = n % 5 < 3
        await add_finished(db, n + 1, world.guild.id,
                           [(a, "alice", 80 if alice_wins else 60, 1 if alice_wins else 2, (20, 10, 5, 10, 10, 5 + (0 if alice_wins else -20))),
                            (b, "bob", 70, 2 if alice_wins else 1, (20, 10, 5, 10, 10, 15))],
                           finished_at=1_000_000 + n * DAY)
    await add_finished(db, 100, world.guild.id, [(b, "bob", 90, 1, (30, 20, 10, 10, 10, 10))],
                       finished_at=1_000_000 + 30 * DAY, solo=True)
    other = world.env.create_guild("Secret Base")
    eve = other.add_member(world.env.create_user("eve"))
    await add_finished(db, 200, other.id, [(a, "alice", 150, 1, (50, 20, 20, 20, 20, 20)), (eve.id, "eve", 10, 2,
                                                                                           (2, 2, 2, 2, 1, 1))],
                       finished_at=1_000_000 + 31 * DAY)
    await world.env.settle()
    return other, eve


async def test_profile_shows_the_servers_games_with_an_image_and_exact_numbers(world):
    await history(world)
    r = await world.bob.slash(world.channel, "pu profile", member=world.alice)
    text = r.response.content
    # alice in this server: 25 games, 15 wins, average (15 x 80 + 10 x 60) / 25 = 72, best 80
    assert "25 finished games, 15 wins in 25 games with others" in text and "Average 72.0, best 80 medals" in text
    assert "150" not in text and "Secret Base" not in text  # the other server's game is not shown here
    assert "Rating" in text
    (image,) = r.response.attachments
    picture = Image.open(io.BytesIO(await image.read()))
    assert picture.format == "PNG" and picture.width == 1000
    # her own profile in a DM covers all her games, privately
    dm = await world.alice.user.slash("pu profile")
    assert dm.ephemeral and "26 finished games" in dm.response.content and "best 150" in dm.response.content


async def test_profile_privacy_and_friendly_answers(world):
    other, eve = await history(world)
    # in a DM, another player's profile covers only the DM games both played: none here
    dm = await world.bob.user.slash("pu profile", member=world.alice.user)
    assert "no finished game" in dm.response.content and "80" not in dm.response.content
    # someone who is not a member of this server
    r = await world.bob.slash(world.channel, "pu profile", member=eve.user)
    assert r.ephemeral and "not a member of this server" in r.response.content
    # a member with no games
    r = await world.carol.slash(world.channel, "pu profile")
    assert "no finished game in this server" in r.response.content and not r.response.attachments


async def test_leaderboard_pages_turn_with_buttons(world):
    db = world.service.repo.db
    members = [world.guild.add_member(world.env.create_user(f"player{n:02d}")) for n in range(23)]
    for n, m in enumerate(members):
        await add_finished(db, 500 + n, world.guild.id,
                           [(m.id, f"player{n:02d}", 50 + n, 1, (10, 10, 10, 10, 10, n)),
                            (None, "Autopilot", 10, 2, (1, 1, 1, 1, 1, 5))], finished_at=2_000_000 + n)
    await world.env.settle()
    r = await world.alice.slash(world.channel, "pu leaderboard", kind="best")
    first = r.response
    assert "Page 1/3" in first.content and "1. player22: 72 medals" in first.content
    assert "Autopilot" not in first.content
    await world.alice.click(first, label="Next ▶")
    page = first  # the same message, edited in place
    assert "Page 2/3" in page.content and "11. player12: 62 medals" in page.content
    await world.bob.click(page, label="Next ▶")
    assert "Page 3/3" in page.content and "23. player00: 50 medals" in page.content
    await world.bob.click(page, label="◀ Previous")
    assert "Page 2/3" in page.content
    # wins board and the daily board for an empty period
    wins = await world.alice.slash(world.channel, "pu leaderboard", kind="wins")
    assert "1 win\n" in wins.response.content + "\n" and "1 wins" not in wins.response.content  # issue 51: not "1 wins"
    empty = await world.alice.slash(world.channel, "pu leaderboard", kind="daily", period="today")
    assert "Nobody is on this leaderboard yet" in empty.response.content


async def test_global_board_needs_opt_in_and_lists_only_opted_in_players(world):
    await history(world)
    r = await world.alice.slash(world.channel, "pu leaderboard", kind="rating", scope="global")
    assert r.ephemeral and "global_board" in r.response.content
    await world.alice.slash(world.channel, "pu profile", global_board=True)
    r = await world.alice.slash(world.channel, "pu leaderboard", kind="rating", scope="global")
    text = r.response.content
    assert "alice" in text and "bob" not in text and "eve" not in text and "Secret Base" not in text
    server = await world.alice.slash(world.channel, "pu leaderboard", kind="rating")
    assert "alice" in server.response.content and "bob" in server.response.content


async def test_records_and_export(world):
    await history(world)
    r = await world.carol.slash(world.channel, "pu records")
    text = r.response.content
    assert "Highest total: 90 by bob (game #100" in text
    assert "Longest win streak: 3 by alice" in text
    assert "Highest F (neighbours): 15 by bob" in text
    assert "eve" not in text and "150" not in text
    export = await world.alice.slash(world.channel, "pu export", what="stats")
    assert export.ephemeral
    (file,) = (export.followups[-1] if export.followups else export.response).attachments
    rows = list(csv.DictReader(io.StringIO((await file.read()).decode())))
    assert len(rows) == 26 and rows[-1]["total"] == "150" and rows[0]["A"] == "20"
    nothing = await world.carol.slash(world.channel, "pu export", what="stats")
    assert "nothing to export" in nothing.response.content


async def test_forged_leaderboard_buttons_and_bad_options_get_short_private_answers(world):
    import random

    import pytest
    import simcord

    from .test_fuzz import assert_private_and_short, send_forged
    await history(world)
    rng = random.Random(17)
    ids = [f"pulb:{rng.choice(['zzz', 'rating', 'wins', 'best', 'solo', 'daily', 'a' * 6])}"
           f":{rng.choice(['all', 'today', 'week', 'year', 'zz'])}:{rng.choice('gsx')}:{rng.randrange(10_000)}"
           f":{rng.choice('pnq')}" for _ in range(30)]
    refused = [cid for cid in ids if cid.split(":")[3] == "g" or cid.split(":")[1] not in
               ("rating", "wins", "best", "solo", "daily") or cid.split(":")[2] not in ("all", "today", "week")
               or cid.split(":")[3] == "x" or cid.split(":")[5] == "q"]
    forged = await send_forged(world, world.channel, refused[:20])
    for cid in refused[:20]:
        r = await world.outsider.click(forged, custom_id=cid)
        assert_private_and_short(r, f"outsider clicked {cid!r}", forged)
    assert forged.content == "forged"
    # a page far past the end shows the last page; nothing is refused or raised
    ok = await send_forged(world, world.channel, ["pulb:best:all:s:9999:n"])
    r = await world.outsider.click(ok, custom_id="pulb:best:all:s:9999:n")
    assert r.acknowledged and "Page 1/1" in r.response.content
    for options in ({"kind": "elo"}, {"period": "year"}, {"scope": "galaxy"}):
        with pytest.raises(simcord.OptionError):
            await world.alice.slash(world.channel, "pu leaderboard", **options)
    with pytest.raises(simcord.OptionError):
        await world.alice.slash(world.channel, "pu profile", autopilot="maybe")
    # the daily board in a DM: only the player's own results; records in a DM: a short answer
    dm = await world.bob.user.slash("pu records")
    assert dm.ephemeral and "in a server" in dm.response.content
    dm = await world.bob.user.slash("pu leaderboard", kind="wins")
    assert dm.ephemeral and "scope: global" in dm.response.content


async def test_the_creator_allows_a_game_to_stay_rated_when_the_autopilot_takes_a_seat(world):
    from .helpers import start_game, thread_of

    game = await start_game(world, [world.alice, world.bob])
    assert game.options["rated_autopilot"] is False  # the default: not rated
    refused = await world.bob.slash(thread_of(world), "pu host rated-autopilot", allow=True)
    assert refused.ephemeral and "creator" in (refused.followups[-1] if refused.followups else refused.response).content
    assert (await world.service.load(game.id)).options["rated_autopilot"] is False
    ok = await world.alice.slash(thread_of(world), "pu host rated-autopilot", allow=True)
    assert ok.ephemeral and "moves ratings even if" in (ok.followups[-1] if ok.followups else ok.response).content
    assert (await world.service.load(game.id)).options["rated_autopilot"] is True


async def test_inconsistent_game_data_in_a_players_command_gets_the_apology_not_the_file_name(world, monkeypatch,
                                                                                              caplog):
    """A DataError is the bot's fault, not the player's: as in the game commands, the player gets
    the apology (never the data file's name) and the error is logged."""
    import logging

    from engine.errors import DataError

    async def broken(*_args, **_kwargs):
        raise DataError("planet 'ksb-4156': no square 'Z9' in planets.json")

    monkeypatch.setattr(world.service.players, "records", broken)
    r = await world.carol.slash(world.channel, "pu records")
    answer = (r.followups[-1] if r.followups else r.response).content
    assert "something went wrong on our side" in answer and "planets.json" not in answer
    assert any(rec.levelno >= logging.ERROR and isinstance(rec.exc_info[1], DataError) for rec in caplog.records)


async def test_a_players_mistake_in_a_players_command_is_answered_privately_and_not_logged(world, caplog):
    """The players' commands share the game commands' one error path (GameCog.answering): a
    refused request gets its reason, privately, and no error is logged."""
    import logging

    from .helpers import start_game, thread_of
    nowhere = await world.alice.slash(world.channel, "pu host rated-autopilot", allow=True)  # no game here
    await start_game(world, [world.alice, world.bob])
    refused = await world.bob.slash(thread_of(world), "pu host rated-autopilot", allow=False)  # not the creator
    for r in (nowhere, refused):
        answer = (r.followups[-1] if r.followups else r.response)
        assert r.ephemeral and answer.content and "went wrong" not in answer.content
    assert "creator" in (refused.followups[-1] if refused.followups else refused.response).content
    assert not [rec for rec in caplog.records if rec.levelno >= logging.ERROR]


async def test_a_servers_boards_never_show_a_nickname_from_another_server(world):
    """Issue 51, finding 12: a player's nickname in another server (here the later one) once
    showed on this server's boards and records, telling everyone where else they play. A
    server's boards use the name from that server; global boards the player's global name."""
    env, db = world.env, world.service.repo.db
    zed = env.create_user("zed", global_name="Zed Global")
    here = world.guild.add_member(zed, nick="Zed of the Club")
    secret = env.create_guild("Secret Base")
    secret.add_member(zed, nick="Secret Agent Zed")
    await env.settle()
    a = world.alice.id
    for n in range(3):
        await add_finished(db, 300 + n, world.guild.id, [(here.id, "Zed of the Club", 80, 1, (20, 10, 5, 10, 10, 25)),
                                                         (a, "alice", 60, 2, (20, 10, 5, 10, 10, 5))],
                           finished_at=1_000_000 + n * DAY)
    await add_finished(db, 400, secret.id, [(here.id, "Secret Agent Zed", 95, 1, (30, 20, 10, 10, 10, 15)),
                                            (None, "Autopilot", 10, 2, (1, 1, 1, 1, 1, 5))],
                       finished_at=1_000_000 + 9 * DAY)
    await ratings.rebuild(db)  # an operator's `python -m service.ratings --rebuild`
    await env.settle()
    texts = []
    for kind in ("rating", "wins", "best"):
        r = await world.alice.slash(world.channel, "pu leaderboard", kind=kind)
        texts.append(r.response.content)
    texts.append((await world.alice.slash(world.channel, "pu records")).response.content)
    joined = "\n".join(texts)
    assert "Zed of the Club" in joined and "Secret" not in joined, joined
    # the global boards: Zed opts in; he is shown by his global name, never a server's nickname
    await here.slash(world.channel, "pu profile", global_board=True)
    r = await here.slash(world.channel, "pu leaderboard", kind="wins", scope="global")
    assert "Zed Global" in r.response.content and "Zed of" not in r.response.content \
        and "Secret" not in r.response.content, r.response.content
