"""The game service without Discord: who may do what, atomic requests, what is owed to the
channel, and what a player may see of the others."""
from __future__ import annotations

import json

import pytest

from engine import rules
from service import ConfigError, GameService, NotAllowed, NotInGame, StaleControl, WrongStage, autoplay
from service.panels import stamp_of


async def two_player_game(service, **options):
    game = await service.create(creator_id=1, creator_name="Ada", guild_id=5, channel_id=6,
                                options={"max_players": 2, "seed": 4, **options})
    await service.join(game.id, 2, "Bo")
    return await service.start(game.id, 1, False)


async def test_lobby_options_are_checked_with_a_readable_reason(service):
    with pytest.raises(ConfigError, match="1 to 6"):
        await service.create(creator_id=1, creator_name="A", guild_id=1, channel_id=1, options={"max_players": 9})
    with pytest.raises(ConfigError, match="boards"):
        await service.create(creator_id=1, creator_name="A", guild_id=1, channel_id=1, options={"boards": "huge"})


async def test_only_the_creator_or_a_manager_may_start(service):
    game = await service.create(creator_id=1, creator_name="A", guild_id=1, channel_id=1, options={})
    await service.join(game.id, 2, "B")
    with pytest.raises(NotAllowed):
        await service.start(game.id, 2, False)
    game = await service.start(game.id, 2, True)
    assert game.status == "active"
    with pytest.raises(WrongStage, match="already started"):
        await service.join(game.id, 3, "C")


async def test_a_request_of_several_moves_is_all_or_nothing(service):
    game = await two_player_game(service)
    version = game.version
    with pytest.raises(Exception, match="edge|touch|planet"):
        await service.act_all(game.id, 1, ["pick large", "place F6 0"])
    game = await service.load(game.id)
    assert game.version == version and game.state.seats[0].step == "pick"


async def test_a_control_from_an_older_position_is_refused_and_changes_nothing(service):
    game = await two_player_game(service)
    stamp = stamp_of(game.state, 0)
    await service.control(game.id, 1, 0, stamp, "a:pick large")
    game = await service.load(game.id)
    with pytest.raises(StaleControl):
        await service.control(game.id, 1, 0, stamp, "a:pick small")
    with pytest.raises(NotInGame):
        await service.control(game.id, 2, 0, stamp_of(game.state, 0), "c:next:0:0")
    assert (await service.load(game.id)).version == game.version


async def test_the_round_summary_is_owed_once_and_survives_a_new_service(service, tmp_path):
    game = await two_player_game(service)
    for user in (1, 2):
        seat = user - 1
        while seat in rules.to_act(game.state):
            await service.act(game.id, user, str(autoplay.default_action(game.state, seat)))
            game = await service.load(game.id)
    posts = await service.pending_posts(game.id)
    summaries = [p for _, p in posts if (p.get("image") or {}).get("kind") == "summary"]
    assert len(summaries) == 1
    # a second service on the same database (a restart) sees the same posts owed
    again = GameService(service.repo, clock=service.clock)
    assert [r.id for r, _ in await again.pending_posts(game.id)] == [r.id for r, _ in posts]
    for row, _ in posts:
        assert await again.mark_posted(row.id)
        assert not await service.mark_posted(row.id)
    assert await service.pending_posts(game.id) == []
    # once posted, the image data is dropped from the database
    payload = await service.repo.db.fetchval("SELECT payload FROM outbox WHERE id = ?", (posts[-1][0].id,))
    assert json.loads(payload) == {}


async def test_standings_hide_other_players_secrets_until_the_end(service):
    game = await two_player_game(service, private_objectives=True)
    assert game.state.phase == "objectives"
    for user in (1, 2):
        seat = user - 1
        await service.act(game.id, user, str(rules.legal_actions(game.state, seat)[0]))
        game = await service.load(game.id)
    mine = service.standings(game, 1)
    other = next(p for p in mine["players"] if p["seat"] == 1)
    own = next(p for p in mine["players"] if p["seat"] == 0)
    assert other["E"]["objectives"] == [] and len(own["E"]["objectives"]) == 1


async def test_another_players_private_cards_never_change_my_pu_score(service):
    """/pu score answers from the asker's view (engine.view.score_for): swapping the other
    player's private objective and end-game civ card leaves my answer as it was; the owner's
    own answer changes (objective 56 met and a 2-medal card, against 55 unmet and 1 medal)."""
    from engine.data import corporation
    from engine.scenario import Scenario

    game = await two_player_game(service, private_objectives=True)
    answers = {}
    for objective, civ in ((56, 7), (55, 6)):
        sc = Scenario(players=2, private_objectives=True)
        sc.seat(1).trackers(tech=corporation("universal_coalition").tracks["tech"].top).objectives(objective)
        sc.seat(1).civ_cards(civ)
        game.state = sc.start()
        answers[objective] = (service.standings(game, 1), service.standings(game, 2))
    assert answers[56][0] == answers[55][0]
    assert answers[56][1]["players"][1]["total"] == answers[55][1]["players"][1]["total"] + 6


async def test_reminders_and_the_turn_timer(service):
    game = await two_player_game(service, remind_hours=1, timer_hours=5)
    clock = service.test_clock
    kinds = {(r.seat, r.kind) for r in await service.repo.list_reminders(game.id)}
    # and the stalled-game notice, 14 days after the last move (service._async)
    assert kinds == {(0, "nudge"), (1, "nudge"), (0, "timer"), (1, "timer"), (0, "stall")}
    clock.now += 3601
    assert await service.tick() == [game.id]
    texts = [p["text"] for _, p in await service.pending_posts(game.id)]
    assert sum("waiting for you" in t for t in texts) == 2
    clock.now += 5 * 3600
    await service.tick()
    game = await service.load(game.id)
    assert game.state.round == 2
    assert any("Time ran out" in p["text"] for _, p in await service.pending_posts(game.id))


async def test_the_service_keeps_only_the_most_recent_games_in_memory(service):
    service.cache_size = 3
    ids = []
    for n in range(5):
        game = await service.create(creator_id=100 + n, creator_name="S", guild_id=None, channel_id=None,
                                    options={"max_players": 1, "seed": n})
        ids.append((await service.start(game.id, 100 + n, False)).id)
    assert list(service._cache) == ids[-3:]
    again = await service.load(ids[0])  # an evicted game loads from the database as it was
    assert again.state.seed == 0 and list(service._cache)[-1] == ids[0]
