"""Solar Storm's turn: who acts, what is legal, and applying an action (§ COMMENT JOUER).

A turn is three phases (shared/reference/solar_storm/RULES.md §2-§5):

1. **Actions** (§ PHASE 1 : ACTIONS): 3 actions, plus 1 for each action token spent (SS8);
   move, scavenge, share, repair, activate a room, divert power, restart the core; ``end``
   banks the turn's unused actions as tokens (§ PRENDRE UN JETON D'ACTION). A scavenge roll
   or a room power opens a choice (``state.pending``) that must be settled before anything else.
2. **Collect** (§ PHASE 2 : COLLECTE DES RESSOURCES): one face-up card, or 2 from the deck;
   then the hand limit (7 or more: discard down to 6, SS12).
3. **Damage** (§ PHASE 3 : CARTES DOMMAGES): automatic. The top damage card hits its rooms, a
   protection token soaking up a hit first (SS6, SS7); once no damage card is left, the Hull
   Breach discards 1-3 resource cards on a die roll instead, from the next turn on (SS14).

The game is lost the moment the resource deck is empty (SS13) or a room with no cube left is hit,
and won the moment the core is restarted with the 8 rooms diverted (§ CONDITIONS DE FIN DE
PARTIE). The room powers (§ ACTIONS DES PIÈCES, p. 18) follow rulings SS4-SS9, SS15-SS21, solo
SS23-SS24; undo goes back to the last die roll, draw or peek (SS25).

``apply`` checks everything before it changes anything: an illegal action raises
``IllegalAction`` (or ``NotYourTurn``, ``GameOver``) and leaves the state as it was.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from itertools import permutations
from typing import Any

import i18n
from i18n import N_, _, ngettext

from ..core import GameOver, IllegalAction, NotYourTurn, seeded_random
from . import data as D
from .actions import (
    Action,
    Activate,
    Collect,
    Discard,
    Divert,
    End,
    Exchange,
    Give,
    Move,
    Order,
    Pass,
    Pick,
    Protect,
    Reactivate,
    Repair,
    Scavenge,
    Send,
    Swap,
    Take,
    Token,
    Undo,
)
from .state import GameState

SLOT_WORDS = (N_("top"), N_("middle"), N_("bottom"))


# --------------------------------------------------------------------------- words for messages


# The messages are written in the language in use (i18n.use: the reader's, set by the caller),
# with the rooms' and cards' names of that language (the rulebook's words in French).


def _lang() -> str:
    return "fr" if i18n.language() == "fr" else "en"


def room_name(room: str) -> str:
    return D.room_name(room, _lang())


def card_name(card: str) -> str:
    return D.card_name(card, _lang())


def seat_name(state: GameState, seat: int) -> str:
    return (_("crew member {n}") if state.solo else _("seat {n}")).format(n=seat + 1)


def a_card(card: str) -> str:
    """'a Metal card', 'an Energy card' ('une carte Métal')."""
    name = card_name(card)
    return (_("an {card} card") if name[0] in "AEIOU" else _("a {card} card")).format(card=name)


def _cards_text(cards) -> str:
    return ", ".join(card_name(c) for c in cards) or _("nothing")


def _the(room: str) -> str:
    """'the Bridge' ('la pièce Pont')."""
    return _("the {room}").format(room=room_name(room))


def over_text(state: GameState) -> str:
    """How the finished game ended, in the language in use (the stored result is data)."""
    result = state.result or {}
    turn = result.get("turn", state.turn)
    if result.get("result") == "won":
        return _("won on turn {turn}: the Energy Core restarted").format(turn=turn)
    if result.get("reason") == "room_destroyed" and result.get("room"):
        why = _("{room} was hit with no cube left").format(room=_the(result["room"]))
    elif result.get("reason") == "resource_deck_empty":
        why = _("the resource deck ran out")
    else:
        return str(result.get("text", ""))
    return _("lost on turn {turn}: {why}").format(turn=turn, why=why)


# --------------------------------------------------------------------------- queries


def to_act(state: GameState) -> list[int]:
    """The seats that may act now: the active seat, or nobody once the game is over."""
    return [] if state.phase == "over" else [state.active]


def outcome(state: GameState) -> dict | None:
    """None while the game goes on; else ``{"result": "won"|"lost", "reason", "turn", "round",
    "text", ...}`` (a lost room names ``room``)."""
    return state.result


def round_of(state: GameState) -> int:
    return (max(state.turn, 1) - 1) // state.crew + 1


def is_full(state: GameState, room: str) -> bool:
    return room != D.CORE and all(state.cubes[room])


def empty_slots(state: GameState, room: str) -> list[int]:
    return [i for i, cube in enumerate(state.cubes[room]) if not cube]


def action_token_supply(state: GameState) -> int:
    return D.ACTION_TOKENS - sum(state.tokens)


def protection_supply(state: GameState) -> int:
    return D.PROTECTION_TOKENS - sum(len(v) for v in state.protection.values())


def cell_of(state: GameState, room: str) -> int:
    return state.layout.index(room)


def neighbours(state: GameState, room: str) -> list[str]:
    """The rooms a pawn in ``room`` can move to for 1 action (§ DEPLACEMENT: no diagonals)."""
    return [state.layout[c] for c in D.NEIGHBOURS[cell_of(state, room)]]


def missing_text(state: GameState, room: str) -> str:
    """What a room lacks to be fully repaired: 'a Metal card on its middle slot'."""
    parts = [_("{card} on its {slot} slot").format(card=a_card(D.TRACK[room][i]), slot=_(SLOT_WORDS[i]))
             for i in empty_slots(state, room)]
    return _(" and ").join(parts)


def divert_payment(hand: list[str], cost) -> list[str] | None:
    """The cards that pay a divert cost from ``hand``: exact cards first, Universals for the gaps
    (SS1, SS3); None if the hand cannot pay."""
    have = Counter(hand)
    need = Counter(cost)
    pay: list[str] = []
    gaps = 0
    for card, n in need.items():
        exact = min(n, have[card])
        pay += [card] * exact
        gaps += n - exact
    if gaps > have[D.UNIVERSAL]:
        return None
    return pay + [D.UNIVERSAL] * gaps


def repair_payment(state: GameState, seat: int, room: str, a: Repair) -> str:
    """The card ``a`` pays with in ``room``; raises IllegalAction saying why it cannot."""
    if room == D.CORE:
        raise IllegalAction(_("the Energy Core has no repair track: it cannot be damaged or repaired"), a)
    empty = empty_slots(state, room)
    if not empty:
        raise IllegalAction(_("{room} is fully repaired: it has no empty slot").format(room=_the(room)), a)
    track = D.TRACK[room]
    if room in state.diverted:
        if a.resource not in track:
            raise IllegalAction(_("{room} is diverted: any card of its track ({cards}) repairs the whole track, "
                                  "not {card}").format(room=_the(room), cards=_cards_text(track),
                                                       card=card_name(a.resource)), a)
    elif a.resource not in [track[i] for i in empty]:
        raise IllegalAction(_("{room} has no empty {card} slot: it needs {missing}").format(
            room=_the(room), card=card_name(a.resource), missing=missing_text(state, room)), a)
    hand = state.hand(seat)
    if a.universal:
        if D.UNIVERSAL not in hand:
            raise IllegalAction(_("you hold no Universal card"), a)
        exact = [t for t in (track if room in state.diverted else (a.resource,)) if t in hand]
        if exact:  # SS3: a Universal pays only where no other card can (it can do all they can)
            typed = _("repair {card}").format(card=_typed(exact[0], card_name))
            if a.room:
                typed += " " + _typed(room, room_name)
            raise IllegalAction(_("you hold {card}: it pays first, and the Universal card is kept ({typed})").format(
                card=a_card(exact[0]), typed=typed), a)
        return D.UNIVERSAL
    if a.resource in hand:
        return a.resource
    if D.UNIVERSAL in hand:
        return D.UNIVERSAL
    raise IllegalAction(_("you hold no {card} card (nor a Universal card) to repair {room}").format(
        card=card_name(a.resource), room=_the(room)), a)


def repair_options(state: GameState, seat: int, room: str) -> list[Repair]:
    """The repairs of ``room`` the seat's hand can pay, one per slot type (or track type on a
    diverted room), paid with the exact card when held (SS3)."""
    if room == D.CORE:
        return []
    empty = empty_slots(state, room)
    if not empty:
        return []
    track = D.TRACK[room]
    types = track if room in state.diverted else tuple(track[i] for i in empty)
    hand = state.hand(seat)
    universal = D.UNIVERSAL in hand
    target = None if state.pending is None else room
    out = []
    for t in types:
        if t in hand:
            out.append(Repair(t, target))
        elif universal and (room not in state.diverted or not any(x in hand for x in track)):
            out.append(Repair(t, target, True))
            if room in state.diverted:
                break  # any track type will do with a Universal: one option
    return out


def _crew_moves(state: GameState) -> list[Send]:
    out = []
    for seat, here in enumerate(state.pawns):
        for room in dict.fromkeys(r for s, r in enumerate(state.pawns) if s != seat and r != here):
            out.append(Send(seat, room))
    return out


def _distinct_orders(cards: list[str]) -> list[tuple[str, ...]]:
    return list(dict.fromkeys(permutations(cards)))


def _others(state: GameState, seat: int) -> list[int]:
    return [s for s in range(state.crew) if s != seat]


def _mess_options(state: GameState, seat: int) -> list[Action]:
    mine = list(dict.fromkeys(state.hand(seat)))
    if state.solo:
        return [Exchange(c, slot) for c in mine for slot in range(len(state.offer)) if state.offer[slot] != c]
    out: list[Action] = []
    for other in _others(state, seat):
        theirs = list(dict.fromkeys(state.hand(other)))
        out += [Give(c, other) for c in mine]
        out += [Take(c, other) for c in theirs]
        out += [Swap(g, t, other) for g in mine for t in theirs if g != t]
    return out


def _engine_options(state: GameState, seat: int) -> list[Swap]:
    pile = list(dict.fromkeys(state.resource_discard))
    return [Swap(g, t) for g in dict.fromkeys(state.hand(seat)) for t in pile if g != t]


def _repair_centre_options(state: GameState, seat: int) -> list[Repair]:
    out = []
    for room in D.OUTER:
        if room != "repair_centre":
            out += [Repair(r.resource, room, r.universal) for r in repair_options(state, seat, room)]
    return out


def _protect_options(state: GameState) -> list[Protect]:
    n = min(D.PROTECTION_PER_USE, protection_supply(state))
    if n == 1:
        return [Protect((r,)) for r in D.OUTER]
    return [Protect((a, b)) for i, a in enumerate(D.OUTER) for b in D.OUTER[i:]]


def power_options(state: GameState, seat: int, room: str) -> list[Action]:
    """The choices a room's power opens once activated (Mess Hall, Engine Room, Repair Centre,
    Crew Quarters, Armoury; a peek's orders are listed from the peeked cards)."""
    if room == "mess_hall":
        return _mess_options(state, seat)
    if room == "engine_room":
        return list(_engine_options(state, seat))
    if room == "repair_centre":
        return list(_repair_centre_options(state, seat))
    if room == "crew_quarters":
        return list(_crew_moves(state))
    if room == "armoury":
        return list(_protect_options(state)) if protection_supply(state) else []
    return []


