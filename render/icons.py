"""Icons drawn in code: resource symbols, pieces (meteorites, lifepods, rovers), medals and
the benefit symbols of the corporation tracks.

Each icon is drawn four times larger and scaled down (smooth edges without an
anti-aliasing drawing library), then cached per size, so pasting one costs almost nothing.
Every function returns an RGBA image of exactly ``size`` x ``size`` pixels (pills are wider).
"""
from __future__ import annotations

import math
from functools import cache

from PIL import Image, ImageDraw

from . import theme as T

SS = 4  # supersampling factor


def _canvas(size: int, width: int | None = None) -> tuple[Image.Image, ImageDraw.ImageDraw, int, int]:
    w = (width or size) * SS
    h = size * SS
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    return img, ImageDraw.Draw(img), w, h


def _done(img: Image.Image, size: int, width: int | None = None) -> Image.Image:
    return img.resize(((width or size), size), Image.Resampling.LANCZOS)


class _Box:
    """Maps unit coordinates (0..1) to pixels of a square area."""

    def __init__(self, x0: float, y0: float, side: float):
        self.x0, self.y0, self.s = x0, y0, side

    def p(self, u: float, v: float) -> tuple[float, float]:
        return (self.x0 + u * self.s, self.y0 + v * self.s)

    def r(self, u0: float, v0: float, u1: float, v1: float) -> tuple[float, float, float, float]:
        return (*self.p(u0, v0), *self.p(u1, v1))

    def c(self, u: float, v: float, rad: float) -> tuple[float, float, float, float]:
        return self.r(u - rad, v - rad, u + rad, v + rad)

    def poly(self, pts) -> list[tuple[float, float]]:
        return [self.p(u, v) for u, v in pts]

    def w(self, f: float) -> int:
        return max(1, int(round(f * self.s)))


# --------------------------------------------------------------------------- glyphs


def _glyph(d: ImageDraw.ImageDraw, b: _Box, kind: str, ink, paper=(255, 255, 255)) -> None:
    if kind == "civ":  # skyline
        d.rectangle(b.r(0.14, 0.44, 0.36, 0.84), fill=ink)
        d.rectangle(b.r(0.39, 0.18, 0.61, 0.84), fill=ink)
        d.polygon(b.poly([(0.39, 0.18), (0.5, 0.08), (0.61, 0.18)]), fill=ink)
        d.rectangle(b.r(0.64, 0.34, 0.86, 0.84), fill=ink)
        for u in (0.44, 0.52):
            for v in (0.28, 0.42, 0.56):
                d.rectangle(b.r(u, v, u + 0.05, v + 0.07), fill=paper)
    elif kind == "water":  # droplet
        cx, cy, r = 0.5, 0.60, 0.25
        pts = [(0.5, 0.08)]
        for i in range(0, 41):
            a = math.radians(-28 + i * (236 / 40))
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
        d.polygon(b.poly(pts), fill=ink)
        d.arc(b.c(0.5, 0.60, 0.15), 100, 170, fill=paper, width=b.w(0.05))
    elif kind == "biomass":  # leaf
        upper, lower = [], []
        for i in range(21):
            t = i / 20
            px, py = 0.18 + 0.66 * t, 0.82 - 0.66 * t
            w = 0.25 * math.sin(math.pi * t) ** 0.9
            upper.append((px - 0.707 * w, py - 0.707 * w))
            lower.append((px + 0.707 * w, py + 0.707 * w))
        d.polygon(b.poly(upper + lower[::-1]), fill=ink)
        d.line(b.poly([(0.22, 0.78), (0.70, 0.30)]), fill=paper, width=b.w(0.05))
        d.line(b.poly([(0.10, 0.90), (0.24, 0.76)]), fill=ink, width=b.w(0.07))
    elif kind == "rover":  # buggy
        d.line(b.poly([(0.68, 0.36), (0.80, 0.12)]), fill=ink, width=b.w(0.05))
        d.ellipse(b.c(0.80, 0.12, 0.05), fill=ink)
        d.rounded_rectangle(b.r(0.28, 0.22, 0.62, 0.42), radius=b.w(0.05), fill=ink)
        d.rectangle(b.r(0.34, 0.26, 0.56, 0.36), fill=paper)
        d.rounded_rectangle(b.r(0.10, 0.38, 0.90, 0.62), radius=b.w(0.07), fill=ink)
        for u in (0.28, 0.72):
            d.ellipse(b.c(u, 0.68, 0.15), fill=ink)
            d.ellipse(b.c(u, 0.68, 0.06), fill=paper)
    elif kind == "tech":  # microchip
        for i in range(3):
            t = 0.34 + i * 0.16
            d.line(b.poly([(t, 0.10), (t, 0.90)]), fill=ink, width=b.w(0.07))
            d.line(b.poly([(0.10, t), (0.90, t)]), fill=ink, width=b.w(0.07))
        d.rounded_rectangle(b.r(0.22, 0.22, 0.78, 0.78), radius=b.w(0.06), fill=ink)
        d.rectangle(b.r(0.38, 0.38, 0.62, 0.62), fill=paper)
        d.rectangle(b.r(0.44, 0.44, 0.56, 0.56), fill=ink)
    elif kind == "energy":  # lightning bolt
        d.polygon(b.poly([(0.60, 0.06), (0.22, 0.56), (0.46, 0.56), (0.36, 0.94), (0.80, 0.40),
                          (0.55, 0.40), (0.70, 0.06)]), fill=ink)
    else:
        raise ValueError(kind)


