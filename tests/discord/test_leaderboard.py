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


async def _below_the_top_ten(world) -> None:
    """Ten players of the server ahead of alice on today's daily of both games (stored as the
    finishing saves store them); alice 11th; bob not on the boards."""
    import json

    from db.repository import OutcomeRow, ResultRow
    from service.games import daily_key

    repo, day = world.service.repo, daily_key(world.service.clock())
    for n, user in enumerate([*range(900, 910), world.alice.id]):
        name = "alice" if user == world.alice.id else f"ahead{n}"
        game_id = await repo.create_game(creator_id=user, guild_id=world.guild.id, channel_id=world.channel.id,
                                         kind="daily", daily_key=day, status="active", state="{}",
                                         seats=[(user, name, False)])
        await repo.save_state(game_id, "{}", 0, status="finished",
                              results=[ResultRow(seat=0, user_id=user, name=name, score=90 - n, place=1, solo=True)])
        game_id = await repo.create_game(creator_id=user, guild_id=world.guild.id, channel_id=world.channel.id,
                                         kind="daily", daily_key=day, status="active", state="{}",
                                         seats=[(user, name, False)], game="solar_storm")
        summary = {"result": "lost", "turn": 30 - n, "diverted": 2, "resource_deck": 0, "crew": 1,
                   "difficulty": "medium", "autopilot": False, "daily": day}
        await repo.save_state(game_id, "{}", 0, status="finished",
                              outcomes=[OutcomeRow(seat=0, user_id=user, name=name, summary=json.dumps(summary))])


async def test_a_reader_below_the_top_ten_sees_their_own_row_under_both_games_leaderboards(world):
    """Issue 53: /pu leaderboard and /storm leaderboard list the top 10; alice, 11th of 11, reads
    her own row and rank under the list (in the server: her row is on its board anyway); bob, on
    neither board, and a reader on the list get no such line."""
    await _below_the_top_ten(world)
    for command in ("pu leaderboard", "storm leaderboard"):
        text = (await world.alice.slash(world.channel, command)).response.content
        assert "\n10. ahead9: " in text and "\n11. " not in text
        assert "\n… 11. alice: " in text and "← you: 11 of 11" in text, text
        assert "← you" not in (await world.bob.slash(world.channel, command)).response.content
    rated = (await world.alice.slash(world.channel, "pu leaderboard", kind="solo")).response.content
    assert "\n… 11. alice: 80 medals ← you: 11 of 11" in rated
