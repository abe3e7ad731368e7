"""The end-of-game chart: each player's medals by source, as one stacked bar per player in
the order of the final ranking. Sources (engine/scoring.py categories): lines (A),
trackers (B), lifepods and meteorites (C), civ cards (D), objectives (E private and F
neighbour). Drawn from the final result only (``view["result"]``), which the rules reveal
once the game is over; ``render_final`` puts it under the score sheet.
"""
from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from i18n import N_, _

from . import theme as T
from .score import WIDTH, render_score

PAD = 16
HEADER = 64
LEGEND_H = 44
BAR_H = 40
ROW_GAP = 14
NAME_W = 220
TOTAL_W = 70
# (label, categories added up, colour): colours from the terrain palette, each also labelled
SOURCES = ((N_("Lines"), ("A",), T.TERRAIN_COLOR["water"]),
           (N_("Trackers"), ("B",), T.TERRAIN_COLOR["tech"]),
           (N_("Lifepods & meteorites"), ("C",), T.TERRAIN_COLOR["biomass"]),
           (N_("Civ cards"), ("D",), T.TERRAIN_COLOR["civ"]),
           (N_("Objectives"), ("E", "F"), T.GOLD))


def medals_by_source(player: dict) -> list[int]:
    """A result player's medals per SOURCES entry."""
    return [sum(player[c]["total"] for c in cats) for _label, cats, _colour in SOURCES]


def render_medals(view: dict, names: Sequence[str] | None = None) -> Image.Image:
    """The chart of the view's final result. Raises ValueError when the game is not over."""
    res = view.get("result")
    if not res:
        raise ValueError("the game is not over: there is no final result to chart")
    players = {p["seat"]: p for p in res["players"]}
    order = list(res["ranking"])
    parts = {seat: medals_by_source(players[seat]) for seat in order}
    top = max([sum(v) for v in parts.values()] + [1])
    height = HEADER + LEGEND_H + len(order) * (BAR_H + ROW_GAP) + PAD * 2
    img = T.new_canvas(WIDTH, height)
    d = ImageDraw.Draw(img)
    T.header(img, _("Medals by source"), _("round {n}").format(n=view["round"]), height=HEADER)
    # legend: a swatch and a label per source
    x, y = PAD, HEADER + 12
    for label, _cats, colour in SOURCES:
        text = _(label)
        d.rounded_rectangle((x, y, x + 20, y + 20), radius=4, fill=colour, outline=T.TEXT_DARK)
        T.draw_text(d, (x + 26, y + 10), text, 16, fill=T.TEXT_MUTED, anchor="lm")
        x += 26 + T.text_width(text, 16) + 22
    bar_x0 = PAD + NAME_W
    bar_w = WIDTH - bar_x0 - TOTAL_W - PAD
    y = HEADER + LEGEND_H + PAD
    for seat in order:
        d.ellipse((PAD, y + BAR_H / 2 - 8, PAD + 16, y + BAR_H / 2 + 8), fill=T.seat_color(seat),
                  outline=T.TEXT_DARK, width=2)
        name, size = T.fit_shrink(T.player_name(names, seat), 22, NAME_W - 34, True)
        T.draw_text(d, (PAD + 24, y + BAR_H / 2), name, size, bold=True, anchor="lm")
        d.rounded_rectangle((bar_x0, y, bar_x0 + bar_w, y + BAR_H), radius=6, fill=T.PANEL)
        bx = float(bar_x0)
        for value, source in zip(parts[seat], SOURCES):
            if value <= 0:
                continue
            w = bar_w * value / top
            d.rectangle((bx, y, bx + w, y + BAR_H), fill=source[2], outline=T.TEXT_DARK)
            if w >= 28:  # the number on its segment, where it fits
                T.draw_text(d, (bx + w / 2, y + BAR_H / 2), str(value), 18, bold=True, fill=T.TEXT_DARK,
                            anchor="mm")
            bx += w
        T.draw_text(d, (WIDTH - PAD, y + BAR_H / 2), str(sum(parts[seat])), 24, bold=True, anchor="rm")
        y += BAR_H + ROW_GAP
    return img


def render_final(view: dict, names: Sequence[str] | None = None) -> Image.Image:
    """The final post's image: the score sheet with the medals chart under it."""
    sheet = render_score(view, names)
    chart = render_medals(view, names)
    img = T.new_canvas(WIDTH, sheet.height + chart.height)
    img.paste(sheet, (0, 0))
    img.paste(chart, (0, sheet.height))
    return img
