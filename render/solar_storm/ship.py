"""The ship image, posted after every turn: the 3x3 rooms (name, one-line power, repair track
with its cubes present or missing, divert cost, diverted token, protection tokens, pawns), the
crew (hands, action tokens, where each stands), the face-up offer, both decks' counts (unless
the no-peek option hides them, § RÈGLE FACULTATIVE), the damage cards left by tier and the Hull
Breach. Drawn from ``public_view`` only: the order of the decks is never in it.

1000 px wide, no text under 20 px (render/_pen.py), every resource shown with its symbol as
well as its colour, with a legend of the symbols at the bottom.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from PIL import Image

from engine.solar_storm import data as D
from i18n import _, ngettext, use

from .. import theme as T
from . import symbols as S
from ._pen import (
    LINE,
    MIN_TEXT,
    Pen,
    card_name,
    crew_names,
    damage_left_by_tier,
    difficulty_name,
    initials,
    last_damage,
    room_names,
    wrapped_height,
)

WIDTH = 1000
PAD = 14
GAP = 8
HEADER = 64
CELL_W = (WIDTH - 2 * PAD - 2 * GAP) // 3
INNER = 10  # padding inside a room
TITLE_H = 40
SLOT = 50  # a repair track slot
TRACK_H = SLOT + 10
DIVERT_H = 40
TOKEN = 44  # pawns, protection and diverted tokens
CREW_W = (WIDTH - 2 * PAD - GAP) // 2
CREW_H = 134
PILE_W = (WIDTH - 2 * PAD - 3 * GAP) // 4
PILE_H = 214
CARD_W, CARD_H = 60, 84


def _power(cell: dict, lang: str) -> str:
    return cell["power_fr" if lang == "fr" else "power_en"]


def _name(cell: dict, lang: str) -> str:
    return cell["name_fr" if lang == "fr" else "name_en"]


def _bottom_rows(n_pawns: int, n_shields: int) -> int:
    """Rows of tokens at the bottom of a room: pawns then protection tokens, wrapped."""
    per_row = (CELL_W - 2 * INNER + 6) // (TOKEN + 6)
    n = n_pawns + n_shields
    return max(1, -(-n // per_row)) if n else 1


def _cell_height(cell: dict, lang: str, pawns: int) -> int:
    text_h = wrapped_height(_power(cell, lang), CELL_W - 2 * INNER)
    shields = len(cell.get("protection", ()))
    body = TRACK_H + DIVERT_H if cell["room"] != D.CORE else TRACK_H + DIVERT_H
    return TITLE_H + body + text_h + 8 + _bottom_rows(pawns, shields) * (TOKEN + 6) + INNER


def _draw_room(img: Image.Image, pen: Pen, cell: dict, x: int, y: int, h: int, *, lang: str, view: dict,
               pawns: list[int], marks: list[str], hit: bool) -> None:
    d = pen.d
    core = cell["room"] == D.CORE
    diverted = bool(cell.get("diverted"))
    outline = S.HIT if hit else (S.DIVERTED if diverted or core else T.PANEL_LINE)
    d.rounded_rectangle((x, y, x + CELL_W, y + h), radius=12, fill=T.PANEL, outline=outline, width=4 if (hit or diverted) else 2)
    title_fill = (92, 74, 20) if diverted else ((70, 58, 24) if core else T.PANEL_2)
    d.rounded_rectangle((x + 4, y + 4, x + CELL_W - 4, y + TITLE_H), radius=9, fill=title_fill)
    pen.within((x, y, x + CELL_W, y + h))
    right = x + CELL_W - INNER
    if hit:
        S.paste(img, S.warning(30), right - 30, y + 7)
        right -= 36
    pen.text((x + INNER, y + 4 + (TITLE_H - 4) // 2), _name(cell, lang), 22, bold=True, anchor="lm",
             width=right - x - INNER)
    ty = y + TITLE_H + 6
    if core:
        done = len(view["diverted"])
        S.paste(img, S.diverted(TOKEN), x + INNER, ty + 4)
        pen.text((x + INNER + TOKEN + 8, ty + 4 + TOKEN // 2), f"{done}/8", 30, bold=True, anchor="lm",
                 fill=S.DIVERTED)
        pen.text((x + INNER, ty + TRACK_H + DIVERT_H // 2 - 4), _("rooms diverted"), fill=T.TEXT_MUTED, anchor="lm",
                 width=CELL_W - 2 * INNER)
    else:
        sx = x + INNER
        for kind, present in zip(cell["track"], cell["cubes"]):
            d.rounded_rectangle((sx, ty, sx + SLOT, ty + SLOT), radius=8, fill=T.PANEL_2,
                                outline=T.PANEL_LINE if present else S.HIT, width=2)
            S.paste(img, S.resource(kind, 34, dim=not present), sx + 3, ty + 3)
            S.paste(img, S.cube(24) if present else S.empty_slot(22), sx + SLOT - 26, ty + SLOT - 26)
            sx += SLOT + 6
        if diverted:
            S.paste(img, S.diverted(TOKEN), sx + 6, ty + (SLOT - TOKEN) // 2)
        dy = ty + TRACK_H
        if diverted:  # the cost it was diverted with, in the token's gold
            w = pen.text((x + INNER, dy + 15), _("Diverted:"), bold=True, fill=S.DIVERTED, anchor="lm")
        else:
            w = pen.text((x + INNER, dy + 15), _("Divert:"), fill=T.TEXT_MUTED, anchor="lm")
        cx = x + INNER + w + 8
        for kind in cell["divert_cost"]:
            S.paste(img, S.resource(kind, 30), cx, dy)
            cx += 34
    py = ty + TRACK_H + DIVERT_H
    py = pen.lines(x + INNER, py, _power(cell, lang), CELL_W - 2 * INNER, fill=T.TEXT_MUTED)
    # pawns, then protection tokens (each with its owner's initial)
    tokens = [("pawn", s) for s in pawns] + [("shield", s) for s in cell.get("protection", ())]
    bx, by = x + INNER, y + h - INNER - _bottom_rows(len(pawns), len(cell.get("protection", ()))) * (TOKEN + 6) + 6
    for kind, seat in tokens:
        if bx + TOKEN > x + CELL_W - INNER:
            bx, by = x + INNER, by + TOKEN + 6
        colour = T.seat_color(seat)
        if kind == "pawn":
            active = seat == view["active"] and view["phase"] != "over"
            S.paste(img, S.pawn(TOKEN, colour, active), bx, by)
            pen.text((bx + TOKEN / 2, by + TOKEN / 2), marks[seat], 20, bold=True, fill=T.TEXT_DARK, anchor="mm")
        else:
            S.paste(img, S.shield(TOKEN, colour), bx, by)
            pen.text((bx + TOKEN / 2, by + TOKEN / 2 - 1), marks[seat], 20, bold=True, fill=T.TEXT_DARK, anchor="mm")
        bx += TOKEN + 6


def draw_header(pen: Pen, view: dict, lang: str, title: str) -> None:
    """The title bar: ``title`` on the left, the difficulty and the crew on the right."""
    d = pen.d
    d.rectangle((0, 0, WIDTH, HEADER), fill=T.PANEL)
    d.line((0, HEADER - 1, WIDTH, HEADER - 1), fill=T.PANEL_LINE, width=2)
    pen.within((0, 0, WIDTH, HEADER))
    cfg = view["config"]
    crew = _("solo") if view["solo"] else ngettext("{n} player", "{n} players", cfg["players"]).format(n=cfg["players"])
    sub = f"{difficulty_name(cfg['difficulty'], lang)} · {crew}"
    if cfg.get("no_peek"):
        sub += " · " + _("no peek")
    sub_w = pen.text((WIDTH - 20, HEADER // 2), sub, 22, fill=T.TEXT_MUTED, anchor="rm")
    pen.text((20, HEADER // 2), title, 30, bold=True, anchor="lm", width=WIDTH - 60 - sub_w)


def _status(view: dict, names: list[str], rooms: dict[str, str]) -> str:
    if view["phase"] == "over":
        return _("The game is over.")
    who = names[view["active"]]
    phase = view["phase"]
    if phase == "actions":
        what = _("{name} to play: actions ({n} left)").format(name=who, n=view["actions"])
    elif phase == "collect":
        what = _("{name} to play: collect resources").format(name=who)
    else:
        what = _("{name} to play: discard down to 6 cards").format(name=who)
    return what


def _draw_hand(img: Image.Image, pen: Pen, hand: list[str], x: float, y: float, width: float) -> None:
    if not hand:
        pen.text((x, y + 18), _("no cards"), fill=T.TEXT_MUTED, anchor="lm")
        return
    counts = Counter(hand)
    for kind in S.CARD_ORDER:
        n = counts.get(kind, 0)
        if not n:
            continue
        S.paste(img, S.resource(kind, 36), x, y)
        w = pen.text((x + 40, y + 18), f"×{n}", 22, bold=True, anchor="lm")
        x += 40 + w + 14


def _draw_crew(img: Image.Image, pen: Pen, view: dict, names: list[str], marks: list[str], rooms: dict[str, str],
               y: int) -> int:
    d = pen.d
    pen.within((0, y, WIDTH, y + 34))
    pen.text((PAD, y + 16), _("Crew"), 24, bold=True, anchor="lm")
    y += 38
    boxes: list[tuple[str, int | None]] = [("seat", s) for s in range(view["crew"])]
    if view["solo"]:
        boxes.append(("shared", None))
    for i, (kind, seat) in enumerate(boxes):
        bx = PAD + (i % 2) * (CREW_W + GAP)
        by = y + (i // 2) * (CREW_H + GAP)
        box = (bx, by, bx + CREW_W, by + CREW_H)
        if kind == "shared":
            T.panel(d, box, radius=12)
            pen.within(box)
            hand = view["hands"][0]
            pen.text((bx + 14, by + 26), ngettext("Shared hand ({n} card)", "Shared hand ({n} cards)", len(hand)).format(n=len(hand)), 22, bold=True,
                     anchor="lm", width=CREW_W - 28)
            _draw_hand(img, pen, hand, bx + 14, by + 78, CREW_W - 28)
            continue
        assert seat is not None
        active = seat == view["active"] and view["phase"] != "over"
        T.panel(d, box, radius=12, outline=(255, 255, 255) if active else T.PANEL_LINE, width=4 if active else 2)
        pen.within(box)
        S.paste(img, S.pawn(TOKEN, T.seat_color(seat), active), bx + 12, by + 8)
        pen.text((bx + 12 + TOKEN / 2, by + 8 + TOKEN / 2), marks[seat], 20, bold=True, fill=T.TEXT_DARK, anchor="mm")
        # the name in bold, or in regular type where a long one would not fit (the status line
        # above the ship says who is to play; here the white frame and ring do)
        room_for = CREW_W - 34 - TOKEN
        bold = T.text_width(names[seat], MIN_TEXT, True) <= room_for
        pen.text((bx + 20 + TOKEN, by + 28), names[seat], 22, bold=bold, anchor="lm", width=room_for)
        # where they stand, and their action tokens
        S.paste(img, S.token(38), bx + CREW_W - 14 - 38 - 40, by + 52)
        pen.text((bx + CREW_W - 14 - 40 - 19, by + 71), "+1", 20, bold=True, fill=T.TEXT_DARK, anchor="mm")
        pen.text((bx + CREW_W - 14, by + 71), f"×{view['tokens'][seat]}", 22, bold=True, anchor="rm")
        room = rooms.get(view["pawns"][seat], view["pawns"][seat])
        pen.text((bx + 14, by + 71), _("in {room}").format(room=room), fill=T.TEXT_MUTED, anchor="lm",
                 width=CREW_W - 28 - 30 - 50 - 10)
        if not view["solo"]:
            _draw_hand(img, pen, view["hands"][seat], bx + 14, by + 92, CREW_W - 28)
        else:
            pen.text((bx + 14, by + 110), _("hand shared by the crew"), fill=T.TEXT_MUTED, anchor="lm",
                     width=CREW_W - 28)
    rows = -(-len(boxes) // 2)
    return y + rows * (CREW_H + GAP)


def _breach_text(view: dict) -> str:
    if view["hull_breach"]:
        return _("Each turn, roll: 1-2 lose 1 card, 3-4 lose 2, 5-6 lose 3.")
    return _("Under the damage deck: when it runs out, each turn discards resource cards instead.")


def _piles_height(view: dict) -> int:
    """The piles' row: the cards and three lines under them, or the Hull Breach's text."""
    text = wrapped_height(_breach_text(view), PILE_W - 24) + (2 * LINE + 4 if view["hull_breach"] else 0)
    return max(PILE_H, 40 + 34 + text + 12)


def _pile_box(pen: Pen, i: int, y: int, title: str, height: int) -> tuple[int, int]:
    bx = PAD + i * (PILE_W + GAP)
    box = (bx, y, bx + PILE_W, y + height)
    T.panel(pen.d, box, radius=12)
    pen.within(box)
    pen.text((bx + PILE_W / 2, y + 20), title, 20, bold=True, anchor="mm", width=PILE_W - 16)
    return bx, y + 40


def _draw_piles(img: Image.Image, pen: Pen, view: dict, lang: str, y: int) -> int:
    hidden = _("hidden (no peek)")
    height = _piles_height(view)
    # the face-up offer, numbered as the actions name them (pick 1, pick 2)
    bx, cy = _pile_box(pen, 0, y, _("Face-up cards"), height)
    for k, kind in enumerate(view["offer"]):
        cx = bx + PILE_W / 2 + (k - (len(view["offer"]) - 1) / 2) * (CARD_W + 24) - CARD_W / 2
        S.paste(img, S.card(kind, CARD_W, CARD_H), cx, cy + 4)
        pen.text((cx + CARD_W / 2, cy + CARD_H + 22), str(k + 1), 22, bold=True, anchor="mm")
    if not view["offer"]:
        pen.text((bx + PILE_W / 2, cy + 50), _("no card"), fill=T.TEXT_MUTED, anchor="mm")
    # the resource deck
    bx, cy = _pile_box(pen, 1, y, _("Resource deck"), height)
    S.paste(img, S.card_back(CARD_W, CARD_H), bx + 16, cy + 4)
    count = view["resource_deck"]
    tx = bx + 16 + CARD_W + 12
    if count is None:
        pen.text((tx, cy + 46), "?", 40, bold=True, anchor="lm")
        pen.lines(bx + 12, cy + CARD_H + 16, hidden, PILE_W - 24, fill=T.TEXT_MUTED)
    else:
        pen.text((tx, cy + 46), str(count), 40, bold=True, anchor="lm")
        pen.text((bx + 12, cy + CARD_H + 22), _("cards left"), fill=T.TEXT_MUTED, anchor="lm", width=PILE_W - 24)
        discard = view.get("resource_discard")
        if discard is not None:
            pen.text((bx + 12, cy + CARD_H + 22 + LINE), _("discard: {n}").format(n=len(discard)),
                     fill=T.TEXT_MUTED, anchor="lm", width=PILE_W - 24)
    # the damage deck and its tiers
    bx, cy = _pile_box(pen, 2, y, _("Damage deck"), height)
    S.paste(img, S.card_back(CARD_W, CARD_H, damage=True), bx + 16, cy + 4)
    count = view["damage_deck"]
    pen.text((tx + PILE_W + GAP, cy + 46), "?" if count is None else str(count), 40, bold=True, anchor="lm")
    tiers = damage_left_by_tier(view)
    if tiers is None:
        pen.lines(bx + 12, cy + CARD_H + 16, hidden, PILE_W - 24, fill=T.TEXT_MUTED)
    else:
        ty = cy + CARD_H + 22
        for tier in (1, 2, 3):
            pen.text((bx + 12, ty), ngettext("Type {t}: {n} left", "Type {t}: {n} left", tiers[tier]).format(t=tier, n=tiers[tier]),
                     fill=T.TEXT if tiers[tier] else T.TEXT_MUTED, anchor="lm", width=PILE_W - 24)
            ty += LINE
    # the Hull Breach
    bx, cy = _pile_box(pen, 3, y, _("Hull Breach"), height)
    if view["hull_breach"]:
        pen.text((bx + PILE_W / 2, cy + 14), _("ACTIVE"), 24, bold=True, anchor="mm", fill=S.HIT)
        ty = cy + 34
        ty = pen.lines(bx + 12, ty, _breach_text(view), PILE_W - 24)
        last = [e for e in view.get("events", ()) if e.get("kind") == "hull_breach"]
        if last:
            e = last[-1]
            lost = e["cards"] if isinstance(e["cards"], int) else len(e["cards"])
            pen.lines(bx + 12, ty + 4, ngettext("Last roll {roll}: {n} card lost", "Last roll {roll}: {n} cards lost", lost).format(
                roll=e["roll"], n=lost), PILE_W - 24,
                      fill=T.GOLD)
    else:
        pen.text((bx + PILE_W / 2, cy + 14), _("not yet"), 24, bold=True, anchor="mm", fill=T.OK)
        pen.lines(bx + 12, cy + 34, _breach_text(view), PILE_W - 24, fill=T.TEXT_MUTED)
    return y + height + GAP


def _draw_footer(img: Image.Image, pen: Pen, view: dict, lang: str, y: int) -> int:
    """The supply of tokens, then the legend: each resource's symbol with its name."""
    d = pen.d
    box = (PAD, y, WIDTH - PAD, y + 96)
    T.panel(d, box, radius=12)
    pen.within(box)
    x = PAD + 14
    pen.text((x, y + 24), _("Supply:"), bold=True, anchor="lm")
    x += T.text_width(_("Supply:"), MIN_TEXT, True) + 12
    S.paste(img, S.token(38), x, y + 5)
    pen.text((x + 19, y + 24), "+1", 20, bold=True, fill=T.TEXT_DARK, anchor="mm")
    x += 44
    x += pen.text((x, y + 24), ngettext("{n} action token", "{n} action tokens", view["supply"]["action_tokens"]).format(
        n=view["supply"]["action_tokens"]), anchor="lm") + 22
    S.paste(img, S.shield(30, T.SILVER), x, y + 9)
    x += 36
    pen.text((x, y + 24), ngettext("{n} protection token", "{n} protection tokens",
                      view["supply"]["protection_tokens"]).format(n=view["supply"]["protection_tokens"]), anchor="lm",
             width=WIDTH - PAD - 14 - x)
    x = PAD + 14
    ly = y + 52
    for kind in S.CARD_ORDER:
        S.paste(img, S.resource(kind, 30), x, ly)
        x += 36 + pen.text((x + 36, ly + 15), card_name(kind, lang), anchor="lm") + 22
    return y + 96 + PAD


