"""The look shared by every image: palette, fonts and small drawing helpers.

Terrain colours come from the Okabe-Ito palette; simulated deuteranopia, protanopia and
tritanopia keep every pair of terrains (and land and ice) apart by a CIE76 distance of 14
or more. Every terrain also has its own fill pattern, letter and resource icon, so colour
is never the only cue. Fonts are the DejaVu TTFs shipped in render/fonts (licence
beside them); without them PIL's built-in scalable font is used.
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from i18n import N_, _

FONT_DIR = Path(__file__).resolve().parent / "fonts"

# --------------------------------------------------------------------------- palette

BG = (20, 24, 40)  # deep space
BG_STAR = (70, 78, 110)
PANEL = (33, 39, 64)
PANEL_2 = (44, 51, 82)
PANEL_LINE = (72, 82, 122)
TEXT = (240, 242, 250)
TEXT_MUTED = (168, 175, 206)
TEXT_DARK = (22, 24, 32)
GOLD = (244, 196, 64)
GOLD_DARK = (150, 104, 10)
SILVER = (200, 206, 218)
BRONZE = (205, 127, 50)
OK = (46, 204, 138)  # legal placement (also shown with a tick and text)
BAD = (240, 82, 60)  # illegal placement (also shown with a cross and the reason)
WARN = (255, 176, 32)

LAND = (112, 92, 78)
LAND_LINE = (88, 71, 60)
ICE = (204, 232, 244)
ICE_LINE = (160, 196, 214)
PLANET_RIM = (150, 170, 220)
TILE_EDGE = (16, 16, 22)

TERRAIN_COLOR = {
    "civ": (204, 121, 167),  # reddish purple
    "water": (0, 114, 178),  # blue
    "biomass": (0, 158, 115),  # bluish green
    "rover": (230, 159, 0),  # orange
    "tech": (213, 94, 0),  # vermillion
    "energy": (240, 228, 66),  # yellow
}
TERRAIN_INK = {  # icon glyphs, patterns, letters on that terrain
    "civ": (110, 40, 86),
    "water": (0, 52, 96),
    "biomass": (0, 78, 52),
    "rover": (120, 70, 0),
    "tech": (100, 36, 0),
    "energy": (120, 104, 0),
}
# translated where drawn (terrain_letter, terrain_name): each language picks its own letters
TERRAIN_LETTER = {"civ": N_("C"), "water": N_("W"), "biomass": N_("B"), "rover": N_("R"), "tech": N_("T"),
                  "energy": N_("E")}
TERRAIN_NAME = {"civ": N_("Civ"), "water": N_("Water"), "biomass": N_("Biomass"), "rover": N_("Rover"),
                "tech": N_("Tech"), "energy": N_("Energy")}


def terrain_name(terrain: str) -> str:
    """The terrain's name in the current language (Civ, Water ... / Civ, Eau ...)."""
    return _(TERRAIN_NAME[terrain])


def terrain_letter(terrain: str) -> str:
    """The letter printed on a terrain square in the current language."""
    return _(TERRAIN_LETTER[terrain])


TRACK_ORDER = ("civ", "water", "biomass", "rover", "tech")

# seat colours (depot indicators, name badges); always shown with the seat number or name
SEAT_COLOR = [(255, 107, 107), (77, 163, 255), (255, 210, 63), (123, 211, 137), (199, 146, 234),
              (255, 159, 67)]


def seat_color(seat: int) -> tuple[int, int, int]:
    return SEAT_COLOR[seat % len(SEAT_COLOR)]


# --------------------------------------------------------------------------- text record


@dataclass
class TextRecord:
    """What the drawing helpers wrote while ``recording()`` was on: each text drawn with its
    pixel box and the image it went on (``boxes``: (image id, (x0, y0, x1, y1), text, image
    size)) and each text shortened with an ellipsis (``cut``: (text, shown))."""
    boxes: list[tuple[int, tuple[int, int, int, int], str, tuple[int, int]]] = field(default_factory=list)
    cut: list[tuple[str, str]] = field(default_factory=list)


_RECORD: ContextVar[TextRecord | None] = ContextVar("render_text_record", default=None)


@contextmanager
def recording() -> Iterator[TextRecord]:
    """Record every text the helpers draw or cut (the render tests check none is cut, none
    leaves its image and no two overlap)."""
    record = TextRecord()
    token = _RECORD.set(record)
    try:
        yield record
    finally:
        _RECORD.reset(token)


# --------------------------------------------------------------------------- fonts


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    path = FONT_DIR / name
    if path.exists():
        return ImageFont.truetype(str(path), size)
    return ImageFont.load_default(size=size)  # pragma: no cover - fonts are shipped


def text_width(text: str, size: int, bold: bool = False) -> int:
    return int(round(font(size, bold).getlength(text)))


def fit_text(text: str, size: int, width: int, bold: bool = False) -> str:
    """``text`` shortened with an ellipsis so it fits in ``width`` pixels."""
    if text_width(text, size, bold) <= width:
        return text
    lo, hi = 0, len(text)  # longest prefix that fits with the ellipsis
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text_width(text[:mid] + "…", size, bold) <= width:
            lo = mid
        else:
            hi = mid - 1
    shown = text[:lo].rstrip() + "…"
    record = _RECORD.get()
    if record is not None:
        record.cut.append((text, shown))
    return shown


def shorten(name: str, keep: int) -> str:
    """A player's name cut to its first ``keep`` characters (with an ellipsis), where a line
    must keep the words around it whole."""
    return name if len(name) <= keep else name[:keep].rstrip() + "…"