def can_activate(state: GameState, seat: int, room: str) -> bool:
    """Whether the power of ``room`` (fully repaired) has anything to do now."""
    if room == "cargo_hold":
        return bool(state.resource_deck)
    if room == "bridge":
        return bool(state.damage_deck)  # SS15: never the Hull Breach
    return bool(power_options(state, seat, room))


def legal_actions(state: GameState, seat: int) -> list[Action]:
    """Every action ``seat`` may take now, each once (identical cards are one choice; dominated
    payments left out, SS3). Empty when it is not the seat's turn or the game is over."""
    if state.phase == "over" or seat != state.active:
        return []
    out: list[Action] = []
    if state.since_undo_point:
        out.append(Undo())
    pending = state.pending
    if pending is not None:
        kind = pending["kind"]
        if kind == "scavenge":
            out += [Pick("1"), Pick("2"), Pick("deck"), Pass()]
        elif kind in ("cargo_hold", "bridge"):
            out += [Order(o) for o in _distinct_orders(pending["cards"])]
        else:
            out += power_options(state, seat, kind)
        return out
    if state.phase == "collect":
        return out + [Collect("1"), Collect("2"), Collect("deck")]
    if state.phase == "discard":
        return out + [Discard(c) for c in dict.fromkeys(state.hand(seat))]
    # phase 1
    here = state.pawns[seat]
    hand = state.hand(seat)
    if state.actions >= 1:
        out += [Move(r) for r in neighbours(state, here)]
        out.append(Scavenge())
        if state.solo:
            if state.actions >= 2:
                out += [Exchange(c, slot) for c in dict.fromkeys(hand) for slot in range(len(state.offer))
                        if state.offer[slot] != c]
        else:
            for other in _others(state, seat):
                if state.pawns[other] == here:
                    out += [Give(c, other) for c in dict.fromkeys(hand)]
                    out += [Take(c, other) for c in dict.fromkeys(state.hand(other))]
        if here == D.CORE:
            if len(state.diverted) == len(D.OUTER):
                out.append(Reactivate())
        else:
            out += repair_options(state, seat, here)
            if is_full(state, here):
                if here != "medical_bay" and can_activate(state, seat, here):
                    out.append(Activate())
                if here not in state.diverted and divert_payment(hand, D.DIVERT[here]) is not None:
                    out.append(Divert())
    if state.tokens[seat] and state.actions < token_threshold(state):
        out.append(Token())
    out.append(End())
    return out


