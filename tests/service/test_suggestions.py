"""Autocomplete goes through the service (GameService.suggest_actions / suggest_squares): the
same legal moves the rules list, nothing for an onlooker, and the saved game left untouched."""
from __future__ import annotations

from engine import data as D
from engine import rules
from engine.actions import Pick, Place


async def started(service):
    game = await service.create(creator_id=1, creator_name="Ada", guild_id=5, channel_id=6,
                                options={"max_players": 2, "seed": 4})
    await service.join(game.id, 2, "Bo")
    game = await service.start(game.id, 1, False)
    while game.state.phase != "turns":  # the commander turns the station first
        seat = rules.to_act(game.state)[0]
        action = rules.legal_actions(game.state, seat)[0]
        await service.act(game.id, game.user_of(seat), str(action))
        game = await service.load(game.id)
    return game


async def test_suggested_moves_are_the_legal_ones_that_start_with_what_was_typed(service):
    game = await started(service)
    seat = game.seat_of(1)
    legal = [str(a) for a in rules.legal_actions(game.state, seat)]
    assert service.suggest_actions(game, 1) == legal
    assert service.suggest_actions(game, 1, " PICK") == [t for t in legal if t.startswith("pick")] != []
    assert service.suggest_actions(game, 99, "") == []  # an onlooker has no moves


async def test_suggested_squares_are_where_the_picked_tile_fits_and_nothing_is_saved(service):
    game = await started(service)
    version, seat = game.version, game.seat_of(1)
    squares = service.suggest_squares(game, 1, "large", 0)
    state = (await service.load(game.id)).state
    rules.apply(state, seat, Pick("large"))
    fits = {D.cell_name(a.anchor) for a in rules.legal_actions(state, seat) if isinstance(a, Place) and a.orient == 0}
    assert squares and set(squares) == fits
    assert squares == sorted(squares, key=lambda c: (c[0], int(c[1:])))
    assert (await service.load(game.id)).version == version  # a suggestion plays nothing
    assert service.suggest_squares(await service.load(game.id), 99, "large") == []
