"""The rules of the twelve asymmetric planets (the B sides of the planet boards).

Rulebook 2023, "Planètes asymétriques" pp.14-15 (main rule sentences from the 2020 text,
pp.14-15, where the 2023 extraction lost them), the facts in data/planets.json and the
project's rulings (RULINGS P1-P7, R7). Every planet keeps the common placement rules of
engine/board.py; this module adds what its own board changes:

- Arashi: a tile that lies on the equatorial ring (rows F-G) must also rest on the planet
  off the ring; biomass patches never go on the ring.
- Cerberus: three globes; each globe entirely covered at game end gives 2 more medals (P3).
  Squares where two globes touch are not edges, and rovers may cross there.
- Charybdis: the first tile covers one of the four squares of the central well.
- Gaia: each city still visible at game end gives 2 medals.
- K-273: no tile lies on both ice and land (a lifepod square is land).
- K'aak: rovers never enter a toxic square that is still visible.
- Lacuna: 15 holes nothing can cover and no rover can enter; rows and columns ignore them;
  squares next to a hole are not edges (P6).
- Oblivion: the black hole in the middle works like Lacuna's holes; only the outer border of
  the board is the planet edge, for the first tile and for objectives (P2).
- Pajitnov: a tile, already turned the way it will lie, must be able to slide into place
  one square at a time from fully outside the planet, never over a placed tile or biomass
  patch (lifepods, rovers and meteorites do not block); patches skip this rule (P1).
- Persephone: each quarter bans one resource icon (civ north-west, energy north-east, tech
  south-west, water south-east); a tile may straddle quarters if no banned icon lands in one.
- Petra: no ice; electric currents that are still visible are energy terrain at every
  moment and for every check: energy areas, the energy copy, rows and columns, objectives
  (P4). They carry no resource icon.
- Tartarus: no tile lies across the chasm; squares on the two sides still count as
  neighbours for adjacency and terrain areas; rovers cross only diagonally at the two
  points where the chasm narrows, or by teleport (P5).

R7 (rulebook p.14 "IMPORTANT"): a planet's placement restriction that alone would leave a
player unable to place either depot tile is lifted for that turn; engine/placement.py decides
that and passes ``planet_rule=False`` to the board. Holes, the grid and the first-tile rule
are the shape of the planet, not a restriction, and always hold.

Everything here is derived once per planet and cached as bitmasks (cell index =
row * 12 + col), so the placement search of engine/board.py stays a few integer operations
per candidate.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Protocol

from i18n import N_, _

from . import data as D
from .actions import DIRECTIONS
from .data import SIZE, cell_name


class Surface(Protocol):
    """What the planet rules read of a board (engine/board.py's Board, which calls them):
    they take it by these names only, so this module does not import engine.board back."""

    @property
    def planet_id(self) -> str: ...

    @property
    def occupied(self) -> int: ...  # the covered squares, a bitmask over the 12x12 board

    @property
    def planet(self) -> D.Planet: ...


QUARTERS = (("north-west", "civ"), ("north-east", "energy"), ("south-west", "tech"), ("south-east", "water"))


def _mask_where(grid: tuple[str, ...], chars: str) -> int:
    m = 0
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            if ch in chars:
                m |= 1 << (r * SIZE + c)
    return m


def _region_masks(region_map: list[str], names: str) -> tuple[int, ...]:
    return tuple(_mask_where(tuple(region_map), n) for n in names)


def _cells_text(mask: int) -> str:
    return ", ".join(cell_name(c) for c in D.cells_of(mask))


_QUARTERS = {"north-west": N_("north-west"), "north-east": N_("north-east"), "south-west": N_("south-west"),
             "south-east": N_("south-east")}


def quarter_word(quarter: str) -> str:
    """A quarter of the planet (Persephone) in the reader's language."""
    return _(_QUARTERS.get(quarter, quarter))


def first_tile_text(pr: PlanetRules) -> str:
    """What the first tile must cover, in the reader's language (``first_text`` is English)."""
    if pr.first_mask == D.planet(pr.id).edge_mask:
        if pr.id == "oblivion":
            return _("at least one square of the outer border of the board")
        return _("at least one square on the edge of your planet")
    return _("at least one of the four centre squares of the well ({squares})").format(
        squares=_cells_text(pr.first_mask))


@dataclass(frozen=True)
class PlanetRules:
    """What one planet changes, as bitmasks over the 12x12 board."""

    id: str
    name: str
    summary: str  # the planet's own rule in plain words ("" for KSB-4156)
    first_mask: int  # the first tile must cover one of these squares
    first_text: str  # what the first tile must cover, for messages
    holes: int  # squares inside the outline that do not exist (Lacuna, Oblivion)
    ring: int  # Arashi: tiles there must also rest off it; patches never
    land_ice: bool  # K-273: a tile may not lie on both
    banned: tuple[tuple[str, str, int], ...]  # Persephone: (quarter, resource, squares)
    sides: tuple[int, ...]  # Tartarus: squares of each side of the chasm
    crossings: frozenset  # Tartarus: {frozenset((a, b))} diagonal pairs a rover may jump
    slide: bool  # Pajitnov
    toxic: int  # K'aak: squares rovers never enter while visible
    currents: int  # Petra: energy terrain while visible
    cities: int  # Gaia: 2 medals each if visible at the end
    globes: tuple[int, ...]  # Cerberus: 2 medals for each one fully covered
    bonus_each: int

    @property
    def restricts_tiles(self) -> bool:
        """Whether the planet has a tile placement restriction that R7 may lift."""
        return bool(self.ring or self.land_ice or self.banned or self.sides or self.slide)

    @property
    def max_medals(self) -> int:
        """Most medals the planet itself can give (rows, columns and its bonus)."""
        p = D.planet(self.id)
        lines = sum(v for v, m in zip(p.row_medals, p.row_masks) if m)
        lines += sum(v for v, m in zip(p.column_medals, p.column_masks) if m)
        extra = bin(self.cities).count("1") + len(self.globes)
        return lines + extra * self.bonus_each


# The planets this engine plays: every planet of the data file (each one's rules are here).
SUPPORTED_PLANETS: tuple[str, ...] = tuple(D.planets())


@cache
def rules_for(planet_id: str) -> PlanetRules:
    """The cached rules of a planet. Raises UnknownContent for an unknown planet."""
    p = D.planet(planet_id)
    raw = p.raw
    grid = p.grid
    first = raw["rule"].get("first_tile_must_cover", "edge")
    if first == "edge":
        first_mask = p.edge_mask
        first_text = ("at least one square of the outer border of the board" if planet_id == "oblivion"
                      else "at least one square on the edge of your planet")
    else:
        first_mask = D.mask_of([r * SIZE + c for r, c in first])
        first_text = f"at least one of the four centre squares of the well ({_cells_text(first_mask)})"
    banned: tuple = ()
    quarters = raw["rule"].get("forbidden_resource_per_quadrant")
    if quarters:
        out = []
        for key, name in (("NW", "north-west"), ("NE", "north-east"), ("SW", "south-west"), ("SE", "south-east")):
            q = quarters[key]
            (r0, r1), (c0, c1) = q["rows"], q["cols"]
            m = sum(1 << (r * SIZE + c) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)) & p.grid_mask
            out.append((name, q["resource"], m))
        banned = tuple(out)
    sides: tuple = ()
    crossings: frozenset = frozenset()
    globes: tuple = ()
    regions = raw.get("regions") or {}
    if planet_id == "tartarus":
        sides = _region_masks(regions["map"], "AB")
        for restriction in raw["rule"]["rover_restrictions"]:
            crossings = frozenset(frozenset(r * SIZE + c for r, c in pair)
                                  for pair in restriction.get("diagonal_crossings", []))
    elif planet_id == "cerberus":
        globes = _region_masks(regions["map"], "123")
    bonus_each = 0
    for b in raw["rule"].get("scoring_bonus", []):
        bonus_each = b["medals_each"]
    return PlanetRules(
        id=planet_id, name=p.name, summary=p.summary,
        first_mask=first_mask, first_text=first_text,
        holes=_mask_where(grid, "O"),
        ring=_mask_where(grid, "R"),
        land_ice=any(r["type"] == "no_mixed_land_and_ice" for r in raw["rule"]["placement_restrictions"]),
        banned=banned, sides=sides, crossings=crossings,
        slide=any(r["type"] == "slide_in" for r in raw["rule"]["placement_restrictions"]),
        toxic=_mask_where(grid, "T"), currents=_mask_where(grid, "Ep"), cities=_mask_where(grid, "C"),
        globes=globes, bonus_each=bonus_each,
    )


