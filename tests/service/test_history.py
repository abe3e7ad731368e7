"""What happened while I was away: the round log of the summary posts, /pu history of a past
round, /pu export's replay file and the end of a game (facts, medals chart), through the
game service; the worst-case length of a 6-player round log on the engine's random games."""
from __future__ import annotations

import io
import json

import pytest
from PIL import Image

from engine import data as D
from engine import rules
from engine.replay import random_record, replay
from engine.state import copy
from service import GameService, WrongStage, autoplay, roundlog
from service.errors import NoGameHere, ServiceError

LONG = "x" * 32  # Discord display names are at most 32 characters


async def play_to_the_end(service, game, step: float = 3600.0):
    """Every human seat plays its whole decision in one request (the autopilot's choice), the
    clock moving ``step`` seconds between requests; returns the finished game."""
    while game.status == "active":
        seat = next(i for i in rules.to_act(game.state) if game.user_of(i) is not None)
        actions = autoplay.play_for(copy(game.state), seat, "random")
        service.test_clock.now += step
        await service.act_all(game.id, game.user_of(seat), [str(a) for a in actions])
        game = await service.load(game.id)
    return game


async def new_game(service: GameService, players: int, names=None, **options):
    names = names or [f"P{n}" for n in range(1, players + 1)]
    game = await service.create(creator_id=1, creator_name=names[0], guild_id=5, channel_id=6,
                                options={"max_players": players, "seed": 12, **options})
    for user in range(2, players + 1):
        await service.join(game.id, user, names[user - 1])
    return await service.start(game.id, 1, False)


def posts_of(payloads, kind):
    return [p for p in payloads if (p.get("image") or {}).get("kind") == kind]


def secrets_of(state) -> list[str]:
    """Names of what the rules keep private during the game: private objectives (dealt and
    kept) and end-game civ cards."""
    out = []
    for s in state.seats:
        for card in s.corp.objectives + s.corp.objective_offer:
            out.append(D.objective_card(card).private_name)
        out += [D.civ_card(c).name for c in s.corp.civ_cards if D.civ_card(c).timing != "immediate"]
    return out


async def test_a_six_player_round_log_fits_one_message_and_shows_no_private_information(service):
    game = await new_game(service, 6, names=[f"{LONG[:-1]}{n}" for n in range(6)], private_objectives=True,
                          events="normal")
    secrets = set()
    last = None
    while game.status == "active":  # the secrets as they stand before each round's post
        secrets |= set(secrets_of(game.state))
        seat = next(i for i in rules.to_act(game.state) if game.user_of(i) is not None)
        await service.act_all(game.id, game.user_of(seat), [str(a) for a in autoplay.play_for(copy(game.state), seat, "random")])
        game = await service.load(game.id)
        last = game
    secrets |= set(secrets_of(last.state))
    payloads = [p for _, p in await service.pending_posts(game.id)]
    summaries = posts_of(payloads, "summary")
    assert len(summaries) == game.state.round
    for post in summaries:
        text = post["text"]
        assert len(text) <= 2000
        lines = text.split("\n")
        for n in range(6):  # a line per player, by name
            assert sum(line.startswith(f"{LONG[:-1]}{n}: ") for line in lines) == 1
        assert any(" at " in line and ("small" in line or "large" in line) for line in lines)  # tiles and squares
        for secret in secrets:
            assert secret not in text, secret
    assert any("Event: " in p["text"] for p in summaries)  # the event deck was on
    assert any("tracks " in p["text"] for p in summaries)


def test_the_longest_six_player_round_logs_of_random_games_fit_one_message():
    """The worst case over every round of random 6-player games with the hard event deck, the
    asymmetric corporations (their techs) and private objectives: 32-character names, the
    post's first line included."""
    import random

    from engine import apply, legal_actions, to_act
    from engine import new_game as engine_game
    from engine.setup import SUPPORTED_CORPORATIONS, make_config
    worst = 0
    for seed in range(3):
        corps = (list(SUPPORTED_CORPORATIONS) * 6)[seed:seed + 6]
        config = make_config(6, corporations=corps, events="hard", private_objectives=True)
        state, rng, actions = engine_game(config, seed), random.Random(seed), []
        while state.phase != "over":
            seat = rng.choice(to_act(state))
            action = rng.choice(legal_actions(state, seat))
            apply(state, seat, action)
            actions.append([seat, str(action)])
        walked = roundlog.walk({"config": config, "seed": seed, "actions": actions})
        for r in roundlog.finished_rounds(walked):
            log = roundlog.log_of(walked, r, [LONG] * 6)
            worst = max(worst, len(f"**Round {r} is over.**\n" + log))
    assert 0 < worst <= 2000


