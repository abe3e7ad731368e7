"""The corporation board: five tracks with every space's benefits, the trackers, techs,
collected pieces and supplies, and (for its owner only) civ cards and private objectives.

Everything private comes from the view: a public view (or another seat's view) carries no
end-game civ cards and no private objectives, only how many there are, so the public image
shows those counts and nothing else.
"""
from __future__ import annotations

from typing import Sequence

from PIL import Image, ImageDraw

from engine import data as D

from . import icons
from . import theme as T
from .viewinfo import snapshot_note, tech_on

WIDTH = 1000
HEADER = 64
LABEL_W = 168
ROW_H = 96
PAD = 16

TECH_TEXT = {
    "ignore_adjacency": "Tiles need not touch",
    "store_biomass_patches": "Store biomass patches",
    "rover_move_plus_n": "+1 on every rover move",
    "double_water_from_tile_placement": "Water on ice: 2 steps",
    "meteor_immunity": "No new meteorites",
}


def _medals_at(track: D.Track) -> list[int | None]:
    """The medal printed on each space (None where there is none)."""
    out: list[int | None] = []
    for p in track.raw["positions"]:
        m = [b["medal"] for b in p["benefits"] if isinstance(b, dict) and "medal" in b]
        out.append(m[-1] if m else None)
    return out


def _benefit_icons(benefits, size: int) -> list[Image.Image]:
    out = []
    for b in benefits:
        kind = b[0]
        if kind == "synergy":
            out.append(icons.synergy(size))
        elif kind == "civ":
            out.append(icons.civ_card(b[1], size))
        elif kind == "biomass":
            out.append(icons.patch(size))
        elif kind == "rover":
            out.append(icons.new_rover(size))
        elif kind == "tech":
            out.append(icons.tech_chip(b[1], size))
        elif kind == "move":
            out.append(icons.move(b[1], int(size * 0.8)))
        elif kind == "advance":
            out.append(icons.resource(b[1], size) if b[1] in T.TERRAIN_COLOR else icons.pill("+1", size))
        elif kind == "choose":
            out.append(icons.pill("or", size))
        else:
            out.append(icons.pill("?", size))
    return out


def layout(view: dict, seat: int) -> dict:
    """Pixel boxes of the image's sections (the tests use ``cards`` to compare the private panel)."""
    tracks_top = HEADER + 12
    tech_top = tracks_top + 5 * ROW_H + 8
    pieces_top = tech_top + 116
    cards_top = pieces_top + 78
    cards_h = _cards_height(view, seat)
    return {"tracks": (0, tracks_top, WIDTH, tech_top), "techs": (0, tech_top, WIDTH, pieces_top),
            "pieces": (0, pieces_top, WIDTH, cards_top), "cards": (0, cards_top, WIDTH, cards_top + cards_h),
            "height": cards_top + cards_h + PAD}


def _private(view: dict, seat: int) -> bool:
    return view.get("viewer") == seat


def _card_lines(view: dict, seat: int) -> tuple[list[tuple], list[tuple]]:
    """(civ card rows, objective rows) to print: ("card", id) / ("text", str, muted) ..."""
    corp = view["seats"][seat]["corp"]
    civ: list[tuple] = [("card", c) for c in corp["civ_cards"]]
    if corp.get("hidden_civ_cards"):
        n = corp["hidden_civ_cards"]
        civ.append(("hidden", f"{n} end-game card{'s' if n != 1 else ''} (hidden)"))
    if not civ:
        civ.append(("text", "none yet"))
    obj: list[tuple] = [("objective", o) for o in corp["objectives"]]
    if corp.get("objective_offer"):
        obj.append(("text", "dealt: drop one (drop CARD), keep the rest"))
        obj += [("objective", o) for o in corp["objective_offer"]]
    if corp.get("hidden_objectives"):
        n = corp["hidden_objectives"]
        obj.append(("hidden", f"{n} private objective{'s' if n != 1 else ''} (hidden)"))
    if not obj:
        obj.append(("text", "none" if not view["config"].get("private_objectives") else "none yet"))
    return civ, obj


def _row_height(entry: tuple) -> int:
    return 54 if entry[0] in ("card", "objective") else 34


def _cards_height(view: dict, seat: int) -> int:
    civ, obj = _card_lines(view, seat)
    return 50 + max(sum(_row_height(e) for e in civ), sum(_row_height(e) for e in obj)) + 10


