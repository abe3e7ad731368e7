"""Objective cards: what each neighbour card measures and when a private card is met.

Reference: cards.md sections 3-4 (criteria, edge squares, terrain areas, rectangles, top of
a track). Neighbour cards compare two planets: the better value wins 5 medals, equal values
(0 against 0 included) give 2 to each (RULINGS S2). A private card is worth 5 when its
condition holds at final scoring.
"""
from __future__ import annotations

from . import corporations as corps
from . import data as D
from .board import Board
from .state import GameState

SIZE = D.SIZE


def tracks_at_max(state: GameState, seat: int) -> int:
    corp = state.seats[seat].corp
    tracks = D.corporation(corp.corp_id).tracks
    return sum(1 for t, tr in tracks.items() if corp.trackers[t] >= tr.top)


def icons(board: Board, resource: str, mask: int | None = None) -> int:
    cells = range(SIZE * SIZE) if mask is None else D.cells_of(mask)
    return sum(1 for c in cells if board.symbol[c] == resource)


def has_rectangle(board: Board, terrain: str, width: int, height: int, any_orientation: bool = True) -> bool:
    want = 0
    for c in range(SIZE * SIZE):
        if board.terrain[c] == terrain:
            want |= 1 << c
    shapes = {(height, width), (width, height)} if any_orientation else {(height, width)}
    for h, w in shapes:
        block = sum(1 << (r * SIZE + c) for r in range(h) for c in range(w))
        for r0 in range(SIZE - h + 1):
            for c0 in range(SIZE - w + 1):
                m = block << (r0 * SIZE + c0)
                if m & want == m:
                    return True
    return False


def neighbour_value(state: GameState, seat: int, criterion: dict) -> int:
    """The number a neighbour card compares for one player."""
    s = state.seats[seat]
    b = s.board
    kind = criterion["kind"]
    if kind == "resources_on_edge":
        return icons(b, criterion["resource"], b.planet.edge_mask)
    if kind == "largest_area":
        return max((len(a) for a in b.areas(criterion["terrain"])), default=0)
    if kind == "area_count":
        return len(b.areas(criterion["terrain"]))
    if kind == "resources_on_planet":
        return icons(b, criterion["resource"])
    if kind == "tracks_at_max":
        return tracks_at_max(state, seat)
    if kind == "collected":
        return corps.collected_lifepods(state, seat) if criterion["what"] == "lifepod" else s.corp.meteorites
    raise NotImplementedError(f"neighbour criterion {kind!r}")


def compare(criterion: dict, mine: int, theirs: int) -> int:
    """Medals for the player whose value is ``mine`` (5 win, 2 tie, 0 loss)."""
    if mine == theirs:
        return 2
    better = mine > theirs if criterion["compare"] == "most" else mine < theirs
    return 5 if better else 0


def private_met(state: GameState, seat: int, condition: dict) -> bool:
    s = state.seats[seat]
    b = s.board
    corp = s.corp
    kind = condition["kind"]
    if kind == "rectangle":
        return has_rectangle(b, condition["terrain"], condition["width"], condition["height"],
                             condition.get("any_orientation", True))
    if kind == "area_with_resources":
        t = condition["terrain"]
        return any(sum(1 for c in area if b.symbol[c] == t) >= condition["min_resources"] for area in b.areas(t))
    if kind == "track_at_max":
        tr = D.corporation(corp.corp_id).tracks[condition["track"]]
        return corp.trackers[condition["track"]] >= tr.top
    if kind == "resources_on_planet_at_most":
        return icons(b, condition["resource"]) <= condition["max"]
    if kind == "collected_at_least":
        have = corp.meteorites if condition["what"] == "meteorite" else corps.collected_lifepods(state, seat)
        return have >= condition["min"]
    if kind == "collected_more_than":
        counts = {"meteorite": corp.meteorites, "lifepod": corps.collected_lifepods(state, seat)}
        return counts[condition["what"]] > counts[condition["than"]]
    if kind == "all_covered":
        p = b.planet
        target = p.ice_mask if condition["terrain"] == "ice" else p.grid_mask & ~p.ice_mask
        return not target & ~b.filled  # Petra: visible currents are energy terrain (P4)
    raise NotImplementedError(f"private condition {kind!r}")


def neighbour_pairs(players: int) -> list[tuple[int, int, int]]:
    """(card index, seat a, seat b): card i sits between seat i and the seat on its left;
    with 2 players all three cards compare the two planets; solo has none."""
    if players == 1:
        return []
    if players == 2:
        return [(0, 0, 1), (1, 0, 1), (2, 0, 1)]
    return [(i, i, (i + 1) % players) for i in range(players)]
