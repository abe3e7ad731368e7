"""Profile numbers, privacy scopes, boards, records and the export (service/players.py, issue 17)."""
from __future__ import annotations

import csv
import io
import json

import pytest

from db.connection import open_database
from db.players import GameSeat, PlayerRepository
from service import players as P
from service import ratings
from service.errors import WrongStage

DAY = 86_400.0
T0 = 1_763_942_400.0  # 2025-11-24 00:00 UTC


def seat(game_id, score, place, *, players=2, solo=False, target=None, events=None, daily=None, cats=(1, 2, 3, 4, 5, 6),
         planet="ksb-4156", corp="universal_coalition", day=0, rounds=10, hours=10.0, autopilot=False):
    finished = T0 + day * DAY
    return GameSeat(game_id, 0, 5, 1, "ann", score, place, finished, daily, solo, False, target, tuple(cats), 3,
                    planet, corp, players, events, rounds, finished - hours * 3600, autopilot, False)


def test_profile_numbers_on_a_constructed_history_are_exact():
    seats = [
        seat(1, 60, 1, players=2, cats=(10, 10, 10, 10, 10, 10), planet="cerberus", day=0),
        seat(2, 70, 2, players=2, cats=(20, 10, 10, 10, 10, 10), planet="ksb-4156", day=1),
        seat(3, 80, 3, players=4, cats=(30, 10, 10, 10, 10, 10), planet="ksb-4156", day=2, hours=20.0),
        seat(4, 90, 1, players=4, cats=(40, 10, 10, 10, 10, 10), planet="cerberus", corp="republic", day=3),
        seat(5, 50, 1, players=1, solo=True, target=45, events="hard", daily="2025-11-28", day=4),
        seat(6, 40, 1, players=1, solo=True, target=55, events="easy", daily="2025-11-29", day=5),
        seat(7, 65, 1, players=1, solo=True, target=60, events="hard", daily="2025-12-01", day=7),
    ]
    history = [(1, 1.0, 0), (2, 2.0, 0), (3, 0.5, 0), (4, 4.5, 0)]
    p = P.summarise(seats, server_avg=(15.0, 10.0, 10.0, 10.0, 10.0, 10.0), history=history, today="2025-12-01")
    assert (p["games"], p["multiplayer"], p["wins"]) == (7, 4, 2)
    assert p["by_players"] == {2: {"games": 2, "wins": 1, "podiums": 2}, 4: {"games": 2, "wins": 1, "podiums": 2}}
    assert p["average"] == round((60 + 70 + 80 + 90 + 50 + 40 + 65) / 7, 1) and p["best"] == 90
    assert p["categories"]["A"] == {"mine": round((10 + 20 + 30 + 40 + 1 + 1 + 1) / 7, 1), "server": 15.0}
    # cerberus: 2 games (60, 90: average 75); ksb-4156: 5 games (average 65): most played vs best
    assert p["planet"] == {"favourite": "ksb-4156", "best": "cerberus"}
    assert p["corporation"] == {"favourite": "universal_coalition", "best": "republic"}
    assert p["solo"]["games"] == 3 and p["solo"]["best"] == 65 and p["solo"]["reached"] == 2
    assert p["solo"]["by_events"] == {"hard": {"games": 2, "reached": 2, "best": 65},
                                      "easy": {"games": 1, "reached": 0, "best": 40}}
    # daily on the 28th, 29th, then the 1st: the streak broke on the 30th; best 2
    assert p["daily"] == {"streak": 1, "best_streak": 2}
    assert p["rating"] == 4.5 and p["trend"] == 3.5  # fewer than 6 changes: since the first
    assert p["round_seconds"] == 3600.0  # median of 1 h per round (six games) and 2 h (one)
    assert p["last_totals"] == [60, 70, 80, 90, 50, 40, 65]
    text = P.profile_text("ann", p)
    assert "7 finished games, 2 wins in 4 games with others" in text and "Average 65.0, best 90 medals" in text
    assert "Planet: most played KSB-4156, best average Cerberus." in text
    assert "by event deck: easy 0/1 (best 40), hard 2/2 (best 65)" in text
    # the autopilot's games can be left out
    seats[3] = seat(4, 90, 1, players=4, autopilot=True)
    q = P.summarise(seats, include_autopilot=False)
    assert q["games"] == 6 and q["best"] == 80 and q["wins"] == 1


