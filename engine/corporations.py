"""The asymmetric corporation boards (rulebook 2023 pp.11-13 "Corporations asymétriques",
rulebook 2020 pp.10-12 with the per-corporation tech lists, reference corporations.md;
decisions RULINGS D1-D16, R3, R7, C1).

engine/rules.py plays the standard board (Universal Coalition) and calls the hooks below
wherever a corporation changes a rule. Each hook is a no-op for the boards it does not
concern. The state a board needs beyond its five trackers lives in ``Corp.special`` (plain
JSON, restored by undo with the rest of the corporation):

    pods     Cosmos: lifepods lying on track spaces, [[track, position], ...]
    slots    Jump Drive: tech levels holding a lifepod (those techs are on)
    flux     Flux: the track the flux token marks (None until the first tech unlock, D5)
    carry    Horizon: rover indexes carrying a meteorite
    col      Makeshift: the column each tracker stands in (its row is ``trackers[track]``)
    seen     Makeshift: spaces each tracker left this round (a sideways shift may not go back)
    used     once-per-round techs: code -> round used
    spent    once-per-game techs used
    table_objective, _drawn   Jump Drive tech 6 (keys starting with _ are private)

Choices a player makes are pending items (see rules.py) with these kinds:

    tech      use a tech now (optional; offered while it can do something)
    pod       put a collected lifepod on a track space / tech slot or in the scoring area
    pod_move  move another collected lifepod (optional, Cosmos)
    flux      place the flux token after a tech unlock (Flux)
    regress   move a tracker down after a civ milestone (Republic)
    choose    one of the two benefits of a biomass level (Wormhole)
    shift     where a tracker goes on this advance (Makeshift)
    meteor    collect a meteorite from the planet (Flux tech 4)
    objective keep one of three drawn objectives for the whole table (Jump Drive tech 6)
    keep_civ  keep civ cards at game end (Republic tech 5)

Interpretations taken here where the sources leave room (also in the report):
- Start-of-round movement (Flux 1, Horizon 2, Oasis 2) and Republic 1 go into the turn's
  movement pool: spendable before the tile is placed (R3) and for the rest of the turn.
- Optional techs usable "at any time" are offered during the player's own turn; the
  once-per-game ones (Cosmos 2, Flux 2, Jump Drive 5 and 6) also in the final step.
- Makeshift tech 3: a tracker may not shift sideways back onto a space it left earlier in
  the same round (otherwise two synergy spaces side by side would loop for ever).
- Horizon: a rover already carrying a meteorite drives over others without taking them.
- Jump Drive tech 6: the kept card is a neighbour objective all players compete for (best
  value 5 medals, a shared best 2 each); in a solo game its private side counts instead.
- Wormhole tech 3 doubles the first patch gain of each round by itself; Jump Drive tech 1
  is offered as an extra choice ("synergy") on the patch.
- Collected lifepods for objectives include the ones Cosmos and Jump Drive put on their board.
- No corporation here forbids a placement, so R7 (a weakness lifted when it alone would
  block both tiles) never has anything to lift.
"""
from __future__ import annotations

import random
from functools import lru_cache

from . import data as D
from . import rules as R
from .data import TRACKS, cell_name, parse_cell
from .state import GameState

UC = "universal_coalition"
COSMOS = "cosmos_inc"
FLUX = "flux_industries"
HORIZON = "horizon_group"
JUMP = "jump_drive"
MAKESHIFT = "makeshift"
OASIS = "oasis_ultd"
REPUBLIC = "republic"
WORMHOLE = "wormhole_corp"

KINDS = frozenset({"tech", "pod", "pod_move", "flux", "regress", "choose", "shift", "meteor", "objective",
                   "keep_civ"})
MILESTONES = frozenset({"civ", "biomass", "rover", "tech"})  # synergy, movement and medals are not (Flux 2)
# once-per-game techs also offered in the final step: (corporation, level)
FINAL_TECHS = frozenset({(COSMOS, 2), (FLUX, 2), (JUMP, 5), (JUMP, 6)})
REGRESS_TRACKS = ("water", "biomass", "rover", "tech")  # Republic: civ never regresses


# =========================================================================== shared helpers

def _corp(state: GameState, seat: int):
    return state.seats[seat].corp


def _cid(state: GameState, seat: int) -> str:
    return state.seats[seat].corp.corp_id


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


@lru_cache(maxsize=None)
def printed_medals(corp_id: str, track: str) -> tuple:
    """The medal printed on each space of a track (None where there is none)."""
    out = []
    for p in D.corporation(corp_id).tracks[track].raw["positions"]:
        m = [b["medal"] for b in p["benefits"] if isinstance(b, dict) and "medal" in b]
        out.append(m[-1] if m else None)
    return tuple(out)


def _move_value(benefits) -> int:
    return sum(b[1] for b in benefits if b[0] == "move")


# =========================================================================== techs on/off