def events_by_round(record: dict) -> dict[int, str]:
    """The event card in force in each round, read by playing the action log again step by
    step: "the top card is revealed after the station turned" and stays in force for the
    round's turns (rulebook p.9, engine.events.current)."""
    from engine import events as E
    from engine.actions import parse
    from engine.setup import new_game as engine_game
    state = engine_game(record["config"], record["seed"])
    out: dict[int, str] = {}
    for seat, text in record["actions"]:
        rules.apply(state, seat, parse(text))
        card = E.current(state)
        if card is not None:
            assert out.setdefault(state.round, card.name) == card.name
    return out


async def test_every_rounds_log_names_the_event_card_of_that_round(service):
    """The round summary posts and /pu history of each round show the one event revealed when
    that round opened, not the card revealed when the next round opens."""
    game = await play_to_the_end(service, await new_game(service, 1))
    record = (await service.export_record(game.id, 1, guild_id=5))[1]
    expected = events_by_round(record)
    assert len(expected) >= 10
    summaries = {p["image"]["round"]: p["text"] for _, p in await service.pending_posts(game.id)
                 if (p.get("image") or {}).get("kind") == "summary"}
    assert summaries
    for round_ in range(1, game.state.round + 1):
        shown = (await service.history(game.id, 1, round_))["text"]
        texts = [shown] + ([summaries[round_]] if round_ in summaries else [])
        for text in texts:
            events = [line for line in text.split("\n") if line.startswith("Event: ")]
            if round_ in expected:
                assert len(events) == 1 and events[0].startswith(f"Event: {expected[round_]} ("), (round_, events)
            else:
                assert events == [], (round_, events)


async def test_history_shows_a_past_round_as_it_stood_at_its_end(service):
    game = await play_to_the_end(service, await new_game(service, 2))
    record = json.loads(json.dumps((await service.export_record(game.id, 1, guild_id=5))[1]))
    walked = roundlog.walk(record)
    r3, r4 = walked.ends[3], walked.ends[4]
    got = await service.history(game.id, 1, 3)
    assert got["round"] == 3 and "round 3" in got["text"]
    assert got["view"] == r3  # the planets at the end of round 3 ...
    assert len(r3["seats"][0]["board"]["tiles"]) < len(r4["seats"][0]["board"]["tiles"])  # ... not round 4's
    assert got["view"]["round"] != (await service.history(game.id, 1, 4))["view"]["round"]
    # the log names each tile placed in round 3, where it went
    new = r3["seats"][0]["board"]["tiles"][len(walked.ends[2]["seats"][0]["board"]["tiles"]):]
    for tile, _orient, anchor in new:
        assert f"{D.tile(tile).shape_code} " in got["text"] and f" at {D.cell_name(anchor)} " in got["text"]
    png = await service.render("summary", got["view"], game.names, title="round 3")
    assert Image.open(io.BytesIO(png)).size[0] > 0
    # the default is the last round; a round that does not exist gets the valid range
    assert (await service.history(game.id, 1))["round"] == game.state.round
    for bad in (0, game.state.round + 1, -3):
        with pytest.raises(ServiceError, match=f"from 1 to {game.state.round}"):
            await service.history(game.id, 1, bad)


async def test_history_of_a_game_in_progress_stops_at_the_last_finished_round(service):
    game = await new_game(service, 2)
    with pytest.raises(ServiceError, match="No round"):
        await service.history(game.id, 1, 1)
    while game.state.round < 3:
        seat = next(i for i in rules.to_act(game.state) if game.user_of(i) is not None)
        await service.act_all(game.id, game.user_of(seat), [str(a) for a in autoplay.play_for(copy(game.state), seat, "random")])
        game = await service.load(game.id)
    assert (await service.history(game.id, 1))["round"] == game.state.round - 1
    with pytest.raises(ServiceError, match=f"from 1 to {game.state.round - 1}"):
        await service.history(game.id, 1, game.state.round)


async def test_the_exported_replay_file_replays_to_the_same_final_score(service):
    game = await new_game(service, 3, private_objectives=True)
    with pytest.raises(WrongStage, match="once the game is over"):
        await service.export_record(game.id, 1, guild_id=5)  # the seed would show every tile to come
    game = await play_to_the_end(service, game)
    _game, record = await service.export_record(game.id, 2, guild_id=None)  # a player, in a DM
    again = replay(json.loads(json.dumps(record)))
    assert again.result == game.state.result
    assert [p["total"] for p in again.result["players"]] == [p["total"] for p in game.state.result["players"]]