def test_a_streak_ends_when_a_day_is_missed():
    seats = [seat(1, 50, 1, solo=True, daily="2025-11-28"), seat(2, 50, 1, solo=True, daily="2025-11-29")]
    assert P.summarise(seats, today="2025-11-30")["daily"] == {"streak": 2, "best_streak": 2}
    assert P.summarise(seats, today="2025-12-01")["daily"] == {"streak": 0, "best_streak": 2}


def test_scopes_a_viewer_may_see():
    assert P.scope_for(1, 2, 77) == P.Scope(guild_ids=(77,))
    assert P.scope_for(1, 1, None) == P.Scope(everything=True)
    assert P.scope_for(1, 2, None) == P.Scope(dm_with=1)


@pytest.fixture
async def db(database_target):  # a SQLite file, then a blank PostgreSQL schema
    database = await open_database(database_target)
    yield database
    await database.close()


async def add(db, game_id, guild, seats, finished_at):
    await db.execute("INSERT INTO games (id, guild_id, creator_id, status, config, state, created_at, updated_at)"
                     " VALUES (?, ?, 1, 'finished', '{}', '{}', 0, ?)", (game_id, guild, finished_at))
    await db.executemany(
        "INSERT INTO results (game_id, seat, guild_id, user_id, name, score, place, finished_at, solo, is_bot,"
        " players, started_at, rounds) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, 8)",
        [(game_id, n, guild, u, f"u{u}", s, pl, finished_at, int(u is None), len(seats), finished_at - 800)
         for n, (u, s, pl) in enumerate(seats)])
    async with db.transaction():
        await ratings.on_finish(PlayerRepository(db), game_id, finished_at)


async def add_named(db, game_id, guild, seats, finished_at, daily=None):
    """A finished game whose seats are (user, name, score, place)."""
    await db.execute("INSERT INTO games (id, guild_id, creator_id, status, config, state, created_at, updated_at)"
                     " VALUES (?, ?, 1, 'finished', '{}', '{}', 0, ?)", (game_id, guild, finished_at))
    await db.executemany(
        "INSERT INTO results (game_id, seat, guild_id, user_id, name, score, place, finished_at, solo, is_bot,"
        " players, started_at, rounds, daily_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, 8, ?)",
        [(game_id, n, guild, u, name, s, pl, finished_at, int(len(seats) == 1), len(seats), finished_at - 800, daily)
         for n, (u, name, s, pl) in enumerate(seats)])
    async with db.transaction():
        await ratings.on_finish(PlayerRepository(db), game_id, finished_at)


async def test_boards_name_a_player_by_that_servers_name_and_global_boards_by_their_global_name(db):
    """Issue 51, finding 12: a server's boards and records show the name a player had in that
    server's games, never their nickname from another server (which would tell everyone what
    other servers they are in); global boards show the name the player gave for them (their
    Discord global name), else their direct-message games' name, never a server nickname."""
    await add_named(db, 1, 10, [(1, "Ann", 80, 1), (2, "Bee", 70, 2)], 100.0)
    await add_named(db, 2, 10, [(1, "Ann", 60, 2), (2, "Bee", 75, 1)], 200.0)
    await add_named(db, 3, 20, [(2, "Bee of the Secret Base", 90, 1), (3, "Cy", 40, 2)], 300.0)  # later, elsewhere
    await add_named(db, 4, 10, [(2, "Bee", 66, 1)], 400.0, daily="1970-01-01")
    await add_named(db, 5, 20, [(2, "Bee of the Secret Base", 77, 1)], 500.0, daily="1970-01-01")
    players = P.Players(PlayerRepository(db), lambda: 600.0)
    for rebuilt in (False, True):  # as the games finished, and after `python -m service.ratings --rebuild`
        if rebuilt:
            await ratings.rebuild(db)
        shown = []
        for kind in P.BOARD_KINDS:
            shown += [row[2] for row in (await players.board(kind, "all", 10))["rows"]]
        records = await players.records(10)
        shown += [name for name, _value, _game in records.values()]
        assert "Bee" in shown and not [name for name in shown if "Secret" in name], rebuilt
    shown = []
    for kind in P.BOARD_KINDS:
        shown += [row[2] for row in (await players.board(kind, "all", 10))["rows"]]
    records = await players.records(10)
    shown += [name for name, _value, _game in records.values()]
    assert "Bee" in shown and not [name for name in shown if "Secret" in name]
    assert records["streak"][0] in ("Ann", "Bee")
    # the global boards: Bee opted in before giving a name; then with her global name
    await players.set_global(2, True)
    unnamed = [row[2] for kind in P.BOARD_KINDS for row in (await players.board(kind, "all", None))["rows"]]
    assert unnamed and not [name for name in unnamed if "Bee" in name]
    await add_named(db, 6, None, [(2, "Beatrice", 50, 1)], 700.0)  # a game in her direct messages
    assert [row[2] for row in (await players.board("wins", "all", None))["rows"]] == ["Beatrice"]
    await players.set_global(2, True, "Bea G.")
    await players.note_global_name(2, "Bea Global")  # renamed on Discord since
    for kind in P.BOARD_KINDS:
        names = {row[2] for row in (await players.board(kind, "all", None))["rows"]}
        assert names == {"Bea Global"}, kind