@cache
def resource(terrain: str, size: int) -> Image.Image:
    """The resource symbol printed on a tile square: a white disc with the terrain's glyph."""
    img, d, w, h = _canvas(size)
    b = _Box(0, 0, w)
    d.ellipse(b.c(0.5, 0.5, 0.48), fill=(255, 255, 255), outline=T.TERRAIN_INK[terrain], width=b.w(0.06))
    _glyph(d, _Box(w * 0.2, h * 0.2, w * 0.6), terrain, T.TERRAIN_INK[terrain])
    return _done(img, size)


@cache
def glyph(terrain: str, size: int, color=None) -> Image.Image:
    """A resource glyph alone (no disc), for labels."""
    img, d, w, h = _canvas(size)
    _glyph(d, _Box(0, 0, w), terrain, color or T.TERRAIN_COLOR[terrain], paper=(0, 0, 0, 0))
    return _done(img, size)


@cache
def meteorite(size: int, faded: bool = False) -> Image.Image:
    img, d, w, h = _canvas(size)
    b = _Box(0, 0, w)
    for (u0, v0, u1, v1, col) in ((0.06, 0.10, 0.42, 0.44, (255, 120, 40)), (0.20, 0.04, 0.50, 0.36, (255, 200, 60)),
                                  (0.04, 0.26, 0.38, 0.56, (240, 70, 40))):
        d.line(b.poly([(u0, v0), (u1, v1)]), fill=col, width=b.w(0.09))
    d.ellipse(b.c(0.58, 0.58, 0.36), fill=(20, 16, 14))
    d.ellipse(b.c(0.58, 0.58, 0.30), fill=(132, 92, 66))
    d.ellipse(b.c(0.50, 0.50, 0.09), fill=(88, 58, 42))
    d.ellipse(b.c(0.70, 0.66, 0.07), fill=(88, 58, 42))
    d.ellipse(b.c(0.52, 0.74, 0.05), fill=(88, 58, 42))
    out = _done(img, size)
    if faded:
        out.putalpha(out.getchannel("A").point(lambda a: a * 45 // 100))
    return out


@cache
def lifepod(size: int) -> Image.Image:
    img, d, w, h = _canvas(size)
    b = _Box(0, 0, w)
    d.line(b.poly([(0.30, 0.70), (0.18, 0.92)]), fill=(20, 20, 24), width=b.w(0.08))
    d.line(b.poly([(0.70, 0.70), (0.82, 0.92)]), fill=(20, 20, 24), width=b.w(0.08))
    d.ellipse(b.r(0.16, 0.08, 0.84, 0.82), fill=(20, 20, 24))
    d.ellipse(b.r(0.22, 0.14, 0.78, 0.76), fill=(250, 250, 246))
    d.rectangle(b.r(0.22, 0.56, 0.78, 0.64), fill=(228, 60, 60))
    d.ellipse(b.c(0.5, 0.38, 0.15), fill=(20, 20, 24))
    d.ellipse(b.c(0.5, 0.38, 0.10), fill=(86, 180, 233))
    return _done(img, size)


@cache
def rover_token(number: int | None, size: int, color=(255, 255, 255)) -> Image.Image:
    """A rover on the planet: a bold disc with its number (players move 'rover 1')."""
    img, d, w, h = _canvas(size)
    b = _Box(0, 0, w)
    d.ellipse(b.c(0.5, 0.5, 0.49), fill=(12, 12, 16))
    d.ellipse(b.c(0.5, 0.5, 0.40), fill=color)
    if number is None:
        _glyph(d, _Box(w * 0.22, h * 0.22, w * 0.56), "rover", (12, 12, 16), paper=color)
    else:
        d.text((w / 2, h / 2 + w * 0.02), str(number), font=T.font(int(w * 0.62), True), fill=(12, 12, 16),
               anchor="mm")
    return _done(img, size)


@cache
def medal(value: int | str, size: int, style: str = "gold") -> Image.Image:
    """A medal with its value. style: gold (scores), dim (not yet), plain (value label)."""
    img, d, w, h = _canvas(size)
    b = _Box(0, 0, w)
    if style == "gold":
        ring, fill, ink = T.GOLD_DARK, T.GOLD, T.TEXT_DARK
    elif style == "dim":
        ring, fill, ink = (120, 100, 50), (58, 60, 78), (236, 200, 110)
    else:
        ring, fill, ink = (160, 120, 30), (230, 186, 70), T.TEXT_DARK
    d.ellipse(b.c(0.5, 0.5, 0.49), fill=ring)
    d.ellipse(b.c(0.5, 0.5, 0.40), fill=fill)
    text = str(value)
    fs = int(w * (0.62 if len(text) == 1 else 0.50))
    d.text((w / 2, h / 2 + w * 0.02), text, font=T.font(fs, True), fill=ink, anchor="mm")
    return _done(img, size)


@cache
def synergy(size: int) -> Image.Image:
    """Synergy: advance any tracker (a disc in the five track colours with an arrow up)."""
    img, d, w, h = _canvas(size)
    b = _Box(0, 0, w)
    d.ellipse(b.c(0.5, 0.5, 0.49), fill=(12, 12, 16))
    for i, t in enumerate(T.TRACK_ORDER):
        d.pieslice(b.c(0.5, 0.5, 0.43), -90 + i * 72, -90 + (i + 1) * 72, fill=T.TERRAIN_COLOR[t])
    arrow = [(0.5, 0.14), (0.80, 0.48), (0.62, 0.48), (0.62, 0.84), (0.38, 0.84), (0.38, 0.48), (0.20, 0.48)]
    d.polygon(b.poly(arrow), fill=(255, 255, 255), outline=(12, 12, 16), width=b.w(0.05))
    return _done(img, size)


_ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV"}


@cache
def civ_card(rank: int, size: int) -> Image.Image:
    """Civ milestone: a card of the given rank."""
    img, d, w, h = _canvas(size)
    b = _Box(0, 0, w)
    d.rounded_rectangle(b.r(0.18, 0.04, 0.82, 0.96), radius=b.w(0.1), fill=(12, 12, 16))
    d.rounded_rectangle(b.r(0.23, 0.09, 0.77, 0.91), radius=b.w(0.08), fill=T.TERRAIN_COLOR["civ"])
    text = _ROMAN.get(rank, str(rank)) if rank else ""
    fs = int(w * (0.42 if len(text) < 3 else 0.30))
    if text:
        d.text((w / 2, h / 2), text, font=T.font(fs, True), fill=(255, 255, 255), anchor="mm",
               stroke_width=max(1, w // 40), stroke_fill=(60, 10, 40))
    return _done(img, size)


@cache
def patch(size: int) -> Image.Image:
    """Biomass patch (a green cube)."""
    img, d, w, h = _canvas(size)
    b = _Box(0, 0, w)
    g = T.TERRAIN_COLOR["biomass"]
    d.polygon(b.poly([(0.12, 0.30), (0.34, 0.10), (0.90, 0.10), (0.90, 0.68), (0.68, 0.90), (0.12, 0.90)]),
              fill=(12, 12, 16))
    d.rectangle(b.r(0.17, 0.35, 0.63, 0.85), fill=g)
    d.polygon(b.poly([(0.17, 0.31), (0.36, 0.15), (0.85, 0.15), (0.67, 0.31)]), fill=(120, 220, 180))
    d.polygon(b.poly([(0.68, 0.34), (0.85, 0.18), (0.85, 0.66), (0.68, 0.83)]), fill=(0, 110, 80))
    return _done(img, size)


@cache
def new_rover(size: int) -> Image.Image:
    """Rover milestone: a new rover for the planet."""
    img, d, w, h = _canvas(size)
    b = _Box(0, 0, w)
    d.ellipse(b.c(0.5, 0.5, 0.49), fill=(12, 12, 16))
    d.ellipse(b.c(0.5, 0.5, 0.42), fill=T.TERRAIN_COLOR["rover"])
    _glyph(d, _Box(w * 0.18, h * 0.2, w * 0.64), "rover", (12, 12, 16), paper=T.TERRAIN_COLOR["rover"])
    return _done(img, size)


@cache
def tech_chip(level: int, size: int, on: bool = True) -> Image.Image:
    """Tech milestone / tech level: a chip with the level number; grey when not unlocked."""
    img, d, w, h = _canvas(size)
    b = _Box(0, 0, w)
    body = (236, 240, 246) if on else (86, 92, 112)
    ink = (12, 12, 16) if on else (150, 156, 178)
    for i in range(3):
        t = 0.30 + i * 0.2
        d.line(b.poly([(t, 0.04), (t, 0.96)]), fill=ink, width=b.w(0.08))
        d.line(b.poly([(0.04, t), (0.96, t)]), fill=ink, width=b.w(0.08))
    d.rounded_rectangle(b.r(0.15, 0.15, 0.85, 0.85), radius=b.w(0.08), fill=ink)
    d.rounded_rectangle(b.r(0.21, 0.21, 0.79, 0.79), radius=b.w(0.06), fill=body)
    d.text((w / 2, h / 2 + w * 0.02), str(level), font=T.font(int(w * 0.46), True), fill=ink, anchor="mm")
    return _done(img, size)


@cache
def move(n: int, size: int) -> Image.Image:
    """Rover movement: an arrow and the number of steps, on a pill twice as wide as tall."""
    width = int(size * 1.6)
    img, d, w, h = _canvas(size, width)
    d.rounded_rectangle((0, h * 0.06, w - 1, h * 0.94), radius=int(h * 0.40), fill=(12, 12, 16))
    d.rounded_rectangle((w * 0.03, h * 0.13, w * 0.97, h * 0.87), radius=int(h * 0.34), fill=(255, 226, 160))
    ax0, ax1, ay = w * 0.12, w * 0.56, h * 0.5
    d.line((ax0, ay, ax1 - h * 0.12, ay), fill=(120, 70, 0), width=int(h * 0.14))
    d.polygon([(ax1, ay), (ax1 - h * 0.26, ay - h * 0.22), (ax1 - h * 0.26, ay + h * 0.22)], fill=(120, 70, 0))
    d.text((w * 0.77, ay + h * 0.02), str(n), font=T.font(int(h * 0.60), True), fill=(12, 12, 16), anchor="mm")
    return _done(img, size, width)


@cache
def crown(size: int, color=T.GOLD) -> Image.Image:
    img, d, w, h = _canvas(size)
    b = _Box(0, 0, w)
    pts = [(0.08, 0.30), (0.30, 0.52), (0.50, 0.18), (0.70, 0.52), (0.92, 0.30), (0.82, 0.80), (0.18, 0.80)]
    d.polygon(b.poly(pts), fill=color, outline=(12, 12, 16), width=b.w(0.06))
    for u, v in ((0.08, 0.30), (0.50, 0.18), (0.92, 0.30)):
        d.ellipse(b.c(u, v, 0.07), fill=color, outline=(12, 12, 16), width=b.w(0.04))
    d.rectangle(b.r(0.18, 0.82, 0.82, 0.92), fill=color, outline=(12, 12, 16), width=b.w(0.04))
    return _done(img, size)


@cache
def trophy(size: int, color=T.GOLD) -> Image.Image:
    img, d, w, h = _canvas(size)
    b = _Box(0, 0, w)
    ink = (12, 12, 16)
    d.arc(b.r(0.04, 0.16, 0.40, 0.52), 90, 270, fill=ink, width=b.w(0.10))
    d.arc(b.r(0.60, 0.16, 0.96, 0.52), 270, 90, fill=ink, width=b.w(0.10))
    d.arc(b.r(0.07, 0.19, 0.37, 0.49), 90, 270, fill=color, width=b.w(0.05))
    d.arc(b.r(0.63, 0.19, 0.93, 0.49), 270, 90, fill=color, width=b.w(0.05))
    d.chord(b.r(0.20, -0.10, 0.80, 0.66), 0, 180, fill=color, outline=ink, width=b.w(0.05))
    d.rectangle(b.r(0.20, 0.08, 0.80, 0.28), fill=color, outline=ink, width=b.w(0.05))
    d.rectangle(b.r(0.44, 0.60, 0.56, 0.78), fill=color, outline=ink, width=b.w(0.04))
    d.rounded_rectangle(b.r(0.26, 0.76, 0.74, 0.94), radius=b.w(0.04), fill=color, outline=ink, width=b.w(0.05))
    return _done(img, size)


@cache
def check(size: int, color=T.OK) -> Image.Image:
    img, d, w, h = _canvas(size)
    b = _Box(0, 0, w)
    d.ellipse(b.c(0.5, 0.5, 0.49), fill=color)
    d.line(b.poly([(0.25, 0.52), (0.43, 0.70), (0.76, 0.32)]), fill=(255, 255, 255), width=b.w(0.13), joint="curve")
    return _done(img, size)


@cache
def cross(size: int, color=T.BAD) -> Image.Image:
    img, d, w, h = _canvas(size)
    b = _Box(0, 0, w)
    d.ellipse(b.c(0.5, 0.5, 0.49), fill=color)
    d.line(b.poly([(0.30, 0.30), (0.70, 0.70)]), fill=(255, 255, 255), width=b.w(0.13))
    d.line(b.poly([(0.70, 0.30), (0.30, 0.70)]), fill=(255, 255, 255), width=b.w(0.13))
    return _done(img, size)


@cache
def anchor_mark(size: int) -> Image.Image:
    """The anchor square of an orientation: a white star in a dark ring."""
    img, d, w, h = _canvas(size)
    b = _Box(0, 0, w)
    d.ellipse(b.c(0.5, 0.5, 0.48), fill=(12, 12, 16))
    pts = []
    for i in range(10):
        a = math.radians(-90 + i * 36)
        r = 0.40 if i % 2 == 0 else 0.17
        pts.append((0.5 + r * math.cos(a), 0.52 + r * math.sin(a)))
    d.polygon(b.poly(pts), fill=(255, 255, 255))
    return _done(img, size)


@cache
def pill(text: str, size: int) -> Image.Image:
    """A small label for benefits without an icon of their own (other corporations)."""
    width = max(size, int(T.text_width(text, int(size * 0.5), True) + size * 0.5))
    img, d, w, h = _canvas(size, width)
    d.rounded_rectangle((0, h * 0.1, w - 1, h * 0.9), radius=int(h * 0.35), fill=(12, 12, 16))
    d.rounded_rectangle((w * 0.02 + 2, h * 0.16, w * 0.98 - 2, h * 0.84), radius=int(h * 0.3), fill=T.SILVER)
    d.text((w / 2, h / 2), text, font=T.font(int(h * 0.5), True), fill=(12, 12, 16), anchor="mm")
    return _done(img, size, width)


def paste(img: Image.Image, icon: Image.Image, center: tuple[float, float]) -> None:
    """Paste an RGBA icon centred on ``center``."""
    x = int(round(center[0] - icon.width / 2))
    y = int(round(center[1] - icon.height / 2))
    inside = x >= 0 and y >= 0 and x + icon.width <= img.width and y + icon.height <= img.height
    if img.mode == "RGBA" and inside:
        img.alpha_composite(icon, (x, y))
    else:
        img.paste(icon, (x, y), icon)
