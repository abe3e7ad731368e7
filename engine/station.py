"""The space station and its depots (rulebook 2023 p.4 "Station spatiale", p.5 R1).

Six depots of two stacks (small, large) turn together around the station; each player's
indicator faces one depot, whose two top tiles are that player's choice this round. The
interior ring holding the small stacks sits at a fixed offset from the large ones
(``state.station["offset"]``); turning the station changes ``rotation``.
"""
from __future__ import annotations

from . import data as D
from .state import GameState


def seat_position(state: GameState, seat: int) -> int:
    """Where the seat's indicator stands around the station (station.json, by player count)."""
    return D.station().indicator_positions[state.players][seat]


def station_slots(rotation: int, offset: int, position: int) -> dict[str, int]:
    """Stack slots of the depot at a station position, for a rotation and interior offset."""
    large = (position + rotation) % 6
    return {"large": large, "small": (large + offset) % 6}


def depot_slots(state: GameState, position: int) -> dict[str, int]:
    return station_slots(state.station["rotation"], state.station["offset"], position)


def seat_depot(state: GameState, seat: int) -> dict[str, int]:
    """Slots of the two stacks facing ``seat``: {"small": slot, "large": slot}."""
    return depot_slots(state, seat_position(state, seat))


def top_tile(state: GameState, stack: str, slot: int) -> int | None:
    pile = state.station[stack][slot]
    return pile[-1] if pile else None


def depot_tops(state: GameState, seat: int) -> dict[str, int]:
    """The top tile of each non-empty stack of the seat's depot."""
    tops = {k: top_tile(state, k, v) for k, v in seat_depot(state, seat).items()}
    return {k: t for k, t in tops.items() if t is not None}


def empty_depots(state: GameState) -> list[int]:
    """Depots (fixed small/large pairs) whose two stacks are both empty."""
    off = state.station["offset"]
    return [j for j in range(6) if not state.station["large"][j] and not state.station["small"][(j + off) % 6]]
