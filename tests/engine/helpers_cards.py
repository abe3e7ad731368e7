"""Shared helpers for the civ card, objective and scoring tests.

Positions are built by hand on KSB-4156 (squares named like players name them: "C5" is row C,
column 5). Tiles are put down with ``lay``, which takes the squares a tile must cover and,
optionally, the terrain / icon / meteor symbol each square must show, finds the orientation
that does it and fails loudly if none does: every hand-made position documents itself and
cannot silently drift if the tile data changes.

Spec tokens for ``lay``: ``SQUARE[:terrain][*][!]``
    ``E3``          the tile covers E3 (any terrain)
    ``E3:civ``      ... showing civ terrain and no resource icon
    ``E3:civ*``     ... showing civ terrain with the civ resource icon
    ``E3!``         the tile's meteor symbol is on E3 (a tile with a meteor must say where)
"""
from __future__ import annotations

import engine.data as D
from engine import apply, legal_actions, make_config, new_game
from engine.actions import Confirm, Resolve, Turn
from engine.board import Board, placement_mask
from engine.data import cell_name, parse_cell

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


def new(players: int = 2, seed: int = 1, commander: int = 0):
    return new_game(make_config(players, first_commander=commander, interior_offset=0), seed)


def set_trackers(state, seat: int, **positions) -> None:
    for track, pos in positions.items():
        state.seats[seat].corp.trackers[track] = pos


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
            if mask is None or mask != D.mask_of(want):
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


def lay(board: Board, tid: int, spec: str) -> dict:
    """Put tile ``tid`` on ``board`` exactly as ``spec`` describes (see module doc)."""
    orient, anchor = find_lay(tid, spec)
    mask = placement_mask(tid, orient, anchor)
    assert mask & ~board.planet.grid_mask == 0, f"{spec!r} leaves the planet"
    assert mask & board.occupied == 0, f"{spec!r} overlaps a tile or patch"
    return board.place_tile(tid, orient, anchor)


def patches(board: Board, spec: str) -> None:
    for c in sqs(spec):
        assert board.planet.is_grid(c) and not board.occupied >> c & 1, cell_name(c)
        board.place_patch(c)


def terrain(board: Board, name: str) -> str | None:
    return board.terrain[sq(name)]


# --------------------------------------------------------------------------- civ step


def put_in_pile(state, card_id: int) -> None:
    """Make sure ``card_id`` is in its rank pile (taken from wherever setup put it)."""
    for pile in state.civ_piles.values():
        if card_id in pile:
            pile.remove(card_id)
    if card_id in state.civ_box:
        state.civ_box.remove(card_id)
    state.civ_piles[str(D.civ_card(card_id).rank)].append(card_id)


def confirm_all(state, queues: dict[int, list[int]] | None = None) -> None:
    """End the turns step: every seat confirms an (already settled) turn. ``queues`` gives the
    civ milestone ranks each seat reached during its turn."""
    if state.phase == "rotate":
        apply(state, state.active, Turn(0))
    assert state.phase == "turns", state.phase
    for i, s in enumerate(state.seats):
        s.step, s.hand, s.pending, s.pool = "resolve", None, [], 0
        s.civ_queue = list((queues or {}).get(i, []))
    for k in range(state.players):  # from the commander on
        apply(state, (state.commander + k) % state.players, Confirm())


def civ_step(state, seat: int, *cards: int) -> dict:
    """Bring ``seat`` to the civ step for the rank of ``cards[0]`` (every card put in the piles)
    and return its pending civ item."""
    for c in cards:
        put_in_pile(state, c)
    confirm_all(state, {seat: [D.civ_card(cards[0]).rank]})
    assert state.phase == "civ" and state.active == seat
    return only(state, seat, "civ")


CIV_MILESTONE = {1: 3, 2: 6, 3: 10, 4: 14}  # Universal Coalition civ space of each rank


def take_card(state, seat: int, card_id: int) -> None:
    """The real flow: ``seat`` reached the card's civ milestone this round (its civ tracker is
    raised to that space if the position had it lower); once every player confirmed, it
    chooses ``card_id`` from the pile. The card's effects are then pending."""
    corp = state.seats[seat].corp
    corp.trackers["civ"] = max(corp.trackers["civ"], CIV_MILESTONE[D.civ_card(card_id).rank])
    item = civ_step(state, seat, card_id)
    apply(state, seat, Resolve(item["id"], str(card_id)))


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
