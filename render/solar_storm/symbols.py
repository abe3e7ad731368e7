"""Solar Storm's symbols, drawn in code: one per resource card (Data, Metal, Nanobots, Energy,
Universal), the repair cube, the diverted-energy token, the protection token, the pawn and
the warning mark of a room hit by the last damage card.

Colour is never the only cue: each resource has its own shape (Data a document sheet, Metal
an ingot, Nanobots a small robot, Energy a battery, as on the cards; Universal a four-point
star on a dark card), and its colour is the card's colour taken from the Okabe-Ito palette
(render/theme.py), which stays apart under the three common colour-vision deficiencies. A
repaired slot carries a cube; a damaged one is dimmed, outlined with a dashed frame and
marked with a hollow square, so present and missing differ in shape too.

Each symbol is drawn four times larger, scaled down and cached per size, like render/icons.py.
"""
from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from .. import theme as T

SS = 4  # supersampling factor

# the card colours (blue, red, purple, green), as the Okabe-Ito palette has them
RESOURCE_COLOR = {
    "data": (0, 114, 178),  # blue
    "metal": (213, 94, 0),  # vermillion
    "nanobots": (204, 121, 167),  # reddish purple
    "energy": (0, 158, 115),  # bluish green
    "universal": (52, 54, 70),  # the dark card
}
RESOURCE_SHAPE = {  # what each symbol shows (tests check every resource has one of its own)
    "data": "document sheet",
    "metal": "ingot",
    "nanobots": "robot",
    "energy": "battery",
    "universal": "star",
}
CARD_ORDER = ("data", "metal", "nanobots", "energy", "universal")
CUBE = (236, 226, 200)
CUBE_SIDE = (176, 160, 124)
CUBE_TOP = (255, 250, 232)
DIVERTED = T.GOLD
HIT = T.BAD  # damage: red, apart from the gold of the diverted token (and always with a shape)


