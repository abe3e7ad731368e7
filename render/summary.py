"""The round summary for the channel: every player's planet, small, side by side, with the
name, the five trackers and the pieces collected (1 to 6 players)."""
from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine import data as D
from i18n import _, ngettext

from . import icons
from . import theme as T
from .planet import draw_board, empty_planet, geometry
from .viewinfo import board_of, carried, line_medals, still_playing, track_medals

MINI_CELL = 26
PANEL_PAD = 12
NAME_H = 46
STATS_H = 104
GAP = 14
HEADER = 64
FOOT = 34


def _grid(n: int) -> tuple[int, int]:
    """(columns, rows) of panels for n players."""
    return {1: (1, 1), 2: (2, 1), 3: (3, 1), 4: (2, 2), 5: (3, 2), 6: (3, 2)}[n]


def _title(phase: str, rnd: int) -> tuple[str, str]:
    """(title, note) for the header."""
    if phase == "over":
        return _("Final planets"), ""
    if phase == "turns":
        return _("Round {n}").format(n=rnd), _("as at its start")
    if phase == "civ":
        return _("Round {n}").format(n=rnd), _("civ cards")
    if phase == "final":
        return _("Game end"), _("last decisions")
    if phase == "rotate" and rnd > 1:
        return _("After round {n}").format(n=rnd - 1), ""
    return _("Before round 1"), ""


def panel_size() -> tuple[int, int]:
    g = geometry(MINI_CELL, False)
    return g.width + 2 * PANEL_PAD, NAME_H + g.height + STATS_H + PANEL_PAD


def render_round_summary(view: dict, names: Sequence[str] | None = None, *, title: str | None = None
                         ) -> Image.Image:
    """All planets of the game (public information only: pass ``public_view(state)``).
    ``title``: the picture is a snapshot taken when a round ended ("the planets after round
    3", the round summary post and /pu history): the view's own moment (the next round's
    start, its players "playing…") is not shown."""
    n = view["players"]
    cols, rows = _grid(n)
    pw, ph = panel_size()
    width = max(cols * pw + (cols + 1) * GAP, 560)
    phase = view["phase"]
    auto, note = _title(phase, view["round"])
    if title:
        note = ""
    sub = " · ".join(x for x in (note, ngettext("{n} player", "{n} players", n).format(n=n)) if x)
    head = T.header_height(width, title or auto, sub, height=HEADER)
    height = head + rows * ph + (rows + 1) * GAP + FOOT
    img = T.new_canvas(width, height)
    d = ImageDraw.Draw(img)
    T.header(img, title or auto, sub, height=head)
    g = geometry(MINI_CELL, False)
    x_off = (width - (cols * pw + (cols - 1) * GAP)) // 2
    for seat in range(n):
        r, c = divmod(seat, cols)
        if r == rows - 1 and n % cols:  # centre a short last row
            x_off_row = (width - ((n % cols) * pw + ((n % cols) - 1) * GAP)) // 2
        else:
            x_off_row = x_off
        x0 = x_off_row + c * (pw + GAP)
        y0 = head + GAP + r * (ph + GAP)
        _panel(img, d, view, seat, names, x0, y0, pw, ph, g, snapshot=bool(title))
    fy = height - FOOT // 2 - 4
    icons.paste(img, icons.medal("", 22, "gold"), (GAP + 12, fy))
    foot = _("final medals") if view.get("result") else _("medals so far from lines and trackers")
    T.draw_text(d, (GAP + 30, fy), T.fit_text(foot, 17, width - GAP - 30 - 8), 17, fill=T.TEXT_MUTED, anchor="lm")
    return img


def _panel(img: Image.Image, d: ImageDraw.ImageDraw, view: dict, seat: int, names, x0: int, y0: int, pw: int,
           ph: int, g, snapshot: bool = False) -> None:
    s = view["seats"][seat]
    col = T.seat_color(seat)
    d.rounded_rectangle((x0, y0, x0 + pw, y0 + ph), radius=14, fill=T.PANEL, outline=T.PANEL_LINE, width=2)
    # name line
    d.ellipse((x0 + 14, y0 + 14, x0 + 34, y0 + 34), fill=col, outline=T.TEXT_DARK, width=2)
    nx = x0 + 44
    if view["commander"] == seat and view["players"] > 1:
        icons.paste(img, icons.crown(28), (nx + 14, y0 + 24))
        nx += 34
    board = board_of(view, seat)
    result = view.get("result")
    if result:  # the game is over: the final total
        medals = next(p["total"] for p in result["players"] if p["seat"] == seat)
    else:
        medals = line_medals(board) + track_medals(s["corp"])
    icons.paste(img, icons.medal(medals, 34, "gold"), (x0 + pw - 28, y0 + 24))
    name_right = x0 + pw - 52
    if still_playing(view, seat) and not snapshot:
        playing = _("playing…")
        T.draw_text(d, (name_right, y0 + 24), playing, 18, fill=T.WARN, anchor="rm")
        name_right -= T.text_width(playing, 18) + 10
    name, size = T.fit_shrink(T.player_name(names, seat), 24, name_right - nx, True)
    T.draw_text(d, (nx, y0 + 24), name, size, bold=True, anchor="lm")
    # planet
    py = y0 + NAME_H
    img.paste(empty_planet(board.planet_id, MINI_CELL, False), (x0 + PANEL_PAD, py))
    draw_board(img, board, x0 + PANEL_PAD, py, g, carried(view, seat))
    # trackers
    sy = py + g.height + 4
    corp = s["corp"]
    cdef = D.corporation(corp["corp"])
    tw = (pw - 2 * PANEL_PAD) / 5
    for k, t in enumerate(T.TRACK_ORDER):
        tx = x0 + PANEL_PAD + k * tw
        pos = corp["trackers"][t]
        top = cdef.tracks[t].top
        icons.paste(img, icons.resource(t, 28), (tx + 16, sy + 16))
        T.draw_text(d, (tx + 34, sy + 16), str(pos), 22, bold=True, anchor="lm")
        # progress bar
        bx0, bx1 = tx + 4, tx + tw - 6
        d.rounded_rectangle((bx0, sy + 36, bx1, sy + 44), radius=4, fill=T.PANEL_2)
        fill_w = (bx1 - bx0) * min(pos, top) / top
        if fill_w > 0:
            d.rounded_rectangle((bx0, sy + 36, bx0 + max(8, fill_w), sy + 44), radius=4, fill=T.TERRAIN_COLOR[t])
    # pieces
    ky = sy + 72
    on_planet = sum(1 for p in s["board"]["rovers"] if p is not None)
    items = [(icons.lifepod(28), corp["lifepods"]), (icons.meteorite(28), corp["meteorites"]),
             (icons.rover_token(None, 26), on_planet), (icons.civ_card(0, 28), len(corp["civ_cards"]) +
                                                        corp.get("hidden_civ_cards", 0))]
    iw = (pw - 2 * PANEL_PAD) / len(items)
    for k, (ic, num) in enumerate(items):
        ix = x0 + PANEL_PAD + k * iw
        icons.paste(img, ic, (ix + 16, ky))
        T.draw_text(d, (ix + 34, ky), str(num), 21, bold=True, anchor="lm")
