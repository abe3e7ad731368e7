"""Solar Storm through the game service (issue 53): the lobby, solo and crew games, typed moves and
panel controls, undo, the turn log, the end, the outcome for profiles, timers and reminders, the
replay file; on SQLite and PostgreSQL (the ``service`` fixture runs each test on both)."""
from __future__ import annotations

import json
import random

import pytest

from engine.solar_storm import EngineError, replay
from engine.solar_storm import dump as storm_dump
from service import ConfigError, NotInGame, StaleControl, WrongStage

STORM = "solar_storm"


async def lobby(service, options=None, kind="normal"):
    return await service.create(creator_id=1, creator_name="Ada", guild_id=5, channel_id=6, game=STORM,
                                kind=kind, options={"seed": 7, **(options or {})})


def board(state) -> dict:
    """Where the game stands, leaving out what the last action did (its events)."""
    return {k: v for k, v in json.loads(storm_dump(state)).items() if k != "events"}


def texts(posts):
    return [payload["text"] for _row, payload in posts]


async def play_out(service, game_id, user_id, rng, limit=3000):
    """Play the user's turns with random legal actions (never undo), through typed moves, until
    the game ends; return the number of actions played."""
    n = 0
    while n < limit:
        game = await service.load(game_id)
        if game.status != "active":
            return n
        options = [t for t in service.suggest_actions(game, user_id) if t != "undo"]
        assert options, "a person whose turn it is always has a legal action"
        await service.act(game_id, user_id, rng.choice(options))
        n += 1
    raise AssertionError("the game did not end")


async def test_a_solo_game_is_one_person_running_three_crew_members_to_the_end(service):
    game = await lobby(service, {"max_players": 1, "difficulty": "easy"}, kind="solo")
    assert game.kind.name == STORM and game.row.game == STORM
    game = await service.start(game.id, 1, False)
    assert game.state.crew == 3  # rulebook, solo: « vous contrôlez 3 membres d'équipage »
    posts = await service.pending_posts(game.id)
    assert "Solar Storm" in texts(posts)[0] and "1, 2" in texts(posts)[0]
    for row, _payload in posts:
        await service.mark_posted(row.id)
    seats_seen = set()
    rng = random.Random(3)
    while (game := await service.load(game.id)).status == "active":
        seats_seen.add(game.state.active)
        options = [t for t in service.suggest_actions(game, 1) if t != "undo"]
        await service.act(game.id, 1, rng.choice(options))
    assert seats_seen == {0, 1, 2}  # the one person acted for each crew member in turn
    posts = texts(await service.pending_posts(game.id))
    assert any(t.startswith("**Turn 1**") for t in posts)
    final = posts[-1]
    assert "/storm export" in final and ("won" in final or "lost" in final)
    # the outcome is recorded for the profile; no medals, no rating
    [row] = await service.repo.outcomes_of(1, STORM)
    summary = json.loads(row.summary)
    assert summary["result"] in ("won", "lost") and summary["crew"] == 1 and summary["difficulty"] == "easy"
    assert await service.repo.game_results(game.id) == []
    profile = await service.outcome_profile(1, STORM)
    assert profile["games"] == 1 and profile["wins"] == (summary["result"] == "won")
    # /storm history: a finished turn's log, as the thread had it
    shown = await service.history(game.id, 1, 1)
    assert shown["round"] == 1 and "•" in shown["text"] and shown["view"]["game"] == STORM
    # the replay file replays to the same game (engine.solar_storm.replay reads it)
    _game, record = await service.export_record(game.id, 1, guild_id=None)
    assert storm_dump(replay(record)) == storm_dump(game.state)


