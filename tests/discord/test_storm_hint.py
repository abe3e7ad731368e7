"""/storm hint (issue 54): what the hard computer crew-mate would do with the turn now, a line per
action with its reason, answered privately in the reader's language, worked out in the worker
pool, and nothing posted in the game's thread. Solar Storm is cooperative: anyone in the game may
ask, at any time (not only on their turn)."""
from __future__ import annotations

from tests.discord.helpers import thread_of
from tests.discord.storm_helpers import storm_game, storm_lobby
from tests.discord.test_languages import speak


async def test_storm_hint_is_private_in_the_readers_language_and_leaves_the_thread_alone(world, monkeypatch):
    world.service.hard_turn_s = 0.05  # the server's HARD_TURN_SECONDS: a small budget keeps this quick
    lobby = await storm_lobby(world, world.alice, players=2, difficulty="medium", language="en")
    await world.bob.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    game = await storm_game(world)
    thread = thread_of(world)
    await world.cog.flush()
    before = [(m.id, m.content) for m in thread.history()]
    acting = game.user_of(game.kind.to_act(game.state)[0])
    first, other = (world.alice, world.bob) if acting == world.alice.id else (world.bob, world.alice)

    r = await first.slash(thread, "storm hint")
    assert r.ephemeral
    lines = r.response.content.splitlines()
    assert "Hint" in lines[0] and "your turn" in lines[0] and "only you see this" in lines[0]
    assert len(lines) >= 2 and all(line.startswith("• **") and "**: " in line for line in lines[1:])
    assert len(r.response.content) <= 2000

    # the other crew member may ask too, any time: the hint is for the turn being played; in French
    # for a French reader, though the game posts in English
    speak(monkeypatch, "fr")
    r = await other.slash(thread, "storm hint")
    assert r.ephemeral
    lines = r.response.content.splitlines()
    assert lines[0].startswith("💡 **Conseil** pour le tour de ") and first.name in lines[0]
    assert len(lines) >= 2 and all(line.startswith("• **") and "** : " in line for line in lines[1:])
    assert "the crew" not in r.response.content and "move to the" not in r.response.content

    # someone outside the game gets a short private refusal
    r = await world.carol.slash(thread, "storm hint")
    assert r.ephemeral and r.response.content

    await world.cog.flush()
    assert [(m.id, m.content) for m in thread.history()] == before  # the thread says nothing about it
    assert (await world.service.load(game.id)).version == game.version  # and the game did not move
