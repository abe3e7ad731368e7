"""The space station (S.U.S.A.N.): six depots in a ring, each with the top tile of its small
and large stack drawn to scale, the stack heights, the seat facing each depot and the
commander. With the event module, a band under the ring shows the round's event card (its
colour, name and effect), the cards left and, in solo, the score target.

Depot positions go clockwise from the bottom of the image (position 0, where seat 1's
indicator stands). The stacks in the depot at position p are large slot (p + rotation) % 6
and small slot (large + offset) % 6 (engine.rules.depot_slots).
"""
from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import Image, ImageDraw

from i18n import _, ngettext

from . import cells as C
from . import icons
from . import theme as T
from .viewinfo import depot_slots, round_label, seat_position

WIDTH = 1060
HEIGHT = 1000
HEADER = 64
CELL = 28
BOX_W = 300
BOX_H = 214
RADIUS_X = 370  # horizontal distance of the four side depots from the centre
RADIUS_Y = 348
EVENT_H = 150  # the event band under the ring, when the round has an event card
EVENT_COLOUR = {"green": T.OK, "orange": T.WARN, "red": T.BAD}


def _centers() -> list[tuple[float, float]]:
    cx, cy = WIDTH / 2, HEADER + (HEIGHT - HEADER) / 2
    out = []
    for p in range(6):
        a = math.radians(90 + 60 * p)  # screen angles: clockwise from the bottom
        x = 0.0 if p % 3 == 0 else math.copysign(RADIUS_X, math.cos(a))
        out.append((cx + x, cy + RADIUS_Y * math.sin(a)))
    return out


def _stack(img: Image.Image, d: ImageDraw.ImageDraw, stack: str, entry: dict, x0: int, y0: int, w: int,
           h: int) -> None:
    """One stack: its top tile centred in (x0, y0, w, h), the height below."""
    top, count = entry["top"], entry["count"]
    label = _("small") if stack == "small" else _("large")
    T.draw_text(d, (x0 + w / 2, y0 + 2), label, 16, fill=T.TEXT_MUTED, anchor="mt")
    area_y = y0 + 22
    area_h = h - 22 - 30
    if top is None:
        d.rounded_rectangle((x0 + 14, area_y + 8, x0 + w - 14, area_y + area_h - 8), radius=8, outline=T.PANEL_LINE,
                            width=2)
        T.draw_text(d, (x0 + w / 2, area_y + area_h / 2), _("empty"), 18, fill=T.TEXT_MUTED, anchor="mm")
    else:
        rows, cols = C.tile_size(top, 0)
        orient = 0
        if cols < rows:  # lay tall tiles down so depots stay compact
            orient = 1
            rows, cols = C.tile_size(top, 1)
        tx = int(x0 + (w - cols * CELL) / 2)
        ty = int(area_y + (area_h - rows * CELL) / 2)
        C.draw_tile(img, top, orient, tx, ty, CELL)
    # stack height: little plates and the number
    n = min(count, 12)
    sy = y0 + h - 22
    px = x0 + w / 2 - 30
    for k in range(n):
        d.rectangle((px + k * 4, sy - 6, px + k * 4 + 2, sy + 8), fill=T.SILVER if count else T.PANEL_LINE)
    T.draw_text(d, (px + 56, sy + 1), f"×{count}", 18, bold=True, anchor="lm",
                fill=T.TEXT if count else T.TEXT_MUTED)


