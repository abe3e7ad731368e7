"""The final image: the story of a Solar Storm game in one picture. Won or lost, why
(§ CONDITIONS DE FIN DE PARTIE: the core restarted; a room hit with no cube left; the resource
deck ran out, by a draw or the Hull Breach), on which turn and round, the figures of the game
(rooms diverted, cubes left, cards left, damage cards drawn), the ship as it was at the end
(each room's track, diverted token and how many damage cards named it, the room that was lost
marked) and the crew. Drawn from the finished game's public view.
"""
from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from engine.solar_storm import data as D
from i18n import _, ngettext, use

from .. import theme as T
from . import symbols as S
from ._pen import Pen, crew_names, hits_by_room, initials, room_names, wrapped_height
from .ship import GAP, HEADER, PAD, WIDTH, draw_header

BANNER_H = 170
TILE_H = 120
TILE_W = (WIDTH - 2 * PAD - 3 * GAP) // 4
MINI_W = (WIDTH - 2 * PAD - 2 * GAP) // 3
MINI_H = 150
SLOT = 44
CREW_ROW = 60


def _breach_emptied(view: dict) -> bool:
    """Whether the game was lost to the Hull Breach's discards emptying the resource deck."""
    out = view["outcome"]
    return out["result"] == "lost" and out["reason"] != "room_destroyed" and any(
        e.get("kind") == "hull_breach" for e in view.get("events", ()))


def _last_blow(view: dict, rooms: dict[str, str]) -> str:
    """What the final turn's damage phase did, as a sentence (with a leading space), if anything."""
    out = view["outcome"]
    if out["result"] == "won":
        return ""
    for e in reversed(view.get("events", ())):
        if e.get("kind") == "damage_card":
            return " " + _("The last damage card named: {rooms}.").format(
                rooms=", ".join(rooms.get(r, r) for r in e["rooms"]))
        if e.get("kind") == "hull_breach":
            lost = e["cards"] if isinstance(e["cards"], int) else len(e["cards"])
            return " " + ngettext("The Hull Breach rolled {roll}: {n} card thrown away.",
                                  "The Hull Breach rolled {roll}: {n} cards thrown away.", lost).format(
                roll=e["roll"], n=lost)
    return ""


def _story(view: dict, names: list[str], rooms: dict[str, str]) -> tuple[str, str]:
    """(headline, the sentence that says why and when)."""
    out = view["outcome"]
    when = _("on turn {turn} (round {round})").format(turn=out["turn"], round=out["round"])
    events = view.get("events", ())
    if out["result"] == "won":
        seat = next((e["seat"] for e in events if e.get("kind") == "won"), None)
        who = names[seat] if seat is not None and seat < len(names) else _("The crew")
        return (_("The crew restarted the core!"),
                _("{name} restarted the Energy Core with all 8 rooms diverted, {when}.").format(name=who, when=when))
    if out["reason"] == "room_destroyed":
        room = rooms.get(out.get("room", ""), out.get("room", ""))
        return (_("The ship is lost"),
                _("The {room} was damaged with no repair cube left, {when}.").format(room=room, when=when))
    if _breach_emptied(view):
        return (_("The ship is lost"),
                _("The Hull Breach threw away the last resource cards, {when}.").format(when=when))
    return (_("The ship is lost"), _("The resource deck ran out, {when}.").format(when=when))


def _tile(pen: Pen, i: int, y: int, value: str, label: str, colour=T.TEXT) -> None:
    x = PAD + i * (TILE_W + GAP)
    box = (x, y, x + TILE_W, y + TILE_H)
    T.panel(pen.d, box, radius=12)
    pen.within(box)
    pen.text((x + TILE_W / 2, y + 34), value, 36, bold=True, anchor="mm", fill=colour, width=TILE_W - 20)
    ly = y + 66
    pen.lines(x + 12, ly, label, TILE_W - 24, fill=T.TEXT_MUTED)


def _mini_room(img: Image.Image, pen: Pen, cell: dict, x: int, y: int, lang: str, hits: dict[str, int] | None,
               lost_room: str | None, won: bool) -> None:
    d = pen.d
    core = cell["room"] == D.CORE
    lost = cell["room"] == lost_room
    diverted = bool(cell.get("diverted"))
    outline = S.HIT if lost else (S.DIVERTED if diverted or core else T.PANEL_LINE)
    box = (x, y, x + MINI_W, y + MINI_H)
    d.rounded_rectangle(box, radius=12, fill=T.PANEL, outline=outline, width=4 if lost or diverted else 2)
    d.rounded_rectangle((x + 4, y + 4, x + MINI_W - 4, y + 40), radius=9,
                        fill=(92, 74, 20) if diverted or core else T.PANEL_2)
    pen.within(box)
    right = x + MINI_W - 10
    if lost:
        S.paste(img, S.warning(30), right - 30, y + 7)
        right -= 36
    pen.text((x + 10, y + 22), cell["name_fr" if lang == "fr" else "name_en"], 22, bold=True, anchor="lm",
             width=right - x - 10)
    ty = y + 48
    if core:
        S.paste(img, S.diverted(44), x + 10, ty + 4)
        pen.text((x + 64, ty + 26), _("restarted") if won else _("never restarted"), bold=True, anchor="lm",
                 fill=S.DIVERTED if won else T.TEXT_MUTED, width=MINI_W - 74)
        return
    sx = x + 10
    for kind, present in zip(cell["track"], cell["cubes"]):
        d.rounded_rectangle((sx, ty, sx + SLOT, ty + SLOT), radius=7, fill=T.PANEL_2,
                            outline=T.PANEL_LINE if present else S.HIT, width=2)
        S.paste(img, S.resource(kind, 30, dim=not present), sx + 3, ty + 3)
        S.paste(img, S.cube(20) if present else S.empty_slot(18), sx + SLOT - 22, ty + SLOT - 22)
        sx += SLOT + 5
    if diverted:
        S.paste(img, S.diverted(40), sx + 8, ty + 2)
    by = ty + SLOT + 28
    if lost:
        pen.text((x + 10, by), _("destroyed"), bold=True, anchor="lm", fill=S.HIT, width=MINI_W - 20)
    elif diverted:
        pen.text((x + 10, by), _("Diverted"), bold=True, anchor="lm", fill=S.DIVERTED, width=MINI_W - 20)
    if hits is not None:
        pen.text((x + MINI_W - 10, by), _("hit {n}×").format(n=hits[cell["room"]]), anchor="rm",
                 fill=T.TEXT_MUTED)


