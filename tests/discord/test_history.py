"""What happened while I was away, in Discord: the round log in the thread's summary posts,
/pu history of a past round, /pu export of a finished game's replay file, and the final post
with its facts and medals chart."""
from __future__ import annotations

import io
import json

from PIL import Image

from engine import rules
from engine.replay import replay
from engine.state import copy
from engine.view import public_view
from service import autoplay, roundlog
from tests.discord.helpers import start_game, thread_of


async def play_until(world, game, done):
    """Each player's whole decision as one service request (the autopilot's choice), the
    posts delivered after each, until ``done(game)``."""
    while game.status == "active" and not done(game):
        seat = next(i for i in rules.to_act(game.state) if game.user_of(i) is not None)
        actions = autoplay.play_for(copy(game.state), seat, "random")
        await world.service.act_all(game.id, game.user_of(seat), [str(a) for a in actions])
        await world.cog.flush(game.id)
        game = await world.service.load(game.id)
    return game


def said(result):
    """The answer to a deferred command (its first follow-up is the answer itself)."""
    return result.followups[-1] if result.followups else result.response


async def picture(message):
    (file,) = message.attachments
    return await file.read()


async def test_history_export_and_the_final_post_of_a_whole_game(world):
    players = [world.alice, world.bob]
    game = await start_game(world, players)
    thread = thread_of(world)
    nothing = await world.bob.slash(thread, "pu history")
    assert nothing.ephemeral and "No round of game" in said(nothing).content
    game = await play_until(world, game, lambda g: g.state.round >= 5)
    early = await world.alice.slash(thread, "pu export")
    assert early.ephemeral and "once the game is over" in said(early).content
    ahead = await world.outsider.slash(thread, "pu history", round=game.state.round)
    assert "choose a round from 1 to 4" in said(ahead).content

    # /pu history 3: round 3's log and the planets at its end, not round 4's
    r3 = await world.outsider.slash(thread, "pu history", round=3)
    answer = said(r3)
    assert answer.ephemeral and "round 3" in answer.content
    summaries = [m for m in thread.history() if m.content.startswith("**Round") and "is over" in m.content]
    assert len(summaries) == 4
    assert summaries[2].content.split("\n", 1)[1] in answer.content  # the log posted when round 3 ended
    assert summaries[3].content.split("\n", 1)[1] not in answer.content
    for name in ("alice", "bob"):
        assert f"\n{name}: " in answer.content
    png = await picture(answer)
    assert png == await picture(summaries[2]) != await picture(summaries[3])  # the planets after round 3
    for bad in (0, 9, -1):
        r = await world.alice.slash(thread, "pu history", round=bad)
        assert r.ephemeral and "from 1 to 4" in said(r).content

    # the end: the final post has the facts and the chart, and names /pu export
    game = await play_until(world, game, lambda g: False)
    await world.cog.flush()
    (final,) = [m for m in thread.history() if "Final scores" in m.content]
    assert f"{game.state.round} rounds, played over" in final.content  # "N rounds, played over D days"
    assert "Median time to play a round: alice " in final.content
    assert "/pu export" in final.content
    sheet = Image.open(io.BytesIO(await picture(final)))
    alone = Image.open(io.BytesIO(await world.service.render("score", public_view(game.state), game.names)))
    assert sheet.width == alone.width and sheet.height > alone.height + 150  # the medals chart under the sheet

    # /pu export in the thread: the replay file, which replays to the same final score
    got = await world.bob.slash(thread, "pu export")
    answer = said(got)
    assert answer.ephemeral and answer.attachments[0].filename == f"game-{game.id}.json"
    record = json.loads(await answer.attachments[0].read())
    again = replay(record)
    assert [p["total"] for p in again.result["players"]] == [p["total"] for p in game.state.result["players"]]
    assert again.result == game.state.result
    # by number from the channel; and the log of any round of it
    by_number = await world.alice.slash(world.channel, "pu export", number=game.id)
    assert said(by_number).attachments
    walked = roundlog.walk(record)
    assert sorted(walked.ends) == list(range(1, game.state.round + 1))
