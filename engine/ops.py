"""The one interpreter of effect ops, for civilisation cards and event cards alike
(reference cards.md section 2 and events.json; rulebook 2023 p.8 "Cartes Civilisation",
p.9 "Événements"; RULINGS C1-C6).

An op is a small dict from the data files (``{"op": "collect", "what": "lifepod", ...}``).
Applying one for a seat turns it into pending items or changes the state at once; ``source``
says whose effect it is ("card" or "event"), which is how the items read and which
rewards an event's own advance brings (a synergy boost, Jump Drive tech 3).
"""
from __future__ import annotations

from . import data as D
from .corporations.base import board_of
from .data import TRACKS
from .effects import add_item, advance, at_top, gain_movement, gain_patch, movement_bonus
from .events import KNOWN_OPS as EVENT_OPS  # noqa: F401 (the ops an event may use)
from .placement import safe_stacks
from .state import GameState

CARD_OPS = frozenset({"advance_choice", "gain_biomass_patch", "gain_rover_movement", "place_extra_tile", "collect",
                      "destroy", "destroy_meteorites_in_line", "teleport_rover", "advance_all_to", "medals",
                      "score_per", "set_member"})
# Ops whose effect is not for one seat now: end-game scoring (engine/scoring.py), the civ
# piles and the round rule of an event (engine/events.py), an event's extra rover (given
# once the tile is placed) and a peek (offered by "choose_one").
_ELSEWHERE = frozenset({"medals", "score_per", "set_member", "civ_deck_add", "civ_deck_remove", "round_restriction",
                        "gain_rover", "peek_next_event"})


def is_synergy(op: dict) -> bool:
    """Whether an event's advance is a synergy boost: one step of any tracker, with its reward."""
    return op["tracks"] == "any" and op["choose"] == 1 and op["times"] == 1 and op.get("benefits", True)


def apply_op(state: GameState, seat: int, op: dict, source: str) -> None:
    """Carry out one op for ``seat``; ``source`` is "card" (a civ card) or "event"."""
    s = state.seats[seat]
    corp = s.corp
    name = op["op"]
    if name == "advance_choice":
        tracks = list(TRACKS) if op["tracks"] == "any" else list(op["tracks"])
        extra = {"synergy": True} if source == "event" and is_synergy(op) else {}  # 81, 84 (Jump Drive tech 3)
        add_item(s, "advance", options=tracks, source=source, picks=op["choose"], times=op["times"],
                 claim=op.get("benefits", True), **extra)
    elif name == "regress_choice":
        tracks = list(TRACKS) if op["tracks"] == "any" else list(op["tracks"])
        add_item(s, "regress", options=tracks, times=op["times"])
    elif name == "gain_biomass_patch":
        gain_patch(state, seat, op["count"])  # the corporation's own patch rules (Wormhole tech 3)
    elif name == "gain_rover_movement":
        gain_movement(state, seat, op["amount"] + movement_bonus(state, seat))  # RULINGS C1 / D3
    elif name == "place_extra_tile":
        add_item(s, "extra_tile", advances=op["advance_resources"])
    elif name == "collect":
        add_item(s, "collect" if op.get("what", "lifepod") == "lifepod" else "collect_meteorite", count=op["count"])
    elif name == "destroy":
        _destroy(state, seat, op)
    elif name == "destroy_meteorites_in_line":
        add_item(s, "line")
    elif name == "teleport_rover":
        add_item(s, "teleport")
    elif name == "advance_all_to":
        if board_of(state, seat).advance_all_to(state, seat, op["position"], claim=op.get("benefits", True),
                                                skip=tuple(op.get("skip", ()))):
            return
        for track in TRACKS:
            while s.corp.trackers[track] < op["position"] and not at_top(state, seat, track):
                advance(state, seat, track, 1, source="card", claim=op.get("benefits", True),
                        skip=tuple(op.get("skip", ())))
    elif name == "add_meteorite":
        add_item(s, "add_meteorite", count=op["count"])
    elif name == "draw_private_objective":
        for _ in range(op["count"]):
            if state.objective_deck:
                corp.objectives.append(state.objective_deck.pop(0))
        corp.objectives.sort()
    elif name == "discard_private_objective":
        add_item(s, "discard_objective", count=op["count"])
    elif name == "rotate_station":
        add_item(s, "rotate_station")
    elif name == "remove_station_stack":
        if safe_stacks(state, seat):
            add_item(s, "remove_stack")
    elif name == "choose_one":
        add_item(s, "event_choice")
    elif name not in _ELSEWHERE:
        raise NotImplementedError(f"{source} op {name!r}")


def _destroy(state: GameState, seat: int, op: dict) -> None:
    s = state.seats[seat]
    what = op.get("what", "meteorite")
    if op.get("from", "planet") == "collected":
        if what == "lifepod" and board_of(state, seat).kept_lifepods(state, seat):
            add_item(s, "lose_lifepod", count=op["count"])  # Cosmos / Jump Drive: which one is a choice
        elif what == "lifepod":
            s.corp.lifepods = max(0, s.corp.lifepods - op["count"])
        else:
            s.corp.meteorites = max(0, s.corp.meteorites - op["count"])
    elif what == "lifepod":
        add_item(s, "destroy_lifepod", count=op["count"])
    elif what == "rover":
        add_item(s, "destroy_rover", count=op["count"], more_than=op.get("only_if_more_than", 0))
    else:
        add_item(s, "destroy", count=op["count"])


def apply_card_op(state: GameState, seat: int, op: dict) -> None:
    """One effect of a civ card (reference cards.md section 2)."""
    apply_op(state, seat, op, "card")


def take_civ_card(state: GameState, seat: int, card_id: int) -> None:
    """The seat takes a civ card from its pile; an immediate card's effect applies now."""
    card = D.civ_card(card_id)
    state.civ_piles[str(card.rank)].remove(card_id)
    state.seats[seat].corp.civ_cards.append(card_id)
    if card.timing == "immediate":
        for op in card.effect:
            apply_card_op(state, seat, op)
