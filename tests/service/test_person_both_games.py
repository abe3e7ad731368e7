"""Issue 53: "Commands about the person rather than a game (settings, away, back, my games,
profile) act on all of the user's games of both kinds: one setting, one away spell." A person
(Ada, user 1) plays a Planet Unknown game and a Solar Storm game at once; her one set of
settings (reminder delay, quiet hours) times the reminders of both, and one away spell hands
both seats to the computer (in Solar Storm: the computer crew-mate at the game's level) until
she is back. On SQLite and PostgreSQL (the ``service`` fixture runs each test on both)."""
from __future__ import annotations

import pytest

import service.kinds.solar_storm as storm_kind
from service import autoplay
from service.settings import round_ping_label
from tests.service.test_async_rules import posts_of

HOUR = 3600.0
DAY = 24 * HOUR
NOW = 1_000_000.0  # conftest's clock at the start: 13:46:40 UTC, day 11 of 1970
QUIET_END = 11 * DAY + 18 * HOUR  # 18:00 UTC that day


async def pu_game(service, **options):
    """Planet Unknown: Ada and Bo, Ada with something to decide."""
    game = await service.create(creator_id=1, creator_name="Ada", guild_id=5, channel_id=6,
                                options={"max_players": 2, "seed": 4, **options})
    await service.join(game.id, 2, "Bo")
    game = await service.start(game.id, 1, False)
    while 0 not in game.kind.to_act(game.state):  # the commander (Bo) turns the station first
        seat = game.kind.to_act(game.state)[0]
        game = (await service.act(game.id, game.seats[seat].user_id,
                                  str(autoplay.default_action(game.state, seat)))).game
    return game


async def storm_game(service, **options):
    """Solar Storm: Ada (first to act) and Cy."""
    game = await service.create(creator_id=1, creator_name="Ada", guild_id=5, channel_id=7, game="solar_storm",
                                options={"max_players": 2, "seed": 7, **options})
    await service.join(game.id, 3, "Cy")
    game = await service.start(game.id, 1, False)
    assert game.kind.to_act(game.state) == [0]
    return game


async def reminders(service, game_id: int) -> dict:
    return {(r.seat, r.kind): r.due_at for r in await service.repo.list_reminders(game_id)}


async def end_turn(service, game_id: int, user_id: int) -> None:
    """The user's crew member ends their Solar Storm turn (then collects and discards as asked)."""
    game = await service.load(game_id)
    pos, turn = game.seat_of(user_id), game.state.turn
    await service.act(game_id, user_id, "end")
    game = await service.load(game_id)
    while game.status == "active" and game.state.turn == turn and game.kind.to_act(game.state) == [pos]:
        game = (await service.act(game_id, user_id,
                                  next(t for t in service.suggest_actions(game, user_id) if t != "undo"))).game


async def test_one_setting_times_the_reminders_of_both_games_quiet_hours_included(service):
    pu = await pu_game(service)  # each game's own delay: 12 hours
    storm = await storm_game(service)
    for game in (pu, storm):
        assert (await reminders(service, game.id))[(game.seats[0].seat, "nudge")] == pytest.approx(
            service.clock() + 12 * HOUR, abs=1)
        await posts_of(service, game.id)
    # "remind me after 2 hours, but not between 15:00 and 18:00 UTC": 15:46 falls in the quiet hours
    await service.update_settings(1, remind_hours=2, time_zone="UTC", quiet_hours=(15, 18))
    for game in (pu, storm):
        assert (await reminders(service, game.id))[(game.seats[0].seat, "nudge")] == QUIET_END, game.kind.name
    service.test_clock.now = NOW + 2 * HOUR + 60  # her 2 hours are up, in her quiet hours: nothing yet
    await service.tick()
    for game in (pu, storm):
        assert not [p for p in await posts_of(service, game.id) if 1 in (p.get("mentions") or [])]
    service.test_clock.now = QUIET_END + 1  # quiet hours over: both games remind her
    await service.tick()
    for game in (pu, storm):
        (post,) = [p for p in await posts_of(service, game.id) if 1 in (p.get("mentions") or [])]
        assert f" #{game.id} is waiting for you" in post["text"] and "<@1>" in post["text"]  # each in its words


async def test_one_away_spell_hands_both_seats_to_the_computer_and_back_returns_them(service, monkeypatch):
    levels: list[str] = []
    crew_mate = storm_kind.crew_mate

    def recorded(state, seat, level, budget_s=None, memory=None):  # the worker's crew-mate, watched
        levels.append(level)
        return crew_mate(state, seat, level, budget_s, memory)

    monkeypatch.setattr(storm_kind, "crew_mate", recorded)
    pu = await pu_game(service)
    storm = await storm_game(service, timer_hours=2, autopilot_level="easy")  # the service's own: random
    turn = storm.state.turn
    await posts_of(service, storm.id)

    mine, played, refused = await service.go_away(1, days=2)
    assert sorted(played) == sorted([pu.id, storm.id]) and refused == []
    storm = await service.load(storm.id)
    assert storm.state.turn == turn + 1 and storm.kind.to_act(storm.state) == [1]  # her turn was played
    assert levels and set(levels) == {"easy"}  # by the crew-mate at the game's level
    (line,) = [p["text"] for p in await posts_of(service, storm.id) if "🌴" in p["text"]]
    assert "for Ada, who is away until" in line and "<@1>" not in line
    due = await reminders(service, storm.id)
    assert due[(storm.seats[0].seat, "back")] == mine.away_until and (storm.seats[0].seat, "timer") not in due
    assert service.waiting_text(storm, 1) == "⏳ to play: Cy."  # (her list of games)
    pu = await service.load(pu.id)
    assert 0 in pu.away and 0 not in pu.kind.to_act(pu.state)  # her Planet Unknown move was played too

    await end_turn(service, storm.id, 3)  # Cy's turn; Ada's next one is played for her at once
    storm = await service.load(storm.id)
    assert storm.state.turn == turn + 3 and storm.kind.to_act(storm.state) == [1]

    levels.clear()
    await service.come_back(1)
    await end_turn(service, storm.id, 3)
    storm = await service.load(storm.id)
    assert storm.state.turn == turn + 4 and storm.kind.to_act(storm.state) == [0]  # it waits for her now
    assert levels == [] and storm.away == {}
    due = await reminders(service, storm.id)
    assert (storm.seats[0].seat, "timer") in due and (storm.seats[0].seat, "back") not in due
    assert service.waiting_text(storm, 1) == "⏳ to play: you."


