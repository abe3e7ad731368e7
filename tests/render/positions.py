"""Positions for the render tests: seeded random playouts, a hand-filled planet, and the
stored views the golden images are drawn from.

Golden images are drawn from views stored in ``golden/positions.json`` (not from playouts),
so a change to the rules engine's random play does not move them; only a change to the
renderer (or to the game data) does. ``python -m tests.render.regen_golden --positions``
rebuilds that file from seeded playouts.
"""
from __future__ import annotations

import json
import random
from collections.abc import Callable
from functools import cache, partial
from pathlib import Path
from typing import Any

from engine import data as D
from engine import make_config, new_game, public_view, view_for
from engine.board import Board
from i18n import use
from render.demo import playout, preview_candidates

HERE = Path(__file__).resolve().parent
GOLDEN_DIR = HERE / "golden"
POSITIONS = GOLDEN_DIR / "positions.json"
CORPORATIONS = GOLDEN_DIR / "corporations.json"  # views of the asymmetric boards
NAMES = ["Ada", "Bertrand", "Chandrasekhar", "Dorothy", "Emmy", "Fibonacci"]


@cache
def empty_state(players: int):
    return new_game(make_config(players, first_commander=0), seed=players)


@cache
def mid_state(players: int, seed: int = 3, stop_round: int = 5):
    return playout(players, seed, stop_round=stop_round)


@cache
def end_state(players: int, seed: int = 3):
    return playout(players, seed)


