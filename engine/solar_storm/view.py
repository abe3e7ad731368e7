"""What a seat may see (``view_for``) and what everybody may see (``public_view``).

Solar Storm is cooperative and its hands are open (« Les cartes qui vous sont distribuées sont
connues de tous les joueurs et doivent être visibles par tous », § MISE EN PLACE step 4), so
every seat sees the same thing: the ship (layout, cubes, diverted flags, protection tokens),
pawns, hands, action tokens, the face-up offer, the supplies, the turn, the choice being made
and what the last action did. Hidden from everyone: the seed and the order of both decks (their
counts only). What a Cargo Hold or Bridge peek shows is shown to the whole crew (SS16).

With the ``no_peek`` option (§ RÈGLE FACULTATIVE, SS17) the deck counts and both discard piles
are hidden too, except the resource discard while an Engine Room swap is being chosen; the
cards a Hull Breach throws away are then shown as a count.

A view is plain JSON-ready data, the input of the images and of the text shown in Discord.
"""
from __future__ import annotations

from . import data as D
from .rules import action_token_supply, protection_supply, round_of
from .state import GameState


def _events(state: GameState) -> list[dict]:
    out = []
    for e in state.events:
        if state.config["no_peek"] and e["kind"] == "hull_breach":
            e = {**e, "cards": len(e["cards"])}
        out.append(dict(e))
    return out


def public_view(state: GameState) -> dict:
    """Everything everybody may see."""
    no_peek = state.config["no_peek"]
    pending = None
    if state.pending is not None:
        pending = {k: (list(v) if isinstance(v, list) else v) for k, v in state.pending.items()}
    engine_room = state.pending is not None and state.pending["kind"] == "engine_room"
    ship = []
    for cell, room in enumerate(state.layout):
        entry: dict = {"cell": cell, "room": room, "name_en": D.room_name(room), "name_fr": D.room_name(room, "fr"),
                       "power_en": D.power_text(room), "power_fr": D.power_text(room, "fr")}
        if room != D.CORE:
            entry.update(track=list(D.TRACK[room]), cubes=list(state.cubes[room]), divert_cost=list(D.DIVERT[room]),
                         diverted=room in state.diverted, protection=list(state.protection[room]))
        ship.append(entry)
    return {
        "game": "solar_storm",
        "config": dict(state.config),
        "solo": state.solo,
        "crew": state.crew,  # seats: one per player, 3 crew members in solo
        "turn": state.turn,
        "round": round_of(state),
        "active": state.active,
        "phase": state.phase,
        "actions": state.actions,
        "base_actions": state.base,
        "pending": pending,
        "ship": ship,
        "diverted": list(state.diverted),
        "pawns": list(state.pawns),
        "hands": [list(h) for h in state.hands],
        "tokens": list(state.tokens),
        "offer": list(state.offer),
        "resource_deck": None if no_peek else len(state.resource_deck),
        "damage_deck": None if no_peek else len(state.damage_deck),
        "resource_discard": list(state.resource_discard) if not no_peek or engine_room else None,
        "damage_discard": None if no_peek else list(state.damage_discard),
        "hull_breach": state.hull_breach,
        "supply": {"action_tokens": action_token_supply(state), "protection_tokens": protection_supply(state)},
        "can_undo": state.phase != "over" and state.since_undo_point > 0,
        "events": _events(state),
        "outcome": dict(state.result) if state.result else None,
    }


def view_for(state: GameState, seat: int | None) -> dict:
    """Everything ``seat`` may see (in this open-handed game, the public view plus who is asking);
    ``seat=None`` gives the public view."""
    view = public_view(state)
    if seat is not None:
        view["seat"] = seat
        view["your_turn"] = state.phase != "over" and seat == state.active
    return view
