"""Game data: tiles, station, planets, corporations, civ cards, objectives, events.

The facts live in the JSON files beside this module (copied from the shared reference and
validated by tests/engine/test_data.py). This module loads them once and turns them into
small read-only structures that the rules code refers to by id. Nothing here changes during
a game; the game state only stores ids.

Coordinates: a cell is (row, col), row 0 at the top, col 0 at the left; on a 12x12 board
the cell index is ``row * 12 + col`` and a set of cells is an int bitmask of those indexes.
Players see rows as letters A-L and columns as numbers 1-12 (``cell_name``).
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from i18n import N_, _

from .errors import InconsistentData, UnknownContent

DATA_DIR = Path(__file__).resolve().parent / "data"

SIZE = 12
TRACKS: tuple[str, ...] = ("civ", "water", "biomass", "rover", "tech")
TERRAINS: tuple[str, ...] = ("civ", "water", "biomass", "rover", "tech", "energy")
ROW_LETTERS = "ABCDEFGHIJKL"


def _load(name: str) -> Any:
    with open(DATA_DIR / name, encoding="utf-8") as fh:
        return json.load(fh)


def cell_name(index: int) -> str:
    """``27`` -> ``"C4"`` (row letter, 1-based column)."""
    return f"{ROW_LETTERS[index // SIZE]}{index % SIZE + 1}"


# the terrains as words inside a sentence ("its water square ..."), translated where written
_TERRAIN_WORDS = {"civ": N_("civ"), "water": N_("water"), "biomass": N_("biomass"), "rover": N_("rover"),
                  "tech": N_("tech"), "energy": N_("energy")}


def terrain_word(terrain: str) -> str:
    """``terrain`` as a word in the reader's language (English: the id itself)."""
    return _(_TERRAIN_WORDS.get(terrain, terrain))


def either(words: list[str]) -> str:
    """``civ or water or tech`` in the reader's language."""
    out = words[0] if words else ""
    for word in words[1:]:
        out = _("{first} or {last}").format(first=out, last=word)
    return out


def parse_cell(text: str) -> int:
    """``"C4"`` -> ``27``. Raises ValueError with a player-readable message."""
    t = text.strip().upper()
    if len(t) < 2 or t[0] not in ROW_LETTERS or not t[1:].isdigit():
        raise ValueError(_("'{text}' is not a square: use a row letter A-L and a column 1-12, like C5").format(text=text))
    col = int(t[1:])
    if not 1 <= col <= SIZE:
        raise ValueError(_("'{text}' is not a square: columns go from 1 to 12").format(text=text))
    return ROW_LETTERS.index(t[0]) * SIZE + col - 1


def mask_of(cells: list[int] | tuple[int, ...] | set[int]) -> int:
    m = 0
    for c in cells:
        m |= 1 << c
    return m