WORDS = {  # what away mode tells the person, by language: Planet Unknown's are those it always said
    "en": {"pu_status": "Away until <t:{t}:f> (<t:{t}:R>): the autopilot plays your seats",
           "storm_status": "Away until <t:{t}:f> (<t:{t}:R>): a computer crew-mate plays your turns in Solar Storm",
           "both_status": "Away until <t:{t}:f> (<t:{t}:R>): in Planet Unknown, the autopilot plays your seats; "
                          "in Solar Storm, a computer crew-mate plays your turns",
           "pu_in": "The autopilot plays your seats in: #{pu}.",
           "pu_named": "Planet Unknown #{pu}: the autopilot plays your seats.",
           "storm_in": "Solar Storm #{storm}: a computer crew-mate plays your turns."},
    "fr": {"pu_status": "Absent jusqu'au <t:{t}:f> (<t:{t}:R>) : le pilote automatique joue à votre place",
           "storm_status": "Absent jusqu'au <t:{t}:f> (<t:{t}:R>) : un équipier ordinateur joue vos tours dans "
                           "Solar Storm",
           "both_status": "Absent jusqu'au <t:{t}:f> (<t:{t}:R>) : dans Planet Unknown, le pilote automatique joue à "
                          "votre place ; dans Solar Storm, un équipier ordinateur joue vos tours",
           "pu_in": "Le pilote automatique joue à votre place dans : #{pu}.",
           "pu_named": "Planet Unknown #{pu} : le pilote automatique joue à votre place.",
           "storm_in": "Solar Storm #{storm} : un équipier ordinateur joue vos tours."},
}


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("plays", ["pu", "storm", "both"])
async def test_away_mode_says_what_plays_the_persons_seats_in_each_of_their_games_own_words(
        service, plays, language):
    """One away spell over both games: /me away's answer and the settings panel say what plays
    for Ada in each game in that game's words (Solar Storm: a computer crew-mate plays her turns);
    with Planet Unknown games only she reads what she always read."""
    from i18n import use

    pu = await pu_game(service) if plays in ("pu", "both") else None
    storm = await storm_game(service) if plays in ("storm", "both") else None
    mine, played, refused = await service.go_away(1, days=2)
    assert sorted(played) == sorted(g.id for g in (pu, storm) if g) and refused == []
    with use(language):
        lines = await service.away_lines(played)
        away = mine.describe(service.clock(), await service.kinds_of_user(1))[-1]
    words = {k: v.format(t=int(mine.away_until), pu=pu and pu.id, storm=storm and storm.id)
             for k, v in WORDS[language].items()}
    if plays == "pu":
        assert lines == [words["pu_in"]] and away == words["pu_status"]
    elif plays == "storm":
        assert lines == [words["storm_in"]] and away == words["storm_status"]
    else:
        assert lines == [words["pu_named"], words["storm_in"]] and away == words["both_status"]


ROUND_PING = {
    "en": {"pu": "Ping when a new round opens: {answer}",
           "storm": "In Solar Storm, a ping when your turn comes (outside your quiet hours)",
           "both": "In Planet Unknown, a ping when a new round opens: {answer}; in Solar Storm, a ping when your "
                   "turn comes (outside your quiet hours)"},
    "fr": {"pu": "Notification à chaque nouveau tour : {answer}",
           "storm": "Dans Solar Storm, une notification quand vient votre tour (hors de vos heures calmes)",
           "both": "Dans Planet Unknown, notification à chaque nouveau tour : {answer} ; dans Solar Storm, une "
                   "notification quand vient votre tour (hors de vos heures calmes)"},
}


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("plays", ["pu", "storm", "both"])
async def test_the_settings_panel_says_what_pings_the_person_in_each_of_their_games(service, plays, language):
    """/me settings' ping line is true for each game the person plays: Planet Unknown's new-round
    ping is its setting (a Planet-Unknown-only person reads what they always read); in Solar Storm,
    which has turns and no rounds, their turn pings them (outside quiet hours) whatever it says. The
    button that turns the setting on or off names Planet Unknown once they play Solar Storm."""
    from i18n import use

    if plays in ("pu", "both"):
        await pu_game(service)
    if plays in ("storm", "both"):
        await storm_game(service)
    named = ROUND_PING[language]["both"].split(" ; " if language == "fr" else "; ")[0]
    for on, answer in ((True, {"en": "yes", "fr": "oui"}), (False, {"en": "no", "fr": "non"})):
        mine = await service.update_settings(1, round_ping=on)
        with use(language):
            kinds = await service.kinds_of_user(1)
            lines = mine.describe(service.clock(), kinds)
            button = round_ping_label(mine.round_ping, kinds)
        assert lines[3] == ROUND_PING[language][plays].format(answer=answer[language])
        # the panel's button: the line where the setting is every game's; else it names Planet Unknown
        assert button == (lines[3] if plays == "pu" else named.format(answer=answer[language])), button
