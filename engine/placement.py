"""Where a tile may go this turn (rulebook 2023 p.5 "Placer la tuile", RULINGS R6-R7, P1):
the planet's own restriction (engine/planets.py), a tech that waives adjacency, and this
round's event limit (engine/events.py), each lifted on its own when it alone would leave no
depot tile placeable (R7); the depot choices events offer that must not end the game.
"""
from __future__ import annotations

from i18n import _

from . import events as E
from . import planets as P
from .effects import ignores_adjacency
from .state import GameState
from .station import depot_tops, seat_depot, seat_position, station_slots, top_tile


def fitting(state: GameState, seat: int, tiles: dict[str, int]) -> dict[str, int]:
    """The tiles among ``tiles`` that can be placed now. A planet restriction that alone would
    leave none of them placeable is lifted (R7; Pajitnov's fallback turn, P1)."""
    b = state.seats[seat].board
    adj = {k: ignores_adjacency(state, seat, t) for k, t in tiles.items()}  # a tech may waive it per tile (D6)
    fits = {k: t for k, t in tiles.items() if b.can_place(t, ignore_adjacency=adj[k])}
    if fits or not P.rules_for(b.planet_id).restricts_tiles:
        return fits
    return {k: t for k, t in tiles.items() if b.can_place(t, ignore_adjacency=adj[k], planet_rule=False)}


def can_place_any_tile(state: GameState, seat: int, tile_id: int) -> bool:
    """Whether the tile just picked can be placed (with the planet restriction, or without it
    when R7 lifts it: a tile is only picked under that rule when it fits one way or the other)."""
    return bool(fitting(state, seat, {"tile": tile_id}))


def placement_rules(state: GameState, seat: int, tile_id: int | None = None) -> dict:
    """Keyword arguments of the board's placement checks for ``tile_id`` (default: the tile
    in hand): adjacency waived by a tech, and whether the planet's restriction holds. It is
    lifted (R7) exactly when the tile fits only without it: a tile is then picked because
    neither depot tile fitted with it. The event's limit sits on top (engine/events.py)."""
    s = state.seats[seat]
    tile = s.hand if tile_id is None else tile_id
    adj = ignores_adjacency(state, seat, tile)
    rule = (tile is None or not P.rules_for(s.board.planet_id).restricts_tiles
            or s.board.can_place(tile, ignore_adjacency=adj))
    return {"ignore_adjacency": adj, "planet_rule": rule}


def planet_rule_lifted(state: GameState, seat: int) -> bool:
    """Whether the seat's planet restriction is lifted for the tile it is about to pick or
    place (R7), so the player can be told."""
    s = state.seats[seat]
    if not P.rules_for(s.board.planet_id).restricts_tiles:
        return False
    if s.hand is not None:
        return not placement_rules(state, seat)["planet_rule"]
    if s.step != "pick":
        return False
    tops = depot_tops(state, seat)
    return not any(s.board.can_place(t, ignore_adjacency=ignores_adjacency(state, seat, t))
                   for t in tops.values()) and bool(fitting(state, seat, tops))


# --------------------------------------------------------------------------- the event's limit


def _fits_under(state, seat: int, rule: dict, tile_id: int) -> bool:
    """Whether the tile has a placement the board allows (with the planet's restriction as it
    stands for that tile, R7 included) that this round's limit allows too."""
    s = state.seats[seat]
    return any(E.violation(state, seat, rule, tile_id, p.orient, p.anchor) is None
               for p in s.board.legal_placements(tile_id, **placement_rules(state, seat, tile_id)))


def prefer_restricted(state, seat: int, fits: dict[str, int]) -> dict[str, int]:
    """Stacks whose top tile can be placed under this round's placement limit; all of
    ``fits`` when none can (the limit is lifted: it alone would end the game, R7). ``fits``
    are the tiles that fit under the planet's rules (``fitting``, with its own R7 lift), so
    each limit is lifted on its own; when both hold but no tile meets the two at once, the
    event's gives way and the planet's stays."""
    rule = E.placement_rule(state)
    if not rule:
        return fits
    strict = {k: t for k, t in fits.items() if _fits_under(state, seat, rule, t)}
    return strict or fits


def placement_problem(state, seat: int, tile_id: int, orient: int, anchor: int) -> str | None:
    """Why this round's card forbids a placement the board allows, or None."""
    rule = E.placement_rule(state)
    if not rule:
        return None
    why = E.violation(state, seat, rule, tile_id, orient, anchor)
    if why is None or not _fits_under(state, seat, rule, tile_id):
        return None
    card = E.current(state)
    assert card is not None  # a violation comes from this round's event
    return _("this round's event ({event}) forbids it: {why}").format(event=_(card.text).rstrip("."), why=why)


# --------------------------------------------------------------------------- depot choices


def station_options(state, seat: int) -> list[str]:
    """Turns (0-5 depots clockwise) the player may give the station (79); turns that would
    leave no placeable tile in front of them are left out unless every turn does."""
    pos = seat_position(state, seat)
    ok = []
    for k in range(6):
        slots = station_slots((state.station["rotation"] - k) % 6, state.station["offset"], pos)
        tops = [state.station[st][sl][-1] for st, sl in slots.items() if state.station[st][sl]]
        if any(can_place_any_tile(state, seat, t) for t in tops):  # planet limits lifted as R7 says
            ok.append(str(k))
    return ok or [str(k) for k in range(6)]


def safe_stacks(state, seat: int) -> list[str]:
    """Stacks of the seat's depot it may throw away (116) without that alone ending the
    game: the depot keeps a tile, and a placeable one if it had one."""
    depot = seat_depot(state, seat)
    tops = {k: top_tile(state, k, v) for k, v in depot.items()}
    placeable = {k for k, t in tops.items() if t is not None and can_place_any_tile(state, seat, t)}
    out = []
    for stack in ("small", "large"):
        other = "large" if stack == "small" else "small"
        if tops[stack] is None or tops[other] is None:
            continue
        if placeable and other not in placeable:
            continue
        out.append(stack)
    return out
