"""Small steps shared by the end-to-end tests (each one a thing a player does)."""
from __future__ import annotations

from engine import rules
from service import autoplay


async def create_game(world, who, **options):
    return await who.slash(world.channel, "pu create", **options)


def lobby_message(result):
    return result.response


async def start_game(world, players, **options):
    """Create a game as players[0], let the others join, start it; return the service's Game."""
    r = await create_game(world, players[0], players=len(players), **options)
    lobby = lobby_message(r)
    for p in players[1:]:
        await p.click(lobby, label="Join")
    await players[0].click(lobby, label="Start")
    games = await world.service.games_of(players[0].id)
    return games[-1]


def thread_of(world):
    return world.channel.threads[-1]


def shown(message) -> str:
    """What a player reads in a message: its text, then its embeds' descriptions (a guided
    panel's lessons and hint), a paragraph each."""
    notes = [e.get("description") if isinstance(e, dict) else e.description for e in message.embeds]
    return "\n\n".join([message.content, *(n for n in notes if n)])


def controls(message):
    """(custom_id, label or placeholder, type) of every component on a message."""
    out = []
    for row in message.components:
        for c in row["components"]:
            out.append((c["custom_id"], c.get("label") or c.get("placeholder"), c["type"]))
    return out


def button(message, verb_prefix):
    for cid, _label, kind in controls(message):
        if kind == 2 and cid.split(":", 4)[-1].startswith(verb_prefix):
            return cid
    raise AssertionError(f"no button {verb_prefix!r} on {controls(message)}")


async def play_panel(world, who, game_id):
    """Open the player's panel with /pu play in the game's thread."""
    return await who.slash(thread_of(world), "pu play")


async def play_default_step(world, who, game_id):
    """Play the player's next decision through the panel controls (the default legal choice)."""
    r = await play_panel(world, who, game_id)
    return await click_default(world, who, game_id, r.response)


async def click_default(world, who, game_id, message):
    game = await world.service.load(game_id)
    seat = game.seat_of(who.id)
    action = autoplay.default_action(game.state, seat)
    assert action is not None, "nothing to play"
    text = f"a:{action}"
    for cid, _label, kind in controls(message):
        if kind == 2 and cid.endswith(":" + text):
            return await who.click(message, custom_id=cid)
    for cid, _label, kind in controls(message):
        if kind == 3:
            opts = _options(message, cid)
            if text in opts:
                return await who.select(message, [text], custom_id=cid)
    # not on the panel (e.g. a placement the cursor is not on): type it
    return await who.slash(thread_of(world), "pu act", action=typed(action))


def typed(action) -> str:
    """A move as a player types it to /pu act, confirmed: a typed placement that destroys a
    lifepod or a rover is otherwise asked about first (issue 55)."""
    return str(action) + (" confirm" if str(action).startswith("place ") else "")


def _options(message, custom_id):
    for row in message.components:
        for c in row["components"]:
            if c["custom_id"] == custom_id:
                return [o["value"] for o in c.get("options", [])]
    return []


async def finish_turns(world, game_id, players):
    """Everyone plays default moves until the round is over (or no human has anything to do)."""
    start = (await world.service.load(game_id)).state.round
    for _ in range(400):
        game = await world.service.load(game_id)
        acting = [p for p in players if game.seat_of(p.id) in rules.to_act(game.state)]
        if not acting or game.status != "active" or game.state.round != start:
            return game
        await play_default_step(world, acting[0], game_id)
    raise AssertionError("the round did not finish")
