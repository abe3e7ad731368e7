"""The asymmetric planets are drawn as players need them: special squares that look unlike
plain land or ice, holes that are voids, the chasm and globe seams still visible over tiles,
the planet's rule under the legend, the R7 lift in the placement preview, and every image
type for games on all twelve planets."""
from __future__ import annotations

import json

import pytest
from PIL import Image

import render as R
from engine import apply, public_view, view_for
from engine import data as D
from engine import planets as P
from engine.actions import Pick
from engine.board import Board
from engine.data import parse_cell as sq
from engine.setup import SUPPORTED_PLANETS
from render import features
from render.demo import playout
from render.planet import CELL, HEADER, _land, empty_planet, geometry
from tests.render.positions import NAMES, planet_block, stored_positions
from tests.render.test_render_images import PLANET_LIMIT, _sane, render_all

ASYMMETRIC = SUPPORTED_PLANETS[1:]
SPECIAL = "RWCTEp"  # ring, well, city, toxic, current, current with a lifepod


def square(img: Image.Image, index: int, cell: int = CELL) -> Image.Image:
    x, y = geometry(cell, True).xy(index)
    return img.crop((x, y, x + cell, y + cell))


@pytest.mark.parametrize("planet_id", ASYMMETRIC)
def test_special_squares_do_not_look_like_plain_land_or_ice(planet_id):
    p = D.planet(planet_id)
    img = empty_planet(planet_id, CELL, True)
    specials = [c for c in D.cells_of(p.grid_mask) if p.kind(c) in SPECIAL]
    for c in specials:
        assert square(img, c).tobytes() != _land(CELL, p.is_ice(c)).tobytes(), D.cell_name(c)
    plain = [c for c in D.cells_of(p.grid_mask) if p.kind(c) in "LIP"]
    assert plain and all(square(img, c).tobytes() == _land(CELL, p.is_ice(c)).tobytes() for c in plain[:20])


def test_holes_and_the_black_hole_are_voids_darker_than_space():
    img = empty_planet("lacuna", CELL, True)
    for c in D.cells_of(P.rules_for("lacuna").holes):
        assert square(img, c).getpixel((CELL // 2, CELL // 2)) == features.HOLE
    img = empty_planet("oblivion", CELL, True)
    corner = square(img, sq("F2"))  # a void square at the side of the black hole
    assert corner.getpixel((CELL // 2, CELL // 2)) == features.HOLE
    x, y = geometry(CELL, True).xy(sq("G7"))
    assert img.getpixel((x, y)) == (0, 0, 0)  # the centre of the board: the hole itself


def _between(a: str, b: str) -> tuple[int, int]:
    """The pixel in the middle of the line between two neighbouring squares."""
    g = geometry(CELL, True)
    (xa, ya), (xb, yb) = g.xy(sq(a)), g.xy(sq(b))
    return (xa + xb + CELL) // 2, (ya + yb + CELL) // 2


def test_the_chasm_and_the_globe_seams_stay_visible_over_tiles():
    b = Board("tartarus")
    b.place_tile(80, 3, sq("D5"))  # D5-D6, west of the chasm
    b.place_tile(80, 3, sq("D7"))  # D7-D8, east of it
    img = planet_block(b, CELL)
    assert img.getpixel(_between("D6", "D7")) == features.CHASM
    c = Board("cerberus")
    c.place_tile(80, 1, sq("J6"))  # J6-J7, west globe
    c.place_tile(80, 1, sq("J8"))  # J8-J9, south-east globe
    assert planet_block(c, CELL).getpixel(_between("J7", "J8")) == features.SEAM
    plain = Board("ksb-4156")
    plain.place_tile(80, 1, sq("J6"))
    plain.place_tile(80, 1, sq("J8"))
    assert planet_block(plain, CELL).getpixel(_between("J7", "J8")) != features.SEAM


def test_each_asymmetric_planet_states_its_rule_under_the_legend():
    view = json.loads(json.dumps(stored_positions()["end_public"]))
    view["seats"][0]["board"] = Board("ksb-4156").to_json()
    base = R.render_planet(view, 0, NAMES).height
    for pid in ASYMMETRIC:
        view["seats"][0]["board"] = Board(pid).to_json()
        assert R.render_planet(view, 0, NAMES).height >= base + 25, pid  # one line of text or more
        assert features.rule_text(pid).startswith(D.planet(pid).name + ": ")
    assert features.rule_text("ksb-4156") == ""


def test_the_preview_follows_the_r7_lift_the_view_reports():
    from tests.engine.conftest import give
    from tests.engine.test_planets import covered_except, game  # the solo event card settled

    g = game(1, planets=["tartarus"])
    g.seats[0].board = covered_except("tartarus", {sq("D6"), sq("D7")})
    give(g, 0, 8)
    apply(g, 0, Pick("small"))
    own = view_for(g, 0)
    assert own["seats"][0]["planet_rule_lifted"]
    by = HEADER + geometry(CELL, True).height + 1
    lifted = R.render_preview(own, 0, 8, 3, sq("D6"), NAMES)  # across the chasm: allowed this turn
    assert lifted.getpixel((5, by)) == (46, 204, 138)  # the green "fits" line
    own["seats"][0]["planet_rule_lifted"] = False
    held = R.render_preview(own, 0, 8, 3, sq("D6"), NAMES)
    assert held.getpixel((5, by)) == (240, 82, 60)  # red: the chasm rule refuses it


@pytest.mark.parametrize("planets", [ASYMMETRIC[:6], ASYMMETRIC[6:]])
def test_every_image_renders_for_games_on_the_asymmetric_planets(planets):
    for stop in (4, None):
        state = playout(6, 21, stop_round=stop, planets=planets)
        for name, img in render_all(state).items():
            _sane(img)
            if name.startswith(("planet", "preview")):
                assert len(R.png_bytes(img)) < PLANET_LIMIT, name
    assert state.phase == "over" and [s.board.planet_id for s in state.seats] == list(planets)
    summary = R.render_round_summary(public_view(state), NAMES)
    _sane(summary)
