"""Every image type with the longest names and texts, in English and French: no text is cut
with an ellipsis (a player's name may be shortened, never a card, a caption or a number), no
text leaves its image or the panel it is written in (the smallest rounded box around its
centre, with 2 px to spare) and no two texts overlap. The drawing helpers record what they
draw (render.theme.recording); the panels are recorded here, around PIL's rounded_rectangle."""
from __future__ import annotations

import copy
from functools import cache

import pytest
from PIL import ImageDraw

from engine import data as D
from engine import public_view, view_for
from i18n import content, use
from render import RENDERERS
from render import theme as T
from render.demo import playout, preview_candidates
from render.profile import sample_profile

# Discord display names are at most 32 characters; wide letters, accents, a space-free one
LONG_NAMES = ["Chandrasekhar Subrahmanyan 12345", "Wolfgang Amadeus Mozart-Ampère 2", "Ö" * 32,
              "Émilie du Châtelet-Lomont 1706", "Zyx", "W" * 32]
NAME_KEPT = 8  # characters of a shortened name that stay readable
TITLE = "Game #123456: the planets after round 20"


@cache
def games():
    return {"mid": playout(4, 12, stop_round=6), "end": playout(4, 12), "solo_mid": playout(1, 12, stop_round=6),
            "solo": playout(1, 12), "events": playout(4, 12, stop_round=6, events="hard"), "asym": playout(4, 5, stop_round=8, planets=["gaia", "cerberus", "petra", "tartarus"],
                                                   corporations=["cosmos_inc", "republic", "makeshift", "oasis_ultd"])}


def images():
    """(name, drawing function) of every image type the bot posts."""
    g = games()
    own = view_for(g["mid"], 0)
    depot = own["seats"][0]["depot"]
    tile = own["station"]["large"][depot["large"]]["top"]
    (go, ga), (bo, ba) = preview_candidates(own, 0, tile)
    end, solo = public_view(g["end"]), public_view(g["solo"])
    tie = copy.deepcopy(end)
    for p in tie["result"]["players"]:
        p["tie_break"], p["uncovered"] = "tied on medals; fewer uncovered squares decides", 20
    out = [
        ("planet", lambda: RENDERERS["planet"](own, 0, LONG_NAMES)),
        ("preview legal", lambda: RENDERERS["preview"](own, 0, tile, go, ga, LONG_NAMES)),
        ("preview illegal", lambda: RENDERERS["preview"](own, 0, tile, bo, ba, LONG_NAMES)),
        ("corporation private", lambda: RENDERERS["corporation"](view_for(g["end"], 0), 0, LONG_NAMES)),
        ("corporation public", lambda: RENDERERS["corporation"](end, 0, LONG_NAMES)),
        ("station", lambda: RENDERERS["station"](public_view(g["mid"]), LONG_NAMES)),
        ("station with an event", lambda: RENDERERS["station"](public_view(g["events"]), LONG_NAMES)),
        ("picker", lambda: RENDERERS["picker"](own, 0, LONG_NAMES)),
        ("summary", lambda: RENDERERS["summary"](public_view(g["mid"]), LONG_NAMES, title=TITLE)),
        ("summary solo", lambda: RENDERERS["summary"](public_view(g["solo_mid"]), LONG_NAMES[:1], title=TITLE)),
        ("score", lambda: RENDERERS["score"](end, LONG_NAMES)),
        ("score tied", lambda: RENDERERS["score"](tie, LONG_NAMES)),
        ("score solo", lambda: RENDERERS["score"](solo, LONG_NAMES[:1])),
        ("final", lambda: RENDERERS["final"](end, LONG_NAMES)),
        ("civ offer", lambda: RENDERERS["civ_offer"](sorted(D.civ_cards(), key=lambda c: -len(
            D.civ_card(c).description))[:10])),
        ("profile", lambda: RENDERERS["profile"](sample_profile(), LONG_NAMES[0], subtitle="offline games")),
    ]
    for seat in range(4):  # the asymmetric boards: planet rules, corporation techs
        out.append((f"asymmetric planet {seat}", lambda seat=seat: RENDERERS["planet"](
            view_for(g["asym"], seat), seat, LONG_NAMES)))
        out.append((f"asymmetric corporation {seat}", lambda seat=seat: RENDERERS["corporation"](
            view_for(g["asym"], seat), seat, LONG_NAMES)))
    return out


def drawn(language: str, fn, panels: list | None = None):
    """What ``fn`` draws in ``language``; with ``panels``, each rounded box drawn is added to it
    as (image id, box)."""
    original = ImageDraw.ImageDraw.rounded_rectangle

    def rounded(self, xy, *args, **kwargs):
        flat = [v for point in xy for v in (point if isinstance(point, (tuple, list)) else [point])]
        panels.append((id(self.im), tuple(flat)))
        return original(self, xy, *args, **kwargs)

    with use(language), T.recording() as record:
        if panels is None:
            fn()
        else:
            ImageDraw.ImageDraw.rounded_rectangle = rounded  # type: ignore[method-assign]
            try:
                fn()
            finally:
                ImageDraw.ImageDraw.rounded_rectangle = original  # type: ignore[method-assign]
    return record


