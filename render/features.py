"""What makes each asymmetric planet look like its board: special squares, holes, the chasm,
the globes' borders and Persephone's quarters (engine/planets.py has the rules they show).

Two layers: ``static_layer`` is drawn once into the cached empty planet (squares and marks
that tiles hide when they cover them: ring, well, cities, toxic clouds, currents, holes, the
black hole, the banned icon of each Persephone quarter, Cerberus' bonus medals);
``overlay`` is drawn after the tiles because it lies on the lines between squares and must
stay visible on a full planet (the Tartarus chasm and its two crossing points, the seams
where Cerberus' globes touch, the Persephone quarter lines).

Every special square keeps a shape cue besides its colour (buildings, bubbles and a hazard
sign, lightning, streaks, a spiral), so the planets read without colour vision too.
"""
from __future__ import annotations

import math
from functools import cache

from PIL import Image, ImageDraw

from engine import data as D
from engine import planets as P
from engine.data import SIZE
from i18n import content

from . import icons
from . import theme as T

RING = (146, 152, 170)
RING_LINE = (196, 202, 218)
WELL = (18, 40, 70)
WELL_LINE = (90, 170, 220)
TOXIC = (92, 108, 34)
TOXIC_BUBBLE = (178, 222, 60)
CURRENT_BOLT = T.TERRAIN_COLOR["energy"]
CURRENT_ROCK = (78, 72, 70)
HOLE = (6, 6, 12)
HOLE_GLOW = (92, 60, 140)
CHASM = (18, 6, 6)
CHASM_GLOW = (214, 64, 40)
SEAM = T.PLANET_RIM
SS = 3


def _box(cell: int) -> tuple[Image.Image, ImageDraw.ImageDraw, int]:
    s = cell * SS
    img = Image.new("RGB", (s, s))
    return img, ImageDraw.Draw(img), s


def _finish(img: Image.Image, cell: int, base, line) -> Image.Image:
    d = ImageDraw.Draw(img)
    s = img.width
    d.rectangle((0, 0, s - 1, s - 1), outline=line, width=SS)
    return img.resize((cell, cell), Image.Resampling.BOX)


