"""A Solar Storm game over days: a bot restart in the middle (old panels and the thread's Play
button keep working; a panel the game has moved past answers "out of date" with the current
one), reminders to the player whose turn it is and the turn timer, on the simulated clock."""
from __future__ import annotations

import random

from tests.discord.conftest import new_bot
from tests.discord.helpers import thread_of
from tests.discord.storm_helpers import panel_verbs, press, storm_game, storm_lobby

HOUR = 3600


async def crew_of_two(world, **options):
    """Alice and Bob's game, and (first, second): who acts first (the rules choose) and the other."""
    lobby = await storm_lobby(world, world.alice, players=2, **options)
    await world.bob.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    game = await storm_game(world)
    first = world.alice if game.user_of(game.kind.to_act(game.state)[0]) == world.alice.id else world.bob
    return game, first, world.bob if first is world.alice else world.alice


def a_move(message) -> str:
    """An action of the panel that can be undone (it asks nothing first), a move if there is one."""
    verbs = [v for v in panel_verbs(message) if v.startswith("a:") and v not in ("a:undo", "a:end")]
    return next((v for v in verbs if v.startswith("a:move ")), verbs[0])


async def test_a_restart_mid_turn_keeps_the_game_its_panels_and_its_buttons(world, db):
    game, first, _second = await crew_of_two(world)
    thread = thread_of(world)
    old = (await first.slash(thread, "storm play")).response
    panel = (await first.slash(thread, "storm play")).response
    moved = (await press(first, panel, a_move(panel))).response
    assert moved.content.startswith("✔ ")
    await world.env.restart_bot(new_bot(db))
    # the panel shown after the move still works after the restart
    where = a_move(moved)
    again = await press(first, moved, where)
    assert again.acknowledged and again.response.content.startswith("✔ " + where[2:])
    game = await world.service.load(game.id)
    played = [a.action for a in await world.service.repo.list_actions(game.id)]
    assert played[-1] == where[2:] and len(played) == 2
    # the panel shown before the moves is out of date: refused, with the current panel
    version = game.version
    stale = await press(first, old, a_move(old))
    assert stale.followups and "out of date" in stale.followups[-1].content
    assert "Choose an action" in stale.followups[-1].content
    assert (await world.service.load(game.id)).version == version


async def test_the_player_to_act_is_reminded_then_the_turn_timer_plays_their_turn(world):
    game, first, second = await crew_of_two(world, remind_hours=1, timer_hours=3)
    thread = thread_of(world)
    await world.env.advance_time(HOUR - 120)
    assert not [m for m in thread.history() if "waiting for you" in m.content]
    await world.env.advance_time(HOUR)
    nudges = [m for m in thread.history() if "waiting for you" in m.content]
    assert nudges and {m.raw_mentions[0] for m in nudges} == {first.id}  # only whose turn it is
    assert "<t:" in nudges[0].content  # the timer's deadline as a Discord timestamp
    assert "(turn 1)" in nudges[0].content and "round" not in nudges[0].content  # Solar Storm has turns
    assert (await world.service.load(game.id)).state.turn == 1
    await world.env.advance_time(2 * HOUR + 60)
    game = await world.service.load(game.id)
    assert game.state.turn == 2 and game.user_of(game.kind.to_act(game.state)[0]) == second.id
    notes = [m for m in thread.history() if "Time ran out" in m.content]
    assert len(notes) == 1 and first.id in notes[0].raw_mentions
    assert "on turn 1: a computer crew-mate played" in notes[0].content
    assert "round" not in notes[0].content and "autopilot" not in notes[0].content
    assert any(m.content.startswith("**Turn 1**") for m in thread.history())
    # the second player acts; the one who was timed out keeps their seat
    rng = random.Random(2)
    choices = await second.autocomplete(thread, "storm act", "action", "")
    r = await second.slash(thread, "storm act", action=rng.choice([c["value"] for c in choices
                                                                  if c["value"].startswith("move ")]))
    assert "✔" in r.response.content
    assert (await world.service.load(game.id)).seat_of(first.id) is not None


async def test_a_stalled_storm_game_and_its_status_speak_of_turns_and_computer_crew_mates(world):
    """The shared reminders, stall policy, status and history say Solar Storm's words: turns, not
    rounds; a computer crew-mate, not the autopilot."""
    game, first, _second = await crew_of_two(world, remind_hours=0, stall_days=1)
    thread = thread_of(world)
    r = await first.slash(thread, "storm history")
    assert r.ephemeral and "No turn of Solar Storm" in r.response.content and "round" not in r.response.content
    for _hour in range(25):  # a day without a move, an hour at a time (the heartbeat: every 10 minutes)
        await world.env.advance_time(HOUR)
    (notice,) = [m for m in thread.history() if "has had no move" in m.content]
    assert "computer crew-mates take over the waiting seats" in notice.content
    assert "autopilot" not in notice.content and first.id in notice.raw_mentions
    status = await first.slash(thread, "storm status")
    assert "If nobody plays, computer crew-mates finish the game" in status.response.content
    assert "autopilot" not in status.response.content
