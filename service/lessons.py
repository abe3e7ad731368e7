"""The guided first game's lessons (/pu learn, ``bot.py --offline --learn``).

The lessons are data: ``service/lessons.json`` lists each one (its id, its trigger, its text:
the catalogue's key, and the page of the 2023 French rulebook that says more), in the order
they are taught. A trigger is a name in TRIGGERS: a test of the seat's decision now (its
panel's moment). ``due`` gives the lessons whose trigger holds and that were not shown yet; the
game service shows them on the panel (at most PER_PANEL at a time) and notes each with the
decision it came with, so each is shown with one decision only. i18n/extract.py puts the texts in the catalogue.
"""
from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from autopilot import rounds_expected
from engine import data as D
from engine import events, rules
from engine.actions import Move, Pick
from engine.effects import tech_unlocked
from engine.state import GameState
from i18n import _, content

PATH = Path(__file__).with_name("lessons.json")
PER_PANEL = 2  # lessons on one panel at most (the rest on the next decisions): a panel stays short
ENDING_ROUNDS = 2.0  # the "end of the game" lesson: this many rounds expected after this one, or fewer


def _pending(state: GameState, seat: int, kind: str, source: str | None = None) -> bool:
    return any(item.get("kind") == kind and source in (None, item.get("source")) for item in state.seats[seat].pending)


def _tech(state: GameState, seat: int) -> bool:
    corp = state.seats[seat].corp
    return any(tech_unlocked(corp.corp_id, corp.trackers, t.level, corp.special)
               for t in D.corporation(corp.corp_id).techs)


def _water_or_energy(state: GameState, seat: int) -> bool:
    hand = state.seats[seat].hand
    return hand is not None and bool({"water", "energy"} & set(D.tile(hand).resources))


def _rovers(state: GameState, seat: int) -> bool:
    s = state.seats[seat]
    return (any(r is not None for r in s.board.rovers) or s.pool > 0 or _pending(state, seat, "rover")
            or any(isinstance(a, Move) for a in rules.legal_actions(state, seat)))


TRIGGERS: dict[str, Callable[[GameState, int], bool]] = {
    "start": lambda state, seat: True,
    "objectives": lambda state, seat: state.phase == "objectives",
    "event": lambda state, seat: state.phase == "turns" and events.current(state) is not None,
    "pick": lambda state, seat: any(isinstance(a, Pick) for a in rules.legal_actions(state, seat)),
    "place": lambda state, seat: state.seats[seat].hand is not None,
    "advance": lambda state, seat: _pending(state, seat, "advance", "tile"),  # a placed tile's icons
    "water_or_energy": _water_or_energy,
    "rovers": _rovers,
    "meteorite": lambda state, seat: bool(state.seats[seat].board.meteorites),
    "civ": lambda state, seat: state.phase == "civ" or _pending(state, seat, "civ"),
    "tech": _tech,
    "ending": lambda state, seat: state.phase in ("final", "over") or bool(state.ending)
    or rounds_expected(state) <= ENDING_ROUNDS,
}


@dataclass(frozen=True)
class Lesson:
    id: str
    trigger: str
    text: str  # English: the catalogue's key
    page: int  # of the 2023 French rulebook


@cache
def lessons() -> tuple[Lesson, ...]:
    """Every lesson, in teaching order. Raises ValueError for a lesson the file gets wrong."""
    raw = json.loads(PATH.read_text(encoding="utf-8"))
    out = tuple(Lesson(x["id"], x["trigger"], x["text"], int(x["page"])) for x in raw["lessons"])
    for lesson in out:
        if lesson.trigger not in TRIGGERS:
            raise ValueError(f"lesson {lesson.id}: unknown trigger {lesson.trigger!r}")
        if not 1 <= lesson.page <= 16:
            raise ValueError(f"lesson {lesson.id}: the rulebook has pages 1 to 16, not {lesson.page}")
    if len({x.id for x in out}) != len(out):
        raise ValueError("two lessons share an id")
    return out


def due(state: GameState, seat: int, seen: Iterable[str], room: int = PER_PANEL) -> list[Lesson]:
    """The lessons not ``seen`` yet whose trigger holds for ``seat`` now, ``room`` at most."""
    done = set(seen)
    return [x for x in lessons() if x.id not in done and TRIGGERS[x.trigger](state, seat)][:max(0, room)]


def text(lesson: Lesson) -> str:
    """The lesson as the panel shows it, in the current language, with its rulebook page."""
    return _("📘 {text} (rulebook p. {page})").format(text=content(lesson.text), page=lesson.page)