# --------------------------------------------------------------------------- tile restrictions


def _icon_cells(tile_id: int, orient: int, anchor: int) -> list[tuple[str, int]]:
    ar, ac = divmod(anchor, SIZE)
    return [(c.symbol, (ar + c.dr) * SIZE + ac + c.dc)
            for c in D.tile(tile_id).orientations[orient].cells if c.symbol]


def static_problem(pr: PlanetRules, tile_id: int, orient: int, anchor: int, mask: int) -> str | None:
    """The planet's restriction on where a tile lies (everything but Pajitnov's slide, which
    depends on the tiles already placed), or None. ``mask`` is the squares it covers."""
    if pr.ring and mask & pr.ring and not mask & ~pr.ring:
        return _("on {planet} a tile on the ring (rows F and G) must also rest on the planet off the ring; "
                 "this one lies only on the ring").format(planet=_(pr.name))
    if pr.land_ice:
        ice = D.planet(pr.id).ice_mask
        if mask & ice and mask & ~ice:
            on_ice, on_land = D.cells_of(mask & ice)[0], D.cells_of(mask & ~ice)[0]
            return _("on {planet} a tile may not lie on ice and on land at once: {ice} is ice and {land} is "
                     "land").format(planet=_(pr.name), ice=cell_name(on_ice), land=cell_name(on_land))
    for quarter, resource, squares in pr.banned:
        for symbol, cell in _icon_cells(tile_id, orient, anchor):
            if symbol == resource and squares >> cell & 1:
                return _("on {planet} no {resource} icon may lie in the {quarter} quarter, and this tile's "
                         "{resource} icon would be on {square}").format(
                    planet=_(pr.name), resource=D.terrain_word(resource), quarter=quarter_word(quarter),
                    square=cell_name(cell))
    if pr.sides and sum(1 for side in pr.sides if mask & side) > 1:
        return _("on {planet} a tile may not lie across the chasm: all its squares must be on the same side").format(
            planet=_(pr.name))
    return None


