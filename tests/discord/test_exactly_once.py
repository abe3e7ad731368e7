"""Exactly once through Discord: two players confirming at the same moment, the same button
clicked twice at once, an interaction Discord delivers twice, a button from an earlier round.
Every accepted move is applied once, the round resolves once, its summary is posted once."""
from __future__ import annotations

import json

from engine import rules
from engine.actions import Confirm, Move
from service import autoplay
from tests.discord.helpers import button, create_game, lobby_message, play_panel, thread_of
from tests.discord.simcord_extra import concurrently


async def seeded_game(world, players, seed):
    """A game started through Discord whose setup is fixed by ``seed``."""
    r = await create_game(world, players[0], players=len(players))
    game = (await world.service.games_of(players[0].id))[-1]
    await world.service.repo.set_config(game.id, json.dumps({**game.options, "seed": seed}))
    for p in players[1:]:
        await p.click(lobby_message(r), label="Join")
    await players[0].click(lobby_message(r), label="Start")
    return await world.service.load(game.id)


async def play_until(world, game, done, limit=400):
    """Play default moves through the service until ``done(game)``."""
    for _ in range(limit):
        if done(game):
            return game
        seat = rules.to_act(game.state)[0]
        await world.service.act(game.id, game.user_of(seat), str(autoplay.default_action(game.state, seat)))
        game = await world.service.load(game.id)
    raise AssertionError("never got there")


async def play_to_confirm(world, game):
    """Everyone plays their turn of the first round except the final Confirm."""
    game = await play_until(world, game, lambda g: g.state.phase == "turns")
    for seat in range(game.state.players):
        while not isinstance(action := autoplay.default_action(game.state, seat), Confirm):
            await world.service.act(game.id, game.user_of(seat), str(action))
            game = await world.service.load(game.id)
    assert rules.to_act(game.state) == list(range(game.state.players))
    return game


def posts(world, text):
    return [m for m in thread_of(world).history() if text in m.content]


async def test_two_players_confirming_at_the_same_moment_resolve_the_round_once(world):
    game = await seeded_game(world, [world.alice, world.bob], seed=3)
    game = await play_to_confirm(world, game)
    panels = [(await play_panel(world, who, game.id)).response for who in (world.alice, world.bob)]
    first, second = await concurrently(
        world.env,
        lambda: world.alice.click(panels[0], custom_id=button(panels[0], "a:confirm")),
        lambda: world.bob.click(panels[1], custom_id=button(panels[1], "a:confirm")))
    assert first.acknowledged and second.acknowledged
    game = await world.service.load(game.id)
    assert game.state.round == 2
    log = [(a.seat, a.action) for a in await world.service.repo.list_actions(game.id)]
    assert log.count((0, "confirm")) == 1 and log.count((1, "confirm")) == 1
    assert len(posts(world, "Round 1 is over")) == 1 and len(posts(world, "Round 2 is open")) == 1


async def test_the_same_confirm_clicked_twice_at_once_counts_once(world):
    game = await seeded_game(world, [world.alice, world.bob, world.carol], seed=5)
    game = await play_to_confirm(world, game)
    panel = (await play_panel(world, world.alice, game.id)).response
    cid = button(panel, "a:confirm")
    first, second = await concurrently(world.env, lambda: world.alice.click(panel, custom_id=cid),
                                       lambda: world.alice.click(panel, custom_id=cid))
    seat = game.seat_of(world.alice.id)
    log = [(a.seat, a.action) for a in await world.service.repo.list_actions(game.id)]
    assert log.count((seat, "confirm")) == 1
    assert any("out of date" in m.content for r in (first, second) for m in r.followups)


async def redeliver_last_interaction(env):
    """Discord delivering the same interaction (same id and token) a second time."""
    payload = [p for kind, name, p in env.backend.transcript if kind == "GATEWAY" and name == "INTERACTION_CREATE"][-1]
    env.backend.emit("INTERACTION_CREATE", payload)
    await env.settle()


async def test_an_interaction_delivered_twice_is_acted_on_once(world):
    # a move that could legally be played twice in a row: a rover step
    game = await seeded_game(world, [world.alice, world.bob], seed=1)

    def can_step_twice(game):
        seat = rules.to_act(game.state)[0]
        return game.state.seats[seat].pool >= 2 and any(
            isinstance(a, Move) for a in rules.legal_actions(game.state, seat))

    game = await play_until(world, game, can_step_twice)
    seat = rules.to_act(game.state)[0]
    who = world.alice if game.user_of(seat) == world.alice.id else world.bob
    move = next(a for a in rules.legal_actions(game.state, seat) if isinstance(a, Move))
    before = len(await world.service.repo.list_actions(game.id))
    r = await who.slash(thread_of(world), "pu act", action=str(move))
    assert r.response.content.startswith("✔")
    await redeliver_last_interaction(world.env)
    log = await world.service.repo.list_actions(game.id)
    assert [a.action for a in log[before:]] == [str(move)]
    assert (await world.service.load(game.id)).state.seats[seat].pool == game.state.seats[seat].pool - 1
    # a lobby button that is not idempotent: one computer player per click, however delivered
    lobby = lobby_message(await create_game(world, world.carol, players=3))
    await world.carol.click(lobby, label="Add bot player")
    await redeliver_last_interaction(world.env)
    new = (await world.service.games_of(world.carol.id))[-1]
    assert [s.display_name for s in new.seats] == ["carol", "Autopilot 1"]


async def test_a_button_from_an_earlier_round_is_refused_with_the_current_board(world):
    game = await seeded_game(world, [world.alice, world.bob], seed=3)
    old = (await play_panel(world, world.alice, game.id)).response
    game = await play_until(world, game, lambda g: g.state.round == 2)
    version = game.version
    r = await world.alice.click(old, custom_id=button(old, "a:pick large"))
    (answer,) = r.followups
    assert answer.ephemeral and "out of date" in answer.content and "Round 2" in answer.content
    assert answer.components  # the current board, with its own buttons
    assert (await world.service.load(game.id)).version == version


async def test_a_button_of_an_older_bot_version_is_refused_with_the_current_board(world):
    from tests.discord.test_fuzz import send_forged

    game = await seeded_game(world, [world.alice, world.bob], seed=3)
    old = await send_forged(world, thread_of(world), [f"puz:{game.id}:7:play", "pu-legacy-button"])
    version = (await world.service.load(game.id)).version
    r = await world.alice.click(old, custom_id=f"puz:{game.id}:7:play")
    assert r.ephemeral and "out of date" in r.response.content and r.response.components
    r = await world.bob.click(old, custom_id="pu-legacy-button")
    assert r.ephemeral and "older version" in r.response.content
    assert (await world.service.load(game.id)).version == version
