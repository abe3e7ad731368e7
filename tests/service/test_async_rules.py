"""Asynchronous play as real groups use it (issue 51): round 1 follows everyone's settings and
away spells like every later round, away mode ends only by an accepted move or by running
out (and then gives the seat back at once), allow-away off pings the away player, every
deadline shown is the one the bot acts on, the stall notice keeps quiet hours, and a daily
challenge never reminds in public. The service's clock is moved by hand (conftest)."""
from __future__ import annotations

import re

import pytest

from engine import rules
from engine.errors import EngineError
from service import autoplay

HOUR = 3600.0
DAY = 24 * HOUR
NOW = 1_000_000.0  # conftest's clock at the start: 13:46 UTC


def stamps(text: str) -> list[int]:
    return [int(t) for t in re.findall(r"<t:(\d+):", text)]


async def new_game(service, players: int = 2, **options):
    game = await service.create(creator_id=1, creator_name="Ada", guild_id=5, channel_id=6,
                                options={"max_players": players, "seed": 4, **options})
    for user, name in ((2, "Bo"), (3, "Cy"))[:players - 1]:
        await service.join(game.id, user, name)
    return game


async def posts_of(service, game_id: int) -> list[dict]:
    """The game's posts owed to its thread, oldest first (marked sent: the next call gives only new ones)."""
    out = []
    for row, payload in await service.pending_posts(game_id):
        await service.mark_posted(row.id)
        out.append(payload)
    return out


async def step(service, game_id: int, user_id: int) -> None:
    game = await service.load(game_id)
    seat = game.seat_of(user_id)
    await service.act(game_id, user_id, autoplay.default_action(game.state, seat))


async def reminders(service, game_id: int) -> dict:
    return {(r.seat, r.kind): r.due_at for r in await service.repo.list_reminders(game_id)}


async def test_round_one_follows_each_players_settings_and_away_spell(service):
    """Ada is in her quiet hours (13 to 15 UTC), Bo is away, Cy turned the new-round ping off
    and wants reminders after 2 hours (the game says 12): the start behaves like any round."""
    await service.players.repo.update_settings(1, {"quiet_start": 13, "quiet_end": 15})
    await service.players.repo.update_settings(2, {"away_until": NOW + 3 * DAY})
    await service.players.repo.update_settings(3, {"round_ping": 0, "remind_hours": 2.0})
    game = await new_game(service, 3, timer_hours=1)
    game = await service.start(game.id, 1, False)
    assert game.state.phase == "rotate" and game.state.commander == 2  # Cy turns the station first
    posts = await posts_of(service, game.id)
    begins = next(p for p in posts if "begins" in p["text"])
    assert begins["mentions"] == [3]  # quiet Ada and away Bo are named, not pinged
    assert "<@1>" not in begins["text"] and "Ada" in begins["text"] and "Bo" in begins["text"]
    assert (await reminders(service, game.id))[(2, "nudge")] == NOW + 2 * HOUR  # Cy's own delay
    await step(service, game.id, 3)
    game = await service.load(game.id)
    posts = await posts_of(service, game.id)
    opened = next(p for p in posts if "Round 1 is open" in p["text"])
    assert opened["mentions"] == []   # Cy turned the round ping off too
    # the autopilot plays away Bo's round (it waits for nobody who is away)
    assert 1 not in rules.to_act(game.state) and 0 in rules.to_act(game.state)
    assert any(a.seat == 1 for a in await service.repo.list_actions(game.id))
    assert any("played by the autopilot for Bo" in p["text"] for p in posts)
    due = await reminders(service, game.id)
    assert due[(0, "nudge")] == NOW + 12 * HOUR         # the game's, outside Ada's quiet hours
    assert (1, "timer") not in due and due[(1, "back")] == NOW + 3 * DAY  # Bo: no timer, back at the end


async def test_a_refused_move_keeps_away_mode_and_an_accepted_one_ends_it(service):
    """Ada is away; here the creator turned away mode off, so her seat waits for her."""
    game = await new_game(service, 2, allow_away=False)
    game = await service.start(game.id, 1, False)
    other = await new_game(service, 2)
    other = await service.start(other.id, 1, False)
    await service.go_away(1, days=5)
    with pytest.raises(EngineError):
        await service.act(game.id, 1, "place Z99 9")  # a typo: refused
    assert (await service.settings_for(1)).away(service.clock())
    assert 0 in (await service.load(other.id)).away  # still played for her elsewhere
    await step(service, game.id, 1)                     # accepted
    assert not (await service.settings_for(1)).away(service.clock())
    assert (await reminders(service, other.id))[(0, "back")] == service.clock()  # given back at the next tick
    await service.tick()
    other = await service.load(other.id)
    assert 0 not in other.away and (0, "back") not in await reminders(service, other.id)


