"""Bad input through the simulated Discord, seeded random: every slash command option and
every kind of component custom id (wrong types, out-of-range and negative squares, unknown
tile and card ids, huge and unicode strings, other games' ids, ids of an older bot). Each gets
a short private answer, no exception escapes (SimCord fails the test at teardown if one
does), and no game changes. Values Discord itself refuses (a wrong type, a number outside a
command's range) never reach the bot: SimCord raises OptionError for them, as Discord would."""
from __future__ import annotations

import logging
import random

import discord
import pytest
import simcord

from engine import rules
from service.panels import stamp_of
from tests.discord.helpers import start_game, thread_of
from tests.service.test_fuzz import bad_action, bad_verb, junk

SEED = 7
MAX_ANSWER = 400


async def game_states(world, game_ids):
    out = []
    for gid in game_ids:
        game = await world.service.load(gid)
        out.append((game.version, game.status, game.row.state, len(await world.service.repo.list_actions(gid))))
    return out


def answers(result, forged=None):
    """The messages the user got back (not the clicked message itself)."""
    out = [m for m in [result.response, *result.followups] if m is not None]
    return [m for m in out if forged is None or m.id != forged.id]


def assert_private_and_short(result, what, forged=None):
    assert result.acknowledged, f"{what}: no answer ('interaction failed')"
    got = answers(result, forged)
    assert got, f"{what}: nothing said"
    for m in got:
        assert m.ephemeral, f"{what}: answered in public: {m.content[:100]!r}"
        limit = 2000 if "out of date" in m.content else MAX_ANSWER  # the current board comes with it
        assert 0 < len(m.content) <= limit, f"{what}: answer of {len(m.content)} characters"
        assert "Traceback" not in m.content and "Sorry, something went wrong" not in m.content, (what, m.content)


@pytest.fixture
async def two_games(world):
    game_a = await start_game(world, [world.alice, world.bob])
    thread_a = thread_of(world)
    other = world.guild.create_text_channel("more-games")
    await world.env.settle()
    r = await world.carol.slash(other, "pu create", players=2)
    await world.dave.click(r.response, label="Join")
    await world.carol.click(r.response, label="Start")
    game_b = (await world.service.games_of(world.carol.id))[-1]
    return game_a, thread_a, game_b, other.threads[-1]


async def test_slash_command_options_with_bad_values_get_a_private_answer_and_change_nothing(world, two_games):
    game_a, thread, game_b, _ = two_games
    ids = [game_a.id, game_b.id]
    before = await game_states(world, ids)
    rng = random.Random(SEED)
    who = [world.alice, world.bob, world.outsider, world.carol]
    legal = {str(a) for seat in (0, 1) for a in rules.legal_actions(game_a.state, seat)}
    calls = []
    for _ in range(40):
        action = bad_action(rng)
        if action.strip() not in legal and action.strip():
            calls.append(("pu act", {"action": action[:6000]}))
    for _ in range(25):
        calls.append(("pu place", {"at": junk(rng)[:6000] or "?", "orient": rng.randrange(8),
                                   **({"tile": rng.choice(["small", "large"])} if rng.random() < 0.5 else {})}))
    member_options = [world.outsider, world.dave, world.admin]
    calls += [("pu board", {"player": m}) for m in member_options]
    calls += [("pu corp", {"player": m}) for m in member_options]
    calls += [("pu host kick", {"player": m}) for m in (world.bob, world.outsider, world.alice)]
    calls += [("pu host replace", {"seat": s}) for s in (3, 6)]
    calls += [("pu host replace", {"seat": 1, "member": world.bob})]
    calls += [("pu reminders", {"on": False}), ("pu status", {}), ("pu score", {}), ("pu station", {}),
              ("pu host end", {}), ("pu play", {})]
    # async play (issue 16): bad settings and away requests, the host's pause and away switch
    calls += [("me settings", {"time_zone": junk(rng)[:100] or "?"}) for _ in range(6)]
    calls += [("me settings", {"quiet_start": rng.choice([-5, 24, 99, 10**6]), "quiet_end": rng.randrange(-3, 30)}),
              ("me settings", {"reminder_hours": rng.choice([-7.5, 0.5, 49.0, 1e9])}),
              ("me away", {"days": rng.choice([0, -1, 61, 10**6])}), ("me away", {"until": junk(rng)[:100] or "?"}),
              ("me away", {"days": 3, "until": "2030-01-01"}), ("me back", {}),
              ("pu host pause", {}), ("pu host resume", {}), ("pu host allow-away", {"allow": False})]
    calls += [("pu history", {"round": r}) for r in (0, -5, 3, 99, 2**40)] + [("pu history", {})]
    calls += [("pu export", {}), ("pu export", {"what": "stats"}), ("pu export", {"number": 999_999}),
              ("pu export", {"number": game_b.id})]
    problems = []
    for name, options in calls:
        user = rng.choice(who)
        if (name.startswith("pu host") or name == "pu reminders") and user is world.alice:
            user = world.bob  # alice may do these for real; bob may not
        try:
            r = await user.slash(thread, name, **options)
        except simcord.OptionError:
            continue  # refused by Discord itself (SimCord checks the synced schema)
        try:
            assert_private_and_short(r, f"{user.name} /{name} {options}")
        except AssertionError as error:
            problems.append(str(error).splitlines()[0])
    for _ in range(12):  # suggestions while typing: a list (maybe empty), never an error
        command, option = rng.choice([("pu act", "action"), ("pu place", "at"), ("me settings", "time_zone")])
        choices = await rng.choice(who).autocomplete(thread, command, option, junk(rng)[:100])
        assert isinstance(choices, list) and len(choices) <= 25
    assert problems == []
    assert await game_states(world, ids) == before


