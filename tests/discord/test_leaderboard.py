"""/pu leaderboard through Discord (issue 13, defects 3 and 4): it defers before reading, and
in a direct message it shows only the player's own results, never another server's. Also the
thread of a game that the autopilot finishes (defect 12)."""
from __future__ import annotations

from .test_daily import play_out


async def test_leaderboard_in_a_dm_shows_nothing_from_servers_the_player_is_not_in(world):
    other = world.env.create_guild("Another Server")
    channel = other.create_text_channel("games")
    eve = other.add_member(world.env.create_user("zephyrine"))
    await world.env.settle()
    for who, _guild, where in ((eve, other, channel), (world.alice, world.guild, world.channel)):
        r = await who.slash(where, "pu daily")
        assert r.ephemeral
        (game,) = await world.service.games_of(who.id)
        await play_out(world, who, game.id)
    # in alice's server: her result, not eve's
    board = await world.bob.slash(world.channel, "pu leaderboard")
    text = board.response.content
    assert "alice" in text and "zephyrine" not in text
    # in a DM: only alice's own results, and she is told why
    dm = await world.alice.user.slash("pu leaderboard")
    text = dm.response.content
    assert "your own results" in text and "zephyrine" not in text and "Another Server" not in text
    assert "medals" in text
    # someone with no results sees none, not the others'
    empty = await world.carol.user.slash("pu leaderboard")
    assert "zephyrine" not in empty.response.content and "alice" not in empty.response.content
    assert "not finished today's challenge" in empty.response.content


async def test_replacing_the_last_human_posts_a_digest_per_round_and_the_score_sheet(world):
    """Defect 12: /pu replace of the last human seat made about 51 posts (17 images) in the
    thread, back to back. Now the thread gets one post per round at most, then the scores."""
    from tests.discord.helpers import start_game, thread_of

    game = await start_game(world, [world.alice, world.bob])
    first = await world.alice.slash(thread_of(world), "pu host replace", seat=game.seat_of(world.bob.id) + 1)
    assert first.ephemeral
    await world.env.settle()
    await world.cog.flush()
    before = len(thread_of(world).history())
    r = await world.alice.slash(thread_of(world), "pu host replace", seat=game.seat_of(world.alice.id) + 1)
    assert r.ephemeral and "Autopilot" in r.response.content
    await world.env.settle()
    await world.cog.flush()
    game = await world.service.load(game.id)
    assert game.status == "finished"
    posts = thread_of(world).history()[before:]
    rounds = game.state.round
    assert 2 <= len(posts) <= rounds + 1
    assert "Final scores" in posts[-1].content and posts[-1].attachments
    assert sum(len(m.attachments) for m in posts) <= rounds + 1
    assert not any(m.components for m in posts)  # no Play buttons: nobody is left to press them