def _canvas(w: int, h: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    return img, ImageDraw.Draw(img)


def _done(img: Image.Image, w: int, h: int) -> Image.Image:
    return img.resize((w, h), Image.Resampling.LANCZOS)


def _glyph(d: ImageDraw.ImageDraw, kind: str, x0: float, y0: float, s: float, ink, paper) -> None:
    """The resource's shape in the square (x0, y0, side s), ``ink`` on the chip's ``paper``."""
    def p(u: float, v: float) -> tuple[float, float]:
        return (x0 + u * s, y0 + v * s)

    def r(u0: float, v0: float, u1: float, v1: float) -> tuple[float, float, float, float]:
        return (*p(u0, v0), *p(u1, v1))

    lw = max(1, int(s * 0.07))
    if kind == "data":  # a sheet with a folded corner and three lines
        d.polygon([p(0.24, 0.14), p(0.60, 0.14), p(0.76, 0.30), p(0.76, 0.86), p(0.24, 0.86)], fill=ink)
        d.polygon([p(0.60, 0.14), p(0.60, 0.30), p(0.76, 0.30)], fill=paper)
        for v in (0.44, 0.58, 0.72):
            d.line([p(0.33, v), p(0.67, v)], fill=paper, width=lw)
    elif kind == "metal":  # an ingot
        d.polygon([p(0.10, 0.74), p(0.90, 0.74), p(0.74, 0.34), p(0.26, 0.34)], fill=ink)
        d.line([p(0.26, 0.34), p(0.74, 0.34)], fill=paper, width=lw)
        d.line([p(0.18, 0.56), p(0.82, 0.56)], fill=paper, width=max(1, lw // 2))
    elif kind == "nanobots":  # a small robot's head
        d.line([p(0.5, 0.30), p(0.5, 0.14)], fill=ink, width=lw)
        d.ellipse(r(0.43, 0.08, 0.57, 0.22), fill=ink)
        d.rounded_rectangle(r(0.20, 0.30, 0.80, 0.82), radius=s * 0.10, fill=ink)
        d.ellipse(r(0.30, 0.44, 0.44, 0.58), fill=paper)
        d.ellipse(r(0.56, 0.44, 0.70, 0.58), fill=paper)
        d.rectangle(r(0.34, 0.67, 0.66, 0.73), fill=paper)
    elif kind == "energy":  # a battery with a bolt
        d.rounded_rectangle(r(0.14, 0.28, 0.78, 0.76), radius=s * 0.06, fill=ink)
        d.rectangle(r(0.78, 0.42, 0.88, 0.62), fill=ink)
        d.polygon([p(0.50, 0.33), p(0.32, 0.55), p(0.46, 0.55), p(0.40, 0.72), p(0.60, 0.48),
                   p(0.46, 0.48)], fill=paper)
    else:  # universal: a four-point star
        d.polygon([p(0.5, 0.08), p(0.60, 0.40), p(0.92, 0.5), p(0.60, 0.60), p(0.5, 0.92), p(0.40, 0.60),
                   p(0.08, 0.5), p(0.40, 0.40)], fill=ink)


@cache
def resource(kind: str, size: int, dim: bool = False) -> Image.Image:
    """The resource's chip: its shape in white on its colour (Universal: a gold star on the
    dark card), ``size`` pixels square; ``dim``: faded, for a damaged slot."""
    img, d = _canvas(size, size)
    s = size * SS
    colour = RESOURCE_COLOR[kind]
    ink = T.GOLD if kind == "universal" else (255, 255, 255)
    d.rounded_rectangle((0, 0, s - 1, s - 1), radius=s * 0.2, fill=colour, outline=(12, 12, 18),
                        width=max(1, s // 18))
    _glyph(d, kind, s * 0.08, s * 0.08, s * 0.84, ink, colour)
    out = _done(img, size, size)
    if dim:
        faded = Image.new("RGBA", out.size, (*T.PANEL, 255))
        faded.putalpha(out.getchannel("A"))
        out = Image.blend(out, faded, 0.6)
    return out


@cache
def card(kind: str, width: int, height: int) -> Image.Image:
    """A resource card standing up: the card's colour with its shape in the middle."""
    img, d = _canvas(width, height)
    w, h = width * SS, height * SS
    colour = RESOURCE_COLOR[kind]
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=w * 0.14, fill=colour, outline=(235, 238, 248),
                        width=max(1, w // 22))
    side = min(w, h) * 0.78
    _glyph(d, kind, (w - side) / 2, (h - side) / 2, side, T.GOLD if kind == "universal" else (255, 255, 255),
           colour)
    return _done(img, width, height)


@cache
def card_back(width: int, height: int, damage: bool = False) -> Image.Image:
    """The back of a face-down pile: resource cards dark blue, damage cards dark red, three
    cards stacked so it reads as a deck."""
    img, d = _canvas(width, height)
    w, h = width * SS, height * SS
    fill = (112, 34, 30) if damage else (30, 52, 104)
    step = w * 0.06
    for i in (2, 1, 0):
        off = i * step
        d.rounded_rectangle((off, off, w - 1 - (2 - i) * step, h - 1 - (2 - i) * step), radius=w * 0.12,
                            fill=fill, outline=(230, 232, 244), width=max(1, w // 26))
    return _done(img, width, height)


@cache
def cube(size: int) -> Image.Image:
    """A repair cube (three shaded faces)."""
    img, d = _canvas(size, size)
    s = size * SS
    top = [(s * 0.5, s * 0.06), (s * 0.92, s * 0.28), (s * 0.5, s * 0.50), (s * 0.08, s * 0.28)]
    left = [(s * 0.08, s * 0.28), (s * 0.5, s * 0.50), (s * 0.5, s * 0.96), (s * 0.08, s * 0.74)]
    right = [(s * 0.92, s * 0.28), (s * 0.5, s * 0.50), (s * 0.5, s * 0.96), (s * 0.92, s * 0.74)]
    edge = (24, 22, 18)
    lw = max(1, s // 14)
    for face, fill in ((top, CUBE_TOP), (left, CUBE), (right, CUBE_SIDE)):
        d.polygon(face, fill=fill, outline=edge, width=lw)
    return _done(img, size, size)


@cache
def empty_slot(size: int) -> Image.Image:
    """Where a cube is missing: a hollow dashed square."""
    img, d = _canvas(size, size)
    s = size * SS
    lw = max(2, s // 9)
    seg = s / 5
    for i in range(5):
        if i % 2 == 0:
            a, b = i * seg + s * 0.05, (i + 1) * seg + s * 0.05
            for line in (((a, lw), (b, lw)), ((a, s - lw), (b, s - lw)), ((lw, a), (lw, b)), ((s - lw, a), (s - lw, b))):
                d.line(line, fill=HIT, width=lw)
    return _done(img, size, size)


@cache
def diverted(size: int) -> Image.Image:
    """The diverted-energy token: a gold disc with a dark lightning bolt."""
    img, d = _canvas(size, size)
    s = size * SS
    d.ellipse((0, 0, s - 1, s - 1), fill=DIVERTED, outline=(40, 30, 4), width=max(1, s // 14))
    d.polygon([(s * 0.58, s * 0.12), (s * 0.26, s * 0.56), (s * 0.48, s * 0.56), (s * 0.40, s * 0.88),
               (s * 0.74, s * 0.42), (s * 0.52, s * 0.42)], fill=(40, 30, 4))
    return _done(img, size, size)


@cache
def shield(size: int, colour: tuple[int, int, int]) -> Image.Image:
    """A protection token in its owner's colour (the owner's initial is written on it)."""
    img, d = _canvas(size, size)
    s = size * SS
    pts = [(s * 0.5, s * 0.03), (s * 0.94, s * 0.16), (s * 0.88, s * 0.58), (s * 0.5, s * 0.97),
           (s * 0.12, s * 0.58), (s * 0.06, s * 0.16)]
    d.polygon(pts, fill=colour, outline=(12, 12, 18), width=max(2, s // 12))
    return _done(img, size, size)


@cache
def pawn(size: int, colour: tuple[int, int, int], active: bool = False) -> Image.Image:
    """A crew member's pawn: a disc in the player's colour (a white ring when it is their turn)."""
    img, d = _canvas(size, size)
    s = size * SS
    if active:
        d.ellipse((0, 0, s - 1, s - 1), fill=(255, 255, 255))
        inset = s * 0.12
    else:
        inset = 0
    d.ellipse((inset, inset, s - 1 - inset, s - 1 - inset), fill=colour, outline=(12, 12, 18),
              width=max(2, s // 14))
    return _done(img, size, size)


@cache
def warning(size: int) -> Image.Image:
    """The mark of a room hit by the last damage card: a warning triangle with '!'."""
    img, d = _canvas(size, size)
    s = size * SS
    d.polygon([(s * 0.5, s * 0.04), (s * 0.97, s * 0.92), (s * 0.03, s * 0.92)], fill=HIT, outline=(30, 20, 0),
              width=max(1, s // 16))
    d.rectangle((s * 0.45, s * 0.32, s * 0.55, s * 0.66), fill=(30, 20, 0))
    d.ellipse((s * 0.44, s * 0.72, s * 0.56, s * 0.84), fill=(30, 20, 0))
    return _done(img, size, size)


@cache
def token(size: int) -> Image.Image:
    """An action token: a silver disc with '+1' (the +1 is drawn by the caller as text)."""
    img, d = _canvas(size, size)
    s = size * SS
    d.ellipse((0, 0, s - 1, s - 1), fill=T.SILVER, outline=(12, 12, 18), width=max(1, s // 14))
    return _done(img, size, size)


def paste(img: Image.Image, icon: Image.Image, x: float, y: float) -> None:
    """Paste an RGBA symbol with its top-left corner at (x, y)."""
    img.paste(icon, (int(round(x)), int(round(y))), icon)