@pytest.mark.parametrize("name, options", [
    ("pu create", {"players": 0}), ("pu create", {"players": 7}), ("pu create", {"players": -3}),
    ("pu create", {"timer_hours": -1.0}), ("pu create", {"remind_hours": 1e9}), ("pu create", {"players": "four"}),
    ("pu create", {"boards": "huge"}), ("pu place", {"at": "C5", "orient": 8}),
    ("pu place", {"at": "C5", "orient": -1}), ("pu place", {"at": "C5", "tile": "medium"}),
    ("pu host replace", {"seat": 0}), ("pu host replace", {"seat": 7}), ("pu rules", {"topic": "cheating"}),
    ("pu reminders", {"on": "maybe"}), ("pu act", {}), ("pu act", {"action": 5}),
    ("me settings", {"quiet_start": "ten"}), ("me away", {"days": "many"}), ("pu host allow-away", {}),
    ("pu history", {"round": "three"}), ("pu export", {"what": "everything"}), ("pu export", {"number": 0}),
])
async def test_values_of_the_wrong_type_or_out_of_range_never_reach_the_bot(world, name, options):
    with pytest.raises(simcord.OptionError):
        await world.alice.slash(world.channel, name, **options)


async def send_forged(world, channel, buttons=(), selects=()):
    """A message from the bot carrying components with the given custom ids (what a modified
    client, or a message of an older bot version, would present)."""
    view = discord.ui.View(timeout=None)
    for cid in buttons:
        view.add_item(discord.ui.Button(label="x", custom_id=cid))
    for cid, values in selects:
        view.add_item(discord.ui.Select(custom_id=cid, options=[
            discord.SelectOption(label=str(i), value=v) for i, v in enumerate(values)]))
    with discord.http.handle_message_parameters(content="forged", view=view) as params:
        data = await world.env.bot.http.send_message(channel.id, params=params)
    await world.env.settle()
    return next(m for m in channel.history() if m.id == int(data["id"]))


def forged_ids(rng, games, stamps):
    gid = lambda: rng.choice([*games, 0, 999_999_999_999])  # noqa: E731
    kind = rng.randrange(7)
    if kind == 0:
        return f"pul:{gid()}:{rng.choice(['join', 'leave', 'bot', 'start', 'cancel', 'zzz', 'JOIN', 'x' * 8])}"
    if kind == 1:
        return f"pup:{gid()}"
    if kind == 2:
        return f"pus:{gid()}"
    if kind in (3, 4):
        g = rng.choice(games)
        seat = rng.choice([0, 1, 2, 7, 99])
        stamp = stamps.get((g, seat), "abcdef") if rng.random() < 0.8 else "000000"
        return f"pub:{g}:{seat}:{stamp}:{bad_verb(rng)}"[:100]
    if kind == 5:
        return f"pum:{gid()}:{rng.choice([0, 1, 9])}:{rng.choice(list(stamps.values()))}:{rng.randrange(10)}"
    return (rng.choice(["pu", "pux:1", "pub:1", "pul:1:join:extra", "pu:1:7:refresh", "🪐", " ", "a" * 100])
            + junk(rng))[:100] or "?"


