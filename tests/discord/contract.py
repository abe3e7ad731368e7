"""Discord's documented limits, checked on every payload the bot sends in the end-to-end tests.

SimCord accepts some payloads real Discord refuses (and the bot swallows the 400s it does
return, so a test sees only "something went wrong" if it looks). ``ContractRecorder`` wraps
SimCord's router (the one place every REST call and interaction callback goes through), checks
each request with the functions below, answers a structural violation with the 400 (code 50035,
Invalid Form Body) real Discord would give, and keeps every violation so the test fails at
teardown (tests/discord/conftest.py). Each rule is shown catching a bad payload in
tests/discord/test_contract.py.

The limits (Discord developer documentation: Message Components, Channel "Create Message",
Embed Limits, Application Commands, Interactions "Responding"):

- content: at most 2,000 characters; at most 10 embeds, each within the embed limits
  (title 256, description 4,096, 25 fields of name 256 / value 1,024, footer 2,048,
  author 256) and all of a message's embeds at most 6,000 characters together;
- attachments: at most 10 files, each at most 10 MiB (a server without boosts);
- components: at most 5 action rows; a row holds 1-5 buttons or exactly one select menu;
  every custom_id 1-100 characters and unique within the message; button labels 80,
  select placeholder 150; a select has 1-25 options (label 1-100, value 1-100, description
  100) with unique values, 0 <= min_values <= max_values <= options and max_values 1-25;
- autocomplete: at most 25 choices, names 1-100 characters, string values at most 100;
- modals: title 1-45, custom_id 1-100, 1-5 rows of one text input (label 1-45, placeholder
  100, lengths 0-4,000);
- command tree: names 1-32 characters of letters, digits, ``-`` and ``_``, lower case
  (``^[-_\\p{L}\\p{N}]{1,32}$``, with the lower-case variant of any letter); chat-input
  descriptions 1-100; at most 25 options, 25 choices, 25 subcommands in a group; choice names
  1-100 and string values at most 100; required options before optional ones; at most
  100 global chat-input commands; localised names and descriptions (``name_localizations``,
  ``description_localizations``) within the same limits, sibling names distinct in each locale;
  a chat-input command at most 8,000 characters in all (``command_size``: Discord's developer
  documentation, Application Commands, "Slash Commands": "a maximum of 8000 characters for
  combined name, description, and value properties for each command, its options (including
  subcommands and groups), and choices. When localization fields are present, only the longest
  localization for each field (including the default value) is counted towards the size limit";
  older versions of that page said 4,000; discord/discord-api-docs#5343 added the localisation
  rule);
- the first answer to an interaction (a response or a defer) within 3 s of (virtual) time.

Allowed mentions (what we check, since Discord cannot): a *notifying* message (a new message
that is not ephemeral; edits and ephemeral messages ping nobody) must ping every user it
mentions as ``<@id>``, except a mention the text itself marks as a reference rather than an
address: one in parentheses (``Seat 2 (<@old>) ...``) or one naming who did something in a
finished past act (``was ended by <@id>``: "was|were <word> by"). So "Seat 3 is now played
by <@new>" must ping the new player, "<@a>, you are the commander" must ping a. And no message
may be able to ping @everyone, @here or a role (the bot never means to; a display name could
contain one).

Descriptions (what we check, since Discord cannot): every command, group and option says what
it is for in every language the bot speaks (``check_descriptions``). discord.py fills a missing
option description with "…", which Discord accepts and shows under the option as it is.
"""
from __future__ import annotations

import copy
import fnmatch
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

CONTENT_LIMIT = 2000
EMBEDS_PER_MESSAGE = 10
EMBED_TOTAL = 6000
EMBED_FIELDS = 25
ATTACHMENTS_PER_MESSAGE = 10
ATTACHMENT_BYTES = 10 * 1024 * 1024  # 10 MiB: the upload limit of a server without boosts
ACTION_ROWS = 5
BUTTONS_PER_ROW = 5
CUSTOM_ID = 100
BUTTON_LABEL = 80
PLACEHOLDER = 150
SELECT_OPTIONS = 25
OPTION_LABEL = OPTION_VALUE = OPTION_DESCRIPTION = 100
AUTOCOMPLETE_CHOICES = 25
CHOICE_NAME = CHOICE_VALUE = 100
COMMAND_NAME = 32
COMMAND_DESCRIPTION = 100
COMMAND_OPTIONS = 25
COMMAND_CHARACTERS = 8000
PLACEHOLDER_DESCRIPTIONS = {"…", "...", "-", "—"}  # discord.py's default for an undescribed option is "…"
GLOBAL_CHAT_COMMANDS = 100
MODAL_TITLE = 45
FIRST_RESPONSE_SECONDS = 3.0
EPHEMERAL = 1 << 6