def cells_of(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def neighbours(index: int) -> list[int]:
    r, c = divmod(index, SIZE)
    out = []
    if r > 0:
        out.append(index - SIZE)
    if r < SIZE - 1:
        out.append(index + SIZE)
    if c > 0:
        out.append(index - 1)
    if c < SIZE - 1:
        out.append(index + 1)
    return out


_FULL = (1 << (SIZE * SIZE)) - 1
_NOT_COL0 = sum(1 << (r * SIZE) for r in range(SIZE)) ^ _FULL
_NOT_COL11 = sum(1 << (r * SIZE + SIZE - 1) for r in range(SIZE)) ^ _FULL


def halo(mask: int) -> int:
    """Cells orthogonally next to ``mask`` (inside the 12x12 square), excluding ``mask``."""
    h = ((mask << SIZE) | (mask >> SIZE) | ((mask & _NOT_COL11) << 1) | ((mask & _NOT_COL0) >> 1)) & _FULL
    return h & ~mask


# --------------------------------------------------------------------------- tiles

@dataclass(frozen=True)
class TileCell:
    """One square of a tile in a given orientation, relative to the tile's anchor square."""

    dr: int
    dc: int
    terrain: str
    symbol: str | None  # resource icon printed on this square, if any
    meteor: bool


@dataclass(frozen=True)
class Orientation:
    index: int  # 0-7: rotation (index % 4) quarter turns clockwise, after a mirror when index >= 4
    cells: tuple[TileCell, ...]  # sorted; cells[0] is the anchor (top row, leftmost square)
    height: int
    width: int
    anchor_col: int  # column of the anchor inside the bounding box (its row is always 0)
    duplicate_of: int | None  # a lower orientation index that covers the same squares the same way


@dataclass(frozen=True)
class TileType:
    id: int
    shape: int
    shape_code: str
    size: int
    terrain_a: str
    terrain_b: str
    has_meteor: bool
    ring: str  # "small" or "large"
    orientations: tuple[Orientation, ...]

    @property
    def resources(self) -> tuple[str, str]:
        return (self.terrain_a, self.terrain_b)

    @property
    def label(self) -> str:
        meteor = ", meteor" if self.has_meteor else ""
        return f"{self.shape_code} {self.terrain_a}/{self.terrain_b}{meteor}"


def _orient(points: list[tuple[int, int]], index: int) -> list[tuple[int, int]]:
    pts = [(r, -c) if index >= 4 else (r, c) for r, c in points]
    for _n in range(index % 4):
        pts = [(c, -r) for r, c in pts]  # a quarter turn clockwise on screen
    return pts


def _build_tile(shape: dict, tile: dict) -> TileType:
    base = [tuple(c) for c in shape["cells"]]
    side = dict(zip(map(tuple, shape["cells"]), shape["terrain_of_cell"]))
    sym_a = tuple(shape["resource_symbol_A"])
    sym_b = tuple(shape["resource_symbol_B"])
    meteor = tuple(shape["meteor_cell"]) if tile["has_meteor"] else None
    terrain = {"A": tile["terrain_a"], "B": tile["terrain_b"]}
    orients: list[Orientation] = []
    seen: dict[tuple, int] = {}
    for idx in range(8):
        moved = _orient(base, idx)
        r0 = min(r for r, _ in moved)
        c0 = min(c for _, c in moved)
        norm = [(r - r0, c - c0) for r, c in moved]
        rows = [
            (nr, nc, terrain[side[b]], (tile["terrain_a"] if b == sym_a else tile["terrain_b"] if b == sym_b else None),
             b == meteor)
            for (nr, nc), b in zip(norm, base)
        ]
        rows.sort()
        ar, ac = rows[0][0], rows[0][1]
        cells = tuple(TileCell(r - ar, c - ac, t, s, m) for r, c, t, s, m in rows)
        key = tuple((c.dr, c.dc, c.terrain, c.symbol, c.meteor) for c in cells)
        height = max(r for r, *_ in rows) + 1
        width = max(c for _, c, *_ in rows) + 1
        orients.append(Orientation(idx, cells, height, width, ac, seen.get(key)))
        seen.setdefault(key, idx)
    return TileType(
        id=tile["id"], shape=tile["shape"], shape_code=tile["shape_code"], size=shape["size"],
        terrain_a=tile["terrain_a"], terrain_b=tile["terrain_b"], has_meteor=tile["has_meteor"],
        ring=tile["ring"], orientations=tuple(orients),
    )


@cache
def tiles() -> dict[int, TileType]:
    raw = _load("tiles.json")
    shapes = {s["id"]: s for s in raw["shapes"]}
    out = {t["id"]: _build_tile(shapes[t["shape"]], t) for t in raw["tiles"]}
    if len(out) != 144:
        raise InconsistentData(f"expected 144 tiles, found {len(out)}")
    return out


def tile(tile_id: int) -> TileType:
    try:
        return tiles()[tile_id]
    except KeyError:
        raise UnknownContent("tile", tile_id, f"unknown tile {tile_id}") from None


# --------------------------------------------------------------------------- station

@dataclass(frozen=True)
class StationData:
    small_slots: tuple[tuple[int, ...], ...]  # per slot: the 12 tile ids of its stack
    large_slots: tuple[tuple[int, ...], ...]
    small_shapes: tuple[int, ...]
    large_shapes: tuple[int, ...]
    indicator_positions: dict[int, tuple[int, ...]]  # player count -> depot positions


@cache
def station() -> StationData:
    raw = _load("station.json")
    small = raw["rings"]["small"]["slots"]
    large = raw["rings"]["large"]["slots"]
    return StationData(
        small_slots=tuple(tuple(s["tile_ids"]) for s in small),
        large_slots=tuple(tuple(s["tile_ids"]) for s in large),
        small_shapes=tuple(s["shape"] for s in small),
        large_shapes=tuple(s["shape"] for s in large),
        indicator_positions={int(k): tuple(v) for k, v in
                             raw["depot_indicators"]["bga_positions_by_player_count"].items()},
    )


# --------------------------------------------------------------------------- planets

@dataclass(frozen=True)
class Planet:
    id: str
    name: str
    complexity: int
    grid: tuple[str, ...]
    grid_mask: int  # every coverable square
    ice_mask: int
    edge_mask: int  # squares that count as the planet edge (first tile, objectives)
    lifepods: tuple[int, ...]
    row_medals: tuple[int, ...]
    column_medals: tuple[int, ...]
    row_masks: tuple[int, ...]  # grid squares of each row
    column_masks: tuple[int, ...]
    rule: dict
    raw: dict
    summary: str = ""  # the planet's own rule in one sentence (empty for the standard side)
    pitch: str = ""  # a menu line

    def is_grid(self, index: int) -> bool:
        return bool(self.grid_mask >> index & 1)

    def is_ice(self, index: int) -> bool:
        return bool(self.ice_mask >> index & 1)

    def kind(self, index: int) -> str:
        return self.grid[index // SIZE][index % SIZE]


def _edge_mask(pid: str, grid: tuple[str, ...], grid_mask: int) -> int:
    edge = 0
    for i in range(SIZE * SIZE):
        if not grid_mask >> i & 1:
            continue
        r, c = divmod(i, SIZE)
        if pid == "oblivion":  # RULINGS P2: the outer square border only
            if r in (0, SIZE - 1) or c in (0, SIZE - 1):
                edge |= 1 << i
            continue
        outside = 4 - len(neighbours(i))
        for n in neighbours(i):
            ch = grid[n // SIZE][n % SIZE]
            if ch == "." or (ch == "O" and pid != "lacuna"):  # RULINGS P6: holes make no edge
                outside += 1
        if outside:
            edge |= 1 << i
    return edge


@cache
def planets() -> dict[str, Planet]:
    raw = _load("planets.json")
    legend = raw["legend"]
    out: dict[str, Planet] = {}
    for p in raw["planets"]:
        grid = tuple(p["grid"])
        grid_mask = ice_mask = 0
        for r, row in enumerate(grid):
            for c, ch in enumerate(row):
                if legend[ch].get("grid_cell"):
                    grid_mask |= 1 << (r * SIZE + c)
                if legend[ch].get("ice"):
                    ice_mask |= 1 << (r * SIZE + c)
        pods = [r * SIZE + c for r, c in p["lifepods"]]
        pods += [r * SIZE + c for r, c in ([p["extra_lifepod_on_current"]] if p.get("extra_lifepod_on_current") else [])
                 if r * SIZE + c not in pods]
        out[p["id"]] = Planet(
            id=p["id"], name=p["name"], complexity=p["complexity"], grid=grid,
            grid_mask=grid_mask, ice_mask=ice_mask, edge_mask=_edge_mask(p["id"], grid, grid_mask),
            lifepods=tuple(sorted(pods)),
            row_medals=tuple(p["row_medals"]), column_medals=tuple(p["column_medals"]),
            row_masks=tuple(grid_mask & (((1 << SIZE) - 1) << (r * SIZE)) for r in range(SIZE)),
            column_masks=tuple(grid_mask & sum(1 << (r * SIZE + c) for r in range(SIZE)) for c in range(SIZE)),
            rule=p["rule"], raw=p, summary=p.get("summary", ""), pitch=p.get("pitch", ""),
        )
    return out


def planet(planet_id: str) -> Planet:
    try:
        return planets()[planet_id]
    except KeyError:
        raise UnknownContent("planet", planet_id, f"unknown planet {planet_id!r}") from None


# --------------------------------------------------------------------------- corporations

Benefit = tuple  # ("synergy",) ("civ", rank) ("biomass",) ("rover",) ("tech", level) ("move", n) ("medal", n) ...


def _benefit(item: Any) -> Benefit:
    if item == "synergy":
        return ("synergy",)
    if item == "biomass_milestone":
        return ("biomass",)
    if item == "rover_milestone":
        return ("rover",)
    if isinstance(item, dict) and len(item) == 1:
        (k, v), = item.items()
        names = {"civ_milestone": "civ", "tech_milestone": "tech", "rover_move": "move", "medal": "medal",
                 "advance_tracker": "advance"}
        if k in names:
            return (names[k], v)
        if k == "choose_one":
            return ("choose", tuple(tuple(_benefit(b) for b in group) for group in v))
    return ("raw", json.dumps(item, sort_keys=True))


@dataclass(frozen=True)
class Track:
    name: str
    layout: str
    benefits: tuple[tuple[Benefit, ...], ...]  # per position: what is claimed on arrival (medals excluded)
    medal_at: tuple[int, ...]  # per position: medal scored by a tracker standing there
    top: int
    repeat_at_top: tuple[Benefit, ...]  # benefits granted again by advances at the top (rover)
    raw: dict


@dataclass(frozen=True)
class Tech:
    level: int
    code: str
    timing: str
    description: str
    params: dict
    label: str = ""  # a few words for the board image
    use: str = ""  # how it reads as an optional pending item, for a tech used at will


@dataclass(frozen=True)
class Corporation:
    id: str
    name: str
    complexity: int
    rovers: int
    tracks: dict[str, Track]
    techs: tuple[Tech, ...]
    tech_positions: dict[int, int]  # tech level -> position of its milestone on the tech track
    raw: dict
    pitch: str = ""  # a menu line
    tech_note: str = ""  # how its techs turn on, and the board's own rule, in a few words

    def tech(self, level: int) -> Tech:
        return self.techs[level - 1]


def _build_track(name: str, raw: dict) -> Track:
    positions = raw["positions"]
    benefits = []
    medal_at = []
    best = 0
    for p in positions:
        items = [_benefit(b) for b in p["benefits"]]
        medals = [b[1] for b in items if b[0] == "medal"]
        if medals:
            best = medals[-1]
        medal_at.append(best)
        benefits.append(tuple(b for b in items if b[0] != "medal"))
    at_top = raw.get("at_top", {})
    repeat = tuple(_benefit(b) for b in at_top.get("benefits", [])) if at_top.get("mode") == "repeat_benefits" else ()
    return Track(name, raw.get("layout", "linear"), tuple(benefits), tuple(medal_at), raw["top_pos"], repeat, raw)


@cache
def corporations() -> dict[str, Corporation]:
    raw = _load("corporations.json")
    out = {}
    for c in raw["corporations"]:
        tracks = {t: _build_track(t, c["tracks"][t]) for t in TRACKS if t in c["tracks"]}
        techs = tuple(Tech(t["level"], t["code"], t.get("timing", "permanent"), t.get("description", ""),
                           t.get("params", {}), t.get("label", ""), t.get("use", "")) for t in c.get("techs", []))
        tech_pos = {}
        if "tech" in tracks:
            for pos, items in enumerate(tracks["tech"].benefits):
                for b in items:
                    if b[0] == "tech":
                        tech_pos[b[1]] = pos
        out[c["id"]] = Corporation(c["id"], c["name"], c.get("complexity", 1), c["rovers"], tracks, techs,
                                   tech_pos, c, c.get("pitch", ""), c.get("tech_note", ""))
    return out


def corporation(corp_id: str) -> Corporation:
    try:
        return corporations()[corp_id]
    except KeyError:
        raise UnknownContent("corporation", corp_id, f"unknown corporation {corp_id!r}") from None


# --------------------------------------------------------------------------- cards

@dataclass(frozen=True)
class CivCard:
    id: int
    name: str
    rank: int
    timing: str  # "immediate" or "end_game"
    effect: tuple[dict, ...]
    description: str
    pitch: str = ""  # the effect in a menu line (100 characters) where the description is longer

    @property
    def menu_line(self) -> str:
        """The card's effect for a select menu (translate with i18n.content)."""
        return self.pitch or self.description


@cache
def civ_cards() -> dict[int, CivCard]:
    raw = _load("civ_cards.json")
    return {c["id"]: CivCard(c["id"], c["name"], c["rank"], c["timing"], tuple(c["effect"]), c["description"],
                             c.get("pitch", "")) for c in raw["cards"]}


@cache
def civ_sets() -> dict[str, dict]:
    return _load("civ_cards.json")["sets"]


def civ_card(card_id: int) -> CivCard:
    try:
        return civ_cards()[card_id]
    except KeyError:
        raise UnknownContent("civ card", card_id, f"unknown civ card {card_id}") from None


@dataclass(frozen=True)
class ObjectiveCard:
    id: int
    neighbour_name: str
    neighbour: dict  # criterion: {kind, compare, ...}
    neighbour_text: str
    private_name: str
    private: dict  # condition: {kind, ...}
    private_text: str


@cache
def objective_cards() -> dict[int, ObjectiveCard]:
    raw = _load("objectives.json")
    return {
        c["id"]: ObjectiveCard(c["id"], c["neighbor"]["name"], c["neighbor"]["criterion"],
                               c["neighbor"]["description"], c["private"]["name"], c["private"]["condition"],
                               c["private"]["description"])
        for c in raw["cards"]
    }


def objective_card(card_id: int) -> ObjectiveCard:
    try:
        return objective_cards()[card_id]
    except KeyError:
        raise UnknownContent("objective card", card_id, f"unknown objective card {card_id}") from None


@cache
def events_raw() -> dict:
    return _load("events.json")
