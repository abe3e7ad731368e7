"""The corporation board: five tracks with every space's benefits, the trackers, techs,
collected pieces and supplies, and (for its owner only) civ cards and private objectives.

Everything private comes from the view: a public view (or another seat's view) carries no
end-game civ cards and no private objectives, only how many there are, so the public image
shows those counts and nothing else.
"""
from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine import corporations
from engine import data as D
from engine.corporations.makeshift import columns
from engine.corporations.oasis import oasis_path
from i18n import N_, _, ngettext

from . import icons
from . import theme as T
from .viewinfo import snapshot_note, tech_on

WIDTH = 1000
HEADER = 64
LABEL_W = 168
ROW_H = 96
PAD = 16

FLUX_UPGRADE = {"civ": N_("Flux civ: cards one rank up"), "water": N_("Flux water: synergies x2"),
                "biomass": N_("Flux biomass: patches x2"), "rover": N_("Flux rover: +1 movement"),
                "tech": N_("Flux tech: no upgrade")}
TECH_H = 70  # height of a tech box when its text fits two lines at 18 px


def tech_text(corp_id: str, tech: D.Tech, special: dict) -> str:
    if corp_id == "flux_industries" and tech.level == 3 and special.get("flux"):
        return _(FLUX_UPGRADE[special["flux"]])
    return _(tech.label) if tech.label else tech.code.replace("_", " ")  # corporations.json "label"


def _tech_layout(cdef: D.Corporation, special: dict) -> tuple[int, int, int]:
    """(boxes per row, box height, font size) of the tech boxes: one row with two lines of
    18 px when every text fits, else one row with three lines of 16 px, else two rows."""
    n = max(1, len(cdef.techs))
    texts = [tech_text(cdef.id, t, special) for t in cdef.techs]

    def fits(per_row: int, size: int, lines: int) -> bool:
        return all(len(T.wrap(x, size, _text_width(per_row), True, cut=False)) <= lines for x in texts)

    if fits(n, 18, 2):
        return n, TECH_H, 18
    if fits(n, 16, 3):
        return n, TECH_H + 22, 16
    half = (n + 1) // 2
    if fits(half, 17, 2):
        return half, TECH_H - 6, 17
    return half, TECH_H + 22, 16  # three lines each: a box tall enough for them


def _box_width(per_row: int) -> float:
    return (WIDTH - 2 * PAD - (per_row - 1) * 10) / per_row


def _text_width(per_row: int) -> int:
    return int(_box_width(per_row)) - 64


