"""The strict-Discord contract (tests/discord/contract.py) and the event-loop watchdog
(tests/discord/watchdog.py): each rule catches a bad payload and lets a good one through."""
from __future__ import annotations

import asyncio
import io
import time

import discord
import pytest

from . import contract as C
from .watchdog import STALL_MS, Watchdog

ALICE = "111111111111111111"
BOB = "222222222222222222"


def button(cid, label="ok", **extra):
    return {"type": 2, "style": 2, "custom_id": cid, "label": label, **extra}


def select(cid, n=3, **extra):
    return {"type": 3, "custom_id": cid, "options": [{"label": f"o{i}", "value": f"v{i}"} for i in range(n)],
            **extra}


def row(*items):
    return {"type": 1, "components": list(items)}


def one(found, words):
    assert len(found) == 1 and words in found[0], found


# ------------------------------------------------------------------ components


def test_a_good_panel_passes():
    rows = [row(*(button(f"b{r}{i}") for i in range(5))) for r in range(4)] + [row(select("s"))]
    assert C.check_components(rows) == []


def test_two_buttons_with_the_same_custom_id_are_refused():
    one(C.check_components([row(button("pub:1:0:abc:c:0:0"), button("pub:1:0:abc:c:0:0", "▲"))]), "not unique")


def test_a_custom_id_repeated_across_rows_is_refused():
    one(C.check_components([row(button("x")), row(select("x"))]), "not unique")


def test_more_than_five_rows_or_five_buttons_a_row_are_refused():
    one(C.check_components([row(button(f"b{r}")) for r in range(6)]), "6 action rows")
    one(C.check_components([row(*(button(f"b{i}") for i in range(6)))]), "6 buttons")


def test_a_select_fills_its_row():
    one(C.check_components([row(select("s"), button("b"))]), "fills its row")


def test_select_options_must_be_1_to_25():
    one(C.check_components([row(select("s", 26))]), "26 options")
    one(C.check_components([row(select("s", 0))]), "0 options")


def test_select_min_and_max_values():
    one(C.check_components([row(select("s", 3, min_values=2, max_values=1))]), "min_values 2")
    one(C.check_components([row(select("s", 3, max_values=4))]), "max_values 4 is more than its 3 options")


@pytest.mark.parametrize("where, bad, words", [
    ("label", "x" * 81, "label has 81"),
    ("custom_id", "x" * 101, "custom_id has 101"),
    ("custom_id", "", "custom_id has 0"),
])
def test_button_text_lengths(where, bad, words):
    b = button("b")
    b[where] = bad
    one(C.check_components([row(b)]), words)


@pytest.mark.parametrize("key, limit", [("label", 100), ("value", 100), ("description", 100)])
def test_select_option_lengths(key, limit):
    s = select("s")
    s["options"][0][key] = "x" * (limit + 1)
    one(C.check_components([row(s)]), f"{key} has {limit + 1}")


def test_placeholder_length():
    one(C.check_components([row(select("s", placeholder="p" * 151))]), "placeholder has 151")


def test_a_button_needs_a_label_or_an_emoji():
    one(C.check_components([row({"type": 2, "style": 1, "custom_id": "b"})]), "neither a label nor an emoji")


# ------------------------------------------------------------------ content, embeds, files


def test_content_over_2000_characters_is_refused():
    assert C.check_message({"content": "x" * 2000}) == []
    one(C.check_message({"content": "x" * 2001}), "2001 characters")


@pytest.mark.parametrize("embed, words", [
    ({"title": "t" * 257}, "title has 257"),
    ({"description": "d" * 4097}, "description has 4097"),
    ({"fields": [{"name": "n", "value": "v"}] * 26}, "26 fields"),
    ({"fields": [{"name": "n" * 257, "value": "v"}]}, "name has 257"),
    ({"fields": [{"name": "n", "value": "v" * 1025}]}, "value has 1025"),
    ({"footer": {"text": "f" * 2049}}, "footer.text has 2049"),
    ({"author": {"name": "a" * 257}}, "author.name has 257"),
])
def test_embed_limits(embed, words):
    one(C.check_embeds([embed]), words)


def test_embeds_total_and_count():
    one(C.check_embeds([{"description": "d" * 4000}, {"description": "d" * 2001}]), "6001 characters together")
    one(C.check_embeds([{"title": "t"}] * 11), "11 embeds")


