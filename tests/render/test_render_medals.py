"""The end-of-game medals chart (render/medals.py) and the final post's image (the score sheet
with the chart under it): 1-6 players, deterministic, drawn only once the game is over."""
from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

import render as R
from engine import public_view
from render.medals import SOURCES, medals_by_source, render_medals
from render.score import render_score
from tests.render.positions import NAMES, end_state, mid_state


@pytest.mark.parametrize("players", range(1, 7))
def test_the_chart_has_a_bar_per_player_under_the_score_sheet(players):
    view = public_view(end_state(players))
    chart = render_medals(view, NAMES)
    final = R.RENDERERS["final"](view, NAMES)
    sheet = render_score(view, NAMES)
    assert chart.mode == "RGB" and chart.width == sheet.width == final.width
    assert final.height == sheet.height + chart.height
    assert ImageChops.difference(final.crop((0, 0, sheet.width, sheet.height)), sheet).getbbox() is None
    assert chart.height > 150 + 40 * players  # a row per player
    png = R.render_png("final", view, NAMES)
    assert png == R.render_png("final", view, NAMES)  # deterministic
    assert len(png) < 10 * 1024 * 1024 and Image.open(io.BytesIO(png)).format == "PNG"


def test_each_players_sources_add_up_to_the_total_and_objectives_join_private_and_neighbours():
    view = public_view(end_state(4))
    assert [label for label, _cats, _colour in SOURCES][-1] == "Objectives"
    for p in view["result"]["players"]:
        parts = medals_by_source(p)
        assert sum(parts) == p["total"]
        assert parts[-1] == p["E"]["total"] + p["F"]["total"]


def test_no_chart_before_the_end_of_the_game():
    with pytest.raises(ValueError, match="not over"):
        render_medals(public_view(mid_state(3)), NAMES)