# --------------------------------------------------------------------------- apply


def apply(state: GameState, seat: int, action: Action) -> None:
    """Apply ``action`` for ``seat``. Raises GameOver, NotYourTurn or IllegalAction (with a
    message for the player) and then leaves the state unchanged."""
    if state.phase == "over":
        raise GameOver(_("the game is over: {how}").format(how=over_text(state)) if state.result
                       else _("the game is over"), action)
    if not isinstance(seat, int) or not 0 <= seat < state.crew:
        raise NotYourTurn(_("there is no seat {seat}").format(seat=seat), seat, action)
    if seat != state.active:
        raise NotYourTurn(_("it is {seat}'s turn, not yours").format(seat=seat_name(state, state.active)), seat, action,
                          state.active)
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise IllegalAction(_("{action} is not a Solar Storm action").format(action=repr(action)[:100]), action)
    if isinstance(action, Undo):
        _undo(state, action)
        return
    events = state.events
    state.events = []
    try:
        revealed = handler(state, seat, action)
    except IllegalAction:
        state.events = events
        raise
    if state.phase == "over":
        return
    if state.phase == "actions" and state.pending is None and state.actions == 0 and not state.tokens[seat]:
        _end_actions(state, seat)  # nothing left to spend: on to phase 2
    if revealed:
        checkpoint(state)
    else:
        state.since_undo_point += 1


def checkpoint(state: GameState) -> None:
    """Make this position the one ``undo`` goes back to (SS25)."""
    state.since_undo_point = 0
    state.undo_point = state.to_json(with_undo=False)


def _undo(state: GameState, action: Action) -> None:
    if not state.since_undo_point or state.undo_point is None:
        raise IllegalAction(_("there is nothing to undo since the last die roll, draw or peek"), action)
    point = state.undo_point
    back = GameState.from_json({**point, "undo_point": point})
    back.events = [{"kind": "undo", "seat": state.active}]
    state.__dict__.update(back.__dict__)


def _need_phase(state: GameState, action: Action, *, pending: str | None = None) -> None:
    if state.pending is not None and state.pending["kind"] != pending:
        raise IllegalAction(_pending_hint(state), action)
    if pending is not None and state.pending is None:
        raise IllegalAction(_phase_hint(state), action)
    if pending is None and state.phase != "actions":
        raise IllegalAction(_phase_hint(state), action)