SELECT_TYPES = {3, 5, 6, 7, 8}


# ------------------------------------------------------------------ messages


def _text(value: Any, where: str, high: int, low: int = 0) -> list[str]:
    if value is None:
        return [f"{where} is missing"] if low else []
    if not isinstance(value, str):
        return [f"{where} must be a string, not {type(value).__name__}"]
    if not low <= len(value) <= high:
        return [f"{where} has {len(value)} characters (allowed {low}-{high}): {value[:60]!r}"]
    return []


def check_content(content: Any) -> list[str]:
    return _text(content, "content", CONTENT_LIMIT)


def check_embeds(embeds: Any) -> list[str]:
    if not embeds:
        return []
    out = []
    if len(embeds) > EMBEDS_PER_MESSAGE:
        out.append(f"{len(embeds)} embeds in one message (at most {EMBEDS_PER_MESSAGE})")
    total = 0
    for i, e in enumerate(embeds):
        parts = [("title", e.get("title"), 256), ("description", e.get("description"), 4096),
                 ("footer.text", (e.get("footer") or {}).get("text"), 2048),
                 ("author.name", (e.get("author") or {}).get("name"), 256)]
        fields = e.get("fields") or []
        if len(fields) > EMBED_FIELDS:
            out.append(f"embed {i} has {len(fields)} fields (at most {EMBED_FIELDS})")
        for j, f in enumerate(fields):
            parts += [(f"fields[{j}].name", f.get("name"), 256), (f"fields[{j}].value", f.get("value"), 1024)]
        for name, value, high in parts:
            out += _text(value, f"embed {i} {name}", high)
            total += len(value) if isinstance(value, str) else 0
    if total > EMBED_TOTAL:
        out.append(f"the embeds hold {total} characters together (at most {EMBED_TOTAL})")
    return out


def check_attachments(files: list[tuple[str, int]]) -> list[str]:
    """``files``: (filename, size in bytes) of each uploaded file."""
    out = []
    if len(files) > ATTACHMENTS_PER_MESSAGE:
        out.append(f"{len(files)} attachments (at most {ATTACHMENTS_PER_MESSAGE})")
    for name, size in files:
        if size > ATTACHMENT_BYTES:
            out.append(f"attachment {name!r} is {size} bytes (at most {ATTACHMENT_BYTES}, 10 MiB)")
    return out


def check_components(rows: Any) -> list[str]:
    """Legacy (action row) components of one message or modal-less response."""
    if not rows:
        return []
    out = []
    if len(rows) > ACTION_ROWS:
        out.append(f"{len(rows)} action rows (at most {ACTION_ROWS})")
    seen: dict[str, int] = {}
    for r, row in enumerate(rows):
        if row.get("type") != 1:
            out.append(f"row {r}: a top-level component must be an action row (type 1), not {row.get('type')}")
            continue
        items = row.get("components") or []
        if not items:
            out.append(f"row {r} is empty")
        selects = [c for c in items if c.get("type") in SELECT_TYPES]
        if selects and len(items) != 1:
            out.append(f"row {r}: a select menu fills its row, but the row has {len(items)} components")
        if len(items) > BUTTONS_PER_ROW:
            out.append(f"row {r} has {len(items)} buttons (at most {BUTTONS_PER_ROW})")
        for c in items:
            where = f"row {r} {'button' if c.get('type') == 2 else 'select'}"
            if c.get("type") == 2 and c.get("style") == 5:
                out += _text(c.get("url"), f"{where} url", 512, 1)
            else:
                cid = c.get("custom_id")
                out += _text(cid, f"{where} custom_id", CUSTOM_ID, 1)
                if isinstance(cid, str):
                    if cid in seen:
                        out.append(f"custom_id {cid!r} is not unique in the message (rows {seen[cid]} and {r})")
                    seen.setdefault(cid, r)
            if c.get("type") == 2:
                out += _text(c.get("label"), f"{where} label", BUTTON_LABEL)
                if not c.get("label") and not c.get("emoji"):
                    out.append(f"{where} {cid!r} has neither a label nor an emoji")
            elif c.get("type") in SELECT_TYPES:
                out += _select(c, where)
            else:
                out.append(f"row {r}: component type {c.get('type')} cannot go in an action row")
    return out