def fit_shrink(text: str, size: int, width: int, bold: bool = False, smallest: int | None = None
               ) -> tuple[str, int]:
    """(text, size): smaller type down to ``smallest`` (default 80%) before cutting the text."""
    low = smallest or int(size * 0.8)
    for s in range(size, low - 1, -2):
        if text_width(text, s, bold) <= width:
            return text, s
    return fit_text(text, low, width, bold), low


def wrap(text: str, size: int, width: int, bold: bool = False, cut: bool = True) -> list[str]:
    """Greedy word wrap to ``width`` pixels; a single word wider than ``width`` is cut with an
    ellipsis, or (``cut=False``) broken over lines."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if text_width(trial, size, bold) <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    if cut:
        return [fit_text(ln, size, width, bold) for ln in lines]
    out = []
    for ln in lines:
        while text_width(ln, size, bold) > width and len(ln) > 1:
            k = max([1] + [n for n in range(1, len(ln)) if text_width(ln[:n], size, bold) <= width])
            out.append(ln[:k])
            ln = ln[k:]
        out.append(ln)
    return out


def at_most(lines: list[str], n: int) -> list[str]:
    """The first ``n`` lines of a wrapped text; when some are left out, the last one shown
    ends with an ellipsis and the cut is recorded (``recording``)."""
    if len(lines) <= n:
        return lines
    shown = lines[:n - 1] + [lines[n - 1].rstrip() + "…"]
    record = _RECORD.get()
    if record is not None:
        record.cut.append((" ".join(lines), " ".join(shown)))
    return shown


def draw_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, fill=TEXT,
              bold: bool = False, anchor: str = "la", stroke: int = 0, stroke_fill=TEXT_DARK) -> None:
    draw.text(xy, text, font=font(size, bold), fill=fill, anchor=anchor, stroke_width=stroke,
              stroke_fill=stroke_fill)
    record = _RECORD.get()
    if record is not None and text.strip():
        x0, y0, x1, y1 = draw.textbbox(xy, text, font=font(size, bold), anchor=anchor, stroke_width=stroke)
        record.boxes.append((id(draw.im), (int(x0), int(y0), int(x1), int(y1)), text, draw.im.size))


def player_name(names, seat: int) -> str:
    if names and seat < len(names) and names[seat]:
        return str(names[seat])
    return _("Player {n}").format(n=seat + 1)


# --------------------------------------------------------------------------- shared pieces


def new_canvas(width: int, height: int, color=BG) -> Image.Image:
    return Image.new("RGB", (int(width), int(height)), color)


def panel(draw: ImageDraw.ImageDraw, box, fill=PANEL, outline=PANEL_LINE, radius: int = 14, width: int = 2) -> None:
    draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)


HEADER_LINE = 34  # each further line of a title that wraps


def _title_room(width: int, subtitle: str, accent: bool, right_reserve: int) -> int:
    x = 36 if accent else 20
    sub_w = (text_width(subtitle, 22) + 24 if subtitle else 0) + right_reserve
    return width - x - sub_w - 20


def header_lines(width: int, title: str, subtitle: str = "", *, accent: bool = False, right_reserve: int = 0
                 ) -> tuple[list[str], int]:
    """(lines, type size) of a header's title: one line at 30 px down to 24 px, else wrapped
    at 24 px (images whose titles can be long size their header with ``header_height``)."""
    room = _title_room(width, subtitle, accent, right_reserve)
    for size in range(30, 23, -2):
        if text_width(title, size, True) <= room:
            return [title], size
    return wrap(title, 24, room, True, cut=False), 24


def header_height(width: int, title: str, subtitle: str = "", *, height: int = 64, accent: bool = False,
                  right_reserve: int = 0) -> int:
    """The height a header needs to show ``title`` in full."""
    lines, _size = header_lines(width, title, subtitle, accent=accent, right_reserve=right_reserve)
    return height + HEADER_LINE * (len(lines) - 1)


def header(img: Image.Image, title: str, subtitle: str = "", *, height: int = 64, accent=None,
           right_reserve: int = 0) -> int:
    """A title bar across the top; returns its height. A title too long for ``height`` is
    cut: pass ``header_height(...)`` as the height where a title can be long."""
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, img.width, height), fill=PANEL)
    d.line((0, height - 1, img.width, height - 1), fill=PANEL_LINE, width=2)
    x = 20
    if accent is not None:
        d.rounded_rectangle((14, 14, 24, height - 14), radius=4, fill=accent)
        x = 36
    lines, size = header_lines(img.width, title, subtitle, accent=accent is not None, right_reserve=right_reserve)
    room = _title_room(img.width, subtitle, accent is not None, right_reserve)
    room_lines = 1 + max(0, (height - 64) // HEADER_LINE)
    if len(lines) > room_lines:  # no room for the whole title: its last line is cut (and recorded)
        lines = [title] if room_lines == 1 else lines[:room_lines - 1] + [" ".join(lines[room_lines - 1:])]
    top = height // 2 - (len(lines) - 1) * HEADER_LINE / 2
    for k, line in enumerate(lines):
        draw_text(d, (x, top + k * HEADER_LINE), fit_text(line, size, room, True), size, bold=True, anchor="lm")
    if subtitle:
        draw_text(d, (img.width - 20 - right_reserve, height // 2), subtitle, 22, fill=TEXT_MUTED, anchor="rm")
    return height


@cache
def starfield(width: int, height: int) -> Image.Image:
    """A fixed, deterministic star background (cached; copy before drawing on it)."""
    img = new_canvas(width, height)
    d = ImageDraw.Draw(img)
    # a tiny linear congruential generator: the same stars on every Python version
    x = 12345
    for _star in range(width * height // 2600):
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        px = x % width
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        py = x % height
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        b = 60 + x % 90
        d.point((px, py), fill=(b, b + 6, b + 30))
        if x % 11 == 0:
            d.point((px + 1, py), fill=(b - 20, b - 14, b + 10))
    return img
