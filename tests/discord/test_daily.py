"""Solo and daily challenges through Discord."""
from __future__ import annotations

from service import autoplay


async def play_out(world, who, game_id):
    game = await world.service.load(game_id)
    steps = 0
    while game.status == "active":
        action = autoplay.default_action(game.state, game.seat_of(who.id))
        await world.service.act(game_id, who.id, str(action))
        steps += 1
        game = await world.service.load(game_id)
    return game


async def test_solo_starts_at_once_with_the_players_panel(world):
    r = await world.alice.slash(world.channel, "pu solo")
    assert r.ephemeral and ("choose a tile" in r.response.content or "objective" in r.response.content.lower())
    (game,) = await world.service.games_of(world.alice.id)
    assert game.status == "active" and game.state.players == 1
    # another member's /pu play in the same channel does not reach alice's solo game
    other = await world.bob.slash(world.channel, "pu play")
    assert other.ephemeral and "/pu create" in other.response.content


async def test_two_players_get_the_same_daily_setup_and_one_try_each(world):
    a = await world.alice.slash(world.channel, "pu daily")
    b = await world.bob.slash(world.channel, "pu daily")
    assert a.ephemeral and b.ephemeral and "Daily challenge" in a.response.content
    ga = (await world.service.games_of(world.alice.id))[0]
    gb = (await world.service.games_of(world.bob.id))[0]
    assert ga.id != gb.id and ga.row.daily_key == gb.row.daily_key
    assert ga.state.seed == gb.state.seed and ga.state.config == gb.state.config
    assert ga.state.station == gb.state.station
    assert ga.state.seats[0].corp.objective_offer == gb.state.seats[0].corp.objective_offer
    # nothing of alice's game is posted while she plays
    before = len(world.channel.history())
    ga = await play_out(world, world.alice, ga.id)
    await world.env.settle()
    await world.cog.flush()
    posts = world.channel.history()[before:]
    assert len(posts) == 1 and "finished the daily challenge" in posts[0].content and not posts[0].attachments
    again = await world.alice.slash(world.channel, "pu daily")
    assert again.ephemeral and "already played today's challenge" in again.response.content
    board = await world.carol.slash(world.channel, "pu leaderboard")
    assert "1. alice" in board.response.content
    # the same moves on bob's game meet the same tiles in the same order: the same final planet
    gb = await play_out(world, world.bob, gb.id)
    assert gb.state.seats[0].board.tiles == ga.state.seats[0].board.tiles
    assert gb.state.result["players"][0]["total"] == ga.state.result["players"][0]["total"]