def _select(c: dict, where: str) -> list[str]:
    out = _text(c.get("placeholder"), f"{where} placeholder", PLACEHOLDER)
    low, high = c.get("min_values", 1), c.get("max_values", 1)
    if not 0 <= low <= 25 or not 1 <= high <= 25 or low > high:
        out.append(f"{where}: min_values {low} / max_values {high} (0 <= min <= max, 1 <= max <= 25)")
    if c.get("type") != 3:
        return out
    options = c.get("options") or []
    if not 1 <= len(options) <= SELECT_OPTIONS:
        out.append(f"{where} has {len(options)} options (1-{SELECT_OPTIONS})")
    if high > len(options) >= 1:
        out.append(f"{where}: max_values {high} is more than its {len(options)} options")
    values = set()
    for k, o in enumerate(options):
        out += _text(o.get("label"), f"{where} option {k} label", OPTION_LABEL, 1)
        out += _text(o.get("value"), f"{where} option {k} value", OPTION_VALUE, 1)
        out += _text(o.get("description"), f"{where} option {k} description", OPTION_DESCRIPTION)
        if o.get("value") in values:
            out.append(f"{where}: option value {o.get('value')!r} is not unique")
        values.add(o.get("value"))
    if sum(bool(o.get("default")) for o in options) > high:
        out.append(f"{where}: more default options than max_values {high}")
    return out


USER_MENTION = re.compile(r"<@!?([0-9]{15,21})>")
QUIET_CONTEXT = re.compile(r"(?:\bw(?:as|ere) \w+ by $|\ba été \w+ par $|\bont été \w+ par $)")  # and French


def check_mentions(content: Any, allowed: dict | None, *, notifies: bool) -> list[str]:
    """The allowed-mentions rule of the module docstring. ``allowed`` is the payload's
    ``allowed_mentions`` (None when absent: Discord then parses every mention)."""
    if not isinstance(content, str) or not notifies:
        return []
    out = []
    parse = {"users", "roles", "everyone"} if allowed is None else set(allowed.get("parse") or [])
    users = set() if allowed is None else {str(u) for u in allowed.get("users") or []}
    if "everyone" in parse and re.search(r"@(everyone|here)\b", content):
        out.append("the message can ping @everyone/@here (allowed_mentions permits it)")
    roles = "roles" in parse or (allowed is not None and allowed.get("roles"))
    if roles and re.search(r"<@&[0-9]+>", content):
        out.append("the message can ping a role (allowed_mentions permits it)")
    depth = 0
    pos = 0
    for m in USER_MENTION.finditer(content):
        depth += content.count("(", pos, m.start()) - content.count(")", pos, m.start())
        pos = m.start()
        uid = m.group(1)
        if "users" in parse or uid in users:
            continue
        line_start = content.rfind("\n", 0, m.start()) + 1
        before = content[line_start:m.start()]
        if depth > 0 or QUIET_CONTEXT.search(before):
            continue  # a reference, not an address (module docstring)
        out.append(f"<@{uid}> is addressed in a notifying message but allowed_mentions does not ping them: "
                   f"{content[line_start:line_start + 120]!r}")
    return out


def check_message(body: dict, files: Sequence[tuple[str, int]] = (), *, notifies: bool = False) -> list[str]:
    """A message as sent (create, followup, edit or the data of an interaction response)."""
    out = check_content(body.get("content"))
    out += check_embeds(body.get("embeds"))
    out += check_attachments(list(files))
    out += check_components(body.get("components"))
    out += check_mentions(body.get("content"), body.get("allowed_mentions"), notifies=notifies)
    return out


# ------------------------------------------------------------------ interactions


