"""The guided first game in the console (bot.py --offline --learn): every lesson once, on the
panel of the decision it explains, the hint with every decision, and a way out at any time."""
from __future__ import annotations

import re

from i18n import catalogue
from service import lessons
from service.console import run

HINT_ANSWER = "\n💡 Hint: what the hard computer player would do now"


class Keyboard:
    """Answers the console's prompts: the scripted lines first, then ``then`` (a line, or a
    function of what the console printed)."""

    def __init__(self, said, lines, then="auto", limit=3000):
        self.said, self.lines, self.then, self.limit, self.prompts = said, list(lines), then, limit, 0

    def __call__(self, prompt: str) -> str:
        self.prompts += 1
        if self.prompts > self.limit:
            return "quit"
        if self.lines:
            return self.lines.pop(0)
        return self.then(self.said) if callable(self.then) else self.then


def panels_of(text: str) -> list[str]:
    """The panels printed, each decision's once: after ``hint``, the console draws the same
    decision's panel again (the one before it is left out)."""
    return [p for p in text.split("\n── Player 1 ──")[1:] if HINT_ANSWER not in p]


# where each lesson belongs: words of the panel of the decision it explains ...
MOMENT = {"objectives": "Private objectives", "station": "choose a tile", "placing": "Place your tile",
          "events": "Event this round", "civ": "civ", "tracks": "(tile icon)", "water_energy": "Place your tile"}
# ... or words of that panel or an earlier one: what brought the part of the game in
SINCE = {"meteorites": re.compile(r"Place your tile \([^)]*meteor\)"), "rovers": re.compile(r"rover"),
         "techs": re.compile(r"advance [^\n]*tech")}


def round_of(panel: str) -> int:
    found = re.search(r"Round (\d+)", panel)
    return int(found.group(1)) if found else 0


async def test_a_guided_game_played_to_the_end_shows_each_lesson_once_at_its_moment(tmp_path):
    said: list[str] = []
    keys = Keyboard(said, ["auto", "auto", "hint"])  # the hint at the tile choice: with its placement
    code = await run(["--out", str(tmp_path), "--learn", "--seed", "6", "--autopilot", "normal",
                      "--hard-seconds", "0"], ask=keys, say=said.append)
    text = "\n".join(said)
    assert code == 0 and "Game over" in text
    shown = panels_of(text)
    assert len(shown) > 40
    for lesson in lessons.lessons():  # every lesson, once, on a panel whose decision it explains
        where = [i for i, p in enumerate(shown) if lesson.text in p]
        assert len(where) == 1, (lesson.id, len(where))
        panel = shown[where[0]]
        assert f"(rulebook p. {lesson.page})" in panel
        assert MOMENT.get(lesson.id, "") in panel, (lesson.id, panel[:600])
        if lesson.id in SINCE:
            assert any(SINCE[lesson.id].search(p) for p in shown[:where[0] + 1]), lesson.id
        if lesson.id == "water_energy":
            assert re.search(r"Place your tile \([^)]*(water|energy)", panel)
        if lesson.id == "events":  # "Solo games always use events" (RULINGS C4): explained the first time a card shows
            assert where[0] == next(i for i, p in enumerate(shown) if "Event this round" in p)
        if lesson.id == "ending":  # in the last rounds (the easy deck's 20 cards: 20 rounds)
            assert round_of(panel) >= max(map(round_of, shown)) - 3
    order = [next(i for i, p in enumerate(shown) if x.text in p) for x in lessons.lessons()]
    assert order[0] == 0  # the welcome on the very first panel
    # the hint with every decision while the game lasts (not on the final score sheet)
    assert all("💡 Hint:" in p for p in shown if "Final scores" not in p)
    assert HINT_ANSWER in text  # the hint command itself
    assert re.search(r"Image written to .*-hint\.png", text)


async def test_leaving_the_lessons_makes_an_ordinary_solo_game(tmp_path):
    said: list[str] = []

    def leave_once(said_now):
        if not any("Leave the lessons" in line for line in said_now):
            return "auto"
        if getattr(leave_once, "done", False):
            return "auto" if len(leave_once.after) > 12 else (leave_once.after.append(1) or "auto")
        keys = [re.search(r"\[(\S+)\] Leave the lessons", line) for line in said_now[-40:]]  # the button's key
        key = next(found.group(1) for found in keys if found)
        leave_once.done = True
        leave_once.mark = len(said_now)
        return key

    leave_once.after = []
    keys = Keyboard(said, [], then=leave_once, limit=30)
    await run(["--out", str(tmp_path), "--learn", "--seed", "9", "--autopilot", "normal", "--hard-seconds", "0"],
              ask=keys, say=said.append)
    later = "\n".join(said[leave_once.mark:])
    assert panels_of(later)  # the game went on
    assert "💡 Hint:" not in later and "📘" not in later and "Leave the lessons" not in later
    assert "💡 Hint" in later  # the Hint button stays: it is still a solo game


async def test_the_guided_game_in_french(tmp_path):
    said: list[str] = []
    await run(["--out", str(tmp_path), "--learn", "--seed", "6", "--lang", "fr", "--hard-seconds", "0"],
              ask=Keyboard(said, [], limit=3), say=said.append)
    text = "\n".join(said)
    welcome = lessons.lessons()[0]
    assert catalogue("fr").gettext(welcome.text) in text and "(livret de règles p. 4)" in text
    assert "💡 Conseil :" in text and "Quitter les leçons" in text
    assert "── Joueur 1 ──" in text and "Player 1" not in text  # the player's name in French too
    hints = [line for line in text.splitlines() if line.startswith("💡 Conseil :")]
    assert hints and not any(re.search(r"\S;", line) for line in hints)  # French typography: " ; "
