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
from functools import lru_cache
from pathlib import Path

from engine import make_config, new_game, public_view, view_for
from engine import data as D
from engine.board import Board
from render.demo import playout, preview_candidates

HERE = Path(__file__).resolve().parent
GOLDEN_DIR = HERE / "golden"
POSITIONS = GOLDEN_DIR / "positions.json"
NAMES = ["Ada", "Bertrand", "Chandrasekhar", "Dorothy", "Emmy", "Fibonacci"]


@lru_cache(maxsize=None)
def empty_state(players: int):
    return new_game(make_config(players, first_commander=0), seed=players)


@lru_cache(maxsize=None)
def mid_state(players: int, seed: int = 3, stop_round: int = 5):
    return playout(players, seed, stop_round=stop_round)


@lru_cache(maxsize=None)
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


def with_event(view: dict, card_id: int, remaining: int = 14) -> dict:
    """A stored view with the event module on and ``card_id`` as the round's card (the stored
    views predate the module; the card's name and text come from the game data)."""
    from engine import events as E

    view = json.loads(json.dumps(view))
    view["events"] = {"current": E.card(card_id).public(), "remaining": remaining, "revealed": [card_id],
                      "played": {"green": 0, "orange": 0, "red": 1}, "deck": {"green": 9, "orange": 3, "red": 8},
                      "preset": "normal"}
    return view


@lru_cache(maxsize=None)
def stored_positions() -> dict:
    return json.loads(POSITIONS.read_text(encoding="utf-8"))


def golden_cases() -> dict:
    """name -> function drawing that golden image from the stored views."""
    import render as R

    def p():
        return stored_positions()

    def preview(kind):
        pv = p()["preview"]
        orient, anchor = pv[kind]
        return R.render_preview(p()["mid_own"], 0, pv["tile"], orient, anchor, NAMES)

    return {
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
        "score_solo": lambda: R.render_score(p()["solo_public"], NAMES[:1], target=60,
                                             epilogue="The corporation's board reviews your planet."),
    }