def render_station(view: dict, names: Sequence[str] | None = None) -> Image.Image:
    """The station as the view shows it (another seat's pick stays hidden until the round ends)."""
    events = view.get("events") or {}
    event = events.get("current")
    img = T.starfield(WIDTH, HEIGHT).copy()
    if event:  # the band below, the ring exactly as without it
        taller = T.new_canvas(WIDTH, HEIGHT + EVENT_H)
        taller.paste(img, (0, 0))
        taller.paste(T.starfield(WIDTH, EVENT_H), (0, HEIGHT))
        img = taller
    d = ImageDraw.Draw(img)
    n = view["players"]
    commander = view["commander"]
    facing: dict[int, list[int]] = {}
    for seat in range(n):
        facing.setdefault(seat_position(view, seat), []).append(seat)
    solo = n == 1
    T.header(img, _("Space station"), round_label(view) + (
        "" if solo else " · " + _("commander: {name}").format(name=T.shorten(T.player_name(names, commander), 16))),
             height=HEADER)  # the commander's full name is at the hub

    cx, cy = WIDTH / 2, HEADER + (HEIGHT - HEADER) / 2
    # the hub and the ring
    d.ellipse((cx - RADIUS_X + 40, cy - RADIUS_Y + 60, cx + RADIUS_X - 40, cy + RADIUS_Y - 60), outline=T.PANEL_LINE,
              width=10)
    d.ellipse((cx - 130, cy - 110, cx + 130, cy + 110), fill=T.PANEL, outline=T.PANEL_LINE, width=3)
    if solo:
        T.draw_text(d, (cx, cy - 14), _("Solo"), 18, fill=T.TEXT_MUTED, anchor="mm")
        T.draw_text(d, (cx, cy + 14), T.fit_text(T.player_name(names, 0), 26, 230, True), 26, bold=True, anchor="mm")
    else:
        icons.paste(img, icons.crown(52), (cx, cy - 52))
        T.draw_text(d, (cx, cy - 14), _("Commander"), 18, fill=T.TEXT_MUTED, anchor="mm")
        T.draw_text(d, (cx, cy + 14), T.fit_text(T.player_name(names, commander), 26, 230, True), 26, bold=True,
                    anchor="mm")
    T.draw_text(d, (cx, cy + 50), round_label(view), 20, fill=T.TEXT_MUTED, anchor="mm")
    # clockwise arrow around the hub
    d.arc((cx - 150, cy - 130, cx + 150, cy + 130), 200, 250, fill=T.TEXT_MUTED, width=4)
    ax, ay = cx + 150 * math.cos(math.radians(250)), cy + 130 * math.sin(math.radians(250))
    d.polygon([(ax + 12, ay - 2), (ax - 4, ay - 10), (ax - 2, ay + 8)], fill=T.TEXT_MUTED)

    for p, (bx, by) in enumerate(_centers()):
        x0, y0 = int(bx - BOX_W / 2), int(by - BOX_H / 2)
        seats = facing.get(p, [])
        outline = T.seat_color(seats[0]) if seats else T.PANEL_LINE
        d.rounded_rectangle((x0, y0, x0 + BOX_W, y0 + BOX_H), radius=14, fill=T.PANEL, outline=outline,
                            width=4 if seats else 2)
        # who faces this depot
        d.rounded_rectangle((x0, y0, x0 + BOX_W, y0 + 36), radius=14, fill=T.PANEL_2)
        d.rectangle((x0, y0 + 22, x0 + BOX_W, y0 + 36), fill=T.PANEL_2)
        if seats:
            names_here = ", ".join(T.player_name(names, s) for s in seats)
            tx = x0 + 14
            for s in seats:
                d.ellipse((tx, y0 + 9, tx + 18, y0 + 27), fill=T.seat_color(s), outline=T.TEXT_DARK, width=2)
                tx += 22
            if commander in seats and not solo:
                icons.paste(img, icons.crown(26), (tx + 12, y0 + 18))
                tx += 28
            T.draw_text(d, (tx + 4, y0 + 18), T.fit_text(names_here, 20, x0 + BOX_W - tx - 14, True), 20, bold=True,
                        anchor="lm")
        else:
            T.draw_text(d, (x0 + 14, y0 + 18), T.fit_text(_("depot {n} · nobody").format(n=p + 1), 18, BOX_W - 28), 18,
                        fill=T.TEXT_MUTED, anchor="lm")
        slots = depot_slots(view, p)
        half = BOX_W // 2
        for k, stack in enumerate(("small", "large")):
            _stack(img, d, stack, view["station"][stack][slots[stack]], x0 + k * half, y0 + 40, half, BOX_H - 42)
        d.line((x0 + half, y0 + 48, x0 + half, y0 + BOX_H - 10), fill=T.PANEL_LINE, width=2)
    if event:
        _event_band(d, event, events, view, HEIGHT)
    return img


def _event_band(d: ImageDraw.ImageDraw, event: dict, events: dict, view: dict, y0: int) -> None:
    """The round's event card: a colour stripe (named too, for colour-blind readers), its
    name and its effect, the cards left, and the solo target."""
    x0, x1, y1 = 24, WIDTH - 24, y0 + EVENT_H - 16
    colour = EVENT_COLOUR.get(event["colour"], T.PANEL_LINE)
    d.rounded_rectangle((x0, y0, x1, y1), radius=14, fill=T.PANEL, outline=colour, width=3)
    d.rounded_rectangle((x0, y0, x0 + 18, y1), radius=8, fill=colour)
    tx = x0 + 36
    width = x1 - tx - 20
    left = events.get("remaining", 0)
    alert = {"green": _("green alert"), "orange": _("orange alert"), "red": _("red alert")}.get(event["colour"],
                                                                                             event["colour"])
    parts = [_("Event of round {n}").format(n=view["round"]), alert,
             ngettext("{n} card left", "{n} cards left", left).format(n=left) if left else _("last card: last round")]
    if view.get("solo"):
        target = view["solo"]["target"]
        parts.append(ngettext("solo target {n} medal", "solo target {n} medals", target).format(n=target))
    label = " · ".join(parts)
    T.draw_text(d, (tx, y0 + 22), T.fit_text(label, 17, width), 17, fill=T.TEXT_MUTED, anchor="lm")
    name, text = event["name"], event["text"]  # the card's own words (game content), translated here
    title, size = T.fit_shrink(_(name), 23, width, True, smallest=16)
    T.draw_text(d, (tx, y0 + 52), title, size, bold=True, anchor="lm")
    for k, line in enumerate(T.at_most(T.wrap(_(text), 20, width), 2)):
        T.draw_text(d, (tx, y0 + 86 + k * 26), line, 20, anchor="lm")