def render_ship(view: dict, names: Sequence[str] | None = None, lang: str = "en", *,
                trace: list | None = None) -> Image.Image:
    """The ship image of a Solar Storm public view, every word in ``lang`` ("en" or "fr": the
    data's room names, powers and resource names, and the catalogue's words). ``trace``: a list
    that receives a TextBox per text drawn."""
    with use(lang):
        return _render_ship(view, names, lang, trace)


def _render_ship(view: dict, names: Sequence[str] | None, lang: str, trace: list | None) -> Image.Image:
    rooms = room_names(view, lang)
    crew = crew_names(view, names)
    marks = initials(crew, view["solo"], bool(names))
    pawns_in: dict[str, list[int]] = {}
    for seat, room in enumerate(view["pawns"]):
        pawns_in.setdefault(room, []).append(seat)
    cells = sorted(view["ship"], key=lambda c: c["cell"])
    row_h = [max(_cell_height(c, lang, len(pawns_in.get(c["room"], ()))) for c in cells[r * 3:r * 3 + 3])
             for r in range(3)]
    status_h = 44
    grid_h = sum(row_h) + 2 * GAP
    crew_rows = -(-(view["crew"] + (1 if view["solo"] else 0)) // 2)
    height = HEADER + status_h + grid_h + PAD + 38 + crew_rows * (CREW_H + GAP) + _piles_height(view) + GAP + 96 + PAD + PAD
    img = T.new_canvas(WIDTH, height)
    pen = Pen(img, trace)
    draw_header(pen, view, lang, _("Solar Storm · turn {turn} · round {round}").format(
        turn=view["turn"], round=view["round"]))
    # the status line: who plays, and what the last damage card hit
    y = HEADER
    pen.within((0, y, WIDTH, y + status_h))
    hit = last_damage(view)
    status = _status(view, crew, rooms)
    room_w = WIDTH - 2 * PAD
    if hit:  # beside the status where both fit; the rooms hit carry a warning mark anyway
        hit_text = _("Last damage: {rooms}").format(rooms=", ".join(rooms.get(r, r) for r in hit))
        hw = T.text_width(hit_text, MIN_TEXT)
        if hw + T.text_width(status, MIN_TEXT, True) + 3 * PAD + 36 <= WIDTH:
            S.paste(img, S.warning(26), WIDTH - PAD - hw - 32, y + 9)
            pen.text((WIDTH - PAD, y + status_h // 2), hit_text, fill=S.HIT, anchor="rm")
            room_w -= hw + PAD + 36
    pen.text((PAD, y + status_h // 2), status, bold=True, anchor="lm", width=room_w)
    y += status_h
    for r in range(3):
        for c in range(3):
            cell = cells[r * 3 + c]
            _draw_room(img, pen, cell, PAD + c * (CELL_W + GAP), y, row_h[r], lang=lang, view=view,
                       pawns=pawns_in.get(cell["room"], []), marks=marks, hit=cell["room"] in hit)
        y += row_h[r] + GAP
    y += PAD - GAP
    y = _draw_crew(img, pen, view, crew, marks, rooms, y)
    y = _draw_piles(img, pen, view, lang, y)
    _draw_footer(img, pen, view, lang, y)
    return img
