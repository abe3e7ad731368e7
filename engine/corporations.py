"""The asymmetric corporation boards (rulebook 2023 pp.11-13 "Corporations asymétriques",
rulebook 2020 pp.10-12 with the per-corporation tech lists, reference corporations.md;
decisions RULINGS D1-D16, R3, R7, C1).

engine/rules.py plays the standard board (Universal Coalition) and calls the module-level
hooks at the end of this file wherever a corporation may change a rule. Each board is one
class below (one section per corporation); the base class ``Board`` is the standard board,
where every hook changes nothing. The state a board needs beyond its five trackers lives in
``Corp.special`` (plain JSON, restored by undo with the rest of the corporation):

    pods     Cosmos: lifepods lying on track spaces, [[track, position], ...]
    slots    Jump Drive: tech levels holding a lifepod (those techs are on)
    flux     Flux: the track the flux token marks (None until the first tech unlock, D5)
    carry    Horizon: indexes of the rovers carrying a meteorite
    col      Makeshift: the column each tracker stands in (its row is ``trackers[track]``)
    seen     Makeshift: spaces each tracker left this round (a sideways shift may not go back)
    used     once-per-round techs: "t<level>" -> round used
    spent    once-per-game techs used
    table_objective, _drawn   Jump Drive tech 6 (keys starting with _ are the owner's only)
    _move    rover movement under way this step (rules.gain_movement: start-of-round part, R3)

Choices are pending items (see rules.py) of these kinds:

    tech      use a tech now (optional; offered while it can do something)
    pod       put a collected lifepod on a track space / tech slot or in the scoring area
    pod_move  move another collected lifepod (optional, Cosmos)
    flux      place the flux token after a tech unlock (Flux)
    civ_regress  move a tracker down after a civ milestone (Republic; "regress" is an event's)
    choose    one of the two benefits of a biomass level (Wormhole)
    shift     where a tracker goes on this advance (Makeshift)
    meteor    collect a meteorite from the planet (Flux tech 4)
    objective keep one of three drawn objectives for the whole table (Jump Drive tech 6)
    keep_civ  keep civ cards at game end (Republic tech 5)

Interpretations where the sources leave room:
- Start-of-round movement (Flux 1, Horizon 2, Oasis 2) and Republic 1 are spent before the
  tile is placed, first of the pool; what is left of it is lost when the tile is placed and
  never joins movement gained later in the turn (R3 revised; rules.gain_movement). A tile
  that fits nowhere (R6) ends that window as a placement would.
- Techs usable "at any time" are offered during the player's own turn; the once-per-game
  ones (Cosmos 2, Flux 2, Jump Drive 5 and 6) also in the final step.
- Makeshift tech 3: a tracker may not shift sideways back onto a space it left earlier in
  the same round (two synergy spaces side by side would otherwise loop for ever).
- Horizon: a rover already carrying a meteorite drives over others without taking them.
- Jump Drive tech 6: the kept card is a neighbour objective all players compete for (the
  best value scores 5, a shared best 2 each); in a solo game its private side counts.
- Wormhole tech 3 doubles the first patch gain of each round by itself; Jump Drive tech 1
  is offered as an extra value ("synergy") of the patch item.
- Collected lifepods, for objectives, include those Cosmos and Jump Drive keep on their board.
- No corporation here forbids a placement, so R7 (a weakness lifted when it alone would
  block both tiles) never has anything to lift.
"""
from __future__ import annotations

import random
from functools import lru_cache

from . import data as D
from . import planets as P
from . import rules as R
from .data import TRACKS, cell_name, parse_cell
from .state import GameState

KINDS = frozenset({"tech", "pod", "pod_move", "flux", "civ_regress", "choose", "shift", "meteor", "objective",
                   "keep_civ"})
MILESTONES = frozenset({"civ", "biomass", "rover", "tech"})  # synergy, movement and medals are not (Flux 2)


# =========================================================================== shared helpers

def _corp(state: GameState, seat: int):
    return state.seats[seat].corp


def _cdef(state: GameState, seat: int) -> D.Corporation:
    return D.corporation(state.seats[seat].corp.corp_id)


def _on(state: GameState, seat: int, level: int) -> bool:
    return R.has_tech(state, seat, level)


def _used(state: GameState, seat: int, key: str) -> bool:
    return _corp(state, seat).special.get("used", {}).get(key) == state.round


def _use(state: GameState, seat: int, key: str) -> None:
    _corp(state, seat).special.setdefault("used", {})[key] = state.round


def _spent(state: GameState, seat: int, key: str) -> bool:
    return key in _corp(state, seat).special.get("spent", [])


def _spend(state: GameState, seat: int, key: str) -> None:
    _corp(state, seat).special.setdefault("spent", []).append(key)


def _synergy(state: GameState, seat: int) -> None:
    R._claim(state, seat, ("synergy",))


def _move_value(benefits) -> int:
    return sum(b[1] for b in benefits if b[0] == "move")


@lru_cache(maxsize=None)
def printed_medals(corp_id: str, track: str) -> tuple:
    """The medal printed on each space of a track (None where there is none)."""
    out = []
    for p in D.corporation(corp_id).tracks[track].raw["positions"]:
        m = [b["medal"] for b in p["benefits"] if isinstance(b, dict) and "medal" in b]
        out.append(m[-1] if m else None)
    return tuple(out)


def _teleports(state: GameState, seat: int, allowed) -> list[str]:
    """'ROVER SQUARE' values for every jump ``allowed(from, to)`` of every rover, onto squares
    a rover may land on (not a visible toxic square, not terrain this round's event bans)."""
    b = state.seats[seat].board
    out = []
    for i, pos in enumerate(b.rovers):
        if pos is not None:
            out += [f"{i + 1} {cell_name(c)}" for c in D.cells_of(b.planet.grid_mask)
                    if c != pos and allowed(pos, c) and R.rover_may_land(state, seat, c)]
    return out


def _teleport(state: GameState, seat: int, key: str) -> None:
    s = state.seats[seat]
    num, cell = key.split()
    R.spend_movement(state, seat, 1)
    s.board.rovers[int(num) - 1] = parse_cell(cell)
    R._rover_arrives(state, seat, int(num) - 1, parse_cell(cell))


# =========================================================================== the standard board

