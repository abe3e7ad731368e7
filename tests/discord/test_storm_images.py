"""Solar Storm's images at the table (issue 53): "after every turn the thread gets a post with the
ship image and a short log"; the final post carries the final image (the story of the game); the
active player's panel shows the ship. Each is the image of the public view of that moment (no
deck order; under no-peek no deck count either), a PNG within Discord's upload limit, drawn in the
worker pool (the watchdog fixture fails any event-loop stall over 100 ms)."""
from __future__ import annotations

import io
import random

from PIL import Image

from engine.solar_storm import public_view
from i18n import _, use
from render import render_png
from service.kinds.solar_storm import image_names
from tests.discord.contract import ATTACHMENT_BYTES
from tests.discord.helpers import thread_of
from tests.discord.storm_helpers import storm_game, storm_lobby

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


async def png_of(message) -> bytes:
    (attachment,) = message.attachments
    data = await attachment.read()
    assert data.startswith(PNG_SIGNATURE) and attachment.filename.endswith(".png")
    assert len(data) <= ATTACHMENT_BYTES  # Discord's upload limit (a server without boosts)
    return data


async def test_each_turn_post_and_the_final_post_carry_the_ship_and_the_final_image(world):
    lobby = await storm_lobby(world, world.alice, players=2, difficulty="easy", no_peek=True)
    await world.bob.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    thread = thread_of(world)
    game = await storm_game(world)
    people = {world.alice.id: world.alice, world.bob.id: world.bob}
    # the active player's panel: the ship as the crew sees it now
    who = people[game.user_of(game.kind.to_act(game.state)[0])]
    panel = await who.slash(thread, "storm play")
    assert panel.ephemeral and "Choose an action" in panel.response.content
    shown = await png_of(panel.response)
    assert shown == render_png("storm_ship", public_view(game.state), image_names(game, game.state), language="en")
    rng = random.Random(5)
    checked = 0
    for _step in range(3000):
        game = await world.service.load(game.id)
        if game.status != "active":
            break
        pos = game.kind.to_act(game.state)[0]
        who = people[game.user_of(pos)]
        turn = game.state.turn
        choices = [str(a) for a in game.kind.legal_actions(game.state, pos) if str(a) != "undo"]
        r = await who.slash(thread, "storm act", action=rng.choice(choices))
        assert r.ephemeral and "✔" in r.response.content, r.response.content
        game = await world.service.load(game.id)
        if game.status == "active" and game.state.turn != turn and checked < 3:
            await world.cog.flush()
            (post,) = [m for m in thread.history() if m.content.startswith(f"**Turn {turn}**")]
            view = public_view(game.state)
            assert view["resource_deck"] is None and view["damage_deck"] is None  # no-peek: no counts
            data = await png_of(post)
            # the ship as the turn left it, the crew named as the posts name them
            assert data == render_png("storm_ship", view, image_names(game, game.state), language="en")
            assert Image.open(io.BytesIO(data)).width == 1000
            assert "\n• " in post.content  # and the turn's short log under its title
            checked += 1
    assert game.status == "finished" and checked == 3
    await world.cog.flush()
    final = thread.history()[-1]
    assert "won" in final.content or "lost" in final.content
    data = await png_of(final)
    assert data == render_png("storm_final", public_view(game.state), image_names(game, game.state), language="en")
    # the turn that ended the game is posted without a ship: the final image tells it
    last = [m for m in thread.history() if m.content.startswith("**Turn ")][-1]
    assert not last.attachments


async def test_a_french_game_posts_its_ship_in_french(world):
    lobby = await storm_lobby(world, world.alice, players=2, language="fr")
    with use("fr"):
        join, start = _("Join"), _("Start")
    await world.bob.click(lobby, label=join)
    await world.alice.click(lobby, label=start)
    thread = thread_of(world)
    game = await storm_game(world)
    people = {world.alice.id: world.alice, world.bob.id: world.bob}
    rng = random.Random(2)
    while game.state.turn == 1:
        pos = game.kind.to_act(game.state)[0]
        choices = [str(a) for a in game.kind.legal_actions(game.state, pos) if str(a) != "undo"]
        await people[game.user_of(pos)].slash(thread, "storm act", action=rng.choice(choices))
        game = await world.service.load(game.id)
    await world.cog.flush()
    (post,) = [m for m in thread.history() if m.content.startswith("**Tour 1**")]
    data = await png_of(post)
    assert data == render_png("storm_ship", public_view(game.state), image_names(game, game.state), language="fr")
    assert data != render_png("storm_ship", public_view(game.state), image_names(game, game.state), language="en")