def tech_on(corp_id: str, trackers: dict[str, int], special: dict, level: int) -> bool:
    """Whether tech ``level`` works now (D11: a matter of position, switched off on regress)."""
    cdef = D.corporation(corp_id)
    if corp_id == JUMP:  # lifepods on the six tech slots, any order
        return level in special.get("slots", [])
    pos = cdef.tech_positions.get(level)
    if pos is None:
        return False
    if corp_id == MAKESHIFT:  # the highest tracker standing in the tech column decides
        cols = columns(special)
        return any(cols[t] == "tech" and trackers[t] >= pos for t in TRACKS)
    on = trackers["tech"] >= pos
    if corp_id == COSMOS:  # a lifepod on a tech milestone switches that level off
        return on and ["tech", pos] not in special.get("pods", [])
    if corp_id == FLUX:  # only the latest level reached works
        reached = [lv for lv, p in cdef.tech_positions.items() if trackers["tech"] >= p]
        return bool(reached) and level == max(reached)
    if corp_id == OASIS and not on:  # D2: the water tracker on the tech column unlocks up to its row
        column, row = oasis_path()[trackers["water"]]
        return column == "tech" and row >= pos
    return on


def adjacency_waived(state: GameState, seat: int, tile_id: int | None) -> bool:
    """The scope of an 'ignore adjacency' tech: every tile (UC), or tiles with rover terrain
    (Horizon tech 1, adjacency only: D6). ``tile_id`` None asks about a biomass patch."""
    for t in _cdef(state, seat).techs:
        if t.code != "ignore_adjacency" or not _on(state, seat, t.level):
            continue
        if t.params.get("scope", "all_tiles") == "all_tiles":
            return True
        if tile_id is not None and "rover" in D.tile(tile_id).resources:
            return True
    return False


def movement_bonus(state: GameState, seat: int, track_space: bool) -> int:
    """Makeshift tech 2: +1 on movement from a track space while 2+ trackers are on the rover column."""
    if _cid(state, seat) != MAKESHIFT or not track_space or not _on(state, seat, 2):
        return 0
    cols = columns(_corp(state, seat).special)
    return 1 if sum(1 for t in TRACKS if cols[t] == "rover") >= 2 else 0


# =========================================================================== tracker steps

def next_space(state: GameState, seat: int, track: str) -> int | None:
    """Where one advance of ``track`` lands (None: it cannot move up). Makeshift: see shift."""
    corp = _corp(state, seat)
    cid = corp.corp_id
    top = D.corporation(cid).tracks[track].top
    pos = corp.trackers[track]
    if cid == COSMOS:  # jump over every lifepod-covered space, for free
        p = pos + 1
        while p <= top and [track, p] in corp.special.get("pods", []):
            p += 1
        return p if p <= top else None
    if cid == OASIS:  # an occupied space blocks; tech 1 jumps it without claiming it
        p = pos + 1
        while p <= top and _oasis_taken(corp, track, p):
            if not _on(state, seat, 1):
                return None
            p += 1
        return p if p <= top else None
    if cid == MAKESHIFT:
        return None
    return pos + 1 if pos < top else None


def can_rise(state: GameState, seat: int, track: str) -> bool:
    if _cid(state, seat) == MAKESHIFT:
        return bool(_mk_targets(state, seat, track))
    return next_space(state, seat, track) is not None


def repeats_at_top(state: GameState, seat: int, track: str, source: str) -> bool:
    """X-infinity (D10): a placed tile advancing a tracker on the top of the rover track."""
    if source not in ("tile", "energy"):
        return False
    corp = _corp(state, seat)
    cdef = D.corporation(corp.corp_id)
    if corp.corp_id == MAKESHIFT:
        return columns(corp.special)[track] == "rover" and corp.trackers[track] >= cdef.tracks["rover"].top
    tdef = cdef.tracks[track]
    return bool(tdef.repeat_at_top) and corp.trackers[track] >= tdef.top


def advance(state: GameState, seat: int, track: str, times: int, *, source: str, claim: bool,
            skip: tuple[str, ...]) -> bool:
    """Makeshift: each step is the player's choice of space, so an advance becomes a pending
    'shift' item. Returns True when it took the advance over."""
    if _cid(state, seat) != MAKESHIFT:
        return False
    if times > 0:
        R._add(state.seats[seat], "shift", track=track, left=times, source=source, claim=claim, skip=list(skip))
    return True


def regress_target(state: GameState, seat: int, track: str):
    """Where one regress of ``track`` lands (None: it cannot move down)."""
    corp = _corp(state, seat)
    cid = corp.corp_id
    pos = corp.trackers[track]
    if cid == MAKESHIFT:  # straight down, the space must be free
        col = columns(corp.special)[track]
        return (col, pos - 1) if pos > 0 and (col, pos - 1) not in _mk_taken(corp, track) else None
    if cid == COSMOS:
        p = pos - 1
        while p >= 0 and [track, p] in corp.special.get("pods", []):
            p -= 1
        return p if p >= 0 else None
    if cid == OASIS:
        p = pos - 1
        while p >= 0 and _oasis_taken(corp, track, p):
            if not _on(state, seat, 1):
                return None
            p -= 1
        return p if p >= 0 else None
    return pos - 1 if pos > 0 else None


