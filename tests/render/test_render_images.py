"""Every image type renders for empty, mid-game, full and end-game positions, 1-6 players
and seeded random positions: no exception, RGB, a sane size, PNG under the limits."""
from __future__ import annotations

import json
import random

import pytest
from PIL import Image

import render as R
from engine import public_view, score, view_for
from engine.board import Board
from render.demo import playout
from tests.render.positions import NAMES, empty_state, end_state, full_view, mid_state

DISCORD_LIMIT = 10 * 1024 * 1024
PLANET_LIMIT = 1024 * 1024  # aim for a planet


def _sane(img: Image.Image, max_side: int = 2400) -> None:
    assert isinstance(img, Image.Image)
    assert img.mode == "RGB"
    assert 300 <= img.width <= max_side and 300 <= img.height <= max_side, img.size


def _hand_or_top(view: dict, seat: int) -> int:
    s = view["seats"][seat]
    if s.get("hand") is not None:
        return s["hand"]
    depot = s["depot"]
    for stack in ("large", "small"):
        top = view["station"][stack][depot[stack]]["top"]
        if top is not None:
            return top
    return 0


def render_all(state, *, result=None) -> dict[str, Image.Image]:
    """Every image type for a state, each through the view its reader would get."""
    n = state.players
    names = NAMES[:n]
    pub = public_view(state)
    out = {}
    for seat in range(n):
        own = view_for(state, seat)
        out[f"planet{seat}"] = R.render_planet(own, seat, names)
        out[f"planet_public{seat}"] = R.render_planet(pub, seat, names)
        out[f"corporation{seat}"] = R.render_corporation(own, seat, names)
        out[f"corporation_public{seat}"] = R.render_corporation(pub, seat, names)
        out[f"picker{seat}"] = R.render_picker(own, seat, names)
        tile_id = _hand_or_top(own, seat)
        board = Board.from_json(own["seats"][seat]["board"])
        legal = board.legal_placements(tile_id, ignore_adjacency=True)
        if legal:
            out[f"preview_legal{seat}"] = R.render_preview(own, seat, tile_id, legal[-1].orient, legal[-1].anchor,
                                                           names)
        out[f"preview_corner{seat}"] = R.render_preview(own, seat, tile_id, 7, 143, names)
    out["station"] = R.render_station(pub, names)
    out["summary"] = R.render_round_summary(pub, names)
    out["score"] = R.render_score(pub, names, result=result if result is not None else
                                  (state.result or score(state)))
    return out


@pytest.mark.parametrize("players", range(1, 7))
def test_every_image_renders_for_an_empty_game(players):
    for img in render_all(empty_state(players)).values():
        _sane(img)


@pytest.mark.parametrize("players", range(1, 7))
def test_every_image_renders_mid_game(players):
    for img in render_all(mid_state(players)).values():
        _sane(img)


@pytest.mark.parametrize("players", range(1, 7))
def test_every_image_renders_at_the_end(players):
    state = end_state(players)
    assert state.phase == "over"
    for img in render_all(state).values():
        _sane(img)


def test_full_planet_renders_with_scoring_and_blocked_lines():
    view = full_view()
    img = R.render_planet(view, 0, NAMES)
    _sane(img)
    assert len(R.png_bytes(img)) < PLANET_LIMIT


@pytest.mark.parametrize("seed", range(6))
def test_seeded_random_positions_render(seed):
    rng = random.Random(1000 + seed)
    players = rng.randint(1, 6)
    state = playout(players, 1000 + seed, stop_round=rng.randint(1, 9), focus=rng.randrange(players))
    for img in render_all(state).values():
        _sane(img)


def test_pngs_stay_under_the_limits():
    state = end_state(6)
    for name, img in render_all(state).items():
        data = R.png_bytes(img)
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        assert len(data) < DISCORD_LIMIT, name
        if name.startswith(("planet", "preview")):
            assert len(data) < PLANET_LIMIT, (name, len(data))


@pytest.mark.parametrize("players", range(1, 7))
def test_round_summary_lays_out_every_player_count(players):
    img = R.render_round_summary(public_view(mid_state(players)), NAMES[:players])
    _sane(img)
    assert img.width <= 1200 and img.height <= 1200  # stays readable as a channel preview


def test_score_requires_a_result():
    with pytest.raises(ValueError):
        R.render_score(public_view(mid_state(2)), NAMES)