class Board:
    """Universal Coalition, and the default of every hook: the rules of rules.py unchanged."""

    id = "universal_coalition"
    final_techs: tuple[int, ...] = ()  # once-per-game techs also offered in the final step

    # ---- techs
    def tech_on(self, trackers: dict, special: dict, level: int) -> bool:
        """D11: on while the tech tracker stands on or above the milestone."""
        pos = D.corporation(self.id).tech_positions.get(level)
        return pos is not None and trackers["tech"] >= pos

    def tech_values(self, state: GameState, seat: int, level: int) -> list[str]:
        """What using tech ``level`` at will may be settled with now (empty: nothing to use)."""
        return []

    def use_tech(self, state: GameState, seat: int, level: int, key: str) -> None:
        raise NotImplementedError(f"{self.id} tech {level}")

    def movement_bonus(self, state: GameState, seat: int, track_space: bool) -> int:
        return 0

    # ---- trackers
    def next_space(self, state: GameState, seat: int, track: str) -> int | None:
        """Where one advance of ``track`` lands (None: it cannot move up)."""
        corp = _corp(state, seat)
        return corp.trackers[track] + 1 if corp.trackers[track] < _cdef(state, seat).tracks[track].top else None

    def can_rise(self, state: GameState, seat: int, track: str) -> bool:
        return self.next_space(state, seat, track) is not None

    def repeats_at_top(self, state: GameState, seat: int, track: str) -> bool:
        tdef = _cdef(state, seat).tracks[track]
        return bool(tdef.repeat_at_top) and _corp(state, seat).trackers[track] >= tdef.top

    def advance(self, state, seat, track, times, *, source, claim, skip) -> bool:
        return False  # rules.advance moves the tracker

    def regress_target(self, state: GameState, seat: int, track: str):
        pos = _corp(state, seat).trackers[track]
        return pos - 1 if pos > 0 else None

    def advance_all_to(self, state, seat, position, *, claim, skip) -> bool:
        return False

    # ---- benefits
    def claim(self, state: GameState, seat: int, benefit: tuple, track: str | None) -> bool:
        return False

    def patches_gained(self, state: GameState, seat: int, count: int) -> int:
        return count

    def patch_values(self, state: GameState, seat: int, values: list[str]) -> list[str]:
        return values

    def advance_extra_values(self, state: GameState, seat: int, item: dict, opts: list[str]) -> list[str]:
        return []

    def civ_item(self, state: GameState, seat: int, item: dict) -> None:
        pass

    # ---- pieces
    def gain_lifepod(self, state: GameState, seat: int) -> None:
        _corp(state, seat).lifepods += 1

    def collected_lifepods(self, corp) -> int:
        return corp.lifepods

    def rover_meteorite(self, state: GameState, seat: int, rover: int, cell: int) -> bool:
        return False

    def meteorite_collected(self, state: GameState, seat: int) -> None:
        pass

    def diagonal_moves(self, state: GameState, seat: int) -> bool:
        return False

    def step_cost(self, state: GameState, seat: int, dest: int) -> int:
        return 1

    # ---- tiles and turns
    def tile_gains(self, state: GameState, seat: int, tile_index: int, gains: list[dict]) -> list[dict]:
        return gains

    def tile_placed(self, state: GameState, seat: int, tile_index: int) -> None:
        pass

    def tile_picked(self, state: GameState, seat: int, tile_id: int) -> None:
        pass

    def start_of_round_movement(self, state: GameState, seat: int) -> int:
        return 0

    def final_items(self, state: GameState, seat: int) -> None:
        pass

    # ---- pending items of the board's own kinds
    def item_values(self, state: GameState, seat: int, item: dict) -> list[str]:
        if item["kind"] == "tech":
            return self.tech_values(state, seat, item["level"])
        raise NotImplementedError(f"{self.id} has no {item['kind']!r} items")

    def resolve(self, state: GameState, seat: int, item: dict, key: str) -> None:
        if item["kind"] == "tech":
            self.use_tech(state, seat, item["level"], key)
        else:
            raise NotImplementedError(f"{self.id} has no {item['kind']!r} items")

    # ---- scoring
    def track_medals(self, trackers: dict, special: dict) -> dict[str, int]:
        return {t: tr.medal_at[trackers[t]] for t, tr in D.corporation(self.id).tracks.items()}


class _LifepodBoard(Board):
    """Boards where a collected lifepod is put somewhere of the player's choice."""

    def gain_lifepod(self, state, seat):
        R._add(state.seats[seat], "pod")

    def pod_spots(self, state, seat) -> list[str]:
        raise NotImplementedError

    def put_pod(self, state, seat, key) -> None:
        raise NotImplementedError

    def item_values(self, state, seat, item):
        if item["kind"] == "pod":
            return ["score"] + self.pod_spots(state, seat)
        return super().item_values(state, seat, item)

    def resolve(self, state, seat, item, key):
        if item["kind"] != "pod":
            return super().resolve(state, seat, item, key)
        if key == "score":
            _corp(state, seat).lifepods += 1
        else:
            self.put_pod(state, seat, key)


# =========================================================================== Cosmos Inc

class Cosmos(_LifepodBoard):
    """A collected lifepod goes on a free track space (D15: any) or to scoring; trackers jump
    covered spaces for free, covered benefits, medals and tech milestones do not count, and
    only lifepods in the scoring area score (rulebook 2023 p.11)."""

    id = "cosmos_inc"
    final_techs = (2,)

    def _pods(self, corp) -> list:
        return corp.special.get("pods", [])

    def tech_on(self, trackers, special, level):
        pos = D.corporation(self.id).tech_positions.get(level)
        return super().tech_on(trackers, special, level) and ["tech", pos] not in special.get("pods", [])

    def next_space(self, state, seat, track):
        corp = _corp(state, seat)
        top = _cdef(state, seat).tracks[track].top
        p = corp.trackers[track] + 1
        while p <= top and [track, p] in self._pods(corp):
            p += 1
        return p if p <= top else None

    def regress_target(self, state, seat, track):
        corp = _corp(state, seat)
        p = corp.trackers[track] - 1
        while p >= 0 and [track, p] in self._pods(corp):
            p -= 1
        return p if p >= 0 else None

    def collected_lifepods(self, corp):
        return corp.lifepods + len(self._pods(corp))

    def pod_spots(self, state, seat):
        corp = _corp(state, seat)
        return [f"{t} {p}" for t in TRACKS for p in range(_cdef(state, seat).tracks[t].top + 1)
                if corp.trackers[t] != p and [t, p] not in self._pods(corp)]

    def put_pod(self, state, seat, key):
        t, p = key.split()
        _corp(state, seat).special.setdefault("pods", []).append([t, int(p)])

    def pod_sources(self, state, seat) -> list[str]:
        """Collected lifepods that may be moved ('score' = the scoring area)."""
        corp = _corp(state, seat)
        return (["score"] if corp.lifepods > 0 else []) + [f"{t} {p}" for t, p in self._pods(corp)]

    def lift_pod(self, state, seat, key) -> None:
        corp = _corp(state, seat)
        if key == "score":
            corp.lifepods -= 1
        else:
            t, p = key.split()
            corp.special["pods"].remove([t, int(p)])
        R._add(state.seats[seat], "pod", moved=True)

    def diagonal_moves(self, state, seat):  # tech 1
        return _on(state, seat, 1)

    def step_cost(self, state, seat, dest):  # tech 4: steps onto energy are free
        return 0 if _on(state, seat, 4) and state.seats[seat].board.terrain[dest] == "energy" else 1

    def tile_placed(self, state, seat, tile_index):  # tech 3: an energy tile lets a lifepod move
        b = state.seats[seat].board
        if "energy" in D.tile(b.tiles[tile_index][0]).resources and _on(state, seat, 3) \
                and self.pod_sources(state, seat):
            R._add(state.seats[seat], "pod_move", left=1, optional=True)

    def tech_values(self, state, seat, level):
        if level == 2 and not _spent(state, seat, "t2") or level == 5 and not _used(state, seat, "t5"):
            return self.pod_sources(state, seat)
        return []

    def use_tech(self, state, seat, level, key):
        if level == 2:  # once per game, up to three
            _spend(state, seat, "t2")
            R._add(state.seats[seat], "pod_move", left=2, optional=True)
        else:  # tech 5: one, once per round
            _use(state, seat, "t5")
        self.lift_pod(state, seat, key)

    def item_values(self, state, seat, item):
        if item["kind"] == "pod_move":
            return self.pod_sources(state, seat)
        return super().item_values(state, seat, item)

    def resolve(self, state, seat, item, key):
        if item["kind"] != "pod_move":
            return super().resolve(state, seat, item, key)
        self.lift_pod(state, seat, key)
        if item["left"] > 1:
            R._add(state.seats[seat], "pod_move", left=item["left"] - 1, optional=True)

    def track_medals(self, trackers, special):
        pods = {(t, p) for t, p in special.get("pods", [])}
        out = {}
        for t in TRACKS:  # a covered medal does not count: fall back to the next one below
            printed = printed_medals(self.id, t)
            out[t] = next((printed[p] for p in range(trackers[t], -1, -1)
                           if (t, p) not in pods and printed[p] is not None), 0)
        return out