def _phase_hint(state: GameState) -> str:
    if state.pending is not None:
        return _pending_hint(state)
    if state.phase == "collect":
        return _("your actions are over: collect a resource now (collect 1, collect 2 or collect deck)")
    if state.phase == "discard":
        n = len(state.hand(state.active))
        return ngettext("you hold {n} card: discard down to {limit} (discard CARD)",
                        "you hold {n} cards: discard down to {limit} (discard CARD)", n).format(n=n, limit=D.HAND_LIMIT)
    return _("that is not possible now: it is the actions phase")


def _pending_hint(state: GameState) -> str:
    p = state.pending
    assert p is not None
    kind = p["kind"]
    if kind == "scavenge":
        # the English text is the same for every count (tests pin it); other languages choose
        return ngettext("you rolled a {roll}: take {n} more card(s) first (pick 1, pick 2, pick deck) or pass",
                        "you rolled a {roll}: take {n} more card(s) first (pick 1, pick 2, pick deck) or pass",
                        p["left"]).format(roll=p["roll"], n=p["left"])
    if kind in ("cargo_hold", "bridge"):
        return _("put the peeked cards back first: order {cards} (top first, in any order)").format(
            cards=" ".join(_order_word(c) for c in p["cards"]))
    hints = {"mess_hall": _("give, take or swap a card with another player (give CARD SEAT, take CARD SEAT, "
                            "swap CARD CARD SEAT)"),
             "engine_room": _("swap a card of your hand for one of the discard pile (swap YOURS THEIRS)"),
             "repair_centre": _("repair another room (repair RESOURCE ROOM)"),
             "crew_quarters": _("move a pawn to a room with another pawn in it (send SEAT ROOM)"),
             "armoury": _("place your protection tokens (protect ROOM ROOM)")}
    if kind == "mess_hall" and state.solo:
        return _("finish the Mess Hall first: exchange a card of the hand with a face-up card (exchange CARD 1|2)")
    return _("finish {room} first: {hint}").format(room=_the(kind), hint=hints[kind])


def _order_word(card: str) -> str:
    """A peeked card as the player types it back: a damage card's id, a resource card's word."""
    return card if card in D.DAMAGE else _typed(card, card_name)


def _typed(key: str, name: Callable[[str], str]) -> str:
    """A room or card as a player types it: its id in English, its name in lower case in another
    language (``parse`` reads both)."""
    return key if _lang() == "en" else name(key).lower()


def _pay(state: GameState, action: Action, cost: int = 1) -> None:
    """Check the pool holds ``cost`` actions (raises IllegalAction); nothing is spent yet."""
    if state.actions < cost:
        tokens = state.tokens[state.active]
        text = ngettext("that costs {cost} action(s) and you have {left} left",
                        "that costs {cost} action(s) and you have {left} left", cost).format(cost=cost, left=state.actions)
        if tokens:
            text += " " + _("(spend an action token first: token)")
        raise IllegalAction(text, action)


def _spend(state: GameState, cost: int = 1) -> None:
    state.actions -= cost
    state.base = max(0, state.base - cost)


def _draw(state: GameState) -> str:
    """The top resource card, gone from the deck; the game is lost if that emptied it (SS13)."""
    card = state.resource_deck.pop()
    if not state.resource_deck:
        _lose(state, "resource_deck_empty", "the resource deck ran out")
    return card


def _lose(state: GameState, reason: str, text: str, **extra) -> None:
    if state.phase == "over":
        return
    state.phase = "over"
    state.pending = None
    state.result = {"result": "lost", "reason": reason, "turn": state.turn, "round": round_of(state),
                    "text": f"lost on turn {state.turn}: {text}", **extra}
    state.events.append({"kind": "lost", "reason": reason, **extra})


def _roll(state: GameState) -> int:
    state.rolls += 1
    return seeded_random(state.seed, "die", state.rolls).randint(1, 6)


# --- phase 1


def _move(state: GameState, seat: int, a: Move) -> bool:
    _need_phase(state, a)
    _pay(state, a)
    here = state.pawns[seat]
    if a.room == here:
        raise IllegalAction(_("you are already in {room}").format(room=_the(here)), a)
    if a.room not in neighbours(state, here):
        near = ", ".join(room_name(r) for r in neighbours(state, here))
        raise IllegalAction(_("{room} is not next to {here} (no diagonal moves): you can move to the {near}").format(
            room=_the(a.room), here=_the(here), near=near), a)
    _spend(state)
    state.pawns[seat] = a.room
    state.events.append({"kind": "move", "seat": seat, "room": a.room})
    return False


def _scavenge(state: GameState, seat: int, a: Scavenge) -> bool:
    _need_phase(state, a)
    _pay(state, a)
    _spend(state)
    roll = _roll(state)
    n = D.SCAVENGE_CARDS[roll]
    state.events.append({"kind": "scavenge", "seat": seat, "roll": roll, "cards": n})
    if n:
        state.pending = {"kind": "scavenge", "roll": roll, "left": n}
    return True


def _take_card(state: GameState, seat: int, source: str) -> None:
    """A card from face-up slot "1"/"2" (refilled at once) or the deck top, into the seat's hand."""
    if source == "deck":
        card = _draw(state)
        state.hand(seat).append(card)
        state.events.append({"kind": "draw", "seat": seat, "card": card})
        return
    slot = int(source) - 1
    card = state.offer[slot]
    state.hand(seat).append(card)
    state.offer[slot] = _draw(state)
    state.events.append({"kind": "take_face_up", "seat": seat, "card": card, "refill": state.offer[slot]})


