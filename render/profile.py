"""A player's profile card: headline numbers, medals per scoring category against the
server's average, and two charts (the last 30 games' totals, the rating over time). Drawn
from the profile numbers (service/players.py ``summarise``), never from a game state.

Phone-readable: 1000 px wide, no text under 20 px; colour is never the only cue (bars carry
their numbers, the server average is a marked line and a number).
"""
from __future__ import annotations

from PIL import Image, ImageDraw

from i18n import N_, _, ngettext, number

from . import theme as T

WIDTH = 1000
PAD = 20
HEADER = 72
CATEGORY_LABELS = {"A": N_("A rows/cols"), "B": N_("B trackers"), "C": N_("C lifepods"), "D": N_("D civ cards"),
                   "E": N_("E objectives"), "F": N_("F neighbours")}


def _tile(d: ImageDraw.ImageDraw, box, label: str, value: str) -> None:
    T.panel(d, box)
    x0, y0, x1, y1 = box
    T.draw_text(d, ((x0 + x1) / 2, y0 + 14), T.fit_text(label, 20, x1 - x0 - 12), 20, fill=T.TEXT_MUTED, anchor="ma")
    text, size = T.fit_shrink(value, 38, x1 - x0 - 16, True, smallest=24)
    T.draw_text(d, ((x0 + x1) / 2, y1 - 16), text, size, bold=True, anchor="md")


def _chart(d: ImageDraw.ImageDraw, box, title: str, values: list[float], colour, *, bars: bool,
           empty: str | None = None) -> None:
    T.panel(d, box)
    x0, y0, x1, y1 = box
    T.draw_text(d, (x0 + 16, y0 + 12), title, 22, bold=True)
    if not values:
        T.draw_text(d, ((x0 + x1) / 2, (y0 + y1) / 2 + 10), empty or _("no games yet"), 22, fill=T.TEXT_MUTED,
                    anchor="mm")
        return
    top, bottom = max(values), min(min(values), 0) if bars else min(values)
    if top == bottom:
        top, bottom = top + 1, bottom - 1
    left, right, upper, lower = x0 + 70, x1 - 20, y0 + 52, y1 - 24
    for frac in (0.0, 0.5, 1.0):
        v = bottom + (top - bottom) * frac
        y = lower - (lower - upper) * frac
        d.line((left, y, right, y), fill=T.PANEL_LINE, width=1)
        T.draw_text(d, (left - 8, y), number(round(v) + 0), 20, fill=T.TEXT_MUTED, anchor="rm")
    n = len(values)
    step = (right - left) / max(n, 1)

    def y_of(v):
        return lower - (lower - upper) * (v - bottom) / (top - bottom)

    if bars:
        for i, v in enumerate(values):
            x = left + i * step
            d.rectangle((x + step * 0.15, y_of(v), x + step * 0.85, y_of(max(bottom, 0))), fill=colour)
    else:
        points = [(left + (i + 0.5) * step, y_of(v)) for i, v in enumerate(values)]
        if len(points) > 1:
            d.line(points, fill=colour, width=4, joint="curve")
        for p in points[-1:]:
            d.ellipse((p[0] - 7, p[1] - 7, p[0] + 7, p[1] + 7), fill=colour, outline=T.TEXT, width=2)
    T.draw_text(d, (right, y0 + 14), _("last: {n}").format(n=number(values[-1])) if bars
                else _("now: {n}").format(n=number(values[-1], 1)), 22,
                fill=T.TEXT, anchor="ra")


SECTION = 40 + 110 + PAD  # a section under the card: its title, a row of tiles


