"""Each player chooses their own planet and corporation in the lobby (rulebook setup: the
identical or the asymmetric side of each board); an asymmetric side goes to one player only;
whoever chooses nothing gets the game's default."""
from __future__ import annotations

import pytest

from engine import data as D
from engine.setup import SUPPORTED_CORPORATIONS, SUPPORTED_PLANETS
from service import ConfigError, NotInGame, WrongStage, boards


async def lobby(service, n=3, **options):
    game = await service.create(creator_id=1, creator_name="Ada", guild_id=5, channel_id=6,
                                options={"max_players": n, "seed": 11, **options})
    for user in range(2, n + 1):
        await service.join(game.id, user, f"P{user}")
    return game


async def test_chosen_sides_are_played_and_the_others_get_the_identical_sides(service):
    game = await lobby(service)
    await service.choose_boards(game.id, 1, planet="cerberus", corporation="cosmos_inc")
    await service.choose_boards(game.id, 3, corporation="republic")
    game = await service.start(game.id, 1, False)
    assert game.state.config["planets"] == ["cerberus", "ksb-4156", "ksb-4156"]
    assert game.state.config["corporations"] == ["cosmos_inc", "universal_coalition", "republic"]
    assert game.state.seats[0].board.planet_id == "cerberus"
    assert game.state.seats[2].corp.corp_id == "republic"


async def test_with_random_boards_the_others_get_asymmetric_sides_nobody_chose(service):
    for seed in range(6):
        game = await service.create(creator_id=1, creator_name="Ada", guild_id=5, channel_id=6,
                                    options={"max_players": 4, "seed": seed, "boards": "random"})
        for user in (2, 3, 4):
            await service.join(game.id, user, f"P{user}")
        await service.choose_boards(game.id, 2, planet="petra", corporation="makeshift")
        await service.choose_boards(game.id, 4, planet="ksb-4156")
        game = await service.start(game.id, 1, False)
        planets, corps = game.state.config["planets"], game.state.config["corporations"]
        assert planets[1] == "petra" and planets[3] == "ksb-4156" and corps[1] == "makeshift"
        assert len({planets[0], planets[1], planets[2]}) == 3 and "ksb-4156" not in (planets[0], planets[2])
        assert len(set(corps)) == 4 and "universal_coalition" not in corps


async def test_an_asymmetric_side_goes_to_one_player_but_the_identical_side_to_anyone(service):
    game = await lobby(service)
    await service.choose_boards(game.id, 2, planet="tartarus", corporation="jump_drive")
    with pytest.raises(WrongStage, match="P2 has already chosen Tartarus"):
        await service.choose_boards(game.id, 3, planet="tartarus")
    with pytest.raises(WrongStage, match="Jump Drive"):
        await service.choose_boards(game.id, 1, corporation="jump_drive")
    for user in (1, 2, 3):
        await service.choose_boards(game.id, user, planet="ksb-4156", corporation="universal_coalition")
    game = await service.load(game.id)
    assert all(service.boards_of(game, u) == {"planet": "ksb-4156", "corporation": "universal_coalition"}
               for u in (1, 2, 3))


async def test_a_player_who_leaves_frees_the_side_they_chose(service):
    game = await lobby(service)
    await service.choose_boards(game.id, 2, planet="lacuna")
    await service.leave(game.id, 2)
    game = await service.choose_boards(game.id, 3, planet="lacuna")
    assert service.boards_of(game, 3)["planet"] == "lacuna"
    assert "2" not in game.options["choices"]


async def test_random_forgets_a_choice(service):
    game = await lobby(service)
    await service.choose_boards(game.id, 1, planet="gaia", corporation="oasis_ultd")
    game = await service.choose_boards(game.id, 1, planet="random")
    assert service.boards_of(game, 1) == {"planet": None, "corporation": "oasis_ultd"}
    game = await service.choose_boards(game.id, 1, corporation="random")
    assert "1" not in game.options["choices"]


async def test_bad_choices_get_a_reason_and_change_nothing(service):
    game = await lobby(service)
    with pytest.raises(ConfigError, match="no planet 'mars'.*cerberus"):
        await service.choose_boards(game.id, 1, planet="mars")
    with pytest.raises(ConfigError, match="no corporation"):
        await service.choose_boards(game.id, 1, corporation="acme")
    with pytest.raises(NotInGame, match="Join the game first"):
        await service.choose_boards(game.id, 99, planet="gaia")
    before = (await service.load(game.id)).options["choices"]
    assert before == {}
    await service.start(game.id, 1, False)
    with pytest.raises(WrongStage, match="in the lobby"):
        await service.choose_boards(game.id, 1, planet="gaia")


async def test_the_menus_offer_every_planet_and_corporation_with_a_line_that_fits(service):
    planets, corps = boards.planet_options(), boards.corporation_options()
    assert [p[0] for p in planets] == list(SUPPORTED_PLANETS)
    assert [c[0] for c in corps] == list(SUPPORTED_CORPORATIONS)
    for _value, label, text in planets + corps:
        assert 0 < len(text) <= 100 and len(label) <= 100
    assert planets[0][1] == f"KSB-4156 (complexity {D.planet('ksb-4156').complexity})"


def test_dealing_is_the_same_for_the_same_seed_and_choices():
    users = [1, 2, None, 4]
    choices = {"2": {"planet": "kaak"}}
    one = boards.deal("random", 7, users, choices)
    assert one == boards.deal("random", 7, users, choices)
    assert one["planets"][1] == "kaak" and "kaak" not in one["planets"][:1] + one["planets"][2:]
    assert any(boards.deal("random", s, users, choices) != one for s in range(8, 12))
