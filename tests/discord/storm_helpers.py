"""Steps of a Solar Storm game in Discord (tests/discord/test_storm_*.py), each one a thing a player
does: open a lobby, play a turn through the private panel or by typing, read the thread."""
from __future__ import annotations

import random

from tests.discord.helpers import controls, thread_of

STORM = "solar_storm"


def spy_on_crew_levels(world, monkeypatch) -> list[tuple[int, str]]:
    """(seat, level) of every action a computer crew-mate chooses from now on, in order; the
    hard level's CPU per turn is kept short for a test."""
    import service.kinds.solar_storm as storm

    played: list[tuple[int, str]] = []
    real = storm.crew_mate

    def spy(state, seat, level, budget_s=None, memory=None):
        played.append((seat, level))
        return real(state, seat, level, budget_s, memory)

    monkeypatch.setattr(storm, "crew_mate", spy)
    world.service.hard_turn_s = 0.05
    return played


async def storm_lobby(world, who, **options):
    """``/storm create`` in the games channel; returns the lobby message."""
    r = await who.slash(world.channel, "storm create", **options)
    assert not r.ephemeral, r.response.content
    return r.response


async def add_crew_mate(who, lobby, level: str = "normal"):
    """The lobby's "Add a computer crew-mate…" menu: ``who`` picks ``level`` (easy, normal, hard)."""
    (custom_id,) = [cid for cid, _label, kind in controls(lobby) if cid.startswith("pulv:")]
    return await who.select(lobby, [level], custom_id=custom_id)


async def storm_game(world):
    """The newest Solar Storm game (the service's Game)."""
    rows = [r for r in await world.service.repo.list_games(channel_or_thread_id=world.channel.id)
            if r.game == STORM]
    return await world.service.load(rows[-1].id)


def menu_options(message) -> list[str]:
    """The values of every option of the panel's menus."""
    out = []
    for row in message.components:
        for c in row["components"]:
            out += [o["value"] for o in c.get("options", [])]
    return out


def panel_verbs(message) -> list[str]:
    """Every verb the panel offers: its buttons' (the custom id's last part) and its menus' options."""
    buttons = [cid.split(":", 4)[-1] for cid, _label, kind in controls(message) if kind == 2]
    return buttons + menu_options(message)


async def press(who, message, verb: str):
    """Press the panel control that carries ``verb`` (a button, or an option of a menu)."""
    for cid, _label, kind in controls(message):
        if kind == 2 and cid.split(":", 4)[-1] == verb:
            return await who.click(message, custom_id=cid)
    for row in message.components:
        for c in row["components"]:
            if verb in [o["value"] for o in c.get("options", [])]:
                return await who.select(message, [verb], custom_id=c["custom_id"])
    raise AssertionError(f"no control {verb!r} on the panel: {panel_verbs(message)}")


async def panel_turn_step(world, who, message, rng: random.Random):
    """One action through the panel: a random legal one (never undo), confirmed when it asks.
    Returns the panel message after it."""
    verbs = [v for v in panel_verbs(message) if v.startswith(("a:", "k:")) and v != "a:undo"]
    if not verbs:  # only paging on this panel
        verbs = [v for v in panel_verbs(message) if v.startswith("p:")]
    verb = rng.choice(verbs)
    r = await press(who, message, verb)
    message = r.response
    if verb.startswith("k:"):
        assert "cannot be undone" in message.content, message.content
        r = await press(who, message, "a:" + verb[2:])
        message = r.response
    return message


async def typed_step(world, who, rng: random.Random):
    """One action typed with /storm act, chosen among the autocomplete's suggestions (never undo)."""
    choices = await who.autocomplete(thread_of(world), "storm act", "action", "")
    options = [c["value"] for c in choices if c["value"] != "undo"]
    assert options, "the player whose turn it is always has a legal action to type"
    r = await who.slash(thread_of(world), "storm act", action=rng.choice(options))
    assert r.ephemeral and "✔" in r.response.content, r.response.content
    return r
