"""Facts the images need, worked out from a view (never from the game state).

The rules themselves (complete lines, techs, depot slots, track medals) live in the engine;
these helpers only feed them the parts of a view.
"""
from __future__ import annotations

from engine import data as D
from engine.board import Board
from engine.rules import station_slots, tech_unlocked
from engine.scoring import track_medals as _track_medals
from i18n import _


def board_of(view: dict, seat: int) -> Board:
    return Board.from_json(view["seats"][seat]["board"])


def carried(view: dict, seat: int) -> list[int]:
    """Rovers carrying a meteorite (Horizon Group), by index."""
    return list(view["seats"][seat]["corp"].get("special", {}).get("carry", []))


def complete_lines(board: Board) -> tuple[list[int], list[int]]:
    """Rows and columns (0-based) that score: every grid square covered, no meteorite."""
    return board.full_lines()


def covered_blocked_lines(board: Board) -> tuple[list[int], list[int]]:
    """Rows and columns fully covered but kept from scoring by a meteorite."""
    return board.full_lines(blocked=True)


def line_medals(board: Board) -> int:
    p = board.planet
    rows, cols = complete_lines(board)
    return sum(p.row_medals[r] for r in rows) + sum(p.column_medals[c] for c in cols)


def tech_on(corp_view: dict, level: int) -> bool:
    return tech_unlocked(corp_view["corp"], corp_view["trackers"], level, corp_view.get("special"))


def has_tech_code(corp_view: dict, code: str) -> bool:
    cdef = D.corporation(corp_view["corp"])
    return any(t.code == code and tech_on(corp_view, t.level) for t in cdef.techs)


def track_medals(corp_view: dict) -> int:
    return sum(_track_medals(corp_view["corp"], corp_view["trackers"], corp_view.get("special")).values())


def seat_position(view: dict, seat: int) -> int:
    """The station position (0-5) whose depot faces ``seat``."""
    return D.station().indicator_positions[view["players"]][seat]


def depot_slots(view: dict, position: int) -> dict[str, int]:
    """Stack slots of the depot at a station position."""
    return station_slots(view["station"]["rotation"], view["station"]["offset"], position)


def seat_tiles(view: dict, seat: int) -> dict[str, int | None]:
    """The top tiles of the two stacks facing ``seat`` as this view shows them."""
    depot = view["seats"][seat].get("depot") or depot_slots(view, seat_position(view, seat))
    return {k: view["station"][k][depot[k]]["top"] for k in ("small", "large")}


def snapshot_note(view: dict, seat: int) -> str | None:
    """A note when the view shows another seat as it was at the start of the round (while
    the round's turns are played, other players' tiles stay hidden until all confirm)."""
    if view["phase"] == "turns" and view.get("viewer") != seat:
        return _("as at start of round")
    return None


def still_playing(view: dict, seat: int) -> bool:
    return view["phase"] == "turns" and view["seats"][seat].get("step") not in ("done", None)


def round_label(view: dict) -> str:
    """"round 5", or "setup" while private objectives are chosen before round 1."""
    return _("round {n}").format(n=view["round"]) if view["round"] >= 1 else _("setup")
