"""What one seat may see (``view_for``) and what everybody may see (``public_view``).

Hidden from a seat: the order of the station stacks below their top tiles (a player who has
picked also sees the tile now on top of their own stack, R5), the civ piles (counts only,
except the pile the seat is choosing from right now), the cards left in the box, the seed,
the order and colours of the event cards still to come (a seat that peeked sees the next one),
every other player's private objectives and end-game civ cards, and every other player's
unconfirmed turn: until the round's turns are all confirmed, another seat's planet and
corporation are shown as they were at the start of the round.

A seat's own part also carries its turn bookkeeping (tiles placed this round, whether the tile
in hand advances trackers, the next pending item number): nothing secret, and enough for the
autopilot (engine/autopilot.py) to rebuild a playable state from the view alone.

A view is plain JSON-ready data (lists and dicts), the input of the renderer and the text
shown in Discord, so nothing hidden can leak through them.
"""
from __future__ import annotations

from . import data as D
from . import events as E
from .items import describe_item, item_values
from .placement import planet_rule_lifted
from .state import GameState
from .station import seat_depot


def _stacks(state: GameState) -> dict:
    return {k: [{"top": pile[-1] if pile else None, "count": len(pile)} for pile in state.station[k]]
            for k in ("small", "large")}


def _corp(corp: dict, full: bool) -> dict:
    out = {k: corp[k] for k in ("corp", "trackers", "rover_supply", "lifepods", "meteorites", "stored_patches")}
    # corporation board pieces (engine/corporations/); keys starting with _ are the owner's only
    out["special"] = {k: v for k, v in corp.get("special", {}).items() if full or not k.startswith("_")}
    immediate = [c for c in corp["civ_cards"] if D.civ_card(c).timing == "immediate"]
    out["civ_cards"] = corp["civ_cards"] if full else immediate
    out["hidden_civ_cards"] = 0 if full else len(corp["civ_cards"]) - len(immediate)
    out["objectives"] = corp["objectives"] if full else []
    out["hidden_objectives"] = 0 if full else len(corp["objectives"])
    out["objective_offer"] = corp["objective_offer"] if full else []
    return out


def _seat(state: GameState, index: int, viewer: int | None) -> dict:
    s = state.seats[index]
    mine = index == viewer
    snapshot = s.snapshot if state.phase == "turns" else None
    if mine or snapshot is None:
        board, corp = s.board.to_json(), s.corp.to_json()
    else:
        board, corp = snapshot["board"], snapshot["corp"]
    out = {"seat": index, "board": board, "corp": _corp(corp, mine),
           "step": s.step if (mine or state.phase != "turns") else ("done" if s.step == "done" else "playing"),
           "depot": seat_depot(state, index)}
    if mine:
        out.update(hand=s.hand, hand_advances=s.hand_advances, pool=s.pool, unplaced=s.unplaced,
                   pending=[{**item, "text": describe_item(item), "values": item_values(state, index, item)}
                            for item in s.pending],
                   civ_queue=list(s.civ_queue), round_tiles=list(s.round_tiles), next_item=s.next_item,
                   planet_rule_lifted=planet_rule_lifted(state, index))  # R7: tell the player
    return out


def view_for(state: GameState, seat: int | None) -> dict:
    """Everything ``seat`` may see. ``seat=None`` gives the public view (channel images)."""
    stacks = _stacks(state)
    if state.phase == "turns":
        # other seats' tiles taken this round are not shown as gone until the round resolves
        for i, s in enumerate(state.seats):
            if i != seat and s.taken is not None:
                stack, slot, tile_id = s.taken
                entry = stacks[stack][slot]
                entry["count"] += 1
                entry["top"] = tile_id
    piles: dict[str, dict[str, object]] = {rank: {"count": len(cards)} for rank, cards in state.civ_piles.items()}
    if seat is not None and state.active == seat:
        for item in state.seats[seat].pending:
            if item["kind"] == "civ":
                piles[str(item["rank"])]["cards"] = list(state.civ_piles[str(item["rank"])])
    seats = [_seat(state, i, seat) for i in range(state.players)]
    return {
        "viewer": seat,
        "players": state.players,
        "round": state.round,
        "phase": state.phase,
        "commander": state.commander,
        "active": state.active,
        "station": {"offset": state.station["offset"], "rotation": state.station["rotation"], **stacks},
        "civ_piles": piles,
        "neighbour_objectives": list(state.neighbour_objectives),
        "table_objectives": [s["corp"]["special"]["table_objective"] for s in seats
                             if s["corp"]["special"].get("table_objective")],
        "seats": seats,
        "ending": list(state.ending),
        "result": state.result,
        "config": {k: v for k, v in state.config.items()},
        "events": E.public(state, seat),  # this round's card, cards left, colours played
        "solo": E.solo_view(state),  # solo score target, shown from the start
    }


def public_view(state: GameState) -> dict:
    return view_for(state, None)