def patch_forbidden(planet_id: str) -> int:
    """Squares where a biomass patch may never go (Arashi's ring)."""
    return rules_for(planet_id).ring


# --------------------------------------------------------------------------- Pajitnov's slide
#
# A position of the oriented tile is given by its anchor square (row R, column C), which may
# lie off the board. R runs from -h (the tile entirely above the board) to 12 and C from
# -(w - a) to 12 + a (a = anchor column inside the bounding box), so the frame of positions
# is (13 + h) x (13 + w) and every position on its border is off the board. A bitmask over
# that frame marks positions; a step moves the whole mask by one square. The tile can slide
# into a position when that position is connected, through positions that overlap no placed
# tile or patch, to a position that covers no planet square at all.


@cache
def _slide_frame(planet_id: str, shape: tuple[tuple[int, int], ...]) -> tuple:
    h = max(dr for dr, _ in shape) + 1
    a = -min(dc for _, dc in shape)
    w = max(dc for _, dc in shape) + a + 1
    width = 13 + w
    height = 13 + h
    full = (1 << (width * height)) - 1
    first_col = sum(1 << (r * width) for r in range(height))
    last_col = first_col << (width - 1)
    shifts = tuple(dr * width + dc for dr, dc in shape)
    pad = w - a

    def to_frame(board_mask: int) -> int:
        out = 0
        for r in range(SIZE):
            row = board_mask >> (r * SIZE) & 0xFFF
            if row:
                out |= row << ((r + h) * width + pad)
        return out

    def blocked(board_mask: int) -> int:
        f = to_frame(board_mask)
        out = 0
        for s in shifts:
            out |= f >> s if s >= 0 else f << -s
        return out & full

    outside = full & ~blocked(D.planet(planet_id).grid_mask)
    return width, h, pad, full, full & ~first_col, full & ~last_col, outside, blocked


@lru_cache(maxsize=8192)
def slide_anchors(planet_id: str, shape: tuple[tuple[int, int], ...], occupied: int) -> int:
    """Board squares where the anchor of this oriented shape can end up by sliding in from
    outside the planet without passing over ``occupied`` squares (a bitmask)."""
    width, h, pad, full, not_first, not_last, outside, blocked = _slide_frame(planet_id, shape)
    free = full & ~blocked(occupied)
    reach = outside & free
    while True:
        grown = (reach | (reach << 1) & not_first | (reach >> 1) & not_last | reach << width | reach >> width) & free
        if grown == reach:
            break
        reach = grown
    out = 0
    for r in range(SIZE):
        row = reach >> ((r + h) * width + pad) & 0xFFF
        if row:
            out |= row << (r * SIZE)
    return out


