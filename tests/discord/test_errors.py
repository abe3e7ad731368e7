"""The one error path of the cogs (GameCog.answering and fail): a player's mistake is answered
privately with its reason and nothing is logged; a problem of ours (a bug, or game data that
does not hold together) gets the generic apology, privately, and is logged with the game."""
from __future__ import annotations

import logging

from engine.errors import DataError, IllegalAction
from tests.discord.helpers import start_game, thread_of

APOLOGY = "Sorry, something went wrong on our side; the game is safe. Please try again."


async def test_inconsistent_game_data_is_not_shown_as_the_players_mistake(world, caplog, monkeypatch):
    game = await start_game(world, [world.alice, world.bob])

    async def broken(*_args, **_kwargs):
        raise DataError("tile 99: no shape 'hexomino' in tiles.json")

    monkeypatch.setattr(world.service, "act", broken)
    r = await world.alice.slash(thread_of(world), "pu act", action="confirm")
    assert r.ephemeral and r.response.content == APOLOGY
    assert "tiles.json" not in r.response.content
    logged = [x for x in caplog.records if x.levelno >= logging.ERROR]
    assert logged and f"game {game.id}" in logged[0].getMessage()
    assert isinstance(logged[0].exc_info[1], DataError)


async def test_a_refused_move_is_answered_with_its_reason_and_not_logged(world, caplog, monkeypatch):
    await start_game(world, [world.alice, world.bob])

    async def refused(*_args, **_kwargs):
        raise IllegalAction("you cannot confirm before placing your tile")

    monkeypatch.setattr(world.service, "act", refused)
    r = await world.alice.slash(thread_of(world), "pu act", action="confirm")
    assert r.ephemeral and r.response.content == "You cannot confirm before placing your tile."
    assert not [x for x in caplog.records if x.levelno >= logging.ERROR]
