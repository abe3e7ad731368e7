"""Universal Coalition, the standard board (rulebook 2023 pp.5-6): every rule of the base
board, plus its tech 4 (water from a tile placed on ice advances two steps)."""
from __future__ import annotations

from .. import effects as F
from .base import Board, register


@register
class UniversalCoalition(Board):
    id = "universal_coalition"

    def advance_choice(self, state, seat, item, key, times):
        if item.get("water") and F.has_tech_code(state, seat, "double_water_from_tile_placement"):
            times = 2  # tech 4: water from a tile placed on ice advances twice
        return key, times