def regress(state: GameState, seat: int, track: str) -> bool:
    """Move a tracker one space down, claiming nothing (glossary "Reculer"). False if it can't."""
    target = regress_target(state, seat, track)
    if target is None:
        return False
    corp = _corp(state, seat)
    if isinstance(target, tuple):
        corp.trackers[track] = target[1]
    else:
        corp.trackers[track] = target
    return True


def advance_all_to(state: GameState, seat: int, position: int, *, claim: bool, skip: tuple) -> bool:
    """Civ card 'every tracker up to space N' on boards whose spaces are not rows."""
    cid = _cid(state, seat)
    corp = _corp(state, seat)
    if cid == MAKESHIFT:
        for t in TRACKS:
            if corp.trackers[t] < position:
                R._add(state.seats[seat], "shift", track=t, left=position - corp.trackers[t], until=position,
                       source="card", claim=claim, skip=list(skip))
        return True
    if cid == WORMHOLE:  # biomass levels sit on printed rows: stop at the level covering row N
        rows = [p["board_rows"][0] for p in D.corporation(cid).tracks["biomass"].raw["positions"]]
        for t in TRACKS:
            while (rows[corp.trackers[t]] if t == "biomass" else corp.trackers[t]) < position \
                    and can_rise(state, seat, t):
                R.advance(state, seat, t, 1, source="card", claim=claim, skip=skip)
        return True
    return False


# =========================================================================== claiming benefits

def claim(state: GameState, seat: int, benefit: tuple, track: str | None) -> bool:
    """Corporation rules for claiming one benefit. True when fully handled here."""
    s = state.seats[seat]
    cid = s.corp.corp_id
    kind = benefit[0]
    if kind == "choose":  # Wormhole biomass level: one of two groups
        R._add(s, "choose", groups=[[list(b) for b in group] for group in benefit[1]], track=track)
        return True
    if kind == "advance":  # directed synergy: that tracker, one step, claimed
        R.advance(state, seat, benefit[1], 1, source="synergy")
        return True
    if cid == FLUX:
        if track is not None and flux_upgrade(state, seat) == track:  # tech 3
            if kind == "civ":
                R._claim(state, seat, ("civ", min(4, benefit[1] + 1)))
                return True
            if kind == "synergy" and track == "water":
                R._claim(state, seat, benefit)
                R._claim(state, seat, benefit)
                return True
            if kind == "biomass" and track == "biomass":
                R.gain_patch(state, seat, 2)
                return True
            if kind == "move" and track == "rover":
                R._claim(state, seat, ("move", benefit[1] + 1))
                return True
        if kind == "tech":  # each unlock lets the player move the flux token
            R._add(s, "flux")
    if cid == REPUBLIC and kind == "civ":
        R._add(s, "regress")  # weakness: another tracker goes down (skipped if none can)
        if _on(state, seat, 4):
            R._claim(state, seat, ("synergy",))
    return False


def patches_gained(state: GameState, seat: int, count: int) -> int:
    """Wormhole tech 3: the first patch gain of each round brings one more patch."""
    if count > 0 and _cid(state, seat) == WORMHOLE and _on(state, seat, 3) and not _used(state, seat, "t3"):
        _use(state, seat, "t3")
        return count + 1
    return count


def patch_values(state: GameState, seat: int, item: dict, values: list[str]) -> list[str]:
    cid = _cid(state, seat)
    b = state.seats[seat].board
    if cid == WORMHOLE:
        extra = set()
        if _on(state, seat, 2):  # over tile squares, never on a meteorite
            extra |= {c for c in D.cells_of(b.occupied) if b.owner[c] >= 0 and c not in b.meteorites}
        if _on(state, seat, 5):  # onto a meteorite, destroying it
            extra |= set(b.meteorites)
        values = values + [cell_name(c) for c in sorted(extra)]
    if cid == JUMP and _on(state, seat, 1) and not _used(state, seat, "t1"):
        values = values + ["synergy"]
    return values


def resolve_patch(state: GameState, seat: int, item: dict, key: str) -> bool:
    if key == "synergy":  # Jump Drive tech 1: a synergy boost instead of the patch
        _use(state, seat, "t1")
        R._claim(state, seat, ("synergy",))
        return True
    return False


def place_patch(state: GameState, seat: int, cell: int) -> None:
    b = state.seats[seat].board
    if cell in b.meteorites:  # Wormhole tech 5: destroyed, not collected
        b.meteorites.remove(cell)
    b.place_patch(cell)
    _clean_carry(state, seat)


def advance_extra_values(state: GameState, seat: int, item: dict, opts: list[str]) -> list[str]:
    """Jump Drive tech 3: once per round a synergy boost may move its tracker twice."""
    if item["source"] == "synergy" and _cid(state, seat) == JUMP and _on(state, seat, 3) \
            and not _used(state, seat, "t3"):
        return [f"{t} twice" for t in opts]
    return []


def advance_choice(state: GameState, seat: int, item: dict, key: str, times: int) -> tuple[str, int]:
    if key.endswith(" twice"):
        _use(state, seat, "t3")
        return key.split()[0], 2
    return key, times