def check_autocomplete(choices: Any) -> list[str]:
    choices = choices or []
    out = []
    if len(choices) > AUTOCOMPLETE_CHOICES:
        out.append(f"{len(choices)} autocomplete choices (at most {AUTOCOMPLETE_CHOICES})")
    for i, c in enumerate(choices):
        out += _text(c.get("name"), f"autocomplete choice {i} name", CHOICE_NAME, 1)
        if isinstance(c.get("value"), str):
            out += _text(c.get("value"), f"autocomplete choice {i} value", CHOICE_VALUE)
    return out


def check_modal(data: dict) -> list[str]:
    out = _text(data.get("title"), "modal title", MODAL_TITLE, 1)
    out += _text(data.get("custom_id"), "modal custom_id", CUSTOM_ID, 1)
    rows = data.get("components") or []
    if not 1 <= len(rows) <= 5:
        out.append(f"modal has {len(rows)} rows (1-5)")
    seen = set()
    for r, row in enumerate(rows):
        for c in row.get("components") or ([row] if row.get("type") != 1 else []):
            cid = c.get("custom_id")
            out += _text(cid, f"modal row {r} custom_id", CUSTOM_ID, 1)
            if cid in seen:
                out.append(f"modal custom_id {cid!r} is not unique")
            seen.add(cid)
            if c.get("type") == 4:
                out += _text(c.get("label"), f"modal row {r} label", 45, 1)
                out += _text(c.get("placeholder"), f"modal row {r} placeholder", 100)
                out += _text(c.get("value"), f"modal row {r} value", 4000)
    return out


# ------------------------------------------------------------------ the command tree


def valid_name(name: Any) -> bool:
    """``^[-_\\p{L}\\p{N}]{1,32}$`` with the lower-case variant of every letter that has one."""
    if not isinstance(name, str) or not 1 <= len(name) <= COMMAND_NAME:
        return False
    for ch in name:
        if ch in "-_":
            continue
        cat = unicodedata.category(ch)
        if cat[0] not in "LN":
            return False
        if ch != ch.lower():
            return False
    return True


def _check_localisations(item: dict, where: str, description: bool = True) -> list[str]:
    """A command's, option's or choice's localised name (and description): within the same
    limits as the default ones."""
    out = []
    for locale, name in (item.get("name_localizations") or {}).items():
        if description and not valid_name(name):
            out.append(f"{where}: {locale} name {name!r} is not 1-32 lower-case letters, digits, - or _")
        elif not description:
            out += _text(name, f"{where} {locale} choice name", CHOICE_NAME, 1)
    for locale, text in (item.get("description_localizations") or {}).items():
        out += _text(text, f"{where} {locale} description", COMMAND_DESCRIPTION, 1)
    return out


def _localised_names_unique(items: list, where: str) -> list[str]:
    """Sibling commands or options keep distinct names in every language (each locale's name,
    or the default name where a locale has none)."""
    out = []
    locales = {loc for o in items for loc in (o.get("name_localizations") or {})}
    for locale in sorted(locales):
        names = [(o.get("name_localizations") or {}).get(locale, o.get("name")) for o in items]
        twice = sorted({n for n in names if names.count(n) > 1})
        if twice:
            out.append(f"{where}: {locale} names {twice} are used twice")
    return out


def _check_options(options: list, where: str, depth: int) -> list[str]:
    out = _localised_names_unique(options, where)
    if len(options) > COMMAND_OPTIONS:
        out.append(f"{where} has {len(options)} options/subcommands (at most {COMMAND_OPTIONS})")
    names = set()
    optional_seen = False
    for o in options:
        name = o.get("name")
        here = f"{where} {name}"
        if not valid_name(name):
            out.append(f"option name {name!r} of {where} is not 1-32 lower-case letters, digits, - or _")
        if name in names:
            out.append(f"{where}: option name {name!r} is used twice")
        names.add(name)
        out += _text(o.get("description"), f"{here} description", COMMAND_DESCRIPTION, 1)
        out += _check_localisations(o, here)
        if o.get("type") in (1, 2):  # subcommand, group
            if depth >= 2 or (o.get("type") == 2 and depth >= 1):
                out.append(f"{here}: subcommands nest too deep")
            out += _check_options(o.get("options") or [], here, depth + 1)
            continue
        if o.get("required"):
            if optional_seen:
                out.append(f"{here}: a required option comes after an optional one")
        else:
            optional_seen = True
        choices = o.get("choices") or []
        if len(choices) > AUTOCOMPLETE_CHOICES:
            out.append(f"{here} has {len(choices)} choices (at most {AUTOCOMPLETE_CHOICES})")
        if choices and o.get("autocomplete"):
            out.append(f"{here} has both choices and autocomplete")
        for c in choices:
            out += _text(c.get("name"), f"{here} choice name", CHOICE_NAME, 1)
            out += _check_localisations(c, f"{here} choice", description=False)
            if isinstance(c.get("value"), str):
                out += _text(c.get("value"), f"{here} choice value", CHOICE_VALUE)
    return out


