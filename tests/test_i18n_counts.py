"""Counts and numbers in both languages (issue 51, finding 16): "(1 games)", "1 wins",
"1 parties", "1 victoires", "1 days", a French leaderboard's "2.6" beside its profile's "2,6",
"après 1.5 h".

- Every count a player reads goes through ``ngettext``: no message of the catalogue writes a
  count placeholder straight before a counted noun, nor "game(s)".
- Every decimal is written by Babel in the reader's language (``i18n.number``): no message
  formats a number itself (``{hours:g}``).
- Every count message (each ``ngettext`` of the code) is rendered with 0, 1 and 2 (and 1.5)
  in English and in French, and none reads "1 games", "0 parties" or "2 partie".
"""
from __future__ import annotations

import re
import string

import pytest

import i18n
from i18n import ngettext, use
from tests.test_i18n_catalogue import extracted

# (English singular, plural; French singular, plural) of the nouns the bot counts
NOUNS = (("game", "games", "partie", "parties"), ("win", "wins", "victoire", "victoires"),
         ("day", "days", "jour", "jours"), ("medal", "medals", "Médaille", "Médailles"),
         ("move", "moves", "coup", "coups"), ("player", "players", "joueur", "joueurs"),
         ("round", "rounds", "tour", "tours"), ("lifepod", "lifepods", "Module", "Modules"), ("meteorite", "meteorites", "Météorite", "Météorites"),
         ("hour", "hours", "heure", "heures"), ("minute", "minutes", "minute", "minutes"),
         ("card", "cards", "carte", "cartes"), ("square", "squares", "case", "cases"),
         ("seat", "seats", "siège", "sièges"), ("pod", "pods", "Module", "Modules"))
ENGLISH = {w for n in NOUNS for w in n[:2]}
# placeholders that hold a name or a text, never a count
NOT_COUNTS = {"name", "names", "player", "players", "who", "winners", "first", "second", "level", "record", "title",
              "where", "what", "stage", "tile", "planet", "corporation", "list", "text", "by", "time", "old",
              "option", "why", "choices", "settings", "link", "day", "when", "mention", "label", "zone", "colour",
              "cat", "category", "track", "resource", "kind", "item", "user", "path", "game", "id",
              "terrain", "other", "top", "size", "limit",
              "card", "gave", "took"}  # card, gave, took: a Solar Storm card's name ("a {card} card"); top, size, limit: numbers fixed by the code or the game's data, always above 1 (at most 48 hours, a deck, Solar Storm's hand limit)
# the counted word is a verb here: "🏆 Ann wins!", "🏆 Ann and Bo win!"
VERBS = {"🏆 {winners} wins!"}
PLACEHOLDER_THEN_WORD = re.compile(r"\{(\w+)(?::[^}]*)?\}\*{0,2}\s+(\w+)")


def _singles() -> dict[str, str]:
    return {key: m for key, m in extracted().items() if isinstance(m, str)}


def _plurals() -> list[tuple[str, str]]:
    return [m for m in extracted().values() if isinstance(m, tuple)]  # type: ignore[misc]


def test_no_message_writes_a_count_without_ngettext():
    wrong = []
    for message in _singles().values():
        if re.search(r"\w\((s|x|es)\)", message):
            wrong.append(f"{message!r}: 'word(s)' (use ngettext)")
        for placeholder, word in PLACEHOLDER_THEN_WORD.findall(message):
            if placeholder not in NOT_COUNTS and word in ENGLISH:
                wrong.append(f"{message!r}: {{{placeholder}}} {word} (use ngettext)")
    assert wrong == []


def test_no_message_formats_a_number_itself():
    """``{x:g}`` or ``{x:.1f}`` writes "1.5" in French too: numbers go through i18n.number."""
    wrong = [m for m in extracted().values() for text in (m if isinstance(m, tuple) else (m,))
             if re.search(r"\{\w+:[^}]*[gfe%]\}", text)]  # {h:02d}, an hour of the day, is no decimal
    assert wrong == []


def _fill(text: str, n: float, shown: str) -> str:
    """``text`` with ``shown`` for its count and a neutral value for every other placeholder."""
    names = [f for _lit, f, _spec, _conv in string.Formatter().parse(text) if f]
    count = "n" if "n" in names else names[0] if names else None
    values = {f: (shown if f == count else "X") for f in names}
    return text.format(**values)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_count_message_reads_right_with_0_1_and_2(language):
    bad = []
    with use(language):
        for singular, plural in _plurals():
            if singular in VERBS:
                continue
            for n in (0, 1, 2):
                shown = i18n.number(n)
                text = _fill(ngettext(singular, plural, n), n, shown)
                one = (n == 1) if language == "en" else (n < 2)
                for en_one, en_many, fr_one, fr_many in NOUNS:
                    right, wrong = ((en_one, en_many) if language == "en" else (fr_one, fr_many))[::1 if one else -1]
                    if right == wrong:
                        continue  # the same word in both forms ("rover")
                    if re.search(rf"(?<![\w,.]){re.escape(shown)}\s+(\*\*)?{wrong}\b", text, re.IGNORECASE):
                        bad.append(f"{language} n={n}: {text!r}")
    assert bad == []


@pytest.mark.parametrize("language,expected", [("en", "1.5"), ("fr", "1,5")])
def test_decimals_are_written_the_readers_way(language, expected):
    from service import players as P
    from service import roundlog
    from service.settings import Settings
    with use(language):
        assert P.duration(1.5 * 3600) == f"{expected} h"
        assert expected in "\n".join(Settings(1, remind_hours=1.5).describe(0.0))
        assert roundlog.days_text(1.5 * 86400) == (f"{expected} days" if language == "en" else f"{expected} jour")
        assert roundlog.days_text(2 * 86400) == ("2 days" if language == "en" else "2 jours")
        row = P.board_row("rating", 1, "Ann", 1.5, 1)
        assert row.startswith("1. Ann") and f" {expected} (1 " in row
