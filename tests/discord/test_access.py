"""Who may do what: only seated players act, and only for their own seat; only the game's
creator or a member with Manage Server (or Administrator) may start, cancel, kick, replace,
add computer players or end a game. Every refusal is private and changes nothing."""
from __future__ import annotations

import discord

from tests.discord.helpers import button, create_game, lobby_message, play_panel, start_game, thread_of


async def snapshot(world, game_id):
    game = await world.service.load(game_id)
    return game.version, game.status, [(s.user_id, s.is_bot) for s in game.seats]


async def test_only_seated_players_act_and_only_for_their_own_seat(world):
    game = await start_game(world, [world.alice, world.bob])
    thread = thread_of(world)
    before = await snapshot(world, game.id)
    for name, options in (("pu play", {}), ("pu act", {"action": "pick large"}),
                          ("pu place", {"at": "A1", "orient": 0, "tile": "large"}), ("pu reminders", {"on": False})):
        r = await world.outsider.slash(thread, name, **options)
        assert r.ephemeral and "not playing" in r.response.content, (name, r.response.content)
    post = next(m for m in thread.history() if m.components)
    r = await world.outsider.click(post, label="Play")
    assert r.ephemeral and "not playing" in r.response.content
    assert await snapshot(world, game.id) == before
    # a player's typed move is always for their own seat
    r = await world.bob.slash(thread, "pu act", action="pick large")
    assert r.response.content.startswith("✔")
    game = await world.service.load(game.id)
    bob, alice = game.seat_of(world.bob.id), game.seat_of(world.alice.id)
    assert game.state.seats[bob].hand is not None and game.state.seats[alice].hand is None
    # and a panel's buttons only ever act for the seat whose panel it is: bob's panel, bob's seat
    panel = (await play_panel(world, world.bob, game.id)).response
    assert all(f":{bob}:" in c["custom_id"] for row in panel.components for c in row["components"])


async def test_only_the_creator_or_a_server_manager_runs_a_game(world):
    env = world.env
    moderators = world.guild.create_role("Moderators", permissions=discord.Permissions(
        manage_messages=True, kick_members=True, manage_threads=True))
    owners = world.guild.create_role("Owners", permissions=discord.Permissions(administrator=True))
    mod = world.guild.add_member(env.create_user("mod"), roles=[moderators])
    boss = world.guild.add_member(env.create_user("boss"), roles=[owners])
    await env.settle()
    refused_users = [world.bob, world.outsider, mod]

    # in the lobby: Start, Add bot player, Cancel, /pu kick
    r = await create_game(world, world.alice, players=4)
    lobby = lobby_message(r)
    await world.bob.click(lobby, label="Join")
    game = (await world.service.games_of(world.alice.id))[-1]
    before = await snapshot(world, game.id)
    for who in refused_users:
        for label in ("Start", "Add bot player", "Cancel"):
            answer = await who.click(lobby, label=label)
            assert answer.ephemeral and "creator" in answer.response.content, (who.name, label)
        answer = await who.slash(world.channel, "pu host kick", player=world.bob)
        assert answer.ephemeral and "creator" in answer.response.content
    assert await snapshot(world, game.id) == before
    for who in (world.admin, boss):  # Manage Server, Administrator
        answer = await who.click(lobby, label="Add bot player")
        assert answer.acknowledged and not answer.followups
    assert [s.is_bot for s in (await world.service.load(game.id)).seats] == [False, False, True, True]
    answer = await world.alice.click(lobby, label="Add bot player")  # the creator may, but the lobby is full
    assert [m.content for m in answer.followups if m.ephemeral and "full" in m.content]

    # during the game: /pu replace and /pu end
    await world.admin.click(lobby, label="Start")
    game = await world.service.load(game.id)
    assert game.status == "active"
    thread = thread_of(world)
    before = await snapshot(world, game.id)
    for who in refused_users:
        for name, options in (("pu host replace", {"seat": 2}), ("pu host end", {})):
            answer = await who.slash(thread, name, **options)
            assert answer.ephemeral and "creator" in answer.response.content, (who.name, name)
    assert await snapshot(world, game.id) == before
    answer = await boss.slash(thread, "pu host replace", seat=2)
    assert answer.ephemeral and "now played by" in answer.response.content
    assert (await world.service.load(game.id)).seats[1].is_bot
    answer = await world.admin.slash(thread, "pu host end")
    assert answer.ephemeral and (await world.service.load(game.id)).status == "cancelled"


async def test_a_stale_panel_of_one_player_cannot_be_used_by_another(world):
    """Even holding the exact id of alice's panel button, bob is refused (what a forwarded or
    forged component would attempt)."""
    game = await start_game(world, [world.alice, world.bob])
    panel = (await play_panel(world, world.alice, game.id)).response
    _, gid, seat, stamp, verb = button(panel, "a:pick large").split(":", 4)
    from service import NotInGame
    version = (await world.service.load(game.id)).version
    try:
        await world.service.control(int(gid), world.bob.id, int(seat), stamp, verb)
    except NotInGame as refused:
        assert "another player" in str(refused)
    else:
        raise AssertionError("bob played alice's button")
    assert (await world.service.load(game.id)).version == version


async def test_a_daily_challenge_is_seen_only_by_its_player_until_it_is_over(world):
    from tests.discord.test_fuzz import send_forged

    r = await world.carol.slash(world.channel, "pu daily")
    assert r.ephemeral
    (daily,) = await world.service.games_of(world.carol.id)
    forged = await send_forged(world, world.channel, [f"pus:{daily.id}", f"pup:{daily.id}"])
    for cid in (f"pus:{daily.id}", f"pup:{daily.id}"):
        answer = await world.bob.click(forged, custom_id=cid)
        assert answer.ephemeral and not answer.response.attachments
        assert "only by its player" in answer.response.content or "not playing" in answer.response.content
    mine = await world.carol.click(forged, custom_id=f"pus:{daily.id}")
    assert mine.ephemeral and mine.response.attachments  # its player sees the station
