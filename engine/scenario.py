"""Hand-built positions: lay out any legal position, then hand it to the real rules.

A rules test or a bug report describes a position (planets and corporations, tiles and
biomass patches on the planets, trackers and the corporation boards' own pieces, rovers,
meteorites and lifepods, civ cards, objectives, the station, the event deck, the round and how
close the end is) and opens the next step of the game through engine/rules.py; from then on
the position behaves exactly like a played one: ``legal_actions``, ``apply`` and ``undo``
(which returns to the built position, the start of the turn).

    from engine import apply, parse
    from engine.scenario import Scenario, pending, values

    sc = Scenario(players=2, seed=1, events=True)
    sc.seat(0).tile("domino civ/energy", at="F1").trackers(tech=3).rovers("F1")
    sc.seat(0).depot(small="domino water/rover")
    sc.next_event(81)                   # 2 players: the first card can be chosen too
    g = sc.start()                      # round 1 opens: station turned, event 81 revealed
    ev = pending(g, 0, "advance")[0]    # event 81: advance any tracker, before the pick
    apply(g, 0, parse(f"resolve {ev['id']} water"))
    apply(g, 0, parse("pick small"))
    apply(g, 0, parse("place F2 0"))
    print([values(g, 0, item) for item in pending(g, 0)])   # [['water'], ['rover']]
    apply(g, 0, parse("undo"))          # back to the built position, event 81 unsettled

Squares are named as players name them ("C5": row C, column 5). A tile goes down at an
*anchor* -- its first square in reading order (top row, leftmost square) -- in one of its
eight orientations (0-3 turn it a quarter at a time, 4-7 flip it first), exactly as
``place SQUARE ORIENTATION`` does in the game. A tile is named by its id, or by its shape and
its two terrains: ``"I4 civ/energy"``, ``"domino rover/tech meteor"`` (``tile_id`` finds the
id). Every method checks what it is given and raises ``ScenarioError`` with a sentence
saying what is wrong and what would be right.

What ``start`` does, by ``step``:

* ``"turns"`` (default): opens round ``round`` through the rules: private objectives still
  on offer are settled by putting back the first card offered, the station turns (by itself
  with 1 or 2 players, by ``turn`` depots for the commander with 3 or more; ``turn=None``
  leaves that choice to the commander), the next event card is revealed, and each seat's
  start-of-round movement and usable techs appear. Each seat is at its tile pick.
* ``"objectives"``: the private objective choice of the first round is open.
* ``"civ"``: round ``round`` has been played by everybody (tiles as laid out here) and the
  civ step opens for the seats given civ milestones (``civ_milestone``), one at a time from
  the commander on (R4). With events, the round's card was revealed and stays in force (its
  choices before the pick are taken to be settled).
* ``"final"``: the last round is over; the end-of-game step opens (stored patches, end-game
  card advances, once-per-game techs, R4 order), or the game is scored at once when nobody
  has anything left to decide.

After ``start`` the position changes only through the rules: ``apply``, and ``grant`` for
what a test needs in the middle of a turn (a track reward -- synergy, patch, rover, civ card,
movement -- as if a tracker had reached a space printing it). Queries for tests and bug
reports: ``values`` (what a pending item accepts), ``pending``, ``has_tech``, ``seat_score``
and ``tile_id``.

Pieces set here are the final word: ``rovers``, ``lifepods`` and ``meteorites`` replace what
the planet would otherwise show (a tile with a meteor symbol drops its meteorite, tiles cover
the lifepods printed on the planet). A civ card held gives nothing again: its immediate
effect is taken to have been settled when it was chosen. A tile id may be laid more than once
(the box holds one of each; a position often needs only the terrains).
"""
from __future__ import annotations

import random
from functools import cache

from . import data as D
from . import effects as F
from . import events as E
from . import planets as P
from . import rules as R
from .actions import Turn
from .board import placement_mask
from .corporations.makeshift import columns
from .data import TRACKS, cell_name
from .errors import InvalidConfig
from .items import cleanup, item_values
from .scoring import score
from .setup import deal, make_config
from .state import GameState, copy
from .station import seat_position, station_slots

__all__ = ["Scenario", "SeatSetup", "ScenarioError", "tile_id", "values", "pending", "has_tech", "seat_score",
           "grant", "SHAPES"]

SHAPES = ("I2", "I3", "V3", "I4", "L4", "O4", "S4", "T4", "F5", "N5", "S5", "U5")  # I2 is the domino
ENDINGS = ("depot_empty", "unplaceable", "last_event")
STEPS = ("turns", "objectives", "civ", "final")


class ScenarioError(ValueError):
    """A scenario asked for something the game cannot show; the message says what and why."""


