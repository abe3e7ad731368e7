"""Which planet and corporation each player gets.

Rulebook (both editions, setup step 2): every player chooses on their own whether to play
the identical side or the asymmetric side of their planet board and of their corporation
board. The identical sides (KSB-4156, Universal Coalition) are on every board, so any number
of players may play them; each asymmetric side exists once, so two players never share one.

In the lobby a player may choose both (``choices``: user id -> {"planet", "corporation"});
whoever does not choose gets the game's default: the identical sides ("standard"), or an
asymmetric side dealt at random among those nobody chose ("random").
"""
from __future__ import annotations

import random

from engine import data as D
from engine import planets as P
from engine.setup import SUPPORTED_CORPORATIONS, SUPPORTED_PLANETS
from i18n import _

STANDARD_PLANET = "ksb-4156"
STANDARD_CORPORATION = "universal_coalition"


def planet_name(planet_id: str) -> str:
    return D.planet(planet_id).name


def corporation_name(corp_id: str) -> str:
    return D.corporation(corp_id).name


def planet_options() -> list[tuple[str, str, str]]:
    """(id, label, description) of every planet a player may choose, the identical side first."""
    out = []
    for pid in SUPPORTED_PLANETS:
        p = D.planet(pid)
        out.append((pid, _("{name} (complexity {n})").format(name=p.name, n=p.complexity), p.pitch or P.rules_for(pid).summary))
    return out


def corporation_options() -> list[tuple[str, str, str]]:
    out = []
    for cid in SUPPORTED_CORPORATIONS:
        c = D.corporation(cid)
        out.append((cid, _("{name} (complexity {n})").format(name=c.name, n=c.complexity), c.pitch))
    return out


def taken_by(choices: dict, kind: str, value: str, except_user: str | None = None) -> str | None:
    """The user (id as text) who already chose this asymmetric side, or None. The identical
    sides are never 'taken'."""
    if value in (STANDARD_PLANET, STANDARD_CORPORATION):
        return None
    for user, picked in choices.items():
        if user != except_user and picked.get(kind) == value:
            return user
    return None


def deal(mode: str, seed: int, users: list[int | None], choices: dict) -> dict:
    """make_config's planets and corporations for the seats in order (``users``: the user id
    of each seat, None for a computer seat). Chosen sides are kept; the others get the
    identical sides ("standard") or asymmetric sides nobody chose, at random ("random")."""
    rng = random.Random(f"boards:{seed}")
    out = {}
    for kind, standard, every in (("planets", STANDARD_PLANET, SUPPORTED_PLANETS),
                                  ("corporations", STANDARD_CORPORATION, SUPPORTED_CORPORATIONS)):
        key = kind[:-1]
        chosen = [choices.get(str(u), {}).get(key) if u is not None else None for u in users]
        if mode == "random":
            pool = [x for x in every if x != standard and x not in chosen]
            dealt = iter(rng.sample(pool, min(len(users), len(pool))))
            out[kind] = [c or next(dealt, standard) for c in chosen]
        else:
            out[kind] = [c or standard for c in chosen]
    return out