async def test_the_final_post_has_the_facts_the_medals_chart_and_names_the_export(service):
    game = await play_to_the_end(service, await new_game(service, 2), step=1800.0)
    final = posts_of([p for _, p in await service.pending_posts(game.id)], "score")[-1]
    text = final["text"]
    assert f"{game.state.round} rounds, played in " in text
    assert "Median time to play a round: P1 " in text and "P2 " in text
    assert "30 min" in text or "1.0 h" in text  # each request moved the clock half an hour
    assert text.splitlines()[-1].endswith("/pu export.")
    png = await service.render_post(final)
    sheet = await service.render("score", final["image"]["view"], game.names)
    big, small = Image.open(io.BytesIO(png)), Image.open(io.BytesIO(sheet))
    assert big.width == small.width and big.height > small.height + 200  # the chart under the sheet


def test_a_round_log_is_written_in_the_games_language():
    """The round summary is a public post: the game's language (here French), passed to the worker."""
    record = random_record(3, 4)
    english = roundlog.logs_job(record, [1, 2], ["A", "B", "C"], "en")
    french = roundlog.logs_job(record, [1, 2], ["A", "B", "C"], "fr")
    assert "tracks " in english[2] and "pistes " in french[2] and "tracks " not in french[2]
    assert " posée en " in french[1] and " at " in english[1]
    # French typography: a space before the colon and the semicolon
    assert french[2].split("\n")[-1].startswith("C : ") and " ; pistes " in french[2]
    assert english[2].split("\n")[-1].startswith("C: ") and "; tracks " in english[2]


def test_a_game_played_within_the_hour_says_how_long_in_minutes_not_days():
    """The console plays a whole game in minutes: "played over 0.0 days" said nothing."""
    record = random_record(1, 4)
    times = [1000.0 + 2.0 * k for k in range(len(record["actions"]))]  # two seconds a move
    text = roundlog.facts_job(record, times, ["A"], 1000.0, "en")
    minutes = int((times[-1] - 1000.0) // 60)
    assert f"rounds, played in {minutes} min." in text and "0.0 days" not in text


async def test_the_final_post_of_a_solo_game_says_whether_the_target_was_reached(service):
    """Solo (p.10): the score is compared with the target of the event cards played."""
    game = await play_to_the_end(service, await new_game(service, 1))
    result = game.state.result
    total, target = result["players"][0]["total"], result["solo"]["target"]
    final = posts_of([p for _, p in await service.pending_posts(game.id)], "score")[-1]
    expected = (f"Solo target {target}: reached (+{total - target})." if total >= target
                else f"Solo target {target}: missed by {target - total}.")
    assert expected in final["text"]


@pytest.mark.parametrize("game_in", ["server", "dm"])
@pytest.mark.parametrize("asked_in", ["same server", "other server", "dm"])
@pytest.mark.parametrize("asker", ["player", "autopilot's player", "non-player"])
async def test_a_replay_file_goes_to_its_players_anywhere_and_to_others_only_in_the_games_server(
        service, game_in, asked_in, asker):
    """Issue 51, finding 11: outside a game's own server only a player of the game may export it
    (two direct messages both have no server: that is not "here"). A seat handed to the
    autopilot stays its player's."""
    guild = 5 if game_in == "server" else None
    game = await service.create(creator_id=1, creator_name="Ada", guild_id=guild, channel_id=6,
                                options={"max_players": 2, "seed": 3})
    await service.join(game.id, 2, "Bo")
    await service.start(game.id, 1, False)
    await service.replace(game.id, 1, False, 1, None)  # Bo's seat goes to the autopilot (Bo keeps it)
    await service.cancel(game.id, 1, False)  # over: its replay file may be exported
    user = {"player": 1, "autopilot's player": 2, "non-player": 3}[asker]
    where = {"same server": guild if guild is not None else 7, "other server": 8, "dm": None}[asked_in]
    allowed = asker != "non-player" or (game_in == "server" and asked_in == "same server")
    if allowed:
        _game, record = await service.export_record(game.id, user, guild_id=where)
        assert record["actions"] is not None
    else:
        with pytest.raises(NoGameHere, match=f"no game #{game.id} here"):
            await service.export_record(game.id, user, guild_id=where)
