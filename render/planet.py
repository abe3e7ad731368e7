"""Planet images: a player's board, and the placement preview of a candidate tile.

The empty planet (space, land and ice squares, grid, rim, row letters A-L, column numbers
1-12, the medal values of every line, and what an asymmetric planet adds: render/features.py)
is drawn once per planet and cell size and cached; a render copies it and adds the tiles,
patches, the marks that lie on the lines between squares (chasm, globe seams), and pieces.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw

from engine import data as D
from engine.board import Board
from engine.data import SIZE, cell_name
from i18n import _, ngettext

from . import cells as C
from . import features, icons
from . import theme as T
from .viewinfo import (
    board_of,
    carried,
    complete_lines,
    covered_blocked_lines,
    has_tech_code,
    line_medals,
    round_label,
    snapshot_note,
)

# --------------------------------------------------------------------------- geometry


@dataclass(frozen=True)
class Geometry:
    cell: int
    labels: bool
    left: int
    right: int
    top: int
    bottom: int

    @property
    def width(self) -> int:
        return self.left + SIZE * self.cell + self.right

    @property
    def height(self) -> int:
        return self.top + SIZE * self.cell + self.bottom

    def xy(self, index: int) -> tuple[int, int]:
        """Top-left pixel of a square, relative to the planet block."""
        r, c = divmod(index, SIZE)
        return self.left + c * self.cell, self.top + r * self.cell

    def center(self, index: int) -> tuple[float, float]:
        x, y = self.xy(index)
        return x + self.cell / 2, y + self.cell / 2


def geometry(cell: int, labels: bool = True) -> Geometry:
    if labels:
        return Geometry(cell, True, left=int(cell * 0.78), right=int(cell * 0.98), top=int(cell * 0.72),
                        bottom=int(cell * 0.98))
    m = max(8, cell // 2)
    return Geometry(cell, False, m, m, m, m)


# --------------------------------------------------------------------------- static layer


@cache
def _land(cell: int, ice: bool) -> Image.Image:
    ss = 3
    s = cell * ss
    img = Image.new("RGB", (s, s), T.ICE if ice else T.LAND)
    d = ImageDraw.Draw(img)
    if ice:  # cracks
        w = max(ss, s // 28)
        d.line([(s * 0.12, s * 0.30), (s * 0.40, s * 0.42), (s * 0.52, s * 0.22), (s * 0.80, s * 0.30)],
               fill=T.ICE_LINE, width=w)
        d.line([(s * 0.40, s * 0.42), (s * 0.34, s * 0.72), (s * 0.62, s * 0.84)], fill=T.ICE_LINE, width=w)
        d.line([(s * 0.62, s * 0.60), (s * 0.86, s * 0.70)], fill=T.ICE_LINE, width=w)
    else:  # a few pebbles
        for u, v, r in ((0.25, 0.30, 0.05), (0.70, 0.22, 0.035), (0.58, 0.72, 0.045), (0.22, 0.78, 0.03)):
            d.ellipse((s * (u - r), s * (v - r), s * (u + r), s * (v + r)), fill=(128, 108, 92))
    d.rectangle((0, 0, s - 1, s - 1), outline=T.ICE_LINE if ice else T.LAND_LINE, width=ss)
    return img.resize((cell, cell), Image.Resampling.BOX)


@cache
def empty_planet(planet_id: str, cell: int, labels: bool = True) -> Image.Image:
    """The planet with nothing on it (cached: copy before drawing)."""
    g = geometry(cell, labels)
    p = D.planet(planet_id)
    img = T.starfield(g.width, g.height).copy()
    d = ImageDraw.Draw(img)
    rim = max(2, cell // 14)
    for i in range(SIZE * SIZE):  # the rim: every grid square grown by ``rim``, under the squares
        if p.is_grid(i):
            x, y = g.xy(i)
            d.rectangle((x - rim, y - rim, x + cell - 1 + rim, y + cell - 1 + rim), fill=T.PLANET_RIM)
    for i in range(SIZE * SIZE):
        if p.is_grid(i):
            img.paste(_land(cell, p.is_ice(i)), g.xy(i))
    features.static_layer(img, planet_id, g.xy, cell)
    if labels:
        fs = max(12, int(cell * 0.46))
        msz = int(cell * 0.66)
        for r in range(SIZE):
            cy = g.top + r * cell + cell / 2
            T.draw_text(d, (g.left - cell * 0.36, cy), D.ROW_LETTERS[r], fs, bold=True, anchor="mm")
            if p.row_masks[r]:
                icons.paste(img, icons.medal(p.row_medals[r], msz, "dim"), (g.left + SIZE * cell + g.right * 0.52, cy))
        for c in range(SIZE):
            cx = g.left + c * cell + cell / 2
            T.draw_text(d, (cx, g.top - cell * 0.34), str(c + 1), fs, bold=True, anchor="mm")
            if p.column_masks[c]:
                icons.paste(img, icons.medal(p.column_medals[c], msz, "dim"),
                            (cx, g.top + SIZE * cell + g.bottom * 0.52))
    return img


# --------------------------------------------------------------------------- pieces on the planet


def board_squares(board: Board) -> list[C.Square]:
    out = []
    for i, (t, o, a) in enumerate(board.tiles):
        ar, ac = divmod(a, SIZE)
        for c in D.tile(t).orientations[o].cells:
            out.append(C.Square(ar + c.dr, ac + c.dc, c.terrain, i, c.symbol, c.meteor))
    for k, cell in enumerate(board.patches):
        out.append(C.Square(cell // SIZE, cell % SIZE, "biomass", ("patch", k), patch=True))
    return out


def draw_board(img: Image.Image, board: Board, ox: int, oy: int, g: Geometry, carried: Sequence[int] = ()) -> None:
    """Tiles, patches, pieces and scoring lines of ``board`` onto a copy of the empty planet
    pasted at (ox, oy). ``carried``: rovers carrying a meteorite (Horizon Group)."""
    cell = g.cell
    squares = board_squares(board)
    crowded = set()
    pieces = set(board.meteorites) | set(board.rover_cells()) | set(board.lifepods)
    for s in squares:
        if s.symbol and s.row * SIZE + s.col in pieces:
            crowded.add((s.row, s.col))
    C.paint(img, squares, ox + g.left, oy + g.top, cell, show_icons=True, icon_skip=crowded)
    features.overlay(img, board.planet_id, lambda i: (ox + g.xy(i)[0], oy + g.xy(i)[1]), cell)
    small = int(cell * 0.42)
    for r, c in crowded:
        sym = board.symbol[r * SIZE + c]
        x, y = g.xy(r * SIZE + c)
        icons.paste(img, icons.resource(sym, small), (ox + x + small / 2 + 2, oy + y + small / 2 + 2))

    def spot(idx: int) -> tuple[float, float]:  # a piece moves aside for the icon it shares a square with
        cx, cy = g.center(idx)
        if (idx // SIZE, idx % SIZE) in crowded:
            return ox + cx + cell * 0.16, oy + cy + cell * 0.16
        return ox + cx, oy + cy

    for m in board.meteorites:
        icons.paste(img, icons.meteorite(int(cell * 0.74)), spot(m))
    for lp in board.lifepods:
        icons.paste(img, icons.lifepod(int(cell * 0.70)), spot(lp))
    for n, pos in enumerate(board.rovers):
        if pos is not None:
            icons.paste(img, icons.rover_token(n + 1, int(cell * 0.66)), spot(pos))
            if n in carried:  # the meteorite rides on the rover
                px, py = spot(pos)
                icons.paste(img, icons.meteorite(int(cell * 0.46)), (px + cell * 0.26, py - cell * 0.24))
    _draw_lines(img, board, ox, oy, g)


def _draw_lines(img: Image.Image, board: Board, ox: int, oy: int, g: Geometry) -> None:
    p = board.planet
    rows, cols = complete_lines(board)
    brows, bcols = covered_blocked_lines(board)
    d = ImageDraw.Draw(img)
    cell = g.cell
    if g.labels:
        msz = int(cell * 0.66)
        fs = max(12, int(cell * 0.46))
        half = cell * 0.36
        for r in rows:  # a scoring row: gold label and a bright medal
            cy = oy + g.top + r * cell + cell / 2
            cx = ox + g.left + SIZE * cell + g.right * 0.52
            icons.paste(img, icons.medal(p.row_medals[r], int(cell * 0.8), "gold"), (cx, cy))
            lx = ox + g.left - cell * 0.36
            d.rounded_rectangle((lx - half, cy - half, lx + half, cy + half), radius=int(cell * 0.12), fill=T.GOLD)
            T.draw_text(d, (lx, cy), D.ROW_LETTERS[r], fs, bold=True, fill=T.TEXT_DARK, anchor="mm")
        for c in cols:
            cx = ox + g.left + c * cell + cell / 2
            cy = oy + g.top + SIZE * cell + g.bottom * 0.52
            icons.paste(img, icons.medal(p.column_medals[c], int(cell * 0.8), "gold"), (cx, cy))
            ly = oy + g.top - cell * 0.34
            d.rounded_rectangle((cx - half, ly - half, cx + half, ly + half), radius=int(cell * 0.12), fill=T.GOLD)
            T.draw_text(d, (cx, ly), str(c + 1), fs, bold=True, fill=T.TEXT_DARK, anchor="mm")
        for r in brows:
            cy = oy + g.top + r * cell + cell / 2
            cx = ox + g.left + SIZE * cell + g.right * 0.52
            icons.paste(img, icons.meteorite(int(msz * 0.6)), (cx + msz * 0.34, cy + msz * 0.3))
        for c in bcols:
            cx = ox + g.left + c * cell + cell / 2
            cy = oy + g.top + SIZE * cell + g.bottom * 0.52
            icons.paste(img, icons.meteorite(int(msz * 0.6)), (cx + msz * 0.34, cy + msz * 0.3))
    else:
        bar = max(3, g.left // 2)
        for r in rows:
            y = oy + g.top + r * cell
            d.rectangle((ox + g.left - bar - 2, y + 1, ox + g.left - 3, y + cell - 2), fill=T.GOLD)
            d.rectangle((ox + g.left + SIZE * cell + 2, y + 1, ox + g.left + SIZE * cell + bar + 1, y + cell - 2),
                        fill=T.GOLD)
        for c in cols:
            x = ox + g.left + c * cell
            d.rectangle((x + 1, oy + g.top - bar - 2, x + cell - 2, oy + g.top - 3), fill=T.GOLD)
            d.rectangle((x + 1, oy + g.top + SIZE * cell + 2, x + cell - 2, oy + g.top + SIZE * cell + bar + 1),
                        fill=T.GOLD)


# --------------------------------------------------------------------------- full images

CELL = 54
HEADER = 64
LEGEND = 50


def _legend(img: Image.Image, y: int) -> None:
    d = ImageDraw.Draw(img)
    items = list(T.TERRAIN_COLOR)
    fs, sq, gap = 19, 34, 8
    labels = [T.terrain_name(t) for t in items]
    while fs > 14 and sum(sq + gap + T.text_width(x, fs) for x in labels) > img.width - 24 - 8 * (len(items) - 1):
        fs -= 1  # longer names (Biomasse, Énergie) take a smaller size before they touch
    widths = [sq + gap + T.text_width(x, fs) for x in labels]
    space = (img.width - 24 - sum(widths)) / (len(items) - 1)
    x = 12.0
    for t, label, w in zip(items, labels, widths):
        xi = int(x)
        img.paste(C.terrain_square(t, sq), (xi, y + 8))
        d.rectangle((xi, y + 8, xi + sq - 1, y + 7 + sq), outline=T.TILE_EDGE, width=2)
        icons.paste(img, icons.resource(t, 24), (xi + sq / 2, y + 8 + sq / 2))
        T.draw_text(d, (xi + sq + gap, y + 8 + sq / 2), label, fs, anchor="lm")
        x += w + space


def _title(view: dict, seat: int, names) -> tuple[str, str]:
    s = view["seats"][seat]
    p = D.planet(s["board"]["planet"])
    sub = f"{_(p.name)} · {round_label(view)}"
    note = snapshot_note(view, seat)
    if note:
        sub += f" · {note}"
    return T.player_name(names, seat), sub


RULE_FONT = 19
RULE_LINE = 25


def _rule_lines(planet_id: str, width: int) -> list[str]:
    """The planet's own rule, wrapped for the footer (none for KSB-4156)."""
    text = features.rule_text(planet_id)
    return T.wrap(text, RULE_FONT, width - 24) if text else []