def civ_item(state: GameState, seat: int, item: dict) -> None:
    """Republic tech 2: a random card of the next rank joins the choice (chosen now, seeded)."""
    if _cid(state, seat) == REPUBLIC and _on(state, seat, 2) and item["rank"] < 4:
        pile = state.civ_piles[str(item["rank"] + 1)]
        if pile:
            rng = random.Random(f"{state.seed}:{state.round}:{seat}:{item['id']}")
            item["extra"] = rng.choice(sorted(pile))


def civ_extra_values(state: GameState, seat: int, item: dict) -> list[str]:
    extra = item.get("extra")
    if extra is not None and extra in state.civ_piles[str(item["rank"] + 1)]:
        return [str(extra)]
    return []


# =========================================================================== rovers and pieces

def gain_lifepod(state: GameState, seat: int) -> None:
    """A collected lifepod: scoring area, or (Cosmos, Jump Drive) the player's choice of spot."""
    s = state.seats[seat]
    if s.corp.corp_id in (COSMOS, JUMP):
        R._add(s, "pod")
    else:
        s.corp.lifepods += 1


def collected_lifepods(state: GameState, seat: int) -> int:
    """Every lifepod collected, wherever it now sits on the corporation board (objectives)."""
    sp = _corp(state, seat).special
    return _corp(state, seat).lifepods + len(sp.get("pods", [])) + len(sp.get("slots", []))


def carrying(state: GameState, seat: int) -> list[int]:
    """Horizon: indexes of the rovers on the planet carrying a meteorite."""
    rovers = state.seats[seat].board.rovers
    return [i for i in _corp(state, seat).special.get("carry", []) if i < len(rovers) and rovers[i] is not None]


def _clean_carry(state: GameState, seat: int) -> None:
    sp = _corp(state, seat).special
    if "carry" in sp:  # a destroyed rover loses what it carried
        sp["carry"] = carrying(state, seat)


def rover_meteorite(state: GameState, seat: int, rover: int, cell: int) -> bool:
    """Horizon Group: a rover picks a meteorite up (one at a time) and it is collected only when
    delivered to a rover resource icon. True when the corporation handled the square."""
    if _cid(state, seat) != HORIZON:
        return False
    s = state.seats[seat]
    b = s.board
    carry = s.corp.special.setdefault("carry", [])
    if rover in carry and b.symbol[cell] == "rover":
        _deliver(state, seat, rover)
    if rover not in carry and cell in b.meteorites:
        b.meteorites.remove(cell)
        carry.append(rover)
        if b.symbol[cell] == "rover":
            _deliver(state, seat, rover)
    return True


def _deliver(state: GameState, seat: int, rover: int) -> None:
    corp = _corp(state, seat)
    corp.special["carry"].remove(rover)
    corp.meteorites += 1
    if _on(state, seat, 3):  # tech 3: each delivered meteorite brings a biomass patch
        R.gain_patch(state, seat)


def diagonal_moves(state: GameState, seat: int) -> bool:
    return _cid(state, seat) == COSMOS and _on(state, seat, 1)


def step_cost(state: GameState, seat: int, dest: int) -> int:
    """Cosmos tech 4: a step onto energy terrain is free."""
    if _cid(state, seat) == COSMOS and _on(state, seat, 4) and state.seats[seat].board.terrain[dest] == "energy":
        return 0
    return 1


# =========================================================================== tiles and turns

def tile_gains(state: GameState, seat: int, tile_index: int, gains: list[dict]) -> list[dict]:
    """Adjust the advances a placed tile gives (each a dict of 'advance' item fields)."""
    cid = _cid(state, seat)
    b = state.seats[seat].board
    t = D.tile(b.tiles[tile_index][0])
    cells = b.tile_cells(tile_index)
    if cid == OASIS:  # one water step per water square covering ice
        for g in gains:
            if g.get("water"):
                g["times"] = sum(1 for c in cells if b.terrain[c] == "water" and b.planet.is_ice(c))
    if cid == WORMHOLE:
        out = []
        for g in gains:
            if g["source"] == "energy":  # energy never advances biomass
                g["options"] = [o for o in g["options"] if o != "biomass"]
            if g["source"] == "tile" and g["options"] == ["biomass"] and not _joins_biomass(b, cells):
                continue  # the tile must enlarge an existing biomass area
            out.append(g)
        gains = out
    if cid == JUMP and _on(state, seat, 4) and "tech" in t.resources:  # tech icon acts as energy
        other = t.terrain_b if t.terrain_a == "tech" else t.terrain_a
        near = R.terrains_next_to(b, cells, "tech", other)
        for g in gains:
            if g["source"] == "tile" and g["options"] == ["tech"]:
                g["options"] = [tr for tr in TRACKS if tr == "tech" or tr in near]
    return gains


def _joins_biomass(b, cells: list[int]) -> bool:
    mine = set(cells)
    return any(b.terrain[n] == "biomass" and n not in mine
               for c in cells if b.terrain[c] == "biomass" for n in D.neighbours(c))


