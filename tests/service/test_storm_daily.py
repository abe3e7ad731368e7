"""Solar Storm's daily challenge through the game service (issue 53): the same seeded solo game for
everyone each UTC day at the medium difficulty, one try a day, private until it is over, no hints;
its leaderboard (won before lost; among wins, more resource cards left in the deck first; among
losses, more rooms diverted, then more turns survived), streaks over days (the service's clock),
and the Solar Storm part of profiles and server records. On SQLite and PostgreSQL (the
``service`` fixture runs each test on both)."""
from __future__ import annotations

import json
import random

import pytest

from db.repository import OutcomeRow
from service import ConfigError, NotAllowed, WrongStage
from service.games import daily_key
from service.players import scope_for

STORM = "solar_storm"
DAY = 86400
GUILD = 5


async def daily(service, user, name="Ada", guild=GUILD):
    return await service.daily(user_id=user, name=name, guild_id=guild, channel_id=6, game=STORM)


async def finish(service, game_id, user, seed=3):
    """Play the player's turns with random legal actions (never undo) until the game ends."""
    rng = random.Random(seed)
    for _n in range(3000):
        game = await service.load(game_id)
        if game.status != "active":
            return game
        await service.act(game_id, user, rng.choice([t for t in service.suggest_actions(game, user) if t != "undo"]))
    raise AssertionError("the game did not end")


async def outcome(service, user, name, day, *, result, turn=10, diverted=0, left=0, guild=GUILD,
                  autopilot=False, crew=1, difficulty="medium", started_at=None):
    """A finished daily (or, ``day`` None, ordinary) Solar Storm game of ``user``, stored as the
    service stores one (the outcomes table, through the repository's finishing save)."""
    repo = service.repo
    game_id = await repo.create_game(creator_id=user, guild_id=guild, channel_id=6, kind="daily" if day else "solo",
                                     daily_key=day, status="active", state="{}", seats=[(user, name, False)],
                                     game=STORM)
    summary = {"result": result, "turn": turn, "diverted": diverted, "resource_deck": left, "crew": crew,
               "difficulty": difficulty, "autopilot": autopilot, "daily": day, "started_at": started_at}
    await repo.save_state(game_id, "{}", (await repo.get_game(game_id)).version, status="finished",
                          outcomes=[OutcomeRow(seat=0, user_id=user, name=name, summary=json.dumps(summary))])
    service.test_clock.now += 1
    return game_id


def today(service) -> str:
    return daily_key(service.test_clock.now)


async def test_the_daily_is_everyones_same_solo_game_at_medium_private_until_over_and_once_a_day(service):
    ada = await daily(service, 1, "Ada")
    bob = await daily(service, 2, "Bob", guild=None)
    # rulebook, solo: « vous contrôlez 3 membres d'équipage »; the same deal for everyone today
    assert ada.row.game == STORM and ada.row.kind == "daily" and ada.row.daily_key == today(service)
    assert ada.state.crew == 3 and ada.state.config["difficulty"] == "medium"
    assert ada.state.seed == bob.state.seed and ada.state.resource_deck == bob.state.resource_deck
    assert (await daily(service, 1)).id == ada.id  # an unfinished try carries on
    # nothing of it in public before the end: no start post, no turn logs, no "your turn"
    await service.act(ada.id, 1, next(t for t in service.suggest_actions(ada, 1) if t.startswith("move ")))
    assert await service.pending_posts(ada.id) == []
    with pytest.raises(NotAllowed, match="No hints in the daily challenge"):
        await service.hint(ada.id, 1)
    with pytest.raises(WrongStage, match="seen only by its player"):
        await service.history(ada.id, 3, 1)
    game = await finish(service, ada.id, 1)
    [(_row, post)] = await service.pending_posts(ada.id)  # the finishing post: the result only
    summary = game.state.result
    assert post["text"].startswith(f"🏁 <@1> finished the Solar Storm daily {today(service)} (medium): ")
    assert ("won on turn" if summary["result"] == "won" else "lost on turn") in post["text"]
    assert "Turn" not in post["text"] and post["image"] is None
    # a second try the same day: a short answer with the result and when the next one comes
    with pytest.raises(WrongStage, match=r"already played today's Solar Storm daily .*00:00 UTC"):
        await daily(service, 1)
    # Planet Unknown's daily is another game: the same player may still play it today
    pu = await service.daily(user_id=1, name="Ada", guild_id=GUILD, channel_id=6)
    assert pu.row.game == "planet_unknown" and pu.row.daily_key == today(service)
    # tomorrow: a new game, another seed
    service.test_clock.now += DAY
    assert (await daily(service, 1)).state.seed != ada.state.seed