async def test_a_crew_game_with_a_computer_crew_mate_through_lobby_panels_and_typed_moves(service):
    game = await lobby(service, {"max_players": 3, "difficulty": "medium"})
    await service.join(game.id, 2, "Bob")
    await service.add_bot(game.id, 1, False)
    with pytest.raises(WrongStage):
        await service.join(game.id, 3, "Cy")  # full: 3 players
    game = await service.start(game.id, 1, False)
    assert game.kind.to_act(game.state) == [0]
    # Bob is not the one to act: his panel says whose turn it is, and a typed move is refused
    bob = (await service.panel(game.id, 2)).panel
    assert bob.done and "Ada" in bob.text
    with pytest.raises(EngineError, match="^it is Ada's turn, not yours$"):  # her name, not "seat 1"
        await service.act(game.id, 2, "end")
    # Ada acts through her panel: every legal action is in the menu (pages) or a button
    outcome = await service.panel(game.id, 1)
    panel = outcome.panel
    legal = set(service.suggest_actions(outcome.game, 1))
    reachable = set()
    page_verbs = ["p:0"]
    seen_pages = set()
    while page_verbs:
        verb = page_verbs.pop()
        if verb in seen_pages:
            continue
        seen_pages.add(verb)
        p = (await service.control(game.id, 1, panel.seat, panel.stamp, verb)).panel
        for control in p.controls:
            for v, _label in (control.options or ((control.verb, control.label),)):
                if v.startswith("p:"):
                    page_verbs.append(v)
                else:
                    reachable.add(v.split(":", 1)[1])
    assert reachable == legal
    # a die roll asks first; Back plays nothing
    before = (await service.load(game.id)).state
    confirm = (await service.control(game.id, 1, panel.seat, panel.stamp, "k:scavenge")).panel
    assert [c.verb for c in confirm.controls] == ["a:scavenge", "p:0"]
    assert storm_dump((await service.load(game.id)).state) == storm_dump(before)
    # a move, then undo within the turn
    move = next(t for t in legal if t.startswith("move "))
    done = await service.act(game.id, 1, move)
    assert done.played == [move]
    undone = await service.act(game.id, 1, "undo")
    assert board(undone.game.state) == board(before)  # SS25: back to the turn's start
    # an old panel's control is out of date once the game moved on
    await service.act(game.id, 1, move)
    with pytest.raises(StaleControl):
        await service.control(game.id, 1, panel.seat, panel.stamp, f"a:{move}")
    # the rest of the game: Ada and Bob type, the computer crew-mate plays its own turns
    rng = random.Random(5)
    while (game := await service.load(game.id)).status == "active":
        pos = game.kind.to_act(game.state)[0]
        user = game.user_of(pos)
        assert user in (1, 2), "the computer crew-mate's turns are played by the service"
        options = [t for t in service.suggest_actions(game, user) if t != "undo"]
        await service.act(game.id, user, rng.choice(options))
    posts = texts(await service.pending_posts(game.id))
    logs = [t for t in posts if t.startswith("**Turn ")]
    assert any("Crew-mate 1" in t for t in logs)  # its turns are logged like anyone's
    assert any("💥" in t or "🕳" in t for t in logs)  # the damage phase is in the log
    assert sorted(r.user_id for r in await service.repo.outcomes_of(2, STORM)) == [2]


@pytest.mark.parametrize("language, refusal", [
    ("en", "it is Crew-mate 1's turn, not yours"), ("fr", "c'est à Équipier 1 de jouer, pas à vous")])
async def test_a_move_in_a_computer_crew_mates_turn_is_refused_naming_the_crew_mate(service, language, refusal):
    """Whose turn it is, by the name the crew-mate has in the game (its language's), not "seat 2"
    (the service plays a crew-mate's turn at once: this is the moment between its actions)."""
    from i18n import use

    game = await lobby(service, {"max_players": 2, "language": language})
    await service.add_bot(game.id, 1, False)
    game = await service.start(game.id, 1, False)
    state = game.kind.load(game.kind.dump(game.state))
    state.active = 1
    with use(language), pytest.raises(EngineError) as caught:
        game.kind.apply(game, state, 0, game.kind.parse("end"))
    assert str(caught.value) == refusal