def render_profile(profile: dict, name: str, *, subtitle: str = "",
                   sections: list[tuple[str, list[tuple[str, str]]]] | tuple = ()) -> Image.Image:
    """The profile card of ``profile`` (service.players.summarise) for the player ``name``;
    ``sections``: the other games' parts under it, each a title and its tiles (label, value;
    five at most), already in the card's language (a game kind's ``profile_tiles``). Without
    sections the card is exactly Planet Unknown's."""
    cats = profile["categories"]
    card = HEADER + 130 + 40 + 6 * 54 + 30 + 2 * 280 + PAD * 4  # Planet Unknown's card, then the sections
    height = card + len(sections) * SECTION
    img = T.new_canvas(WIDTH, height)
    d = ImageDraw.Draw(img)
    T.header(img, name, subtitle or _("player profile"), height=HEADER, accent=T.GOLD)
    y = HEADER + PAD
    tiles = [(_("games"), number(profile["games"])), (_("wins"), f"{profile['wins']}/{profile['multiplayer']}"),
             (_("average"), "-" if profile["average"] is None else number(profile["average"], 1)),
             (_("best"), "-" if profile["best"] is None else str(profile["best"])),
             (_("rating"), "-" if profile["rating"] is None else number(profile["rating"], 1)
              + (f" {'▲' if profile['trend'] > 0 else '▼' if profile['trend'] < 0 else '='}" if profile["rating"] is not None else ""))]
    w = (WIDTH - PAD * (len(tiles) + 1)) / len(tiles)
    for i, (label, value) in enumerate(tiles):
        x = PAD + i * (w + PAD)
        _tile(d, (x, y, x + w, y + 110), label, value)
    y += 130
    heading, heading_size = T.fit_shrink(_("Medals per category (bar: you · line: server average)"), 22,
                                         WIDTH - 2 * PAD, True, smallest=20)
    T.draw_text(d, (PAD, y), heading, heading_size, bold=True)
    y += 40
    scale_top = max([v for c in cats.values() for v in (c["mine"], c["server"]) if v is not None] + [1])
    bar_x0, bar_x1 = PAD + 210, WIDTH - PAD - 150
    for c, entry in cats.items():
        label, label_size = T.fit_shrink(_(CATEGORY_LABELS[c]), 22, bar_x0 - PAD - 8, smallest=20)
        T.draw_text(d, (PAD, y + 22), label, label_size, anchor="lm")
        d.rounded_rectangle((bar_x0, y + 6, bar_x1, y + 38), radius=6, fill=T.PANEL)
        if entry["mine"] is not None:
            x = bar_x0 + (bar_x1 - bar_x0) * max(entry["mine"], 0) / scale_top
            d.rounded_rectangle((bar_x0, y + 6, max(x, bar_x0 + 4), y + 38), radius=6, fill=T.OK)
        if entry["server"] is not None:
            sx = bar_x0 + (bar_x1 - bar_x0) * max(entry["server"], 0) / scale_top
            d.line((sx, y, sx, y + 44), fill=T.GOLD, width=4)
        mine = "-" if entry["mine"] is None else number(entry["mine"], 1)
        server = "" if entry["server"] is None else f" / {number(entry['server'], 1)}"
        T.draw_text(d, (WIDTH - PAD, y + 22), mine + server, 22, bold=True, anchor="rm")
        y += 54
    y += 30
    _chart(d, (PAD, y, WIDTH - PAD, y + 260),
           ngettext("Total of the last {n} game", "Totals of the last {n} games", len(profile["last_totals"]))
           .format(n=len(profile["last_totals"])),
           [float(v) for v in profile["last_totals"]], T.TERRAIN_COLOR["water"], bars=True)
    y += 280
    _chart(d, (PAD, y, WIDTH - PAD, y + 260), _("Rating over time"), profile["rating_history"], T.GOLD, bars=False,
           empty=_("no rated game yet (solo games are not rated)"))
    y = card - 2 * PAD  # under the card as it was (its charts end 4 margins above its bottom)
    for title, tiles in sections:
        text, size = T.fit_shrink(title, 22, WIDTH - 2 * PAD, True, smallest=20)
        T.draw_text(d, (PAD, y), text, size, bold=True)
        y += 40
        tiles = list(tiles)[:5]
        w = (WIDTH - PAD * (len(tiles) + 1)) / max(len(tiles), 1)
        for i, (label, value) in enumerate(tiles):
            x = PAD + i * (w + PAD)
            _tile(d, (x, y, x + w, y + 110), label, value)
        y += 110 + PAD
    return img


def sample_profile() -> dict:
    """A made-up profile (README image, tests, benchmarks)."""
    totals = [62, 71, 58, 80, 77, 69, 85, 74, 90, 66, 79, 83, 72, 88, 95, 81, 76, 92, 70, 87]
    rating = [0.0]
    for t in totals:
        rating.append(rating[-1] + (t - 75) / 12 + 0.9)
    return {"games": 48, "multiplayer": 36, "wins": 14,
            "by_players": {2: {"games": 20, "wins": 10, "podiums": 20}, 4: {"games": 16, "wins": 4, "podiums": 11}},
            "average": 78.4, "best": 95,
            "categories": {"A": {"mine": 21.5, "server": 19.0}, "B": {"mine": 14.2, "server": 15.1},
                           "C": {"mine": 9.8, "server": 8.0}, "D": {"mine": 12.0, "server": 10.4},
                           "E": {"mine": 11.3, "server": 11.9}, "F": {"mine": 9.6, "server": 8.7}},
            "planet": {"favourite": "ksb-4156", "best": "ksb-4156"},
            "corporation": {"favourite": "universal_coalition", "best": "universal_coalition"},
            "solo": {"games": 12, "best": 91, "reached": 7, "by_events": {}}, "daily": {"streak": 3, "best_streak": 9},
            "rating": round(rating[-1], 1), "trend": 2.4, "round_seconds": 5400.0, "autopilot_games": 0,
            "last_totals": totals, "rating_history": rating[1:]}