async def test_the_leaderboard_ranks_wins_by_cards_left_then_losses_by_rooms_diverted_then_turns(service):
    day = today(service)
    # finished in this order; the ranking is the rule's, not the order of finishing
    await outcome(service, 1, "Lost-3-rooms-turn-9", day, result="lost", diverted=3, turn=9)
    await outcome(service, 2, "Won-2-cards", day, result="won", left=2, turn=20)
    await outcome(service, 3, "Lost-3-rooms-turn-12", day, result="lost", diverted=3, turn=12)
    await outcome(service, 4, "Won-5-cards", day, result="won", left=5, turn=25)
    await outcome(service, 5, "Lost-5-rooms", day, result="lost", diverted=5, turn=8)
    await outcome(service, 6, "Autopilot-won", day, result="won", left=9, autopilot=True)  # not their result
    await outcome(service, 7, "Elsewhere", day, result="won", left=9, guild=99)  # another server
    board = await service.daily_board(STORM, guild_id=GUILD, user_id=1)
    assert [r["name"] for r in board["rows"]] == [
        "Won-5-cards", "Won-2-cards", "Lost-5-rooms", "Lost-3-rooms-turn-12", "Lost-3-rooms-turn-9"]
    assert [r["rank"] for r in board["rows"]] == [1, 2, 3, 4, 5] and board["count"] == 5
    # a direct message shows only the reader's own result
    mine = await service.daily_board(STORM, guild_id=None, user_id=3)
    assert mine["mine"] and [r["name"] for r in mine["rows"]] == ["Lost-3-rooms-turn-12"]


async def test_a_global_board_names_players_by_the_name_they_gave_on_opting_in(service):
    day = today(service)
    await outcome(service, 1, "Ada (server nickname)", day, result="won", left=1)
    await outcome(service, 2, "Bob", day, result="lost", diverted=2, guild=77)
    await outcome(service, 3, "Cy", day, result="won", left=4)  # not on global boards
    with pytest.raises(NotAllowed, match="global_board:True"):
        await service.daily_board(STORM, guild_id=GUILD, user_id=1, scope="global")
    await service.players.set_global(1, True, "Ada Lovelace")
    await service.players.set_global(2, True, "Bob B")
    board = await service.daily_board(STORM, guild_id=GUILD, user_id=1, scope="global")
    assert [r["name"] for r in board["rows"]] == ["Ada Lovelace", "Bob B"]


async def test_bad_days_and_empty_days_get_an_answer_saying_what_is_accepted(service):
    day = today(service)
    for wrong in ("2026-13-01", "yesterday", "1/12/2026", "2026-1-5"):
        with pytest.raises(ConfigError, match="YYYY-MM-DD"):
            await service.daily_board(STORM, guild_id=GUILD, user_id=1, day=wrong)
    with pytest.raises(ConfigError, match="has not come yet"):
        await service.daily_board(STORM, guild_id=GUILD, user_id=1, day="2999-01-01")
    with pytest.raises(WrongStage, match=rf"Nobody here has finished the Solar Storm daily of {day}.*/storm daily"):
        await service.daily_board(STORM, guild_id=GUILD, user_id=1)
    with pytest.raises(WrongStage, match="You have no finished Solar Storm daily"):
        await service.daily_board(STORM, guild_id=None, user_id=1, day="1970-01-05")


async def test_streaks_count_days_in_a_row_played_and_won_and_end_when_a_day_is_missed(service):
    results = ["won", "won", "lost", "won", "won", "won"]  # six days in a row
    for result in results:
        await outcome(service, 1, "Ada", today(service), result=result, left=3, diverted=2)
        service.test_clock.now += DAY
    # the next day, not played yet: the streaks still stand (today's may still come)
    [row] = (await service.daily_board(STORM, guild_id=GUILD, user_id=1,
                                       day=_day_before(today(service))))["rows"]
    assert (row["streak"], row["best"], row["win_streak"], row["best_win_streak"]) == (6, 6, 3, 3)
    profile = await service.outcome_profile(1, STORM, scope_for(1, 1, GUILD))
    assert profile["daily"] == {"streak": 6, "best": 6, "win_streak": 3, "best_win_streak": 3}
    # a day missed ends both; the best ones stay
    service.test_clock.now += DAY
    profile = await service.outcome_profile(1, STORM)
    assert profile["daily"] == {"streak": 0, "best": 6, "win_streak": 0, "best_win_streak": 3}
    # a daily the computer played for the player counts in no streak
    await outcome(service, 1, "Ada", today(service), result="won", left=3, autopilot=True)
    assert (await service.outcome_profile(1, STORM))["daily"]["streak"] == 0


def _day_before(day: str) -> str:
    import datetime as dt
    return (dt.date.fromisoformat(day) - dt.timedelta(days=1)).isoformat()