# =========================================================================== Flux Industries

class Flux(Board):
    """The flux token marks a track, placed again at each tech unlock (D5: starts nowhere);
    only the latest tech reached works (rulebook 2023 p.13, FAQ)."""

    id = "flux_industries"
    final_techs = (2,)
    UPGRADED = {"civ", "water", "biomass", "rover"}  # tech 3; the tech track has no upgrade

    def flux(self, state, seat) -> str | None:
        return _corp(state, seat).special.get("flux")

    def tech_on(self, trackers, special, level):
        reached = [lv for lv, p in D.corporation(self.id).tech_positions.items() if trackers["tech"] >= p]
        return bool(reached) and level == max(reached)

    def upgrade(self, state, seat) -> str | None:
        """The track tech 3 upgrades right now (None while tech 3 is not the active one)."""
        return self.flux(state, seat) if _on(state, seat, 3) else None

    def claim(self, state, seat, benefit, track):
        kind = benefit[0]
        if track is not None and self.upgrade(state, seat) == track:
            if kind == "civ":  # a card one rank up
                R._claim(state, seat, ("civ", min(4, benefit[1] + 1)))
                return True
            if kind == "synergy" and track == "water":
                _synergy(state, seat)
                _synergy(state, seat)
                return True
            if kind == "biomass" and track == "biomass":
                R.gain_patch(state, seat, 2)
                return True
            if kind == "move" and track == "rover":
                R._claim(state, seat, ("move", benefit[1] + 1))
                return True
        if kind == "tech":  # each unlock lets the player move the token
            R._add(state.seats[seat], "flux")
        return False

    def start_of_round_movement(self, state, seat):  # tech 1
        flux = self.flux(state, seat)
        if not (flux and _on(state, seat, 1)):
            return 0
        b = state.seats[seat].board
        per = _cdef(state, seat).tech(1).params.get("per_rover", 2)
        return per * sum(1 for p in b.rovers if p is not None and b.terrain[p] == flux)

    def tile_placed(self, state, seat, tile_index):  # tech 4
        b = state.seats[seat].board
        if _on(state, seat, 4) and self.flux(state, seat) in D.tile(b.tiles[tile_index][0]).resources:
            R._add(state.seats[seat], "meteor")

    def milestone_above(self, state, seat, track) -> bool:
        tdef = _cdef(state, seat).tracks[track]
        pos = _corp(state, seat).trackers[track]
        return any(b[0] in MILESTONES for p in range(pos + 1, tdef.top + 1) for b in tdef.benefits[p])

    def tech_values(self, state, seat, level):
        flux = self.flux(state, seat)
        if not flux:
            return []
        if level == 2 and not _spent(state, seat, "t2") and self.milestone_above(state, seat, flux):
            return [flux]
        if level == 5 and not _used(state, seat, "t5") and can_rise(state, seat, flux):
            return [flux]
        return []

    def use_tech(self, state, seat, level, key):
        if level == 5:
            _use(state, seat, "t5")
            R.advance(state, seat, key, 1, source="tech")
            return
        _spend(state, seat, "t2")  # step by step, every space claimed (D4), up to the milestone
        tdef = _cdef(state, seat).tracks[key]
        corp = _corp(state, seat)
        while can_rise(state, seat, key):
            R.advance(state, seat, key, 1, source="tech")
            if any(b[0] in MILESTONES for b in tdef.benefits[corp.trackers[key]]):
                break

    def item_values(self, state, seat, item):
        if item["kind"] == "flux":
            return list(TRACKS)
        if item["kind"] == "meteor":
            return [cell_name(c) for c in sorted(state.seats[seat].board.meteorites)]
        return super().item_values(state, seat, item)

    def resolve(self, state, seat, item, key):
        s = state.seats[seat]
        if item["kind"] == "flux":
            s.corp.special["flux"] = key
        elif item["kind"] == "meteor":
            s.board.meteorites.remove(parse_cell(key))
            s.corp.meteorites += 1
        else:
            super().resolve(state, seat, item, key)


# =========================================================================== Horizon Group

