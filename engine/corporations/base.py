"""The corporation board every other board varies (rulebook 2023 pp.5-6, pp.11-13; RULINGS
D1-D16): the hooks the rules call, the one registry of boards, and the shared bookkeeping.

``Board`` is the standard board: each hook is the rule of the rulebook's standard board
(Universal Coalition), and a corporation's module overrides the hooks its board changes.
Every board registers itself with ``@register``; the rules find a seat's board with
``board_of(state, seat)`` and never ask which corporation it is.

This module sits below engine/effects.py (the primitives call the hooks); the boards
themselves (one module each in this package) sit above it and use the primitives.
"""
from __future__ import annotations

from functools import cache

from i18n import content

from .. import data as D
from ..errors import UnknownContent
from ..pending import ItemKind, done, item_kind
from ..state import GameState

# =========================================================================== shared bookkeeping

def corp_of(state: GameState, seat: int):
    return state.seats[seat].corp


def cdef_of(state: GameState, seat: int) -> D.Corporation:
    return D.corporation(state.seats[seat].corp.corp_id)


def on(state: GameState, seat: int, level: int) -> bool:
    """Whether the seat's tech ``level`` works now."""
    c = state.seats[seat].corp
    return board(c.corp_id).tech_on(c.trackers, c.special, level)


def used(state: GameState, seat: int, key: str) -> bool:
    """Whether a once-per-round tech (``key``: "t<level>") was used this round."""
    return corp_of(state, seat).special.get("used", {}).get(key) == state.round


def use(state: GameState, seat: int, key: str) -> None:
    corp_of(state, seat).special.setdefault("used", {})[key] = state.round


def spent(state: GameState, seat: int, key: str) -> bool:
    """Whether a once-per-game tech was used."""
    return key in corp_of(state, seat).special.get("spent", [])


def spend(state: GameState, seat: int, key: str) -> None:
    corp_of(state, seat).special.setdefault("spent", []).append(key)


def move_value(benefits) -> int:
    return sum(b[1] for b in benefits if b[0] == "move")


@cache
def printed_medals(corp_id: str, track: str) -> tuple:
    """The medal printed on each space of a track (None where there is none)."""
    out = []
    for p in D.corporation(corp_id).tracks[track].raw["positions"]:
        m = [b["medal"] for b in p["benefits"] if isinstance(b, dict) and "medal" in b]
        out.append(m[-1] if m else None)
    return tuple(out)


@cache
def tech_levels(corp_id: str, code: str) -> tuple[int, ...]:
    """Levels of the corporation's techs with this effect code."""
    return tuple(t.level for t in D.corporation(corp_id).techs if t.code == code)


# =========================================================================== the standard board

class Board:
    """The standard board, and the default of every hook: the rulebook's rules unchanged."""

    id: str = ""
    final_techs: tuple[int, ...] = ()  # once-per-game techs also offered in the final step
    plain_tracks = True  # trackers rise one space at a time to the printed top (set by register)

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
        c = corp_of(state, seat)
        return c.trackers[track] + 1 if c.trackers[track] < cdef_of(state, seat).tracks[track].top else None

    def can_rise(self, state: GameState, seat: int, track: str) -> bool:
        return self.next_space(state, seat, track) is not None

    def repeats_at_top(self, state: GameState, seat: int, track: str) -> bool:
        tdef = cdef_of(state, seat).tracks[track]
        return bool(tdef.repeat_at_top) and corp_of(state, seat).trackers[track] >= tdef.top

    def advance(self, state, seat, track, times, *, source, claim, skip) -> bool:
        return False  # effects.advance moves the tracker

    def advance_choice(self, state: GameState, seat: int, item: dict, key: str, times: int) -> tuple[str, int]:
        """The tracker and the steps an 'advance' item settled with ``key`` moves."""
        return key, times

    def regress_target(self, state: GameState, seat: int, track: str):
        pos = corp_of(state, seat).trackers[track]
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

    def settle_patch(self, state: GameState, seat: int, item: dict, key: str) -> bool:
        """True when the board settles a patch item its own way (``key`` one of its values)."""
        return False

    def place_patch(self, state: GameState, seat: int, cell: int) -> None:
        b = state.seats[seat].board
        if cell in b.meteorites:  # Wormhole tech 5: destroyed, not collected
            b.meteorites.remove(cell)
        b.place_patch(cell)

    def advance_extra_values(self, state: GameState, seat: int, item: dict, opts: list[str]) -> list[str]:
        return []

    def civ_item(self, state: GameState, seat: int, item: dict) -> None:
        pass

    def civ_extra_values(self, state: GameState, seat: int, item: dict) -> list[str]:
        return []

    # ---- pieces
    def gain_lifepod(self, state: GameState, seat: int) -> None:
        corp_of(state, seat).lifepods += 1

    def collected_lifepods(self, corp) -> int:
        return corp.lifepods

    def kept_lifepods(self, state: GameState, seat: int) -> list[str]:
        """Collected lifepods kept on the board outside the scoring area."""
        return []

    def lose_lifepod(self, state: GameState, seat: int, key: str) -> None:
        """A collected lifepod leaves the game: 'score' takes one from the scoring area."""
        corp_of(state, seat).lifepods -= 1

    def carrying(self, state: GameState, seat: int) -> list[int]:
        """Indexes of the rovers carrying a meteorite (Horizon)."""
        return []

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

    # ---- scoring
    def track_medals(self, trackers: dict, special: dict) -> dict[str, int]:
        return {t: tr.medal_at[trackers[t]] for t, tr in D.corporation(self.id).tracks.items()}


