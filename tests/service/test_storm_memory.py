"""The Solar Storm crew's memory through the game service (issue 54): a computer crew-mate and
``/storm hint`` remember what peeks showed earlier in the game, rebuilt from the game's own action
log replayed from the setup (service/kinds/solar_storm.py ``crew_memory``). SS16: « Peek results
are shown to the whole team »; SS17 (no-peek): « Peeks are still shared with the team », while the
deck counts and discards stay hidden. Runs on SQLite and PostgreSQL (the ``service`` fixture)."""
from __future__ import annotations

import logging

import pytest

import autopilot.solar_storm as crew
from engine.solar_storm import apply, dump, load, make_config, new_game, to_act, view_for
from service.errors import NotInGame, WrongStage
from service.kinds.solar_storm import KIND, crew_memory, hint_job

STORM = "solar_storm"
PEEKS = ("peek", "order")


async def lobby(service, seed: int, players: int = 2):
    return await service.create(creator_id=1, creator_name="Ada", guild_id=5, channel_id=6, game=STORM,
                                options={"seed": seed, "max_players": players, "difficulty": "easy"})


def replayed(log: list[tuple[int, str]], seed: int, players: int = 2):
    """The position after ``log`` and the crew's memory of it (every view since the setup)."""
    memory, state = crew.replay_memory(make_config(players, difficulty="easy"), seed, log)
    return state, memory


def shows_a_peek(state) -> bool:
    """Whether the current view itself shows a peek (its events or a peek being ordered)."""
    view = view_for(state, None)
    return any(e["kind"] in PEEKS for e in view["events"]) or (view.get("pending") or {}).get("kind") in (
        "bridge", "cargo_hold")


async def after_a_bridge_peek(service, actions: int = 75):
    """Seed 3, Ada (user 1) and Bob (user 2) play ``actions`` actions, each what the normal
    crew-mate would play from the view alone. After 75, a Bridge order of an earlier turn says
    which damage card comes next, the current view no longer shows it, and it is Ada's turn.
    Returns the game then, and the game as loaded before its last action."""
    game = await lobby(service, 3)
    await service.join(game.id, 2, "Bob")
    game = await service.start(game.id, 1, False)
    older = game
    for _ in range(actions):
        state, older = game.state, game
        seat = to_act(state)[0]
        await service.act(game.id, seat + 1, str(crew.choose(state, seat, "normal")))
        game = await service.load(game.id)
    return game, older


async def test_the_hint_remembers_a_bridge_peek_of_an_earlier_turn(service):
    """Seed 3, two people: after 75 actions a Bridge order of an earlier turn says which damage
    card comes next; the current view no longer shows it. The hint, asked through the service,
    repairs the room that card hits; what the view alone shows would have hinted the Armoury."""
    service.hard_turn_s = 0.05  # the server's HARD_TURN_SECONDS: the hint at a small budget, quickly
    game, older = await after_a_bridge_peek(service)
    state = game.state
    log = [(r.seat or 0, r.action) for r in await service.repo.list_actions(game.id)]
    assert len(log) == 75 and to_act(state) == [0]
    # a game loaded before the last action (a hint asked meanwhile) gets the log that led to it
    assert await KIND.history(service, older, []) == log[:74]
    assert not shows_a_peek(state)
    assert any(a.startswith("order ") for _s, a in log)  # a Bridge (or Cargo Hold) order earlier in the game
    answer = await service.hint(game.id, 1)
    lines = [line[2:] for line in answer.text.splitlines()[1:]]
    assert lines == hint_job(dump(state), 0, 0.05, "en", ["Ada", "Bob"], log)
    assert "Crew Quarters" in lines[1] and lines[1].endswith("the next damage card hits it")
    forgetful = hint_job(dump(state), 0, 0.05, "en", ["Ada", "Bob"])  # what the current view alone shows
    assert forgetful != lines and not any("the next damage card" in line for line in forgetful)


async def test_the_computer_move_for_a_person_remembers_a_bridge_peek_of_an_earlier_turn(service):
    """The console's ``auto`` (GameService.computer_move): at seed 3 after 75 actions, Ada's move
    is the one the normal crew-mate picks with the crew's memory of the whole game (go to the Crew
    Quarters, the room the next damage card hits, as a Bridge order of an earlier turn showed), not
    the one of the view alone (repair metal). SS16: « Peek results are shown to the whole team »."""
    service.autopilot_level = "normal"
    game, _older = await after_a_bridge_peek(service)
    state = game.state
    log = [(r.seat or 0, r.action) for r in await service.repo.list_actions(game.id)]
    _same, memory = replayed(log, 3)
    remembered = crew.choose(state, 0, "normal", memory=memory)
    assert str(remembered) == "move crew_quarters"
    assert str(crew.choose(state, 0, "normal")) == "repair metal"  # what the view alone shows
    assert await service.computer_move(game.id, 1) == remembered
    assert len(await service.repo.list_actions(game.id)) == 75  # nothing played: the caller plays it


