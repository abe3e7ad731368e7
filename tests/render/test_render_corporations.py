"""The asymmetric corporation boards draw from data: every tech text fits its box, and each
board's own pieces (Cosmos lifepods on tracks, the flux token, Jump Drive's tech slots,
Makeshift cubes in other columns, Oasis' water cube on a shared space, Horizon's carried
meteorites) change the picture where they belong. Golden images: test_render_golden.py."""
from __future__ import annotations

import copy

import pytest
from PIL import ImageChops

import render as R
from engine import data as D
from render import corporation as RC
from render import theme as T
from tests.render.positions import ASYMMETRIC, NAMES, build_corporation_views


@pytest.fixture(scope="module")
def views():
    return build_corporation_views()


@pytest.mark.parametrize("corp_id", sorted(D.corporations()))
def test_every_tech_text_fits_its_box(corp_id):
    cdef = D.corporation(corp_id)
    for flux in (None,) + D.TRACKS:
        special = {"flux": flux} if flux else {}
        per_row, box_h, size = RC._tech_layout(cdef, special)
        lines_room = (box_h - 10) // (size + 6)
        for tech in cdef.techs:
            lines = T.wrap(RC.tech_text(corp_id, tech, special), size, RC._text_width(per_row), True)
            assert len(lines) <= min(3, lines_room), (tech.level, lines)
            assert all(T.text_width(line, size, True) <= RC._text_width(per_row) + 1 for line in lines)


def _changed_box(a, b):
    """Bounding box (x0, y0, x1, y1) of the pixels that differ, or None."""
    return ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getbbox()


# (board, what to take away, section the difference must stay in)
PIECES = [
    ("cosmos_inc", lambda sp, tr: sp.pop("pods"), ("tracks", "techs", "pieces")),
    ("flux_industries", lambda sp, tr: sp.pop("flux"), ("tracks", "techs")),
    ("jump_drive", lambda sp, tr: sp.pop("slots"), ("tracks", "techs", "pieces")),
    ("makeshift", lambda sp, tr: sp.pop("col"), ("tracks", "techs")),
    ("oasis_ultd", lambda sp, tr: tr.update(water=13), ("tracks", "techs")),
]


@pytest.mark.parametrize("corp_id,remove,sections", PIECES, ids=[p[0] for p in PIECES])
def test_a_boards_own_pieces_show_on_its_tracks_and_techs(views, corp_id, remove, sections):
    view = views[corp_id]
    with_pieces = R.render_corporation(view, 0, NAMES)
    bare = copy.deepcopy(view)
    corp = bare["seats"][0]["corp"]
    remove(corp["special"], corp["trackers"])
    without = R.render_corporation(bare, 0, NAMES)
    assert with_pieces.size[0] == without.size[0]
    if with_pieces.size != without.size:  # a different tech layout: not the case for these boards
        pytest.fail("removing a piece changed the image size")
    box = _changed_box(with_pieces, without)
    assert box is not None, "the pieces do not show"
    lay = RC.layout(view, 0)
    top = min(lay[s][1] for s in sections)
    bottom = max(lay[s][3] for s in sections)
    assert top <= box[1] and box[3] <= bottom


def test_horizons_carried_meteorite_rides_on_its_rover(views):
    view = views["horizon_group"]
    bare = copy.deepcopy(view)
    bare["seats"][0]["corp"]["special"]["carry"] = []
    box = _changed_box(R.render_planet(view, 0, NAMES), R.render_planet(bare, 0, NAMES))
    assert box is not None and box[2] - box[0] < 60 and box[3] - box[1] < 60  # one small badge


def test_every_asymmetric_board_draws_the_same_way_twice(views):
    for corp_id in ASYMMETRIC:
        a = R.render_png("corporation", views[corp_id], 0, NAMES)
        b = R.render_png("corporation", views[corp_id], 0, NAMES)
        assert a == b and a[:4] == b"\x89PNG"
