"""Painting terrain squares: tiles on a planet, tiles alone (station, picker, preview).

A square is filled with its terrain colour and the terrain's own pattern (cached per terrain
and size). Tile outlines are thick where two different tiles (or a tile and anything else)
meet and thin where the two terrains of one tile meet, so neighbouring tiles of the same
terrain stay apart.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw

from engine import data as D

from . import icons
from . import theme as T


def _mix(a, b, t: float):
    return tuple(int(round(x + (y - x) * t)) for x, y in zip(a, b))


def terrain_square(terrain: str, size: int, letter: bool = False) -> Image.Image:
    """One square of terrain: colour plus pattern (plus its letter in the current language
    when asked). RGB."""
    return _terrain_square(terrain, size, T.terrain_letter(terrain) if letter else "")


@cache
def _terrain_square(terrain: str, size: int, letter: str) -> Image.Image:
    ss = 3
    s = size * ss
    base = T.TERRAIN_COLOR[terrain]
    ink = _mix(base, T.TERRAIN_INK[terrain], 0.32)
    img = Image.new("RGB", (s, s), base)
    d = ImageDraw.Draw(img)
    lw = max(ss, int(s * 0.045))
    if terrain == "civ":  # bricks
        rows = 4
        h = s / rows
        for i in range(1, rows):
            d.line((0, i * h, s, i * h), fill=ink, width=lw)
        for i in range(rows):
            off = 0 if i % 2 == 0 else s / 4
            for k in range(3):
                x = off + k * s / 2
                d.line((x, i * h, x, (i + 1) * h), fill=ink, width=lw)
    elif terrain == "water":  # waves
        for i in range(3):
            y0 = s * (0.2 + 0.3 * i)
            pts: list[tuple[float, float]] = [(x, y0 + math.sin(x / s * 4 * math.pi) * s * 0.05) for x in range(0, s + 1, max(1, s // 24))]
            d.line(pts, fill=ink, width=lw)
    elif terrain == "biomass":  # dots
        r = s * 0.055
        for i in range(4):
            for k in range(4):
                cx = s * (0.125 + 0.25 * k + (0.125 if i % 2 else 0))
                cy = s * (0.125 + 0.25 * i)
                d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=ink)
    elif terrain == "rover":  # diagonal tracks
        step = s / 4
        for i in range(-4, 9):
            d.line((i * step, s, i * step + s, 0), fill=ink, width=lw)
    elif terrain == "tech":  # circuit grid of crosses
        for i in range(3):
            for k in range(3):
                cx, cy = s * (0.2 + 0.3 * k), s * (0.2 + 0.3 * i)
                a = s * 0.07
                d.line((cx - a, cy, cx + a, cy), fill=ink, width=lw)
                d.line((cx, cy - a, cx, cy + a), fill=ink, width=lw)
    elif terrain == "energy":  # zigzags
        for i in range(3):
            y0 = s * (0.22 + 0.28 * i)
            pts = []
            for k in range(9):
                pts.append((k * s / 8, y0 + (s * 0.06 if k % 2 else -s * 0.06)))
            d.line(pts, fill=ink, width=lw)
    if letter:
        fs = int(s * 0.26)
        d.text((s * 0.92, s * 0.94), letter, font=T.font(fs, True), fill=T.TERRAIN_INK[terrain],
               anchor="rd", stroke_width=ss, stroke_fill=base)
    return img.resize((size, size), Image.Resampling.BOX)


@dataclass
class Square:
    row: int
    col: int
    terrain: str
    owner: object  # squares with the same owner belong to one piece (tile index, ("patch", i) ...)
    symbol: str | None = None
    meteor: bool = False  # printed meteor symbol (drawn when show_meteor_symbols)
    patch: bool = False


def paint(img: Image.Image, squares: list[Square], ox: int, oy: int, cell: int, *, edge=T.TILE_EDGE,
          edge_width: int | None = None, show_icons: bool = True, show_meteor_symbols: bool = False,
          letters: bool = False, icon_skip: set | None = None) -> None:
    """Draw ``squares`` with their top-left square corner at (ox, oy)."""
    d = ImageDraw.Draw(img)
    ew = edge_width if edge_width is not None else max(2, cell // 16)
    at = {(s.row, s.col): s for s in squares}
    for s in squares:
        x, y = ox + s.col * cell, oy + s.row * cell
        sprite = terrain_square(s.terrain, cell, letters)
        if s.patch:
            img.paste(sprite, (x, y))
            inset = max(2, cell // 10)
            d.rectangle((x, y, x + cell - 1, y + cell - 1), fill=T.TERRAIN_INK["biomass"])
            img.paste(sprite.crop((0, 0, cell - 2 * inset, cell - 2 * inset)), (x + inset, y + inset))
            d.rectangle((x + inset, y + inset, x + cell - inset - 1, y + cell - inset - 1),
                        outline=(170, 240, 210), width=max(1, cell // 28))
        else:
            img.paste(sprite, (x, y))
    seam = max(1, cell // 30)
    for s in squares:
        x, y = ox + s.col * cell, oy + s.row * cell
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            n = at.get((s.row + dr, s.col + dc))
            if n is not None and n.owner == s.owner:
                if n.terrain != s.terrain and (dr > 0 or dc > 0):
                    if dr:
                        d.line((x, y + cell - 1, x + cell - 1, y + cell - 1), fill=T.TILE_EDGE, width=seam)
                    else:
                        d.line((x + cell - 1, y, x + cell - 1, y + cell - 1), fill=T.TILE_EDGE, width=seam)
                continue
            h = ew // 2
            if dr == -1:
                d.rectangle((x - h, y - h, x + cell - 1 + h, y - h + ew - 1), fill=edge)
            elif dr == 1:
                d.rectangle((x - h, y + cell - h, x + cell - 1 + h, y + cell - h + ew - 1), fill=edge)
            elif dc == -1:
                d.rectangle((x - h, y - h, x - h + ew - 1, y + cell - 1 + h), fill=edge)
            else:
                d.rectangle((x + cell - h, y - h, x + cell - h + ew - 1, y + cell - 1 + h), fill=edge)
    if show_icons:
        isz = int(cell * 0.64)
        for s in squares:
            if icon_skip and (s.row, s.col) in icon_skip:
                continue
            cx, cy = ox + s.col * cell + cell / 2, oy + s.row * cell + cell / 2
            if s.symbol:
                icons.paste(img, icons.resource(s.symbol, isz), (cx, cy))
            if show_meteor_symbols and s.meteor:
                m = icons.meteorite(int(cell * 0.5))
                icons.paste(img, m, (cx + cell * 0.22, cy - cell * 0.22) if s.symbol else (cx, cy))


def tile_squares(tile_id: int, orient: int, row: int = 0, col: int = 0, owner: object = 0) -> list[Square]:
    """The squares of a tile in an orientation, its anchor at (row, col + anchor column offset).

    ``row, col`` is the top-left corner of the tile's bounding box."""
    o = D.tile(tile_id).orientations[orient]
    return [Square(row + c.dr, col + o.anchor_col + c.dc, c.terrain, owner, c.symbol, c.meteor) for c in o.cells]


def tile_size(tile_id: int, orient: int) -> tuple[int, int]:
    """(rows, cols) of the tile's bounding box in that orientation."""
    o = D.tile(tile_id).orientations[orient]
    return o.height, o.width


def draw_tile(img: Image.Image, tile_id: int, orient: int, x: int, y: int, cell: int, *,
              show_meteor_symbols: bool = True, letters: bool = False) -> None:
    """A tile alone, the top-left of its bounding box at (x, y)."""
    paint(img, tile_squares(tile_id, orient), x, y, cell, show_meteor_symbols=show_meteor_symbols,
          letters=letters)
