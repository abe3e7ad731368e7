"""The guided first game and hints through Discord (SimCord): /pu learn played to the end, each
lesson once with the decision it explains, the hint with every decision, the Hint button's
private answer with its picture, nothing of it in the game's thread; hints refused in a game
among people whose creator did not allow them, and the lobby saying when they are allowed."""
from __future__ import annotations

import io

from PIL import Image

from service import autoplay, lessons
from tests.discord.helpers import button, create_game, lobby_message, start_game, thread_of, typed
from tests.discord.helpers import shown as seen


async def test_learn_played_to_the_end_teaches_each_part_once_and_hints_privately(world):
    alice = world.alice
    world.service.hard_turn_s = 0.0  # the hard player's look-ahead off: the test stays quick
    r = await alice.slash(world.channel, "pu learn")
    assert r.ephemeral
    first = r.response
    assert "**Your first game**" in first.content and lessons.lessons()[0].text in seen(first)
    assert "💡 Hint:" in seen(first)
    (game,) = await world.service.games_of(alice.id)
    assert game.options["learn"] and game.row.kind == "solo" and game.state.config["planets"] == ["ksb-4156"]
    thread = thread_of(world)
    panels = [seen(first)]
    hinted = False
    steps = 0
    while game.status == "active":
        seat = game.seat_of(alice.id)
        if not hinted and game.state.seats[seat].step == "pick":  # the Hint button, at a tile choice
            opened = await alice.slash(thread, "pu play")
            answer = await alice.click(opened.response, custom_id=button(opened.response, "h:"))
            assert answer.ephemeral
            reply = answer.followups[-1] if answer.followups else answer.response
            assert reply.content.startswith("💡 **Hint**") and "place it at" in reply.content
            (picture,) = reply.attachments
            assert Image.open(io.BytesIO(await picture.read())).format == "PNG"
            panels.append(seen(opened.response))  # the same decision's panel: its lessons counted once below
            hinted = True
        action = autoplay.choose(game.state, seat, "normal")
        r = await alice.slash(thread, "pu act", action=typed(action))
        assert r.ephemeral and r.response.content.startswith("✔"), r.response.content
        panels.append(seen(r.response))
        steps += 1
        if steps % 20 == 0:
            await world.env.advance_time(16 * 60)  # interaction tokens expire between real moves
        game = await world.service.load(game.id)
    assert hinted and game.status == "finished"
    decisions = [p for p in panels if "Final scores" not in p and "This game is over" not in p]
    assert all("💡 Hint" in p for p in decisions)  # the hint with every decision
    seen_with: dict[str, list[int]] = {}
    for i, text in enumerate(panels):
        for lesson in lessons.lessons():
            if lesson.text in text:
                seen_with.setdefault(lesson.id, []).append(i)
    shown = {x.id for x in lessons.lessons()}
    assert set(seen_with) == shown
    for lesson_id, where in seen_with.items():
        # once, except the panel of the same decision opened again for the Hint button
        assert len(where) == 1 or (len(where) == 2 and where[1] - where[0] == 1), (lesson_id, where)
    history = thread.history()
    assert history and not any("Hint" in seen(m) or "💡" in seen(m) or "📘" in seen(m) for m in history)


async def test_hints_are_refused_privately_among_people_unless_the_creator_allowed_them(world):
    game = await start_game(world, [world.alice, world.bob])
    r = await world.bob.slash(thread_of(world), "pu play", hint=True)
    assert r.ephemeral and "No hints in this game" in (r.followups[-1] if r.followups else r.response).content
    assert not any("💡" in m.content for m in thread_of(world).history())
    assert game.options["hints"] is False
    lobby = lobby_message(await create_game(world, world.carol, players=2, hints=True))
    assert "hints allowed (not rated)" in lobby.content


async def test_no_hint_in_the_daily_challenge(world):
    await world.alice.slash(world.channel, "pu daily")
    r = await world.alice.slash(world.channel, "pu play", hint=True)
    assert r.ephemeral and "No hints in the daily challenge" in (r.followups[-1] if r.followups else r.response).content
