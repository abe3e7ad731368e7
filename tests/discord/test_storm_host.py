"""/storm host: a Solar Storm game's creator has the tools of /pu host (issue 53: "Everything players
rely on in Planet Unknown games works the same: ... away, pause, stall policy"): kick, replace, end,
pause, resume, allow-away, through Discord (SimCord) on the simulated clock; and every text a Storm
player reads names /storm's commands, never /pu's."""
from __future__ import annotations

import logging

import pytest

from i18n import gettext, use
from tests.discord.helpers import thread_of
from tests.discord.storm_helpers import spy_on_crew_levels, storm_game, storm_lobby

HOUR = 3600


async def crew_of_two(world, **options):
    """Alice's game (she created it) with Bob in it, started."""
    lobby = await storm_lobby(world, world.alice, players=2, **options)
    await world.bob.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    return await storm_game(world)


def posts(thread, words: str) -> list[str]:
    return [m.content for m in thread.history() if words in m.content]


def no_pu_command(thread) -> None:
    """Nothing in a Solar Storm thread names a /pu command."""
    assert not [m.content for m in thread.history() if "/pu " in m.content]


async def test_the_creator_pauses_a_storm_game_nothing_fires_then_resumes_it(world):
    game = await crew_of_two(world, remind_hours=1, timer_hours=3)
    thread = thread_of(world)
    r = await world.alice.slash(thread, "storm host pause")
    assert r.ephemeral and r.response.content == f"Game #{game.id} is paused."
    (paused,) = posts(thread, "was paused by")
    assert f"<@{world.alice.id}>" in paused and "until /storm host resume" in paused
    # "Pause this game: no turn timer, no reminders": 10 hours, past the reminder and the timer
    await world.env.advance_time(10 * HOUR)
    assert not posts(thread, "waiting for you") and not posts(thread, "Time ran out")
    game = await world.service.load(game.id)
    assert game.state.turn == 1
    status = await world.bob.slash(thread, "storm status")
    assert "no timers or reminders until /storm host resume" in status.response.content
    r = await world.alice.slash(thread, "storm host resume")
    assert r.ephemeral and r.response.content == f"Game #{game.id} is resumed."
    assert posts(thread, "was resumed by")
    # "Resume a paused game: timers and reminders start again"
    await world.env.advance_time(HOUR + 660)
    (nudge,) = posts(thread, "waiting for you")
    assert "(turn 1)" in nudge
    await world.env.advance_time(2 * HOUR)
    assert (await world.service.load(game.id)).state.turn == 2  # the turn timer played the turn
    no_pu_command(thread)


@pytest.mark.simcord(settle_timeout=60)
async def test_the_creator_hands_a_seat_to_a_hard_crew_mate_that_plays_then_ends_the_game(world, monkeypatch):
    played = spy_on_crew_levels(world, monkeypatch)
    game = await crew_of_two(world)
    thread = thread_of(world)
    bob = game.seat_of(world.bob.id)
    r = await world.alice.slash(thread, "storm host replace", seat=bob + 1, level="hard")
    reply = r.followups[-1] if r.followups else r.response
    assert reply.flags.ephemeral and f"Seat {bob + 1} is now played by" in reply.content
    assert posts(thread, f"Seat {bob + 1} (<@{world.bob.id}>) is now played by Crew-mate (bob) (computer).")
    game = await world.service.load(game.id)
    assert game.seats[bob].is_bot and game.level_of(bob, "normal") == "hard"
    # the crew-mate plays Bob's turns at the level chosen: Alice plays hers, then it is Alice's again
    alice = game.seat_of(world.alice.id)
    for _ in range(50):
        game = await world.service.load(game.id)
        if (bob, "hard") in played and game.kind.to_act(game.state) == [alice]:
            break
        choices = [c["value"] for c in await world.alice.autocomplete(thread, "storm act", "action", "")]
        action = "end" if "end" in choices else next(c for c in choices if c != "undo")
        r = await world.alice.slash(thread, "storm act", action=action)
        assert "✔" in r.response.content, r.response.content
    assert (bob, "hard") in played and game.status == "active"
    status = (await world.bob.slash(thread, "storm status")).response.content
    assert "🤖 played by a computer crew-mate: Crew-mate (bob)" in status and "utopilot" not in status
    assert {level for seat, level in played} == {"hard"}
    # Bob's own seat is no longer his to play
    refused = await world.bob.slash(thread, "storm play")
    assert refused.ephemeral
    r = await world.alice.slash(thread, "storm host end")
    assert r.ephemeral and r.response.content == f"Game #{game.id} is ended."
    assert (await world.service.load(game.id)).status == "cancelled"
    (ended,) = posts(thread, "was ended by")
    assert ended.startswith(f"Solar Storm #{game.id} was ended by <@{world.alice.id}>")
    no_pu_command(thread)


async def test_only_the_creator_or_a_manager_may_use_the_tools(world, caplog):
    game = await crew_of_two(world)
    thread = thread_of(world)
    version = (await world.service.load(game.id)).version
    cases = [("storm host pause", {}), ("storm host resume", {}), ("storm host end", {}),
             ("storm host allow-away", {"allow": False}), ("storm host replace", {"seat": 1}),
             ("storm host kick", {"player": world.alice})]
    with caplog.at_level(logging.INFO):
        for name, options in cases:
            r = await world.bob.slash(thread, name, **options)
            reply = r.followups[-1] if r.followups else r.response
            assert reply.flags.ephemeral and len(reply.content) < 200, (name, reply.content)
            assert "creator" in reply.content or "lobby" in reply.content, (name, reply.content)
    assert not [x for x in caplog.records if x.levelno >= logging.ERROR]
    assert (await world.service.load(game.id)).version == version  # nothing changed
    # a member with Manage Server may
    r = await world.admin.slash(thread, "storm host allow-away", allow=False)
    assert r.response.content == f"Away mode is off in game #{game.id}."
    assert posts(thread, "away mode is off")


