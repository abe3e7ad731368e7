"""Facts the images need, worked out from a view (never from the game state).

The engine computes some of these from the state (techs, complete lines, depot slots);
the renderer only gets a view, so the small formulas are repeated here from the data.
"""
from __future__ import annotations

from engine import data as D
from engine.board import Board


def board_of(view: dict, seat: int) -> Board:
    return Board.from_json(view["seats"][seat]["board"])


def complete_lines(board: Board) -> tuple[list[int], list[int]]:
    """Rows and columns (0-based) that score: every grid square covered, no meteorite."""
    p = board.planet
    met = D.mask_of(board.meteorites)
    rows = [r for r, m in enumerate(p.row_masks) if m and not m & ~board.occupied and not m & met]
    cols = [c for c, m in enumerate(p.column_masks) if m and not m & ~board.occupied and not m & met]
    return rows, cols


def covered_blocked_lines(board: Board) -> tuple[list[int], list[int]]:
    """Rows and columns fully covered but kept from scoring by a meteorite."""
    p = board.planet
    met = D.mask_of(board.meteorites)
    rows = [r for r, m in enumerate(p.row_masks) if m and not m & ~board.occupied and m & met]
    cols = [c for c, m in enumerate(p.column_masks) if m and not m & ~board.occupied and m & met]
    return rows, cols


def line_medals(board: Board) -> int:
    p = board.planet
    rows, cols = complete_lines(board)
    return sum(p.row_medals[r] for r in rows) + sum(p.column_medals[c] for c in cols)


def tech_on(corp_view: dict, level: int) -> bool:
    cdef = D.corporation(corp_view["corp"])
    pos = cdef.tech_positions.get(level)
    return pos is not None and corp_view["trackers"]["tech"] >= pos


def has_tech_code(corp_view: dict, code: str) -> bool:
    cdef = D.corporation(corp_view["corp"])
    return any(t.code == code and tech_on(corp_view, t.level) for t in cdef.techs)


def track_medals(corp_view: dict) -> int:
    cdef = D.corporation(corp_view["corp"])
    return sum(cdef.tracks[t].medal_at[corp_view["trackers"][t]] for t in D.TRACKS if t in cdef.tracks)


def seat_position(view: dict, seat: int) -> int:
    """The station position (0-5) whose depot faces ``seat``."""
    return D.station().indicator_positions[view["players"]][seat]


def depot_slots(view: dict, position: int) -> dict[str, int]:
    """Stack slots of the depot at a station position (same formula as engine.rules)."""
    st = view["station"]
    large = (position + st["rotation"]) % 6
    return {"large": large, "small": (large + st["offset"]) % 6}


def seat_tiles(view: dict, seat: int) -> dict[str, int | None]:
    """The top tiles of the two stacks facing ``seat`` as this view shows them."""
    depot = view["seats"][seat].get("depot") or depot_slots(view, seat_position(view, seat))
    return {k: view["station"][k][depot[k]]["top"] for k in ("small", "large")}


def snapshot_note(view: dict, seat: int) -> str | None:
    """A note when the view shows another seat as it was at the start of the round (while
    the round's turns are played, other players' tiles stay hidden until all confirm)."""
    if view["phase"] == "turns" and view.get("viewer") != seat:
        return "as at start of round"
    return None


def still_playing(view: dict, seat: int) -> bool:
    return view["phase"] == "turns" and view["seats"][seat].get("step") not in ("done", None)


def round_label(view: dict) -> str:
    """"round 5", or "setup" while private objectives are chosen before round 1."""
    return f"round {view['round']}" if view["round"] >= 1 else "setup"