async def test_bad_input_gets_a_readable_error_and_leaves_the_game_unchanged(service):
    with pytest.raises(ConfigError, match="difficulty"):
        await lobby(service, {"difficulty": "nightmare"})
    with pytest.raises(ConfigError, match="players"):
        await lobby(service, {"max_players": 5})
    with pytest.raises(ConfigError, match="events"):
        await lobby(service, {"events": "hard"})  # a Planet Unknown option
    with pytest.raises(ConfigError, match="no game"):
        await service.create(creator_id=1, creator_name="Ada", guild_id=5, channel_id=6, game="chess")
    game = await lobby(service, {"max_players": 2, "difficulty": "facile"})  # the rulebook's French word
    assert game.options["difficulty"] == "easy"
    await service.join(game.id, 2, "Bob")
    game = await service.start(game.id, 1, False)
    text, version = storm_dump(game.state), game.version
    for bad in ("fly to the moon", "move nowhere", "repair data bridge", "give data 9", ""):
        with pytest.raises(EngineError) as caught:
            await service.act(game.id, 1, bad)
        assert str(caught.value)  # a message for the player
    with pytest.raises(NotInGame):
        await service.act(game.id, 99, "end")
    game = await service.load(game.id)
    assert (storm_dump(game.state), game.version) == (text, version)


async def test_reminders_and_the_turn_timer_act_on_whoever_must_play(service):
    game = await lobby(service, {"max_players": 2, "timer_hours": 2, "remind_hours": 1})
    await service.join(game.id, 2, "Bob")
    game = await service.start(game.id, 1, False)
    reminders = {(r.seat, r.kind) for r in await service.repo.list_reminders(game.id)}
    assert (0, "nudge") in reminders and (0, "timer") in reminders and (1, "timer") not in reminders
    for row, _payload in await service.pending_posts(game.id):
        await service.mark_posted(row.id)
    service.test_clock.now += 3600 + 1
    await service.tick()
    assert any("waiting for you" in t for t in texts(await service.pending_posts(game.id)))
    turn = (await service.load(game.id)).state.turn
    service.test_clock.now += 3600 + 1
    await service.tick()  # Ada's time ran out: the computer plays her turn
    game = await service.load(game.id)
    assert game.state.turn == turn + 1 and game.kind.to_act(game.state) == [1]
    assert any("Time ran out" in t for t in texts(await service.pending_posts(game.id)))
    reminders = {(r.seat, r.kind) for r in await service.repo.list_reminders(game.id)}
    assert (1, "timer") in reminders and (0, "timer") not in reminders


async def test_status_and_export_wait_for_the_end(service):
    game = await lobby(service, {"max_players": 1})
    assert "lobby" in service.status_text(game)
    game = await service.start(game.id, 1, False)
    report = await service.status_report(game)
    assert "turn 1" in report and "Ada" in report
    with pytest.raises(WrongStage):
        await service.export_record(game.id, 1, guild_id=None)
    await service.cancel(game.id, 1, False)
    _game, record = await service.export_record(game.id, 1, guild_id=None)
    assert record["config"]["game"] == STORM


async def test_an_away_players_turns_are_played_for_them_and_a_pause_stops_the_timers(service):
    game = await lobby(service, {"max_players": 2, "timer_hours": 2})
    await service.join(game.id, 2, "Bob")
    game = await service.start(game.id, 1, False)
    await service.act(game.id, 1, "end")
    game = await service.load(game.id)
    while game.kind.to_act(game.state) == [0]:  # Ada's end of turn: collect (and discard) first
        game = (await service.act(game.id, 1, next(t for t in service.suggest_actions(game, 1) if t != "undo"))).game
    assert game.kind.to_act(game.state) == [1]  # Bob's turn
    await service.pause(game.id, 1, False, True)
    assert not [r for r in await service.repo.list_reminders(game.id) if r.kind == "timer"]
    await service.pause(game.id, 1, False, False)
    assert [r.seat for r in await service.repo.list_reminders(game.id) if r.kind == "timer"] == [1]
    turn = (await service.load(game.id)).state.turn
    _settings, played_in, _refused = await service.go_away(2, days=1)
    assert played_in == [game.id]
    game = await service.load(game.id)
    assert game.state.turn > turn and game.kind.to_act(game.state) == [0]  # Bob's turn was played for him


async def test_a_french_game_posts_in_french_with_the_rulebooks_words(service):
    game = await lobby(service, {"max_players": 1, "language": "fr"})
    game = await service.start(game.id, 1, False)
    move = next(t for t in service.suggest_actions(game, 1) if t.startswith("move "))
    await service.act(game.id, 1, move)
    await service.act(game.id, 1, "end")
    game = await service.load(game.id)
    while game.state.turn == 1:
        game = (await service.act(game.id, 1, next(t for t in service.suggest_actions(game, 1) if t != "undo"))).game
    posts = texts(await service.pending_posts(game.id))
    assert "commence" in posts[0] and "Brèche de la coque" in posts[0]
    log = next(t for t in posts if t.startswith("**Tour 1**"))
    assert "s'est déplacé vers la pièce" in log and "Carte Dommages" in log