async def test_privacy_a_profile_holds_only_shared_servers_and_shared_dm_games(db):
    await add(db, 1, 10, [(1, 80, 1), (2, 70, 2)], 1.0)      # server 10: both
    await add(db, 2, 20, [(1, 99, 1), (3, 50, 2)], 2.0)      # server 20: the viewer (2) is not there
    await add(db, 3, None, [(1, 60, 2), (2, 65, 1)], 3.0)    # a DM game of 1 and 2
    await add(db, 4, None, [(1, 55, 1), (3, 40, 2)], 4.0)    # a DM game of 1 and 3
    players = P.Players(PlayerRepository(db), lambda: 5.0)
    in_10 = await players.profile(1, P.scope_for(2, 1, 10))
    assert in_10["games"] == 1 and in_10["best"] == 80
    dm = await players.profile(1, P.scope_for(2, 1, None))
    assert dm["games"] == 1 and dm["best"] == 60  # only the DM game both were in
    own = await players.profile(1, P.scope_for(1, 1, None))
    assert own["games"] == 4 and own["best"] == 99
    assert await players.profile(4, P.scope_for(2, 4, 10)) is None


async def test_boards_records_and_the_export(db):
    await add(db, 1, 10, [(1, 80, 1), (2, 70, 2), (None, 90, 1)], 100.0)
    await add(db, 2, 10, [(1, 85, 1), (2, 75, 2)], 200.0)
    await add(db, 3, 10, [(1, 60, 2), (2, 65, 1)], 300.0)
    await add(db, 4, 20, [(3, 120, 1), (2, 10, 2)], 400.0)
    players = P.Players(PlayerRepository(db), lambda: 500.0)
    wins = await players.board("wins", "all", 10)
    assert [(r[0], r[2], r[3]) for r in wins["rows"]] == [(1, "u1", 2), (2, "u2", 1)] and wins["pages"] == 1
    best = await players.board("best", "all", 10)
    assert [(r[2], r[3]) for r in best["rows"]] == [("u1", 85), ("u2", 75)]  # the computer's 90 is not listed
    assert (await players.board("best", "all", None))["rows"] == []  # nobody opted in
    await players.set_global(3, True, "Cy Global")
    assert [r[2] for r in (await players.board("best", "all", None))["rows"]] == ["Cy Global"]
    records = await players.records(10)
    assert records["total"] == ("u1", 85, 2) and records["streak"] == ("u1", 2, None)
    assert records["fastest"] == ("game #1", 800.0, 1)
    assert await players.records(99) == {}
    rows = list(csv.DictReader(io.StringIO(await players.export_csv(2))))
    assert [(r["game"], r["place"], r["total"]) for r in rows] == [("1", "2", "70"), ("2", "2", "75"),
                                                                    ("3", "1", "65"), ("4", "2", "10")]


async def play_out(service, game, seconds_per_move=0.0):
    """Play a started game to its end with each seat's default move (the clock moves on)."""
    from engine import rules
    from service import autoplay
    while game.status == "active":
        seat = next(i for i in rules.to_act(game.state))
        service.test_clock.now += seconds_per_move
        game = (await service.act(game.id, game.user_of(seat), autoplay.default_action(game.state, seat))).game
    return game


async def test_the_time_per_round_counts_from_the_start_not_from_the_lobby(service):
    """The lobby's wait (a day here) is not play: the median time per round counts from the
    first round's opening."""
    from service.players import Scope
    game = await service.create(creator_id=1, creator_name="Ann", guild_id=9, channel_id=5,
                                options={"max_players": 2, "seed": 4})
    await service.join(game.id, 2, "Bob")
    service.test_clock.now += 86400  # a day in the lobby
    started = service.test_clock.now
    game = await play_out(service, await service.start(game.id, 1, False), seconds_per_move=60)
    rows = await service.players.repo.game_seats(game.id)
    assert {r.started_at for r in rows} == {started}
    profile = await service.players.profile(1, Scope(guild_ids=(9,)))
    assert profile["round_seconds"] == pytest.approx((service.test_clock.now - started) / game.state.round)