def test_attachments_count_and_size():
    assert C.check_attachments([("a.png", 10 * 1024 * 1024)]) == []
    one(C.check_attachments([("a.png", 10 * 1024 * 1024 + 1)]), "a.png")
    one(C.check_attachments([(f"{i}.png", 1) for i in range(11)]), "11 attachments")


# ------------------------------------------------------------------ allowed mentions


def test_an_addressed_player_must_be_pinged():
    text = f"<@{ALICE}>, you are the commander: turn the station."
    assert C.check_mentions(text, {"parse": [], "users": [ALICE]}, notifies=True) == []
    one(C.check_mentions(text, {"parse": []}, notifies=True), f"<@{ALICE}> is addressed")


def test_the_new_player_of_a_seat_must_be_pinged_the_old_one_need_not():
    text = f"Seat 2 (<@{ALICE}>) is now played by <@{BOB}>."
    assert C.check_mentions(text, {"parse": [], "users": [BOB]}, notifies=True) == []
    one(C.check_mentions(text, {"parse": [], "users": []}, notifies=True), f"<@{BOB}> is addressed")


def test_who_did_a_finished_act_may_be_named_quietly():
    assert C.check_mentions(f"Game #3 was ended by <@{ALICE}> in round 2.", {"parse": []}, notifies=True) == []


def test_ephemeral_messages_and_edits_ping_nobody_so_anything_goes():
    assert C.check_mentions(f"<@{ALICE}>, your turn", {"parse": []}, notifies=False) == []


def test_no_message_may_ping_everyone_or_a_role():
    one(C.check_mentions("hello @everyone", None, notifies=True), "@everyone")
    one(C.check_mentions("hello <@&123>", {"parse": ["roles"]}, notifies=True), "a role")
    assert C.check_mentions("hello @everyone", {"parse": []}, notifies=True) == []


# ------------------------------------------------------------------ interactions and commands


def test_autocomplete_limits():
    good = [{"name": f"C{i}", "value": f"C{i}"} for i in range(25)]
    assert C.check_autocomplete(good) == []
    one(C.check_autocomplete(good + [{"name": "x", "value": "x"}]), "26 autocomplete")
    one(C.check_autocomplete([{"name": "", "value": "x"}]), "name has 0")
    one(C.check_autocomplete([{"name": "n" * 101, "value": "x"}]), "name has 101")
    one(C.check_autocomplete([{"name": "n", "value": "v" * 101}]), "value has 101")


def test_modal_limits():
    modal = {"title": "t", "custom_id": "m", "components": [row({"type": 4, "custom_id": "i", "label": "l", "style": 1})]}
    assert C.check_modal(modal) == []
    one(C.check_modal(dict(modal, title="t" * 46)), "title has 46")


def command(**extra):
    return {"type": 1, "name": "pu", "description": "Play", "options": [], **extra}


@pytest.mark.parametrize("name", ["Pu", "pu game", "p!", "x" * 33, ""])
def test_command_names(name):
    one(C.check_commands([command(name=name)]), "command name")


def test_command_names_allow_letters_digits_dash_underscore_of_any_script():
    assert C.check_commands([command(name="pu-2_é"), command(name="игра")]) == []


def test_command_descriptions_and_option_limits():
    one(C.check_commands([command(description="")]), "description has 0")
    one(C.check_commands([command(description="d" * 101)]), "description has 101")
    opts = [{"type": 3, "name": f"o{i}", "description": "d"} for i in range(26)]
    one(C.check_commands([command(options=opts)]), "26 options")
    one(C.check_commands([command(options=[{"type": 3, "name": "Bad", "description": "d"}])]), "option name")
    choices = [{"name": f"c{i}", "value": f"c{i}"} for i in range(26)]
    one(C.check_commands([command(options=[{"type": 3, "name": "o", "description": "d", "choices": choices}])]),
        "26 choices")
    subs = [{"type": 1, "name": f"s{i}", "description": "d"} for i in range(26)]
    one(C.check_commands([command(options=subs)]), "26 options/subcommands")
    order = [{"type": 3, "name": "a", "description": "d"}, {"type": 3, "name": "b", "description": "d", "required": True}]
    one(C.check_commands([command(options=order)]), "required option comes after")