async def test_kick_in_the_lobby_and_its_answer_during_the_game_name_storm_commands(world):
    lobby = await storm_lobby(world, world.alice, players=3)
    await world.bob.click(lobby, label="Join")
    await world.carol.click(lobby, label="Join")
    r = await world.alice.slash(world.channel, "storm host kick", player=world.carol)
    assert r.ephemeral and "carol was removed" in r.response.content
    game = await storm_game(world)
    assert game.seat_of(world.carol.id) is None
    edited = next(m for m in world.channel.history() if m.id == lobby.id)
    assert "carol" not in edited.content  # the lobby message shows the crew as it is now
    await world.alice.click(lobby, label="Start")
    thread = thread_of(world)
    r = await world.alice.slash(thread, "storm host kick", player=world.bob)
    assert r.ephemeral and "use /storm host replace during a game" in r.response.content


async def test_a_storm_command_where_no_game_is_points_to_storm_create(world):
    empty = world.guild.create_text_channel("empty")
    await world.env.settle()
    r = await world.alice.slash(empty, "storm status")
    assert r.ephemeral and r.response.content == ("There is no Solar Storm game in this channel. Start one with "
                                                  "/storm create, or a solo game with /storm solo.")


async def test_my_games_name_each_game_once_and_a_dm_game_as_in_your_dms(world):
    game = await crew_of_two(world)
    await world.alice.user.slash("storm solo", crew=1)
    listed = (await world.alice.slash(world.channel, "me games")).response.content.splitlines()
    (in_thread,) = [x for x in listed if x.startswith(f"**Solar Storm #{game.id}**")]
    assert in_thread.count("Solar Storm") == 1 and f"<#{game.row.thread_id}>" in in_thread
    (in_dm,) = [x for x in listed if x.endswith("(in your DMs)")]
    assert in_dm.startswith("**Solar Storm #") and "<#" not in in_dm


@pytest.mark.parametrize("language", ["en", "fr"])
async def test_a_storm_games_pause_resume_and_away_off_posts_name_solar_storm_in_the_games_language(world, language):
    """The thread hears who paused and resumed the game, and that away mode is off, with the game
    named as its other posts name it ("Solar Storm #N", "Turn N"), never "Game #N", in the game's
    language."""
    lobby = await storm_lobby(world, world.alice, players=2, language=language)
    with use(language):  # the lobby's buttons speak the game's language
        await world.bob.click(lobby, label=gettext("Join"))
        await world.alice.click(lobby, label=gettext("Start"))
    game = await storm_game(world)
    thread = thread_of(world)
    await world.alice.slash(thread, "storm host pause")
    await world.alice.slash(thread, "storm host resume")
    said = [m.content for m in thread.history() if f"<@{world.alice.id}>" in m.content and m.content[:1] in "⏸▶"]
    if language == "fr":
        assert said == [
            f"⏸ Solar Storm n° {game.id} a été suspendue par <@{world.alice.id}> : ni minuteur ni rappels jusqu'à "
            "/storm host resume. Les actions restent acceptées.",
            f"▶ Solar Storm n° {game.id} a été reprise par <@{world.alice.id}> : minuteurs et rappels repartent de "
            "maintenant."]
    else:
        assert said == [
            f"⏸ Solar Storm #{game.id} was paused by <@{world.alice.id}>: no turn timer and no reminders until "
            "/storm host resume. Actions are still accepted.",
            f"▶ Solar Storm #{game.id} was resumed by <@{world.alice.id}>: timers and reminders start again from now."]
    no_pu_command(thread)
    # and who turns away mode off
    await world.alice.slash(thread, "storm host allow-away", allow=False)
    (off,) = [m.content for m in thread.history() if m.content.startswith("🌴")]
    assert off == (f"🌴 Dans Solar Storm n° {game.id}, le mode absence est désactivé : personne ne joue les tours "
                   "d'un joueur absent." if language == "fr" else
                   f"🌴 In Solar Storm #{game.id}, away mode is off: nobody's turns are played for them while they "
                   "are away.")


@pytest.mark.parametrize("locale", ["fr", "en-US"])
async def test_storm_create_where_the_bot_may_not_post_warns_the_creator_in_storm_words(world, monkeypatch, locale):
    """/storm create in a channel where the bot may not post: its creator is told privately, in
    their language, what waits (the turns with the ship, not Planet Unknown's rounds and scores)."""
    import discord

    from tests.discord.test_languages import speak

    speak(monkeypatch, locale)
    bot_user = world.env.bot.user
    locked = world.guild.create_text_channel("locked", overwrites={bot_user: discord.PermissionOverwrite(
        send_messages=False, send_messages_in_threads=False, create_public_threads=False)})
    await world.env.settle()
    r = await world.alice.slash(locked, "storm create", players=2)
    (warning,) = [m for m in r.followups if m.content.startswith("⚠")]
    assert warning.ephemeral and ("Envoyer des messages" if locale == "fr" else "Send Messages") in warning.content
    if locale == "fr":
        assert warning.content.startswith("⚠ Il me manque des permissions dans ce salon : ")
        assert warning.content.endswith(" Les messages de la partie (tours avec le vaisseau, mentions, fin de partie) "
                                        "attendront qu’un gestionnaire du serveur les accorde.")
    else:
        assert warning.content.startswith("⚠ I am missing permissions in this channel: ")
        assert warning.content.endswith(" The game's posts (turns with the ship, pings, the end of the game) wait "
                                        "until a server manager grants them.")