async def test_forged_and_outdated_components_get_a_private_answer_and_change_nothing(world, two_games):
    game_a, thread, game_b, _ = two_games
    ids = [game_a.id, game_b.id]
    state_a = (await world.service.load(game_a.id)).state
    stamps = {(game_a.id, s): stamp_of(state_a, s) for s in range(2)}
    before = await game_states(world, ids)
    rng = random.Random(SEED)
    custom_ids = list(dict.fromkeys(forged_ids(rng, ids, stamps) for _ in range(75)))
    problems = []
    for start in range(0, len(custom_ids), 20):
        batch = custom_ids[start:start + 20]
        selects = [(f"pum:{game_a.id}:1:{stamps[(game_a.id, 1)]}:0", [bad_verb(rng)[:100] for _ in range(3)])]
        forged = await send_forged(world, thread, batch, selects)
        for cid in batch:
            for user in (world.bob, world.outsider):  # seated in game A (not its creator) / in no game
                r = await user.click(forged, custom_id=cid)
                try:
                    assert_private_and_short(r, f"{user.name} clicked {cid!r}", forged)
                except AssertionError as error:
                    problems.append(str(error).splitlines()[0])
        cid, values = selects[0]
        for value in values:
            r = await world.bob.select(forged, [value], custom_id=cid)
            try:
                assert_private_and_short(r, f"bob chose {value!r}", forged)
            except AssertionError as error:
                problems.append(str(error).splitlines()[0])
        assert forged.content == "forged"  # nothing was drawn over the public message
    assert problems == []
    assert await game_states(world, ids) == before


