"""Jump Drive (rulebook 2023 p.12): lifepods on tech slots switch techs on."""
from __future__ import annotations

from i18n import _

from .. import data as D
from .. import effects as F
from ..data import TRACKS
from ..pending import item_kind, track_space, words
from .base import BoardKind, cdef_of, corp_of, on, register, spend, spent, use, used
from .lifepods import LifepodBoard


@register
class JumpDrive(LifepodBoard):
    """A collected lifepod may go on one of six tech slots, unlocking that tech at once in
    any order; those lifepods do not score. The tech track only has falling medals."""

    id = "jump_drive"
    final_techs = (5, 6)

    def tech_on(self, trackers, special, level):
        return level in special.get("slots", [])

    def collected_lifepods(self, corp):
        return corp.lifepods + len(corp.special.get("slots", []))

    def pod_spots(self, state, seat):
        slots = corp_of(state, seat).special.get("slots", [])
        return [f"tech {n}" for n in range(1, len(cdef_of(state, seat).techs) + 1) if n not in slots]

    def put_pod(self, state, seat, key):
        sp = corp_of(state, seat).special
        sp["slots"] = sorted(sp.get("slots", []) + [track_space(key)[1]])  # 'tech 2'

    def kept_lifepods(self, state, seat):  # on tech slots ('tech 2')
        return [f"tech {n}" for n in corp_of(state, seat).special.get("slots", [])]

    def lose_lifepod(self, state, seat, key):  # the tech of that slot switches off
        if key == "score":
            return super().lose_lifepod(state, seat, key)
        corp_of(state, seat).special["slots"].remove(track_space(key)[1])

    def settle_patch(self, state, seat, item, key):  # tech 1: a synergy boost instead of the patch
        if key != "synergy":
            return False
        use(state, seat, "t1")
        F.synergy(state, seat)
        return True

    def advance_choice(self, state, seat, item, key, times):  # tech 3: "TRACK twice"
        if key.endswith(" twice"):
            use(state, seat, "t3")
            return words(key)[0], 2
        return key, times

    def patch_values(self, state, seat, values):  # tech 1: a synergy instead, once per round
        if on(state, seat, 1) and not used(state, seat, "t1") and not F.withheld(state, "synergy"):
            return values + ["synergy"]
        return values

    def advance_extra_values(self, state, seat, item, opts):  # tech 3: any synergy boost (events too) moving twice
        if (item["source"] == "synergy" or item.get("synergy")) and on(state, seat, 3) and not used(state, seat, "t3"):
            return [f"{t} twice" for t in opts]
        return []

    def tile_gains(self, state, seat, tile_index, gains):  # tech 4: the tech icon may copy like energy
        b = state.seats[seat].board
        t = D.tile(b.tiles[tile_index][0])
        if on(state, seat, 4) and "tech" in t.resources:
            other = t.terrain_b if t.terrain_a == "tech" else t.terrain_a
            # the tile's tech square is energy: its area is that square with the energy
            # terrain it touches (designer: normal area extension through energy terrain)
            area = {c for c in b.tile_cells(tile_index) if b.terrain[c] == "tech"}
            for c in list(area):
                for n in D.neighbours(c):
                    if b.terrain[n] == "energy" and n not in area:
                        area.update(b.area_of(n))
            near = {b.terrain[n] for c in area for n in D.neighbours(c) if n not in area} - {None, "energy"}
            near = [tr for tr in TRACKS if tr == other or tr in near]
            for g in gains:
                if g["source"] == "tile" and g["options"] == ["tech"]:
                    g["options"] = [tr for tr in TRACKS if tr == "tech" or tr in near]
        return gains

    def objective_draw(self, state) -> list[int]:
        """The top three objective cards no Jump Drive player has drawn yet."""
        drawn = {c for s in state.seats for c in s.corp.special.get("_drawn", [])}
        return [c for c in state.objective_deck if c not in drawn][:3]

    def tech_values(self, state, seat, level):
        s = state.seats[seat]
        b = s.board
        if level == 2 and not used(state, seat, "t2") and s.pool >= 1:
            return F.teleport_values(state, seat, lambda a, c: b.terrain[a] is not None and b.terrain[c] == b.terrain[a])
        if level == 5 and not spent(state, seat, "t5"):
            return list(TRACKS)
        if level == 6 and not spent(state, seat, "t6") and self.objective_draw(state):
            return ["draw"]
        return []

    def use_tech(self, state, seat, level, key):
        s = state.seats[seat]
        if level == 2:
            use(state, seat, "t2")
            F.jump_rover(state, seat, key, cost=1)
        elif level == 5:  # every benefit in the chosen tracker's row, on all five tracks
            spend(state, seat, "t5")
            row = s.corp.trackers[key]
            for t in TRACKS:
                for b in cdef_of(state, seat).tracks[t].benefits[row]:
                    F.claim_benefit(state, seat, b, t)
        else:
            spend(state, seat, "t6")
            cards = self.objective_draw(state)
            s.corp.special["_drawn"] = cards
            F.add_item(s, "objective", cards=cards)


@item_kind
class TableObjective(BoardKind):
    """Tech 6: keep one of the three ``cards`` drawn, for the whole table."""

    name = "objective"
    fields = ("cards",)

    def values(self, state, seat, item):
        return [str(c) for c in item["cards"]]

    def carry_out(self, state, seat, board, item, key):
        corp_of(state, seat).special["table_objective"] = int(key)

    def describe(self, item):
        return _("keep one objective for the whole table")
