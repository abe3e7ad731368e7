"""Choosing a crew-mate's action at a level, the hint, and whole computer games.

``choose(state, seat, level, budget_s=..., memory=...)`` is what the game service calls for a
computer seat (bot seats, seats handed over by the turn timer or away mode, the console's
``--bots``); ``hint(state, seat)`` is ``/storm hint``: what the hard level would do with the
seat's turn now, one (action, reason) per action, up to the first thing only the dice or a deck
can tell. Both start from ``view_for(state, seat)`` and never read the state's hidden parts.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from engine.solar_storm import (
    GameState,
    NotYourTurn,
    apply,
    legal_actions,
    make_config,
    new_game,
    to_act,
    view_for,
)
from engine.solar_storm import data as D
from engine.solar_storm.actions import (
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

from .hard import choose_clairvoyant, choose_hard, view_seed
from .policy import distance, hit_chances, ranked, room_needs
from .world import Memory, canonical_world, memory_from_view

LEVELS = ("easy", "normal", "hard")
DEFAULT_LEVEL = "normal"
EASY_SLIP = 0.3  # how often the easy level takes one of the heuristic's next best options
EASY_WINDOW = 60.0  # ... among those worth at most this much less than the best


def level_name(level: str) -> str:
    """The level ``level`` names. Raises ValueError for an unknown one."""
    if level not in LEVELS:
        raise ValueError(f"unknown crew-mate level {level!r}; choose one of {', '.join(LEVELS)}")
    return level


def _easy(view: dict, memory: Memory) -> Action:
    canon = canonical_world(view, memory)
    seat = view["seat"]
    # a new player: looks only at the next damage card, not at what a peek showed further down
    scored = ranked(canon, seat, list(memory.damage_top[:1]), [], beam=0)
    rng = random.Random(view_seed(view) ^ 0x5EA5)
    if len(scored) > 1 and rng.random() < EASY_SLIP:
        near = [a for v, a in scored[1:4] if v >= scored[0][0] - EASY_WINDOW]
        if near:
            return rng.choice(near)
    return scored[0][1]


def choose(state: GameState, seat: int, level: str = DEFAULT_LEVEL, *, budget_s: float | None = None,
           memory: Memory | None = None) -> Action:
    """The crew-mate's next action for ``seat``: always one of ``legal_actions(state, seat)``,
    never undo. ``memory``: what earlier peeks showed (``world.Memory``, kept by the caller);
    without it, what the current view shows. ``budget_s``: the hard level's CPU budget per turn.
    Raises NotYourTurn when the seat has nothing to decide, ValueError for an unknown level."""
    level = level_name(level)
    legal = [a for a in legal_actions(state, seat) if not isinstance(a, Undo)]
    if not legal:
        raise NotYourTurn("the crew-mate has nothing to decide for this seat right now", seat)
    view = view_for(state, seat)  # every level decides from the seat's view alone
    mem = memory if memory is not None else memory_from_view(view)
    if level == "easy":
        action = _easy(view, mem)
    elif level == "hard":
        action = choose_hard(view, mem, budget_s)
    else:
        canon = canonical_world(view, mem)
        action = ranked(canon, seat, list(mem.damage_top), list(mem.resource_top))[0][1]
    return action if action in legal else legal[0]


# --------------------------------------------------------------------------- hints


@dataclass(frozen=True)
class Reason:
    """Why an action: ``key`` names the sentence and ``args`` fill it (for the i18n catalogue);
    ``text`` is the English sentence."""
    key: str
    args: dict = field(default_factory=dict)
    text: str = ""

    def __str__(self) -> str:
        return self.text


def _name(room: str) -> str:
    return D.room_name(room)


def _threat(state: GameState, known: list[str], room: str) -> int:
    """How many of the known next damage cards hit ``room`` in a row from the top (0 if the next
    does not)."""
    n = 0
    for card in known:
        if room in D.DAMAGE[card]:
            n += 1
        else:
            break
    return n


def _risk(state: GameState, known: list[str], room: str) -> float:
    chances = hit_chances(state, known, state.crew)
    return sum(c.get(room, 0.0) for c in chances)


def explain(state: GameState, seat: int, action: Action, known: list[str]) -> Reason:
    """A short reason for ``action`` in ``state``, from what the crew can know only."""
    here = state.pawns[seat]
    if isinstance(action, Reactivate):
        return Reason("reactivate", {}, "restart the core: the crew wins")
    if isinstance(action, Divert):
        n = len(state.diverted) + 1
        return Reason("divert", {"room": here, "n": n}, f"divert the {_name(here)}: {n} of 8 rooms diverted")
    if isinstance(action, Repair):
        room = action.room or here
        slot = action.resource
        hits = _threat(state, known, room)
        cubes = sum(state.cubes[room])
        what = (f"repair the {_name(room)}'s {D.card_name(slot)} slot" if room not in state.diverted
                else f"restore the {_name(room)}'s whole track")
        if hits >= 2:
            return Reason("repair_threat", {"room": room, "slot": slot, "hits": hits},
                          f"{what}: the next {hits} damage cards hit it")
        if hits == 1:
            return Reason("repair_next", {"room": room, "slot": slot}, f"{what}: the next damage card hits it")
        if cubes <= 1 and _risk(state, known, room) > 0.2:
            return Reason("repair_risk", {"room": room, "slot": slot, "cubes": cubes},
                          f"{what}: {cubes} cube(s) left and the round's damage may hit it")
        return Reason("repair_divert", {"room": room, "slot": slot}, f"{what}: it must be whole to be diverted")
    if isinstance(action, Move):
        target = _target(state, seat)
        if target is not None and distance(state.layout, action.room, target) < distance(state.layout, here, target):
            return Reason("move_to", {"room": action.room, "target": target},
                          f"move to the {_name(action.room)}: on the way to the {_name(target)}")
        return Reason("move", {"room": action.room}, f"move to the {_name(action.room)}: the work is there")
    if isinstance(action, Activate):
        texts = {"bridge": "look at the next damage cards and put the worst last",
                 "cargo_hold": "look at the next resource cards and put the needed ones on top",
                 "armoury": "protect the rooms the damage threatens most",
                 "repair_centre": "repair another room from here",
                 "mess_hall": "trade a card with a crew-mate anywhere",
                 "engine_room": "take a needed card back from the discard pile",
                 "crew_quarters": "send a pawn where the work is"}
        return Reason("activate_" + here, {"room": here}, f"activate the {_name(here)}: {texts.get(here, '')}")
    if isinstance(action, Protect):
        rooms = " and ".join(f"the {_name(r)}" for r in dict.fromkeys(action.rooms))
        return Reason("protect", {"rooms": list(action.rooms)}, f"protect {rooms}: the damage to come threatens them")
    if isinstance(action, Order):
        if action.cards and action.cards[0] in D.DAMAGE:
            return Reason("order_damage", {"cards": list(action.cards)},
                          "put the damage cards back with the least harmful first")
        return Reason("order_resources", {"cards": list(action.cards)},
                      "put the resource cards back with those the crew needs on top")
    if isinstance(action, Give | Take | Swap) and action.seat is not None:
        return Reason("share", {"seat": action.seat}, f"share cards with seat {action.seat + 1}: "
                      "so that one of you holds a room's divert cost")
    if isinstance(action, Swap):
        return Reason("engine_room", {"give": action.give, "take": action.take},
                      f"swap {D.card_name(action.give)} for {D.card_name(action.take)} from the discard pile: "
                      "the crew needs it more")
    if isinstance(action, Exchange):
        return Reason("exchange", {"card": action.card}, f"exchange {D.card_name(action.card)} with a face-up card: "
                      "the crew needs that one more")
    if isinstance(action, Send):
        return Reason("send", {"room": action.room}, f"send a pawn to the {_name(action.room)}: the work is there")
    if isinstance(action, Scavenge):
        return Reason("scavenge", {}, "scavenge: the crew needs cards and has actions to spare")
    if isinstance(action, Pick | Collect):
        src = action.source
        if src == "deck":
            return Reason("draw", {}, "take from the deck: neither face-up card is needed")
        card = state.offer[int(src) - 1]
        return Reason("take", {"card": card}, f"take the face-up {D.card_name(card)}: the crew needs it "
                      "(and it costs the deck one card, not two)")
    if isinstance(action, Pass):
        return Reason("pass", {}, "take nothing: the resource deck is the clock")
    if isinstance(action, Discard):
        return Reason("discard", {"card": action.card}, f"discard {D.card_name(action.card)}: the crew needs it least")
    if isinstance(action, Token):
        return Reason("token", {}, "spend an action token: one more useful action")
    if isinstance(action, End):
        banked = min(state.base, 8 - sum(state.tokens))
        return Reason("end", {"banked": banked}, f"end your actions: bank {banked} action token(s) for later"
                      if banked else "end your actions: nothing more is worth an action")
    return Reason("other", {}, str(action))


def _target(state: GameState, seat: int) -> str | None:
    """The room the seat's plan heads for: the one not diverted it lacks fewest cards for, nearest."""
    from collections import Counter
    hand = Counter(state.hand(seat))
    rooms = [r for r in D.OUTER if r not in state.diverted]
    if not rooms:
        return D.CORE

    def key(r: str) -> tuple:
        need = room_needs(state, r)
        gaps = sum(max(0, n - hand[c]) for c, n in Counter(need).items())
        return (max(0, gaps - hand[D.UNIVERSAL]), distance(state.layout, state.pawns[seat], r), r)
    return min(rooms, key=key)