class Horizon(Board):
    """Rovers pick meteorites up (one each) and score them only when delivered to a rover
    resource icon; still carried at game end, they are removed uncollected (D7)."""

    id = "horizon_group"

    def carrying(self, state, seat) -> list[int]:
        rovers = state.seats[seat].board.rovers
        return [i for i in _corp(state, seat).special.get("carry", []) if i < len(rovers) and rovers[i] is not None]

    def clean(self, state, seat) -> None:
        sp = _corp(state, seat).special
        if "carry" in sp:  # a destroyed rover loses what it carried
            sp["carry"] = self.carrying(state, seat)

    def rover_meteorite(self, state, seat, rover, cell):
        b = state.seats[seat].board
        carry = _corp(state, seat).special.setdefault("carry", [])
        if rover in carry and b.symbol[cell] == "rover":
            self.deliver(state, seat, rover)
        if rover not in carry and cell in b.meteorites:
            b.meteorites.remove(cell)
            carry.append(rover)
            if b.symbol[cell] == "rover":
                self.deliver(state, seat, rover)
        return True

    def deliver(self, state, seat, rover) -> None:
        corp = _corp(state, seat)
        corp.special["carry"].remove(rover)
        corp.meteorites += 1
        self.meteorite_collected(state, seat)

    def meteorite_collected(self, state, seat):  # tech 3: a biomass patch for each collection
        if _on(state, seat, 3):
            R.gain_patch(state, seat)

    def tile_placed(self, state, seat, tile_index):
        self.clean(state, seat)

    def start_of_round_movement(self, state, seat):  # tech 2
        return len(self.carrying(state, seat)) if _on(state, seat, 2) else 0

    def final_items(self, state, seat):
        _corp(state, seat).special["carry"] = []  # D7

    def tech_values(self, state, seat, level):
        b = state.seats[seat].board
        if level == 4:  # a loaded rover on water may destroy its meteorite
            return [str(i + 1) for i in self.carrying(state, seat) if b.terrain[b.rovers[i]] == "water"]
        if level == 5 and not _used(state, seat, "t5") and can_rise(state, seat, "rover"):
            return ["rover"]
        return []

    def use_tech(self, state, seat, level, key):
        if level == 4:  # destroyed: back to the supply, not collected
            _corp(state, seat).special["carry"].remove(int(key) - 1)
        else:
            _use(state, seat, "t5")
            R.advance(state, seat, "rover", 1, source="tech")


# =========================================================================== Jump Drive

class JumpDrive(_LifepodBoard):
    """A collected lifepod may go on one of six tech slots, unlocking that tech at once in
    any order; those lifepods do not score. The tech track only has falling medals."""

    id = "jump_drive"
    final_techs = (5, 6)

    def tech_on(self, trackers, special, level):
        return level in special.get("slots", [])

    def collected_lifepods(self, corp):
        return corp.lifepods + len(corp.special.get("slots", []))

    def pod_spots(self, state, seat):
        slots = _corp(state, seat).special.get("slots", [])
        return [f"tech {n}" for n in range(1, len(_cdef(state, seat).techs) + 1) if n not in slots]

    def put_pod(self, state, seat, key):
        sp = _corp(state, seat).special
        sp["slots"] = sorted(sp.get("slots", []) + [int(key.split()[1])])

    def patch_values(self, state, seat, values):  # tech 1: a synergy instead, once per round
        if _on(state, seat, 1) and not _used(state, seat, "t1") and not R.withheld(state, "synergy"):
            return values + ["synergy"]
        return values

    def advance_extra_values(self, state, seat, item, opts):  # tech 3: any synergy boost (events too) moving twice
        if (item["source"] == "synergy" or item.get("synergy")) and _on(state, seat, 3) and not _used(state, seat, "t3"):
            return [f"{t} twice" for t in opts]
        return []

    def tile_gains(self, state, seat, tile_index, gains):  # tech 4: the tech icon may copy like energy
        b = state.seats[seat].board
        t = D.tile(b.tiles[tile_index][0])
        if _on(state, seat, 4) and "tech" in t.resources:
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
        if level == 2 and not _used(state, seat, "t2") and s.pool >= 1:
            return _teleports(state, seat, lambda a, c: b.terrain[a] is not None and b.terrain[c] == b.terrain[a])
        if level == 5 and not _spent(state, seat, "t5"):
            return list(TRACKS)
        if level == 6 and not _spent(state, seat, "t6") and self.objective_draw(state):
            return ["draw"]
        return []

    def use_tech(self, state, seat, level, key):
        s = state.seats[seat]
        if level == 2:
            _use(state, seat, "t2")
            _teleport(state, seat, key)
        elif level == 5:  # every benefit in the chosen tracker's row, on all five tracks
            _spend(state, seat, "t5")
            row = s.corp.trackers[key]
            for t in TRACKS:
                for b in _cdef(state, seat).tracks[t].benefits[row]:
                    R._claim(state, seat, b, t)
        else:
            _spend(state, seat, "t6")
            cards = self.objective_draw(state)
            s.corp.special["_drawn"] = cards
            R._add(s, "objective", cards=cards)

    def item_values(self, state, seat, item):
        if item["kind"] == "objective":
            return [str(c) for c in item["cards"]]
        return super().item_values(state, seat, item)

    def resolve(self, state, seat, item, key):
        if item["kind"] == "objective":
            _corp(state, seat).special["table_objective"] = int(key)
        else:
            super().resolve(state, seat, item, key)


# =========================================================================== Makeshift

