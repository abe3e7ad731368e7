"""/me, the commands about the person (issue 53: "Commands about the person rather than a game
(settings, away, back, my games, profile) act on all of the user's games of both kinds: one
setting, one away spell"), and /pu hint (issue 55: "hint (`/pu hint`, the panel's Hint button,
the console's `hint`)"), through Discord (SimCord)."""
from __future__ import annotations

import io

import pytest
from PIL import Image

from service import autoplay
from tests.discord.helpers import controls, start_game, thread_of, typed
from tests.discord.storm_helpers import storm_game, storm_lobby

HOUR = 3600


def thread_of_game(world, game):
    (thread,) = [t for t in world.channel.threads if t.id == game.row.thread_id]
    return thread


def reply(result):
    return result.followups[-1] if result.followups else result.response


async def end_storm_turn(world, who, game):
    """``who`` ends their Solar Storm turn by typing (then collects and discards as asked)."""
    thread = thread_of_game(world, game)
    turn = (await world.service.load(game.id)).state.turn
    for _ in range(20):
        game = await world.service.load(game.id)
        if game.state.turn != turn or game.user_of(game.kind.to_act(game.state)[0]) != who.id:
            return game
        choices = [c["value"] for c in await who.autocomplete(thread, "storm act", "action", "")]
        action = "end" if "end" in choices else next(c for c in choices if c != "undo")
        r = await who.slash(thread, "storm act", action=action)
        assert r.ephemeral and "✔" in r.response.content, r.response.content
    raise AssertionError("the turn did not end")


async def test_one_setting_and_one_away_spell_reach_the_persons_solar_storm_game(world):
    pu = await start_game(world, [world.alice, world.bob])
    lobby = await storm_lobby(world, world.alice, players=2, timer_hours=24)  # reminders after 12 h
    await world.bob.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    storm = await storm_game(world)
    first = world.alice if storm.user_of(storm.kind.to_act(storm.state)[0]) == world.alice.id else world.bob
    second = world.bob if first is world.alice else world.alice
    storm_thread = thread_of_game(world, storm)

    # /me games: both games, whose move each is, a link to each thread
    listed = (await first.slash(world.channel, "me games")).response
    lines = listed.content.splitlines()
    (storm_line,) = [x for x in lines if x.startswith(f"**Solar Storm #{storm.id}**, turn ")]
    assert "⏳ to play: you." in storm_line and f"<#{storm_thread.id}>" in storm_line
    assert storm_line.count("Solar Storm") == 1  # the game's name once, not twice
    (pu_line,) = [x for x in lines if x.startswith("**Planet Unknown**")]
    assert f"#{pu.id}" in pu_line and f"<#{pu.row.thread_id}>" in pu_line

    # one setting: reminded after 1 hour in the Storm game (its own delay is 12)
    r = await first.slash(world.channel, "me settings", reminder_hours=1.0)
    assert r.ephemeral and "**Your settings**" in r.response.content
    await world.env.advance_time(HOUR + 120)
    nudges = [m for m in storm_thread.history() if "waiting for you" in m.content]
    assert nudges and nudges[-1].raw_mentions == [first.id]

    # one away spell: the computer crew-mate plays their Storm turn at once
    turn = (await world.service.load(storm.id)).state.turn
    r = await first.slash(world.channel, "me away", days=2)
    text = reply(r).content
    assert r.ephemeral and "You are away until" in text and f"#{storm.id}" in text and f"#{pu.id}" in text
    storm = await world.service.load(storm.id)
    assert storm.state.turn == turn + 1 and storm.user_of(storm.kind.to_act(storm.state)[0]) == second.id
    name = storm.seats[storm.seat_of(first.id)].display_name
    assert any("played by a computer crew-mate for" in m.content and name in m.content for m in storm_thread.history())
    status = (await second.slash(storm_thread, "storm status")).response.content
    assert "🌴 away until" in status
    storm = await end_storm_turn(world, second, storm)  # and their next turn too, while away
    assert storm.state.turn == turn + 3 and storm.user_of(storm.kind.to_act(storm.state)[0]) == second.id

    # /me back: the seat is theirs again; the game waits for them after the other's turn
    r = await first.slash(world.channel, "me back")
    assert r.ephemeral and "Welcome back" in r.response.content
    storm = await end_storm_turn(world, second, storm)
    assert storm.state.turn == turn + 4 and storm.user_of(storm.kind.to_act(storm.state)[0]) == first.id
    assert "⏳ to play: you." in (await first.slash(world.channel, "me games")).response.content


async def test_me_away_and_settings_tell_a_storm_player_a_computer_crew_mate_plays_their_turns(world):
    """A person whose away spell covers a Solar Storm game reads it in Solar Storm's words: a
    computer crew-mate plays their turns (Planet Unknown's autopilot plays nothing there)."""
    lobby = await storm_lobby(world, world.alice, players=2)
    await world.bob.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    storm = await storm_game(world)
    text = reply(await world.alice.slash(world.channel, "me away", days=2)).content
    assert f"Solar Storm #{storm.id}: a computer crew-mate plays your turns." in text.splitlines()
    assert "autopilot" not in text
    settings = (await world.alice.slash(world.channel, "me settings")).response.content
    (away,) = [line for line in settings.splitlines() if "Away until" in line]
    assert away.startswith("• Away until <t:") and away.endswith("): a computer crew-mate plays your turns in Solar Storm")


