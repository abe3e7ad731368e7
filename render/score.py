"""The final score sheet: medals per category A-F for every player, totals, places with the
tie-break that decided them, and the winner. Solo shows the player's total, and a target
and an epilogue text when given.

Categories (engine/scoring.py): A complete rows and columns, B trackers, C lifepods and
meteorites collected, D end-game civ cards, E private objectives, F neighbour objectives.
"""
from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.scoring import tie_break_text
from i18n import N_, _, content, ngettext

from . import icons
from . import theme as T

WIDTH = 1000
HEADER = 64
PAD = 16
ROW_H = 92
HEAD_H = 78
PLACE_W = 70
NAME_W = 214
CAT_W = 96
# the letters are the rulebook's own (the same in every language); labels are translated where drawn
CATEGORIES = (("A", N_("Lines")), ("B", N_("Trackers")), ("C", N_("Collected")), ("D", N_("Civ cards")),
              ("E", N_("Private")), ("F", N_("Neighbour")))
ENDING_TEXT = {"depot_empty": N_("a depot ran empty"), "unplaceable": N_("a tile could not be placed"),
               "last_event": N_("the last event card was played")}


def _detail(cat: str, part: dict) -> list[str]:
    """Up to two short lines under a category's number."""
    if cat == "A":  # lines, then the planet's own medals (Gaia's cities, Cerberus' globes)
        n = len(part["rows"]) + len(part["columns"])
        out = [ngettext("{n} line", "{n} lines", n).format(n=n)]
        for extra in part.get("planet", []):
            word = extra["what"].split()[-1]  # "visible cities" -> "cities"
            count = extra["count"]
            if word == "cities":
                out.append(ngettext("{n} city", "{n} cities", count).format(n=count))
            elif word == "globes":
                out.append(ngettext("{n} globe", "{n} globes", count).format(n=count))
            else:
                out.append(f"{count} {_(word)}")
        return out
    if cat == "C":
        return [ngettext("{n} pod", "{n} pods", part["lifepods"]).format(n=part["lifepods"]),
                ngettext("{n} meteor", "{n} meteors", part["meteorites"]).format(n=part["meteorites"])]
    if cat == "D":
        n = len(part["cards"])
        return [ngettext("{n} card", "{n} cards", n).format(n=n)] if part["cards"] else []
    if cat == "E":
        objs = part["objectives"]
        met = sum(1 for o in objs if o["met"])
        return [ngettext("{met}/{of} met", "{met}/{of} met", met).format(met=met, of=len(objs))] if objs else []
    if cat == "F":
        objs = part["objectives"]
        won = sum(1 for o in objs if o["medals"] == 5)
        tied = sum(1 for o in objs if o["medals"] == 2)
        lines = (([ngettext("{n} won", "{n} won", won).format(n=won)] if won else [])
                 + ([ngettext("{n} tied", "{n} tied", tied).format(n=tied)] if tied else []))
        return lines or ([_("lost")] if objs else [])
    return []


def _tie_note(player: dict) -> str:
    """The tie-break that decided the place, else the squares left uncovered."""
    tie = tie_break_text(player)
    if tie:
        return tie
    n = player["uncovered"]
    return ngettext("{n} square uncovered", "{n} squares uncovered", n).format(n=n)


def _note_lines(note: str) -> tuple[list[str], int]:
    """The note under a name in at most two lines: 15 px, else 13 px (more lines only when
    even 13 px does not do it)."""
    for size in (15, 13):
        lines = T.wrap(note, size, NAME_W - 10, cut=False)
        if len(lines) <= 2:
            return lines, size
    return lines, 13


def _place_style(place: int):
    return {1: (T.GOLD, T.TEXT_DARK), 2: (T.SILVER, T.TEXT_DARK), 3: (T.BRONZE, T.TEXT_DARK)}.get(
        place, (T.PANEL_LINE, T.TEXT))