class Makeshift(Board):
    """Each advance moves a tracker one row up, straight or diagonally into a neighbouring
    column, claiming what is printed there; trackers block each other; techs come from the
    highest tracker in the tech column; each tracker scores the column it stands in."""

    id = "makeshift"

    def tech_on(self, trackers, special, level):
        pos = D.corporation(self.id).tech_positions.get(level)
        cols = columns(special)
        return pos is not None and any(cols[t] == "tech" and trackers[t] >= pos for t in TRACKS)

    def taken(self, corp, track) -> set[tuple[str, int]]:
        cols = columns(corp.special)
        return {(cols[t], corp.trackers[t]) for t in TRACKS if t != track}

    def seen(self, state, corp, track) -> list[str]:
        seen = corp.special.get("seen") or {}
        return seen.get("spaces", {}).get(track, []) if seen.get("round") == state.round else []

    def targets(self, state, seat, track, lateral=True) -> list[tuple[str, int]]:
        """Spaces one advance may take ``track`` to: a row up, straight or diagonally (tech 1:
        civ and tech are neighbours), or sideways (tech 3)."""
        corp = _corp(state, seat)
        cdef = _cdef(state, seat)
        col = columns(corp.special)[track]
        row = corp.trackers[track]
        taken = self.taken(corp, track)
        i = TRACKS.index(col)
        wrap = _on(state, seat, 1)
        side = [TRACKS[j % 5] for j in (i - 1, i + 1) if 0 <= j < 5 or wrap]
        out = [(c, row + 1) for c in [col] + side if row + 1 <= cdef.tracks[c].top and (c, row + 1) not in taken]
        if lateral and _on(state, seat, 3):
            seen = self.seen(state, corp, track)
            out += [(c, row) for c in side if (c, row) not in taken and f"{c} {row}" not in seen]
        return out

    def next_space(self, state, seat, track):
        return None  # every step is a choice: see advance

    def can_rise(self, state, seat, track):
        return bool(self.targets(state, seat, track))

    def repeats_at_top(self, state, seat, track):
        corp = _corp(state, seat)
        return columns(corp.special)[track] == "rover" and corp.trackers[track] >= _cdef(state, seat).tracks["rover"].top

    def advance(self, state, seat, track, times, *, source, claim, skip):
        if times > 0:
            R._add(state.seats[seat], "shift", track=track, left=times, source=source, claim=claim, skip=list(skip))
        return True

    def advance_all_to(self, state, seat, position, *, claim, skip):
        corp = _corp(state, seat)
        for t in TRACKS:
            if corp.trackers[t] < position:
                R._add(state.seats[seat], "shift", track=t, left=position - corp.trackers[t], until=position,
                       source="card", claim=claim, skip=list(skip))
        return True

    def regress_target(self, state, seat, track):  # straight down, onto a free space
        corp = _corp(state, seat)
        col = columns(corp.special)[track]
        pos = corp.trackers[track]
        return (col, pos - 1) if pos > 0 and (col, pos - 1) not in self.taken(corp, track) else None

    def movement_bonus(self, state, seat, track_space):  # tech 2
        if not track_space or not _on(state, seat, 2):
            return 0
        cols = columns(_corp(state, seat).special)
        return 1 if sum(1 for t in TRACKS if cols[t] == "rover") >= 2 else 0

    def tech_values(self, state, seat, level):  # tech 4: one tracker down, once per round
        if level == 4 and not _used(state, seat, "t4"):
            return [t for t in TRACKS if self.regress_target(state, seat, t) is not None]
        return []

    def use_tech(self, state, seat, level, key):
        _use(state, seat, "t4")
        regress(state, seat, key)

    def item_values(self, state, seat, item):
        if item["kind"] != "shift":
            return super().item_values(state, seat, item)
        t = item["track"]
        vals = [f"{c} {r}" for c, r in self.targets(state, seat, t, lateral="until" not in item)]
        if repeats_at_top(state, seat, t, item["source"]):  # stay on the rover top: X-infinity
            vals.append(f"rover {_corp(state, seat).trackers[t]}")
        return vals

    def resolve(self, state, seat, item, key):
        if item["kind"] != "shift":
            return super().resolve(state, seat, item, key)
        corp = _corp(state, seat)
        cdef = _cdef(state, seat)
        t = item["track"]
        col, row = key.split()
        row = int(row)
        cols = columns(corp.special)
        if (col, row) == (cols[t], corp.trackers[t]):
            for b in cdef.tracks["rover"].repeat_at_top:
                R._claim(state, seat, b, "rover")
        else:
            seen = corp.special.get("seen") or {}
            if seen.get("round") != state.round:
                seen = {"round": state.round, "spaces": {}}
            seen["spaces"].setdefault(t, []).append(f"{cols[t]} {corp.trackers[t]}")
            corp.special["seen"] = seen
            cols[t] = col
            corp.special["col"] = cols
            corp.trackers[t] = row
            if item.get("claim", True):  # whatever is printed there, whatever the cube's colour
                for b in cdef.tracks[col].benefits[row]:
                    if b[0] not in item.get("skip", []):
                        R._claim(state, seat, b, col)
        until = item.get("until")
        left = item["left"] - 1
        if (until is not None and corp.trackers[t] < until) or (until is None and left > 0):
            rest = {k: v for k, v in item.items() if k not in ("id", "kind")}
            R._add(state.seats[seat], "shift", **{**rest, "left": max(left, 1)})

    def track_medals(self, trackers, special):
        cdef = D.corporation(self.id)
        cols = columns(special)
        highest = self.tech_on(trackers, special, 5)  # tech 5: the column's highest tracker (D9)
        return {t: cdef.tracks[cols[t]].medal_at[max(trackers[u] for u in TRACKS if cols[u] == cols[t])
                                                  if highest else trackers[t]] for t in TRACKS}


def columns(special: dict) -> dict[str, str]:
    """Makeshift: the column each tracker stands in (its own until it moves sideways)."""
    cols = special.get("col") or {}
    return {t: cols.get(t, t) for t in TRACKS}


# =========================================================================== Oasis Ultd.

class Oasis(Board):
    """The water tracker follows a 24-step path over the other columns, claiming what is
    printed on each cell and scoring only water-column medals (D1: 9 on row 11); it moves
    once per water square on ice; an occupied space blocks (tech 1 jumps it); on the tech
    column it unlocks techs up to its row (D2)."""

    id = "oasis_ultd"

    def tech_on(self, trackers, special, level):
        if super().tech_on(trackers, special, level):
            return True
        pos = D.corporation(self.id).tech_positions.get(level)
        column, row = oasis_path()[trackers["water"]]
        return pos is not None and column == "tech" and row >= pos

    def taken(self, corp, track, pos) -> bool:
        cell = _oasis_cell(track, pos)
        return any(_oasis_cell(t, corp.trackers[t]) == cell for t in TRACKS if t != track)

    def next_space(self, state, seat, track):
        corp = _corp(state, seat)
        top = _cdef(state, seat).tracks[track].top
        p = corp.trackers[track] + 1
        while p <= top and self.taken(corp, track, p):
            if not _on(state, seat, 1):
                return None
            p += 1
        return p if p <= top else None

    def regress_target(self, state, seat, track):
        corp = _corp(state, seat)
        p = corp.trackers[track] - 1
        while p >= 0 and self.taken(corp, track, p):
            if not _on(state, seat, 1):
                return None
            p -= 1
        return p if p >= 0 else None

    def tile_gains(self, state, seat, tile_index, gains):  # one water step per water square on ice
        b = state.seats[seat].board
        cells = b.tile_cells(tile_index)
        for g in gains:
            if g.get("water"):
                g["times"] = sum(1 for c in cells if b.terrain[c] == "water" and b.planet.is_ice(c))
        return gains

    def tile_placed(self, state, seat, tile_index):
        s = state.seats[seat]
        b = s.board
        if _on(state, seat, 3) and not any(b.planet.is_ice(c) for c in b.tile_cells(tile_index)):
            R._add(s, "advance", options=["water"], source="tile")
        if "water" in D.tile(b.tiles[tile_index][0]).resources:
            if _on(state, seat, 4):
                R.gain_patch(state, seat)
            if _on(state, seat, 5):
                _synergy(state, seat)

    def start_of_round_movement(self, state, seat):  # tech 2
        if not _on(state, seat, 2):
            return 0
        b = state.seats[seat].board
        return sum(1 for p in b.rovers if p is not None and b.terrain[p] == "water")


@lru_cache(maxsize=None)
def oasis_path() -> tuple[tuple[str, int], ...]:
    """Oasis water path: the (column, row) cell of each step."""
    raw = D.corporation(Oasis.id).tracks["water"].raw["positions"]
    return tuple((p["cell"]["column"], p["cell"]["row"]) for p in raw)


def _oasis_cell(track: str, pos: int) -> tuple[str, int]:
    return oasis_path()[pos] if track == "water" else (track, pos)


# =========================================================================== Republic