def _scavenged(state: GameState, a: Pick | Pass) -> None:
    if state.pending is None and state.phase == "actions":
        raise IllegalAction(_("there is no scavenged card to take: scavenge first (a 3 to 5 takes 1 card, "
                              "a 6 takes 2)"), a)
    _need_phase(state, a, pending="scavenge")


def _pick(state: GameState, seat: int, a: Pick) -> bool:
    _scavenged(state, a)
    pending = state.pending
    assert pending is not None
    _take_card(state, seat, a.source)
    if state.phase == "over":
        return True
    pending["left"] -= 1
    if not pending["left"]:
        state.pending = None
    return True


def _pass(state: GameState, seat: int, a: Pass) -> bool:
    _scavenged(state, a)
    state.pending = None
    state.events.append({"kind": "pass", "seat": seat})
    return False


def _give_take(state: GameState, seat: int, a: Give | Take) -> bool:
    if state.pending is not None and state.pending["kind"] == "mess_hall":
        return _mess(state, seat, a)
    _need_phase(state, a)
    if state.solo:
        raise IllegalAction(_("in solo the crew shares one hand: exchange a card with a face-up card instead "
                              "(exchange CARD 1|2, 2 actions)"), a)
    _pay(state, a)
    _check_partner(state, seat, a.seat, a)
    if state.pawns[a.seat] != state.pawns[seat]:
        raise IllegalAction(_("{seat} is in {room}, not in your room: you can only share with a player in your "
                              "room (or from the Mess Hall)").format(seat=seat_name(state, a.seat),
                                                                     room=_the(state.pawns[a.seat])), a)
    _check_transfer(state, seat, a)
    _spend(state)
    _transfer(state, seat, a)
    return False


def _check_partner(state: GameState, seat: int, other: int, a: Action) -> None:
    if not 0 <= other < state.crew:
        raise IllegalAction(_("there is no seat {seat}: the seats are 1 to {last}").format(
            seat=other + 1, last=state.crew), a)
    if other == seat:
        raise IllegalAction(_("that is your own seat: name another player"), a)


def _check_transfer(state: GameState, seat: int, a: Give | Take | Swap) -> None:
    assert a.seat is not None
    if isinstance(a, Give | Swap):
        card = a.card if isinstance(a, Give) else a.give
        if card not in state.hand(seat):
            raise IllegalAction(_("you hold no {card} card (you hold {cards})").format(
                card=card_name(card), cards=_cards_text(state.hand(seat))), a)
    if isinstance(a, Take | Swap):
        card = a.card if isinstance(a, Take) else a.take
        if card not in state.hand(a.seat):
            raise IllegalAction(_("{seat} holds no {card} card (they hold {cards})").format(
                seat=seat_name(state, a.seat), card=card_name(card), cards=_cards_text(state.hand(a.seat))), a)


def _transfer(state: GameState, seat: int, a: Give | Take | Swap) -> None:
    assert a.seat is not None
    mine, theirs = state.hand(seat), state.hand(a.seat)
    if isinstance(a, Give):
        mine.remove(a.card)
        theirs.append(a.card)
    elif isinstance(a, Take):
        theirs.remove(a.card)
        mine.append(a.card)
    else:
        mine.remove(a.give)
        theirs.remove(a.take)
        mine.append(a.take)
        theirs.append(a.give)
    state.events.append({"kind": type(a).__name__.lower(), "seat": seat, "with": a.seat, "action": str(a)})


def _exchange(state: GameState, seat: int, a: Exchange) -> bool:
    in_mess = state.pending is not None and state.pending["kind"] == "mess_hall"
    if not in_mess:
        _need_phase(state, a)
    if not state.solo:
        raise IllegalAction(_("exchanging with the face-up cards is the solo rule: give or take a card with a "
                              "player in your room instead"), a)
    if not in_mess:
        _pay(state, a, 2)
    hand = state.hand(seat)
    if a.card not in hand:
        raise IllegalAction(_("the crew holds no {card} card (it holds {cards})").format(
            card=card_name(a.card), cards=_cards_text(hand)), a)
    if not 0 <= a.slot < len(state.offer):
        raise IllegalAction(_("name face-up card 1 or 2"), a)
    if state.offer[a.slot] == a.card:
        raise IllegalAction(_("face-up card {n} is {card} too: nothing would change").format(
            n=a.slot + 1, card=a_card(a.card)), a)
    if not in_mess:
        _spend(state, 2)  # SS23: one action per card moved, as a swap between players
    else:
        state.pending = None
    hand.remove(a.card)
    hand.append(state.offer[a.slot])
    state.events.append({"kind": "exchange", "seat": seat, "gave": a.card, "took": state.offer[a.slot]})
    state.offer[a.slot] = a.card
    return False