def tile_placed(state: GameState, seat: int, tile_index: int) -> None:
    """Techs triggered by placing a tile."""
    s = state.seats[seat]
    cid = s.corp.corp_id
    b = s.board
    t = D.tile(b.tiles[tile_index][0])
    cells = b.tile_cells(tile_index)
    if cid == HORIZON:
        _clean_carry(state, seat)
    elif cid == COSMOS and "energy" in t.resources and _on(state, seat, 3) and pod_sources(state, seat):
        R._add(s, "pod_move", left=1, optional=True)
    elif cid == FLUX and _on(state, seat, 4) and s.corp.special.get("flux") in t.resources:
        R._add(s, "meteor")
    elif cid == OASIS:
        if _on(state, seat, 3) and not any(b.planet.is_ice(c) for c in cells):
            R._add(s, "advance", options=["water"], source="tile")
        if "water" in t.resources:
            if _on(state, seat, 4):
                R.gain_patch(state, seat)
            if _on(state, seat, 5):
                R._claim(state, seat, ("synergy",))


def tile_picked(state: GameState, seat: int, tile_id: int) -> None:
    """Republic tech 1: picking a tile with civ terrain gives the movement shown under the
    rover tracker, usable before the tile is placed (R3)."""
    s = state.seats[seat]
    if s.corp.corp_id == REPUBLIC and _on(state, seat, 1) and "civ" in D.tile(tile_id).resources:
        s.pool += _move_value(_cdef(state, seat).tracks["rover"].benefits[s.corp.trackers["rover"]])


def start_turn(state: GameState, seat: int) -> None:
    """Start-of-round movement (Flux 1, Horizon 2, Oasis 2), then the techs usable now."""
    s = state.seats[seat]
    cid = s.corp.corp_id
    b = s.board
    on_planet = [p for p in b.rovers if p is not None]
    if cid == FLUX and _on(state, seat, 1) and s.corp.special.get("flux"):
        per = _cdef(state, seat).tech(1).params.get("per_rover", 2)
        s.pool += per * sum(1 for p in on_planet if b.terrain[p] == s.corp.special["flux"])
    elif cid == HORIZON and _on(state, seat, 2):
        s.pool += len(carrying(state, seat))
    elif cid == OASIS and _on(state, seat, 2):
        s.pool += sum(1 for p in on_planet if b.terrain[p] == "water")
    refresh(state, seat)


def final_items(state: GameState, seat: int) -> None:
    """End of game: Horizon's carried meteorites are removed (D7); Republic tech 5."""
    s = state.seats[seat]
    cid = s.corp.corp_id
    if cid == HORIZON:
        s.corp.special["carry"] = []
    if cid == REPUBLIC and _on(state, seat, 5):
        left = sum(len(p) for p in state.civ_piles.values())
        if left:
            R._add(s, "keep_civ", count=min(2, left))


# =========================================================================== techs used at will

def _abilities(state: GameState, seat: int) -> dict[int, list[str]]:
    """Levels of the techs the seat may use right now, with their values."""
    s = state.seats[seat]
    cid = s.corp.corp_id
    if state.phase == "turns" and s.step in ("pick", "place", "resolve"):
        levels = [t.level for t in _cdef(state, seat).techs]
    elif state.phase == "final" and state.active == seat:
        levels = [lv for c, lv in FINAL_TECHS if c == cid]
    else:
        return {}
    out = {}
    for level in levels:
        vals = tech_values(state, seat, level)
        if vals:
            out[level] = vals
    return out


def tech_values(state: GameState, seat: int, level: int) -> list[str]:
    """What using tech ``level`` may be settled with now (empty: not usable now)."""
    s = state.seats[seat]
    cid = s.corp.corp_id
    if not _on(state, seat, level):
        return []
    sp = s.corp.special
    key = f"t{level}"
    if cid == COSMOS and (level == 2 and not _spent(state, seat, key) or level == 5 and not _used(state, seat, key)):
        return pod_sources(state, seat)
    if cid == FLUX and sp.get("flux"):
        flux = sp["flux"]
        if level == 2 and not _spent(state, seat, key) and _milestone_above(state, seat, flux):
            return [flux]
        if level == 5 and not _used(state, seat, key) and can_rise(state, seat, flux):
            return [flux]
    if cid == HORIZON:
        if level == 4:
            return [str(i + 1) for i in carrying(state, seat) if s.board.terrain[s.board.rovers[i]] == "water"]
        if level == 5 and not _used(state, seat, key) and can_rise(state, seat, "rover"):
            return ["rover"]
    if cid == JUMP:
        if level == 2 and not _used(state, seat, key) and s.pool >= 1:
            return _teleports(s.board, lambda a, c: s.board.terrain[a] is not None
                              and s.board.terrain[c] == s.board.terrain[a])
        if level == 5 and not _spent(state, seat, key):
            return list(TRACKS)
        if level == 6 and not _spent(state, seat, key) and _objective_draw(state):
            return ["draw"]
    if cid == MAKESHIFT and level == 4 and not _used(state, seat, key):
        return [t for t in TRACKS if regress_target(state, seat, t) is not None]
    if cid == REPUBLIC and level == 3 and s.pool >= 1:  # D8: between civ resource icons
        return _teleports(s.board, lambda a, c: s.board.symbol[a] == "civ" and s.board.symbol[c] == "civ")
    if cid == WORMHOLE and level == 1 and s.corp.trackers["biomass"] >= _cdef(state, seat).tracks["biomass"].top:
        return ["reset"]
    return []


