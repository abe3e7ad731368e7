"""A Babel extractor for the game content in ``engine/data/*.json`` (and the guided game's
lessons, ``service/lessons.json``).

Planet and corporation names, tech labels, card names and texts are data, not code: the code
shows them through ``i18n.content(value)``, which Babel's Python extractor cannot see. This
extractor reads a data file and yields exactly the fields players read, so
``python3 tasks.py i18n`` puts them in ``i18n/messages.pot`` beside the code's messages.
babel.cfg registers it (``[extractors]`` then a section for ``engine/data/*.json``).

Which fields are shown is listed in ``FIELDS``, per file, as paths: ``cards[].name`` is the
``name`` of every item of the top-level ``cards`` list. A file not listed (tiles, station)
has nothing for players to read.
"""
from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import PurePath
from typing import IO, Any

FIELDS: dict[str, tuple[str, ...]] = {
    "planets.json": ("planets[].name", "planets[].summary", "planets[].pitch"),
    "corporations.json": ("corporations[].name", "corporations[].pitch", "corporations[].tech_note",
                          "corporations[].techs[].label", "corporations[].techs[].use"),
    "civ_cards.json": ("cards[].name", "cards[].description", "cards[].pitch"),
    "objectives.json": ("cards[].neighbor.name", "cards[].neighbor.description",
                        "cards[].private.name", "cards[].private.description"),
    "events.json": ("cards[].name", "cards[].description"),
    "lessons.json": ("lessons[].text",),  # service/lessons.json: the guided first game's lessons
}


def values(data: Any, path: str) -> Iterator[str]:
    """Every non-empty string at ``path`` in ``data`` (``a[].b``: field ``b`` of each item of
    list ``a``); a missing field is skipped."""
    head, _, rest = path.partition(".")
    many = head.endswith("[]")
    key = head[:-2] if many else head
    if not isinstance(data, dict) or key not in data:
        return
    found = data[key]
    for item in (found if many and isinstance(found, list) else [found]):
        if rest:
            yield from values(item, rest)
        elif isinstance(item, str) and item:
            yield item


def texts(name: str, data: Any) -> Iterator[tuple[str, str]]:
    """(field path, text) of every player-facing text of data file ``name``."""
    for path in FIELDS.get(name, ()):
        for text in values(data, path):
            yield path, text


def _line_of(raw: str, text: str) -> int:
    for encoded in (json.dumps(text, ensure_ascii=False), json.dumps(text)):
        at = raw.find(encoded)
        if at >= 0:
            return raw.count("\n", 0, at) + 1
    return 1


def extract_data(fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any) -> Iterator[
        tuple[int, None, str, list[str]]]:
    """Babel's extractor interface: (line, function name, message, comments) per text; the
    comment says which field it is (``planets.json planets[].name``) for the translator."""
    name = PurePath(str(getattr(fileobj, "name", ""))).name
    raw = fileobj.read()
    text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    seen: set[str] = set()
    for path, message in texts(name, json.loads(text)):
        if message in seen:
            continue
        seen.add(message)
        yield _line_of(text, message), None, message, [f"{name} {path}"]
