"""/pu leaderboard through Discord (issue 13, defects 3 and 4): it defers before reading, and
in a direct message it shows only the player's own results, never another server's."""
from __future__ import annotations

from .test_daily import play_out


async def test_leaderboard_in_a_dm_shows_nothing_from_servers_the_player_is_not_in(world):
    other = world.env.create_guild("Another Server")
    channel = other.create_text_channel("games")
    eve = other.add_member(world.env.create_user("zephyrine"))
    await world.env.settle()
    for who, guild, where in ((eve, other, channel), (world.alice, world.guild, world.channel)):
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
