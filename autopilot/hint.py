"""A hint: what the hard computer player would do now in a seat's place, and why.

The hard level (``hard``) plays the seat's current step on a copy of the game, from the seat's
view alone, up to (not including) its confirm: the tile it takes, where it places it, the
items it settles, the rover steps it spends. Why: the greedy heuristic's evaluation of the
position before and after those moves (``greedy.breakdowns``: both judged as at the start, the
same rounds left), part by part; the parts that change most, largest first, are the reasons
(a row completed, a track advanced, a hole left ...). Pure CPU work: the service runs it in
its worker pool.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engine import data as D
from engine.actions import Action, Confirm, Pick, Place, Resolve
from engine.errors import NotYourTurn
from engine.rules import legal_actions, to_act
from engine.state import GameState, copy
from engine.view import view_for

from .greedy import breakdowns, pockets_of
from .play import choose, play_until_waiting

TOP_REASONS = 3  # reasons given, at most
MIN_CHANGE = 0.05  # medals: a smaller change is no reason


@dataclass(frozen=True)
class Reason:
    """One part of the evaluation (``greedy.breakdown``'s names) and how much the moves change it.
    ``facts``: what a reader needs to say it in words (a line completed, a track's steps, the
    squares of small holes)."""
    part: str
    change: float
    facts: dict = field(default_factory=dict)


@dataclass
class Hint:
    """The moves (in order, the step's confirm left out), the reasons, the worth before and
    after (medals, the heuristic's estimate), and the placement's preview: the seat's view with
    the tile in hand, the tile, its orientation and square (None when the step places none).
    ``notes``: for each action, what it needs to be told in words: the item a ``resolve``
    settles (``item``), the tile a ``pick`` takes (``tile``)."""
    seat: int
    actions: list[Action]
    reasons: list[Reason]
    before: float
    after: float
    preview: tuple[dict, int, int, int] | None = None
    notes: list[dict] = field(default_factory=list)


def hint(state: GameState, seat: int, budget_s: float | None = None, top: int = TOP_REASONS) -> Hint:
    """The hard level's moves for ``seat``'s current step and the reasons (``top`` at most).
    ``budget_s``: the hard level's CPU seconds per turn (None: its default). Raises NotYourTurn
    when the seat has nothing to decide."""
    if seat not in to_act(state) or not legal_actions(state, seat):
        raise NotYourTurn("nothing to decide for this seat right now", seat)
    sim = copy(state)
    preview: list[tuple[dict, int, int, int]] = []
    notes: list[dict] = []

    def chooser(st: GameState, s: int) -> Action | None:
        action = choose(st, s, "hard", budget_s=budget_s)
        if isinstance(action, Confirm):
            return None  # the player confirms for themself
        hand = st.seats[s].hand
        if isinstance(action, Place) and not preview and hand is not None:
            preview.append((view_for(st, s), hand, action.orient, action.anchor))
        item = next((dict(i) for i in st.seats[s].pending if isinstance(action, Resolve) and i["id"] == action.item),
                    None)
        notes.append({"item": item} if item else {})
        return action

    def played_one(s: int, action: Action) -> None:
        if isinstance(action, Pick) and sim.seats[s].hand is not None:
            notes[-1]["tile"] = sim.seats[s].hand

    played = play_until_waiting(sim, {seat}, chooser, this_step=True, on_action=played_one)
    actions = [action for _seat, action in played]
    before, after = breakdowns([state, sim], seat)
    reasons = reasons_of(before, after, top)
    facts = _facts(state, sim, seat)
    reasons = [Reason(r.part, r.change, facts.get(r.part, {})) for r in reasons]
    return Hint(seat, actions, reasons, sum(before.values()), sum(after.values()), preview[0] if preview else None,
                notes[:len(actions)])


def reasons_of(before: dict[str, float], after: dict[str, float], top: int = TOP_REASONS) -> list[Reason]:
    """The parts whose change from ``before`` to ``after`` is largest (in size), largest first,
    ``top`` at most, none smaller than MIN_CHANGE; ties in the order of the part names."""
    changes = [(name, after.get(name, 0.0) - before.get(name, 0.0)) for name in sorted({*before, *after})]
    changes = [(name, d) for name, d in changes if abs(d) >= MIN_CHANGE]
    changes.sort(key=lambda nd: -abs(nd[1]))
    return [Reason(name, change) for name, change in changes[:top]]


def _facts(state: GameState, sim: GameState, seat: int) -> dict[str, dict]:
    """What the words of a reason need, by part: lines completed, tracks' positions, small holes."""
    b0, b1 = state.seats[seat].board, sim.seats[seat].board
    facts: dict[str, dict] = {}
    p = b1.planet
    for i, mask in enumerate(p.row_masks):
        if mask:
            facts[f"row:{D.ROW_LETTERS[i]}"] = {"complete": mask & b1.filled == mask,
                                                 "was_complete": mask & b0.filled == mask}
    for i, mask in enumerate(p.column_masks):
        if mask:
            facts[f"column:{i + 1}"] = {"complete": mask & b1.filled == mask, "was_complete": mask & b0.filled == mask}
    c0, c1 = state.seats[seat].corp, sim.seats[seat].corp
    for t in c1.trackers:
        facts[f"track:{t}"] = {"track": t, "from": c0.trackers.get(t, 0), "to": c1.trackers[t]}
    facts["holes"] = {"before": pockets_of(p.grid_mask & ~b0.filled), "after": pockets_of(p.grid_mask & ~b1.filled)}
    facts["lifepods"] = {"count": c1.lifepods - c0.lifepods}
    facts["meteorites"] = {"count": c1.meteorites - c0.meteorites}
    return facts
