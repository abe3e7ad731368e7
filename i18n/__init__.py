"""The words the bot says, in the reader's language.

Every player-facing string goes through this module: ``_("...")`` for a sentence,
``ngettext(singular, plural, n)`` for one that depends on a count, ``N_("...")`` to mark a
string defined at import time (a label table) that is translated later, where it is shown,
with ``_(label)``. The language is a context variable: a cog sets the user's (private answers
and panels) or the game's (public posts) with ``use(language)`` around the work, and a worker
process that draws an image gets it passed along (``use`` inside the worker call).

Catalogues are gettext ``.po`` files under ``i18n/locale/<lang>/LC_MESSAGES/``, managed with
Babel (``python3 tasks.py i18n`` extracts ``i18n/messages.pot`` from the code and updates every
``.po``); they are read once, at first use. English is the source language: its text is the
message id itself. A new language is a new ``.po`` file: ``LANGUAGES`` lists every catalogue found.
Numbers and dates are formatted by locale with Babel.

This is a bottom layer: it imports nothing of the project, so the engine, the renderer, the
service and the cogs may all use it.
"""
from __future__ import annotations

import gettext as _gettext
import io
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import datetime
from functools import cache
from pathlib import Path

from babel import Locale, UnknownLocaleError
from babel.dates import format_datetime as _format_datetime
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

LOCALE_DIR = Path(__file__).resolve().parent / "locale"

DEFAULT = "en"


def _languages() -> dict[str, str]:
    """English (the source language and the fallback), then every language with a catalogue
    under locale/, each with its name as its speakers write it (for menus)."""
    found = {DEFAULT: "English"}
    folders = sorted(LOCALE_DIR.iterdir()) if LOCALE_DIR.is_dir() else []
    for folder in folders:
        if any((folder / "LC_MESSAGES").glob("*.po")):
            try:
                name = Locale.parse(folder.name).get_display_name(folder.name) or folder.name
            except (ValueError, UnknownLocaleError):
                continue
            found[folder.name] = name[:1].upper() + name[1:]
    return found


# The languages the bot speaks: a new language is a new catalogue, nothing else
LANGUAGES: dict[str, str] = _languages()

_language: ContextVar[str] = ContextVar("language", default=DEFAULT)


@cache
def catalogue(language: str) -> _gettext.NullTranslations:
    """The translations of ``language``, read from its ``.po`` files once. English (and an
    unknown language) is the identity."""
    folder = LOCALE_DIR / language / "LC_MESSAGES"
    if language == DEFAULT or not folder.is_dir():
        return _gettext.NullTranslations()
    paths = sorted(folder.glob("*.po"))
    if not paths:
        return _gettext.NullTranslations()
    merged: Catalog | None = None
    for path in paths:  # each file adds the messages the files before it lack
        with path.open("rb") as f:
            po = read_po(f, locale=language)
        if merged is None:
            merged = po
            continue
        for message in po:
            if message.id and message.id not in merged:
                merged[message.id] = message
    assert merged is not None
    buf = io.BytesIO()
    write_mo(buf, merged, use_fuzzy=False)
    buf.seek(0)
    return _gettext.GNUTranslations(buf)


def language() -> str:
    """The language of the text being written now."""
    return _language.get()


def supported(language: str | None) -> str:
    """``language`` if the bot speaks it, else the default."""
    return language if language in LANGUAGES else DEFAULT


def from_discord(locale: object) -> str:
    """The language for a Discord locale (``discord.Locale`` or its value such as ``"fr"``,
    ``"en-US"``, ``"pt-BR"``): its first part when the bot speaks it, else English."""
    value = str(getattr(locale, "value", locale) or "")
    return supported(value.split("-")[0].lower())


@contextmanager
def use(language: str | None) -> Iterator[str]:
    """Write in ``language`` (or the default when it is None or unknown) inside the block."""
    lang = supported(language)
    token = _language.set(lang)
    try:
        yield lang
    finally:
        _language.reset(token)


def set_language(language: str | None) -> str:
    """Write in ``language`` from now on in this task (a Discord interaction's own task: its
    handler sets the user's language once, before the command or button runs)."""
    lang = supported(language)
    _language.set(lang)
    return lang


def gettext(message: str) -> str:
    """``message`` (English) in the current language."""
    return catalogue(_language.get()).gettext(message)


_ = gettext


def ngettext(singular: str, plural: str, n: float) -> str:
    """The singular or plural form for ``n`` by the current language's plural rule (French:
    0 and 1 take the singular, and so does 1.5; English: only exactly 1). Every count a player
    reads goes through here, never "game(s)"; the count itself is written with ``number``."""
    if isinstance(n, float) and not n.is_integer():
        # gettext's rules take whole numbers; Babel's (CLDR's) know decimals: 1.5 is "one" in
        # French ("1,5 jour") and "other" in English ("1.5 days")
        n = 1 if babel_locale().plural_form(abs(n)) == "one" else 2
    return catalogue(_language.get()).ngettext(singular, plural, int(n))


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it now (a table built at import
    time); translate it where it is shown, with ``_(value)``."""
    return message


def content(text: str) -> str:
    """A game content text (a planet or corporation name, a card's words, a tech label: the
    player-facing fields of ``engine/data/*.json``) in the current language. Those texts are
    data, not code: ``i18n/extract.py`` puts them in the catalogue, so call sites pass the value
    itself. An empty text stays empty (gettext would answer the catalogue header)."""
    return gettext(text) if text else text


def babel_locale() -> Locale:
    try:
        return Locale.parse(_language.get())
    except (ValueError, UnknownLocaleError):
        return Locale.parse(DEFAULT)


def number(value: float, digits: int = 0, *, trim: bool = False) -> str:
    """``value`` with the current language's separators (``1,234.5`` / ``1 234,5``), with
    ``digits`` decimals (``trim``: only those that are not zero: ``2``, ``1.5``). Every
    decimal a player reads is written here, never with Python's ``{x:g}`` or ``{x:.1f}``."""
    pattern = "#,##0" + ("." + ("#" if trim else "0") * digits if digits else "")
    return format_decimal(value, format=pattern, locale=babel_locale())


def when(moment: datetime, form: str = "medium") -> str:
    """A date and time written the current language's way (for text that is not a Discord
    timestamp, such as the console's)."""
    return _format_datetime(moment, format=form, locale=babel_locale())