def filled_board(planet_id: str = "ksb-4156", seed: int = 1, complete_rows: int = 8) -> Board:
    """A planet covered by tiles as far as they fit, then biomass patches on every square
    left in rows A..(complete_rows); two rovers on it. Meteorites land where tiles put them."""
    board = Board(planet_id, lifepods=list(D.planet(planet_id).lifepods))
    ids = sorted(D.tiles())
    random.Random(seed).shuffle(ids)
    for tile_id in ids:
        legal = board.legal_placements(tile_id)
        if legal:
            p = legal[0]
            board.place_tile(tile_id, p.orient, p.anchor)
    for cell in D.cells_of(board.planet.grid_mask & ~board.occupied):
        if cell // D.SIZE < complete_rows:
            board.place_patch(cell)
    # keep the meteorites of a few lines only, so both scoring and blocked lines show
    board.meteorites[:] = [m for m in board.meteorites if m // D.SIZE in (1, 9) or m % D.SIZE == 10]
    tiles_cells = [c for i in range(len(board.tiles)) for c in board.tile_cells(i)]
    board.rovers = [tiles_cells[7], None, tiles_cells[40]]
    return board


# Tiles put by hand on every planet for the asymmetric planets' images: placed directly
# where they fit the grid and the planet's own restriction (no adjacency or slide search),
# so the pictures move only when the renderer or the board data do.
SHOWCASE = ((2, 0, "D5"), (80, 3, "E6"), (104, 1, "G7"), (9, 1, "C8"), (56, 0, "H4"), (33, 0, "I8"),
            (58, 2, "K6"), (8, 3, "F2"), (130, 1, "E9"))


def showcase_board(planet_id: str) -> Board:
    """``SHOWCASE`` tiles where they fit on the planet's grid, a patch, a meteorite and a rover."""
    from engine import planets as P
    from engine.board import placement_mask

    board = Board(planet_id, lifepods=list(D.planet(planet_id).lifepods))
    rules = P.rules_for(planet_id)
    for tile_id, orient, square in SHOWCASE:
        anchor = D.parse_cell(square)
        mask = placement_mask(tile_id, orient, anchor)
        if (mask and not mask & ~board.planet.grid_mask and not mask & board.occupied
                and P.static_problem(rules, tile_id, orient, anchor, mask) is None):
            board.place_tile(tile_id, orient, anchor)
    free = D.cells_of(board.planet.grid_mask & ~board.occupied & D.halo(board.occupied))
    board.place_patch(free[len(free) // 2])
    cells = board.tile_cells(0)
    board.rovers = [cells[-1]]
    return board


def planet_block(board: Board, cell: int, labels: bool = True):
    """One planet (with labels or the compact form) as an RGB image, drawn as the renderer
    draws it inside its pictures."""
    from render.planet import draw_board, empty_planet, geometry

    img = empty_planet(board.planet_id, cell, labels).copy()
    draw_board(img, board, 0, 0, geometry(cell, labels))
    return img


def planets_gallery(cell: int = 26):
    """The twelve asymmetric planets side by side (compact form), each with its showcase tiles."""
    from PIL import Image

    from engine.setup import SUPPORTED_PLANETS

    blocks = [planet_block(showcase_board(pid), cell, labels=False) for pid in SUPPORTED_PLANETS[1:]]
    w, h = blocks[0].size
    sheet = Image.new("RGB", (4 * w, 3 * h))
    for k, block in enumerate(blocks):
        sheet.paste(block, ((k % 4) * w, (k // 4) * h))
    return sheet


def planet_view(planet_id: str) -> dict:
    """The stored end-of-game view with seat 0 on ``planet_id`` showing its showcase board."""
    view = json.loads(json.dumps(stored_positions()["end_public"]))
    view["seats"][0]["board"] = showcase_board(planet_id).to_json()
    return view


def full_view(players: int = 2):
    """A public end-of-game view whose seat 0 planet is ``filled_board()``."""
    view = public_view(end_state(players))
    view["seats"][0]["board"] = filled_board().to_json()
    return view


def build_positions() -> dict:
    """The stored views of the golden images (rebuilt only on purpose)."""
    mid = playout(4, 11, stop_round=6)
    end = playout(4, 11)
    solo = playout(1, 5)
    own = view_for(mid, 0)
    d = own["seats"][0]["depot"]
    tile_id = own["station"]["large"][d["large"]]["top"]
    (go, ga), (bo, ba) = preview_candidates(own, 0, tile_id)
    return {
        "mid_own": own,
        "mid_public": public_view(mid),
        "end_public": public_view(end),
        "end_own": view_for(end, 0),
        "solo_public": public_view(solo),
        "full": full_view(),
        "preview": {"tile": tile_id, "legal": [go, ga], "illegal": [bo, ba]},
    }


def _corporation_state(corp_id: str):
    """A 2-player game in round 6 where seat 0 plays ``corp_id`` with its special pieces on
    the board (hand-built: trackers, pieces and tech uses set directly)."""
    state = new_game(make_config(2, corporations=[corp_id, "universal_coalition"], first_commander=0,
                                 interior_offset=0), seed=5)
    state.round = 6
    s = state.seats[0]
    b = s.board
    for tile_id, orient, square in ((56, 0, "F1"), (104, 1, "F2"), (8, 0, "E4"), (80, 1, "G3"), (128, 0, "D3")):
        assert b.placement_problem(tile_id, orient, D.parse_cell(square), ignore_adjacency=True) is None
        b.place_tile(tile_id, orient, D.parse_cell(square))
    b.meteorites = [D.parse_cell("G4")]
    rovers: list[int | None] = [D.parse_cell("F1"), D.parse_cell("E3")]
    b.rovers = rovers[:min(2, D.corporation(corp_id).rovers)]
    s.corp.rover_supply = D.corporation(corp_id).rovers - len(b.rovers)
    s.corp.trackers.update(civ=4, water=5, biomass=3, rover=6, tech=7)
    sp = s.corp.special
    if corp_id == "cosmos_inc":
        sp.update(pods=[["water", 6], ["tech", 5], ["civ", 8], ["civ", 9]], spent=["t2"])
        s.corp.lifepods = 2
    elif corp_id == "flux_industries":
        sp.update(flux="biomass", used={"t5": 6})
    elif corp_id == "horizon_group":
        s.corp.trackers.update(rover=9, tech=10)
        sp.update(carry=[1], used={"t5": 6})
        b.meteorites.append(D.parse_cell("F4"))
        s.corp.meteorites = 4
    elif corp_id == "jump_drive":
        s.corp.trackers.update(tech=6)
        sp.update(slots=[1, 4], spent=["t5"])
        s.corp.lifepods = 1
    elif corp_id == "makeshift":
        s.corp.trackers.update(civ=6, water=9, biomass=8, rover=10, tech=7)
        sp.update(col={"civ": "water", "water": "water", "biomass": "rover", "rover": "rover", "tech": "tech"},
                  used={"t4": 6})
    elif corp_id == "oasis_ultd":
        s.corp.trackers.update(water=15, rover=6, tech=5)  # the water cube on rover 7 blocks the rover cube
    elif corp_id == "republic":
        s.corp.trackers.update(civ=8, tech=14)
    elif corp_id == "wormhole_corp":
        s.corp.trackers.update(biomass=3, tech=10)
    return state


ASYMMETRIC = ("cosmos_inc", "flux_industries", "horizon_group", "jump_drive", "makeshift", "oasis_ultd", "republic",
              "wormhole_corp")


def build_corporation_views() -> dict:
    """Seat 0's own view of every asymmetric corporation board (golden/corporations.json)."""
    return {cid: view_for(_corporation_state(cid), 0) for cid in ASYMMETRIC}


@cache
def stored_corporation_views() -> dict:
    return json.loads(CORPORATIONS.read_text(encoding="utf-8"))
def with_event(view: dict, card_id: int, remaining: int = 14) -> dict:
    """A stored view with the event module on and ``card_id`` as the round's card (the stored
    views predate the module; the card's name and text come from the game data)."""
    from engine import events as E

    view = json.loads(json.dumps(view))
    view["events"] = {"current": E.card(card_id).public(), "remaining": remaining, "revealed": [card_id],
                      "played": {"green": 0, "orange": 0, "red": 1}, "deck": {"green": 9, "orange": 3, "red": 8},
                      "preset": "normal"}
    return view


@cache
def stored_positions() -> dict:
    return json.loads(POSITIONS.read_text(encoding="utf-8"))


def golden_cases() -> dict:
    """name -> function drawing that golden image from the stored views."""
    import render as R
    from render.profile import sample_profile

    def p():
        return stored_positions()

    def corporation(cid):
        return R.render_corporation(stored_corporation_views()[cid], 0, NAMES)

    def preview(kind):
        pv = p()["preview"]
        orient, anchor = pv[kind]
        return R.render_preview(p()["mid_own"], 0, pv["tile"], orient, anchor, NAMES)

    cases: dict[str, Callable[[], Any]] = {
        "planet_mid": lambda: R.render_planet(p()["mid_own"], 0, NAMES),
        "planet_full": lambda: R.render_planet(p()["full"], 0, NAMES),
        "preview_legal": lambda: preview("legal"),
        "preview_illegal": lambda: preview("illegal"),
        "corporation_private": lambda: R.render_corporation(p()["mid_own"], 0, NAMES),
        "corporation_public": lambda: R.render_corporation(p()["mid_public"], 1, NAMES),
        "station": lambda: R.render_station(p()["mid_public"], NAMES),
        "station_event": lambda: R.render_station(with_event(p()["mid_public"], 119), NAMES),
        "picker": lambda: R.render_picker(p()["mid_own"], 0, NAMES),
        "summary": lambda: R.render_round_summary(p()["end_public"], NAMES),
        "score": lambda: R.render_score(p()["end_public"], NAMES),
        "medals": lambda: R.render_medals(p()["end_public"], NAMES),
        "score_solo": lambda: R.render_score(p()["solo_public"], NAMES[:1], target=60,
                                             epilogue="The corporation's board reviews your planet."),
        "planets_gallery": planets_gallery,
        "planet_tartarus": lambda: R.render_planet(planet_view("tartarus"), 0, NAMES),
        "planet_petra": lambda: R.render_planet(planet_view("petra"), 0, NAMES),
        **{f"corporation_{cid}": partial(corporation, cid) for cid in ASYMMETRIC},
        "planet_horizon": lambda: R.render_planet(stored_corporation_views()["horizon_group"], 0, NAMES),
        "profile": lambda: R.render_profile(sample_profile(), NAMES[0], subtitle="Planet Unknown Club"),
    }
    # every image type again in French ("fr_" + name): the words come from the catalogue, the
    # layout leaves room for the longer French strings. The solo sheet shows the game's own epilogue.
    for name, draw in french_draws(cases).items():
        cases[f"fr_{name}"] = partial(in_language, "fr", draw)
    return cases


def french_draws(cases: dict[str, Callable[[], Any]]) -> dict[str, Callable[[], Any]]:
    """name -> drawing of each FRENCH_CASES image, in whatever language is in use (the
    French golden images draw them in French)."""
    import render as R

    def score_solo():  # with the game's own epilogue, not an English one given by the test
        return R.render_score(stored_positions()["solo_public"], NAMES[:1], target=60)

    out = {name: cases[name] for name in FRENCH_CASES}
    out["score_solo"] = score_solo
    return out


# the French golden images: one or more of each image type
FRENCH_CASES = ("planet_mid", "preview_legal", "preview_illegal", "corporation_private", "corporation_public",
                "corporation_makeshift", "station_event", "picker", "summary", "score", "score_solo", "profile",
                "medals")


def in_language(language: str, draw):
    """What ``draw()`` returns when drawn in ``language``."""
    with use(language):
        return draw()
