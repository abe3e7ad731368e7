"""What a newcomer meets when typing moves or settling items (issue 55, findings 2 and 3), in
the service, so that Discord and the console answer the same: each pending item is named with
its number, an item with a single possible value is settled for the player and announced in
one line, and a typed placement that destroys a lifepod or a rover waits for a confirmation."""
from __future__ import annotations

import pytest

from engine import rules
from engine.errors import IllegalAction
from service import Panel, controls
from service.errors import NeedsConfirmation


async def _solo(service, seed=11):
    game = await service.create(creator_id=1, creator_name="Ann", guild_id=None, channel_id=None,
                                options={"max_players": 1, "seed": seed}, kind="solo")
    game = await service.start(game.id, 1, False)
    await service.act(game.id, 1, rules.legal_actions(game.state, 0)[0])  # an objective put back
    return game


async def test_a_typed_placement_that_destroys_a_lifepod_waits_for_a_confirmation(service):
    """Rulebook p.5: a tile placed on a lifepod destroys it. The panel's preview warns of it;
    a typed move, which has no preview, is not played until confirmed."""
    game = await _solo(service)
    await service.act(game.id, 1, "pick large")
    with pytest.raises(NeedsConfirmation) as refused:
        await service.act(game.id, 1, "place A6 0", typed=True)
    assert "destroys lifepod C8" in str(refused.value) and "/pu place" in str(refused.value)
    kept = await service.load(game.id)
    assert kept.state.seats[0].hand is not None and 2 * 12 + 7 in kept.state.seats[0].board.lifepods
    panel = (await service.panel(game.id, 1)).panel
    assert "⚠ destroys lifepod C8" in panel.text  # the panel says it too, beside the preview
    await service.act(game.id, 1, "place A6 0 confirm", typed=True)
    placed = await service.load(game.id)
    assert placed.state.seats[0].hand is None and 2 * 12 + 7 not in placed.state.seats[0].board.lifepods


async def test_a_typed_placement_that_destroys_nothing_is_played_at_once(service):
    game = await _solo(service)
    await service.act(game.id, 1, "pick large")
    state = (await service.load(game.id)).state
    from service.panels import regrets
    safe = next(a for a in rules.legal_actions(state, 0) if type(a).__name__ == "Place" and not regrets(state, 0, a))
    await service.act(game.id, 1, str(safe), typed=True)
    assert (await service.load(game.id)).state.seats[0].hand is None


async def test_an_item_with_a_single_value_is_settled_for_the_player_and_announced(service):
    """RULINGS R2: the player settles their items in any order; an item with one possible
    value and nothing else to choose is no decision: the service settles it, says so in one
    line (on the panel, which Discord and the console both show), and logs it for the replay."""
    game = await _solo(service)
    await service.act(game.id, 1, "pick large")
    outcome = await service.act(game.id, 1, "place A6 0")  # tile S5 water/rover
    line = "✔ item 2: advance rover (tile icon): settled for you (rover), the only choice."
    assert outcome.message == line and outcome.panel.text.startswith(line)
    state = (await service.load(game.id)).state
    assert all(i["id"] != 2 for i in state.seats[0].pending)
    assert "item 3: put a new rover on the tile you placed this round" in outcome.panel.text  # a real choice stays
    logged = [row.action for row in await service.repo.list_actions(game.id)]
    assert logged[-2:] == ["place A6 0", "resolve 2 rover"]  # in the action log: the game replays


async def test_settlements_give_way_to_the_decision_when_the_message_has_no_room(service, monkeypatch):
    """The move's settlements go through one fitting (service/controls.announce) with Discord's
    room (TEXT_ROOM): with no room left beside the decision's text, that text is shown whole and
    the settlement stays in the outcome's message (and the action log) only."""
    game = await _solo(service)
    await service.act(game.id, 1, "pick large")
    monkeypatch.setattr(controls, "TEXT_ROOM", 1)  # no room even for the count: the decision alone
    outcome = await service.act(game.id, 1, "place A6 0")
    assert outcome.message.startswith("✔ item 2") and "settled for you" not in outcome.panel.text
    assert outcome.panel.text.startswith("Event this round") and "item 3: put a new rover" in outcome.panel.text


async def test_the_refusal_of_an_unknown_item_names_each_open_item(service):
    game = await _solo(service)
    await service.act(game.id, 1, "pick large")
    await service.act(game.id, 1, "place A6 0")
    with pytest.raises(IllegalAction) as refused:
        await service.act(game.id, 1, "resolve 1 water", typed=True)
    assert "open items: 3 (put a new rover on the tile you placed this round)" in str(refused.value)


def test_settlements_beyond_a_discord_message_are_counted_and_the_console_lists_them_all():
    """What a move settled by itself heads the panel, a line each: in Discord, the lines that fit
    in the message beside the decision's whole text, then one line counting the others; in the
    console (no message limit) every line."""
    body = "**Round 3: choose a tile** from the depot facing you. " + "x" * 1400
    lines = [f"✔ item {n}: advance rover (tile icon): settled for you (rover), the only choice." for n in range(20)]
    discord_panel, console_panel = Panel(1, 0, "s", body), Panel(1, 0, "s", body)
    controls.announce(discord_panel, lines)
    controls.announce(console_panel, lines, None)
    assert len(discord_panel.text) <= controls.TEXT_ROOM and discord_panel.text.endswith(body)
    kept = [line for line in lines if line in discord_panel.text]
    assert 0 < len(kept) < len(lines) and kept == lines[:len(kept)]
    assert f"… and {len(lines) - len(kept)} more items settled for you" in discord_panel.text
    assert console_panel.text == "\n".join([*lines, body])
