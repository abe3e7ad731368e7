"""Issue 13 ("Real Discord"): what real Discord and real players would have hit although the
simulated Discord let it through. Every test here failed before its fix (and the autouse
contract of tests/discord/conftest.py now fails any test that repeats the payload mistake)."""
from __future__ import annotations

import re

from engine import data as D
from tests.discord.helpers import button, controls, play_panel, start_game, thread_of


def _arrow(message, arrow):
    return next((cid, dict(row_item for row_item in _components(message)).get(cid))
                for cid, label, kind in controls(message) if label == arrow)


def _components(message):
    for row in message.components:
        for c in row["components"]:
            yield c["custom_id"], c


async def test_defect_1_the_placement_panel_on_a_corner_square_is_sent_and_its_blocked_arrows_are_disabled(world):
    """Two arrows of a corner square had one custom_id: Discord refused the panel (400)."""
    game = await start_game(world, [world.alice, world.bob])
    panel = await play_panel(world, world.alice, game.id)
    msg = (await world.alice.click(panel.response, custom_id=button(panel.response, "a:pick large"))).response
    for arrow in ("◀", "▲"):  # to the top-left corner, A1
        for _ in range(D.SIZE):
            cid, item = _arrow(msg, arrow)
            if item.get("disabled"):
                break
            msg = (await world.alice.click(msg, custom_id=cid)).response
            assert "Place your tile" in msg.content, msg.content
    assert "at A1" in msg.content
    ids = [cid for cid, _ in _components(msg)]
    assert len(ids) == len(set(ids))
    assert _arrow(msg, "◀")[1].get("disabled") and _arrow(msg, "▲")[1].get("disabled")
    assert not _arrow(msg, "▶")[1].get("disabled") and not _arrow(msg, "▼")[1].get("disabled")
    moved = await world.alice.click(msg, custom_id=_arrow(msg, "▶")[0])
    assert "at A2" in moved.response.content
    assert not re.search("went wrong", moved.response.content)