async def test_the_computer_move_is_refused_with_the_reason_when_there_is_none_to_make(service):
    """Not started, not the person's turn, not in the game, ended: a short answer, nothing played."""
    game = await lobby(service, 3)
    await service.join(game.id, 2, "Bob")
    with pytest.raises(WrongStage, match="has not started yet"):
        await service.computer_move(game.id, 1)
    game = await service.start(game.id, 1, False)
    [acting] = to_act(game.state)  # « Nothing happens outside the active player's turn »: the other waits
    with pytest.raises(WrongStage, match="Nothing for you to decide right now: auto plays a move only when"):
        await service.computer_move(game.id, (1 - acting) + 1)
    with pytest.raises(NotInGame, match="You are not playing in this game"):
        await service.computer_move(game.id, 3)
    await service.cancel(game.id, 1, False)
    with pytest.raises(WrongStage, match="This game was ended"):
        await service.computer_move(game.id, 1)
    assert await service.repo.list_actions(game.id) == []


async def test_a_computer_crew_mate_remembers_a_peek_from_before_its_job(service):
    """Seed 4, Ada and a normal computer crew-mate: every action the crew-mate plays is the one
    its level picks with the crew's memory of the whole game, and at least once (action 93) that
    memory changes the first action of one of its runs from what the view alone would pick."""
    game = await lobby(service, 4)
    await service.add_bot(game.id, 1, False, "normal")
    game = await service.start(game.id, 1, False)
    while game.status == "active" and len(await service.repo.list_actions(game.id)) < 100:
        state = game.state
        assert to_act(state) == [0]  # the crew-mate's turns are played by the service at once
        await service.act(game.id, 1, str(crew.choose(state, 0, "normal")))
        game = await service.load(game.id)
    log = [(r.seat or 0, r.action) for r in await service.repo.list_actions(game.id)]
    changed = []
    for i, (seat, text) in enumerate(log):
        if seat != 1:
            continue
        before, memory = replayed(log[:i], 4)
        assert text == str(crew.choose(before, 1, "normal", memory=memory)), i
        if log[i - 1][0] == 0 and text != str(crew.choose(before, 1, "normal")):
            changed.append(i)  # the first action of a run: the view alone would have played otherwise
    assert 93 in changed


def test_the_memory_is_rebuilt_in_solo_and_under_no_peek_as_the_crew_saw_the_game(caplog):
    """Solo (positions are all 0, mapped back to crew members) and no-peek (SS17: deck counts
    hidden, peeks still shared): the memory rebuilt from the log is the one kept along the game
    from the public view; a log that does not lead to the game is not trusted (the view alone,
    a warning in the log, no error)."""
    for players, no_peek, seed in ((1, False, 3), (2, True, 0)):  # seeds where the crew peeks early
        state = new_game(make_config(players, difficulty="easy", no_peek=no_peek), seed)
        memory = crew.Memory()
        memory.observe(view_for(state, None))
        history: list[tuple[int, str]] = []
        while not ((memory.damage_top or memory.resource_top) and not shows_a_peek(state)):
            assert state.phase != "over", "a peek earlier in the game"
            seat = to_act(state)[0]
            action = crew.choose(state, seat, "normal", memory=memory)
            apply(state, seat, action)
            memory.observe(view_for(state, None))
            history.append((0 if players == 1 else seat, str(action)))
        if no_peek:
            assert view_for(state, None)["resource_deck"] is None  # hidden: the memory never counted it
        rebuilt = crew_memory(load(dump(state)), history)
        assert rebuilt.to_json() == memory.to_json()
        assert rebuilt.to_json() != crew.memory_from_view(view_for(state, None)).to_json()
    with caplog.at_level(logging.WARNING):
        wrong = crew_memory(state, history[:-1])
    assert wrong.to_json() == crew.memory_from_view(view_for(state, None)).to_json()
    assert any(r.levelno == logging.WARNING for r in caplog.records)
    assert not any(r.levelno >= logging.ERROR for r in caplog.records)
