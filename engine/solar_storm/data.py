"""Solar Storm's component data (``data/solar_storm.json``), loaded and validated once.

The file is the reference data of ``shared/reference/solar_storm/`` (its README describes each
field) plus the words players may type for each room and resource (``aliases``). Rules code
refers to rooms, resources and damage cards by id; names and the one-line power texts, in
English and French, come from here.

Validated at import (``InconsistentData`` otherwise) against the counts the rulebook gives
(§ CONTENU, § MISE EN PLACE): 9 rooms, the Energy Core in the centre; 24 damage cards in three
tiers of 8, each outer room named on 1, 2 and 3 cards of tiers 1, 2 and 3; 15 cards of each of
the 4 resources (60 basic cards) and 8 Universal cards; each resource on 6 repair slots and 6
divert costs; the Universal cards of the five difficulty levels 8/6/4/2/0.
"""
from __future__ import annotations

import json
import unicodedata
from collections import Counter
from pathlib import Path
from types import MappingProxyType

from ..core import InconsistentData

DATA_FILE = Path(__file__).with_name("data") / "solar_storm.json"

RAW: dict = json.loads(DATA_FILE.read_text(encoding="utf-8"))

CORE = "energy_core"
UNIVERSAL = "universal"
RESOURCES: tuple[str, ...] = tuple(r["id"] for r in RAW["resource_types"])  # the 4 basic types
CARDS: tuple[str, ...] = (*RESOURCES, UNIVERSAL)  # every kind of resource card
ROOMS: tuple[str, ...] = tuple(r["id"] for r in RAW["rooms"])  # the core first
OUTER: tuple[str, ...] = tuple(r for r in ROOMS if r != CORE)
ROOM = MappingProxyType({r["id"]: r for r in RAW["rooms"]})
TRACK: dict[str, tuple[str, ...]] = {r["id"]: tuple(r["repair_track"]) for r in RAW["rooms"]}  # top to bottom
DIVERT: dict[str, tuple[str, ...]] = {r["id"]: tuple(r["divert_cost"]) for r in RAW["rooms"]}
DAMAGE: dict[str, tuple[str, ...]] = {c["id"]: tuple(c["rooms"]) for c in RAW["damage_cards"]}
DAMAGE_TIER: dict[str, int] = {c["id"]: c["tier"] for c in RAW["damage_cards"]}
NEIGHBOURS: dict[int, tuple[int, ...]] = {int(k): tuple(v) for k, v in RAW["grid"]["neighbours"].items()}
CENTRE = 4
DIFFICULTIES: tuple[str, ...] = tuple(d["id"] for d in RAW["difficulty_levels"])
UNIVERSALS: dict[str, int] = {d["id"]: d["universal_cards"] for d in RAW["difficulty_levels"]}
DIFFICULTY_FR: dict[str, str] = {d["id"]: d["name_fr"] for d in RAW["difficulty_levels"]}

_C = RAW["constants"]
ACTIONS_PER_TURN: int = _C["actions_per_turn"]
HAND_LIMIT: int = _C["hand_limit"]
ACTION_TOKENS: int = _C["action_tokens_supply"]
PROTECTION_TOKENS: int = _C["protection_tokens_supply"]
PROTECTION_PER_USE: int = _C["protection_tokens_per_armoury_v1"]
MEDICAL_TOKENS: int = _C["medical_bay_v1_tokens"]
CARGO_PEEK: int = _C["cargo_hold_v1_peek"]
BRIDGE_PEEK: int = _C["bridge_v1_peek"]
OFFER: int = _C["face_up_offer"]
SETUP = RAW["setup"]
SOLO_CREW: int = SETUP["by_player_count"]["1"]["crew_members"]
INITIAL_DAMAGE: int = SETUP["common"]["initial_damage_cards"]


def _die_table(rows: list[dict], key: str) -> dict[int, int]:
    return {roll: row[key] for row in rows for roll in row["roll"]}


SCAVENGE_CARDS: dict[int, int] = _die_table(RAW["scavenge_die"], "cards")  # d6 -> cards that may be taken
HULL_BREACH_DISCARDS: dict[int, int] = _die_table(RAW["hull_breach"]["die_table"], "discard_from_resource_deck")


def starting_cards(players: int) -> int:
    """Cards dealt face up to each player (solo: into the shared hand), § MISE EN PLACE step 4."""
    row = SETUP["by_player_count"][str(players)]
    return row.get("starting_cards_each", row.get("starting_cards"))