# =========================================================================== tiles


@cache
def _families() -> tuple[tuple[str, str], ...]:
    return tuple(sorted({(t.terrain_a, t.terrain_b) for t in D.tiles().values()}, key=lambda f: min(
        t.id for t in D.tiles().values() if (t.terrain_a, t.terrain_b) == f)))


def tile_id(shape: str, terrain_a: str, terrain_b: str, meteor: bool = False) -> int:
    """The id of the tile of ``shape`` ("I4", "domino" = "I2", ...) whose two terrains are
    ``terrain_a`` and ``terrain_b`` (either order), with or without a meteor symbol.
    Raises ScenarioError naming the shapes or terrain pairs that exist."""
    code = "I2" if shape.strip().lower() == "domino" else shape.strip().upper()
    if code not in SHAPES:
        raise ScenarioError(f"there is no tile shape {shape!r}; shapes: {', '.join(SHAPES)} (I2 is the domino)")
    pair = {terrain_a.strip().lower(), terrain_b.strip().lower()}
    for t in D.tiles().values():
        if t.shape_code == code and {t.terrain_a, t.terrain_b} == pair and t.has_meteor == bool(meteor):
            return t.id
    raise ScenarioError(f"no tile shows {terrain_a}/{terrain_b}; the terrain pairs are "
                        + ", ".join(f"{a}/{b}" for a, b in _families()))


def _tile(spec) -> int:
    """A tile id from an id or a description ``"SHAPE A/B [meteor]"``."""
    if isinstance(spec, bool):
        raise ScenarioError(f"{spec!r} is not a tile")
    if isinstance(spec, int):
        if spec not in D.tiles():
            raise ScenarioError(f"there is no tile {spec}; tile ids go from 0 to {max(D.tiles())}")
        return spec
    if not isinstance(spec, str):
        raise ScenarioError(f"{spec!r} is not a tile: give its id or 'SHAPE A/B [meteor]', like 'I4 civ/energy'")
    words = spec.replace(",", " ").split()
    meteor = any(w.lower() == "meteor" for w in words)
    words = [w for w in words if w.lower() != "meteor"]
    if len(words) != 2 or words[1].count("/") != 1:
        raise ScenarioError(f"{spec!r} is not a tile: write 'SHAPE A/B [meteor]', like 'I4 civ/energy' "
                            f"or 'domino rover/tech meteor'")
    a, b = words[1].split("/")
    return tile_id(words[0], a, b, meteor)


def _square(name, what: str = "square") -> int:
    if isinstance(name, int) and not isinstance(name, bool):
        if not 0 <= name < D.SIZE * D.SIZE:
            raise ScenarioError(f"{what} {name} is off the 12x12 board")
        return name
    if not isinstance(name, str):
        raise ScenarioError(f"{what} {name!r} is not a square: use a row letter A-L and a column 1-12, like C5")
    try:
        return D.parse_cell(name)
    except ValueError as e:
        raise ScenarioError(f"{what}: {e}") from None


def _squares(names) -> list[int]:
    out = []
    for n in names:
        out += [_square(w) for w in n.split()] if isinstance(n, str) else [_square(n)]
    return out


# =========================================================================== queries


def values(state: GameState, seat: int, item) -> list[str]:
    """Every value that settles ``item`` (a pending item or its number) right now: the
    options the player is shown."""
    if isinstance(item, int):
        item = F.find_item(state.seats[seat], item)
    return item_values(state, seat, item)


def pending(state: GameState, seat: int, kind: str | None = None) -> list[dict]:
    """The seat's pending items (of one kind, if given), in the order they were opened."""
    return [i for i in state.seats[seat].pending if kind is None or i["kind"] == kind]


def has_tech(state: GameState, seat: int, level: int) -> bool:
    """Whether the seat's tech of that level is on now (D11; corporation boards that unlock
    techs another way included)."""
    return F.has_tech(state, seat, level)


def seat_score(state: GameState, seat: int) -> dict:
    """The seat's medals if the game ended now: categories A-F and ``total``."""
    return score(state)["players"][seat]


def grant(state: GameState, seat: int, benefit) -> None:
    """Give ``seat`` a track reward now, as a tracker reaching a space printing it would:
    ``"synergy"``, ``"biomass"`` (a patch), ``"rover"``, ``"civ 2"`` (a rank 2 card),
    ``"move 2"`` (rover movement), or the tuple form (``("civ", 2)``). The corporation board
    and this round's event apply as usual. Raises ScenarioError when the seat is not deciding
    now; an unknown reward raises NotImplementedError, as the rules do."""
    if not (isinstance(seat, int) and 0 <= seat < state.players and R.may_act(state, seat)) \
            or state.phase not in ("turns", "civ", "final"):
        raise ScenarioError(f"seat {seat + 1} is not deciding anything now (phase {state.phase})")
    if isinstance(benefit, str):
        words = benefit.split()
        benefit = (words[0], *(int(w) for w in words[1:]))
    F.claim_benefit(state, seat, tuple(benefit))
    cleanup(state, seat)