async def three_player_game(service, guild_id=9):
    game = await service.create(creator_id=1, creator_name="Ann", guild_id=guild_id, channel_id=5,
                                options={"max_players": 3, "seed": 4})
    await service.join(game.id, 2, "Bob")
    await service.join(game.id, 3, "Cy")
    return await service.start(game.id, 1, False)


async def play_until_turn(service, game, round_, seat):
    """Play the default moves until round ``round_``'s turns, before ``seat`` has played its turn."""
    from engine import rules
    from service import autoplay
    while not (game.state.round == round_ and game.state.phase in ("rotate", "turns")
               and game.state.seats[seat].step != "done"):
        acting = rules.to_act(game.state)
        mover = next((i for i in acting if i != seat), acting[0])
        game = (await service.act(game.id, game.user_of(mover), autoplay.default_action(game.state, mover))).game
    return game


async def test_a_seat_handed_to_the_autopilot_stays_its_players_and_can_be_left_out(service):
    """"Only finished games count; bots and autopilot-played seats are marked and can be
    excluded" (issue 17): the game the autopilot finished for Cy is in Cy's profile, marked,
    and `autopilot:False` leaves it out; meanwhile nothing pings Cy and the autopilot plays."""
    from service.players import Scope
    game = await play_until_turn(service, await three_player_game(service), 3, 2)
    before = max(r.id for r in await service.repo.pending_outbox(game.id))
    game = await service.replace(game.id, 1, False, 2, None)
    seat = game.seats[2]
    assert (seat.user_id, seat.is_bot, seat.display_name) == (3, True, "Autopilot (Cy)")
    assert [g.id for g in await service.games_of(3, 9)] == []  # no longer Cy's game to play
    assert game.user_of(2) is None and game.seat_of(3) is None  # Cy can neither play nor be pinged
    assert all(r.seat != seat.seat for r in await service.repo.list_reminders(game.id))
    with pytest.raises(WrongStage, match="own seat 3 is played by the autopilot"):  # not another seat
        await service.replace(game.id, 1, False, 1, (3, "Cy"))
    service.test_clock.now += 30 * 86400  # every reminder and turn timer is due
    await service.tick()
    game = await play_out(service, await service.load(game.id), seconds_per_move=60)
    assert game.status == "finished"
    after = [json.loads(r.payload) for r in await service.repo.pending_outbox(game.id) if r.id > before]
    assert after[0]["text"].startswith("Seat 3 (<@3>) is now played by Autopilot (Cy)") and not after[0]["mentions"]
    assert any("is waiting for you" in p["text"] for p in after)  # the others' reminders did fire
    assert not any(3 in p["mentions"] or "<@3>" in p["text"] for p in after[1:])
    rows = {r.seat: r for r in await service.players.repo.game_seats(game.id)}
    assert (rows[2].user_id, rows[2].name, rows[2].autopilot, rows[2].is_bot) == (3, "Cy", True, False)
    assert not rows[0].autopilot and not rows[1].autopilot
    full = await service.players.profile(3, Scope(guild_ids=(9,)))
    assert full["games"] == 1 and full["autopilot_games"] == 1
    assert await service.players.profile(3, Scope(guild_ids=(9,)), include_autopilot=False) is None
    # the server's records are the players' own play: the autopilot's total for Cy is not one
    records = await service.players.records(9)
    assert all(name != "Cy" for name, _value, _game in records.values())
    best = (await service.players.board("best", "all", 9))["rows"]
    assert sorted(row[2] for row in best) == ["Ann", "Bob"]  # nor is Cy's best total the autopilot's


async def test_a_daily_challenge_the_autopilot_finished_is_not_on_the_daily_boards(service):
    """The seat stays its player's (their profile counts it, marked), but the autopilot's total
    is not their daily result: the daily boards leave it out."""
    from service.players import Scope
    game = await service.daily(user_id=4, name="Dee", guild_id=9, channel_id=5)
    game = await service.replace(game.id, 4, False, 0, None)
    assert game.status == "finished" and game.seats[0].user_id == 4
    board = await service.leaderboard(9)
    assert board["today"] == [] and board["best"] == [] and board["players_today"] == 0
    assert (await service.players.board("daily", "all", 9))["rows"] == []
    assert (await service.players.profile(4, Scope(guild_ids=(9,))))["autopilot_games"] == 1