def _teleports(b, allowed) -> list[str]:
    out = []
    for i, pos in enumerate(b.rovers):
        if pos is None:
            continue
        out += [f"{i + 1} {cell_name(c)}" for c in D.cells_of(b.planet.grid_mask) if c != pos and allowed(pos, c)]
    return out


def refresh(state: GameState, seat: int) -> bool:
    """Keep one optional 'tech' item per tech usable now; drop those no longer usable.
    Returns whether the pending list changed."""
    s = state.seats[seat]
    want = _abilities(state, seat)
    changed = False
    for item in [i for i in s.pending if i["kind"] == "tech"]:
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


def _use_tech(state: GameState, seat: int, item: dict, key: str) -> None:
    s = state.seats[seat]
    cid = s.corp.corp_id
    level = item["level"]
    tkey = f"t{level}"
    if cid == COSMOS:
        if level == 2:
            _spend(state, seat, tkey)
            R._add(s, "pod_move", left=2, optional=True)
        else:
            _use(state, seat, tkey)
        _lift_pod(state, seat, key)
    elif cid == FLUX:
        if level == 2:
            _spend(state, seat, tkey)
            _to_next_milestone(state, seat, key)
        else:
            _use(state, seat, tkey)
            R.advance(state, seat, key, 1, source="tech")
    elif cid == HORIZON:
        if level == 4:  # destroyed: back to the supply, not collected
            s.corp.special["carry"].remove(int(key) - 1)
        else:
            _use(state, seat, tkey)
            R.advance(state, seat, "rover", 1, source="tech")
    elif cid == JUMP:
        if level == 2:
            _use(state, seat, tkey)
            _teleport(state, seat, key)
        elif level == 5:  # every benefit in the chosen tracker's row, on all five tracks
            _spend(state, seat, tkey)
            row = s.corp.trackers[key]
            for t in TRACKS:
                for b in _cdef(state, seat).tracks[t].benefits[row]:
                    R._claim(state, seat, b, t)
        else:
            _spend(state, seat, tkey)
            cards = _objective_draw(state)
            s.corp.special["_drawn"] = cards
            R._add(s, "objective", cards=cards)
    elif cid == MAKESHIFT:
        _use(state, seat, tkey)
        regress(state, seat, key)
    elif cid == REPUBLIC:
        _teleport(state, seat, key)
    elif cid == WORMHOLE:
        s.corp.trackers["biomass"] = 0


def _teleport(state: GameState, seat: int, key: str) -> None:
    s = state.seats[seat]
    num, cell = key.split()
    s.pool -= 1
    s.board.rovers[int(num) - 1] = parse_cell(cell)
    R._rover_arrives(state, seat, int(num) - 1, parse_cell(cell))


def _milestone_above(state: GameState, seat: int, track: str) -> bool:
    tdef = _cdef(state, seat).tracks[track]
    pos = _corp(state, seat).trackers[track]
    return any(b[0] in MILESTONES for p in range(pos + 1, tdef.top + 1) for b in tdef.benefits[p])


def _to_next_milestone(state: GameState, seat: int, track: str) -> None:
    """Flux tech 2: step by step, claiming every space (D4), up to the next milestone."""
    tdef = _cdef(state, seat).tracks[track]
    corp = _corp(state, seat)
    while can_rise(state, seat, track):
        R.advance(state, seat, track, 1, source="tech")
        if any(b[0] in MILESTONES for b in tdef.benefits[corp.trackers[track]]):
            break


def flux_upgrade(state: GameState, seat: int) -> str | None:
    """The track Flux tech 3 upgrades right now (None when tech 3 is not the active one)."""
    if _cid(state, seat) == FLUX and _on(state, seat, 3):
        return _corp(state, seat).special.get("flux")
    return None


def _objective_draw(state: GameState) -> list[int]:
    """The top three objective cards no Jump Drive player has drawn yet."""
    drawn = {c for s in state.seats for c in s.corp.special.get("_drawn", [])}
    return [c for c in state.objective_deck if c not in drawn][:3]


def table_objectives(state: GameState) -> list[int]:
    """Objective cards kept for the whole table (Jump Drive tech 6)."""
    return [s.corp.special["table_objective"] for s in state.seats if s.corp.special.get("table_objective")]


# =========================================================================== lifepods (Cosmos, Jump Drive)

def pod_sources(state: GameState, seat: int) -> list[str]:
    """Cosmos: collected lifepods that may be moved ('score' = the scoring area)."""
    corp = _corp(state, seat)
    return (["score"] if corp.lifepods > 0 else []) + [f"{t} {p}" for t, p in corp.special.get("pods", [])]


def _lift_pod(state: GameState, seat: int, key: str) -> None:
    corp = _corp(state, seat)
    if key == "score":
        corp.lifepods -= 1
    else:
        t, p = key.split()
        corp.special["pods"].remove([t, int(p)])
    R._add(state.seats[seat], "pod", moved=True)