def _repair(state: GameState, seat: int, a: Repair) -> bool:
    centre = state.pending is not None and state.pending["kind"] == "repair_centre"
    if centre:
        if a.room is None:
            raise IllegalAction(_("name the room to repair from the Repair Centre: repair RESOURCE ROOM"), a)
        if a.room == "repair_centre":
            raise IllegalAction(_("the Repair Centre repairs another room; repair this one directly"), a)
        room = a.room
    else:
        _need_phase(state, a)
        if a.room is not None and a.room != state.pawns[seat]:
            raise IllegalAction(_("you can only repair the room you are in ({room}); another room is repaired from "
                                  "a working Repair Centre").format(room=_the(state.pawns[seat])), a)
        _pay(state, a)
        room = state.pawns[seat]
    card = repair_payment(state, seat, room, a)
    if centre:
        state.pending = None
    else:
        _spend(state)
    state.hand(seat).remove(card)
    state.resource_discard.append(card)
    cubes = state.cubes[room]
    if room in state.diverted:
        filled = empty_slots(state, room)
        state.cubes[room] = [True, True, True]  # SS4: one card restores a diverted room's whole track
    else:
        slot = next(i for i in empty_slots(state, room) if D.TRACK[room][i] == a.resource)
        cubes[slot] = True
        filled = [slot]
    state.events.append({"kind": "repair", "seat": seat, "room": room, "paid": card, "slots": filled})
    return False


def _activate(state: GameState, seat: int, a: Activate) -> bool:
    _need_phase(state, a)
    room = state.pawns[seat]
    if room == D.CORE:
        raise IllegalAction(_("the Energy Core is restarted with 'reactivate', once the 8 other rooms are diverted"), a)
    if room == "medical_bay":
        raise IllegalAction(_("the Medical Bay needs no action: it gives 2 action tokens by itself when your turn "
                              "starts here with the room fully repaired"), a)
    _pay(state, a)
    if not is_full(state, room):
        raise IllegalAction(_not_repaired(state, room), a)
    if not can_activate(state, seat, room):
        raise IllegalAction(_no_power_reason(state, seat, room), a)
    _spend(state)
    state.events.append({"kind": "activate", "seat": seat, "room": room})
    if room in ("cargo_hold", "bridge"):
        deck = state.resource_deck if room == "cargo_hold" else state.damage_deck
        n = min(D.CARGO_PEEK if room == "cargo_hold" else D.BRIDGE_PEEK, len(deck))
        state.pending = {"kind": room, "cards": deck[-n:][::-1]}  # top first
        state.events.append({"kind": "peek", "seat": seat, "room": room, "cards": list(state.pending["cards"])})
        return True  # a peek: undo stops here (SS25)
    state.pending = {"kind": room}
    if room == "armoury":
        state.pending["tokens"] = min(D.PROTECTION_PER_USE, protection_supply(state))
    return False


def _not_repaired(state: GameState, room: str) -> str:
    return _("{room} is not fully repaired: it needs {missing}").format(room=_the(room),
                                                                       missing=missing_text(state, room))


_NO_POWER = {
    "mess_hall": N_("nobody holds a card to give or take"),
    "engine_room": N_("the Engine Room needs a card in your hand and a different card in the discard pile"),
    "repair_centre": N_("no other room has an empty slot that your cards can repair"),
    "crew_quarters": N_("every pawn is in the same room: no pawn can join another"),
    "armoury": N_("all 4 protection tokens are already on the ship"),
    "cargo_hold": N_("the resource deck is empty"),
    "bridge": N_("no damage card is left above the Hull Breach (SS15)"),
}


def _no_power_reason(state: GameState, seat: int, room: str) -> str:
    if room == "mess_hall" and state.solo:
        return _("no exchange with the face-up cards would change anything")
    return _(_NO_POWER[room])


def _power_choice(state: GameState, seat: int, a: Action, kind: str) -> None:
    if state.pending is None or state.pending["kind"] != kind:
        if state.pending is not None:
            raise IllegalAction(_pending_hint(state), a)
        raise IllegalAction(_("activate {room} first (stand in it, fully repaired)").format(room=_the(kind)), a)


def _mess(state: GameState, seat: int, a: Give | Take | Swap) -> bool:
    if state.solo:
        raise IllegalAction(_pending_hint(state), a)
    assert a.seat is not None
    _check_partner(state, seat, a.seat, a)
    _check_transfer(state, seat, a)
    if isinstance(a, Swap) and a.give == a.take:
        raise IllegalAction(_("that swaps {give} for {take}: nothing would change").format(
            give=a_card(a.give), take=a_card(a.take)), a)
    state.pending = None
    _transfer(state, seat, a)
    return False


def _swap(state: GameState, seat: int, a: Swap) -> bool:
    if a.seat is not None:
        _power_choice(state, seat, a, "mess_hall")
        return _mess(state, seat, a)
    _power_choice(state, seat, a, "engine_room")
    hand = state.hand(seat)
    if a.give not in hand:
        raise IllegalAction(_("you hold no {card} card (you hold {cards})").format(
            card=card_name(a.give), cards=_cards_text(hand)), a)
    if a.take not in state.resource_discard:
        raise IllegalAction(_("the discard pile has no {card} card").format(card=card_name(a.take)), a)
    if a.give == a.take:
        raise IllegalAction(_("that swaps {give} for {take}: nothing would change").format(
            give=a_card(a.give), take=a_card(a.take)), a)
    state.pending = None
    hand.remove(a.give)
    pile = state.resource_discard
    del pile[len(pile) - 1 - pile[::-1].index(a.take)]  # the topmost card of that kind
    hand.append(a.take)
    pile.append(a.give)
    state.events.append({"kind": "swap_discard", "seat": seat, "gave": a.give, "took": a.take})
    return False


