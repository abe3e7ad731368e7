"""A player's planet: placed tiles, biomass patches, lifepods, meteorites and rovers.

Rulebook (2023), "Règles de placement des tuiles": the first tile covers an edge square,
every later tile touches an earlier one orthogonally, tiles never overlap and stay on the
grid, any rotation or face may be used, and a tile placed on a lifepod or a rover destroys
it. A tile with a meteor symbol gets a meteorite on that square. What an asymmetric planet
adds (first-tile squares, holes, its placement restriction, Petra's currents as energy
terrain) comes from engine/planets.py; ``planet_rule=False`` leaves out the restriction when
R7 lifts it.

The serialised form is the list of placements (tile, orientation, anchor square) and the
positions of the pieces; everything else (which square shows which terrain, the occupied
bitmask) is derived on load, so it can never disagree with the placements.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, lru_cache

from i18n import _

from . import data as D
from . import planets as P
from .data import SIZE, cell_name


@dataclass(frozen=True)
class Placement:
    """Where one oriented tile would sit: its anchor square and the squares it covers."""

    tile: int
    orient: int
    anchor: int
    mask: int

    @property
    def cells(self) -> list[int]:
        return D.cells_of(self.mask)


@cache
def _candidates(planet_id: str, shape_key: tuple) -> tuple[tuple[int, int, int, bool], ...]:
    """Every anchor where the oriented cell pattern fits inside the planet grid:
    (anchor, mask, halo, may_be_first) -- the last says it covers a square the first tile
    may cover (the edge, or Charybdis' well)."""
    p = D.planet(planet_id)
    first = P.rules_for(planet_id).first_mask
    out = []
    for anchor in range(SIZE * SIZE):
        ar, ac = divmod(anchor, SIZE)
        m = 0
        ok = True
        for dr, dc in shape_key:
            r, c = ar + dr, ac + dc
            if not (0 <= r < SIZE and 0 <= c < SIZE):
                ok = False
                break
            m |= 1 << (r * SIZE + c)
        if ok and m & p.grid_mask == m:
            out.append((anchor, m, D.halo(m), bool(m & first)))
    return tuple(out)


def candidates(planet_id: str, tile_id: int, orient: int):
    o = D.tile(tile_id).orientations[orient]
    return _candidates(planet_id, tuple((c.dr, c.dc) for c in o.cells))


@lru_cache(maxsize=8192)
def placement_mask(tile_id: int, orient: int, anchor: int) -> int | None:
    """Squares covered by a tile at ``anchor``; None when part of it falls off the 12x12 square."""
    ar, ac = divmod(anchor, SIZE)
    m = 0
    for c in D.tile(tile_id).orientations[orient].cells:
        r, col = ar + c.dr, ac + c.dc
        if not (0 <= r < SIZE and 0 <= col < SIZE):
            return None
        m |= 1 << (r * SIZE + col)
    return m


@dataclass(frozen=True)
class _Oriented:
    """One orientation of a tile on one planet, ready for whole-board bitmask tests."""

    orient: int
    shape: tuple[tuple[int, int], ...]
    offsets: tuple[int, ...]  # square of each tile cell minus the anchor square (all >= 0)
    anchors: int  # anchors where the tile lies on planet squares (and the static restriction allows it)
    first: int  # of those, anchors where it covers a square a first tile may cover
    placements: dict  # anchor -> Placement, shared (Placement is frozen)


@cache
def _compiled(planet_id: str, tile_id: int, planet_rule: bool, distinct: bool) -> tuple[_Oriented, ...]:
    out = []
    for o in D.tile(tile_id).orientations:
        if distinct and o.duplicate_of is not None:
            continue
        cands = allowed_candidates(planet_id, tile_id, o.index) if planet_rule else candidates(planet_id, tile_id,
                                                                                                 o.index)
        anchors = first = 0
        placements = {}
        for anchor, m, _halo, may_be_first in cands:
            anchors |= 1 << anchor
            if may_be_first:
                first |= 1 << anchor
            placements[anchor] = Placement(tile_id, o.index, anchor, m)
        offsets = tuple(c.dr * SIZE + c.dc for c in o.cells)
        assert min(offsets) >= 0, "the anchor is the first square of the tile in reading order"
        out.append(_Oriented(o.index, tuple((c.dr, c.dc) for c in o.cells), offsets, anchors, first, placements))
    return tuple(out)


def _anchor_sets(planet_id: str, occ: int, tile_id: int, ignore_adjacency: bool, planet_rule: bool,
                 distinct: bool):
    """Yield (compiled orientation, bitmask of its legal anchors), orientation by orientation,
    on a planet whose covered squares are ``occ``. The whole board is tested at once: an
    anchor is blocked when a square the tile would cover from there is occupied, i.e. a bit of
    ``occ >> offset`` over the tile's squares; it touches a placed piece when a bit of
    ``halo(occ) >> offset`` is set."""
    compiled = _compiled(planet_id, tile_id, planet_rule, distinct)
    if not occ:  # the first piece: it must cover a first-tile square (the edge, or the well)
        for c in compiled:
            yield c, c.first
        return
    touch_from = 0 if ignore_adjacency else D.halo(occ)
    slide = planet_rule and P.rules_for(planet_id).slide
    for c in compiled:
        blocked = touching = 0
        for d in c.offsets:
            blocked |= occ >> d
            touching |= touch_from >> d
        anchors = c.anchors & ~blocked
        if not ignore_adjacency:
            anchors &= touching
        if slide and anchors:
            anchors &= P.slide_anchors(planet_id, c.shape, occ)
        yield c, anchors


@lru_cache(maxsize=1024)
def _legal_placements(planet_id: str, occ: int, tile_id: int, ignore_adjacency: bool, planet_rule: bool,
                      distinct: bool) -> tuple[Placement, ...]:
    """Board.legal_placements for a position, cached: a turn taken back and played again, or
    the tile picker asking again, finds the same squares covered."""
    return legal_placements_at(planet_id, occ, tile_id, ignore_adjacency, planet_rule, distinct)


def legal_placements_at(planet_id: str, occ: int, tile_id: int, ignore_adjacency: bool = False,
                        planet_rule: bool = True, distinct: bool = True) -> tuple[Placement, ...]:
    """Every legal placement of a tile on a planet whose covered squares are ``occ``."""
    out = []
    for c, anchors in _anchor_sets(planet_id, occ, tile_id, ignore_adjacency, planet_rule, distinct):
        at = c.placements
        while anchors:
            low = anchors & -anchors
            out.append(at[low.bit_length() - 1])
            anchors ^= low
    return tuple(out)


def legal_anchors(planet_id: str, occ: int, tile_id: int, ignore_adjacency: bool = False, planet_rule: bool = True,
                  distinct: bool = True):
    """Yield (orientation, bitmask of the anchor squares where it is legal) for a tile on a
    planet whose covered squares are ``occ`` -- legal_placements_at without the objects."""
    for c, anchors in _anchor_sets(planet_id, occ, tile_id, ignore_adjacency, planet_rule, distinct):
        yield c.orient, anchors


@lru_cache(maxsize=2048)
def _can_place(planet_id: str, occ: int, tile_id: int, ignore_adjacency: bool, planet_rule: bool) -> bool:
    for _c, anchors in _anchor_sets(planet_id, occ, tile_id, ignore_adjacency, planet_rule, True):
        if anchors:
            return True
    return False


@dataclass
class Board:
    planet_id: str
    tiles: list[list[int]] = field(default_factory=list)  # [tile, orient, anchor] in placement order
    patches: list[int] = field(default_factory=list)
    lifepods: list[int] = field(default_factory=list)
    meteorites: list[int] = field(default_factory=list)
    rovers: list[int | None] = field(default_factory=list)  # by rover number; None = not on the planet

    # derived, rebuilt from the fields above
    def __post_init__(self) -> None:
        self._rebuild()

    def _rebuild(self) -> None:
        occupied, terrain, symbol, meteor_symbol, owner = _derived(
            self.planet_id, tuple(tuple(t) for t in self.tiles), tuple(self.patches))
        self.occupied = occupied
        self.terrain: list[str | None] = list(terrain)  # what shows: tiles, patches, Petra currents
        self.symbol: list[str | None] = list(symbol)
        self.meteor_symbol = meteor_symbol  # squares showing a printed meteor symbol
        self.owner: list[int] = list(owner)  # index in self.tiles, -2 for a patch

    def _stamp(self, index: int, tile_id: int, orient: int, anchor: int) -> None:
        ar, ac = divmod(anchor, SIZE)
        for c in D.tile(tile_id).orientations[orient].cells:
            sq = (ar + c.dr) * SIZE + ac + c.dc
            self.occupied |= 1 << sq
            self.terrain[sq] = c.terrain
            self.symbol[sq] = c.symbol
            self.owner[sq] = index
            if c.meteor:
                self.meteor_symbol |= 1 << sq

    @property
    def planet(self) -> D.Planet:
        return D.planet(self.planet_id)

    # ---------------------------------------------------------------- serialisation
    def to_json(self) -> dict:
        return {"planet": self.planet_id, "tiles": [list(t) for t in self.tiles], "patches": list(self.patches),
                "lifepods": list(self.lifepods), "meteorites": list(self.meteorites), "rovers": list(self.rovers)}

    @classmethod
    def from_json(cls, d: dict) -> Board:
        return cls(d["planet"], [list(t) for t in d["tiles"]], list(d["patches"]), list(d["lifepods"]),
                   list(d["meteorites"]), list(d["rovers"]))

    # ---------------------------------------------------------------- queries
    def is_empty(self) -> bool:
        return not self.tiles and not self.patches

    @property
    def filled(self) -> int:
        """Squares that count as covered for rows, columns, objectives and ties: the occupied
        ones plus Petra's visible currents, which are energy terrain (P4)."""
        return self.occupied | P.visible_energy(self)

    def uncovered(self) -> int:
        return bin(self.planet.grid_mask & ~self.filled).count("1")

    def full_lines(self, *, blocked: bool = False) -> tuple[list[int], list[int]]:
        """Rows and columns (0-based) whose every grid square is covered: with ``blocked``
        False those with no meteorite (they score), with True those a meteorite spoils."""
        p = self.planet
        met = D.mask_of(self.meteorites)
        filled = self.filled

        def keep(m: int) -> bool:
            return bool(m) and not m & ~filled and bool(m & met) == blocked

        return ([r for r, m in enumerate(p.row_masks) if keep(m)],
                [c for c, m in enumerate(p.column_masks) if keep(m)])

    def tile_cells(self, index: int) -> list[int]:
        t, o, a = self.tiles[index]
        return D.cells_of(placement_mask(t, o, a) or 0)

    def placement_problem(self, tile_id: int, orient: int, anchor: int, *, ignore_adjacency: bool = False,
                          planet_rule: bool = True) -> str | None:
        """Why this placement is illegal (a sentence for the player), or None if it is legal.
        ``planet_rule=False`` leaves out the planet's own restriction (lifted by R7)."""
        p = self.planet
        mask = placement_mask(tile_id, orient, anchor)
        if mask is None:
            return _("at {square} that tile would stick out past the edge of the board").format(square=cell_name(anchor))
        off = mask & ~p.grid_mask
        if off:
            first_off = D.cells_of(off)[0]
            return P.hole_text(self.planet_id, first_off) or _("square {square} is not part of your planet").format(
                square=cell_name(first_off))
        clash = mask & self.occupied
        if clash:
            return _("square {square} is already covered").format(square=cell_name(D.cells_of(clash)[0]))
        if self.is_empty():
            pr = P.rules_for(self.planet_id)
            if not mask & pr.first_mask:
                return _("your first tile must cover {what}").format(what=P.first_tile_text(pr))
        elif not ignore_adjacency and not D.halo(mask) & self.occupied:
            return _("the tile must touch one of your placed tiles along a side (not only at a corner)")
        if planet_rule:
            return P.restriction_problem(self, tile_id, orient, anchor, mask)
        return None

    def legal_placements(self, tile_id: int, *, ignore_adjacency: bool = False, planet_rule: bool = True,
                         distinct: bool = True) -> list[Placement]:
        """Every legal placement of a tile, orientation by orientation, anchors in square order.
        With ``distinct``, orientations that cover the same squares with the same terrains and
        icons as a lower orientation are left out. ``planet_rule=False`` leaves out the
        planet's own restriction (lifted by R7)."""
        return list(_legal_placements(self.planet_id, self.occupied, tile_id, ignore_adjacency, planet_rule, distinct))

    def can_place(self, tile_id: int, *, ignore_adjacency: bool = False, planet_rule: bool = True) -> bool:
        return _can_place(self.planet_id, self.occupied, tile_id, ignore_adjacency, planet_rule)

    def legal_patch_cells(self, *, ignore_adjacency: bool = False) -> list[int]:
        """Squares a biomass patch may go on: free, next to a placed tile or patch (the first
        tile's squares for the very first piece), never where the planet bans patches (Arashi's ring)."""
        p = self.planet
        free = p.grid_mask & ~self.occupied & ~P.patch_forbidden(self.planet_id)
        if self.is_empty():
            allowed = free & P.rules_for(self.planet_id).first_mask
        elif ignore_adjacency:
            allowed = free
        else:
            allowed = free & D.halo(self.occupied)
        return D.cells_of(allowed)

    # ---------------------------------------------------------------- changes
    def place_tile(self, tile_id: int, orient: int, anchor: int, *, meteor_immune: bool = False) -> dict:
        """Put a tile down (legality is checked by the caller). Returns what happened:
        destroyed lifepods and rovers, and the meteorite square if one landed."""
        mask = placement_mask(tile_id, orient, anchor)
        assert mask is not None
        self.tiles.append([tile_id, orient, anchor])
        self._stamp(len(self.tiles) - 1, tile_id, orient, anchor)
        result = self._destroy_under(mask)
        meteor = None
        if not meteor_immune:
            for sq in D.cells_of(mask & self.meteor_symbol):
                if sq not in self.meteorites:
                    self.meteorites.append(sq)
                    meteor = sq
        result["meteorite"] = meteor
        return result

    def place_patch(self, cell: int) -> dict:
        self.patches.append(cell)
        self.occupied |= 1 << cell
        self.terrain[cell] = "biomass"
        self.symbol[cell] = None
        self.owner[cell] = -2
        return self._destroy_under(1 << cell)

    def _destroy_under(self, mask: int) -> dict:
        pods = [c for c in self.lifepods if mask >> c & 1]
        for c in pods:
            self.lifepods.remove(c)
        rovers = [i for i, pos in enumerate(self.rovers) if pos is not None and mask >> pos & 1]
        for i in rovers:
            self.rovers[i] = None
        return {"lifepods_destroyed": pods, "rovers_destroyed": rovers}

    def rover_cells(self) -> list[int]:
        return [p for p in self.rovers if p is not None]

    # ---------------------------------------------------------------- terrain areas
    def areas(self, terrain: str) -> list[list[int]]:
        """Orthogonally connected groups of squares showing ``terrain``."""
        seen = 0
        out = []
        for start in range(SIZE * SIZE):
            if self.terrain[start] != terrain or seen >> start & 1:
                continue
            group = [start]
            seen |= 1 << start
            i = 0
            while i < len(group):
                for n in D.neighbours(group[i]):
                    if self.terrain[n] == terrain and not seen >> n & 1:
                        seen |= 1 << n
                        group.append(n)
                i += 1
            out.append(group)
        return out

    def area_of(self, cell: int) -> list[int]:
        """The orthogonally connected group of squares showing the same terrain as ``cell``,
        in square order (empty when nothing shows there)."""
        terrain = self.terrain[cell]
        if terrain is None:
            return []
        group = [cell]
        seen = {cell}
        for c in group:
            for n in D.neighbours(c):
                if n not in seen and self.terrain[n] == terrain:
                    seen.add(n)
                    group.append(n)
        return sorted(group)


@lru_cache(maxsize=512)
def _derived(planet_id: str, tiles: tuple, patches: tuple) -> tuple:
    """What a planet's placements show: (occupied mask, terrain, symbol, meteor-symbol mask,
    owner) with one entry per square. Cached: undo and reloading a saved game rebuild the
    same boards again and again."""
    b = Board.__new__(Board)
    b.planet_id, b.tiles = planet_id, list(tiles)
    b.occupied = b.meteor_symbol = 0
    b.terrain = [None] * (SIZE * SIZE)
    b.symbol = [None] * (SIZE * SIZE)
    b.owner = [-1] * (SIZE * SIZE)
    for i, (t, o, a) in enumerate(tiles):
        b._stamp(i, t, o, a)
    for c in patches:
        b.occupied |= 1 << c
        b.terrain[c] = "biomass"
        b.symbol[c] = None  # a patch laid over a tile (Wormhole Corp) hides its icon
        b.owner[c] = -2
    for c in D.cells_of(P.rules_for(planet_id).currents & ~b.occupied):  # Petra: visible currents are energy (P4)
        b.terrain[c] = "energy"
    return b.occupied, tuple(b.terrain), tuple(b.symbol), b.meteor_symbol, tuple(b.owner)


@cache
def allowed_candidates(planet_id: str, tile_id: int, orient: int) -> tuple:
    """The board's candidates for an oriented tile (anchor, mask, halo, may_be_first) that the
    planet's static restrictions allow. Cached per planet, tile and orientation."""
    every = candidates(planet_id, tile_id, orient)
    pr = P.rules_for(planet_id)
    if not (pr.ring or pr.land_ice or pr.banned or pr.sides):
        return every
    return tuple(c for c in every if P.static_problem(pr, tile_id, orient, c[0], c[1]) is None)
