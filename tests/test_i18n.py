"""The language layer: a message in the reader's language, plural forms by the language's own
rule, Discord locales mapped to a language the bot speaks, numbers by locale."""
import pytest

import i18n
from i18n import _, ngettext, use

PO = '''msgid ""
msgstr ""
"Language: fr\\n"
"Content-Type: text/plain; charset=utf-8\\n"
"Plural-Forms: nplurals=2; plural=(n > 1);\\n"

msgid "Player {n}"
msgstr "Joueur {n}"

msgid "{n} medal"
msgid_plural "{n} medals"
msgstr[0] "{n} médaille"
msgstr[1] "{n} médailles"
'''

EXTRA = '''msgid ""
msgstr ""
"Language: fr\\n"
"Content-Type: text/plain; charset=utf-8\\n"

msgid "Away"
msgstr "Absent"
'''


@pytest.fixture
def french(tmp_path, monkeypatch):
    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "messages.po").write_text(PO, encoding="utf-8")
    (folder / "more.po").write_text(EXTRA, encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n.catalogue.cache_clear()
    yield
    i18n.catalogue.cache_clear()


def test_a_message_is_written_in_the_language_in_use(french):
    with use("fr"):
        assert _("Player {n}").format(n=2) == "Joueur 2"
        assert _("Away") == "Absent"  # a second .po file of the language adds its messages
    assert _("Player {n}").format(n=2) == "Player 2"


def test_french_plural_rule_counts_zero_and_one_as_singular(french):
    def medals(n):
        return ngettext("{n} medal", "{n} medals", n).format(n=n)
    with use("fr"):
        assert [medals(n) for n in (0, 1, 2)] == ["0 médaille", "1 médaille", "2 médailles"]
    assert [medals(n) for n in (0, 1, 2)] == ["0 medals", "1 medal", "2 medals"]


def test_a_message_without_translation_stays_english(french):
    with use("fr"):
        assert _("Untranslated words") == "Untranslated words"


@pytest.mark.parametrize("locale, language", [("fr", "fr"), ("en-US", "en"), ("en-GB", "en"), ("pt-BR", "en"),
                                              ("", "en"), (None, "en")])
def test_discord_locales_map_to_a_language_the_bot_speaks(locale, language):
    assert i18n.from_discord(locale) == language


def test_unknown_language_falls_back_to_english():
    with use("xx") as lang:
        assert lang == "en" and i18n.language() == "en"


def test_numbers_follow_the_language():
    assert i18n.number(1234.5, 1) == "1,234.5"
    with use("fr"):
        assert i18n.number(1234.5, 1).replace("\u202f", " ").replace("\xa0", " ") == "1 234,5"


def test_a_new_language_is_a_new_catalogue_and_nothing_else(tmp_path, monkeypatch):
    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "messages.po").write_text(PO.replace("Language: fr", "Language: de")
                                        .replace("Joueur {n}", "Spieler {n}"), encoding="utf-8")
    (tmp_path / "notes").mkdir()  # a folder without a catalogue is not a language
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n.catalogue.cache_clear()
    try:
        assert i18n._languages() == {"en": "English", "de": "Deutsch"}
        assert i18n.catalogue("de").gettext("Player {n}") == "Spieler {n}"  # read as any other
    finally:
        i18n.catalogue.cache_clear()


def test_the_bot_speaks_english_and_french():
    assert i18n.LANGUAGES == {"en": "English", "fr": "Français"}
