"""Bad input at the service layer, seeded random: typed moves and panel controls with wrong
types, out-of-range and negative squares and orientations, unknown tile, card and item ids,
huge and unicode text, other games' ids and other seats. Each is refused with a short
message for the player (a ServiceError or EngineError), never another exception, and the game
is unchanged. (tests/discord/test_fuzz.py sends the same through the simulated Discord.)"""
from __future__ import annotations

import random
from collections import Counter

import pytest_asyncio

from db.connection import open_database
from db.repository import GameRepository
from engine import rules
from engine.errors import EngineError
from service import GameService, ServiceError
from service.panels import stamp_of

SEED = 20261121
WEIRD = ["", " ", "\x00", "\n", "💥", "é", "\u202e", "\u200b", "ℵ", "Ⅻ", "１２", "-", "--", "+", "0x1f", "1e309",
         "nan", "inf", "-0", "%s", "{0}", "'; DROP TABLE games;--", "@everyone", "<@1>", "None", "null", "[]"]
SQUARES = ["A1", "L12", "A-1", "-1", "M13", "Z0", "A0", "A13", "L0", "a1", "C5", "F6", "AA1", "A1.5", "A 1"]


def junk(rng: random.Random) -> str:
    """A piece of text of a random nasty kind."""
    kind = rng.randrange(6)
    if kind == 0:
        return rng.choice(WEIRD)
    if kind == 1:
        return str(rng.choice([-1, -7, 8, 99, 144, 145, 2 ** 31, -2 ** 63, 10 ** 30]))
    if kind == 2:
        return "".join(chr(rng.randrange(32, 0x2FFF)) for _ in range(rng.randrange(1, 12)))
    if kind == 3:
        return rng.choice(SQUARES)
    if kind == 4:
        return "x" * rng.choice([101, 1000, 6000])
    return rng.choice(["water", "biomass", "tech", "rover", "civ", "energy", "store", "up", "left", "small",
                       "large", "huge"])


def number(rng: random.Random) -> int:
    return rng.choice([-1, 0, 1, 2, 3, 5, 7, 8, 12, 99, 143, 144, 10 ** 20, -10 ** 20])


def bad_action(rng: random.Random) -> str:
    if rng.random() < 0.5:  # well formed, but out of range or not allowed now
        return rng.choice([
            lambda: f"place {rng.choice(SQUARES[:2] + ['C5', 'F6', 'H8', 'L1'])} {number(rng)}",
            lambda: f"resolve {number(rng)} {rng.choice(['water', 'tech', 'store', 'C5', '12', 'up', 'x'])}",
            lambda: f"move {number(rng)} {rng.choice(['up', 'down', 'left', 'right'])}",
            lambda: f"pick {rng.choice(['small', 'large'])}",
            lambda: f"turn {number(rng)}",
            lambda: f"drop {number(rng)}",
            lambda: rng.choice(["undo", "confirm"]),
        ])()
    verb = rng.choice(["pick", "place", "resolve", "move", "turn", "drop", "undo", "confirm", "flip", ""])
    args = " ".join(junk(rng) for _ in range(rng.randrange(0, 4)))
    return f"{verb} {args}".strip() if rng.random() < 0.9 else junk(rng)


def bad_verb(rng: random.Random) -> str:
    kind = rng.choice("acrpx")
    if kind == "a":
        return "a:" + bad_action(rng)
    if kind == "c":
        parts = [junk(rng) for _ in range(rng.choice([0, 1, 2, 3]))]
        if rng.random() < 0.3:
            parts = ["next"] + parts
        return "c:" + ":".join(parts)
    if kind == "r":
        return "r:" + junk(rng)
    if kind == "p":
        return f"p:{junk(rng)}:{junk(rng)}"
    return junk(rng) + ":" + junk(rng)


@pytest_asyncio.fixture
async def service(tmp_path):
    db = await open_database(tmp_path / "g.sqlite3")
    yield GameService(GameRepository(db), autopilot_level="random")
    await db.close()


async def two_games(service):
    games = []
    # (seed 31: the first placement leaves items with a choice; one with no choice is settled at once)
    for first, second, seed in ((1, 2, 5), (3, 4, 31)):
        game = await service.create(creator_id=first, creator_name=f"P{first}", guild_id=9, channel_id=first,
                                    options={"max_players": 2, "seed": seed})
        await service.join(game.id, second, f"P{second}")
        games.append(await service.start(game.id, first, False))
    # in the second game, the first player has placed a tile: pending items and rover moves
    # are there for bad 'resolve' and 'move' input to reach
    place = next(a for a in rules.legal_actions((await service.act(games[1].id, 3, "pick large")).game.state, 0)
                 if a.__class__.__name__ == "Place")
    games[1] = (await service.act(games[1].id, 3, str(place))).game
    assert games[1].state.seats[0].pending
    return games


async def snapshot(service, game_ids):
    out = []
    for gid in game_ids:
        game = await service.load(gid)
        out.append((game.version, game.row.state, len(await service.repo.list_actions(gid))))
    return out


