"""The tile picker: the two tiles a player may take this round and the eight orientations of
the chosen one, numbered 0-7 as ``place C5 3`` names them, with the anchor square (the
square that goes on C5: the leftmost square of the top row) starred.
"""
from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine import data as D
from i18n import _

from . import cells as C
from . import icons
from . import theme as T
from .viewinfo import round_label, seat_tiles

WIDTH = 1000
HEADER = 64
TOP_H = 250
ORIENT_CELL = 40
BIG_CELL = 46


def options(view: dict, seat: int) -> dict[str, int | None]:
    """{"small": tile, "large": tile} the seat can choose between (the tile in hand replaces
    the top of its own stack once picked)."""
    tops = seat_tiles(view, seat)
    hand = view["seats"][seat].get("hand")
    if hand is not None:
        tops[D.tile(hand).ring] = hand
    return tops


def _tile_center(img: Image.Image, tile_id: int, orient: int, cx: float, cy: float, cell: int,
                 letters: bool = False) -> tuple[int, int]:
    rows, cols = C.tile_size(tile_id, orient)
    x = int(round(cx - cols * cell / 2))
    y = int(round(cy - rows * cell / 2))
    C.draw_tile(img, tile_id, orient, x, y, cell, letters=letters)
    return x, y


def render_picker(view: dict, seat: int, names: Sequence[str] | None = None, chosen: str | int | None = None
                  ) -> Image.Image:
    """``chosen``: "small", "large" or a tile id; by default the tile in hand, else the large one."""
    opts = options(view, seat)
    hand = view["seats"][seat].get("hand")
    if isinstance(chosen, int):
        pick = next((k for k, t in opts.items() if t == chosen), None)
    elif chosen in ("small", "large"):
        pick = chosen
    elif hand is not None:
        pick = D.tile(hand).ring
    else:
        pick = "large" if opts.get("large") is not None else "small"
    if pick is None or opts.get(pick) is None:
        pick = next((k for k in ("large", "small") if opts.get(k) is not None), None)

    ocols, orows = 4, 2
    obox_w = (WIDTH - 2 * 16 - (ocols - 1) * 12) // ocols
    obox_h = 224
    height = HEADER + TOP_H + 20 + orows * (obox_h + 12) + 56
    img = T.new_canvas(WIDTH, height)
    d = ImageDraw.Draw(img)
    T.header(img, T.player_name(names, seat), _("tiles for {round}").format(round=round_label(view)), height=HEADER,
             accent=T.seat_color(seat))

    # the two options
    half = (WIDTH - 16 * 2 - 12) // 2
    for k, stack in enumerate(("small", "large")):
        tid = opts.get(stack)
        x0 = 16 + k * (half + 12)
        y0 = HEADER + 12
        sel = stack == pick
        d.rounded_rectangle((x0, y0, x0 + half, y0 + TOP_H - 12), radius=14, fill=T.PANEL_2 if sel else T.PANEL,
                            outline=T.GOLD if sel else T.PANEL_LINE, width=4 if sel else 2)
        taken = hand is not None and tid == hand
        title = _("Small tile") if stack == "small" else _("Large tile")
        if taken:
            title += " · " + _("in hand")
        tag = _("tile {id} · {shape}").format(id=tid, shape=D.tile(tid).shape_code) if tid is not None else ""
        title, title_size = T.fit_shrink(title, 24, half - 32 - T.text_width(tag, 20) - 12, True)
        T.draw_text(d, (x0 + 16, y0 + 24), title, title_size, bold=True, anchor="lm")
        if tid is None:
            T.draw_text(d, (x0 + half / 2, y0 + TOP_H / 2), _("stack empty"), 22, fill=T.TEXT_MUTED, anchor="mm")
            continue
        t = D.tile(tid)
        desc = f"{T.terrain_name(t.terrain_a)} / {T.terrain_name(t.terrain_b)}"
        T.draw_text(d, (x0 + half - 16, y0 + 24), tag, 20, fill=T.TEXT_MUTED, anchor="rm")
        _tile_center(img, tid, 0, x0 + half / 2, y0 + 44 + (TOP_H - 12 - 44 - 36) / 2, BIG_CELL, letters=True)
        foot = desc + (" · " + _("meteor") if t.has_meteor else "")
        T.draw_text(d, (x0 + half / 2, y0 + TOP_H - 34), T.fit_text(foot, 20, half - 24), 20, fill=T.TEXT, anchor="mm")

    # the eight orientations
    oy = HEADER + TOP_H + 8
    if pick is None:
        T.draw_text(d, (WIDTH / 2, oy + 120), _("No tile to take: both stacks are empty"), 26, fill=T.TEXT_MUTED,
                    anchor="mm")
        return img
    tid = opts[pick]
    assert tid is not None  # the stack picked is not empty
    stack_word = _("small") if pick == "small" else _("large")
    T.draw_text(d, (16, oy + 18), _("Orientations of tile {id} ({stack})").format(id=tid, stack=stack_word), 24,
                bold=True, anchor="lm")
    for o in D.tile(tid).orientations:
        i = o.index
        bx = 16 + (i % ocols) * (obox_w + 12)
        by = oy + 40 + (i // ocols) * (obox_h + 12)
        dup = o.duplicate_of
        d.rounded_rectangle((bx, by, bx + obox_w, by + obox_h), radius=12, fill=T.PANEL)
        d.rounded_rectangle((bx, by, bx + 52, by + 52), radius=12, fill=T.GOLD if dup is None else T.PANEL_LINE)
        d.rectangle((bx + 40, by, bx + 52, by + 52), fill=T.GOLD if dup is None else T.PANEL_LINE)
        d.rectangle((bx, by + 40, bx + 52, by + 52), fill=T.GOLD if dup is None else T.PANEL_LINE)
        T.draw_text(d, (bx + 26, by + 27), str(i), 34, bold=True, fill=T.TEXT_DARK, anchor="mm")
        if dup is not None:
            T.draw_text(d, (bx + obox_w - 12, by + 24), T.fit_text(_("same as {n}").format(n=dup), 18, obox_w - 70), 18,
                        fill=T.TEXT_MUTED, anchor="rm")
        cx, cy = bx + obox_w / 2 + 10, by + 40 + (obox_h - 40) / 2
        x, y = _tile_center(img, tid, i, cx, cy, ORIENT_CELL)
        ax = x + o.anchor_col * ORIENT_CELL
        d.rectangle((ax + 3, y + 3, ax + ORIENT_CELL - 4, y + ORIENT_CELL - 4), outline=(255, 255, 255), width=3)
        icons.paste(img, icons.anchor_mark(int(ORIENT_CELL * 0.56)), (ax + 2, y + 2))
    fy = height - 30
    icons.paste(img, icons.anchor_mark(30), (32, fy))
    legend, legend_size = T.fit_shrink(_("= anchor: \"place C5 3\" puts this square of orientation 3 on C5"), 21,
                                       WIDTH - 56 - 16)
    T.draw_text(d, (56, fy), legend, legend_size, fill=T.TEXT_MUTED, anchor="lm")
    return img
