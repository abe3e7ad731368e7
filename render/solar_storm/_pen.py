"""The drawing helpers the Solar Storm images share: a ``Pen`` that writes text through the
project's fonts and text helpers (render/theme.py) and, when asked, records each piece of text
with its box and the panel it belongs to, so the tests can check that no text is cut, overlaps
another or leaves its panel; the crew's names and initials; the words of the views' ids.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.solar_storm import data as D
from i18n import _

from .. import theme as T

MIN_TEXT = 20  # px: no text smaller on a 1000 px wide image (phone-readable, as render/profile.py)
LINE = 24  # px between lines of 20 px text


@dataclass(frozen=True)
class TextBox:
    """One piece of text drawn: what it says, the box of its ink, its size, the panel it
    must stay inside, and whether it was shortened with an ellipsis."""
    text: str
    box: tuple[int, int, int, int]
    size: int
    panel: tuple[int, int, int, int]
    cut: bool


@lru_cache(maxsize=2048)  # bounded: names and numbers vary; a long-lived worker must not grow
def _sprite(text: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image, int, int]:
    """The text's coverage mask and its offset from the anchor point (cached: the rooms'
    names and powers and the labels are the same from one image to the next)."""
    font = T.font(size, bold)
    x0, y0, x1, y1 = (int(v) for v in font.getbbox(text, anchor=anchor))
    mask = Image.new("L", (max(1, x1 - x0), max(1, y1 - y0)), 0)
    ImageDraw.Draw(mask).text((-x0, -y0), text, font=font, fill=255, anchor=anchor)
    return mask, x0, y0


@lru_cache(maxsize=4096)
def wrap(text: str, width: int, size: int = MIN_TEXT) -> tuple[str, ...]:
    return tuple(T.wrap(text, size, width))


@lru_cache(maxsize=4096)
def fit(text: str, size: int, width: int, bold: bool) -> tuple[str, int]:
    return T.fit_shrink(text, size, width, bold, smallest=min(size, max(MIN_TEXT, size - 4)))


@lru_cache(maxsize=4096)
def _width(text: str, size: int, bold: bool) -> int:
    return T.text_width(text, size, bold)


class Pen:
    """Writes text on ``img``; ``trace`` (a list) receives a TextBox per text drawn."""

    def __init__(self, img: Image.Image, trace: list | None = None):
        self.img = img
        self.d = ImageDraw.Draw(img)
        self.trace = trace
        self.panel: tuple[int, int, int, int] = (0, 0, img.width, img.height)

    def within(self, box) -> tuple[int, int, int, int]:
        """Make ``box`` the panel the next texts belong to; returns the previous one."""
        old = self.panel
        self.panel = tuple(int(v) for v in box)  # type: ignore[assignment]
        return old

    def text(self, xy: tuple[float, float], text: str, size: int = MIN_TEXT, *, fill=T.TEXT, bold: bool = False,
             anchor: str = "la", width: float | None = None) -> int:
        """Draw ``text`` (shrunk down to MIN_TEXT, then shortened, to fit ``width``); returns
        the width drawn."""
        cut = False
        if width is not None:
            fitted, size = fit(text, size, int(width), bold)
            cut = fitted != text
            text = fitted
        mask, dx, dy = _sprite(text, size, bold, anchor)
        x, y = int(round(xy[0])) + dx, int(round(xy[1])) + dy
        box = (x, y, x + mask.width, y + mask.height)
        self.img.paste(fill, box, mask)
        if self.trace is not None:
            self.trace.append(TextBox(text, box, size, self.panel, cut))
        return _width(text, size, bold)

    def lines(self, x: float, y: float, text: str, width: float, size: int = MIN_TEXT, fill=T.TEXT) -> int:
        """Word-wrapped text from (x, y); returns the y under it."""
        for line in wrap(text, int(width), size):
            self.text((x, y), line, size, fill=fill)
            y += LINE
        return int(y)


def wrapped_height(text: str, width: float, size: int = MIN_TEXT) -> int:
    return len(wrap(text, int(width), size)) * LINE


def crew_names(view: dict, names: Sequence[str] | None) -> list[str]:
    """One name per seat: the given display names, else "Player N" (solo: "Crew member N")."""
    out = []
    for seat in range(view["crew"]):
        if names and seat < len(names) and names[seat]:
            out.append(str(names[seat]))
        elif view["solo"]:
            out.append(_("Crew member {n}").format(n=seat + 1))
        else:
            out.append(T.player_name(None, seat))
    return out


def initials(names: Sequence[str], solo: bool, given: bool = True) -> list[str]:
    """What each pawn shows: the name's first letter, with the seat number where two names
    share it; seat numbers where no names are given and in solo (crew members 1-3)."""
    if solo or not given:
        return [str(i + 1) for i in range(len(names))]
    first = [next((c.upper() for c in n if c.isalnum()), "") for n in names]
    out = []
    for seat, letter in enumerate(first):
        if not letter or first.count(letter) > 1:
            out.append(f"{letter}{seat + 1}" if letter else str(seat + 1))
        else:
            out.append(letter)
    return out


def room_names(view: dict, lang: str) -> dict[str, str]:
    key = "name_fr" if lang == "fr" else "name_en"
    return {cell["room"]: cell[key] for cell in view["ship"]}


def card_name(card: str, lang: str) -> str:
    return D.card_name(card, lang)


def difficulty_name(level: str, lang: str) -> str:
    if lang == "fr":
        return D.DIFFICULTY_FR[level]
    return {"easy": _("Easy"), "medium": _("Medium"), "hard": _("Hard"), "veteran": _("Veteran"),
            "realistic": _("Realistic")}.get(level, level)


def damage_left_by_tier(view: dict) -> dict[int, int] | None:
    """Damage cards still in the deck, by tier (the number of rooms a card damages), from the
    public discard pile; None when the no-peek option hides it."""
    discard = view.get("damage_discard")
    if discard is None:
        return None
    left = {tier: 0 for tier in (1, 2, 3)}
    for tier in D.DAMAGE_TIER.values():
        left[tier] += 1
    for card in discard:
        left[D.DAMAGE_TIER[card]] -= 1
    return left


def hits_by_room(view: dict) -> dict[str, int] | None:
    """How many damage cards drawn so far named each room (setup's included); None under no-peek."""
    discard = view.get("damage_discard")
    if discard is None:
        return None
    hits = {cell["room"]: 0 for cell in view["ship"]}
    for card in discard:
        for room in D.DAMAGE[card]:
            hits[room] += 1
    return hits


def last_damage(view: dict) -> list[str]:
    """The rooms named by the last damage card among the view's events (the last turn's)."""
    rooms: list[str] = []
    for e in view.get("events", ()):
        if e.get("kind") == "damage_card":
            rooms = list(e["rooms"])
    return rooms