_REVEALS = (Scavenge, Collect, Pick)


def hint(state: GameState, seat: int, *, budget_s: float | None = None, memory: Memory | None = None,
         level: str = "hard") -> list[tuple[Action, Reason]]:
    """What ``level`` (hard by default) would do with ``seat``'s turn now: its actions in order,
    each with a short reason, up to the end of the turn's actions or the first die roll, draw or
    peek (what follows depends on it). Only what the crew can know is used. Raises NotYourTurn
    when the seat has nothing to decide."""
    if not [a for a in legal_actions(state, seat) if not isinstance(a, Undo)]:
        raise NotYourTurn("it is not your turn: a hint is for the seat whose turn it is", seat)
    view = view_for(state, seat)
    mem = memory.copy() if memory is not None else memory_from_view(view)
    sim = canonical_world(view, mem)  # the hidden parts of the decks filled with nothing meaningful
    out: list[tuple[Action, Reason]] = []
    for _ in range(30):
        if sim.phase == "over" or seat not in to_act(sim):
            break
        action = choose(sim, seat, level, budget_s=budget_s, memory=mem)
        out.append((action, explain(sim, seat, action, list(mem.damage_top))))
        if isinstance(action, _REVEALS) or (isinstance(action, Activate)
                                            and sim.pawns[seat] in ("bridge", "cargo_hold")):
            break
        before = sim.phase
        apply(sim, seat, action)
        mem.observe(view_for(sim, seat))
        if before == "actions" and sim.phase != "actions":
            break
    return out