# =========================================================================== the registry

BOARDS: dict[str, Board] = {}


def register(cls: type[Board]) -> type[Board]:
    """Class decorator: the one registry of corporation boards (one instance per id)."""
    cls.plain_tracks = cls.next_space is Board.next_space and cls.can_rise is Board.can_rise
    BOARDS[cls.id] = cls()
    return cls


def board(corp_id: str) -> Board:
    """The board of a corporation. Raises UnknownContent for an id no module registered."""
    try:
        return BOARDS[corp_id]
    except KeyError:
        raise UnknownContent("corporation board", corp_id,
                             f"no corporation board {corp_id!r} is registered (engine/corporations/)") from None


def board_of(state: GameState, seat: int) -> Board:
    """The board the seat plays."""
    return board(state.seats[seat].corp.corp_id)


def collected_lifepods(state: GameState, seat: int) -> int:
    """Every lifepod collected, wherever it now sits on the corporation board (objectives)."""
    return board_of(state, seat).collected_lifepods(corp_of(state, seat))


def track_medals(corp_id: str, trackers: dict[str, int], special: dict) -> dict[str, int]:
    """Medals each tracker scores where it stands (category B)."""
    return board(corp_id).track_medals(trackers, special)


def adjacency_waived(state: GameState, seat: int, tile_id: int | None) -> bool:
    """Whether an 'ignore adjacency' tech that is on covers this piece: every tile (UC), or
    tiles with rover terrain (Horizon tech 1, adjacency only: D6). ``tile_id`` None asks
    about a biomass patch."""
    c = state.seats[seat].corp
    for level, every_tile in _adjacency_techs(c.corp_id):
        if not board(c.corp_id).tech_on(c.trackers, c.special, level):
            continue
        if every_tile or tile_id is not None and "rover" in D.tile(tile_id).resources:
            return True
    return False


@cache
def _adjacency_techs(corp_id: str) -> tuple[tuple[int, bool], ...]:
    """(level, covers every tile) of the corporation's 'ignore adjacency' techs."""
    return tuple((t.level, t.params.get("scope", "all_tiles") == "all_tiles")
                 for t in D.corporation(corp_id).techs if t.code == "ignore_adjacency")


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


# =========================================================================== the boards' pending items


class BoardKind(ItemKind):
    """A pending item of a corporation board: taken off the list, then carried out by the
    seat's board (``carry_out``; the board module that registers it knows its board)."""

    def settle(self, state, seat, item, key):
        done(state.seats[seat], item)
        self.carry_out(state, seat, board_of(state, seat), item, key)

    def carry_out(self, state, seat: int, board: Board, item: dict, key: str) -> None:
        raise NotImplementedError


@item_kind
class Tech(BoardKind):
    """Use tech ``level`` now (optional; offered while it can do something, and in the final
    step for a once-per-game tech: ``final``)."""

    name = "tech"
    fields = ("level", "code", "corp", "final")

    def values(self, state, seat, item):
        if not on(state, seat, item["level"]):
            return []
        return board_of(state, seat).tech_values(state, seat, item["level"])

    def carry_out(self, state, seat, board, item, key):
        board.use_tech(state, seat, item["level"], key)

    def describe(self, item):
        text = content(D.corporation(item["corp"]).tech(item["level"]).use) or item.get("code", "tech")  # corporations.json
        return f"optional, tech {item['level']}: {text}"