def _send(state: GameState, seat: int, a: Send) -> bool:
    _power_choice(state, seat, a, "crew_quarters")
    if not 0 <= a.seat < state.crew:
        raise IllegalAction(_("there is no seat {seat}: the seats are 1 to {last}").format(
            seat=a.seat + 1, last=state.crew), a)
    if state.pawns[a.seat] == a.room:
        raise IllegalAction(_("that pawn is already in {room}").format(room=_the(a.room)), a)
    if not any(r == a.room for s, r in enumerate(state.pawns) if s != a.seat):
        raise IllegalAction(_("no other pawn is in {room}: the Crew Quarters send a pawn to a room that already "
                              "holds one").format(room=_the(a.room)), a)
    state.pending = None
    state.pawns[a.seat] = a.room
    state.events.append({"kind": "send", "seat": seat, "pawn": a.seat, "room": a.room})
    return False


def _protect(state: GameState, seat: int, a: Protect) -> bool:
    _power_choice(state, seat, a, "armoury")
    pending = state.pending
    assert pending is not None
    n = pending["tokens"]
    if len(a.rooms) != n:
        raise IllegalAction(ngettext("place {n} protection token(s): protect ROOM",
                                     "place {n} protection token(s): protect ROOM ROOM", n).format(n=n), a)
    if D.CORE in a.rooms:
        raise IllegalAction(_("the Energy Core is never damaged: protect other rooms"), a)
    state.pending = None
    for room in a.rooms:
        state.protection[room].append(seat)
    state.events.append({"kind": "protect", "seat": seat, "rooms": list(a.rooms)})
    return False


def _order(state: GameState, seat: int, a: Order) -> bool:
    pending = state.pending
    if pending is None or pending["kind"] not in ("cargo_hold", "bridge"):
        if pending is not None:
            raise IllegalAction(_pending_hint(state), a)
        raise IllegalAction(_("there are no peeked cards to put back: activate the Cargo Hold or the Bridge first"), a)
    cards = pending["cards"]
    if Counter(a.cards) != Counter(cards):
        raise IllegalAction(_("put back exactly the peeked cards, top first, in any order: {cards}").format(
            cards=" ".join(_order_word(c) for c in cards)), a)
    deck = state.resource_deck if pending["kind"] == "cargo_hold" else state.damage_deck
    deck[len(deck) - len(cards):] = list(a.cards)[::-1]
    state.pending = None
    state.events.append({"kind": "order", "seat": seat, "room": pending["kind"], "cards": list(a.cards)})
    return False


def _divert(state: GameState, seat: int, a: Divert) -> bool:
    _need_phase(state, a)
    room = state.pawns[seat]
    if room == D.CORE:
        raise IllegalAction(_("the Energy Core is not diverted: it is restarted with 'reactivate' once the 8 other "
                              "rooms are diverted"), a)
    _pay(state, a)
    if room in state.diverted:
        raise IllegalAction(_("{room} is already diverted").format(room=_the(room)), a)
    if not is_full(state, room):
        raise IllegalAction(_not_repaired(state, room), a)
    hand = state.hand(seat)
    pay = divert_payment(hand, D.DIVERT[room])
    if pay is None:
        raise IllegalAction(_("diverting {room} takes {cost} all at once (Universal cards fill gaps); you hold "
                              "{cards}").format(room=_the(room), cost=_cards_text(D.DIVERT[room]),
                                                cards=_cards_text(hand)), a)
    _spend(state)
    for card in pay:
        hand.remove(card)
        state.resource_discard.append(card)
    state.diverted.append(room)
    state.events.append({"kind": "divert", "seat": seat, "room": room, "paid": pay})
    return False


def _reactivate(state: GameState, seat: int, a: Reactivate) -> bool:
    _need_phase(state, a)
    if state.pawns[seat] != D.CORE:
        raise IllegalAction(_("the core is restarted from the Energy Core: go there first"), a)
    left = [r for r in D.OUTER if r not in state.diverted]
    if left:
        raise IllegalAction(_("the core restarts only once the 8 rooms are diverted; still to divert: {rooms}").format(
            rooms=", ".join(room_name(r) for r in left)), a)
    _pay(state, a)
    _spend(state)
    state.phase = "over"
    state.result = {"result": "won", "reason": "core_restarted", "turn": state.turn, "round": round_of(state),
                    "text": f"won on turn {state.turn}: the Energy Core restarted"}
    state.events.append({"kind": "won", "seat": seat})
    return False


def token_threshold(state: GameState) -> int:
    """A token is spent when the pool holds fewer actions than this: when it is empty (solo: when
    less than the 2 actions an exchange costs is left). Spent earlier it would only turn one of the
    turn's own actions, which ``end`` banks, into one that is not banked (SS8)."""
    return 2 if state.solo else 1


def _token(state: GameState, seat: int, a: Token) -> bool:
    _need_phase(state, a)
    if not state.tokens[seat]:
        raise IllegalAction(_("you hold no action token"), a)
    if state.actions >= token_threshold(state):
        raise IllegalAction(ngettext(
            "you still have {n} action(s): spend a token once they run out (it gives nothing more now, and unused "
            "actions become tokens when you end)",
            "you still have {n} action(s): spend a token once they run out (it gives nothing more now, and unused "
            "actions become tokens when you end)", state.actions).format(n=state.actions), a)
    state.tokens[seat] -= 1
    state.actions += 1
    state.events.append({"kind": "token", "seat": seat})
    return False


def _end(state: GameState, seat: int, a: End) -> bool:
    _need_phase(state, a)
    _end_actions(state, seat)
    return False