def check_refusal(error: BaseException, sent: str) -> None:
    assert isinstance(error, (ServiceError, EngineError)), f"{sent!r} raised {type(error).__name__}: {error}"
    text = str(error)
    assert text and len(text) <= 300, f"{sent!r} answered {len(text)} characters: {text[:120]!r}..."


async def test_random_bad_moves_and_controls_are_refused_and_change_nothing(service):
    rng = random.Random(SEED)
    games = await two_games(service)
    ids = [g.id for g in games]
    before = await snapshot(service, ids)
    tried = 0
    problems = []
    kinds = Counter()
    for _ in range(1500):
        game = games[rng.randrange(2)]
        seated = [s.user_id for s in game.seats]
        user = rng.choice(seated) if rng.random() < 0.75 else rng.choice([1, 2, 3, 4, 99])
        mine = game.seat_of(user)
        if rng.random() < 0.5:
            text = bad_action(rng)
            legal = {str(a) for a in rules.legal_actions(game.state, mine)} if mine is not None else set()
            if text.strip() in legal:
                continue
            call = service.act(rng.choice([*ids, 0, 10 ** 12]) if rng.random() < 0.1 else game.id, user, text)
        else:
            verb = bad_verb(rng)
            seat = mine if mine is not None and rng.random() < 0.8 else rng.choice([0, 1, 2, 7, 99, -1])
            stamp = stamp_of(game.state, seat) if 0 <= seat < 2 and rng.random() < 0.9 else rng.choice(
                ["000000", "zzzzzz", "", "ffffff" * 20])
            if verb.startswith("a:") and mine is not None and verb[2:].strip() in {
                    str(a) for a in rules.legal_actions(game.state, mine)}:
                continue
            call = service.control(game.id, user, seat, stamp, verb)
            text = verb
        tried += 1
        try:
            await call
        except Exception as error:  # noqa: BLE001 - the assertion names any unexpected type
            kinds[type(error).__name__] += 1
            try:
                check_refusal(error, text)
            except AssertionError as problem:
                problems.append(str(problem).splitlines()[0][:300])
    assert problems == []
    assert tried > 1200
    # the input reached the rules, not only the first checks
    assert kinds["MalformedAction"] > 200 and kinds["IllegalAction"] > 100, kinds
    assert await snapshot(service, ids) == before


async def test_controls_that_only_look_around_accept_any_number_without_failing(service):
    """Cursor, station-preview and page controls with numbers out of range are clamped or
    refused; none raises anything but a player's error, and none plays a move."""
    games = await two_games(service)
    game = games[0]
    await service.act(game.id, 1, "pick large")
    game = await service.load(game.id)
    stamp = stamp_of(game.state, 0)
    before = await snapshot(service, [game.id])
    for verb in ("c:-1:0", "c:144:0", "c:0:8", "c:0:-1", "c:next:-999:-999", "c:next:99999:99999", "c:next:0",
                 "r:-1", "r:99999999999999999999", "r:-99999999999999999999", "p:0:-5", "p:moves:999999",
                 "p:zz:1", "c:5:3:1", "c::", "r:", "p:", "p::"):
        try:
            outcome = await service.control(game.id, 1, 0, stamp, verb)
        except Exception as error:  # noqa: BLE001
            check_refusal(error, verb)
        else:
            assert outcome.panel is not None and not outcome.played
    assert await snapshot(service, [game.id]) == before


async def test_history_and_export_of_any_game_and_round_are_answered_or_refused_and_change_nothing(service):
    """/pu history and /pu export with random game ids, users and round numbers (negative, huge,
    of rounds not over): an answer, or a player's error of a few words."""
    from engine.state import copy
    from service import autoplay

    rng = random.Random(SEED + 2)
    games = await two_games(service)
    ids = [g.id for g in games]
    game = games[0]
    while game.state.round < 3:  # two rounds over in the first game: there is something to show
        seat = rules.to_act(game.state)[0]
        await service.act_all(game.id, game.user_of(seat), [str(a) for a in autoplay.play_for(copy(game.state), seat)])
        game = await service.load(game.id)
    before = await snapshot(service, ids)
    answered = refused = 0
    for _ in range(120):
        gid = rng.choice([*ids, 0, -1, 10 ** 12])
        user = rng.choice([1, 2, 3, 4, 99])
        number = rng.choice([None, 0, 1, 2, -1, 10 ** 18, -(10 ** 18), rng.randrange(-50, 50)])
        call = service.history(gid, user, number) if rng.random() < 0.6 else \
            service.export_record(gid, user, guild_id=(None, 9, 10)[user % 3])  # a DM, the games' server, another
        try:
            await call
            answered += 1
        except Exception as error:  # noqa: BLE001 - the assertion names any unexpected type
            check_refusal(error, f"game {gid}, round {number}")
            refused += 1
    assert refused > 50 and answered > 5
    assert await snapshot(service, ids) == before