# =========================================================================== the builder


class SeatSetup:
    """One seat's part of a scenario (``Scenario.seat(i)``); every method returns the seat so
    calls chain."""

    def __init__(self, scenario: Scenario, index: int):
        self.scenario = scenario
        self.index = index
        self._rovers: list | None = None
        self._supply: int | None = None
        self._lifepods: list[int] | None = None
        self._meteorites: list[int] | None = None
        self._depot: dict[str, int | None] = {}
        self._alone = False
        self._civ_queue: list[int] = []
        self._used: list[int] = []

    # ------------------------------------------------------------------ helpers
    @property
    def _seat(self):
        return self.scenario._state.seats[self.index]

    @property
    def _corp_id(self) -> str:
        return self._seat.corp.corp_id

    def _needs(self, corp_id: str, what: str) -> None:
        if self._corp_id != corp_id:
            raise ScenarioError(f"{what}: a {D.corporation(corp_id).name} piece, and seat {self.index + 1} plays "
                                f"{D.corporation(self._corp_id).name}")

    def seat(self, index: int) -> SeatSetup:
        """Another seat of the same scenario (to keep chaining)."""
        return self.scenario.seat(index)

    def start(self, **how) -> GameState:
        """``Scenario.start`` of this seat's scenario (to end a chain)."""
        return self.scenario.start(**how)

    # ------------------------------------------------------------------ the planet
    def tile(self, tile, at, orient: int = 0) -> SeatSetup:
        """Lay a tile (an id or ``"SHAPE A/B [meteor]"``) with its anchor on square ``at`` in
        orientation ``orient`` (0-7). A meteor symbol drops its meteorite, lifepods under the
        tile are destroyed, as in play. It must lie on planet squares nobody covers yet; it
        need not touch the other tiles (some techs waive that)."""
        tid = _tile(tile)
        anchor = _square(at, "anchor")
        if isinstance(orient, bool) or not isinstance(orient, int) or orient not in range(8):
            raise ScenarioError(f"orientation {orient!r}: use 0-3 (quarter turns) or 4-7 (flipped, then turned)")
        b = self._seat.board
        label = f"tile {tid} ({D.tile(tid).label}) at {cell_name(anchor)} orientation {orient}"
        mask = placement_mask(tid, orient, anchor)
        if mask is None:
            raise ScenarioError(f"{label} sticks out past the edge of the board; the anchor is the tile's "
                                f"first square in reading order (top row, leftmost)")
        off = mask & ~b.planet.grid_mask
        if off:
            sq = D.cells_of(off)[0]
            why = P.hole_text(b.planet_id, sq) or f"square {cell_name(sq)} is not part of {b.planet.name}"
            raise ScenarioError(f"{label}: {why}")
        clash = mask & b.occupied
        if clash:
            raise ScenarioError(f"{label} overlaps what already covers {cell_name(D.cells_of(clash)[0])}")
        b.place_tile(tid, orient, anchor)
        return self

    def patch(self, *squares) -> SeatSetup:
        """Biomass patches on these squares (``patch("G5", "G6")`` or ``patch("G5 G6")``).
        Only Wormhole Corp lays patches over tiles; never on a planet's no-patch squares."""
        b = self._seat.board
        for sq in _squares(squares):
            if not b.planet.is_grid(sq):
                raise ScenarioError(f"a patch on {cell_name(sq)}: that square is not part of {b.planet.name}")
            if P.patch_forbidden(b.planet_id) >> sq & 1:
                raise ScenarioError(f"a patch on {cell_name(sq)}: {b.planet.name} forbids patches there")
            if sq in b.patches or (b.occupied >> sq & 1 and self._corp_id != "wormhole_corp"):
                raise ScenarioError(f"a patch on {cell_name(sq)}: the square is already covered "
                                    f"(only Wormhole Corp lays patches over tiles)")
            b.place_patch(sq)
        return self

    patches = patch

    def rovers(self, *squares, supply: int | None = None) -> SeatSetup:
        """The seat's rovers on the planet, rover 1 first (``None`` for a destroyed one); the
        others stay on the corporation board (``supply``, by default all the rest)."""
        cells = [None if s is None else _square(s, "rover") for s in squares]
        have = D.corporation(self._corp_id).rovers
        if len(cells) > have:
            raise ScenarioError(f"{D.corporation(self._corp_id).name} has {have} rover(s), not {len(cells)}")
        left = have - len(cells)
        if supply is not None and not 0 <= supply <= left:
            raise ScenarioError(f"rover supply {supply}: with {len(cells)} rover(s) given, 0 to {left} can be left")
        self._rovers, self._supply = cells, left if supply is None else supply
        return self

    def lifepods(self, *squares) -> SeatSetup:
        """The lifepods lying on the planet (instead of those printed on it)."""
        self._lifepods = _squares(squares)
        return self

    def meteorites(self, *squares) -> SeatSetup:
        """The meteorites on the planet (instead of those the tiles' meteor symbols dropped)."""
        self._meteorites = _squares(squares)
        return self

    # ------------------------------------------------------------------ the corporation board
    def trackers(self, **positions: int) -> SeatSetup:
        """Tracker positions, e.g. ``trackers(tech=5, civ=2)`` (Makeshift: the row)."""
        corp = self._seat.corp
        for track, pos in positions.items():
            if track not in TRACKS:
                raise ScenarioError(f"there is no {track!r} tracker; trackers: {', '.join(TRACKS)}")
            if isinstance(pos, bool) or not isinstance(pos, int) or pos < 0:
                raise ScenarioError(f"the {track} tracker stands on a space number from 0 up, not {pos!r}")
            corp.trackers[track] = pos
        return self

    def collected(self, *, lifepods: int | None = None, meteorites: int | None = None) -> SeatSetup:
        """Lifepods and meteorites already collected (in the scoring area)."""
        for name, n in (("lifepods", lifepods), ("meteorites", meteorites)):
            if n is not None:
                if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                    raise ScenarioError(f"collected {name}: a number from 0 up, not {n!r}")
                setattr(self._seat.corp, name, n)
        return self

    def stored_patches(self, count: int) -> SeatSetup:
        """Biomass patches stored for the end of the game (Universal Coalition tech 2 ...)."""
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise ScenarioError(f"stored patches: a number from 0 up, not {count!r}")
        self._seat.corp.stored_patches = count
        return self

    def track_lifepods(self, *spots: str) -> SeatSetup:
        """Cosmos Inc: collected lifepods lying on track spaces, ``"civ 4"`` each."""
        self._needs("cosmos_inc", "lifepods on track spaces")
        cdef = D.corporation(self._corp_id)
        pods = []
        for spot in spots:
            words = str(spot).split()
            if len(words) != 2 or words[0] not in TRACKS or not words[1].isdigit() \
                    or int(words[1]) > cdef.tracks[words[0]].top:
                raise ScenarioError(f"lifepod spot {spot!r}: write 'TRACK SPACE', like 'civ 4' (spaces 0-15)")
            if [words[0], int(words[1])] in pods:
                raise ScenarioError(f"two lifepods on {spot}")
            pods.append([words[0], int(words[1])])
        self._seat.corp.special["pods"] = pods
        return self

    def tech_slots(self, *levels: int) -> SeatSetup:
        """Jump Drive: the tech slots holding a lifepod (those techs are on)."""
        self._needs("jump_drive", "tech slots")
        n = len(D.corporation(self._corp_id).techs)
        for lv in levels:
            if lv not in range(1, n + 1):
                raise ScenarioError(f"tech slot {lv!r}: Jump Drive's slots are 1 to {n}")
        self._seat.corp.special["slots"] = sorted(set(levels))
        return self

    def flux(self, track: str | None) -> SeatSetup:
        """Flux Industries: the track the flux token marks (None: not placed yet, D5)."""
        self._needs("flux_industries", "the flux token")
        if track is not None and track not in TRACKS:
            raise ScenarioError(f"the flux token marks one of {', '.join(TRACKS)}, not {track!r}")
        self._seat.corp.special["flux"] = track
        return self

    def columns(self, **where: str) -> SeatSetup:
        """Makeshift: the column a tracker stands in, e.g. ``columns(civ="tech")``."""
        self._needs("makeshift", "tracker columns")
        cols = dict(self._seat.corp.special.get("col") or {})
        for track, col in where.items():
            if track not in TRACKS or col not in TRACKS:
                raise ScenarioError(f"columns: a tracker name = a column name ({', '.join(TRACKS)}), "
                                    f"not {track}={col!r}")
            cols[track] = col
        self._seat.corp.special["col"] = cols
        return self

    def carrying(self, *rovers: int) -> SeatSetup:
        """Horizon Group: the rovers (numbers from 1) carrying a meteorite."""
        self._needs("horizon_group", "carried meteorites")
        n = D.corporation(self._corp_id).rovers
        for r in rovers:
            if r not in range(1, n + 1):
                raise ScenarioError(f"rover {r!r}: Horizon Group's rovers are numbered 1 to {n}")
        self._seat.corp.special["carry"] = sorted({r - 1 for r in rovers})
        return self

    def spent(self, *levels: int) -> SeatSetup:
        """Once-per-game techs of these levels already used."""
        self._check_levels(levels)
        self._seat.corp.special["spent"] = [f"t{lv}" for lv in levels]
        return self

    def used_this_round(self, *levels: int) -> SeatSetup:
        """Once-per-round techs of these levels already used in the round ``start`` opens."""
        self._check_levels(levels)
        self._used = list(levels)
        return self

    def _check_levels(self, levels) -> None:
        n = len(D.corporation(self._corp_id).techs)
        for lv in levels:
            if lv not in range(1, n + 1):
                raise ScenarioError(f"tech level {lv!r}: {D.corporation(self._corp_id).name} has techs 1 to {n}")

    # ------------------------------------------------------------------ cards and tiles
    def civ_cards(self, *cards: int) -> SeatSetup:
        """Civ cards the seat holds (taken out of the piles or the box)."""
        st = self.scenario._state
        for c in cards:
            self.scenario._check_civ(c)
            for i, s in enumerate(st.seats):
                if c in s.corp.civ_cards:
                    raise ScenarioError(f"civ card {c} is already held by seat {i + 1}")
            self.scenario._take_civ(c)
            self._seat.corp.civ_cards.append(c)
        return self

    def objectives(self, *cards: int) -> SeatSetup:
        """Private objectives the seat keeps (the private-objective module, always in solo)."""
        st = self.scenario._state
        if not st.config["private_objectives"]:
            raise ScenarioError("this game plays without private objectives: pass private_objectives=True")
        corp = self._seat.corp
        st.objective_deck.extend(corp.objective_offer)
        corp.objective_offer = []
        for c in cards:
            self.scenario._take_objective(c)
        corp.objectives = sorted(cards)
        return self

    def depot(self, *, small=None, large=None, alone: bool = False) -> SeatSetup:
        """The top tiles of the two stacks facing this seat when the round opens (after the
        station turned; with ``start(turn=None)``, as if the commander turned it by 0): a
        tile (id or description) or ``"empty"`` for an emptied stack. ``alone``: the tiles
        given are the last ones left in their stacks (a depot about to run out)."""
        if alone:
            self._alone = True
        for kind, spec in (("small", small), ("large", large)):
            if spec is None:
                continue
            if spec == "empty":
                self._depot[kind] = None
                continue
            tid = _tile(spec)
            if D.tile(tid).ring != kind:
                raise ScenarioError(f"tile {tid} ({D.tile(tid).label}) is a {D.tile(tid).ring} tile: "
                                    f"it goes on a {D.tile(tid).ring} stack, not the {kind} one")
            self._depot[kind] = tid
        return self

    def civ_milestone(self, *ranks: int) -> SeatSetup:
        """Civ milestones reached this round (``start(step="civ")``): a card of each rank."""
        for r in ranks:
            if r not in (1, 2, 3, 4):
                raise ScenarioError(f"civ cards have ranks 1 to 4, not {r!r}")
        self._civ_queue = list(ranks)
        return self

    # ------------------------------------------------------------------ at start
    def _finish(self, state: GameState, round_no: int) -> None:
        s = state.seats[self.index]
        b = s.board
        name = f"seat {self.index + 1}"
        if self._rovers is not None:
            for c in self._rovers:
                if c is not None and not b.planet.is_grid(c):
                    raise ScenarioError(f"{name}: a rover on {cell_name(c)}, which is not part of {b.planet.name}")
            b.rovers = list(self._rovers)
            assert self._supply is not None  # set together with the rovers
            s.corp.rover_supply = self._supply
        if self._lifepods is not None:
            for c in self._lifepods:
                if not b.planet.is_grid(c) or b.occupied >> c & 1:
                    raise ScenarioError(f"{name}: a lifepod on {cell_name(c)}, which is "
                                        + ("covered" if b.planet.is_grid(c) else f"not part of {b.planet.name}"))
            b.lifepods = sorted(set(self._lifepods))
        if self._meteorites is not None:
            for c in self._meteorites:
                if not b.planet.is_grid(c):
                    raise ScenarioError(f"{name}: a meteorite on {cell_name(c)}, which is not part of "
                                        f"{b.planet.name}")
            b.meteorites = sorted(set(self._meteorites))
        carry = s.corp.special.get("carry", [])
        for i in carry:
            if i >= len(b.rovers) or b.rovers[i] is None:
                raise ScenarioError(f"{name}: rover {i + 1} carries a meteorite but is not on the planet "
                                    f"(give it a square with rovers(...))")
        if self._used:
            s.corp.special["used"] = {f"t{lv}": round_no for lv in self._used}
        cdef = D.corporation(s.corp.corp_id)
        cols = columns(s.corp.special) if s.corp.corp_id == "makeshift" else {t: t for t in TRACKS}
        for t in TRACKS:
            top = cdef.tracks[cols[t]].top
            if s.corp.trackers[t] > top:
                raise ScenarioError(f"{name}: the {t} tracker at {s.corp.trackers[t]} is past the top of its "
                                    f"track ({top})")
        if s.corp.corp_id == "makeshift":
            spaces = [(cols[t], s.corp.trackers[t]) for t in TRACKS]
            if len(set(spaces)) < len(spaces):
                raise ScenarioError(f"{name}: two Makeshift trackers on the same space")
        for p in s.corp.special.get("pods", []):
            if s.corp.trackers[p[0]] == p[1]:
                raise ScenarioError(f"{name}: a lifepod on {p[0]} {p[1]}, where the tracker stands")