def _end_actions(state: GameState, seat: int) -> None:
    """§ PRENDRE UN JETON D'ACTION: one token per unused action of the turn's 3, as the supply allows."""
    bank = min(state.base, action_token_supply(state))
    state.tokens[seat] += bank
    state.events.append({"kind": "end_actions", "seat": seat, "banked": bank})
    state.actions = state.base = 0
    state.phase = "collect"


# --- phase 2


def _collect(state: GameState, seat: int, a: Collect) -> bool:
    if state.phase != "collect" or state.pending is not None:
        raise IllegalAction(_phase_hint(state) if state.phase != "actions" else
                            _("collect after your actions: end them first (end)"), a)
    if a.source == "deck":
        for _draw_no in range(2):
            card = _draw(state)
            state.hand(seat).append(card)
            state.events.append({"kind": "draw", "seat": seat, "card": card})
            if state.phase == "over":
                return True
    else:
        _take_card(state, seat, a.source)
        if state.phase == "over":
            return True
    _after_collect(state, seat)
    return True


def _after_collect(state: GameState, seat: int) -> None:
    if len(state.hand(seat)) > D.HAND_LIMIT:
        state.phase = "discard"
    else:
        _finish_turn(state)


def _discard(state: GameState, seat: int, a: Discard) -> bool:
    if state.phase != "discard":
        raise IllegalAction(_phase_hint(state) if state.phase != "actions" else
                            _("you discard only when you hold more than {limit} cards after collecting").format(
                                limit=D.HAND_LIMIT), a)
    hand = state.hand(seat)
    if a.card not in hand:
        raise IllegalAction(_("you hold no {card} card (you hold {cards})").format(
            card=card_name(a.card), cards=_cards_text(hand)), a)
    hand.remove(a.card)
    state.resource_discard.append(a.card)
    state.events.append({"kind": "discard", "seat": seat, "card": a.card})
    if len(hand) <= D.HAND_LIMIT:
        _finish_turn(state)
        return True
    return False


# --- phase 3 and the next turn


def damage_room(state: GameState, room: str) -> None:
    """One damage to ``room``: its oldest protection token goes instead, else its highest cube
    (SS6, SS7); with neither left, the game is lost."""
    tokens = state.protection[room]
    if tokens:
        owner = tokens.pop(0)
        state.events.append({"kind": "protected", "room": room, "owner": owner})
        return
    cubes = state.cubes[room]
    for i, cube in enumerate(cubes):
        if cube:
            cubes[i] = False
            state.events.append({"kind": "damage", "room": room, "slot": i})
            return
    _lose(state, "room_destroyed", f"the {room_name(room)} was hit with no cube left", room=room)


def damage_phase(state: GameState) -> None:
    """§ PHASE 3: the top damage card, or the Hull Breach's roll once no damage card is left (SS14)."""
    if state.hull_breach:
        roll = _roll(state)
        n = D.HULL_BREACH_DISCARDS[roll]
        lost = []
        for _card_no in range(n):
            card = _draw(state)
            state.resource_discard.append(card)
            lost.append(card)
            if state.phase == "over":
                break
        state.events.append({"kind": "hull_breach", "roll": roll, "cards": lost})
        return
    if not state.damage_deck:  # a laid-out position may start with no damage card left
        state.hull_breach = True
        damage_phase(state)
        return
    card = state.damage_deck.pop()
    state.damage_discard.append(card)
    state.events.append({"kind": "damage_card", "card": card, "rooms": list(D.DAMAGE[card])})
    for room in D.DAMAGE[card]:
        damage_room(state, room)
        if state.phase == "over":
            return
    if not state.damage_deck:
        state.hull_breach = True
        state.events.append({"kind": "hull_breach_revealed"})


def _finish_turn(state: GameState) -> None:
    damage_phase(state)
    if state.phase != "over":
        start_turn(state, (state.active + 1) % state.crew)


def start_turn(state: GameState, seat: int) -> None:
    """Open ``seat``'s turn: its protection tokens come back (SS7), the Medical Bay gives its
    tokens (SS9), 3 actions; the undo point is set here."""
    state.active = seat
    state.turn += 1
    state.phase = "actions"
    state.pending = None
    for room, owners in state.protection.items():
        if seat in owners:
            state.protection[room] = [o for o in owners if o != seat]
            state.events.append({"kind": "protection_back", "seat": seat, "room": room})
    if state.pawns[seat] == "medical_bay" and is_full(state, "medical_bay"):
        gain = min(D.MEDICAL_TOKENS, action_token_supply(state))
        state.tokens[seat] += gain
        state.events.append({"kind": "medical_bay", "seat": seat, "tokens": gain})
    state.actions = state.base = D.ACTIONS_PER_TURN
    state.events.append({"kind": "turn", "seat": seat, "turn": state.turn})
    checkpoint(state)


_HANDLERS: dict[type, Callable[[GameState, int, Any], bool]] = {Move: _move, Scavenge: _scavenge, Pick: _pick, Pass: _pass, Give: _give_take, Take: _give_take,
             Exchange: _exchange, Repair: _repair, Activate: _activate, Swap: _swap, Send: _send,
             Protect: _protect, Order: _order, Divert: _divert, Reactivate: _reactivate, Token: _token, End: _end,
             Collect: _collect, Discard: _discard, Undo: lambda state, seat, a: False}  # undo: see apply
