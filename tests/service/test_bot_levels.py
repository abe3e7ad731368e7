"""Computer players' levels in the service: each computer seat plays at the level it was added
with, a seat handed to the autopilot plays at the game's level, a bad level is refused with
the levels there are, and the console's --bots takes counts by level."""
from __future__ import annotations

import pytest

from db.connection import open_database
from db.repository import GameRepository
from service import ConfigError, GameService, autoplay
from service.console import run
from tests.service.test_console import Keyboard


@pytest.fixture
def levels_played(monkeypatch):
    """(seat, level) of every decision the service asks the autopilot for; the moves
    themselves are the plain default (fast)."""
    seen: list[tuple[int, str]] = []

    def record(state, seat, level="normal", rng=None):
        seen.append((seat, level))
        action = autoplay.default_action(state, seat)
        assert action is not None
        return action

    monkeypatch.setattr(autoplay.autopilot, "choose", record)
    return seen


async def test_each_computer_seat_plays_at_the_level_it_was_added_with(service, levels_played):
    game = await service.create(creator_id=1, creator_name="human", guild_id=1, channel_id=1,
                                options={"max_players": 4, "seed": 5, "remind_hours": 0, "autopilot_level": "easy"})
    await service.add_bot(game.id, 1, False, "hard")
    await service.add_bot(game.id, 1, False, "easy")
    await service.add_bot(game.id, 1, False)  # the service's level
    game = await service.start(game.id, 1, False)
    assert [s.display_name for s in game.seats[1:]] == ["Autopilot 1 (hard)", "Autopilot 2 (easy)", "Autopilot 3"]
    levels = dict(levels_played)
    assert levels[1] == "hard" and levels[2] == "easy" and levels[3] == "easy"  # 3: the game's autopilot level
    levels_played.clear()
    game = await service.replace(game.id, 1, False, 0, None)  # the human's seat: the game's level
    assert game.status == "finished"
    assert {level for seat, level in levels_played if seat == 0} == {"easy"}
    assert {level for seat, level in levels_played if seat == 1} == {"hard"}


async def test_a_bot_level_that_does_not_exist_is_refused_with_the_choices(service):
    game = await service.create(creator_id=1, creator_name="human", guild_id=1, channel_id=1,
                                options={"max_players": 2})
    with pytest.raises(ConfigError, match="easy, normal, hard"):
        await service.add_bot(game.id, 1, False, "expert")
    with pytest.raises(ConfigError, match="autopilot: one of easy, normal, hard"):
        await service.create(creator_id=1, creator_name="human", guild_id=1, channel_id=1,
                             options={"autopilot_level": "genius"})


async def test_a_kicked_bots_level_does_not_stay_with_its_seat_number(service):
    game = await service.create(creator_id=1, creator_name="human", guild_id=1, channel_id=1,
                                options={"max_players": 3})
    await service.add_bot(game.id, 1, False, "hard")
    game = await service.kick(game.id, 1, False, 1)
    game = await service.join(game.id, 2, "bob")  # bob gets the hard bot's seat number
    assert game.options["bot_levels"] == {} and game.level_of(1, "normal") == "normal"


async def test_the_console_adds_computer_players_by_level(tmp_path):
    said: list[str] = []
    code = await run(["--out", str(tmp_path), "--bots", "2:easy,1:normal", "--seed", "3"], ask=Keyboard([], then="quit"),
                     say=said.append)
    assert code == 0
    db = await open_database(tmp_path / "games.sqlite3")
    try:
        game = await GameService(GameRepository(db)).load(1)
        assert [game.level_of(i, "normal") for i in range(4)] == ["normal", "easy", "easy", "normal"]
    finally:
        await db.close()
    code = await run(["--out", str(tmp_path / "b"), "--bots", "2:expert"], ask=Keyboard([]), say=said.append)
    assert code == 2 and "2:hard,1:easy" in said[-1] and "easy, normal, hard" in said[-1]