def _longest(item: dict, key: str) -> int:
    texts = [item.get(key)] + list((item.get(f"{key}_localizations") or {}).values())
    return max((len(str(t)) for t in texts if t is not None), default=0)


def command_size(item: dict) -> int:
    """The characters a command (or one of its options) counts toward Discord's 8,000 (module
    docstring): its name and description, each option's, each choice's name and value, each
    field at its longest localisation. A number's value is counted as its digits (Discord says
    "value properties"; counting them can only err on the safe side)."""
    size = _longest(item, "name") + _longest(item, "description")
    for choice in item.get("choices") or []:
        size += _longest(choice, "name") + len(str(choice.get("value", "")))
    return size + sum(command_size(o) for o in item.get("options") or [])


def check_descriptions(commands: list[dict], locales: Sequence[str]) -> list[str]:
    """Every chat-input command, group, subcommand and option has a real description (not
    discord.py's "…") in the default language and in each of ``locales`` (Discord locale codes)."""
    out: list[str] = []

    def walk(item: dict, where: str) -> None:
        text = (item.get("description") or "").strip()
        if text in PLACEHOLDER_DESCRIPTIONS or not text:
            out.append(f"{where} has no description (Discord shows {text or 'nothing'!r} under it)")
        for locale in locales:
            local = ((item.get("description_localizations") or {}).get(locale) or "").strip()
            if local in PLACEHOLDER_DESCRIPTIONS or not local:
                out.append(f"{where} has no {locale} description (Discord shows the English one)")
        for o in item.get("options") or []:
            walk(o, f"{where} {o.get('name')}")

    for c in commands:
        if c.get("type", 1) == 1:
            walk(c, f"/{c.get('name')}")
    return out


def check_commands(commands: list[dict]) -> list[str]:
    """A bulk overwrite of the command tree (PUT .../commands)."""
    out = []
    chat = [c for c in commands if c.get("type", 1) == 1]
    if len(chat) > GLOBAL_CHAT_COMMANDS:
        out.append(f"{len(chat)} chat-input commands (at most {GLOBAL_CHAT_COMMANDS})")
    seen = set()
    for c in commands:
        name, kind = c.get("name"), c.get("type", 1)
        if (kind, name) in seen:
            out.append(f"command {name!r} is defined twice")
        seen.add((kind, name))
        if kind == 1:
            if not valid_name(name):
                out.append(f"command name {name!r} is not 1-32 lower-case letters, digits, - or _")
            out += _text(c.get("description"), f"/{name} description", COMMAND_DESCRIPTION, 1)
            out += _check_localisations(c, f"/{name}")
            out += _check_options(c.get("options") or [], f"/{name}", 0)
            size = command_size(c)
            if size > COMMAND_CHARACTERS:
                out.append(f"/{name} has {size} characters of names, descriptions and values, counting each "
                           f"field's longest localisation (at most {COMMAND_CHARACTERS})")
        else:
            out += _text(name, "context menu name", COMMAND_NAME, 1)
            if c.get("description"):
                out.append(f"context menu {name!r} must have an empty description")
    return out


# ------------------------------------------------------------------ the recorder