def _techs_height(cdef: D.Corporation, special: dict) -> int:
    per_row, box_h, _ = _tech_layout(cdef, special)
    rows = -(-max(1, len(cdef.techs)) // per_row)
    return rows * box_h + (rows - 1) * 8


def _medals_at(track: D.Track) -> list[int | None]:
    """The medal printed on each space (None where there is none)."""
    out: list[int | None] = []
    for p in track.raw["positions"]:
        m = [b["medal"] for b in p["benefits"] if isinstance(b, dict) and "medal" in b]
        out.append(m[-1] if m else None)
    return out


def _benefit_icon(b, size: int) -> Image.Image:
    kind = b[0]
    if kind == "synergy":
        return icons.synergy(size)
    if kind == "civ":
        return icons.civ_card(b[1], size)
    if kind == "biomass":
        return icons.patch(size)
    if kind == "rover":
        return icons.new_rover(size)
    if kind == "tech":
        return icons.tech_chip(b[1], size)
    if kind == "move":
        return icons.move(b[1], int(size * 0.8))
    if kind == "advance":  # a free step of that tracker
        return icons.resource(b[1], size) if b[1] in T.TERRAIN_COLOR else icons.pill("+1", size)
    return icons.pill("?", size)


def _benefit_icons(benefits, size: int) -> list[Image.Image]:
    out = []
    for b in benefits:
        if b[0] == "choose":  # one group or the other (Wormhole)
            for k, group in enumerate(b[1]):
                if k:
                    out.append(icons.pill(_("or"), int(size * 0.8)))
                out += [_benefit_icon(x, size) for x in group]
        else:
            out.append(_benefit_icon(b, size))
    return out


def layout(view: dict, seat: int) -> dict:
    """Pixel boxes of the image's sections (the tests use ``cards`` to compare the private panel)."""
    corp = view["seats"][seat]["corp"]
    tech_h = _techs_height(D.corporation(corp["corp"]), corp.get("special", {}))
    tracks_top = HEADER + 12
    tech_top = tracks_top + 5 * ROW_H + 8
    pieces_top = tech_top + 46 + tech_h
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
        civ.append(("hidden", ngettext("{n} end-game card (hidden)", "{n} end-game cards (hidden)", n).format(n=n)))
    if not civ:
        civ.append(("text", _("none yet")))
    obj: list[tuple] = [("objective", o) for o in corp["objectives"]]
    if corp.get("objective_offer"):
        obj.append(("text", _("dealt: drop one (drop CARD), keep the rest")))
        obj += [("objective", o) for o in corp["objective_offer"]]
    if corp.get("hidden_objectives"):
        n = corp["hidden_objectives"]
        obj.append(("hidden", ngettext("{n} private objective (hidden)", "{n} private objectives (hidden)", n)
                    .format(n=n)))
    if not obj:
        obj.append(("text", _("none") if not view["config"].get("private_objectives") else _("none yet")))
    return civ, obj


CARD_COLUMN = int((WIDTH - 2 * PAD - 12) / 2)
CARD_TEXT = CARD_COLUMN - 70  # the width of a card's name and text, right of its icon
CARD_NAME_SIZE, CARD_TEXT_SIZE, CARD_LINE = 19, 16, 20


def _card_words(entry: tuple) -> tuple[list[str], list[str]]:
    """A card row's name and text, wrapped to the column in full (nothing is cut: the card's
    effect is what a player decides from)."""
    if entry[0] == "card":
        card = D.civ_card(entry[1])
        tag = _("end game") if card.timing == "end_game" else _("played")
        name, text = _(card.name), f"{tag} · {_(card.description)}"
    else:
        objective = D.objective_card(entry[1])
        name, text = _(objective.private_name), _(objective.private_text)
    return (T.wrap(name, CARD_NAME_SIZE, CARD_TEXT, True, cut=False),
            T.wrap(text, CARD_TEXT_SIZE, CARD_TEXT, cut=False))


def _row_height(entry: tuple) -> int:
    if entry[0] not in ("card", "objective"):
        return 34
    name, text = _card_words(entry)
    return max(54, 12 + 24 * len(name) + CARD_LINE * len(text))


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
    sub = _(cdef.name) + (" · " + _("private view") if _private(view, seat) else "")
    note = snapshot_note(view, seat)
    if note:
        sub += f" · {note}"
    T.header(img, T.player_name(names, seat), sub, height=HEADER, accent=T.seat_color(seat))
    _draw_tracks(img, d, corp, cdef, box["tracks"][1])
    _draw_techs(img, d, view, corp, cdef, box["techs"][1])
    _draw_pieces(img, d, s, corp, cdef, box["pieces"][1])
    # ------------------------------------------------------------------ cards (private panel)
    cy = box["cards"][1]
    half = CARD_COLUMN
    civ, obj = _card_lines(view, seat)
    for col, (title, entries) in enumerate(((_("Civ cards"), civ), (_("Private objectives"), obj))):
        x0 = PAD + col * (half + 12)
        d.rounded_rectangle((x0 - 4, cy + 4, x0 + half + 4, box["cards"][3]), radius=12, fill=T.PANEL)
        T.draw_text(d, (x0 + 10, cy + 26), title, 22, bold=True, anchor="lm")
        y = cy + 50
        for e in entries:
            h = _row_height(e)
            if e[0] in ("card", "objective"):
                if e[0] == "card":
                    icons.paste(img, icons.civ_card(D.civ_card(e[1]).rank, 40), (x0 + 28, y + 25))
                else:
                    d.rounded_rectangle((x0 + 10, y + 6, x0 + 46, y + 44), radius=6, fill=T.GOLD)
                    T.draw_text(d, (x0 + 28, y + 25), "5", 22, fill=T.TEXT_DARK, bold=True, anchor="mm")
                name, text = _card_words(e)
                ty = y + 14
                for line in name:
                    T.draw_text(d, (x0 + 56, ty), line, CARD_NAME_SIZE, bold=True, anchor="lm")
                    ty += 24
                for line in text:
                    T.draw_text(d, (x0 + 56, ty), line, CARD_TEXT_SIZE, fill=T.TEXT_MUTED, anchor="lm")
                    ty += CARD_LINE
            elif e[0] == "hidden":
                _lock(d, x0 + 28, y + h / 2)
                T.draw_text(d, (x0 + 56, y + h / 2), e[1], 19, fill=T.TEXT_MUTED, anchor="lm")
            else:
                T.draw_text(d, (x0 + 14, y + h / 2), e[1], 19, fill=T.TEXT_MUTED, anchor="lm")
            y += h
    return img


def _tokens(corp: dict, cdef: D.Corporation) -> dict[str, list[tuple[int, str]]]:
    """Which trackers stand on each track row: track -> [(position, tracker colour)]. On
    Makeshift a tracker stands in whatever column it moved to."""
    cols = columns(corp.get("special", {})) if cdef.id == "makeshift" else {t: t for t in D.TRACKS}
    out: dict[str, list[tuple[int, str]]] = {t: [] for t in D.TRACKS}
    for t in D.TRACKS:
        out[cols[t]].append((corp["trackers"][t], t))
    return out


def _draw_tracks(img: Image.Image, d: ImageDraw.ImageDraw, corp: dict, cdef: D.Corporation, y0: int) -> None:
    special = corp.get("special", {})
    tokens = _tokens(corp, cdef)
    medals_now = corporations.track_medals(cdef.id, corp["trackers"], special)
    pods = {(t, p) for t, p in special.get("pods", [])}
    oasis = cdef.id == "oasis_ultd"
    path = oasis_path() if oasis else ()
    water_cell = path[corp["trackers"]["water"]] if oasis else None
    makeshift = cdef.id == "makeshift"
    for k, t in enumerate(T.TRACK_ORDER):
        if t not in cdef.tracks:
            continue
        tr = cdef.tracks[t]
        n = len(tr.benefits)
        sw = (WIDTH - PAD - LABEL_W - PAD) / n
        pos = corp["trackers"][t]
        y = y0 + k * ROW_H
        col = T.TERRAIN_COLOR[t]
        d.rounded_rectangle((PAD - 4, y + 2, WIDTH - PAD + 4, y + ROW_H - 4), radius=12, fill=T.PANEL)
        # label: name, where the tracker of this colour is, the medal it scores
        icons.paste(img, icons.resource(t, 40), (PAD + 24, y + 28))
        name, name_size = T.fit_shrink(T.terrain_name(t), 23, LABEL_W - 50 - 4, True)
        T.draw_text(d, (PAD + 50, y + 30), name, name_size, bold=True, anchor="lm")
        where, size = f"{pos}/{tr.top}", 22
        if makeshift and columns(special)[t] != t:  # the cube stands in another column
            where, size = f"{T.terrain_name(columns(special)[t])} {pos}", 17
        T.draw_text(d, (PAD + 12, y + 66), T.fit_text(where, size, 98), size, fill=T.TEXT_MUTED, anchor="lm")
        if special.get("flux") == t:
            icons.paste(img, icons.pill(_("flux"), 26), (PAD + LABEL_W - 78, y + 66))
        score = medals_now.get(t, 0)
        icons.paste(img, icons.medal(score, 36, "gold" if score else "dim"), (PAD + LABEL_W - 34, y + 64))
        medals = _medals_at(tr)
        here = {p: who for p, who in tokens[t]}
        own = pos if not makeshift else None  # passed spaces are shaded on boards read bottom-up
        for p in range(n):
            x = PAD + LABEL_W + p * sw
            bx = (int(x) + 2, y + 8, int(x + sw) - 2, y + ROW_H - 12)
            who = here.get(p)
            covered = (t, p) in pods
            if who is not None:
                fill: tuple[int, ...] = T.TERRAIN_COLOR[who]
            elif covered:
                fill = (26, 30, 50)
            elif own is not None and p < own:
                fill = tuple(int(c * 0.45 + b * 0.55) for c, b in zip(col, T.PANEL_2))
            else:
                fill = T.PANEL_2
            d.rounded_rectangle(bx, radius=7, fill=fill)
            cx = (bx[0] + bx[2]) / 2
            if oasis and t == "water" and path[p][0] != "water":  # a path step on another column
                d.rectangle((bx[0] + 3, bx[1], bx[2] - 3, bx[1] + 5), fill=T.TERRAIN_COLOR[path[p][0]])
            T.draw_text(d, (bx[0] + 5, bx[1] + 3), str(p), 13 if sw > 30 else 11,
                        fill=T.TEXT_DARK if who is not None else T.TEXT_MUTED)
            if covered:
                icons.paste(img, icons.lifepod(36), (cx, (bx[1] + bx[3]) / 2 + 6))
            else:
                _draw_space(img, tr.benefits[p], medals[p], bx, sw)
            if oasis and t != "water" and (t, p) in path:  # this space is also a water path step
                icons.paste(img, icons.glyph("water", 16), (bx[2] - 9, bx[3] - 9))
                if water_cell == (t, p):  # the water cube stands here: it blocks this space
                    d.rounded_rectangle((bx[0] - 1, bx[1] - 1, bx[2] + 1, bx[3] + 1), radius=8,
                                        outline=T.TERRAIN_COLOR["water"], width=4)
            if who is not None:
                if who != t:  # Makeshift: a cube of another colour
                    icons.paste(img, icons.resource(who, 20), (bx[2] - 11, bx[1] + 11))
                d.rounded_rectangle((bx[0] - 3, bx[1] - 3, bx[2] + 3, bx[3] + 3), radius=9, outline=(255, 255, 255),
                                    width=4)
                d.polygon([(cx - 9, bx[3] + 1), (cx + 9, bx[3] + 1), (cx, bx[3] + 10)], fill=(255, 255, 255))


def _draw_space(img: Image.Image, benefits, medal: int | None, bx: tuple, sw: float) -> None:
    """The benefits and medal printed on one track space."""
    cx = (bx[0] + bx[2]) / 2
    wide = any(b[0] == "choose" for b in benefits)
    items = _benefit_icons(benefits, 30)
    if wide:  # a row of choices, the medal under it
        total = sum(i.width for i in items) + 4 * (len(items) - 1)
        x = cx - total / 2
        for ic in items:
            icons.paste(img, ic, (x + ic.width / 2, bx[1] + 30))
            x += ic.width + 4
        if medal is not None:
            icons.paste(img, icons.medal(medal, 28, "plain"), (cx, bx[3] - 16))
        return
    if medal is not None:
        items.append(icons.medal(medal, 30, "plain"))
    if len(items) == 1:
        icons.paste(img, items[0], (cx, (bx[1] + bx[3]) / 2 + 7))
    elif len(items) == 2:
        icons.paste(img, items[0], (cx, bx[1] + 34))
        icons.paste(img, items[1], (cx, bx[3] - 17))
    elif len(items) >= 3:  # two small icons side by side, the third under them
        small = _benefit_icons(benefits, 20)[:2]
        half = (bx[2] - bx[0]) / 4
        icons.paste(img, small[0], (cx - half + 1, bx[1] + 30))
        icons.paste(img, small[1], (cx + half - 1, bx[1] + 30))
        icons.paste(img, items[2], (cx, bx[3] - 17))


def _draw_techs(img: Image.Image, d: ImageDraw.ImageDraw, view: dict, corp: dict, cdef: D.Corporation,
                ty: int) -> None:
    special = corp.get("special", {})
    per_row, tech_h, fs = _tech_layout(cdef, special)
    techs_word = _("Techs")
    T.draw_text(d, (PAD, ty + 4), techs_word, 22, bold=True)
    note_x = PAD + max(76, T.text_width(techs_word, 22, True) + 7)
    T.draw_text(d, (note_x, ty + 6), T.fit_text(_(cdef.tech_note), 17, WIDTH - note_x - 16), 17,
                fill=T.TEXT_MUTED)
    tw = _box_width(per_row)
    for i, tech in enumerate(cdef.techs):
        on = tech_on(corp, tech.level)
        x = PAD + (i % per_row) * (tw + 10)
        top = ty + 36 + (i // per_row) * (tech_h + 8)
        bx = (int(x), top, int(x + tw), top + tech_h)
        mid = (bx[1] + bx[3]) / 2
        d.rounded_rectangle(bx, radius=10, fill=(52, 70, 62) if on else T.PANEL,
                            outline=T.OK if on else T.PANEL_LINE, width=3 if on else 2)
        icons.paste(img, icons.tech_chip(tech.level, 40, on), (bx[0] + 28, mid))
        if tech.level in special.get("slots", []):  # Jump Drive: the lifepod that turned it on
            icons.paste(img, icons.lifepod(24), (bx[0] + 40, mid + 18))
        if _used(view, special, tech):  # a once-per-round or once-per-game tech already used
            icons.paste(img, icons.pill(_("used"), 22), (bx[0] + 28, mid + 19))
        lines = T.at_most(T.wrap(tech_text(cdef.id, tech, special), fs, _text_width(per_row), on), 3)
        step = fs + 6
        first = mid - (len(lines) - 1) * step / 2 - (1 if len(lines) == 2 else 0)
        for k, line in enumerate(lines):
            T.draw_text(d, (bx[0] + 54, first + k * step), line, fs, fill=T.TEXT if on else T.TEXT_MUTED, anchor="lm",
                        bold=on)


def _used(view: dict, special: dict, tech: D.Tech) -> bool:
    key = f"t{tech.level}"
    if tech.timing == "once_per_game":
        return key in special.get("spent", [])
    return tech.timing == "once_per_round" and special.get("used", {}).get(key) == view.get("round")


def _draw_pieces(img: Image.Image, d: ImageDraw.ImageDraw, s: dict, corp: dict, cdef: D.Corporation,
                 py: int) -> None:
    special = corp.get("special", {})
    d.rounded_rectangle((PAD - 4, py + 4, WIDTH - PAD + 4, py + 70), radius=12, fill=T.PANEL)
    board = s["board"]
    on_planet = sum(1 for r in board["rovers"] if r is not None)
    sets = corp["meteorites"] // 3
    pod_note = _("collected")
    if cdef.id == "cosmos_inc":
        pod_note = _("+{n} on tracks").format(n=len(special.get("pods", [])))
    elif cdef.id == "jump_drive":
        pod_note = _("+{n} on techs").format(n=len(special.get("slots", [])))
    met_note = ngettext("{n} full set of 3", "{n} full sets of 3", sets).format(n=sets)
    if cdef.id == "horizon_group":
        met_note = _("+{n} carried, not yet scored").format(n=len(special.get("carry", [])))
    items = [
        (icons.lifepod(44), corp["lifepods"], _("lifepods"), pod_note),
        (icons.meteorite(44), corp["meteorites"], _("meteorites"), met_note),
        (icons.patch(40), corp["stored_patches"], _("biomass"), _("patches stored")),
        (icons.rover_token(None, 40), corp["rover_supply"], _("rovers left"),
         _("{n} on the planet").format(n=on_planet)),
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

def _lock(d: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
    d.arc((cx - 8, cy - 16, cx + 8, cy + 2), 180, 360, fill=T.TEXT_MUTED, width=3)
    d.rounded_rectangle((cx - 12, cy - 6, cx + 12, cy + 12), radius=3, fill=T.TEXT_MUTED)
    d.ellipse((cx - 3, cy, cx + 3, cy + 6), fill=T.PANEL)


OFFER_WIDTH = 760


def render_civ_offer(cards: Sequence[int], title: str | None = None) -> Image.Image:
    """The civ cards a player chooses from, each with its name, rank, timing and whole effect
    (the panel shows this when the texts do not fit its message)."""
    text_w = OFFER_WIDTH - 2 * PAD - 70
    rows = []
    for card_id in cards:
        card = D.civ_card(card_id)
        tag = _("end of the game") if card.timing == "end_game" else _("at once")
        name = T.wrap(f"{_(card.name)} (#{card.id})", CARD_NAME_SIZE, text_w, True, cut=False)
        text = T.wrap(f"{tag} · {_(card.description)}", CARD_TEXT_SIZE, text_w, cut=False)
        rows.append((card, name, text, max(54, 12 + 24 * len(name) + CARD_LINE * len(text))))
    height = HEADER + PAD + sum(h + 8 for *_rest, h in rows) + PAD
    img = T.new_canvas(OFFER_WIDTH, height)
    d = ImageDraw.Draw(img)
    T.header(img, title or _("Civ cards on offer"), "", height=HEADER)
    y = HEADER + PAD
    for card, name, text, h in rows:
        d.rounded_rectangle((PAD, y, OFFER_WIDTH - PAD, y + h), radius=12, fill=T.PANEL)
        icons.paste(img, icons.civ_card(card.rank, 40), (PAD + 30, y + 27))
        ty = y + 16
        for line in name:
            T.draw_text(d, (PAD + 58, ty), line, CARD_NAME_SIZE, bold=True, anchor="lm")
            ty += 24
        for line in text:
            T.draw_text(d, (PAD + 58, ty), line, CARD_TEXT_SIZE, fill=T.TEXT_MUTED, anchor="lm")
            ty += CARD_LINE
        y += h + 8
    return img
