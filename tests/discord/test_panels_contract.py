"""Panels over the whole game space: every turn panel the bot can show, turned into the
Discord message it sends (service/panels.py -> cogs/ui.py), is one real Discord accepts
(tests/discord/contract.py).

Seeded random games on each of the 13 planets (2-4 players, private objectives and events in
some) are played with random legal moves; at every decision the panel of each seat that must
act is checked, and at every placement the cursor is swept over all 144 squares (corners and
edges included) in a changing orientation, with all 8 orientations on the corners and edges,
plus every page of long menus. Issue 13 defect 1 (two arrows with one custom_id on a corner
square) is what this found first.
"""
from __future__ import annotations

import random

from cogs import ui
from engine import data as D
from engine import rules
from engine.actions import Move, Undo
from engine.setup import make_config, new_game
from service import panels as P

from . import contract as C

PLANETS = sorted(D.planets())
SEEDS = (1, 2)
NOTE = "✔ " + "x" * 100 + "\n"  # the longest note the cog puts before a panel's text
EDGES = [a for a in range(D.SIZE * D.SIZE) if min(divmod(a, D.SIZE)) == 0 or max(divmod(a, D.SIZE)) == D.SIZE - 1]


def wire(panel: P.Panel) -> dict:
    """The message the cog sends for ``panel`` (cogs.game.show_panel), as its JSON body."""
    view = ui.panel_view(panel)
    return {"content": NOTE + panel.text, "components": view.to_components() if view else []}


def problems(panel: P.Panel, where: str) -> list[str]:
    return [f"{where}: {p}" for p in C.check_message(wire(panel))]


CORNERS = [0, D.SIZE - 1, D.SIZE * (D.SIZE - 1), D.SIZE * D.SIZE - 1]


def panels_at(state, seat: int, names, rng: random.Random, sweep: bool) -> list[tuple[str, P.Panel]]:
    """The panels of one decision; with ``sweep`` the cursor visits every square (all
    orientations on the edges), otherwise the corners in all orientations and a few squares."""
    out = [("default", P.build(state, 7, seat, names))]
    s = state.seats[seat]
    if s.hand is not None:
        squares = range(D.SIZE * D.SIZE) if sweep else CORNERS + rng.sample(EDGES, 2) + rng.sample(range(D.SIZE * D.SIZE), 2)
        for anchor in squares:
            orients = range(8) if sweep and anchor in EDGES else (rng.randrange(8),)
            for orient in orients:
                out.append((f"cursor {D.cell_name(anchor)} orient {orient}",
                            P.build(state, 7, seat, names, {"cursor": (anchor, orient)})))
    for item in s.pending:
        for offset in (0, P.SELECT_LIMIT - 2, 2 * (P.SELECT_LIMIT - 2)):
            out.append((f"item {item['id']} page {offset}",
                        P.build(state, 7, seat, names, {"pages": {str(item["id"]): offset}})))
    if state.phase == "rotate":
        out += [(f"rotation {r}", P.build(state, 7, seat, names, {"rotation": r})) for r in range(6)]
    return out


async def test_every_panel_on_every_planet_is_a_message_discord_accepts():
    found: list[str] = []
    checked = 0
    cursor_panels = 0
    for p, planet in enumerate(PLANETS):
        for seed in SEEDS:
            rng = random.Random(f"{planet}:{seed}")
            players = 2 + (p + seed) % 3
            others = [q for q in PLANETS if q != planet]
            config = make_config(players, planets=[planet] + rng.sample(others, players - 1),
                                 private_objectives=bool(seed % 2), events=(seed % 2 == 0) or None)
            state = new_game(config, seed)
            names = [f"Player {i + 1} with a rather long display name" for i in range(players)]
            seen: set = set()
            sweeps = 1  # full cursor sweeps per game (about 450 panels each)
            for _ in range(3000):
                if state.phase == "over":
                    break
                acting = rules.to_act(state)
                if not acting:
                    break
                seat = acting[rng.randrange(len(acting))]
                # every placement once (one of them swept in full), one other decision in five
                placing = state.seats[seat].hand is not None
                key = (state.round, seat, state.seats[seat].hand)
                if (placing and key not in seen) or (not placing and rng.random() < 0.2):
                    seen.add(key)
                    sweep = placing and sweeps > 0 and rng.random() < 0.3
                    sweeps -= sweep
                    for where, panel in panels_at(state, seat, names, rng, sweep):
                        checked += 1
                        cursor_panels += where.startswith("cursor")
                        found += problems(panel, f"{planet} seed {seed} round {state.round} seat {seat} {where}")
                legal = [a for a in rules.legal_actions(state, seat) if not isinstance(a, Undo)]
                moves = [a for a in legal if isinstance(a, Move)]
                rest = [a for a in legal if not isinstance(a, Move)] or moves
                rules.apply(state, seat, rng.choice(moves if moves and rng.random() < 0.3 else rest))
            assert state.phase == "over", f"{planet} seed {seed}: the random game did not finish"
    print(f"{checked} panels checked, {cursor_panels} with the cursor moved")
    assert cursor_panels > 5_000 and checked > cursor_panels
    assert found == [], f"{len(found)} panels Discord would refuse, e.g.:\n" + "\n".join(found[:10])


def test_a_civ_card_menu_sent_to_discord_describes_each_card_in_french_within_the_limits():
    """The civ card menu's options carry each card's effect as their description (Discord
    shows it under the card's name), in the reader's language, in a message Discord accepts."""
    from i18n import content, use
    state, rng = new_game(make_config(6), 3), random.Random(3)
    while True:
        seat = rng.choice(rules.to_act(state))
        if any(item["kind"] == "civ" for item in state.seats[seat].pending):
            break
        rules.apply(state, seat, rng.choice(rules.legal_actions(state, seat)))
    with use("fr"):
        panel = P.build(state, 7, seat, [f"P{n}" for n in range(6)])
        body = wire(panel)
    assert C.check_message(body) == []
    options = [o for row in body["components"] for c in row["components"] if c["type"] == 3 for o in c["options"]
               if o["value"].startswith("a:resolve")]
    assert len(options) >= 4
    with use("fr"):
        for option in options:
            card = D.civ_card(int(option["value"].split()[-1]))
            assert option["description"] == content(card.menu_line)