def shape_key(tile_id: int, orient: int) -> tuple[tuple[int, int], ...]:
    return tuple((c.dr, c.dc) for c in D.tile(tile_id).orientations[orient].cells)


def slide_problem(pr: PlanetRules, occupied: int, tile_id: int, orient: int, anchor: int) -> str | None:
    if not pr.slide or not occupied:
        return None
    if slide_anchors(pr.id, shape_key(tile_id, orient), occupied) >> anchor & 1:
        return None
    return _("on {planet} every tile must slide into place from outside the planet, one square at a time "
             "and without turning, never passing over your tiles or biomass patches; nothing can reach "
             "{square} turned this way").format(planet=_(pr.name), square=cell_name(anchor))


def restriction_problem(board: Surface, tile_id: int, orient: int, anchor: int, mask: int) -> str | None:
    """The planet restriction a legal-looking placement breaks, or None."""
    pr = rules_for(board.planet_id)
    return static_problem(pr, tile_id, orient, anchor, mask) or slide_problem(pr, board.occupied, tile_id, orient,
                                                                                anchor)


def hole_text(planet_id: str, cell: int) -> str | None:
    """Why a square inside the planet's outline does not exist, or None."""
    pr = rules_for(planet_id)
    if not pr.holes >> cell & 1:
        return None
    if planet_id == "oblivion":
        return _("square {square} is in the black hole: nothing can cover it").format(square=cell_name(cell))
    return _("square {square} is a hole in your planet: nothing can cover it").format(square=cell_name(cell))


# --------------------------------------------------------------------------- terrain and scoring


def visible_energy(board: Surface) -> int:
    """Petra: squares of electric current that no tile or patch covers (energy terrain)."""
    return rules_for(board.planet_id).currents & ~board.occupied


def bonus(board: Surface) -> list[dict]:
    """The planet's own end-of-game medals (Gaia cities, Cerberus globes), as score lines."""
    pr = rules_for(board.planet_id)
    out = []
    if pr.cities:
        n = bin(pr.cities & ~board.occupied).count("1")
        out.append({"what": "visible cities", "count": n, "medals": n * pr.bonus_each})
    if pr.globes:
        n = sum(1 for g in pr.globes if not g & ~board.occupied)
        out.append({"what": "covered globes", "count": n, "medals": n * pr.bonus_each})
    return out


# --------------------------------------------------------------------------- rovers


def off_grid_text(planet_id: str, src: int, direction: str) -> str:
    """Why a rover step from ``src`` leaves the grid: a hole or the black hole, or off the planet."""
    r, c = divmod(src, SIZE)
    dr, dc = DIRECTIONS.get(direction, (0, 0))  # diagonals too (Cosmos Inc tech 1)
    r, c = r + dr, c + dc
    if (dr or dc) and 0 <= r < SIZE and 0 <= c < SIZE and rules_for(planet_id).holes >> (r * SIZE + c) & 1:
        if planet_id == "oblivion":
            return _("{square} is in the black hole and rovers can't enter it").format(square=cell_name(r * SIZE + c))
        return _("{square} is a hole and rovers can't enter it").format(square=cell_name(r * SIZE + c))
    return _("that leaves the planet")


def rover_may_stand(board: Surface, cell: int) -> bool:
    """Whether a rover may be put on ``cell`` (teleport, new rover): a grid square that is
    not a visible toxic square."""
    pr = rules_for(board.planet_id)
    return board.planet.is_grid(cell) and not (pr.toxic & ~board.occupied) >> cell & 1


def rover_step_problem(board: Surface, src: int, dst: int) -> str | None:
    """Why a rover may not step from ``src`` to the next square ``dst`` (orthogonal or
    diagonal), or None. Leaving the grid is checked by the caller."""
    pr = rules_for(board.planet_id)
    if (pr.toxic & ~board.occupied) >> dst & 1:
        return _("{square} is toxic: rovers can't enter it until a tile or biomass patch covers it").format(
            square=cell_name(dst))
    if pr.sides:
        side_src = next((m for m in pr.sides if m >> src & 1), 0)
        if side_src and not side_src >> dst & 1:
            diagonal = src // SIZE != dst // SIZE and src % SIZE != dst % SIZE
            if not diagonal or frozenset((src, dst)) not in pr.crossings:
                points = " or ".join("-".join(cell_name(c) for c in sorted(p)) for p in sorted(
                    pr.crossings, key=min))
                return _("the chasm is in the way: rovers cross it only diagonally at {points}, or by teleport").format(
                    points=points)
    return None