@cache
def ring_square(cell: int) -> Image.Image:
    """Arashi's equatorial ring: grey dust with long streaks."""
    img, d, s = _box(cell)
    d.rectangle((0, 0, s, s), fill=RING)
    for k, v in enumerate((0.18, 0.40, 0.62, 0.84)):
        d.line((0, s * v, s, s * v), fill=RING_LINE if k % 2 else (120, 126, 146), width=max(SS, s // 22))
    return _finish(img, cell, RING, (112, 118, 138))


@cache
def city_square(cell: int) -> Image.Image:
    """A Gaia city: dark buildings with lit windows on the land."""
    img, d, s = _box(cell)
    d.rectangle((0, 0, s, s), fill=T.LAND)
    blocks = ((0.10, 0.46, 0.32), (0.34, 0.16, 0.60), (0.62, 0.34, 0.90))
    for x0, top, x1 in blocks:
        d.rectangle((s * x0, s * top, s * x1, s * 0.90), fill=(44, 46, 60))
        for v in [top + 0.08 + 0.14 * k for k in range(6) if top + 0.08 + 0.14 * k < 0.82]:
            for u in (x0 + 0.05, x0 + (x1 - x0) / 2 + 0.02):
                d.rectangle((s * u, s * v, s * (u + 0.06), s * (v + 0.06)), fill=(255, 214, 90))
    d.line((0, s * 0.90, s, s * 0.90), fill=(44, 46, 60), width=SS * 2)
    return _finish(img, cell, T.LAND, T.LAND_LINE)


@cache
def toxic_square(cell: int) -> Image.Image:
    """A K'aak toxic cloud: olive murk, lime bubbles and a hazard sign."""
    img, d, s = _box(cell)
    d.rectangle((0, 0, s, s), fill=TOXIC)
    for u, v, r in ((0.22, 0.24, 0.10), (0.70, 0.18, 0.07), (0.16, 0.70, 0.07), (0.78, 0.74, 0.09),
                    (0.46, 0.86, 0.05)):
        d.ellipse((s * (u - r), s * (v - r), s * (u + r), s * (v + r)), outline=TOXIC_BUBBLE, width=max(SS, s // 26))
    tri = [(s * 0.5, s * 0.26), (s * 0.78, s * 0.72), (s * 0.22, s * 0.72)]
    d.polygon(tri, fill=(250, 220, 40), outline=(20, 20, 10))
    d.line(tri + [tri[0]], fill=(20, 20, 10), width=max(SS, s // 28))
    d.rectangle((s * 0.475, s * 0.40, s * 0.525, s * 0.58), fill=(20, 20, 10))
    d.rectangle((s * 0.475, s * 0.62, s * 0.525, s * 0.67), fill=(20, 20, 10))
    return _finish(img, cell, TOXIC, (64, 76, 22))


@cache
def current_square(cell: int, links: tuple[bool, bool, bool, bool] = (False,) * 4) -> Image.Image:
    """A Petra electric current (energy terrain while visible): dark rock with a glowing
    node and a jagged arc towards each neighbouring current (up, down, left, right), so a
    network of currents reads as one energy area."""
    img, d, s = _box(cell)
    d.rectangle((0, 0, s, s), fill=CURRENT_ROCK)
    m = s / 2
    ends = [(m, 0), (m, s), (0, m), (s, m)]
    arcs = []
    for (ex, ey), on in zip(ends, links):
        if on:  # a zigzag from the middle to that side
            k = 0.16 * s
            mid = ((m + ex) / 2 + (k if ey != m else 0), (m + ey) / 2 + (k if ex != m else 0))
            arcs.append([(m, m), mid, (ex, ey)])
    if not arcs:  # a lone current: a short bolt
        arcs.append([(s * 0.60, s * 0.12), (s * 0.36, s * 0.54), (s * 0.62, s * 0.50), (s * 0.40, s * 0.88)])
    for pts in arcs:
        d.line(pts, fill=(70, 60, 0), width=max(SS, int(s * 0.22)), joint="curve")
    for pts in arcs:
        d.line(pts, fill=CURRENT_BOLT, width=max(SS, int(s * 0.11)), joint="curve")
    r = s * 0.13
    d.ellipse((m - r, m - r, m + r, m + r), fill=CURRENT_BOLT, outline=(70, 60, 0), width=SS)
    return _finish(img, cell, CURRENT_ROCK, (60, 54, 50))


def _well(img: Image.Image, x: int, y: int, w: int, h: int) -> None:
    """Charybdis' well: a whirlpool over its block of squares."""
    s = SS
    layer = Image.new("RGB", (w * s, h * s), WELL)
    d = ImageDraw.Draw(layer)
    cx, cy = w * s / 2, h * s / 2
    rmax = min(w, h) * s * 0.48
    for arm in range(3):
        pts = []
        for i in range(60):
            t = i / 59
            a = arm * 2 * math.pi / 3 + t * 2.6 * math.pi
            r = rmax * (0.08 + 0.92 * t)
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
        d.line(pts, fill=WELL_LINE, width=max(s, int(rmax * 0.07)), joint="curve")
    d.ellipse((cx - rmax * 0.14, cy - rmax * 0.14, cx + rmax * 0.14, cy + rmax * 0.14), fill=(4, 10, 20))
    d.rectangle((0, 0, w * s - 1, h * s - 1), outline=(50, 90, 130), width=s)
    img.paste(layer.resize((w, h), Image.Resampling.BOX), (x, y))


def _holes(img: Image.Image, mask: int, xy, cell: int, black_hole: bool) -> None:
    """Lacuna's holes (each one a pit) or Oblivion's black hole (one vortex)."""
    d = ImageDraw.Draw(img)
    for c in D.cells_of(mask):
        x, y = xy(c)
        d.rectangle((x, y, x + cell - 1, y + cell - 1), fill=HOLE)
    if not black_hole:
        for c in D.cells_of(mask):
            x, y = xy(c)
            inset = cell * 0.16
            d.ellipse((x + inset, y + inset, x + cell - inset, y + cell - inset), outline=HOLE_GLOW,
                      width=max(1, cell // 18))
        return
    cells = D.cells_of(mask)
    x0 = min(xy(c)[0] for c in cells)
    y0 = min(xy(c)[1] for c in cells)
    x1 = max(xy(c)[0] for c in cells) + cell
    y1 = max(xy(c)[1] for c in cells) + cell
    w, h = x1 - x0, y1 - y0
    layer = Image.new("RGB", (w * SS, h * SS), HOLE)
    ld = ImageDraw.Draw(layer)
    cx, cy = w * SS / 2, h * SS / 2
    for k, col in enumerate(((70, 40, 120), (150, 70, 160), (230, 130, 60), (255, 200, 110))):
        r = min(w, h) * SS * (0.47 - 0.07 * k)
        ld.ellipse((cx - r, cy - r * 0.55, cx + r, cy + r * 0.55), outline=col, width=max(SS, int(cell * SS / 14)))
    r = min(w, h) * SS * 0.16
    ld.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(0, 0, 0), outline=(255, 220, 150), width=SS)
    cut = Image.new("L", (w, h), 0)
    cd = ImageDraw.Draw(cut)
    for c in cells:
        x, y = xy(c)
        cd.rectangle((x - x0, y - y0, x - x0 + cell - 1, y - y0 + cell - 1), fill=255)
    img.paste(layer.resize((w, h), Image.Resampling.BOX), (x0, y0), cut)


def _no_icon(resource: str, size: int) -> Image.Image:
    """A resource icon struck through: 'no such icon here'."""
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    icons.paste(img, icons.resource(resource, int(size * 0.84)), (size / 2, size / 2))
    d = ImageDraw.Draw(img)
    w = max(2, size // 10)
    d.ellipse((w / 2, w / 2, size - w / 2 - 1, size - w / 2 - 1), outline=T.BAD, width=w)
    d.line((size * 0.2, size * 0.2, size * 0.8, size * 0.8), fill=T.BAD, width=w)
    return img


def _globe_badges(planet_id: str) -> list[tuple[int, int]]:
    """Where to put each Cerberus globe's '+2' medal: the square of space next to the globe
    closest to its middle (row, col in squares)."""
    p = D.planet(planet_id)
    globes = P.rules_for(planet_id).globes
    out = []
    for k, globe in enumerate(globes):
        others = sum(g for j, g in enumerate(globes) if j != k)
        cells = D.cells_of(globe)
        mr = sum(c // SIZE for c in cells) / len(cells)
        mc = sum(c % SIZE for c in cells) / len(cells)
        # space touching this globe and not near another one, closest to the globe's middle
        space = [c for c in D.cells_of(D.halo(globe)) if not p.is_grid(c)
                 and not _around(c) & others]
        best = min(space, key=lambda c: ((c // SIZE - mr) ** 2 + (c % SIZE - mc) ** 2, c))
        out.append((best // SIZE, best % SIZE))
    return out


def _around(c: int) -> int:
    """The eight squares around ``c`` (inside the board)."""
    r, col = divmod(c, SIZE)
    return sum(1 << ((r + dr) * SIZE + col + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
               if (dr or dc) and 0 <= r + dr < SIZE and 0 <= col + dc < SIZE)


def static_layer(img: Image.Image, planet_id: str, xy, cell: int) -> None:
    """Draw the planet's special squares and marks into its empty image. ``xy(index)`` gives
    a square's top-left pixel."""
    p = D.planet(planet_id)
    pr = P.rules_for(planet_id)
    sprites = {"R": ring_square, "C": city_square, "T": toxic_square}
    for c in D.cells_of(p.grid_mask):
        make = sprites.get(p.kind(c))
        if make is not None:
            img.paste(make(cell), xy(c))
    for c in D.cells_of(pr.currents):
        r, col = divmod(c, SIZE)
        links = tuple(bool(0 <= r + dr < SIZE and 0 <= col + dc < SIZE and pr.currents >> (c + dr * SIZE + dc) & 1)
                      for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)))
        img.paste(current_square(cell, links), xy(c))
    wells = D.mask_of([c for c in D.cells_of(p.grid_mask) if p.kind(c) == "W"])
    if wells:
        cells = D.cells_of(wells)
        x0, y0 = xy(cells[0])
        rows = {c // SIZE for c in cells}
        cols = {c % SIZE for c in cells}
        _well(img, x0, y0, len(cols) * cell, len(rows) * cell)
    if pr.holes:
        _holes(img, pr.holes, xy, cell, planet_id == "oblivion")
    if pr.banned:
        size = int(cell * 1.3)
        corners = {"north-west": (0, 0), "north-east": (0, SIZE - 2), "south-west": (SIZE - 2, 0),
                   "south-east": (SIZE - 2, SIZE - 2)}
        for quarter, resource, _ in pr.banned:
            r, c = corners[quarter]
            x, y = xy(r * SIZE + c)
            icons.paste(img, _no_icon(resource, size), (x + cell, y + cell))
    for r, c in _globe_badges(planet_id) if pr.globes else []:
        x, y = xy(r * SIZE + c)
        icons.paste(img, icons.medal("+2", int(cell * 0.8), "dim"), (x + cell / 2, y + cell / 2))


def _edge_segment(a: int, b: int, xy, cell: int) -> tuple[float, float, float, float]:
    """The line between two orthogonally adjacent squares, in pixels."""
    (ra, ca), (rb, cb) = divmod(a, SIZE), divmod(b, SIZE)
    xa, ya = xy(a)
    if ra == rb:  # side by side: a vertical line
        x = xa + cell if cb > ca else xa
        return (x, ya, x, ya + cell)
    y = ya + cell if rb > ra else ya
    return (xa, y, xa + cell, y)


def overlay(img: Image.Image, planet_id: str, xy, cell: int) -> None:
    """Marks on the lines between squares, drawn over the tiles."""
    pr = P.rules_for(planet_id)
    raw = D.planet(planet_id).raw
    d = ImageDraw.Draw(img)
    if pr.sides:
        wide = max(4, cell // 6)
        edges = [tuple(r * SIZE + c for r, c in e) for e in raw["regions"]["chasm_edges"]]
        for a, b in edges:
            x0, y0, x1, y1 = _edge_segment(a, b, xy, cell)
            h = wide // 2
            d.rectangle((min(x0, x1) - h - 1, min(y0, y1) - h - 1, max(x0, x1) + h + 1, max(y0, y1) + h + 1),
                        fill=CHASM_GLOW)
        for a, b in edges:
            x0, y0, x1, y1 = _edge_segment(a, b, xy, cell)
            h = wide // 2 - max(1, wide // 5)
            d.rectangle((min(x0, x1) - h, min(y0, y1) - h, max(x0, x1) + h, max(y0, y1) + h), fill=CHASM)
        for pair in pr.crossings:  # the two points a diagonal move may jump
            a, b = sorted(pair)
            (xa, ya), (xb, yb) = xy(a), xy(b)
            pa = (xa + cell / 2, ya + cell / 2)
            pb = (xb + cell / 2, yb + cell / 2)
            d.line((pa, pb), fill=(255, 255, 255), width=max(2, cell // 18))
            for px, py in (pa, pb):
                r = max(2, cell // 12)
                d.ellipse((px - r, py - r, px + r, py + r), fill=(255, 255, 255), outline=CHASM, width=1)
    if pr.globes:
        for pair in raw["regions"]["touching_sides"]:
            a, b = (r * SIZE + c for r, c in pair)
            x0, y0, x1, y1 = _edge_segment(a, b, xy, cell)
            h = max(2, cell // 10) // 2
            d.rectangle((min(x0, x1) - h, min(y0, y1) - h, max(x0, x1) + h, max(y0, y1) + h), fill=SEAM)
    if pr.banned:
        w = max(1, cell // 20)
        dash = max(3, cell // 5)
        x_mid, y_top = xy(6)
        _, y_bottom = xy((SIZE - 1) * SIZE)
        x_left, y_mid = xy(6 * SIZE)
        x_right, _ = xy(SIZE - 1)
        for k in range(0, SIZE * cell, 2 * dash):
            d.line((x_mid, y_top + k, x_mid, min(y_top + k + dash, y_bottom + cell)), fill=(255, 255, 255), width=w)
            d.line((x_left + k, y_mid, min(x_left + k + dash, x_right + cell), y_mid), fill=(255, 255, 255), width=w)


def rule_text(planet_id: str) -> str:
    """The planet's rule in a sentence for the image footer ('' for KSB-4156)."""
    pr = P.rules_for(planet_id)
    summary = content(pr.summary)
    return f"{content(pr.name)}: {summary[0].upper()}{summary[1:]}." if summary else ""