async def test_bad_controls_on_a_players_own_panel_are_refused_privately(world, two_games, monkeypatch):
    """A modified client can change the ids of its own panel's buttons: the service checks
    every verb (tests/service/test_fuzz.py has thousands more)."""
    from cogs import ui

    game_a, thread, game_b, _ = two_games
    ids = [game_a.id, game_b.id]
    before = await game_states(world, ids)
    rng = random.Random(SEED + 1)
    real = ui.panel_view
    problems = []
    for _ in range(3):
        verbs = list(dict.fromkeys(bad_verb(rng)[:70] for _ in range(25)))
        verbs = [v for v in verbs if v and not v.startswith("a:pick") and v not in ("a:undo", "a:confirm")][:25]

        def forged_panel(panel, verbs=verbs):
            view = discord.ui.View(timeout=None)
            for i, verb in enumerate(verbs):
                view.add_item(ui.PanelButton(panel.game_id, panel.seat, panel.stamp, verb, "x", row=i // 5))
            return view

        monkeypatch.setattr(ui, "panel_view", forged_panel)
        panel = (await world.bob.slash(thread, "pu play")).response
        for verb in verbs:
            cid = next(c["custom_id"] for row in panel.components for c in row["components"]
                       if c["custom_id"].endswith(":" + verb))
            r = await world.bob.click(panel, custom_id=cid)
            try:
                assert r.acknowledged
                for m in answers(r):
                    assert m.ephemeral and len(m.content) <= 2000
                assert "Sorry, something went wrong" not in " ".join(m.content for m in answers(r))
            except AssertionError as error:
                problems.append(f"{verb!r}: {str(error).splitlines()[0]}")
        monkeypatch.setattr(ui, "panel_view", real)
    assert problems == []
    assert await game_states(world, ids) == before


# ------------------------------------------------------------------ every option of every command

ODD_TEXT = ["", " ", "9999-12-31", "0001-01-01", "2026-02-30", "0000-00-00", "+002026-12-24", "-1", "1e309",
            "nan", "\x00", "\u202e", "🪐" * 30, "x" * 6000, "%s {0} {name}", "'; DROP TABLE games;--",
            "@everyone <@&1>", "A1", "Z99", "Europe/../../etc/passwd", "random"]
# at and past the edges; not values in the middle of a range, which would really start games,
# hand seats to the autopilot or send the player away (other tests do that)
ODD_INTEGERS = [0, -1, 2**31, 2**53, -(2**53)]  # Discord's integers lie within +-2^53
ODD_NUMBERS = [0.0, -0.0, 5e-324, 0.1, -1.5, 1e308, -1e308, float(2**53)]
TEXT, INTEGER, NUMBER, BOOLEAN, USER = 3, 4, 10, 5, 6


def leaf_commands(tree: list[dict]) -> list[tuple[str, list[dict]]]:
    """(``"pu host kick"``, its options) for every command a player can run in the synced tree."""
    out = []

    def walk(item: dict, path: str) -> None:
        subs = [o for o in item.get("options") or [] if o.get("type") in (1, 2)]
        if not subs:
            out.append((path, item.get("options") or []))
        for sub in subs:
            walk(sub, f"{path} {sub['name']}")

    for command in tree:
        if command.get("type", 1) == 1:
            walk(command, command["name"])
    return out


def just_outside(option: dict, step):
    """The values one step below a number option's minimum and above its maximum, and the
    extremes of a wide range (the largest game number, the longest timer)."""
    low, high = option.get("min_value"), option.get("max_value")
    wide = low is not None and high is not None and high - low >= 100
    return ([low - step] if low is not None else []) + ([high + step] if high is not None else []) + (
        [low, high] if wide else [])


def odd_values(option: dict) -> list:
    kind = option["type"]
    if kind == TEXT:
        return ODD_TEXT + [c["value"] + " " for c in option.get("choices", [])[:1]]
    if kind == INTEGER:
        return ODD_INTEGERS + just_outside(option, 1)
    if kind == NUMBER:
        return ODD_NUMBERS + just_outside(option, 0.5)
    return []


def plain_value(world, option: dict):
    """A sensible value for a required option that is not the one under test."""
    if option.get("choices"):
        return option["choices"][0]["value"]
    return {TEXT: "C5" if option["name"] == "at" else "confirm", INTEGER: option.get("min_value", 1),
            NUMBER: option.get("min_value", 1.0), BOOLEAN: True, USER: world.bob}[option["type"]]


async def test_odd_values_in_every_date_number_and_text_option_of_every_command_log_no_error(world, caplog):
    """Issue 51: ``/me away until:9999-12-31`` crashed (OverflowError: an apology and an ERROR in
    the log). Every text (dates included), integer and number option of every command, in a game's
    thread and in a channel, gets values at and past its limits: an answer each time (SimCord and
    the contract check them), nothing logged at ERROR. Values Discord itself refuses (outside a
    declared range or choice list) never reach the bot (simcord.OptionError)."""
    await start_game(world, [world.alice, world.bob])
    thread = thread_of(world)
    (put,) = [r for r in world.env.http_requests if r.method == "PUT" and r.path.endswith("/commands")]
    commands = leaf_commands(put.json)
    tried, delivered, unanswered = set(), 0, []
    with caplog.at_level(logging.WARNING):
        for name, options in commands:
            for option in options:
                for value in odd_values(option):
                    filled = {o["name"]: plain_value(world, o) for o in options
                              if o.get("required") and o is not option}
                    for where in (thread, world.channel):
                        try:
                            r = await world.alice.slash(where, name, **filled, **{option["name"]: value})
                        except simcord.OptionError:
                            continue  # refused by Discord itself
                        tried.add(f"{name} {option['name']}")
                        delivered += 1
                        if not r.acknowledged:
                            unanswered.append(f"/{name} {option['name']}:{value!r}"[:120])
                if option.get("autocomplete"):
                    for value in ODD_TEXT:
                        choices = await world.alice.autocomplete(thread, name, option["name"], value[:100])
                        assert isinstance(choices, list) and len(choices) <= 25
    errors = [f"{x.name}: {x.getMessage()[:200]} {x.exc_info[1]!r:.200}" if x.exc_info else x.getMessage()[:200]
              for x in caplog.records if x.levelno >= logging.ERROR]
    assert errors == [] and unanswered == []
    # every kind of option was reached (a renamed option or command would silently drop out)
    assert {"me away until", "me away days", "me settings reminder_hours", "me settings time_zone", "pu act action",
            "pu place at", "pu choose planet", "pu solo corporation", "pu history round", "pu create stall_days",
            "pu export number"} <= tried, sorted(tried)
    assert delivered > 200