def slug(text: str) -> str:
    """A typed word as the parser compares it: lower case, no accents, words joined by '_'."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return "_".join("".join(c if c.isalnum() else " " for c in plain).split())


def _words(entry: dict, *keys: str) -> set[str]:
    out = {slug(entry[k]) for k in keys if entry.get(k)}
    return out | {slug(a) for a in entry.get("aliases", ())}


ROOM_WORDS: dict[str, str] = {}
for _r in RAW["rooms"]:
    for _w in _words(_r, "id", "name_en", "name_fr"):
        ROOM_WORDS[_w] = _r["id"]
CARD_WORDS: dict[str, str] = {}
for _r in (*RAW["resource_types"], RAW["universal_card"]):
    for _w in _words(_r, "id", "name_en", "name_fr"):
        CARD_WORDS[_w] = _r["id"]


def room_name(room: str, lang: str = "en") -> str:
    return ROOM[room]["name_fr" if lang == "fr" else "name_en"]


def card_name(card: str, lang: str = "en") -> str:
    key = "name_fr" if lang == "fr" else "name_en"
    if card == UNIVERSAL:
        return RAW["universal_card"][key]
    return next(r[key] for r in RAW["resource_types"] if r["id"] == card)


def power_text(room: str, lang: str = "en") -> str:
    """The room's one-line power (V1), in English or French."""
    return ROOM[room]["power_v1"]["fr" if lang == "fr" else "en"]


def validate(raw: dict) -> None:
    """Check the data against the rulebook's counts. Raises InconsistentData saying what is wrong."""
    def need(ok: bool, what: str) -> None:
        if not ok:
            raise InconsistentData(f"solar_storm.json: {what}")

    need(raw.get("schema_version") == 1, "schema_version must be 1")
    rooms = raw["rooms"]
    ids = [r["id"] for r in rooms]
    need(len(rooms) == 9 and len(set(ids)) == 9, "there must be 9 rooms with different ids")
    need([r["id"] for r in rooms if r["is_core"]] == [CORE], "exactly one room, the energy core, is the core")
    resources = [r["id"] for r in raw["resource_types"]]
    need(len(resources) == 4 and all(r["count"] == 15 for r in raw["resource_types"]),
         "4 resource types of 15 cards each")
    need(raw["resource_deck"]["basic_cards"] == sum(r["count"] for r in raw["resource_types"]) == 60,
         "60 basic resource cards")
    need(raw["universal_card"]["in_box"] == 8, "8 Universal cards in the box")
    levels = {d["id"]: d["universal_cards"] for d in raw["difficulty_levels"]}
    need(list(levels.values()) == [8, 6, 4, 2, 0], "five difficulty levels with 8/6/4/2/0 Universal cards")
    for d in raw["difficulty_levels"]:
        need(d["deck_total"] == 60 + d["universal_cards"], f"difficulty {d['id']}: deck total")
    slots: Counter[str] = Counter()
    costs: Counter[str] = Counter()
    for r in rooms:
        if r["is_core"]:
            need(r["repair_track"] == [] and r["divert_cost"] == [], "the core has no track and no divert cost")
            continue
        need(len(r["repair_track"]) == 3 and len(set(r["repair_track"])) == 3,
             f"{r['id']}: a track of 3 different resources")
        need(len(r["divert_cost"]) == 3, f"{r['id']}: a divert cost of 3 cards")
        need(set(r["repair_track"]) | set(r["divert_cost"]) <= set(resources), f"{r['id']}: unknown resource")
        for key in ("name_en", "name_fr"):
            need(bool(r.get(key)), f"{r['id']}: {key}")
        for key in ("en", "fr"):
            need(bool(r["power_v1"].get(key)), f"{r['id']}: power_v1.{key}")
        slots.update(r["repair_track"])
        costs.update(r["divert_cost"])
    need(all(slots[t] == 6 for t in resources), "each resource on 6 repair slots")
    need(all(costs[t] == 6 for t in resources), "each resource in 6 divert costs")
    cards = raw["damage_cards"]
    need(len(cards) == 24 and len({c["id"] for c in cards}) == 24, "24 damage cards")
    for tier in (1, 2, 3):
        of_tier = [c for c in cards if c["tier"] == tier]
        need(len(of_tier) == 8, f"8 damage cards of tier {tier}")
        need(all(len(c["rooms"]) == tier == len(set(c["rooms"])) for c in of_tier),
             f"a tier-{tier} card names {tier} different rooms")
        named = Counter(room for c in of_tier for room in c["rooms"])
        need(all(named[r] == tier for r in ids if r != CORE) and named[CORE] == 0,
             f"each outer room named on {tier} tier-{tier} cards")
    cells = {int(k): v for k, v in raw["grid"]["neighbours"].items()}
    need(sorted(cells) == list(range(9)) and all(i in cells[j] for i in cells for j in cells[i]),
         "the grid's neighbours: 9 cells, each move goes both ways")
    words: dict[str, str] = {}
    for r in (*rooms, *raw["resource_types"], raw["universal_card"]):
        for w in _words(r, "id", "name_en", "name_fr"):
            need(words.setdefault(w, r["id"]) == r["id"], f"the word {w!r} names two things")


validate(RAW)
