"""Computer players' levels in the service: each computer seat plays at the level it was added
with, a seat handed to the autopilot plays at the game's level, a bad level is refused with
the levels there are, and the console's --bots takes counts by level. The server's thinking
time for hard players (HARD_TURN_SECONDS, the console's --hard-seconds) reaches their decisions."""
from __future__ import annotations

import pytest

from autopilot import greedy
from autopilot import hard as H
from db.connection import open_database
from db.repository import GameRepository
from service import ConfigError, GameService, autoplay
from service.console import run
from tests.service.test_console import Keyboard


@pytest.fixture
def decisions(monkeypatch):
    """(seat, level, hard budget) of every decision the service asks the autopilot for; the
    moves themselves are the plain default (fast)."""
    seen: list[tuple[int, str, float | None]] = []

    def record(state, seat, level="normal", rng=None, budget_s=None):
        seen.append((seat, level, budget_s))
        action = autoplay.default_action(state, seat)
        assert action is not None
        return action

    monkeypatch.setattr(autoplay.autopilot, "choose", record)
    return seen


async def test_each_computer_seat_plays_at_the_level_it_was_added_with(service, decisions):
    game = await service.create(creator_id=1, creator_name="human", guild_id=1, channel_id=1,
                                options={"max_players": 4, "seed": 5, "remind_hours": 0, "autopilot_level": "easy"})
    await service.add_bot(game.id, 1, False, "hard")
    await service.add_bot(game.id, 1, False, "easy")
    await service.add_bot(game.id, 1, False)  # the service's level
    game = await service.start(game.id, 1, False)
    assert [s.display_name for s in game.seats[1:]] == ["Autopilot 1 (hard)", "Autopilot 2 (easy)", "Autopilot 3"]
    levels = {seat: level for seat, level, _budget in decisions}
    assert levels[1] == "hard" and levels[2] == "easy" and levels[3] == "easy"  # 3: the game's autopilot level
    decisions.clear()
    game = await service.replace(game.id, 1, False, 0, None)  # the human's seat: the game's level
    assert game.status == "finished"
    assert {level for seat, level, _budget in decisions if seat == 0} == {"easy"}
    assert {level for seat, level, _budget in decisions if seat == 1} == {"hard"}
    assert {budget for _seat, _level, budget in decisions} == {None}  # no HARD_TURN_SECONDS: the default


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


async def _bot_moves(path, level: str, hard_turn_s: float | None, first: str = "normal") -> list[str]:
    """The moves of a 2-player game's computer seat (seat 2) at ``level``, the first seat handed
    to the autopilot at level ``first``, on a service whose hard players think ``hard_turn_s`` a turn."""
    db = await open_database(path)
    try:
        service = GameService(GameRepository(db), autopilot_level=first, hard_turn_s=hard_turn_s)
        game = await service.create(creator_id=1, creator_name="human", guild_id=1, channel_id=1,
                                    options={"max_players": 2, "seed": 11, "remind_hours": 0})
        await service.add_bot(game.id, 1, False, level)
        await service.start(game.id, 1, False)
        game = await service.replace(game.id, 1, False, 0, None)
        assert game.status == "finished"
        return [row.action for row in await service.repo.list_actions(game.id) if row.seat == 1]
    finally:
        await db.close()


async def test_the_servers_hard_thinking_time_reaches_every_computer_decision(tmp_path, decisions):
    await _bot_moves(tmp_path / "a.sqlite3", "hard", 4.0)
    assert {level for _seat, level, _budget in decisions} == {"normal", "hard"}
    assert {budget for _seat, _level, budget in decisions} == {4.0}  # each level decides whether it uses it


async def test_a_hard_player_given_no_thinking_time_plays_the_heuristic_s_moves(tmp_path, monkeypatch):
    """HARD_TURN_SECONDS=0: no look-ahead fits, so hard keeps the heuristic's choice every time
    -- the heuristic with hard's own weights at a table (autopilot.hard.TABLE_ADVANCES and
    TABLE_NEIGHBOUR_ROUNDS): a normal player given them plays the same moves (the other seat
    plays at random, which no weight moves)."""
    hard = await _bot_moves(tmp_path / "hard.sqlite3", "hard", 0, first="random")
    normal = await _bot_moves(tmp_path / "normal.sqlite3", "normal", 0, first="random")
    assert len(hard) > 50 and hard != normal
    monkeypatch.setattr(greedy, "ADVANCES_PER_ROUND", H.TABLE_ADVANCES)
    monkeypatch.setattr(greedy, "NEIGHBOUR_ROUNDS", H.TABLE_NEIGHBOUR_ROUNDS)
    assert await _bot_moves(tmp_path / "like-hard.sqlite3", "normal", 0, first="random") == hard


async def test_the_console_refuses_a_hard_thinking_time_out_of_range(tmp_path):
    said: list[str] = []
    code = await run(["--out", str(tmp_path), "--bots", "1:hard", "--hard-seconds", "45"], ask=Keyboard([]),
                     say=said.append)
    assert code == 2 and "--hard-seconds" in said[-1] and "0 to 30" in said[-1]