@dataclass
class ContractRecorder:
    """Checks every request SimCord's router receives; ``violations`` is what a test fails on."""
    violations: list[str] = field(default_factory=list)
    requests: int = 0
    locales: Sequence[str] = ()  # the Discord locales every description is written in (check_descriptions)

    def check(self, backend, method: str, path: str, json: Any, files: list) -> list[str]:
        """The violations of one request (also kept in ``self.violations``). The ones real
        Discord answers with a 400 are returned for the caller to refuse the request."""
        self.requests += 1
        body = json if isinstance(json, dict) else {}
        sizes = [(getattr(f, "filename", "?"), _size(f)) for f in files or []]
        refused: list[str] = []
        advisory: list[str] = []
        what = f"{method} {path}"
        if method == "PUT" and fnmatch.fnmatch(path, "/applications/*/commands") or \
                method == "PUT" and fnmatch.fnmatch(path, "/applications/*/guilds/*/commands"):
            refused += check_commands(json if isinstance(json, list) else [])
            advisory += check_descriptions(json if isinstance(json, list) else [], self.locales)
        elif method == "POST" and fnmatch.fnmatch(path, "/interactions/*/*/callback"):
            refused_, advisory = self._callback(backend, path, body, sizes)
            refused += refused_
        elif method == "POST" and fnmatch.fnmatch(path, "/webhooks/*/*"):  # a followup (or the deferred answer)
            token = path.rsplit("/", 1)[1]
            ephemeral = bool(int(body.get("flags") or 0) & EPHEMERAL)
            record = _interaction(backend, token)
            if record is not None and record.loading:
                ephemeral = bool(record.ephemeral)
            refused += check_message(body, sizes)
            advisory += check_mentions(body.get("content"), body.get("allowed_mentions"), notifies=not ephemeral)
        elif method == "POST" and re.fullmatch(r"/channels/[0-9]+/messages", path):
            refused += check_message(body, sizes)
            advisory += check_mentions(body.get("content"), body.get("allowed_mentions"), notifies=True)
        elif method == "PATCH" and ("/messages/" in path):  # edits notify nobody
            refused += check_message(body, sizes)
        elif method == "POST" and re.fullmatch(r"/channels/[0-9]+/threads", path) and "message" in body:
            refused += check_message(body["message"], sizes)
        self.violations += [f"{what}: {v}" for v in refused + advisory]
        return refused

    def _callback(self, backend, path: str, body: dict, sizes) -> tuple[list[str], list[str]]:
        refused: list[str] = []
        advisory: list[str] = []
        kind = body.get("type")
        data = body.get("data") or {}
        interaction_id = int(path.split("/")[2])
        record = backend.interactions.get(interaction_id)
        if record is not None and not record.responded and record.initial_response_deadline is not None \
                and backend.now_iso() >= record.initial_response_deadline:
            advisory.append(f"the first answer came after {FIRST_RESPONSE_SECONDS:g} s "
                            f"(deadline {record.initial_response_deadline}, now {backend.now_iso()})")
        if kind in (4, 7):
            refused += check_message(data, sizes)
            if kind == 4:
                advisory += check_mentions(data.get("content"), data.get("allowed_mentions"),
                                           notifies=not int(data.get("flags") or 0) & EPHEMERAL)
        elif kind == 8:
            refused += check_autocomplete(data.get("choices"))
        elif kind == 9:
            refused += check_modal(data)
        return refused, advisory


def _interaction(backend, token: str):
    try:
        if token in backend.interaction_tokens:
            return backend.interaction_by_token(token)
    except Exception:  # noqa: BLE001 - an unknown token is the router's business
        return None
    return None


def _size(f) -> int:
    fp = getattr(f, "fp", None)
    if fp is None:
        return 0
    try:
        here = fp.tell()
        fp.seek(0, 2)
        size = fp.tell()
        fp.seek(here)
        return size
    except (OSError, ValueError):
        return 0


def install(monkeypatch, recorder: ContractRecorder) -> None:
    """Route every SimCord request through ``recorder`` for the rest of the test."""
    from simcord.backend.errors import BackendError
    from simcord.http import router

    original = router.dispatch

    def dispatch(backend, method, path, *, json=None, files=None, **kwargs):
        refused = recorder.check(backend, method, path, copy.deepcopy(json), files or [])
        if refused:  # what real Discord answers: 400 Invalid Form Body
            raise BackendError(400, 50035, "Invalid Form Body (tests/discord/contract.py): " + "; ".join(refused))
        return original(backend, method, path, json=json, files=files, **kwargs)

    monkeypatch.setattr(router, "dispatch", dispatch)