async def test_profile_and_records_give_games_wins_by_difficulty_and_crew_hardest_and_fastest(service):
    t0 = service.test_clock.now
    await outcome(service, 1, "Ada", None, result="won", turn=30, difficulty="easy", crew=1, started_at=t0 - 7200)
    await outcome(service, 1, "Ada", None, result="won", turn=22, difficulty="hard", crew=3, started_at=t0 - 600)
    await outcome(service, 1, "Ada", None, result="lost", turn=12, difficulty="veteran", crew=2)
    await outcome(service, 1, "Ada", None, result="won", turn=15, difficulty="realistic", crew=2, autopilot=True)
    await outcome(service, 2, "Bob", None, result="won", turn=25, difficulty="medium", crew=1)
    await outcome(service, 1, "Ada", None, result="won", turn=9, difficulty="easy", guild=99)  # another server
    profile = await service.outcome_profile(1, STORM, scope_for(1, 1, GUILD))
    assert profile["games"] == 4 and profile["wins"] == 2 and profile["autopilot_games"] == 1
    assert profile["wins_by_difficulty"] == {"easy": 1, "hard": 1} and profile["wins_by_crew"] == {1: 1, 3: 1}
    assert (profile["hardest_won"], profile["fastest_win"]) == ("hard", 22)
    assert 600 <= profile["fastest_win_seconds"] < 700
    assert (await service.outcome_profile(1, STORM))["fastest_win"] == 9  # her own view: every server
    [part] = await service.outcome_profiles(1, scope_for(1, 1, GUILD))  # Planet Unknown adds none: no game
    assert part["text"].startswith("**Solar Storm**: 4 finished games, 2 wins.")
    assert "Hardest difficulty won: hard; fastest win: turn 22" in part["text"]
    title, tiles = part["section"]  # the profile image's Solar Storm row
    assert title == "Solar Storm" and ("hardest won", "hard") in tiles and ("fastest win", "turn 22") in tiles
    records = await service.outcome_records(STORM, GUILD)
    assert records["hardest"] == {"value": "hard", "who": "Ada", "game": records["hardest"]["game"]}
    assert records["fastest_turns"]["value"] == 22  # the autopilot's turn-15 win is nobody's record
    assert records["wins"] == {"value": 2, "who": "Ada", "game": None}
    assert await service.outcome_records(STORM, 12345) == {}


async def test_nobody_plays_the_daily_for_an_away_player_and_no_reminder_or_timer_runs(service):
    game = await daily(service, 1)
    turn, version = game.state.turn, game.version
    _settings, played_in, _refused = await service.go_away(1, days=1)
    assert played_in == []  # the daily is theirs to play, or nobody's
    service.test_clock.now += 3 * DAY
    await service.tick()
    game = await service.load(game.id)
    assert (game.state.turn, game.version, game.status) == (turn, version, "active")
    assert await service.repo.list_reminders(game.id) == [] and await service.pending_posts(game.id) == []


async def test_a_french_daily_posts_its_result_in_french_and_a_french_reader_gets_french_answers(service):
    from i18n import use

    game = await service.daily(user_id=1, name="Ada", guild_id=GUILD, channel_id=6, game=STORM, language="fr")
    await finish(service, game.id, 1)
    [(_row, post)] = await service.pending_posts(game.id)
    assert post["text"].startswith("🏁 <@1> a terminé le défi du jour Solar Storm ") and "(Moyenne)" in post["text"]  # the rulebook's level
    assert "Voyez /storm classement." in post["text"]
    with use("fr"), pytest.raises(WrongStage, match="Vous avez déjà joué le défi du jour Solar Storm"):
        await daily(service, 1)
    with use("fr"), pytest.raises(ConfigError, match="jour : une date écrite YYYY-MM-DD"):
        await service.daily_board(STORM, guild_id=GUILD, user_id=1, day="demain")


async def test_a_reader_below_the_top_ten_gets_their_own_row_and_rank_under_the_list(service):
    """« … you: 23 of 41 » (issue 53, as /pu leaderboard): the board lists ten; the reader ranked
    below gets their own row (streaks included) and rank; a reader on the list, a reader not on this
    server's board, and a global board the reader is not on give no such row."""
    day = today(service)
    for n in range(1, 13):  # player n is n-th: more turns survived ranks higher among equal losses
        await outcome(service, n, f"P{n}", day, result="lost", diverted=2, turn=40 - n)
    await outcome(service, 50, "Elsewhere", day, result="won", left=3, guild=99)
    board = await service.daily_board(STORM, guild_id=GUILD, user_id=12)
    assert [r["name"] for r in board["rows"]] == [f"P{n}" for n in range(1, 11)] and board["count"] == 12
    you = board["you"]
    assert (you["rank"], you["user"], you["name"], you["entry"]["turn"], you["streak"]) == (12, 12, "P12", 28, 1)
    assert (await service.daily_board(STORM, guild_id=GUILD, user_id=4))["you"] is None
    assert (await service.daily_board(STORM, guild_id=GUILD, user_id=50))["you"] is None
    for n in (*range(1, 11), 12):
        await service.players.set_global(n, True, f"G{n}")
    board = await service.daily_board(STORM, guild_id=GUILD, user_id=12, scope="global")
    assert board["you"]["rank"] == 11 and board["you"]["name"] == "G12" and board["count"] == 11  # P11: not listed
