"""A Babel extractor for the Discord layer (babel.cfg: ``[cogs: cogs/**.py]``): the messages of
Babel's Python extractor, plus the English texts of slash commands, which discord.py hands to
the command tree's translator (cogs/translator.py) rather than to ``_()``: ``description=`` of
commands and groups (``group_description=`` of a cog class), the option descriptions of
``describe(...)``, and literal ``Choice(name=...)``."""
from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import Any

from babel.messages.extract import extract_python

KEYWORDS = {"description", "group_description"}


def command_texts(source: str) -> Iterator[tuple[int, str]]:
    """(line, text) of every slash-command text in ``source``."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ClassDef):
            keywords, name = node.keywords, ""
        elif isinstance(node, ast.Call):
            func = node.func
            keywords = node.keywords
            name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
        else:
            continue
        for kw in keywords:
            value = kw.value
            if not (isinstance(value, ast.Constant) and isinstance(value.value, str) and value.value):
                continue
            if kw.arg in KEYWORDS or name == "describe" or (name == "Choice" and kw.arg == "name"):
                yield value.lineno, value.value


def extract(fileobj, keywords, comment_tags, options: dict[str, Any]) -> Iterator[tuple]:
    source = fileobj.read()
    fileobj.seek(0)
    yield from extract_python(fileobj, keywords, comment_tags, options)  # type: ignore[arg-type]
    text = source.decode(options.get("encoding", "utf-8")) if isinstance(source, bytes) else source
    for line, message in command_texts(text):
        yield line, None, message, []