def _pod_spots(state: GameState, seat: int) -> list[str]:
    corp = _corp(state, seat)
    sp = corp.special
    if corp.corp_id == JUMP:
        return [f"tech {n}" for n in range(1, len(_cdef(state, seat).techs) + 1) if n not in sp.get("slots", [])]
    pods = sp.get("pods", [])
    return [f"{t} {p}" for t in TRACKS for p in range(_cdef(state, seat).tracks[t].top + 1)
            if corp.trackers[t] != p and [t, p] not in pods]  # D15: any free space


def _put_pod(state: GameState, seat: int, key: str) -> None:
    corp = _corp(state, seat)
    if key == "score":
        corp.lifepods += 1
        return
    t, p = key.split()
    if corp.corp_id == JUMP:
        corp.special["slots"] = sorted(corp.special.get("slots", []) + [int(p)])
    else:
        corp.special.setdefault("pods", []).append([t, int(p)])


# =========================================================================== Makeshift

def columns(special: dict) -> dict[str, str]:
    """Makeshift: the column each tracker stands in (its own until it moves sideways)."""
    cols = special.get("col") or {}
    return {t: cols.get(t, t) for t in TRACKS}


def _mk_taken(corp, track: str) -> set[tuple[str, int]]:
    cols = columns(corp.special)
    return {(cols[t], corp.trackers[t]) for t in TRACKS if t != track}


def _mk_seen(state: GameState, corp, track: str) -> list[str]:
    seen = corp.special.get("seen") or {}
    return seen.get("spaces", {}).get(track, []) if seen.get("round") == state.round else []


def _mk_targets(state: GameState, seat: int, track: str, lateral: bool = True) -> list[tuple[str, int]]:
    """Spaces one advance may take ``track`` to: one row up, straight or diagonally into a
    neighbouring column (tech 1: civ and tech are neighbours), or sideways (tech 3)."""
    corp = _corp(state, seat)
    cdef = _cdef(state, seat)
    col = columns(corp.special)[track]
    row = corp.trackers[track]
    taken = _mk_taken(corp, track)
    i = TRACKS.index(col)
    wrap = _on(state, seat, 1)
    side = [TRACKS[j % 5] for j in (i - 1, i + 1) if 0 <= j < 5 or wrap]
    out = [(c, row + 1) for c in [col] + side if row + 1 <= cdef.tracks[c].top and (c, row + 1) not in taken]
    if lateral and _on(state, seat, 3):
        seen = _mk_seen(state, corp, track)
        out += [(c, row) for c in side if (c, row) not in taken and f"{c} {row}" not in seen]
    return out


def _shift_values(state: GameState, seat: int, item: dict) -> list[str]:
    t = item["track"]
    vals = [f"{c} {r}" for c, r in _mk_targets(state, seat, t, lateral="until" not in item)]
    if repeats_at_top(state, seat, t, item["source"]):  # stay on the rover top: X-infinity
        vals.append(f"rover {_corp(state, seat).trackers[t]}")
    return vals


def _shift(state: GameState, seat: int, item: dict, key: str) -> None:
    s = state.seats[seat]
    corp = s.corp
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
        if item.get("claim", True):
            for b in cdef.tracks[col].benefits[row]:
                if b[0] not in item.get("skip", []):
                    R._claim(state, seat, b, col)
    until = item.get("until")
    left = item["left"] - 1
    if (until is not None and corp.trackers[t] < until) or (until is None and left > 0):
        R._add(s, "shift", **{**{k: v for k, v in item.items() if k not in ("id", "kind")}, "left": max(left, 1)})


# =========================================================================== Oasis

@lru_cache(maxsize=None)
def oasis_path() -> tuple[tuple[str, int], ...]:
    """Oasis water path: the (column, row) cell of each step."""
    raw = D.corporation(OASIS).tracks["water"].raw["positions"]
    return tuple((p["cell"]["column"], p["cell"]["row"]) for p in raw)


def _oasis_cell(track: str, pos: int) -> tuple[str, int]:
    return oasis_path()[pos] if track == "water" else (track, pos)


def _oasis_taken(corp, track: str, pos: int) -> bool:
    cell = _oasis_cell(track, pos)
    return any(_oasis_cell(t, corp.trackers[t]) == cell for t in TRACKS if t != track)


# =========================================================================== pending items

def item_values(state: GameState, seat: int, item: dict) -> list[str]:
    s = state.seats[seat]
    kind = item["kind"]
    if kind == "tech":
        return tech_values(state, seat, item["level"])
    if kind == "pod":
        return ["score"] + _pod_spots(state, seat)
    if kind == "pod_move":
        return pod_sources(state, seat)
    if kind == "flux":
        return list(TRACKS)
    if kind == "regress":
        return [t for t in REGRESS_TRACKS if regress_target(state, seat, t) is not None]
    if kind == "choose":
        return [_group_label(g) for g in item["groups"]]
    if kind == "shift":
        return _shift_values(state, seat, item)
    if kind == "meteor":
        return [cell_name(c) for c in sorted(s.board.meteorites)]
    if kind == "objective":
        return [str(c) for c in item["cards"]]
    if kind == "keep_civ":
        return [str(c) for c in sorted(c for pile in state.civ_piles.values() for c in pile)]
    raise NotImplementedError(kind)


