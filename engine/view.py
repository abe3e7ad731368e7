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
computer players (autopilot/) to rebuild a playable state from the view alone
(``state_from_view``, the inverse of ``view_for`` for the seat: viewing the rebuilt state
gives the same view back).

A view is plain JSON-ready data (lists and dicts), the input of the renderer and the text
shown in Discord, so nothing hidden can leak through them.
"""
from __future__ import annotations

from . import data as D
from . import events as E
from .board import Board
from .items import describe_item, item_values
from .placement import planet_rule_lifted
from .scoring import score
from .state import Corp, GameState, Seat, copy
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


def score_for(state: GameState, seat: int | None) -> dict:
    """The score breakdown as ``seat`` may see it (None: an onlooker): scored on the state
    rebuilt from ``view_for(state, seat)``, so what the view hides (other players' private
    objectives, end-game civ cards and unconfirmed turns) cannot change it. Once the game is
    over every card counts, as on the final score sheet."""
    if state.phase == "over":
        return score(state)
    return score(_rebuild(view_for(state, seat), stand_ins=False))


def state_from_view(view: dict) -> GameState:
    """A playable state holding only what ``view`` shows: unseen stack tiles are stand-ins (the
    visible top tile repeated), unseen civ cards are stand-ins (the lowest card of the pile's
    rank; a pile the seat is choosing from is shown, so it is real), other players' hidden
    private objectives and end-game civ cards are stand-ins (the first objective card the seat
    has not seen, the lowest end-game civ card), the objective deck is every card the seat has
    not seen (in card order), unseen event cards are stand-ins, other seats are as the view
    shows them, and the seed and the box are absent. The viewing seat's legal actions (undo
    aside) are the same as in the real state, and ``view_for(state_from_view(view), seat)``
    is ``view`` again. Raises ValueError for the public view (there is no seat to play)."""
    if view["viewer"] is None:
        raise ValueError("a seat's state is rebuilt from view_for(state, seat), not the public view")
    return _rebuild(view, stand_ins=True)


def _rebuild(view: dict, stand_ins: bool) -> GameState:
    """state_from_view for any view, the public one included (every seat as others see it);
    without ``stand_ins`` the cards a seat may not see are simply left out (for scoring)."""
    me = view["viewer"]
    seen = set(view["neighbour_objectives"]) | set(view.get("table_objectives", []))
    for sv in view["seats"]:
        seen |= set(sv["corp"]["objectives"]) | set(sv["corp"]["objective_offer"])
    unseen_objectives = sorted(set(D.objective_cards()) - seen)  # stand-ins for the deck (Jump Drive draws)
    end_game = min((c.id for c in D.civ_cards().values() if c.timing != "immediate"), default=None)
    seats = []
    for sv in view["seats"]:
        cv = {k: copy(v) for k, v in sv["corp"].items()}
        if stand_ins and sv["seat"] != me:
            cv["objectives"] += unseen_objectives[:1] * cv["hidden_objectives"]
            cv["civ_cards"] += [end_game] * cv["hidden_civ_cards"]
        corp = Corp.from_json(cv)
        board = Board.from_json(sv["board"])
        if sv["seat"] == me:
            pending = [{k: copy(v) for k, v in item.items() if k not in ("text", "values")} for item in sv["pending"]]
            seat = Seat(board, corp, sv["step"], sv["hand"], sv["hand_advances"], None, sv["unplaced"], pending,
                        sv["pool"], sv["next_item"], list(sv["round_tiles"]), list(sv["civ_queue"]), None)
        else:
            seat = Seat(board, corp, "wait" if sv["step"] == "playing" else sv["step"])
        seats.append(seat)
    st = view["station"]
    station = {"offset": st["offset"], "rotation": st["rotation"]}
    for kind in ("small", "large"):
        station[kind] = [[e["top"]] * e["count"] if e["count"] and e["top"] is not None else [] for e in st[kind]]
    piles = {rank: list(p.get("cards", [])) for rank, p in view["civ_piles"].items()}
    for item in view["seats"][me]["pending"] if me is not None else ():  # civ cards the seat is shown as values
        if item["kind"] in ("civ", "keep_civ"):  # of its own items (Republic: a card of the next rank; cards kept)
            for value in item.get("values", []):
                card = D.civ_card(int(value))
                if card.id not in piles.setdefault(str(card.rank), []):
                    piles[str(card.rank)].append(card.id)
                    piles[str(card.rank)].sort()
    if stand_ins:  # the cards left in a pile the seat does not see: the rank's lowest card, repeated
        for rank, p in view["civ_piles"].items():
            missing = p["count"] - len(piles[rank])
            if missing > 0:
                lowest = min(c.id for c in D.civ_cards().values() if str(c.rank) == rank)
                piles[rank] = sorted(piles[rank] + [lowest] * missing)
    extra = {}
    if view.get("events"):
        extra["events"] = _events_from_view(view["events"], me, view["round"])
    return GameState(config=copy(view["config"]), seed=0, seats=seats, station=station, civ_piles=piles, civ_box=[],
                     neighbour_objectives=list(view["neighbour_objectives"]), objective_deck=unseen_objectives,
                     round=view["round"], phase=view["phase"], commander=view["commander"], active=view["active"],
                     ending=list(view["ending"]), result=copy(view["result"]), extra=extra)


def _events_from_view(ev: dict, me: int, round_: int) -> dict:
    """The event module's state as far as a seat sees it: this round's card, the cards played,
    how many are left (stand-ins: the unseen order is not there) and a card it peeked at."""
    current = ev["current"]["id"] if ev.get("current") else None
    stand_in = current or (ev["revealed"][-1] if ev["revealed"] else min(E.cards()))
    deck = [stand_in] * ev["remaining"]
    peeks = {}
    if ev.get("peek") and deck:
        deck[0] = ev["peek"]["id"]
        peeks[str(me)] = ev["peek"]["id"]
    return {"deck": deck, "revealed": list(ev["revealed"]), "current": current,
            "round": round_ if current is not None else -1, "peeks": peeks}