def test_a_command_counts_its_longest_localisations_toward_8000_characters():
    """Discord (Application Commands, "Slash Commands"): "a maximum of 8000 characters for combined
    name, description, and value properties for each command, its options (including subcommands
    and groups), and choices. When localization fields are present, only the longest localization
    for each field (including the default value) is counted towards the size limit"."""
    choice = {"name": "c", "value": "v" * 10, "name_localizations": {"fr": "c" * 20}}
    option = {"type": 3, "name": "o", "description": "d" * 30, "description_localizations": {"fr": "é" * 40},
              "choices": [choice]}
    sub = {"type": 1, "name": "sub", "description": "s" * 50, "options": [option]}
    cmd = command(name="pu", description="x" * 80, name_localizations={"fr": "partie"},
                  description_localizations={"fr": "y" * 60}, options=[sub])
    assert C.command_size(cmd) == 6 + 80 + (3 + 50) + (1 + 40) + (20 + 10)
    assert C.check_commands([cmd]) == []
    big = [dict(sub, name=f"s{i}", description="s" * 100, description_localizations={"fr": "é" * 100},
                options=[dict(option, name=f"o{j}", description="d" * 100) for j in range(3)])
           for i in range(20)]  # 20 x (2 + 100 + 3 x (2 + 100 + 30)) = 9,960 characters
    one(C.check_commands([command(options=big)]), "characters of names, descriptions and values")


def test_an_option_without_a_real_description_in_every_language_is_reported():
    """discord.py sends "…" for an option nobody described; Discord shows it as is."""
    described = {"type": 6, "name": "player", "description": "whose planet",
                 "description_localizations": {"fr": "la planète de qui"}}
    sub = {"type": 1, "name": "board", "description": "See a planet", "description_localizations": {"fr": "Voir"},
           "options": [described]}
    cmd = command(description_localizations={"fr": "Jouer"}, options=[sub])
    assert C.check_descriptions([cmd], ["fr"]) == []
    bare = dict(described, description="…", description_localizations={})
    found = C.check_descriptions([command(description_localizations={"fr": "Jouer"},
                                          options=[dict(sub, options=[bare])])], ["fr"])
    assert found == ["/pu board player has no description (Discord shows '…' under it)",
                     "/pu board player has no fr description (Discord shows the English one)"]
    english_only = dict(described, description_localizations={"fr": " "})
    one(C.check_descriptions([command(description_localizations={"fr": "Jouer"},
                                      options=[dict(sub, options=[english_only])])], ["fr"]), "no fr description")


COMMAND_BUDGET = 7000  # of Discord's 8,000: room for a few more options and languages (issue 51)


async def test_the_bots_real_command_tree_is_checked_at_sync_and_within_the_limits(world, discord_contract):
    """The tree the bot syncs at log-in goes through the contract like every other request:
    every command and option described in every language the bot speaks, and every top-level
    command within Discord's 8,000 characters with room to grow."""
    from .conftest import BOT_LOCALES

    (put,) = [r for r in world.env.http_requests if r.method == "PUT" and r.path.endswith("/commands")]
    names = [c["name"] for c in put.json]
    assert names == ["pu", "storm", "me"] and C.check_commands(put.json) == []
    assert BOT_LOCALES and C.check_descriptions(put.json, BOT_LOCALES) == []
    sizes = {c["name"]: C.command_size(c) for c in put.json}
    assert all(size <= COMMAND_BUDGET for size in sizes.values()), sizes
    assert discord_contract.violations == []


# ------------------------------------------------------------------ the recorder


class _Backend:
    interactions: dict = {}
    interaction_tokens: set = set()


def test_the_recorder_refuses_a_bad_message_and_keeps_the_violation():
    rec = C.ContractRecorder()
    body = {"content": "x", "components": [row(button("a"), button("a"))]}
    refused = rec.check(_Backend(), "POST", "/channels/1/messages", body, [])
    assert refused and "not unique" in refused[0] and "not unique" in rec.violations[0]


def test_the_recorder_sizes_uploaded_files():
    rec = C.ContractRecorder()
    big = discord.File(io.BytesIO(b"\0" * (C.ATTACHMENT_BYTES + 1)), filename="big.png")
    refused = rec.check(_Backend(), "POST", "/channels/1/messages", {"content": "x"}, [big])
    assert refused and "big.png" in refused[0]
    assert big.fp.tell() == 0  # the upload itself is untouched


def test_the_recorder_checks_a_channel_post_for_pings():
    rec = C.ContractRecorder()
    body = {"content": f"<@{ALICE}>: your move", "allowed_mentions": {"parse": [], "users": []}}
    assert rec.check(_Backend(), "POST", "/channels/1/messages", body, []) == []  # Discord accepts it...
    assert "is addressed" in rec.violations[0]  # ...but the player is never told