class Scenario:
    """A position to be built, then opened with ``start``. See the module docstring."""

    def __init__(self, players: int = 2, seed: int = 1, *, planets: list | None = None,
                 corporations: list | None = None, events=None, private_objectives: bool | None = None,
                 commander: int = 0, interior_offset: int = 0):
        """``planets`` / ``corporations``: one per seat (None: KSB-4156 / Universal
        Coalition); ``events``: as ``make_config`` (solo always plays them)."""
        try:
            config = make_config(players, planets=None if planets is None else
                                 [p or "ksb-4156" for p in planets],
                                 corporations=None if corporations is None else
                                 [c or "universal_coalition" for c in corporations],
                                 private_objectives=private_objectives, interior_offset=interior_offset,
                                 first_commander=commander, events=events)
        except InvalidConfig as e:
            raise ScenarioError(str(e)) from None
        self._state = deal(config, seed)
        self._seats = [SeatSetup(self, i) for i in range(players)]
        self._round = 1

    @classmethod
    def from_state(cls, state: GameState) -> Scenario:
        """A scenario starting from an existing position (a saved game, a bug report's dump,
        a state built with the board's own methods): planets, corporation boards, cards, the
        station and the event deck as they are there; what was being decided (tiles in hand,
        pending items, movement) is dropped. ``start`` then opens the step asked for in the
        state's round (a new round: with 1-2 players the station turns once more)."""
        sc = cls.__new__(cls)
        st = copy(state)
        if st.phase == "over":
            raise ScenarioError("that game is over; there is nothing left to open")
        st.phase, st.active, st.result = "setup", None, None
        for s in st.seats:
            s.step, s.hand, s.hand_advances, s.taken, s.unplaced = "wait", None, True, None, None
            s.pending, s.pool, s.round_tiles, s.civ_queue, s.snapshot = [], 0, [], [], None
        sc._state = st
        sc._seats = [SeatSetup(sc, i) for i in range(st.players)]
        sc._round = max(1, st.round)
        return sc

    # ------------------------------------------------------------------ seats
    def seat(self, index: int) -> SeatSetup:
        """The seat's part (seat numbers from 0)."""
        if isinstance(index, bool) or not isinstance(index, int) or index not in range(len(self._seats)):
            raise ScenarioError(f"there is no seat {index!r}: seats are 0 to {len(self._seats) - 1}")
        return self._seats[index]

    # ------------------------------------------------------------------ the round
    def round(self, number: int) -> Scenario:
        """The round ``start`` opens (``state.round``), 1 by default."""
        if isinstance(number, bool) or not isinstance(number, int) or number < 1:
            raise ScenarioError(f"rounds are numbered from 1, not {number!r}")
        self._round = number
        return self

    def commander(self, seat: int) -> Scenario:
        """Who holds the commander token this round."""
        self.seat(seat)
        self._state.commander = seat
        return self

    def last_round(self, reason: str = "depot_empty") -> Scenario:
        """The game ends after this round (``state.ending``): a depot found empty, a tile that
        could not be placed, or the last event card."""
        if reason not in ENDINGS:
            raise ScenarioError(f"the game ends for one of: {', '.join(ENDINGS)}; not {reason!r}")
        if reason not in self._state.ending:
            self._state.ending.append(reason)
        return self

    # ------------------------------------------------------------------ station
    def stack(self, kind: str, slot: int, *tiles) -> Scenario:
        """The exact contents of one station stack, bottom first, top last (none: empty)."""
        if kind not in ("small", "large") or slot not in range(6):
            raise ScenarioError(f"stacks are 'small' or 'large', slots 0 to 5; not {kind!r} {slot!r}")
        ids = [_tile(t) for t in tiles]
        for t in ids:
            if D.tile(t).ring != kind:
                raise ScenarioError(f"tile {t} ({D.tile(t).label}) is a {D.tile(t).ring} tile, not a {kind} one")
        self._remove_from_station(ids)
        self._state.station[kind][slot] = ids
        return self

    def station(self, *, rotation: int | None = None, offset: int | None = None) -> Scenario:
        """The station's rotation before the round opens, and the interior disc's offset."""
        for name, v in (("rotation", rotation), ("offset", offset)):
            if v is not None:
                if v not in range(6):
                    raise ScenarioError(f"the station {name} is 0 to 5, not {v!r}")
                self._state.station[name] = v
        return self

    def _remove_from_station(self, ids) -> None:
        for kind in ("small", "large"):
            for pile in self._state.station[kind]:
                pile[:] = [t for t in pile if t not in ids]

    # ------------------------------------------------------------------ cards
    def _check_civ(self, c) -> None:
        if c not in D.civ_cards():
            raise ScenarioError(f"there is no civ card {c!r}; civ cards are {min(D.civ_cards())}-"
                                f"{max(D.civ_cards())}")

    def _take_civ(self, c: int) -> None:
        st = self._state
        for pile in st.civ_piles.values():
            if c in pile:
                pile.remove(c)
        if c in st.civ_box:
            st.civ_box.remove(c)

    def civ_pile(self, rank: int, *cards: int) -> Scenario:
        """The cards left in the civ pile of that rank (those there before go to the box)."""
        if rank not in (1, 2, 3, 4):
            raise ScenarioError(f"civ piles have ranks 1 to 4, not {rank!r}")
        st = self._state
        for c in cards:
            self._check_civ(c)
            if D.civ_card(c).rank != rank:
                raise ScenarioError(f"civ card {c} has rank {D.civ_card(c).rank}; it can't be in the rank {rank} pile")
            for i, s in enumerate(st.seats):
                if c in s.corp.civ_cards:
                    raise ScenarioError(f"civ card {c} is held by seat {i + 1}")
        st.civ_box = sorted(st.civ_box + [c for c in st.civ_piles[str(rank)] if c not in cards])
        for c in cards:
            self._take_civ(c)
        st.civ_piles[str(rank)] = sorted(cards)
        return self

    def civ_in_pile(self, *cards: int) -> Scenario:
        """These civ cards lie in the pile of their rank, next to the cards dealt there (taken
        from the box if setup left them out)."""
        st = self._state
        for c in cards:
            self._check_civ(c)
            for i, s in enumerate(st.seats):
                if c in s.corp.civ_cards:
                    raise ScenarioError(f"civ card {c} is held by seat {i + 1}")
            pile = st.civ_piles[str(D.civ_card(c).rank)]
            if c not in pile:
                self._take_civ(c)
                pile.append(c)
        return self

    def _take_objective(self, c: int) -> None:
        st = self._state
        if c not in D.objective_cards():
            raise ScenarioError(f"there is no objective card {c!r}")
        for i, s in enumerate(st.seats):
            if c in s.corp.objectives:
                raise ScenarioError(f"objective {c} is already kept by seat {i + 1}")
            if c in s.corp.objective_offer:
                s.corp.objective_offer.remove(c)
        if c in st.neighbour_objectives:
            raise ScenarioError(f"objective {c} is already a neighbour objective")
        if c in st.objective_deck:
            st.objective_deck.remove(c)

    def neighbour_objectives(self, *cards: int) -> Scenario:
        """The neighbour objectives on the table (as many as the player count deals)."""
        st = self._state
        if len(cards) != len(st.neighbour_objectives):
            raise ScenarioError(f"a {st.players}-player game has {len(st.neighbour_objectives)} neighbour "
                                f"objectives, not {len(cards)}")
        if len(set(cards)) != len(cards):
            raise ScenarioError("each neighbour objective is a different card")
        old = list(st.neighbour_objectives)
        st.neighbour_objectives = []
        st.objective_deck.extend(c for c in old if c not in cards)
        for c in cards:
            self._take_objective(c)
        st.neighbour_objectives = list(cards)
        return self

    def objective_deck(self, *top: int) -> Scenario:
        """The next objective cards drawn from the deck, next first (events 67, Jump Drive 6)."""
        st = self._state
        for c in top:
            if c not in st.objective_deck:
                raise ScenarioError(f"objective {c!r} is not in the deck (it is dealt, kept, or no such card)")
        st.objective_deck = list(top) + [c for c in st.objective_deck if c not in top]
        return self

    # ------------------------------------------------------------------ events
    def _events(self) -> dict:
        st = self._state
        ev: dict | None = st.extra.get("events")
        if ev is None:  # switch the module on with the normal preset's deck
            st.config["events"] = E.make_config(st.players, True)
            ev = E.new_deck(st.config, random.Random(f"{st.seed}:scenario-events"))
            assert ev is not None  # the module is on
            st.extra["events"] = ev
        return ev

    def _check_event(self, c) -> None:
        if c not in E.cards():
            raise ScenarioError(f"there is no event card {c!r}; event cards are {min(E.cards())}-{max(E.cards())}")
        if E.card(c).solo_only and self._state.players > 1:
            raise ScenarioError(f"event card {c} is played in solo games only")

    def events(self, *deck: int) -> Scenario:
        """The event cards still to come, next first (the deck may be shorter than 20: the
        last card makes its round the last one). Switches the event module on if needed."""
        if len(set(deck)) != len(deck):
            raise ScenarioError("each event card is in the deck once")
        for c in deck:
            self._check_event(c)
        ev = self._events()
        ev["deck"] = list(deck)
        return self

    def next_event(self, card: int) -> Scenario:
        """The event card revealed when the round opens (the rest of the deck follows)."""
        self._check_event(card)
        ev = self._events()
        ev["deck"] = [card] + [c for c in ev["deck"] if c != card]
        return self

    # ------------------------------------------------------------------ open play
    def start(self, *, step: str = "turns", turn: int | None = 0) -> GameState:
        """A new game state at the built position with the next step opened through the
        rules (see the module docstring). May be called again for a fresh copy."""
        if step not in STEPS:
            raise ScenarioError(f"start at one of: {', '.join(STEPS)}; not {step!r}")
        if turn is not None and turn not in range(6):
            raise ScenarioError(f"the commander turns the station by 0 to 5 depots, not {turn!r}")
        state = copy(self._state)
        for s in self._seats:
            s._finish(state, self._round)
        if step == "civ" and not any(s._civ_queue for s in self._seats):
            raise ScenarioError("no seat reached a civ milestone: give one with seat(i).civ_milestone(rank)")
        state.round = self._round - 1
        if step in ("turns", "civ"):
            self._place_depots(state, turn)
        if step == "objectives":
            if self._round != 1 or not any(s.corp.objective_offer for s in state.seats):
                raise ScenarioError("the objective choice opens only in round 1 of a game with private "
                                    "objectives still on offer")
            R.begin_play(state)
            return state
        for seat in state.seats:  # a choice left open: the first card offered goes back
            if seat.corp.objective_offer:
                state.objective_deck.append(seat.corp.objective_offer[0])
                seat.corp.objectives = sorted(seat.corp.objective_offer[1:])
                seat.corp.objective_offer = []
        if step == "final":
            state.round = self._round
            R.begin_final(state)
            return state
        R.begin_play(state)
        if state.phase == "rotate" and turn is not None:
            R.apply(state, state.commander, Turn(turn))
        if step == "civ":
            for seat, setup in zip(state.seats, self._seats):
                seat.step, seat.hand, seat.pending, seat.pool = "done", None, [], 0
                seat.civ_queue = list(setup._civ_queue)
            R.close_turns(state)
        return state

    def _place_depots(self, state: GameState, turn: int | None) -> None:
        """Put each seat's chosen top tiles on the stacks that face it once the station turned."""
        rotation = state.station["rotation"]
        rotation = (rotation - (1 if state.players <= 2 else (turn or 0))) % 6
        wanted: dict[tuple[str, int], tuple[int | None, bool]] = {}
        for s in self._seats:
            slots = station_slots(rotation, state.station["offset"], seat_position(state, s.index))
            for kind, tid in s._depot.items():
                key = (kind, slots[kind])
                if key in wanted and wanted[key] != (tid, s._alone):
                    raise ScenarioError(f"seats share the {kind} stack {slots[kind]}; give it one top tile")
                wanted[key] = (tid, s._alone)
        ids = [t for t, _alone in wanted.values() if t is not None]
        for kind in ("small", "large"):
            for pile in state.station[kind]:
                pile[:] = [t for t in pile if t not in ids]
        for (kind, slot), (tid, alone) in wanted.items():
            if tid is None:
                state.station[kind][slot] = []
            elif alone:
                state.station[kind][slot] = [tid]
            else:
                state.station[kind][slot].append(tid)