def render_final(view: dict, names: Sequence[str] | None = None, lang: str = "en", *,
                 trace: list | None = None) -> Image.Image:
    """The final image of a finished game's public view. Raises ValueError when the game is
    not over."""
    with use(lang):
        return _render_final(view, names, lang, trace)


def _render_final(view: dict, names: Sequence[str] | None, lang: str, trace: list | None) -> Image.Image:
    out = view.get("outcome")
    if not out:
        raise ValueError("the game is not over: there is no story to tell yet")
    won = out["result"] == "won"
    rooms = room_names(view, lang)
    crew = crew_names(view, names)
    marks = initials(crew, view["solo"], bool(names))
    headline, why = _story(view, crew, rooms)
    if view["hull_breach"] and not _breach_emptied(view):
        why += " " + _("The storm had reached the Hull Breach.")
    why += _last_blow(view, rooms)
    tx = PAD + 24 + 90 + 24
    banner_h = max(BANNER_H, 86 + wrapped_height(why, WIDTH - PAD - 20 - tx, 22) + 16)
    height = HEADER + PAD + banner_h + GAP + TILE_H + PAD + 40 + 3 * (MINI_H + GAP) + PAD + 40 + \
        -(-view["crew"] // 2) * CREW_ROW + PAD
    img = T.new_canvas(WIDTH, height)
    pen = Pen(img, trace)
    draw_header(pen, view, lang, _("Solar Storm · the end"))
    # the banner: won or lost, why and when
    y = HEADER + PAD
    box = (PAD, y, WIDTH - PAD, y + banner_h)
    colour = S.DIVERTED if won else S.HIT
    T.panel(pen.d, box, fill=(58, 50, 22) if won else (70, 32, 28), outline=colour, radius=14, width=4)
    pen.within(box)
    S.paste(img, S.diverted(90) if won else S.warning(90), PAD + 24, y + 22)
    pen.text((tx, y + 50), headline, 40, bold=True, anchor="lm", fill=colour, width=WIDTH - PAD - 20 - tx)
    pen.lines(tx, y + 86, why, WIDTH - PAD - 20 - tx, size=22)
    y += banner_h + GAP
    # the figures of the game
    cubes = sum(sum(1 for c in cell["cubes"] if c) for cell in view["ship"] if cell["room"] != D.CORE)
    drawn = view.get("damage_discard")
    deck = view.get("resource_deck")
    _tile(pen, 0, y, f"{len(view['diverted'])}/8", _("rooms diverted"), S.DIVERTED)
    _tile(pen, 1, y, f"{cubes}/24", _("repair cubes in place"))
    _tile(pen, 2, y, "?" if deck is None else str(deck), _("resource cards left in the deck"))
    _tile(pen, 3, y, "?" if drawn is None else f"{len(drawn)}/24", _("damage cards drawn"))
    y += TILE_H + PAD
    # the ship as it ended
    pen.within((0, y, WIDTH, y + 40))
    pen.text((PAD, y + 18), _("The ship at the end"), 24, bold=True, anchor="lm")
    y += 40
    hits = hits_by_room(view)
    lost_room = out.get("room") if out.get("reason") == "room_destroyed" else None
    cells = sorted(view["ship"], key=lambda c: c["cell"])
    for r in range(3):
        for c in range(3):
            _mini_room(img, pen, cells[r * 3 + c], PAD + c * (MINI_W + GAP), y, lang, hits, lost_room, won)
        y += MINI_H + GAP
    y += PAD - GAP
    # the crew
    pen.within((0, y, WIDTH, y + 40))
    pen.text((PAD, y + 18), _("Crew"), 24, bold=True, anchor="lm")
    y += 40
    col_w = (WIDTH - 2 * PAD - GAP) // 2
    for seat, name in enumerate(crew):
        x = PAD + (seat % 2) * (col_w + GAP)
        yy = y + (seat // 2) * CREW_ROW
        box = (x, yy, x + col_w, yy + CREW_ROW - 8)
        T.panel(pen.d, box, radius=12)
        pen.within(box)
        S.paste(img, S.pawn(44, T.seat_color(seat)), x + 6, yy + 4)
        pen.text((x + 28, yy + 26), marks[seat], 20, bold=True, fill=T.TEXT_DARK, anchor="mm")
        pen.text((x + 60, yy + 26), name, 22, bold=True, anchor="lm", width=col_w - 70)
    return img