def _ordinal(n: int) -> str:
    """1st, 2nd ... (1er, 2e ... in French: the catalogue holds one form per place, 1 to 6)."""
    forms = {1: _("1st"), 2: _("2nd"), 3: _("3rd"), 4: _("4th"), 5: _("5th"), 6: _("6th")}
    if n in forms:
        return forms[n]
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def render_score(view: dict, names: Sequence[str] | None = None, *, result: dict | None = None,
                 target: int | None = None, epilogue: str | None = None) -> Image.Image:
    """The score sheet of ``result`` (default: the view's final result). A solo result with a
    target (event deck) draws it and its epilogue unless ``target`` / ``epilogue`` are given.
    Raises ValueError when there is no result yet."""
    res = result if result is not None else view.get("result")
    if not res:
        raise ValueError(_("the game is not over: there is no final score to draw"))
    solo_result = res.get("solo") or {}
    target = target if target is not None else solo_result.get("target")
    epilogue = epilogue if epilogue is not None else content(solo_result.get("text") or "")
    players = {p["seat"]: p for p in res["players"]}
    order = list(res["ranking"])
    solo = len(order) == 1
    epi_lines = T.wrap(_(epilogue), 21, WIDTH - 2 * PAD - 40) if epilogue else []
    banner_h = 96
    target_h = 64 if (solo and target is not None) else 0
    epi_h = (len(epi_lines) * 30 + 30) if epi_lines else 0
    notes = {seat: _note_lines(_tie_note(players[seat])) for seat in order}
    row_h = {seat: ROW_H + 18 * max(0, len(notes[seat][0]) - 2) for seat in order}
    height = HEADER + banner_h + HEAD_H + sum(row_h.values()) + target_h + epi_h + PAD * 2
    img = T.new_canvas(WIDTH, height)
    d = ImageDraw.Draw(img)
    ending = ", ".join(_(ENDING_TEXT[e]) if e in ENDING_TEXT else e for e in view.get("ending", []))
    T.header(img, _("Final score"), _("round {n}").format(n=view["round"]) + (f" · {ending}" if ending else ""),
             height=HEADER)

    # winner banner
    y = HEADER + 12
    winners = res["winners"]
    missed = solo and target is not None and players[order[0]]["total"] < target  # a failed solo game wins nothing
    d.rounded_rectangle((PAD, y, WIDTH - PAD, y + banner_h - 12), radius=14, fill=T.PANEL_2,
                        outline=T.PANEL_LINE if missed else T.GOLD, width=3)
    icons.paste(img, icons.cross(60) if missed else icons.trophy(60), (PAD + 48, y + (banner_h - 12) / 2))
    best = players[winners[0]]["total"] if winners else 0
    room = WIDTH - 2 * PAD - 110

    def banner(name_of) -> str:
        if solo:
            total = players[order[0]]["total"]
            return ngettext("{name}: {n} medal", "{name}: {n} medals", total).format(name=name_of(order[0]), n=total)
        if len(winners) == 1:
            return ngettext("{name} wins with {n} medal", "{name} wins with {n} medals", best).format(
                name=name_of(winners[0]), n=best)
        return _("{names} share the win ({n})").format(names=" & ".join(name_of(w) for w in winners), n=best)

    line, size = T.fit_shrink(banner(lambda seat: T.player_name(names, seat)), 32, room, True, smallest=26)
    if T.text_width(line, size, True) > room or line.endswith("…"):  # long names: shorten them, never the medals
        keep = 32
        while keep > 4:
            line = banner(lambda seat, keep=keep: T.shorten(T.player_name(names, seat), keep))
            if T.text_width(line, size, True) <= room:
                break
            keep -= 2
    T.draw_text(d, (PAD + 92, y + (banner_h - 12) / 2), line, size, bold=True, anchor="lm")

    # table head
    y = HEADER + banner_h + 4
    cx0 = PAD + PLACE_W + NAME_W
    for k, (cat, label) in enumerate(CATEGORIES):
        x = cx0 + k * CAT_W + CAT_W / 2
        d.rounded_rectangle((x - 20, y + 6, x + 20, y + 42), radius=8, fill=T.PANEL_2)
        T.draw_text(d, (x, y + 24), cat, 24, bold=True, anchor="mm")
        T.draw_text(d, (x, y + 58), T.fit_text(_(label), 15, CAT_W - 4), 15, fill=T.TEXT_MUTED, anchor="mm")
    tx = cx0 + 6 * CAT_W + (WIDTH - PAD - cx0 - 6 * CAT_W) / 2
    T.draw_text(d, (tx, y + 24), _("Total"), 24, bold=True, anchor="mm")
    T.draw_text(d, (PAD + 12, y + 40), _("Player"), 20, fill=T.TEXT_MUTED, anchor="lm")

    # rows
    y += HEAD_H
    for seat in order:
        p = players[seat]
        win = seat in winners and not missed
        rh = row_h[seat]
        d.rounded_rectangle((PAD, y + 4, WIDTH - PAD, y + rh - 4), radius=12, fill=T.PANEL,
                            outline=T.GOLD if win else T.PANEL_LINE, width=3 if win else 1)
        if not solo:  # a place means something only against other players
            fill, ink = _place_style(p["place"])
            d.ellipse((PAD + 12, y + ROW_H / 2 - 24, PAD + 60, y + ROW_H / 2 + 24), fill=fill)
            T.draw_text(d, (PAD + 36, y + ROW_H / 2), _ordinal(p["place"]), 19, bold=True, fill=ink, anchor="mm")
        nx = PAD + PLACE_W + 4
        d.ellipse((nx, y + 24, nx + 16, y + 40), fill=T.seat_color(seat), outline=T.TEXT_DARK, width=2)
        name, size = T.fit_shrink(T.player_name(names, seat), 24, NAME_W - 30, True)
        T.draw_text(d, (nx + 24, y + 32), name, size, bold=True, anchor="lm")
        lines, note_size = notes[seat]
        for k, line in enumerate(lines):
            T.draw_text(d, (nx, y + 58 + k * 18), line, note_size,
                        fill=T.WARN if p.get("tie_break") else T.TEXT_MUTED, anchor="lm")
        for k, (cat, _label) in enumerate(CATEGORIES):
            part = p[cat]
            x = cx0 + k * CAT_W + CAT_W / 2
            det = _detail(cat, part)
            ny = y + 34 if len(det) < 2 else y + 27  # two lines stay clear of the row's border
            T.draw_text(d, (x, ny), str(part["total"]), 30, bold=True,
                        fill=T.TEXT if part["total"] else T.TEXT_MUTED, anchor="mm")
            for j, line in enumerate(det):
                text, size = T.fit_shrink(line, 15, CAT_W - 10, smallest=12)
                T.draw_text(d, (x, ny + 29 + j * 17), text, size, fill=T.TEXT_MUTED, anchor="mm")
        icons.paste(img, icons.medal(p["total"], 64, "gold" if win else "plain"), (tx, y + ROW_H / 2))
        y += rh

    if target_h:
        total = players[order[0]]["total"]
        reached = total >= target
        d.rounded_rectangle((PAD, y + 8, WIDTH - PAD, y + target_h - 4), radius=12, fill=T.PANEL)
        icons.paste(img, icons.check(36) if reached else icons.cross(36), (PAD + 32, y + target_h / 2 + 2))
        msg = (_("Target {target}: reached (+{over})").format(target=target, over=total - target) if reached
               else _("Target {target}: missed by {short}").format(target=target, short=target - total))
        T.draw_text(d, (PAD + 62, y + target_h / 2 + 2), msg, 26, bold=True, anchor="lm")
        y += target_h
    if epi_lines:
        d.rounded_rectangle((PAD, y + 8, WIDTH - PAD, y + epi_h), radius=12, fill=T.PANEL_2)
        for k, line in enumerate(epi_lines):
            T.draw_text(d, (PAD + 20, y + 30 + k * 30), line, 21, anchor="lm")
    return img