async def test_an_away_spell_that_runs_out_gives_back_reminders_and_timers_at_once(service):
    game = await new_game(service, 2, timer_hours=6, remind_hours=3)
    game = await service.start(game.id, 1, False)
    await service.go_away(1, days=2)
    await service.go_away(2, days=2)
    game = await service.load(game.id)
    assert game.state.round == 2  # everyone away: the autopilot played to the end of round 1
    assert {kind for _seat, kind in await reminders(service, game.id)} == {"back", "stall"}
    service.test_clock.now = NOW + 2 * DAY - 60
    await service.tick()
    assert {kind for _seat, kind in await reminders(service, game.id)} == {"back", "stall"}
    service.test_clock.now = NOW + 2 * DAY
    await service.tick()
    game = await service.load(game.id)
    assert not game.away
    due = await reminders(service, game.id)
    acting = [game.seats[i].seat for i in rules.to_act(game.state)]
    assert acting
    for seat in acting:
        assert due[(seat, "timer")] == NOW + 2 * DAY + 6 * HOUR
        assert due[(seat, "nudge")] == NOW + 2 * DAY + 3 * HOUR
    assert not [k for k in due if k[1] == "back"]


async def test_with_allow_away_off_an_away_player_is_still_pinged(service):
    """The seat waits for Bo (the creator forbade away mode here), so the posts calling on him
    ping him like anyone else."""
    game = await new_game(service, 3, allow_away=False, remind_hours=0)
    game = await service.start(game.id, 1, False)
    await service.go_away(2, days=5)
    await posts_of(service, game.id)
    await step(service, game.id, game.user_of(game.state.commander))  # Cy turns the station
    assert 1 in rules.to_act((await service.load(game.id)).state)  # Bo's seat waits for him
    opened = next(p for p in await posts_of(service, game.id) if "Round 1 is open" in p["text"])
    assert 2 in opened["mentions"] and "<@2>" in opened["text"]


async def deadlines_shown(service, game_id: int, seat: int) -> dict:
    """Every deadline the players can read for ``seat`` now: panel, /pu status."""
    game = await service.load(game_id)
    status = await service.status_report(game)
    name = game.seats[seat].display_name
    line = next(x for x in status.split("\n") if x.endswith(name) or f": {name} ·" in x)
    return {"panel": stamps(await service.deadline_note(game_id, seat)), "status": stamps(line)}


async def test_every_deadline_shown_is_the_one_the_bot_acts_on(service):
    """Turn timer in round 1 and after a slow station turn (round post, panel, status, the
    reminder's text), the stall notice and its hand-over (post and status), and an away
    spell's end (the announcement and status): each shown moment is when the bot acts."""
    game = await new_game(service, 3, timer_hours=1, remind_hours=0.5, stall_days=3)
    game = await service.start(game.id, 1, False)
    assert game.state.phase == "rotate"
    await step(service, game.id, game.user_of(game.state.commander))

    async def check_turn_timer(opened_at: float, fire: bool) -> None:
        posts = await posts_of(service, game.id)
        opened = [p for p in posts if p.get("ping") == "round"]
        assert len(opened) == 1
        promised = stamps(opened[0]["text"].split("⏱")[1])
        assert promised == [int(opened_at + HOUR)] * 2, "the round post names the timer an hour on"
        g = await service.load(game.id)
        due = await reminders(service, game.id)
        for i in rules.to_act(g.state):
            seat = g.seats[i].seat
            assert due[(seat, "timer")] == opened_at + HOUR, f"seat {seat}'s timer is not the posted one"
            shown = await deadlines_shown(service, game.id, i)
            assert shown["panel"] == promised and shown["status"] == promised
        service.test_clock.now = opened_at + 0.5 * HOUR  # the reminder names the same deadline
        await service.tick()
        nudges = [p for p in await posts_of(service, game.id) if "waiting for you" in p["text"]]
        assert nudges and all(stamps(p["text"]) == promised for p in nudges)
        service.test_clock.now = opened_at + HOUR - 1
        await service.tick()
        assert not [p for p in await posts_of(service, game.id) if "Time ran out" in p["text"]]
        if not fire:
            return
        service.test_clock.now = opened_at + HOUR
        await service.tick()
        assert [p for p in await posts_of(service, game.id) if "Time ran out" in p["text"]]

    await check_turn_timer(NOW, fire=False)  # round 1, played by hand just in time
    for _ in range(100):
        game = await service.load(game.id)
        if game.state.round == 2:
            break
        await step(service, game.id, game.user_of(rules.to_act(game.state)[0]))
    assert game.state.round == 2 and game.state.phase == "rotate"
    commander = game.state.commander
    service.test_clock.now += 50 * 60  # the commander takes 50 minutes to turn the station
    turned_at = service.clock()
    await step(service, game.id, game.user_of(commander))
    assert (await service.load(game.id)).state.phase == "turns"
    await check_turn_timer(turned_at, fire=True)

    # the stall notice (a game with no turn timer): its hand-over moment, in the post and in /pu status
    game = await new_game(service, 2, remind_hours=0, stall_days=3)
    game = await service.start(game.id, 1, False)
    stall = (await reminders(service, game.id))[(0, "stall")]
    assert stamps((await service.status_report(game)).split("\n")[-1]) == [int(stall)] * 2
    service.test_clock.now = stall - 1
    await service.tick()
    assert not [p for p in await posts_of(service, game.id) if "no move for" in p["text"]]
    service.test_clock.now = stall
    await service.tick()
    notice = [p for p in await posts_of(service, game.id) if "no move for" in p["text"]]
    handover = stamps(notice[0]["text"])
    game = await service.load(game.id)
    assert stamps((await service.status_report(game)).split("\n")[-1]) == handover
    service.test_clock.now = handover[0] - 1
    await service.tick()
    assert all(not s.is_bot for s in (await service.load(game.id)).seats)
    service.test_clock.now = handover[0]
    await service.tick()
    assert any(s.is_bot for s in (await service.load(game.id)).seats)


