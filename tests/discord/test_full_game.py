"""A whole 3-player game played through the Discord layer, to the final score sheet."""
from __future__ import annotations

import io
import time

from PIL import Image

from engine import rules
from service import autoplay
from tests.discord.helpers import start_game, thread_of, typed


async def test_three_players_play_a_whole_game_to_the_score_sheet(world):
    players = [world.alice, world.bob, world.carol]
    game = await start_game(world, players, private_objectives=True)
    thread = thread_of(world)
    started = time.perf_counter()
    steps = 0
    while game.status == "active":
        acting = [p for p in players if game.seat_of(p.id) in rules.to_act(game.state)]
        assert acting, f"nobody can act in {game.state.phase}"
        who = acting[0]
        action = autoplay.default_action(game.state, game.seat_of(who.id))
        r = await who.slash(thread, "pu act", action=typed(action))
        assert r.ephemeral and r.response.content.startswith("✔"), r.response.content
        steps += 1
        if steps % 20 == 0:
            # let the simulated interaction tokens (15 minutes) expire, as they do between real
            # moves; otherwise SimCord keeps every one of them alive and slows down
            await world.env.advance_time(16 * 60)
        game = await world.service.load(game.id)
    assert game.status == "finished" and game.state.phase == "over"
    history = thread.history()
    rounds = game.state.round
    summaries = [m for m in history if m.content.startswith("**Round") and "is over" in m.content]
    assert len(summaries) == rounds
    (final,) = [m for m in history if "is over.** Final scores" in m.content]
    assert set(final.raw_mentions) == {p.id for p in players}
    (sheet,) = final.attachments
    assert Image.open(io.BytesIO(await sheet.read())).format == "PNG"
    assert final is history[-1]
    # the log holds every accepted move, in order, and replays to the same final state
    log = await world.service.repo.list_actions(game.id)
    assert len(log) >= steps
    print(f"{steps} moves through Discord in {time.perf_counter() - started:.1f} s")
