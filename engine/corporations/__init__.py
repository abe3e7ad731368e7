"""The asymmetric corporation boards (rulebook 2023 pp.11-13 "Corporations asymétriques",
rulebook 2020 pp.10-12 with the per-corporation tech lists, reference corporations.md;
decisions RULINGS D1-D16, R3, R7, C1).

One module per board, each a ``Board`` subclass (``base.py``) overriding the hooks its
board changes, registered with ``@register``; ``boards.py`` is the list that loads them.
The rules find a seat's board with ``board_of(state, seat)``. The state a board needs
beyond its five trackers lives in ``Corp.special`` (plain JSON, restored by undo with the
rest of the corporation):

    pods     Cosmos: lifepods lying on track spaces, [[track, position], ...]
    slots    Jump Drive: tech levels holding a lifepod (those techs are on)
    flux     Flux: the track the flux token marks (None until the first tech unlock, D5)
    carry    Horizon: indexes of the rovers carrying a meteorite
    col      Makeshift: the column each tracker stands in (its row is ``trackers[track]``)
    seen     Makeshift: spaces each tracker left this round (a sideways shift may not go back)
    used     once-per-round techs: "t<level>" -> round used
    spent    once-per-game techs used
    table_objective, _drawn   Jump Drive tech 6 (keys starting with _ are the owner's only)
    _move    rover movement under way this step (effects.gain_movement: start-of-round part, R3)

Choices are pending items of these kinds (each an ``ItemKind`` of engine/pending.py,
registered in the module of the board it belongs to; ``tech`` in base.py):

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
  never joins movement gained later in the turn (R3 revised; effects.gain_movement). A tile
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

This package's ``__init__`` loads only the base (engine/effects.py imports it); the boards
register when ``boards`` is imported (engine/rules.py and engine/setup.py do).
"""
from __future__ import annotations

from .base import BOARDS, Board, board, board_of, collected_lifepods, register, table_objectives, track_medals  # noqa: F401 - the package's public names
