"""Solar Storm rules engine (base game, V1 rooms, 1-4 players and solo): pure Python, no I/O.

The rules are the French rulebook's (shared/rules/004_d6a183e4d533fa07.txt) as set out step by
step in shared/reference/solar_storm/RULES.md, with its rulings SS1-SS26 where the book is
silent. Same shape as Planet Unknown's engine:

    from engine.solar_storm import make_config, new_game, to_act, legal_actions, apply, parse
    state = new_game(make_config(2, difficulty="hard"), seed=7)
    seat = to_act(state)[0]
    apply(state, seat, parse("aller pont"))       # = "move bridge", if the Bridge is next door
    outcome(state)                                # None, or {"result": "won"|"lost", "reason", "turn", ...}

Seats are crew members, counted from 0 in the API and from 1 in action text; in solo one
person runs crew members 1-3, who share one hand. Action grammar (``parse`` reads it,
``str(action)`` writes it; French verbs and names are read too, accents optional):

    move ROOM                 aller: move to an orthogonally adjacent room (1 action)
    scavenge                  fouiller: roll the die (1 action); 3-5: take 1 card, 6: take 2
    pick 1|2|deck             piocher: take a scavenged card: face-up card 1 or 2 (refilled), or the deck top
    pass                      passer: take no more scavenged cards (SS10)
    give CARD SEAT            donner: give a card to a player in your room (1 action)
    take CARD SEAT            prendre: take a card from a player in your room (1 action)
    exchange CARD 1|2         échanger (solo, SS23): a card of the shared hand for face-up card 1 or 2
                              (2 actions; from the Mess Hall's choice, no further cost)
    repair RESOURCE [universal]   réparer: fill the empty RESOURCE slot of your room, paying a RESOURCE
                              card (or a Universal); a diverted room: any track card fills the whole track (SS4)
    activate                  activer: use your room's power (1 action; the room must be fully repaired)
    divert                    dévier: discard your room's 3 divert cards at once (1 action, SS2, SS3)
    reactivate                relancer: restart the core from the Energy Core once the 8 rooms are
                              diverted (1 action): the crew wins
    token                     jeton: spend an action token for +1 action
    end                       fin: end your actions; each unused one of your 3 becomes a token (SS8)
    collect 1|2|deck          collecter: phase 2, face-up card 1 or 2 (refilled), or 2 from the deck
    discard CARD              défausser: above 6 cards after collecting, discard down to 6 (SS12)
    undo                      annuler: back to the last die roll, draw or peek, or the turn's start (SS25)

The choices a room power opens, after ``activate``:

    give CARD SEAT | take CARD SEAT | swap YOURS THEIRS SEAT    Mess Hall: with any player, anywhere
                                                               (solo: exchange CARD 1|2), SS20
    swap YOURS THEIRS         troquer: Engine Room, your card for one of the resource discard pile (SS21)
    repair RESOURCE ROOM [universal]   Repair Centre: repair another room from here (SS5)
    send SEAT ROOM            envoyer: Crew Quarters, move a seat's pawn to a room with another pawn (SS19)
    order CARD CARD ...       ordonner: Cargo Hold (resource kinds) or Bridge (damage card ids): the
                              peeked cards back, top first, in any order (SS15)
    protect ROOM [ROOM]       protéger: Armoury, where the 2 protection tokens go (a room may take both, SS7)

CARD is data, metal, nanobots, energy or universal (données, métal, nanorobots, énergie,
universelle); ROOM a room id (bridge, mess_hall ...), its English or French name (pont,
salle_a_manger, soute ...). The Medical Bay works by itself at the start of a turn (SS9).
"""
from ..core import (
    EngineError,
    GameOver,
    IllegalAction,
    InvalidConfig,
    MalformedAction,
    NotYourTurn,
    ParseError,
    UnsupportedSave,
)
from .actions import Action, parse
from .records import random_record, replay
from .rules import apply, legal_actions, outcome, to_act
from .setup import make_config, new_game
from .state import GameState, copy, dump, load
from .view import public_view, view_for

__all__ = ["Action", "parse", "EngineError", "GameOver", "IllegalAction", "InvalidConfig", "MalformedAction",
           "NotYourTurn", "ParseError", "UnsupportedSave", "apply", "legal_actions", "outcome", "to_act",
           "make_config", "new_game", "GameState", "copy", "dump", "load", "public_view", "view_for", "replay",
           "random_record"]
