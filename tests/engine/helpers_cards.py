"""Shared helpers for the civ card, objective and scoring tests.

Positions are built with engine/scenario.py on KSB-4156 (squares named like players name them:
"C5" is row C, column 5). Tiles are laid with ``lay``, which takes the squares a tile must
cover and, optionally, the terrain / icon / meteor symbol each square must show, finds the
orientation that does it and fails loudly if none does: every hand-made position documents
itself and cannot silently drift if the tile data changes.

Spec tokens for ``lay``: ``SQUARE[:terrain][*][!]``
    ``E3``          the tile covers E3 (any terrain)
    ``E3:civ``      ... showing civ terrain and no resource icon
    ``E3:civ*``     ... showing civ terrain with the civ resource icon
    ``E3!``         the tile's meteor symbol is on E3 (a tile with a meteor must say where)
"""
from __future__ import annotations

import engine.data as D
from engine import apply, legal_actions
from engine.actions import Resolve
from engine.board import Board, placement_mask
from engine.data import cell_name, parse_cell
from engine.scenario import Scenario, SeatSetup
from engine.state import GameState

PLANET_ID = "ksb-4156"
PLANET = D.planet(PLANET_ID)
TRACKS = ("civ", "water", "biomass", "rover", "tech")


# --------------------------------------------------------------------------- squares


def sq(name: str) -> int:
    return parse_cell(name)


def sqs(names: str) -> list[int]:
    return [parse_cell(n) for n in names.split()]


def names(cells) -> list[str]:
    """Square names in board order (row by row)."""
    return [cell_name(c) for c in sorted(cells)]


# --------------------------------------------------------------------------- games


def new(players: int = 2, seed: int = 1, commander: int = 0, **kw) -> Scenario:
    """A scenario of a standard game: KSB-4156 and Universal Coalition for every seat."""
    return Scenario(players, seed, commander=commander, interior_offset=0, **kw)


# --------------------------------------------------------------------------- tiles


def tile_id(shape: str, t1: str, t2: str, meteor: bool = False) -> int:
    """The tile of that shape (e.g. "I4") whose two terrains are t1 and t2 (either order)."""
    for t in D.tiles().values():
        if t.shape_code == shape and {t.terrain_a, t.terrain_b} == {t1, t2} and t.has_meteor == meteor:
            return t.id
    raise AssertionError(f"no {shape} {t1}/{t2} tile (meteor={meteor})")


def family_a(terrain: str) -> tuple[str, str]:
    """(terrain_a, terrain_b) of the family whose A side is ``terrain``."""
    for t in D.tiles().values():
        if t.terrain_a == terrain:
            return t.terrain_a, t.terrain_b
    raise AssertionError(terrain)


def family_b(terrain: str) -> tuple[str, str]:
    """(terrain_a, terrain_b) of the family whose B side is ``terrain``."""
    for t in D.tiles().values():
        if t.terrain_b == terrain:
            return t.terrain_a, t.terrain_b
    raise AssertionError(terrain)


def _parse_spec(spec: str) -> dict[int, tuple[str | None, bool, bool]]:
    out = {}
    for tok in spec.split():
        meteor = tok.endswith("!")
        tok = tok.rstrip("!")
        icon = tok.endswith("*")
        tok = tok.rstrip("*")
        cell, _, terrain = tok.partition(":")
        out[parse_cell(cell)] = (terrain or None, icon, meteor)
    return out


def find_lay(tid: int, spec: str) -> tuple[int, int]:
    """(orientation, anchor) putting tile ``tid`` exactly as ``spec`` says."""
    want = _parse_spec(spec)
    t = D.tile(tid)
    for o in t.orientations:
        for anchor in range(144):
            mask = placement_mask(tid, o.index, anchor)
            if mask is None or mask != D.mask_of(list(want)):
                continue
            ar, ac = divmod(anchor, 12)
            ok = True
            for c in o.cells:
                cell = (ar + c.dr) * 12 + ac + c.dc
                terrain, icon, meteor = want[cell]
                if meteor != c.meteor:
                    ok = False
                if terrain is not None and (terrain != c.terrain or icon != (c.symbol is not None)):
                    ok = False
            if ok:
                return o.index, anchor
    raise AssertionError(f"tile {tid} ({t.label}) cannot be laid as {spec!r}")


def lay(seat: SeatSetup, tid: int, spec: str) -> SeatSetup:
    """Lay tile ``tid`` on the scenario seat's planet exactly as ``spec`` describes (see the
    module doc)."""
    orient, anchor = find_lay(tid, spec)
    return seat.tile(tid, at=cell_name(anchor), orient=orient)


def terrain(board: Board, name: str) -> str | None:
    return board.terrain[sq(name)]


# --------------------------------------------------------------------------- civ step


CIV_MILESTONE = {1: 3, 2: 6, 3: 10, 4: 14}  # Universal Coalition civ space of each rank


def take_card(sc: Scenario, seat: int, card_id: int, **trackers: int) -> GameState:
    """The real flow: ``seat`` (trackers as given) reached the card's civ milestone this round
    (its civ tracker stands at least on that space); once every player confirmed, it chooses
    ``card_id`` from the pile. Returns the game with the card's effects pending."""
    rank = D.civ_card(card_id).rank
    trackers["civ"] = max(trackers.get("civ", 0), CIV_MILESTONE[rank])
    sc.seat(seat).trackers(**trackers).civ_milestone(rank)
    sc.civ_in_pile(card_id)
    state = sc.start(step="civ")
    assert state.phase == "civ" and state.active == seat
    apply(state, seat, Resolve(only(state, seat, "civ")["id"], str(card_id)))
    return state


def items(state, seat: int, kind: str | None = None) -> list[dict]:
    return [i for i in state.seats[seat].pending if kind is None or i["kind"] == kind]


def only(state, seat: int, kind: str) -> dict:
    found = items(state, seat, kind)
    assert len(found) == 1, f"expected one pending {kind!r}, found {state.seats[seat].pending}"
    return found[0]


def values(state, seat: int, item: dict) -> list[str]:
    """The values the player is offered for ``item`` (from legal_actions)."""
    return [a.value for a in legal_actions(state, seat) if isinstance(a, Resolve) and a.item == item["id"]]


def settle(state, seat: int, item: dict, value: str) -> None:
    apply(state, seat, Resolve(item["id"], value))