class Republic(Board):
    """Seven civ milestones; each one claimed moves another tracker (water, biomass, rover or
    tech) one space down, claiming nothing (skipped when none can move)."""

    id = "republic"
    REGRESS = ("water", "biomass", "rover", "tech")

    def claim(self, state, seat, benefit, track):
        if benefit[0] == "civ":
            R._add(state.seats[seat], "civ_regress")
            if _on(state, seat, 4):  # tech 4: a synergy with each civ milestone
                _synergy(state, seat)
        return False

    def tile_picked(self, state, seat, tile_id):
        """Tech 1: picking a tile with civ terrain gives the movement shown under the rover
        tracker, usable before the tile is placed (R3)."""
        s = state.seats[seat]
        if _on(state, seat, 1) and "civ" in D.tile(tile_id).resources:
            R.gain_movement(state, seat, _move_value(_cdef(state, seat).tracks["rover"].benefits[s.corp.trackers["rover"]]),
                            early=True)

    def civ_item(self, state, seat, item):
        """Tech 2: a random card of the next rank joins the choice (drawn now, seeded)."""
        if _on(state, seat, 2) and item["rank"] < 4:
            pile = state.civ_piles[str(item["rank"] + 1)]
            if pile:
                item["extra"] = random.Random(f"{state.seed}:{state.round}:{seat}:{item['id']}").choice(sorted(pile))

    def tech_values(self, state, seat, level):  # tech 3: between civ resource icons (D8)
        s = state.seats[seat]
        b = s.board
        if level == 3 and s.pool >= 1:
            return _teleports(state, seat, lambda a, c: b.symbol[a] == "civ" and b.symbol[c] == "civ")
        return []

    def use_tech(self, state, seat, level, key):
        _teleport(state, seat, key)

    def final_items(self, state, seat):  # tech 5: keep two of the civ cards left
        left = sum(len(p) for p in state.civ_piles.values())
        if _on(state, seat, 5) and left:
            R._add(state.seats[seat], "keep_civ", count=min(2, left))

    def item_values(self, state, seat, item):
        if item["kind"] == "civ_regress":
            return [t for t in self.REGRESS if regress_target(state, seat, t) is not None]
        if item["kind"] == "keep_civ":
            return [str(c) for c in sorted(c for pile in state.civ_piles.values() for c in pile)]
        return super().item_values(state, seat, item)

    def resolve(self, state, seat, item, key):
        s = state.seats[seat]
        if item["kind"] == "civ_regress":
            regress(state, seat, key)
        elif item["kind"] == "keep_civ":
            card = D.civ_card(int(key))
            R._take_civ_card(state, seat, card.id)
            if card.timing == "end_game":  # the final step has started: its advances now
                for op in card.effect:
                    if op["op"] == "advance_choice":
                        R.apply_card_op(state, seat, op)
            item["count"] -= 1
            if item["count"] > 0:
                s.pending.append(item)  # keep choosing
        else:
            super().resolve(state, seat, item, key)


# =========================================================================== Wormhole Corp

class Wormhole(Board):
    """The biomass track has six levels, each a choice of two benefits; a placed tile's
    biomass icon advances it only when the tile grows an existing biomass area, and energy
    never advances it (synergy still can)."""

    id = "wormhole_corp"

    def claim(self, state, seat, benefit, track):
        if benefit[0] == "choose":
            R._add(state.seats[seat], "choose", groups=[[list(b) for b in g] for g in benefit[1]], track=track)
            return True
        if benefit[0] == "advance":  # a free step of that tracker, claimed
            R.advance(state, seat, benefit[1], 1, source="synergy")
            return True
        return False

    def advance_all_to(self, state, seat, position, *, claim, skip):
        """A civ card's 'up to space N': biomass levels sit on printed rows, stop on the level
        covering row N."""
        rows = [p["board_rows"][0] for p in D.corporation(self.id).tracks["biomass"].raw["positions"]]
        corp = _corp(state, seat)
        for t in TRACKS:
            while (rows[corp.trackers[t]] if t == "biomass" else corp.trackers[t]) < position \
                    and can_rise(state, seat, t):
                R.advance(state, seat, t, 1, source="card", claim=claim, skip=skip)
        return True

    def tile_gains(self, state, seat, tile_index, gains):
        b = state.seats[seat].board
        cells = b.tile_cells(tile_index)
        mine = set(cells)
        grows = any(b.terrain[n] == "biomass" and n not in mine
                    for c in cells if b.terrain[c] == "biomass" for n in D.neighbours(c))
        out = []
        for g in gains:
            if g["source"] == "energy":
                g["options"] = [o for o in g["options"] if o != "biomass"]
            if g["source"] == "tile" and g["options"] == ["biomass"] and not grows:
                continue
            out.append(g)
        return out

    def patches_gained(self, state, seat, count):  # tech 3: one more, once per round
        if count > 0 and _on(state, seat, 3) and not _used(state, seat, "t3"):
            _use(state, seat, "t3")
            return count + 1
        return count

    def patch_values(self, state, seat, values):
        b = state.seats[seat].board
        extra = set()
        if _on(state, seat, 2):  # over tile squares, never on a meteorite
            extra |= {c for c in D.cells_of(b.occupied) if b.owner[c] >= 0 and c not in b.meteorites}
        if _on(state, seat, 5) and state.phase == "final":  # onto a meteorite, destroying it (D16: at game end only)
            extra |= set(b.meteorites)
        extra -= set(D.cells_of(P.patch_forbidden(b.planet_id)))  # never on Arashi's ring
        return values + [cell_name(c) for c in sorted(extra)]

    def tech_values(self, state, seat, level):  # tech 1: back to 0 from the top
        if level == 1 and _corp(state, seat).trackers["biomass"] >= _cdef(state, seat).tracks["biomass"].top:
            return ["reset"]
        return []

    def use_tech(self, state, seat, level, key):
        _corp(state, seat).trackers["biomass"] = 0

    def item_values(self, state, seat, item):
        if item["kind"] == "choose":  # a benefit this round's event withholds is no choice
            return [_group_label(g) for g in item["groups"] if not all(R.withheld(state, b[0]) for b in g)]
        return super().item_values(state, seat, item)

    def resolve(self, state, seat, item, key):
        if item["kind"] != "choose":
            return super().resolve(state, seat, item, key)
        group = next(g for g in item["groups"] if _group_label(g) == key)
        for b in group:
            R._claim(state, seat, tuple(b), item.get("track"))


def _group_label(group: list) -> str:
    b = group[0]
    return {"synergy": "synergy", "biomass": "patch"}.get(b[0]) or f"advance {b[1]}"


# =========================================================================== hooks for rules.py

BOARDS: dict[str, Board] = {b.id: b for b in (Board(), Cosmos(), Flux(), Horizon(), JumpDrive(), Makeshift(),
                                              Oasis(), Republic(), Wormhole())}


# boards whose trackers rise the standard way (no override of next_space or can_rise)
_PLAIN_TRACKS = frozenset(k for k, b in BOARDS.items()
                          if type(b).next_space is Board.next_space and type(b).can_rise is Board.can_rise)


def board(corp_id: str) -> Board:
    return BOARDS[corp_id]


def _b(state: GameState, seat: int) -> Board:
    return BOARDS[state.seats[seat].corp.corp_id]