MARGIN = 2


def _overlap(a, b) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > 1 and min(a[3], b[3]) - max(a[1], b[1]) > 1


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("name", [name for name, _fn in images()])
def test_no_text_is_cut_leaves_its_image_or_panel_or_overlaps_another(language, name):
    panels: list = []
    record = drawn(language, dict(images())[name], panels)
    for text, shown in record.cut:
        assert text in LONG_NAMES and len(shown) > NAME_KEPT, f"{name}: {text!r} cut to {shown!r}"
    assert record.boxes
    for im, box, text, size in record.boxes:
        assert box[0] >= 0 and box[1] >= 0 and box[2] <= size[0] and box[3] <= size[1], (name, text, box, size)
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        around = [p for i, p in panels if i == im and p[0] <= cx <= p[2] and p[1] <= cy <= p[3]]
        if around:
            p = min(around, key=lambda p: (p[2] - p[0]) * (p[3] - p[1]))
            assert (box[0] >= p[0] + MARGIN and box[1] >= p[1] + MARGIN and box[2] <= p[2] - MARGIN
                    and box[3] <= p[3] - MARGIN), f"{name}: {text!r} {box} touches its panel {p}"
    boxes = record.boxes
    for k, (im, box, text, _size) in enumerate(boxes):
        for im2, box2, text2, _size2 in boxes[k + 1:]:
            assert not (im == im2 and _overlap(box, box2)), f"{name}: {text!r} {box} overlaps {text2!r} {box2}"


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_private_corporation_sheet_prints_every_card_and_objective_text_in_full(language):
    view = view_for(games()["end"], 0)
    corp = view["seats"][0]["corp"]
    assert corp["civ_cards"] and corp["objectives"]
    record = drawn(language, lambda: RENDERERS["corporation"](view, 0, LONG_NAMES))
    printed = " ".join(text for _im, _box, text, _size in record.boxes)
    with use(language):
        texts = [content(D.civ_card(c).description) for c in corp["civ_cards"]]
        texts += [content(D.objective_card(o).private_text) for o in corp["objectives"]]
    for text in texts:
        for word in text.split():
            assert word in printed, (word, text)
    assert not any("…" in text for _im, _box, text, _size in record.boxes)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_round_summary_posted_after_a_round_says_nothing_of_the_next_rounds_start(language):
    """The round summary post is titled "the planets after round N": its picture does not
    also say "as at its start" or show players "playing…"."""
    with use(language):
        words = {T._("as at its start"), T._("playing…")}
    for view in (public_view(games()["mid"]), public_view(games()["solo_mid"])):
        record = drawn(language, lambda view=view: RENDERERS["summary"](view, LONG_NAMES, title=TITLE))
        printed = [text for _im, _box, text, _size in record.boxes]
        assert TITLE in printed or any(TITLE.startswith(p) for p in printed)
        assert not words & set(printed), printed


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_solo_score_sheet_shows_no_place_1st(language):
    solo = public_view(games()["solo"])
    result = solo["result"]
    assert result["solo"]["target"] > result["players"][0]["total"]  # this playout misses its target
    record = drawn(language, lambda: RENDERERS["score"](solo, LONG_NAMES[:1]))
    with use(language):
        first = T._("1st")
    printed = [text for _im, _box, text, _size in record.boxes]
    assert first not in printed


def test_a_missed_solo_target_gets_no_trophy():
    """A failed solo game is not a win: no golden trophy (a red cross) in its banner."""
    from render import score
    solo = public_view(games()["solo"])
    img = RENDERERS["score"](solo, LONG_NAMES[:1])
    banner = img.crop((score.PAD, score.HEADER + 12, score.PAD + 100, score.HEADER + 96)).convert("RGB")
    colours = set(banner.getdata())
    assert T.GOLD not in colours and T.BAD in colours


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_tie_break_note_takes_at_most_two_lines_under_the_name(language):
    """« tied on medals; 20 uncovered squares decides » wrapped over three lines."""
    from engine.scoring import tie_break_text
    tie = copy.deepcopy(public_view(games()["end"]))
    for p in tie["result"]["players"]:
        p["tie_break"], p["uncovered"] = "tied on medals; fewer uncovered squares decides", 20
    record = drawn(language, lambda: RENDERERS["score"](tie, LONG_NAMES))
    with use(language):
        note = tie_break_text(tie["result"]["players"][0])
    parts = [text for _im, _box, text, _size in record.boxes if text in note and len(text) > 3]
    assert parts and " ".join(parts[:2]) == note and len(parts) == 2 * len(tie["result"]["players"])


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_event_card_fits_the_stations_event_band(language):
    from engine import events as E
    view = public_view(games()["events"])
    cut = []
    for card in E.cards():
        shown = copy.deepcopy(view)
        shown["events"]["current"] = E.card(card).public()
        record = drawn(language, lambda shown=shown: RENDERERS["station"](shown, LONG_NAMES[:4]))
        cut += [(card, text) for text, _shown in record.cut if text not in LONG_NAMES]
    assert cut == []