async def test_me_away_and_settings_with_planet_unknown_games_only_read_as_they_always_did(world):
    pu = await start_game(world, [world.alice, world.bob])
    lines = reply(await world.alice.slash(world.channel, "me away", days=2)).content.splitlines()
    assert lines[1:] == [f"The autopilot plays your seats in: #{pu.id}."]
    settings = (await world.alice.slash(world.channel, "me settings")).response.content
    (away,) = [line for line in settings.splitlines() if "Away until" in line]
    assert away.startswith("• Away until <t:") and away.endswith("): the autopilot plays your seats")


ROUND_PING_BUTTON = {  # (on, off): the settings panel's new-round ping button
    ("storm", "en"): ("In Planet Unknown, a ping when a new round opens: yes",
                      "In Planet Unknown, a ping when a new round opens: no"),
    ("storm", "fr"): ("Dans Planet Unknown, notification à chaque nouveau tour : oui",
                      "Dans Planet Unknown, notification à chaque nouveau tour : non"),
    ("pu", "en"): ("Ping when a new round opens: yes", "Ping when a new round opens: no"),
    ("pu", "fr"): ("Notification à chaque nouveau tour : oui", "Notification à chaque nouveau tour : non"),
}


@pytest.mark.parametrize("locale", ["en-US", "fr"])
@pytest.mark.parametrize("plays", ["storm", "pu"])
async def test_the_settings_panels_round_ping_button_says_which_game_it_is_for(world, monkeypatch, plays, locale):
    """Solar Storm has turns, not rounds, and each turn pings whoever plays it: its players' panel
    button names the game whose new rounds it is about (Planet Unknown) instead of promising them
    a "new round ping"; a Planet Unknown player's button says what the panel's line says. The
    button turns the setting off and reads so, in the reader's language."""
    from tests.discord.test_languages import speak

    if plays == "storm":
        lobby = await storm_lobby(world, world.alice, players=2)
        await world.bob.click(lobby, label="Join")
        await world.alice.click(lobby, label="Start")
    else:
        await start_game(world, [world.alice, world.bob])
    speak(monkeypatch, locale)
    on, off = ROUND_PING_BUTTON[plays, locale[:2]]
    panel = (await world.alice.slash(world.channel, "me settings")).response
    assert [label for cid, label, _kind in controls(panel) if cid == "puy:round"] == [on]
    clicked = await world.alice.click(panel, custom_id="puy:round")
    assert not (await world.service.settings_for(world.alice.id)).round_ping
    panel = clicked.response or panel
    assert [label for cid, label, _kind in controls(panel) if cid == "puy:round"] == [off]
    assert all(len(label) <= 80 for _cid, label, _kind in controls(panel))  # Discord's limit on a label


async def test_me_profile_is_the_profile_of_pu_profile(world):
    for who in (None, world.bob):
        named = {} if who is None else {"member": who}
        mine = await world.alice.slash(world.channel, "me profile", **named)
        same = await world.alice.slash(world.channel, "pu profile", **named)
        assert reply(mine).content == reply(same).content and "no finished game" in reply(mine).content


async def test_pu_hint_in_a_solo_game_answers_privately_with_the_placement_picture(world):
    world.service.hard_turn_s = 0.0  # the hard player's look-ahead off: the test stays quick
    await world.alice.slash(world.channel, "pu solo")
    thread = thread_of(world)
    game = (await world.service.games_of(world.alice.id))[0]
    while game.state.seats[0].step != "pick":  # to the first tile choice (private objectives first)
        await world.alice.slash(thread, "pu act", action=typed(autoplay.choose(game.state, 0, "normal")))
        game = await world.service.load(game.id)
    r = await world.alice.slash(thread, "pu hint")
    assert r.ephemeral
    answer = reply(r)
    assert answer.content.startswith("💡 **Hint**") and "take the" in answer.content
    assert answer.content == reply(await world.alice.slash(thread, "pu play", hint=True)).content  # the same
    await world.alice.slash(thread, "pu act", action="pick small")
    placed = reply(await world.alice.slash(thread, "pu hint"))
    assert "place it at" in placed.content
    (picture,) = placed.attachments
    assert Image.open(io.BytesIO(await picture.read())).format == "PNG"
    assert not any("Hint" in m.content or "💡" in m.content for m in thread.history())


async def test_pu_hint_is_refused_in_a_game_among_people_without_hints(world):
    game = await start_game(world, [world.alice, world.bob])
    r = await world.bob.slash(thread_of(world), "pu hint")
    assert r.ephemeral and "No hints in this game" in reply(r).content and "/pu create hints:True" in reply(r).content
    assert not any("💡" in m.content for m in thread_of(world).history())
    assert not game.options["hints"]


async def test_pu_hint_is_refused_in_the_daily_challenge(world):
    await world.alice.slash(world.channel, "pu daily")
    r = await world.alice.slash(world.channel, "pu hint")
    assert r.ephemeral and "No hints in the daily challenge" in reply(r).content
