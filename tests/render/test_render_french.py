"""Images in French, checked at the source: the texts each renderer hands to Pillow.

Every image type is drawn twice, in English and in French, with ``ImageDraw.text`` watched. A
text drawn the same way in both languages is a word the catalogue did not translate, unless
it is language-neutral (numbers, squares, player and planet names, action text such as
``pick small``), a word French writes the same way (its French entry says so: Civ, Rover,
Tech, Total ...), or game content (card, tech and event texts from engine/data, translated by
the content catalogue). Every message of render/ and engine/ has a French entry."""
from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po
from PIL import ImageDraw

from i18n import LOCALE_DIR, use
from render import cells, icons
from tests.render.positions import FRENCH_CASES, NAMES, french_draws, golden_cases

ROOT = Path(__file__).resolve().parents[2]
CASES = golden_cases()
DRAWS = french_draws(CASES)
CALLER_TEXTS = {"Planet Unknown Club"}  # given by the caller (a server's name on the profile)
# what reads the same in every language: numbers and signs, squares (C5), tile shapes (N5),
# roman ranks, action text the player types, the planets' printed names
NEUTRAL = re.compile(r"[\W\d_×]*|[A-L]\d{0,2}|[IV]+|[LNTSOIPXUZFWY]\d|pick (small|large)|place [A-L]\d+ \d"
                     r"|KSB-4156|[A-F]")


@cache
def french_entries() -> list:
    """Every message of the French catalogue files."""
    out = []
    for path in sorted((LOCALE_DIR / "fr" / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as f:
            out += [m for m in read_po(f, locale="fr") if m.id]
    return out


def _pattern(text: str) -> re.Pattern:
    return re.compile(".+".join(re.escape(part) for part in re.split(r"\{\w+\}", text)))


@cache
def same_in_french() -> list[re.Pattern]:
    """Messages whose French entry is the English words themselves (Civ, Total, {n} globes ...)."""
    out = []
    for m in french_entries():
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        strs = [m.string] if isinstance(m.string, str) else list(m.string)
        if strs and all(s for s in strs) and all(s in ids for s in strs):
            out += [_pattern(i) for i in ids]
    return out


@cache
def content_text() -> str:
    """Every string of the game's data files (card, tech, event, objective and planet texts)."""
    words: list[str] = []

    def walk(value):
        if isinstance(value, str):
            words.append(value)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    for path in sorted((ROOT / "engine" / "data").glob("*.json")):
        walk(json.loads(path.read_text(encoding="utf-8")))
    return "\n".join(words)


def left_in_english(text: str) -> bool:
    piece = text.rstrip("…").strip()
    if NEUTRAL.fullmatch(piece) or piece in NAMES or piece in CALLER_TEXTS:
        return False
    if any(p.fullmatch(text) for p in same_in_french()):
        return False
    counted = re.fullmatch(r"(.+) \d+", piece)  # a track and a space ("Rover 8" on Makeshift)
    if counted:
        return left_in_english(counted.group(1))
    if " · " in piece:  # a tag joined to content ("played · <card text>")
        return any(left_in_english(part) for part in piece.split(" · "))
    return piece not in content_text()


def drawn_texts(monkeypatch, language: str, draw) -> list[str]:
    """The texts ``draw()`` hands to Pillow in ``language`` (cached icons drawn afresh)."""
    for module in (icons, cells):
        for value in vars(module).values():
            if hasattr(value, "cache_clear"):
                value.cache_clear()
    seen: list[str] = []
    real = ImageDraw.ImageDraw.text

    def spy(self, xy, text, *args, **kwargs):
        seen.append(str(text))
        return real(self, xy, text, *args, **kwargs)

    with monkeypatch.context() as m:
        m.setattr(ImageDraw.ImageDraw, "text", spy)
        with use(language):
            draw()
    return seen


@pytest.mark.parametrize("name", FRENCH_CASES)
def test_every_word_on_the_image_is_french(monkeypatch, name):
    english = drawn_texts(monkeypatch, "en", DRAWS[name])
    french = drawn_texts(monkeypatch, "fr", DRAWS[name])
    untranslated = sorted({t for t in french if t in english and left_in_english(t)})
    assert not untranslated, f"{name}: drawn in English in the French image: {untranslated}"
    assert set(french) != set(english)  # the language did reach the renderer


def test_every_message_of_the_renderer_and_the_engine_has_a_french_entry():
    method_map = [("render/**.py", "python"), ("engine/**.py", "python")]
    keywords = {"_": None, "N_": None, "ngettext": (1, 2)}
    wanted = set()
    for _file, _line, message, _comments, _context in extract_from_dir(str(ROOT), method_map, keywords=keywords):
        wanted.add(message if isinstance(message, str) else message[0])
    translated = {(m.id if isinstance(m.id, str) else m.id[0]) for m in french_entries()
                  if (m.string if isinstance(m.string, str) else all(m.string))}
    assert wanted, "the extraction found the messages"
    assert sorted(wanted - translated) == []
