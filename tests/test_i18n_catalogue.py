"""The French catalogue is complete, and no player-facing text bypasses it.

- Every message the code marks (Babel's extraction over babel.cfg, the slash commands' texts
  included: i18n/slash.py) has a non-empty French translation in the French .po files, merged
  as the bot merges them (i18n.catalogue).
- A lint over the Discord layer, the service and bot.py (their syntax trees): a string literal
  or f-string with words in it, given straight to something a player reads (a reply, a post, an
  edit, a button or menu label, an embed, an error the service raises for the player, a panel's
  text or control label, a console line), is a defect: it must go through ``_()``/``ngettext``.
  The rule is shown catching planted bad examples.
- A module that imports ``_`` never rebinds it (``kind, _, rest = ...`` made every ``_()``
  after it in the function call a string).
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

import i18n

ROOT = Path(__file__).resolve().parent.parent
KEYWORDS = {"_": None, "gettext": None, "N_": None, "ngettext": (1, 2)}


def extracted() -> dict[str, str | tuple[str, ...]]:
    """Every marked message of the code, by its id (a plural message: (singular, plural))."""
    with open(ROOT / "babel.cfg", encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)
    messages: dict[str, str | tuple[str, ...]] = {}
    for _file, _line, message, _comments, _context in extract_from_dir(
            str(ROOT), method_map, options_map, keywords=KEYWORDS):
        key = message[0] if isinstance(message, tuple) else message
        if key:
            messages[key] = message
    return messages


def french() -> dict[str, object]:
    """The French catalogue's translations by message id, every .po of the language merged."""
    merged: dict[str, object] = {}
    for path in sorted((i18n.LOCALE_DIR / "fr" / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as f:
            for message in read_po(f, locale="fr"):
                if message.id and not message.fuzzy:
                    key = str(message.id[0] if isinstance(message.id, (tuple, list)) else message.id)
                    merged.setdefault(key, message.string)
    return merged


def test_the_extraction_finds_the_texts_of_replies_posts_and_slash_commands():
    messages = extracted()
    assert "Play Planet Unknown" in messages  # the /pu group's description (a class keyword)
    assert "hours per move before the autopilot plays it (0: off)" in messages  # an option description
    assert "asymmetric at random" in messages  # a choice name
    assert messages["up to {n} player"] == ("up to {n} player", "up to {n} players")  # a plural


def test_every_message_of_the_code_has_a_french_translation():
    translations = french()
    missing = []
    for key, message in sorted(extracted().items()):
        text = translations.get(key)
        forms = list(text) if isinstance(text, (tuple, list)) else [text]
        wanted = 2 if isinstance(message, tuple) else 1
        if len(forms) < wanted or not all(isinstance(t, str) and t.strip() for t in forms):
            missing.append(key)
    assert missing == [], f"{len(missing)} message(s) without French: {missing[:20]}"


def test_the_translations_keep_every_placeholder_of_their_message():
    """A French text that loses or renames a ``{placeholder}`` would raise (KeyError) or show
    a hole when the bot formats it."""
    translations = french()
    wrong = []
    for key, message in extracted().items():
        ids = message if isinstance(message, tuple) else (message,)
        wanted = set(re.findall(r"\{(\w*)\}", " ".join(ids)))
        text = translations.get(key)
        for form in (text if isinstance(text, (tuple, list)) else [text]):
            if isinstance(form, str) and form and set(re.findall(r"\{(\w*)\}", form)) != wanted:
                wrong.append((key, form))
    assert wrong == []


# an English move (what a French player is told to type) or an English game word left in a
# French text: French players type French words (service/words.py) and read the rulebook's
ENGLISH_MOVE = re.compile(r"\b(pick (small|large)|place [A-M]\d|place SQUARE|resolve \d|move \d|turn \d|turn 0-5"
                          r"|drop \d|undo|confirm)\b", re.I)
ENGLISH_TERRAIN = re.compile(r"\b(water|energy|biomass|lifepods?|meteorites?|ice)\b", re.I)


def english_in_french(text: str) -> list[str]:
    """English moves and terrain words in a French text (placeholders set aside)."""
    plain = re.sub(r"\{\w*(:[^}]*)?\}", " ", text)
    return [m.group(0) for m in ENGLISH_MOVE.finditer(plain)] + [m.group(0) for m in ENGLISH_TERRAIN.finditer(plain)]


def test_the_check_finds_english_moves_and_terrains_in_french_texts():
    assert english_in_french("essayez : pick small | place C5 3") == ["pick small", "place C5"]
    assert english_in_french("Prendre la grande tuile (U5 energy/water)") == ["energy", "water"]
    assert english_in_french("réglez vos points, puis confirmez (confirm)") == ["confirm"]
    assert english_in_french("poser C5 3 ; Eau sur la Glace {ice} ; une place libre ; large") == []


def test_no_french_text_tells_an_english_move_or_names_an_english_terrain():
    found = []
    for key, text in french().items():
        for form in (text if isinstance(text, (tuple, list)) else [text]):
            if isinstance(form, str) and english_in_french(form):
                found.append((key, english_in_french(form)))
    assert found == []


def test_french_texts_put_a_space_before_a_colon():
    """French typography: « doit jouer : … », not « doit jouer: … » (a time like 12:30, a
    link or an emoji code is not a colon of the text)."""
    found = []
    for text in french().values():
        for form in (text if isinstance(text, (tuple, list)) else [text]):
            if not isinstance(form, str):
                continue
            plain = re.sub(r"`[^`]*`|<[^>]*>|https?://\S+|:\w+:|\d:\d", "", form).replace("{", "x{")
            if re.search(r"[^\s:]:(\s|$)", plain):
                found.append(form)
    assert found == [], found[:10]


def test_french_texts_name_the_energy_core_one_way():
    """Solar Storm's room is « Noyau énergétique » in French, as on its card and in the game's
    data: no text calls it « noyau d'énergie » (the rulebook's phrase in « Dévier l'énergie des 8
    pièces et activer le noyau d'énergie »), except inside a quote of the rulebook between « »."""
    found = []
    for text in french().values():
        for form in (text if isinstance(text, (tuple, list)) else [text]):
            if isinstance(form, str) and re.search(r"noyau d['’]\s*énergie", re.sub(r"«[^»]*»", "", form), re.I):
                found.append(form)
    assert found == [], found
    assert any("Noyau énergétique" in str(text) for text in french().values())


# ---------------------------------------------------------------------- the lint

# call name -> (positions, keywords) of its player-facing text arguments
SINKS: dict[str, tuple[tuple[int, ...], tuple[str, ...]]] = {
    "send_message": ((0,), ("content",)), "send": ((0,), ("content",)),
    "edit_original_response": ((), ("content",)), "edit_message": ((), ("content",)), "edit": ((), ("content",)),
    "send_private": ((1,), ("text",)), "private": ((1,), ("text",)), "say": ((0,), ()),
    "Button": ((), ("label",)), "SelectOption": ((), ("label", "description")), "Select": ((), ("placeholder",)),
    "Embed": ((), ("title", "description")), "Control": ((2,), ("label",)), "_post": ((1,), ("text",)),
    **{error: ((0,), ()) for error in ("ServiceError", "NoGameHere", "NotInGame", "NotAllowed", "WrongStage",
                                        "ConfigError", "MalformedAction", "IllegalAction", "EngineError",
                                        "NotYourTurn", "GameOver")},
}
WORD = re.compile(r"[A-Za-z]{2,}")
SCANNED = ("cogs", "service", "bot.py", "engine/solar_storm")  # Solar Storm's rules speak the reader's language
NOT_SCANNED = {"service/workers.py"}  # render calls (images: their own helper)


def _literal_words(node: ast.AST) -> list[str]:
    """Literal text with words in it that ``node`` (an argument) would show as it is: a
    string, an f-string's text, either side of ``+``, either branch of ``x if c else y``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value] if WORD.search(node.value) else []
    if isinstance(node, ast.JoinedStr):
        text = "".join(v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str))
        return [text] if WORD.search(text) else []
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _literal_words(node.left) + _literal_words(node.right)
    if isinstance(node, ast.IfExp):
        return _literal_words(node.body) + _literal_words(node.orelse)
    return []


def _name(func: ast.AST) -> str:
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""


def untranslated(source: str, where: str = "<source>") -> list[str]:
    """``where:line: text`` of each player-facing literal in ``source`` that skips ``_()``."""
    found = []
    tree = ast.parse(source)
    for node in ast.walk(tree):
        args: list[ast.expr] = []
        if isinstance(node, ast.Call) and _name(node.func) in SINKS:
            positions, keywords = SINKS[_name(node.func)]
            args = [node.args[i] for i in positions if i < len(node.args)]
            args += [k.value for k in node.keywords if k.arg in keywords]
        elif isinstance(node, ast.Assign) and any(isinstance(t, ast.Attribute) and t.attr == "text"
                                                  for t in node.targets):  # panel.text = "..."
            args = [node.value.elts[0] if isinstance(node.value, ast.Tuple) else node.value]
        elif isinstance(node, ast.Assign) and any(isinstance(t, ast.Tuple) and any(
                isinstance(e, ast.Attribute) and e.attr == "text" for e in t.elts) for t in node.targets) \
                and isinstance(node.value, ast.Tuple):  # panel.text, panel.done = "...", True
            args = [node.value.elts[0]]
        for arg in args:
            for text in _literal_words(arg):
                found.append(f"{where}:{getattr(arg, 'lineno', '?')}: {text[:60]!r}")
    return found


def rebinds_underscore(source: str, where: str = "<source>") -> list[str]:
    """``where:line`` where a module that imports ``_`` binds the name ``_`` in a function
    (a comprehension's own ``_`` is its own scope and harmless)."""
    tree = ast.parse(source)
    imports = any(isinstance(n, ast.ImportFrom) and any(a.name == "_" and a.asname is None for a in n.names)
                  for n in tree.body)
    if not imports:
        return []
    found = []
    for func in ast.walk(tree):
        if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for node in ast.walk(func):
            targets: list[ast.expr] = []
            if isinstance(node, (ast.Assign, ast.For, ast.AsyncFor, ast.With)):
                targets = node.targets if isinstance(node, ast.Assign) else (
                    [node.target] if isinstance(node, (ast.For, ast.AsyncFor)) else
                    [i.optional_vars for i in node.items if i.optional_vars is not None])
            for target in targets:
                if any(isinstance(n, ast.Name) and n.id == "_" for n in ast.walk(target)):
                    found.append(f"{where}:{target.lineno}")
    return found


def scanned_files() -> list[Path]:
    files = []
    for name in SCANNED:
        path = ROOT / name
        files += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return [f for f in files if f.relative_to(ROOT).as_posix() not in NOT_SCANNED]


BAD = '''
from i18n import _
async def handler(self, interaction, game, error):
    await interaction.response.send_message("Your move was played.", ephemeral=True)
    await interaction.followup.send(f"Game #{game.id} is over.")
    await self.send_private(interaction, "Round " + str(game.round))
    raise WrongStage(f"There is no player {seat} here.")
    button = discord.ui.Button(label="Join", custom_id=f"pul:{game.id}:join")
    panel.text, panel.done = "Nothing to do.", True
    Control("button", "a:confirm", "Confirm my turn")
    await channel.send(content="ok" if game else f"Sorry, {error}")
    kind, _, rest = verb.partition(":")
'''
GOOD = '''
from i18n import _
async def handler(self, interaction, game, action):
    await interaction.response.send_message(_("Your move was played."), ephemeral=True)
    await interaction.followup.send(_("Game #{game} is over.").format(game=game.id))
    await interaction.followup.send(f"✔ {action}")  # typed action text: no words of ours
    button = discord.ui.Button(label=_("Join"), custom_id=f"pul:{game.id}:join")
    Control("button", "a:confirm", _("Confirm my turn"))
    lines = [_(x) for x in ("a", "b") for _y in range(2)]
    pairs = [a for _, a in lines]
'''


def test_the_lint_catches_planted_untranslated_texts_and_passes_wrapped_ones():
    found = untranslated(BAD)
    assert len(found) == 9, found  # both branches of the last send
    assert any("Your move was played." in f for f in found) and any("Sorry, " in f for f in found)
    assert untranslated(GOOD) == []
    assert rebinds_underscore(BAD) == ["<source>:12"] and rebinds_underscore(GOOD) == []


def test_no_player_facing_text_bypasses_the_catalogue():
    found = []
    for path in scanned_files():
        source = path.read_text(encoding="utf-8")
        where = path.relative_to(ROOT).as_posix()
        found += untranslated(source, where) + [f"{w}: rebinds _" for w in rebinds_underscore(source, where)]
    assert found == []