async def test_a_stalled_game_is_handed_to_the_computer_which_finishes_it(service):
    game = await lobby(service, {"max_players": 1, "stall_days": 1, "stall_grace_days": 1})
    game = await service.start(game.id, 1, False)
    service.test_clock.now += 86400 + 1
    await service.tick()
    assert any("has had no move for 1 day." in t for t in texts(await service.pending_posts(game.id)))
    service.test_clock.now += 86400 + 1
    await service.tick()  # the hand-over: the computer plays every turn left, one save per turn
    game = await service.load(game.id)
    assert game.status == "finished" and game.state.result["result"] in ("won", "lost")
    posts = texts(await service.pending_posts(game.id))
    assert any("stalled" in t for t in posts) and "/storm export" in posts[-1]
    [row] = await service.repo.outcomes_of(1, STORM)  # still the player's game in their profile, marked
    assert (row.name, json.loads(row.summary)["autopilot"]) == ("Ada", True)


def test_a_panels_stamp_survives_saving_and_loading_the_state():
    """A panel shown before a restart is still current after it (its controls carry the stamp):
    the stamp of a played state equals the stamp of the same state saved and loaded, at every step
    of a random game (a loaded state lists its rooms' cubes in another order)."""
    from engine.solar_storm import apply as storm_apply
    from engine.solar_storm import legal_actions, load, make_config, new_game
    from service.kinds import get

    kind = get(STORM)
    rng = random.Random(9)
    state = new_game(make_config(2, difficulty="easy"), 9)
    steps = 0
    while state.phase != "over" and steps < 300:
        for pos in (0, 1):
            assert kind.stamp(state, pos) == kind.stamp(load(storm_dump(state)), pos)
        seat = state.active
        storm_apply(state, seat, rng.choice([a for a in legal_actions(state, seat) if str(a) != "undo"]))
        steps += 1
    assert steps > 20


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
async def test_a_computer_crew_mates_seat_plays_the_crew_mates_action_for_its_level(service, level):
    """Issue 54: the lobby's computer crew-mate plays at the level it was added with (not a random
    legal action): its first action is autopilot.solar_storm's for that level, from the same view."""
    import autopilot.solar_storm as crew
    from engine.solar_storm import apply, copy, load, parse, view_for
    service.hard_turn_s = 0.05  # the server's HARD_TURN_SECONDS: a small budget keeps the test quick
    game = await lobby(service, {"max_players": 2, "difficulty": "medium"})
    await service.add_bot(game.id, 1, False, level)
    game = await service.start(game.id, 1, False)
    assert game.options["bot_levels"] == {"1": level}
    before_bot = None
    while not any(r.seat == 1 for r in await service.repo.list_actions(game.id)):
        game = await service.load(game.id)
        text = next(t for t in service.suggest_actions(game, 1) if t != "undo")
        before_bot = copy(game.state)
        apply(before_bot, 0, parse(text))
        await service.act(game.id, 1, text)
    assert before_bot is not None
    before_bot = load(storm_dump(before_bot))  # as the worker gets it
    expected = crew.choose(before_bot, 1, level, budget_s=0.05,
                           memory=crew.memory_from_view(view_for(before_bot, None)))
    first = next(r.action for r in await service.repo.list_actions(game.id) if r.seat == 1)
    assert first == str(expected)
    # a server whose default level is Planet Unknown's ("random" here) still gets a real crew-mate
    assert service.autopilot_level not in crew.LEVELS


async def test_each_games_commands_find_their_own_game_in_a_shared_channel(service):
    storm = await lobby(service, {"max_players": 2})
    pu = await service.create(creator_id=1, creator_name="Ada", guild_id=5, channel_id=6, options={"max_players": 2})
    assert (await service.game_here(6, user_id=1)).id == pu.id  # any game: the most recent
    assert (await service.game_here(6, user_id=1, game=STORM)).id == storm.id
    assert (await service.game_here(6, user_id=1, game="planet_unknown")).id == pu.id