# --------------------------------------------------------------------------- whole games


Chooser = Callable[[GameState, int, Memory], Action]


def chooser(level: str, budget_s: float | None = None) -> Chooser:
    """A function (state, seat, memory) -> action for ``level``, or "clairvoyant" (bench only)."""
    if level == "clairvoyant":
        return lambda state, seat, memory: choose_clairvoyant(state, seat, budget_s)
    level = level_name(level)
    return lambda state, seat, memory: choose(state, seat, level, budget_s=budget_s, memory=memory)


def play_game(players: int, seed: int, level: str = DEFAULT_LEVEL, *, difficulty: str = "easy",
              budget_s: float | None = None, on_action: Callable[[GameState, int, Action], None] | None = None,
              max_actions: int = 5000) -> GameState:
    """A whole game with every seat a crew-mate of ``level`` (or "clairvoyant"); one Memory of what
    peeks showed, shared by the crew (peeks are shown to all, SS16). ``on_action(state, seat,
    action)`` is called before each action is applied. Raises RuntimeError if it does not end."""
    state = new_game(make_config(players, difficulty=difficulty), seed)
    pick = chooser(level, budget_s)
    memory = Memory()
    memory.observe(view_for(state, None))
    n = 0
    while state.phase != "over":
        seat = to_act(state)[0]
        action = pick(state, seat, memory)
        if on_action is not None:
            on_action(state, seat, action)
        apply(state, seat, action)
        memory.observe(view_for(state, None))
        n += 1
        if n > max_actions:
            raise RuntimeError(f"crew-mate game {seed} did not end in {max_actions} actions")
    return state