class _Record:
    responded = False
    initial_response_deadline = "2026-01-01T00:00:03+00:00"


class _LateBackend(_Backend):
    interactions = {42: _Record()}

    def __init__(self, now):
        self.now = now

    def now_iso(self):
        return self.now


def test_the_first_answer_must_come_within_3_seconds():
    rec = C.ContractRecorder()
    defer = {"type": 5, "data": {"flags": 64}}
    rec.check(_LateBackend("2026-01-01T00:00:02+00:00"), "POST", "/interactions/42/tok/callback", defer, [])
    assert rec.violations == []
    rec.check(_LateBackend("2026-01-01T00:00:04+00:00"), "POST", "/interactions/42/tok/callback", defer, [])
    assert len(rec.violations) == 1 and "after 3 s" in rec.violations[0]


def test_a_public_interaction_answer_is_checked_for_pings_an_ephemeral_one_is_not():
    rec = C.ContractRecorder()
    said = {"content": f"<@{ALICE}>, you are next", "allowed_mentions": {"parse": []}}
    rec.check(_LateBackend("2026-01-01T00:00:01+00:00"), "POST", "/interactions/42/tok/callback",
              {"type": 4, "data": dict(said, flags=64)}, [])
    assert rec.violations == []
    rec.check(_LateBackend("2026-01-01T00:00:01+00:00"), "POST", "/interactions/42/tok/callback",
              {"type": 4, "data": said}, [])
    assert len(rec.violations) == 1 and "is addressed" in rec.violations[0]


# ------------------------------------------------------------------ the watchdog


async def test_the_watchdog_names_a_callback_that_holds_the_loop(loop_watchdog):
    dog = Watchdog()
    dog.start()
    try:
        asyncio.get_running_loop().call_soon(sum, range(3 * 10 ** 7))
        await asyncio.sleep(0.05)
    finally:
        dog.stop()
    (stall,) = dog.stalls
    assert stall.cpu_ms > STALL_MS and "sum" in stall.what
    assert len(loop_watchdog.stalls) == 1  # the autouse watchdog saw it too: this stall is on purpose
    loop_watchdog.stalls.clear()


async def test_the_watchdog_catches_a_blocking_wait(loop_watchdog, monkeypatch):
    from . import watchdog

    monkeypatch.setattr(watchdog, "BLOCKING_MS", 50)  # 1 s in the suite; shorter here to keep it quick
    dog = Watchdog()
    dog.start()
    try:
        asyncio.get_running_loop().call_soon(time.sleep, 0.12)
        await asyncio.sleep(0.01)
    finally:
        dog.stop()
    (stall,) = dog.stalls
    assert stall.wall_ms >= 100 and stall.cpu_ms < 50 and "sleep" in stall.what
    loop_watchdog.stalls.clear()


async def test_the_watchdog_lets_short_steps_and_the_tests_own_code_through():
    dog = Watchdog()
    dog.start()
    try:
        asyncio.get_running_loop().call_soon(sum, range(1000))
        await asyncio.sleep(0.01)
        deadline = time.thread_time() + STALL_MS * 2 / 1000
        while time.thread_time() < deadline:  # the test's own set-up work is not the bot's
            pass
        await asyncio.sleep(0)
    finally:
        dog.stop()
    assert dog.stalls == [] and dog.steps > 0


def test_localised_names_and_descriptions_follow_the_same_rules():
    """Discord refuses a localised name that is not a valid name, or a localised description
    out of 1-100 characters; sibling names must differ in every language."""
    good = command(name_localizations={"fr": "partie"}, description_localizations={"fr": "Jouer"})
    assert C.check_commands([good]) == []
    one(C.check_commands([command(name_localizations={"fr": "Créer"})]), "fr name 'Créer'")
    one(C.check_commands([command(description_localizations={"fr": "d" * 101})]), "fr description has 101")
    opts = [{"type": 3, "name": "a", "description": "d", "name_localizations": {"fr": "x"}},
            {"type": 3, "name": "b", "description": "d", "name_localizations": {"fr": "x"}}]
    one(C.check_commands([command(options=opts)]), "fr names ['x'] are used twice")
    choice = {"name": "c", "value": "c", "name_localizations": {"fr": "c" * 101}}
    one(C.check_commands([command(options=[{"type": 3, "name": "o", "description": "d", "choices": [choice]}])]),
        "fr choice name has 101")