def test_score_draws_solo_target_and_epilogue():
    view = json.loads(json.dumps(public_view(end_state(1))))  # a copy: the state is shared
    view["result"].pop("solo", None)
    plain = R.render_score(view, NAMES[:1])
    total = view["result"]["players"][0]["total"]
    with_target = R.render_score(view, NAMES[:1], target=total + 3, epilogue="A long epilogue. " * 12)
    assert with_target.height > plain.height + 100


def test_names_default_and_long_names_are_cut():
    view = public_view(mid_state(3))
    R.render_round_summary(view)  # no names: "Player 1" ...
    R.render_planet(view, 0, ["W" * 200, "", "Ω"])


def test_render_png_by_kind():
    view = public_view(mid_state(2))
    assert R.render_png("station", view, NAMES)[:4] == b"\x89PNG"
    with pytest.raises(ValueError):
        R.render_png("nope", view)


def test_every_planet_and_corporation_in_the_data_renders():
    """Boards the engine does not offer yet still draw (voids, other grids, longer tracks)."""
    from engine import data as D

    base = public_view(mid_state(2))
    for pid in D.planets():
        view = json.loads(json.dumps(base))
        view["seats"][0]["board"] = Board(pid, lifepods=list(D.planet(pid).lifepods)).to_json()
        _sane(R.render_planet(view, 0, NAMES))
        _sane(R.render_round_summary(view, NAMES))
    for cid in D.corporations():
        view = json.loads(json.dumps(base))
        view["seats"][0]["corp"]["corp"] = cid
        _sane(R.render_corporation(view, 0, NAMES))


def test_preview_rejects_impossible_arguments():
    view = public_view(mid_state(2))
    with pytest.raises(ValueError):
        R.render_preview(view, 0, 40, 8, 30)
    with pytest.raises(ValueError):
        R.render_preview(view, 0, 40, 0, 144)


def test_a_solo_result_brings_its_own_target_and_epilogue():
    view = json.loads(json.dumps(public_view(end_state(1))))
    solo = view["result"]["solo"]
    assert solo["text"] and solo["target"]
    drawn = R.render_score(view, NAMES[:1])
    explicit = R.render_score(view, NAMES[:1], target=solo["target"], epilogue=solo["text"])
    assert R.png_bytes(drawn) == R.png_bytes(explicit)
    view["result"].pop("solo")
    assert R.render_score(view, NAMES[:1]).height < drawn.height


@pytest.mark.parametrize("card_id", [81, 97, 119])  # one card of each colour
def test_the_station_shows_the_rounds_event_card_under_the_ring(card_id):
    from engine import events as E
    from render.station import EVENT_COLOUR, EVENT_H, HEIGHT
    from tests.render.positions import with_event

    view = public_view(mid_state(4))
    view["events"] = None
    plain = R.render_station(view, NAMES)
    shown = R.render_station(with_event(view, card_id), NAMES)
    assert plain.height == HEIGHT and shown.height == HEIGHT + EVENT_H
    assert shown.crop((0, 0, shown.width, HEIGHT)).tobytes() == plain.tobytes()  # the ring is unchanged
    stripe = shown.getpixel((30, HEIGHT + EVENT_H // 2))
    assert stripe == EVENT_COLOUR[E.card(card_id).colour]


def test_the_profile_card_gains_a_row_per_other_game_and_is_unchanged_without_one():
    """Issue 53: a Solar Storm part under Planet Unknown's profile card (service.outcome_profiles);
    a player without one keeps exactly the card they had."""
    from render import png_bytes
    from render.profile import PAD, SECTION, render_profile, sample_profile

    plain = render_profile(sample_profile(), "alice", subtitle="Club")
    assert png_bytes(render_profile(sample_profile(), "alice", subtitle="Club", sections=())) == png_bytes(plain)
    storm = render_profile(sample_profile(), "alice", subtitle="Club", sections=[
        ("Solar Storm", [("games", "4"), ("wins", "2"), ("hardest won", "hard"), ("fastest win", "turn 22"),
                         ("daily streak", "6 (6)")])])
    assert storm.size == (plain.width, plain.height + SECTION)
    card = (0, 0, plain.width, plain.height - 2 * PAD)  # Planet Unknown's part as it was, down to its charts
    assert storm.crop(card).tobytes() == plain.crop(card).tobytes()
    assert storm.crop((0, plain.height, plain.width, storm.height)).getcolors(1 << 16) is not None  # drawn on
