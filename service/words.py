"""Typed moves in the player's words: a move is written in the engine's language-neutral text
(``pick large``, ``place C5 3``, ``move 1 up``), and a French player may type the French words
for its verb and its fixed words (``prendre grande``, ``poser C5 3``, ``déplacer 1 haut``),
accents optional, and the French terrain of ``resolve`` (``résoudre 2 eau``). Anything else
(squares, numbers, other values) is left as typed."""
from __future__ import annotations

import unicodedata

VERBS = {"annuler": "undo", "confirmer": "confirm", "remettre": "drop", "ecarter": "drop", "tourner": "turn",
         "prendre": "pick", "poser": "place", "placer": "place", "resoudre": "resolve", "deplacer": "move"}
WORDS = {"petite": "small", "grande": "large", "haut": "up", "bas": "down", "gauche": "left", "droite": "right"}
VALUES = {"eau": "water", "energie": "energy", "biomasse": "biomass", "stocker": "store"}  # of ``resolve``


def _plain(word: str) -> str:
    """``word`` in lower case without accents (``Résoudre`` -> ``resoudre``)."""
    return "".join(c for c in unicodedata.normalize("NFD", word.lower()) if unicodedata.category(c) != "Mn")


def neutral(text: str) -> str:
    """The move ``text`` with French verbs and fixed words put in the engine's words."""
    words = text.split()
    if not words or _plain(words[0]) not in VERBS:
        return text
    verb = VERBS[_plain(words[0])]
    table = VALUES if verb == "resolve" else WORDS
    rest = [table.get(_plain(w), w) for w in words[1:]]
    return " ".join([verb, *rest])