@lru_cache(maxsize=None)
def tech_levels(corp_id: str, code: str) -> tuple[int, ...]:
    """Levels of the corporation's techs with this effect code."""
    return tuple(t.level for t in D.corporation(corp_id).techs if t.code == code)


def tech_on(corp_id: str, trackers: dict[str, int], special: dict, level: int) -> bool:
    """Whether tech ``level`` works now (D11: a matter of position, switched off on regress)."""
    return BOARDS[corp_id].tech_on(trackers, special, level)


def adjacency_waived(state: GameState, seat: int, tile_id: int | None) -> bool:
    """Whether an 'ignore adjacency' tech that is on covers this piece: every tile (UC), or
    tiles with rover terrain (Horizon tech 1, adjacency only: D6). ``tile_id`` None asks
    about a biomass patch."""
    corp = state.seats[seat].corp
    for level, every_tile in _adjacency_techs(corp.corp_id):
        if not BOARDS[corp.corp_id].tech_on(corp.trackers, corp.special, level):
            continue
        if every_tile or tile_id is not None and "rover" in D.tile(tile_id).resources:
            return True
    return False


@lru_cache(maxsize=None)
def _adjacency_techs(corp_id: str) -> tuple[tuple[int, bool], ...]:
    """(level, covers every tile) of the corporation's 'ignore adjacency' techs."""
    return tuple((t.level, t.params.get("scope", "all_tiles") == "all_tiles")
                 for t in D.corporation(corp_id).techs if t.code == "ignore_adjacency")


def movement_bonus(state: GameState, seat: int, track_space: bool) -> int:
    return _b(state, seat).movement_bonus(state, seat, track_space)


def next_space(state: GameState, seat: int, track: str) -> int | None:
    return _b(state, seat).next_space(state, seat, track)


def can_rise(state: GameState, seat: int, track: str) -> bool:
    corp = state.seats[seat].corp
    if corp.corp_id in _PLAIN_TRACKS:  # one space at a time up to the printed top (asked very often)
        return corp.trackers[track] < D.corporation(corp.corp_id).tracks[track].top
    return BOARDS[corp.corp_id].can_rise(state, seat, track)


def repeats_at_top(state: GameState, seat: int, track: str, source: str) -> bool:
    """X-infinity (D10): a placed tile advancing a tracker on the top of the rover track."""
    return source in ("tile", "energy") and _b(state, seat).repeats_at_top(state, seat, track)


def advance(state: GameState, seat: int, track: str, times: int, *, source: str, claim: bool,
            skip: tuple[str, ...]) -> bool:
    """True when the board takes the advance over (Makeshift: each step is a choice)."""
    return _b(state, seat).advance(state, seat, track, times, source=source, claim=claim, skip=skip)


def regress_target(state: GameState, seat: int, track: str):
    """Where one regress of ``track`` lands (None: it cannot move down)."""
    return _b(state, seat).regress_target(state, seat, track)


def regress(state: GameState, seat: int, track: str) -> bool:
    """Move a tracker one space down, claiming nothing (glossary "Reculer"). False if it can't."""
    target = regress_target(state, seat, track)
    if target is None:
        return False
    _corp(state, seat).trackers[track] = target[1] if isinstance(target, tuple) else target
    return True


def advance_all_to(state: GameState, seat: int, position: int, *, claim: bool, skip: tuple) -> bool:
    return _b(state, seat).advance_all_to(state, seat, position, claim=claim, skip=skip)


def claim(state: GameState, seat: int, benefit: tuple, track: str | None) -> bool:
    """Board rules for claiming one benefit; True when fully handled here."""
    return _b(state, seat).claim(state, seat, benefit, track)


def patches_gained(state: GameState, seat: int, count: int) -> int:
    return _b(state, seat).patches_gained(state, seat, count)


def patch_values(state: GameState, seat: int, item: dict, values: list[str]) -> list[str]:
    return _b(state, seat).patch_values(state, seat, values)


def resolve_patch(state: GameState, seat: int, item: dict, key: str) -> bool:
    if key == "synergy":  # Jump Drive tech 1: a synergy boost instead of the patch
        _use(state, seat, "t1")
        _synergy(state, seat)
        return True
    return False


def place_patch(state: GameState, seat: int, cell: int) -> None:
    b = state.seats[seat].board
    if cell in b.meteorites:  # Wormhole tech 5: destroyed, not collected
        b.meteorites.remove(cell)
    b.place_patch(cell)
    if isinstance(_b(state, seat), Horizon):
        _b(state, seat).clean(state, seat)


def advance_extra_values(state: GameState, seat: int, item: dict, opts: list[str]) -> list[str]:
    return _b(state, seat).advance_extra_values(state, seat, item, opts)


def advance_choice(state: GameState, seat: int, item: dict, key: str, times: int) -> tuple[str, int]:
    if key.endswith(" twice"):  # Jump Drive tech 3
        _use(state, seat, "t3")
        return key.split()[0], 2
    return key, times


def civ_item(state: GameState, seat: int, item: dict) -> None:
    _b(state, seat).civ_item(state, seat, item)


def civ_extra_values(state: GameState, seat: int, item: dict) -> list[str]:
    extra = item.get("extra")
    return [str(extra)] if extra is not None and extra in state.civ_piles[str(item["rank"] + 1)] else []


def gain_lifepod(state: GameState, seat: int) -> None:
    """A collected lifepod: the scoring area, or (Cosmos, Jump Drive) the player's choice."""
    _b(state, seat).gain_lifepod(state, seat)


def collected_lifepods(state: GameState, seat: int) -> int:
    """Every lifepod collected, wherever it now sits on the corporation board (objectives)."""
    return _b(state, seat).collected_lifepods(_corp(state, seat))


def kept_lifepods(state: GameState, seat: int) -> list[str]:
    """Collected lifepods kept on the board outside the scoring area: Cosmos' on track spaces
    ('civ 4'), Jump Drive's on tech slots ('tech 2')."""
    sp = _corp(state, seat).special
    b = _b(state, seat)
    if isinstance(b, Cosmos):
        return [f"{t} {p}" for t, p in sp.get("pods", [])]
    if isinstance(b, JumpDrive):
        return [f"tech {n}" for n in sp.get("slots", [])]
    return []


def lose_lifepod(state: GameState, seat: int, key: str) -> None:
    """A collected lifepod leaves the game: 'score' takes one from the scoring area, else the
    one kept at ``key`` (a covered track space opens again, a Jump Drive tech switches off)."""
    corp = _corp(state, seat)
    if key == "score":
        corp.lifepods -= 1
        return
    where, pos = key.split()
    if isinstance(_b(state, seat), JumpDrive):
        corp.special["slots"].remove(int(pos))
    else:
        corp.special["pods"].remove([where, int(pos)])


