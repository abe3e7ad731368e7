"""Horizon Group (rulebook 2023 p.12; RULINGS D6, D7): rovers carry meteorites to rover icons."""
from __future__ import annotations

from .. import effects as F
from .base import Board, corp_of, on, register, use, used


@register
class Horizon(Board):
    """Rovers pick meteorites up (one each) and score them only when delivered to a rover
    resource icon; still carried at game end, they are removed uncollected (D7)."""

    id = "horizon_group"

    def carrying(self, state, seat) -> list[int]:
        rovers = state.seats[seat].board.rovers
        return [i for i in corp_of(state, seat).special.get("carry", []) if i < len(rovers) and rovers[i] is not None]

    def clean(self, state, seat) -> None:
        sp = corp_of(state, seat).special
        if "carry" in sp:  # a destroyed rover loses what it carried
            sp["carry"] = self.carrying(state, seat)

    def rover_meteorite(self, state, seat, rover, cell):
        b = state.seats[seat].board
        carry = corp_of(state, seat).special.setdefault("carry", [])
        if rover in carry and b.symbol[cell] == "rover":
            self.deliver(state, seat, rover)
        if rover not in carry and cell in b.meteorites:
            b.meteorites.remove(cell)
            carry.append(rover)
            if b.symbol[cell] == "rover":
                self.deliver(state, seat, rover)
        return True

    def deliver(self, state, seat, rover) -> None:
        corp = corp_of(state, seat)
        corp.special["carry"].remove(rover)
        corp.meteorites += 1
        self.meteorite_collected(state, seat)

    def meteorite_collected(self, state, seat):  # tech 3: a biomass patch for each collection
        if on(state, seat, 3):
            F.gain_patch(state, seat)

    def place_patch(self, state, seat, cell):
        super().place_patch(state, seat, cell)
        self.clean(state, seat)

    def tile_placed(self, state, seat, tile_index):
        self.clean(state, seat)

    def start_of_round_movement(self, state, seat):  # tech 2
        return len(self.carrying(state, seat)) if on(state, seat, 2) else 0

    def final_items(self, state, seat):
        corp_of(state, seat).special["carry"] = []  # D7

    def tech_values(self, state, seat, level):
        b = state.seats[seat].board
        if level == 4:  # a loaded rover on water may destroy its meteorite
            return [str(i + 1) for i in self.carrying(state, seat) if b.terrain[b.rovers[i]] == "water"]
        if level == 5 and not used(state, seat, "t5") and F.can_rise(state, seat, "rover"):
            return ["rover"]
        return []

    def use_tech(self, state, seat, level, key):
        if level == 4:  # destroyed: back to the supply, not collected
            corp_of(state, seat).special["carry"].remove(int(key) - 1)
        else:
            use(state, seat, "t5")
            F.advance(state, seat, "rover", 1, source="tech")