def render_corporation(view: dict, seat: int, names: Sequence[str] | None = None) -> Image.Image:
    """The corporation board of ``seat``; civ cards and objectives in full only when the view
    is that seat's own (``view_for(state, seat)``)."""
    s = view["seats"][seat]
    corp = s["corp"]
    cdef = D.corporation(corp["corp"])
    box = layout(view, seat)
    img = T.new_canvas(WIDTH, box["height"])
    d = ImageDraw.Draw(img)
    sub = cdef.name + (" · private view" if _private(view, seat) else "")
    note = snapshot_note(view, seat)
    if note:
        sub += f" · {note}"
    T.header(img, T.player_name(names, seat), sub, height=HEADER, accent=T.seat_color(seat))

    # ------------------------------------------------------------------ tracks
    y0 = box["tracks"][1]
    n_spaces = max(len(tr.benefits) for tr in cdef.tracks.values())
    sw = (WIDTH - PAD - LABEL_W - PAD) / n_spaces
    for k, t in enumerate(T.TRACK_ORDER):
        if t not in cdef.tracks:
            continue
        tr = cdef.tracks[t]
        pos = corp["trackers"][t]
        y = y0 + k * ROW_H
        col = T.TERRAIN_COLOR[t]
        d.rounded_rectangle((PAD - 4, y + 2, WIDTH - PAD + 4, y + ROW_H - 4), radius=12, fill=T.PANEL)
        # label
        icons.paste(img, icons.resource(t, 40), (PAD + 24, y + 28))
        T.draw_text(d, (PAD + 50, y + 30), T.TERRAIN_NAME[t], 23, bold=True, anchor="lm")
        T.draw_text(d, (PAD + 12, y + 66), f"{pos}/{tr.top}", 22, fill=T.TEXT_MUTED, anchor="lm")
        score = tr.medal_at[pos]
        icons.paste(img, icons.medal(score, 36, "gold" if score else "dim"), (PAD + LABEL_W - 34, y + 64))
        medals = _medals_at(tr)
        for p in range(len(tr.benefits)):
            x = PAD + LABEL_W + p * sw
            bx = (int(x) + 2, y + 8, int(x + sw) - 2, y + ROW_H - 12)
            passed = p < pos
            here = p == pos
            if here:
                fill = col
            elif passed:
                fill = tuple(int(c * 0.45 + b * 0.55) for c, b in zip(col, T.PANEL_2))
            else:
                fill = T.PANEL_2
            d.rounded_rectangle(bx, radius=7, fill=fill)
            num_color = T.TEXT_DARK if here else T.TEXT_MUTED
            T.draw_text(d, (bx[0] + 5, bx[1] + 3), str(p), 13, fill=num_color)
            items = _benefit_icons(tr.benefits[p], 30)
            if medals[p] is not None:
                items.append(icons.medal(medals[p], 30, "plain"))
            cx = (bx[0] + bx[2]) / 2
            if len(items) == 1:
                icons.paste(img, items[0], (cx, (bx[1] + bx[3]) / 2 + 7))
            elif len(items) >= 2:
                icons.paste(img, items[0], (cx, bx[1] + 34))
                icons.paste(img, items[1], (cx, bx[3] - 17))
            if here:
                d.rounded_rectangle((bx[0] - 3, bx[1] - 3, bx[2] + 3, bx[3] + 3), radius=9, outline=(255, 255, 255),
                                    width=4)
                d.polygon([(cx - 9, bx[3] + 1), (cx + 9, bx[3] + 1), (cx, bx[3] + 10)], fill=(255, 255, 255))

    # ------------------------------------------------------------------ techs
    ty = box["techs"][1]
    T.draw_text(d, (PAD, ty + 4), "Techs", 22, bold=True)
    T.draw_text(d, (PAD + 76, ty + 6), "on while the tech tracker is at or past the chip", 17, fill=T.TEXT_MUTED)
    n_tech = max(1, len(cdef.techs))
    tw = (WIDTH - 2 * PAD - (n_tech - 1) * 10) / n_tech
    for i, tech in enumerate(cdef.techs):
        on = tech_on(corp, tech.level)
        x = PAD + i * (tw + 10)
        bx = (int(x), ty + 36, int(x + tw), ty + 106)
        d.rounded_rectangle(bx, radius=10, fill=(52, 70, 62) if on else T.PANEL,
                            outline=T.OK if on else T.PANEL_LINE, width=3 if on else 2)
        icons.paste(img, icons.tech_chip(tech.level, 40, on), (bx[0] + 28, bx[1] + 35))
        text = TECH_TEXT.get(tech.code, tech.code.replace("_", " "))
        lines = T.wrap(text, 18, int(tw) - 64)
        for k, line in enumerate(lines[:2]):
            T.draw_text(d, (bx[0] + 54, bx[1] + (35 if len(lines) == 1 else 22 + k * 24)), line, 18,
                        fill=T.TEXT if on else T.TEXT_MUTED, anchor="lm", bold=on)

    # ------------------------------------------------------------------ pieces
    py = box["pieces"][1]
    d.rounded_rectangle((PAD - 4, py + 4, WIDTH - PAD + 4, py + 70), radius=12, fill=T.PANEL)
    board = s["board"]
    on_planet = sum(1 for r in board["rovers"] if r is not None)
    sets = corp["meteorites"] // 3
    items = [
        (icons.lifepod(44), corp["lifepods"], "lifepods", "collected"),
        (icons.meteorite(44), corp["meteorites"], "meteorites", f"{sets} full set{'s' if sets != 1 else ''} of 3"),
        (icons.patch(40), corp["stored_patches"], "biomass", "patches stored"),
        (icons.rover_token(None, 40), corp["rover_supply"], "rovers left", f"{on_planet} on the planet"),
    ]
    cw = (WIDTH - 2 * PAD) / len(items)
    for i, (ic, num, label, label2) in enumerate(items):
        x = PAD + i * cw + 8
        icons.paste(img, ic, (x + 24, py + 37))
        T.draw_text(d, (x + 54, py + 37), str(num), 32, bold=True, anchor="lm")
        lx = x + 54 + T.text_width(str(num), 32, True) + 10
        T.draw_text(d, (lx, py + 26), T.fit_text(label, 18, int(x + cw - lx - 6)), 18, anchor="lm")
        T.draw_text(d, (lx, py + 49), T.fit_text(label2, 16, int(x + cw - lx - 6)), 16, fill=T.TEXT_MUTED,
                    anchor="lm")

    # ------------------------------------------------------------------ cards (private panel)
    cy = box["cards"][1]
    half = (WIDTH - 2 * PAD - 12) / 2
    civ, obj = _card_lines(view, seat)
    for col, (title, entries) in enumerate((("Civ cards", civ), ("Private objectives", obj))):
        x0 = PAD + col * (half + 12)
        d.rounded_rectangle((x0 - 4, cy + 4, x0 + half + 4, box["cards"][3]), radius=12, fill=T.PANEL)
        T.draw_text(d, (x0 + 10, cy + 26), title, 22, bold=True, anchor="lm")
        y = cy + 50
        for e in entries:
            h = _row_height(e)
            if e[0] == "card":
                card = D.civ_card(e[1])
                icons.paste(img, icons.civ_card(card.rank, 40), (x0 + 28, y + h / 2 - 2))
                tag = "end game" if card.timing == "end_game" else "played"
                T.draw_text(d, (x0 + 56, y + 14), T.fit_text(card.name, 19, int(half) - 70, True), 19, bold=True,
                            anchor="lm")
                T.draw_text(d, (x0 + 56, y + 38), T.fit_text(f"{tag} · {card.description}", 16, int(half) - 70), 16,
                            fill=T.TEXT_MUTED, anchor="lm")
            elif e[0] == "objective":
                card = D.objective_card(e[1])
                d.rounded_rectangle((x0 + 10, y + 6, x0 + 46, y + 44), radius=6, fill=T.GOLD)
                T.draw_text(d, (x0 + 28, y + 25), "5", 22, fill=T.TEXT_DARK, bold=True, anchor="mm")
                T.draw_text(d, (x0 + 56, y + 14), T.fit_text(card.private_name, 19, int(half) - 70, True), 19,
                            bold=True, anchor="lm")
                T.draw_text(d, (x0 + 56, y + 38), T.fit_text(card.private_text, 16, int(half) - 70), 16,
                            fill=T.TEXT_MUTED, anchor="lm")
            elif e[0] == "hidden":
                _lock(d, x0 + 28, y + h / 2)
                T.draw_text(d, (x0 + 56, y + h / 2), e[1], 19, fill=T.TEXT_MUTED, anchor="lm")
            else:
                T.draw_text(d, (x0 + 14, y + h / 2), e[1], 19, fill=T.TEXT_MUTED, anchor="lm")
            y += h
    return img


def _lock(d: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
    d.arc((cx - 8, cy - 16, cx + 8, cy + 2), 180, 360, fill=T.TEXT_MUTED, width=3)
    d.rounded_rectangle((cx - 12, cy - 6, cx + 12, cy + 12), radius=3, fill=T.TEXT_MUTED)
    d.ellipse((cx - 3, cy, cx + 3, cy + 6), fill=T.PANEL)