def _group_label(group: list) -> str:
    b = group[0]
    return {"synergy": "synergy", "biomass": "patch"}.get(b[0]) or f"advance {b[1]}"


def resolve(state: GameState, seat: int, item: dict, key: str) -> None:
    """Carry out a corporation item settled with ``key`` (already checked against its values)."""
    s = state.seats[seat]
    kind = item["kind"]
    if kind != "keep_civ":
        s.pending.remove(item)
    if kind == "tech":
        _use_tech(state, seat, item, key)
    elif kind == "pod":
        _put_pod(state, seat, key)
    elif kind == "pod_move":
        _lift_pod(state, seat, key)
        if item["left"] > 1:
            R._add(s, "pod_move", left=item["left"] - 1, optional=True)
    elif kind == "flux":
        s.corp.special["flux"] = key
    elif kind == "regress":
        regress(state, seat, key)
    elif kind == "choose":
        group = next(g for g in item["groups"] if _group_label(g) == key)
        for b in group:
            R._claim(state, seat, tuple(b), item.get("track"))
    elif kind == "shift":
        _shift(state, seat, item, key)
    elif kind == "meteor":
        s.board.meteorites.remove(parse_cell(key))
        s.corp.meteorites += 1
    elif kind == "objective":
        s.corp.special["table_objective"] = int(key)
    elif kind == "keep_civ":
        card = D.civ_card(int(key))
        R._take_civ_card(state, seat, card.id)
        if card.timing == "end_game":  # the final step has already started: its advances now
            for op in card.effect:
                if op["op"] == "advance_choice":
                    R.apply_card_op(state, seat, op)
        item["count"] -= 1
        if item["count"] <= 0:
            s.pending.remove(item)


_TECH_TEXT = {
    (COSMOS, 2): "move up to 3 collected lifepods (once per game): pick the first",
    (COSMOS, 5): "move one collected lifepod (once per round)",
    (FLUX, 2): "move your flux tracker up to its next milestone (once per game)",
    (FLUX, 5): "advance your flux tracker one space (once per round)",
    (HORIZON, 4): "destroy the meteorite a rover carries on water",
    (HORIZON, 5): "advance your rover tracker one space (once per round)",
    (JUMP, 2): "teleport a rover to a square of the same terrain for 1 movement (once per round)",
    (JUMP, 5): "claim every benefit in one tracker's row (once per game)",
    (JUMP, 6): "draw 3 objectives and keep one for the whole table (once per game)",
    (MAKESHIFT, 4): "move one tracker down a space (once per round)",
    (REPUBLIC, 3): "teleport a rover between civ resources for 1 movement",
    (WORMHOLE, 1): "send your biomass tracker from the top back to 0",
}


def describe(item: dict) -> str:
    kind = item["kind"]
    if kind == "tech":
        text = _TECH_TEXT.get((item.get("corp"), item["level"]), item.get("code", "tech"))
        return f"optional, tech {item['level']}: {text}"
    if kind == "pod":
        return "put the lifepod on your board or in the scoring area"
    if kind == "pod_move":
        return f"optional: move {item['left']} more collected lifepod{'s' if item['left'] > 1 else ''}"
    if kind == "flux":
        return "put your flux token on a track (it may stay where it is)"
    if kind == "regress":
        return "move one of your other trackers down a space (civ milestone)"
    if kind == "choose":
        return "biomass level: take one of the two benefits"
    if kind == "shift":
        return f"move your {item['track']} tracker: choose the space"
    if kind == "meteor":
        return "collect a meteorite from your planet"
    if kind == "objective":
        return "keep one objective for the whole table"
    if kind == "keep_civ":
        return f"keep {item['count']} of the remaining civ cards"
    return kind


# =========================================================================== scoring

def track_medals(corp_id: str, trackers: dict[str, int], special: dict) -> dict[str, int]:
    """Medals each tracker scores where it stands (category B)."""
    cdef = D.corporation(corp_id)
    out: dict[str, int] = {}
    if corp_id == MAKESHIFT:  # each tracker scores its column; tech 5: at the column's highest (D9)
        cols = columns(special)
        highest = tech_on(corp_id, trackers, special, 5)
        for t in TRACKS:
            row = max(trackers[u] for u in TRACKS if cols[u] == cols[t]) if highest else trackers[t]
            out[t] = cdef.tracks[cols[t]].medal_at[row]
        return out
    pods = {(t, p) for t, p in special.get("pods", [])}
    for t, tr in cdef.tracks.items():
        pos = trackers[t]
        if pods:  # Cosmos: covered medals do not count; fall back to the next one below
            printed = printed_medals(corp_id, t)
            out[t] = next((printed[p] for p in range(pos, -1, -1) if (t, p) not in pods and printed[p] is not None), 0)
        else:
            out[t] = tr.medal_at[pos]
    return out