def carrying(state: GameState, seat: int) -> list[int]:
    """Horizon: indexes of the rovers on the planet carrying a meteorite."""
    b = _b(state, seat)
    return b.carrying(state, seat) if isinstance(b, Horizon) else []


def rover_meteorite(state: GameState, seat: int, rover: int, cell: int) -> bool:
    """True when the board handles a meteorite a rover reaches (Horizon carries it)."""
    return _b(state, seat).rover_meteorite(state, seat, rover, cell)


def collect_meteorite(state: GameState, seat: int, cell: int) -> None:
    """A meteorite on the planet goes to the corporation board without a rover (event 83,
    Flux tech 4), with what the board gives for a collection (Horizon tech 3)."""
    state.seats[seat].board.meteorites.remove(cell)
    _corp(state, seat).meteorites += 1
    _b(state, seat).meteorite_collected(state, seat)


def diagonal_moves(state: GameState, seat: int) -> bool:
    return _b(state, seat).diagonal_moves(state, seat)


def step_cost(state: GameState, seat: int, dest: int) -> int:
    return _b(state, seat).step_cost(state, seat, dest)


def tile_gains(state: GameState, seat: int, tile_index: int, gains: list[dict]) -> list[dict]:
    """The advances a placed tile gives (each a dict of 'advance' item fields), adjusted."""
    return _b(state, seat).tile_gains(state, seat, tile_index, gains)


def tile_placed(state: GameState, seat: int, tile_index: int) -> None:
    _b(state, seat).tile_placed(state, seat, tile_index)


def tile_picked(state: GameState, seat: int, tile_id: int) -> None:
    _b(state, seat).tile_picked(state, seat, tile_id)


def start_turn(state: GameState, seat: int) -> None:
    """Start-of-round movement (Flux 1, Horizon 2, Oasis 2), then the techs usable now."""
    R.gain_movement(state, seat, _b(state, seat).start_of_round_movement(state, seat), early=True)
    refresh(state, seat)


def final_items(state: GameState, seat: int) -> None:
    """The board's end-of-game items, and its once-per-game techs still unused."""
    b = _b(state, seat)
    b.final_items(state, seat)
    for level in b.final_techs:
        if _on(state, seat, level) and b.tech_values(state, seat, level):
            R._add(state.seats[seat], "tech", level=level, code=_cdef(state, seat).tech(level).code, corp=b.id,
                   optional=True, final=True)


def turns_closed(state: GameState) -> None:
    """Every seat has confirmed its turn (nothing can be undone now): the three objectives
    Jump Drive tech 6 drew leave the objective deck -- the kept one for the table, the two
    others to the box -- so no later draw (event 67) deals one of them again."""
    for s in state.seats:
        for card in s.corp.special.get("_drawn", []):
            if card in state.objective_deck:
                state.objective_deck.remove(card)


def table_objectives(state: GameState) -> list[int]:
    """Objective cards kept for the whole table (Jump Drive tech 6)."""
    return [s.corp.special["table_objective"] for s in state.seats if s.corp.special.get("table_objective")]


def _abilities(state: GameState, seat: int) -> dict[int, list[str]]:
    """Levels of the techs the seat may use at will during its turn, with their values."""
    s = state.seats[seat]
    b = _b(state, seat)
    if state.phase != "turns" or s.step not in ("pick", "place", "resolve"):
        return {}
    if type(b).tech_values is Board.tech_values:  # a board with no tech to use at will
        return {}
    out = {}
    for level in (t.level for t in _cdef(state, seat).techs):
        vals = b.tech_values(state, seat, level) if _on(state, seat, level) else []
        if vals:
            out[level] = vals
    return out


def refresh(state: GameState, seat: int) -> bool:
    """Keep one optional 'tech' item per tech usable now in the turn; drop those no longer
    usable (the final step's own items are left alone). Returns whether anything changed."""
    s = state.seats[seat]
    want = _abilities(state, seat)
    changed = False
    for item in [i for i in s.pending if i["kind"] == "tech" and not i.get("final")]:
        if item["level"] not in want:
            s.pending.remove(item)
            changed = True
    have = {i["level"] for i in s.pending if i["kind"] == "tech"}
    for level in sorted(want):
        if level not in have:
            R._add(s, "tech", level=level, code=_cdef(state, seat).tech(level).code, corp=s.corp.corp_id,
                   optional=True)
            changed = True
    return changed


def item_values(state: GameState, seat: int, item: dict) -> list[str]:
    if item["kind"] == "tech" and not _on(state, seat, item["level"]):
        return []
    return _b(state, seat).item_values(state, seat, item)


def resolve(state: GameState, seat: int, item: dict, key: str) -> None:
    """Carry out a board item settled with ``key`` (already checked against its values)."""
    state.seats[seat].pending.remove(item)
    _b(state, seat).resolve(state, seat, item, key)


_TECH_TEXT = {
    ("cosmos_inc", 2): "move up to 3 collected lifepods (once per game): pick the first",
    ("cosmos_inc", 5): "move one collected lifepod (once per round)",
    ("flux_industries", 2): "move your flux tracker up to its next milestone (once per game)",
    ("flux_industries", 5): "advance your flux tracker one space (once per round)",
    ("horizon_group", 4): "destroy the meteorite a rover carries on water",
    ("horizon_group", 5): "advance your rover tracker one space (once per round)",
    ("jump_drive", 2): "teleport a rover to a square of the same terrain for 1 movement (once per round)",
    ("jump_drive", 5): "claim every benefit in one tracker's row (once per game)",
    ("jump_drive", 6): "draw 3 objectives and keep one for the whole table (once per game)",
    ("makeshift", 4): "move one tracker down a space (once per round)",
    ("republic", 3): "teleport a rover between civ resources for 1 movement",
    ("wormhole_corp", 1): "send your biomass tracker from the top back to 0",
}


def describe(item: dict) -> str:
    kind = item["kind"]
    if kind == "tech":
        text = _TECH_TEXT.get((item.get("corp"), item["level"]), item.get("code", "tech"))
        return f"optional, tech {item['level']}: {text}"
    if kind == "pod_move":
        return f"optional: move {item['left']} more collected lifepod{'s' if item['left'] > 1 else ''}"
    if kind == "shift":
        return f"move your {item['track']} tracker: choose the space"
    if kind == "keep_civ":
        return f"keep {item['count']} of the remaining civ cards"
    return {
        "pod": "put the lifepod on your board or in the scoring area",
        "flux": "put your flux token on a track (it may stay where it is)",
        "civ_regress": "move one of your other trackers down a space (civ milestone)",
        "choose": "biomass level: take one of the two benefits",
        "meteor": "collect a meteorite from your planet",
        "objective": "keep one objective for the whole table",
    }.get(kind, kind)


def track_medals(corp_id: str, trackers: dict[str, int], special: dict) -> dict[str, int]:
    """Medals each tracker scores where it stands (category B)."""
    return BOARDS[corp_id].track_medals(trackers, special)
