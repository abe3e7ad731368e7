"""Solar Storm's daily challenge in Discord (issue 53): /storm daily played to the end by typed
moves, private until it is over, one try a day, no hints; then /storm leaderboard, /storm records
and the Solar Storm part of /pu profile; under the contract (tests/discord/contract.py)."""
from __future__ import annotations

import datetime as dt
import random

from service.games import daily_key
from tests.discord.storm_helpers import STORM


async def daily_game(world, who):
    (game,) = [g for g in await world.service.games_of(who.id) if g.row.game == STORM]
    return game


async def typed_to_the_end(world, who, rng: random.Random):
    """The player's daily, played with /storm act in the channel, among the autocomplete's suggestions."""
    for _ in range(3000):
        game = await daily_game(world, who) if await world.service.games_of(who.id) else None
        if game is None:
            return
        choices = await who.autocomplete(world.channel, "storm act", "action", "")
        options = [c["value"] for c in choices if c["value"] != "undo"]
        assert options, "the player of a daily in progress always has a legal action to type"
        r = await who.slash(world.channel, "storm act", action=rng.choice(options))
        assert r.ephemeral and "✔" in r.response.content, r.response.content
    raise AssertionError("the daily did not end")


async def test_the_storm_daily_played_to_the_end_then_its_leaderboard_records_and_profile(world):
    before = len(world.channel.history())
    a = await world.alice.slash(world.channel, "storm daily")
    assert a.ephemeral and "Solar Storm daily" in a.response.content and "medium" in a.response.content
    assert "Choose an action" in a.response.content
    b = await world.bob.slash(world.channel, "storm daily")
    assert b.ephemeral
    ga, gb = await daily_game(world, world.alice), await daily_game(world, world.bob)
    assert ga.id != gb.id and ga.state.seed == gb.state.seed and ga.state.crew == 3  # the same solo game
    hint = await world.alice.slash(world.channel, "storm hint")
    assert hint.ephemeral and "No hints in the daily challenge" in hint.response.content
    await typed_to_the_end(world, world.alice, random.Random(4))
    await world.env.settle()
    await world.cog.flush()
    posts = world.channel.history()[before:]
    # nothing of the game while it was played; at the end one post with the result only
    assert len(posts) == 1 and "finished the Solar Storm daily" in posts[0].content and not posts[0].attachments
    again = await world.alice.slash(world.channel, "storm daily")
    assert again.ephemeral and "already played today's Solar Storm daily" in again.response.content
    # the leaderboard: public in the server, alice ranked, bob (not finished) not on it
    board = await world.carol.slash(world.channel, "storm leaderboard")
    assert not board.ephemeral and "1. alice: " in board.response.content and "bob" not in board.response.content
    assert ("won on turn" in board.response.content) == (ga.id and (await world.service.load(ga.id)).state.result[
        "result"] == "won")
    # bad input: a short private answer saying what is accepted
    wrong = await world.carol.slash(world.channel, "storm leaderboard", day="tomorrow")
    assert wrong.ephemeral and "YYYY-MM-DD" in wrong.response.content and len(wrong.response.content) < 300
    today = dt.date.fromisoformat(daily_key(world.service.clock()))
    empty = await world.carol.slash(world.channel, "storm leaderboard", day=(today - dt.timedelta(days=3)).isoformat())
    assert empty.ephemeral and "/storm daily" in empty.response.content
    # records and the profile gain their Solar Storm part
    records = await world.carol.slash(world.channel, "storm records")
    assert not records.ephemeral and ("Solar Storm records" in records.response.content
                                      or "No Solar Storm game won" in records.response.content)
    profile = await world.carol.slash(world.channel, "pu profile", member=world.alice)
    assert "**Solar Storm**: 1 finished game" in profile.response.content