def render_planet(view: dict, seat: int, names: Sequence[str] | None = None, *, legend: bool = True) -> Image.Image:
    """A player's planet as ``view`` shows it: tiles, patches, pieces, complete lines, and
    under the legend the planet's own rule when it has one."""
    board = board_of(view, seat)
    g = geometry(CELL, True)
    pad = 10
    width = g.width + 2 * pad
    rule = _rule_lines(board.planet_id, width) if legend else []
    height = HEADER + g.height + (LEGEND if legend else 0) + pad + (len(rule) * RULE_LINE + 8 if rule else 0)
    img = T.new_canvas(width, height)
    img.paste(empty_planet(board.planet_id, CELL, True), (pad, HEADER))
    draw_board(img, board, pad, HEADER, g, carried(view, seat))
    title, sub = _title(view, seat, names)
    medals = line_medals(board)
    lines_word = _("lines")  # beside the medal the complete lines score
    reserve = 64 + T.text_width(lines_word, 17) + 6 if medals else 0
    T.header(img, title, sub, height=HEADER, accent=T.seat_color(seat), right_reserve=reserve)
    if medals:  # medals the complete lines score now
        icons.paste(img, icons.medal(medals, 46, "gold"), (width - 36, HEADER // 2))
        T.draw_text(ImageDraw.Draw(img), (width - 64, HEADER // 2), lines_word, 17, fill=T.TEXT_MUTED, anchor="rm")
    if legend:
        _legend(img, HEADER + g.height)
    d = ImageDraw.Draw(img)
    for k, line in enumerate(rule):
        T.draw_text(d, (12, HEADER + g.height + LEGEND + 8 + k * RULE_LINE), line, RULE_FONT, fill=T.TEXT_MUTED)
    return img


def placement_effects(board: Board, tile_id: int, orient: int, anchor: int) -> dict:
    """What a placement would cover: lifepods and rovers destroyed, ice under water squares,
    the squares that clash (already covered or off the planet)."""
    p = board.planet
    ar, ac = divmod(anchor, SIZE)
    out: dict[str, list] = {"lifepods": [], "rovers": [], "ice_water": [], "clash": [], "inside": []}
    for c in D.tile(tile_id).orientations[orient].cells:
        r, col = ar + c.dr, ac + c.dc
        if not (0 <= r < SIZE and 0 <= col < SIZE):
            continue
        i = r * SIZE + col
        out["inside"].append(i)
        if not p.is_grid(i) or board.occupied >> i & 1:
            out["clash"].append(i)
            continue
        if i in board.lifepods:
            out["lifepods"].append(i)
        for n, pos in enumerate(board.rovers):
            if pos == i:
                out["rovers"].append(n + 1)
        if c.terrain == "water" and p.is_ice(i):
            out["ice_water"].append(i)
    return out


def render_preview(view: dict, seat: int, tile_id: int, orient: int, anchor: int,
                   names: Sequence[str] | None = None) -> Image.Image:
    """The planet with a candidate tile drawn see-through at ``anchor`` in ``orient``:
    green outline and a tick when legal, red with the reason when not; squares whose
    lifepod or rover it would destroy and ice under its water squares are ringed. When the
    view says the seat's planet rule is lifted this turn (R7), the check leaves it out and
    the banner says so. Raises ValueError for an orientation outside 0-7 or a square outside the board."""
    if orient not in range(8):
        raise ValueError("orientation is a number from 0 to 7")
    if anchor not in range(SIZE * SIZE):
        raise ValueError("the anchor square is not on the board")
    board = board_of(view, seat)
    corp = view["seats"][seat]["corp"]
    lifted = bool(view["seats"][seat].get("planet_rule_lifted"))
    problem = board.placement_problem(tile_id, orient, anchor, planet_rule=not lifted,
                                      ignore_adjacency=has_tech_code(corp, "ignore_adjacency"))
    fx = placement_effects(board, tile_id, orient, anchor)
    g = geometry(CELL, True)
    pad = 10
    t = D.tile(tile_id)
    fx_lines = _banner_lines(problem, fx, t, corp, g.width + 2 * 10 - 40, lifted)
    banner = 72 + 27 * len(fx_lines)
    width = g.width + 2 * pad
    img = T.new_canvas(width, HEADER + g.height + banner)
    img.paste(empty_planet(board.planet_id, CELL, True), (pad, HEADER))
    draw_board(img, board, pad, HEADER, g, carried(view, seat))
    ox, oy = pad + g.left, HEADER + g.top
    cell = CELL
    color = T.OK if problem is None else T.BAD

    # the candidate, see-through
    ar, ac = divmod(anchor, SIZE)
    o = D.tile(tile_id).orientations[orient]
    squares = [C.Square(ar + c.dr, ac + c.dc, c.terrain, "new", c.symbol, c.meteor) for c in o.cells
               if 0 <= ar + c.dr < SIZE and 0 <= ac + c.dc < SIZE]
    layer = Image.new("RGBA", img.size, (0, 0, 0, 0))
    C.paint(layer, squares, ox, oy, cell, edge=color + (255,), edge_width=max(4, cell // 10),
            show_meteor_symbols=True)
    layer.putalpha(layer.getchannel("A").point(lambda a: a * 72 // 100))
    base = img.convert("RGBA")
    base.alpha_composite(layer)
    img = base.convert("RGB")
    d = ImageDraw.Draw(img)
    _outline(d, squares, ox, oy, cell, color, max(4, cell // 10))  # the outline stays solid

    # anchor, clashes and effects
    a_xy = (ox + ac * cell + cell * 0.24, oy + ar * cell + cell * 0.24)
    if 0 <= ar < SIZE and 0 <= ac < SIZE:
        icons.paste(img, icons.anchor_mark(int(cell * 0.42)), a_xy)
    ring = max(3, cell // 14)
    for i in fx["clash"]:
        x, y = ox + (i % SIZE) * cell, oy + (i // SIZE) * cell
        icons.paste(img, icons.cross(int(cell * 0.5)), (x + cell / 2, y + cell / 2))
    for i in fx["lifepods"] + [board.rovers[n - 1] for n in fx["rovers"]]:
        x, y = ox + (i % SIZE) * cell, oy + (i // SIZE) * cell
        d.rectangle((x + 2, y + 2, x + cell - 3, y + cell - 3), outline=T.WARN, width=ring)
        icons.paste(img, icons.cross(int(cell * 0.34), T.WARN), (x + cell - cell * 0.2, y + cell * 0.2))
    for i in fx["ice_water"]:
        x, y = ox + (i % SIZE) * cell, oy + (i // SIZE) * cell
        d.rectangle((x + 2, y + 2, x + cell - 3, y + cell - 3), outline=T.ICE, width=ring)
        icons.paste(img, icons.resource("water", int(cell * 0.36)), (x + cell * 0.8, y + cell * 0.8))

    # header and banner
    title, sub = _title(view, seat, names)
    T.header(img, title, sub, height=HEADER, accent=T.seat_color(seat))
    by = HEADER + g.height
    d.rectangle((0, by, width, by + banner), fill=T.PANEL)
    d.line((0, by, width, by), fill=color, width=4)
    action = f"place {cell_name(anchor)} {orient}"  # action text: the same in every language
    verdict = (_("{action}: fits") if problem is None else _("{action}: can't place")).format(action=action)
    icons.paste(img, icons.check(40) if problem is None else icons.cross(40), (34, by + 32))
    T.draw_text(d, (64, by + 32), verdict, 26, bold=True, anchor="lm")
    label = _("tile {id} · {shape} {a}/{b}").format(id=tile_id, shape=t.shape_code, a=T.terrain_name(t.terrain_a),
                                                    b=T.terrain_name(t.terrain_b))
    T.draw_text(d, (width - 20, by + 32), label, 20, fill=T.TEXT_MUTED, anchor="rm")
    for k, (line, col) in enumerate(fx_lines):
        T.draw_text(d, (20, by + 66 + k * 27), line, 21, fill=col, anchor="lm")
    return img


def _banner_lines(problem: str | None, fx: dict, t: D.TileType, corp: dict, width: int,
                  lifted: bool = False) -> list[tuple[str, tuple]]:
    lines: list[tuple[str, tuple]] = []
    if problem is not None:
        lines += [(ln, T.BAD) for ln in T.wrap(problem[0].upper() + problem[1:], 21, width)]
    if lifted:
        lines += [(ln, T.WARN) for ln in T.wrap(_("Your planet's own rule is lifted this turn: no depot tile fits "
                                                    "under it"), 21, width)]
    notes = []
    if not fx["clash"]:
        if fx["lifepods"]:
            notes.append(ngettext("destroys lifepod {squares}", "destroys lifepods {squares}", len(fx["lifepods"]))
                         .format(squares=", ".join(cell_name(i) for i in fx["lifepods"])))
        if fx["rovers"]:
            notes.append(ngettext("destroys rover {numbers}", "destroys rovers {numbers}", len(fx["rovers"]))
                         .format(numbers=", ".join(str(n) for n in fx["rovers"])))
        if fx["ice_water"]:
            notes.append(_("water on ice {squares}: +1 water").format(
                squares=", ".join(cell_name(i) for i in fx["ice_water"])))
        if t.has_meteor and not has_tech_code(corp, "meteor_immunity"):
            notes.append(_("a meteorite lands on it"))
    if not notes and problem is None:
        notes.append(_("destroys no lifepod or rover; no water on ice"))
    if notes:
        lines += [(ln, T.TEXT_MUTED) for ln in T.wrap(" · ".join(notes), 21, width)]
    return [(text, colour) for text, colour in zip(T.at_most([t for t, _c in lines], 4), (c for _t, c in lines))]


def _outline(d: ImageDraw.ImageDraw, squares: list[C.Square], ox: int, oy: int, cell: int, color, ew: int) -> None:
    at = {(s.row, s.col) for s in squares}
    h = ew // 2
    for s in squares:
        x, y = ox + s.col * cell, oy + s.row * cell
        if (s.row - 1, s.col) not in at:
            d.rectangle((x - h, y - h, x + cell - 1 + h, y - h + ew - 1), fill=color)
        if (s.row + 1, s.col) not in at:
            d.rectangle((x - h, y + cell - h, x + cell - 1 + h, y + cell - h + ew - 1), fill=color)
        if (s.row, s.col - 1) not in at:
            d.rectangle((x - h, y - h, x - h + ew - 1, y + cell - 1 + h), fill=color)
        if (s.row, s.col + 1) not in at:
            d.rectangle((x + cell - h, y - h, x + cell - h + ew - 1, y + cell - 1 + h), fill=color)