async def test_a_turn_timer_plays_only_the_round_whose_time_ran_out(service):
    """Bo's time runs out at the end of round 1: the autopilot plays his round 1, and round 2,
    which opens then, gives him the hour its post promises (before: his round 2 was played too,
    with no deadline ever shown)."""
    game = await new_game(service, 2, timer_hours=1, remind_hours=0)
    game = await service.start(game.id, 1, False)
    while 0 in rules.to_act((await service.load(game.id)).state):
        await step(service, game.id, 1)
    await posts_of(service, game.id)
    service.test_clock.now = NOW + HOUR
    await service.tick()
    game = await service.load(game.id)
    assert game.state.round == 2 and 1 in rules.to_act(game.state)
    posts = await posts_of(service, game.id)
    ran_out = next(p["text"] for p in posts if "Time ran out" in p["text"])
    assert "in round 1" in ran_out
    opened = next(p["text"] for p in posts if "Round 2 is open" in p["text"])
    assert "<@2>" in opened and stamps(opened) == [int(NOW + 2 * HOUR)] * 2
    assert (await reminders(service, game.id))[(1, "timer")] == NOW + 2 * HOUR


async def test_an_away_spells_end_shown_is_when_the_seat_comes_back(service):
    game = await new_game(service, 2, timer_hours=1, remind_hours=0)
    game = await service.start(game.id, 1, False)
    await posts_of(service, game.id)
    await service.go_away(1, days=3)
    await service.go_away(2, days=2)  # everyone away: the game waits in round 2
    posts = await posts_of(service, game.id)
    shown = stamps(next(p["text"] for p in posts if "away until" in p["text"] and "Bo" in p["text"]))
    game = await service.load(game.id)
    assert 1 in rules.to_act(game.state)
    line = next(x for x in (await service.status_report(game)).split("\n") if "away until" in x and "Bo" in x)
    assert stamps(line) == shown
    service.test_clock.now = shown[0] - 1
    await service.tick()
    assert (game.seats[1].seat, "timer") not in await reminders(service, game.id)
    service.test_clock.now = shown[0]
    await service.tick()
    game = await service.load(game.id)
    assert 1 not in game.away
    assert (await reminders(service, game.id))[(game.seats[1].seat, "timer")] == shown[0] + HOUR


async def test_the_stall_notice_names_but_does_not_ping_a_player_in_quiet_hours(service):
    """The same quiet-hours rule as every post: Ada (13 to 15 UTC) is named, Bo pinged."""
    await service.players.repo.update_settings(1, {"quiet_start": 13, "quiet_end": 15})
    game = await new_game(service, 2, remind_hours=0, stall_days=1)
    game = await service.start(game.id, 1, False)
    await posts_of(service, game.id)
    service.test_clock.now = NOW + DAY  # 13:46 UTC again: Ada's quiet hours
    await service.tick()
    notice = next(p for p in await posts_of(service, game.id) if "no move for" in p["text"])
    assert notice["mentions"] == [2]
    assert "<@1>" not in notice["text"] and "Ada" in notice["text"] and "<@2>" in notice["text"]


async def test_a_daily_challenge_never_reminds_even_with_a_personal_delay(service):
    await service.players.repo.update_settings(1, {"remind_hours": 1.0})
    game = await service.daily(user_id=1, name="Ada", guild_id=5, channel_id=6)
    await step(service, game.id, 1)
    assert not [k for k in await reminders(service, game.id) if k[1] in ("nudge", "last")]
    service.test_clock.now = NOW + 3 * HOUR
    await service.tick()
    assert not [p for p in await posts_of(service, game.id) if "waiting for you" in p["text"]]
