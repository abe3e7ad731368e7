"""Solar Storm's actions: small frozen values with a text form that round-trips.

``parse(str(action)) == action`` for every action. The text is English; ``parse`` also reads
the French verbs of the rulebook (``aller pont`` is ``move bridge``) and the French names of the
rooms and resources, with or without accents. Seats are numbered from 1 in the text (seat 1 is
the first player; in solo, crew members 1 to 3). The grammar is listed in the package's
docstring (``engine/solar_storm/__init__.py``).
"""
from __future__ import annotations

from dataclasses import dataclass

from i18n import N_, _

from ..core import MalformedAction
from .data import CARD_WORDS, DAMAGE, ROOM_WORDS, slug


@dataclass(frozen=True)
class Move:
    room: str

    def __str__(self) -> str:
        return f"move {self.room}"


@dataclass(frozen=True)
class Scavenge:
    def __str__(self) -> str:
        return "scavenge"


@dataclass(frozen=True)
class Give:
    card: str
    seat: int  # 0-based

    def __str__(self) -> str:
        return f"give {self.card} {self.seat + 1}"


@dataclass(frozen=True)
class Take:
    card: str
    seat: int  # 0-based

    def __str__(self) -> str:
        return f"take {self.card} {self.seat + 1}"


@dataclass(frozen=True)
class Exchange:
    """Solo (SS23): a card of the shared hand for face-up card 1 or 2."""
    card: str
    slot: int  # 0 or 1

    def __str__(self) -> str:
        return f"exchange {self.card} {self.slot + 1}"


@dataclass(frozen=True)
class Repair:
    resource: str  # the slot type filled (or, on a diverted room, the track type spent)
    room: str | None = None  # the room repaired from the Repair Centre; None: the room you stand in
    universal: bool = False  # pay with a Universal card

    def __str__(self) -> str:
        return " ".join(["repair", self.resource, *([self.room] if self.room else []),
                         *(["universal"] if self.universal else [])])


@dataclass(frozen=True)
class Activate:
    def __str__(self) -> str:
        return "activate"


@dataclass(frozen=True)
class Divert:
    def __str__(self) -> str:
        return "divert"


@dataclass(frozen=True)
class Token:
    def __str__(self) -> str:
        return "token"


@dataclass(frozen=True)
class End:
    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True)
class Collect:
    source: str  # "1", "2" (a face-up card) or "deck" (2 cards from the top)

    def __str__(self) -> str:
        return f"collect {self.source}"


@dataclass(frozen=True)
class Pick:
    """A scavenge pick: face-up card 1 or 2, or the top of the deck."""
    source: str  # "1", "2" or "deck"

    def __str__(self) -> str:
        return f"pick {self.source}"


@dataclass(frozen=True)
class Pass:
    """Stop taking scavenged cards (SS10: the book says « vous pouvez prendre »)."""
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Discard:
    card: str

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True)
class Reactivate:
    """Restart the Energy Core: the win."""
    def __str__(self) -> str:
        return "reactivate"


@dataclass(frozen=True)
class Order:
    """Put peeked cards back, listed from the new top down (resource kinds, or damage card ids)."""
    cards: tuple[str, ...]

    def __str__(self) -> str:
        return "order " + " ".join(self.cards)


@dataclass(frozen=True)
class Protect:
    """Armoury: where the protection tokens go (one room per token, a room may repeat)."""
    rooms: tuple[str, ...]

    def __str__(self) -> str:
        return "protect " + " ".join(self.rooms)


@dataclass(frozen=True)
class Send:
    """Crew Quarters: move a seat's pawn to a room."""
    seat: int  # 0-based
    room: str

    def __str__(self) -> str:
        return f"send {self.seat + 1} {self.room}"


@dataclass(frozen=True)
class Swap:
    """Give ``give`` and take ``take``: with a seat (Mess Hall) or with the discard pile (Engine Room)."""
    give: str
    take: str
    seat: int | None = None  # 0-based; None: the resource discard pile

    def __str__(self) -> str:
        return f"swap {self.give} {self.take}" + (f" {self.seat + 1}" if self.seat is not None else "")


@dataclass(frozen=True)
class Undo:
    def __str__(self) -> str:
        return "undo"


Action = (Move | Scavenge | Give | Take | Exchange | Repair | Activate | Divert | Token | End | Collect | Pick | Pass
          | Discard | Reactivate | Order | Protect | Send | Swap | Undo)

# every verb a player may type (English, then the rulebook's French), to its English verb
VERBS = {
    "move": "move", "aller": "move", "deplacer": "move",
    "scavenge": "scavenge", "fouiller": "scavenge",
    "give": "give", "donner": "give",
    "take": "take", "prendre": "take",
    "exchange": "exchange", "echanger": "exchange",
    "repair": "repair", "reparer": "repair",
    "activate": "activate", "activer": "activate",
    "divert": "divert", "devier": "divert",
    "token": "token", "jeton": "token",
    "end": "end", "fin": "end", "terminer": "end",
    "collect": "collect", "collecter": "collect",
    "pick": "pick", "piocher": "pick",
    "pass": "pass", "passer": "pass",
    "discard": "discard", "defausser": "discard",
    "reactivate": "reactivate", "relancer": "reactivate", "redemarrer": "reactivate",
    "order": "order", "ordonner": "order", "ordre": "order",
    "protect": "protect", "proteger": "protect",
    "send": "send", "envoyer": "send",
    "swap": "swap", "troquer": "swap",
    "undo": "undo", "annuler": "undo",
}
_BARE: dict[str, Action] = {"scavenge": Scavenge(), "activate": Activate(), "divert": Divert(), "token": Token(),
                            "end": End(), "pass": Pass(), "reactivate": Reactivate(), "undo": Undo()}
SOURCES = {"1": "1", "2": "2", "deck": "deck", "pioche": "deck", "paquet": "deck"}

# each verb's form, and the whole grammar, in the reader's language (the French verbs and words
# ``parse`` reads: a French player is shown what they may type)
_FORMS = {"move": N_("move ROOM"), "give": N_("give CARD SEAT"), "take": N_("take CARD SEAT"),
          "exchange": N_("exchange CARD 1|2"), "repair": N_("repair RESOURCE [ROOM] [universal]"),
          "collect": N_("collect 1|2|deck"), "pick": N_("pick 1|2|deck"), "discard": N_("discard CARD"),
          "order": N_("order CARD CARD ... (up to 5)"), "protect": N_("protect ROOM [ROOM]"),
          "send": N_("send SEAT ROOM"), "swap": N_("swap YOURS THEIRS [SEAT]")}
USAGE = N_("move ROOM | scavenge | pick 1|2|deck | pass | give CARD SEAT | take CARD SEAT | exchange CARD 1|2 | "
           "repair RESOURCE [ROOM] [universal] | activate | divert | token | end | reactivate | collect 1|2|deck | "
           "discard CARD | order CARD... | protect ROOM [ROOM] | send SEAT ROOM | swap CARD CARD [SEAT] | undo")


def _bad(text: str, why: str) -> MalformedAction:
    return MalformedAction(_("{why}; try one of: {usage}").format(why=why, usage=_(USAGE)), text)


def _room(word: str, text: str) -> str:
    room = ROOM_WORDS.get(word) or ROOM_WORDS.get(slug(word))
    if room is None:
        raise _bad(text, _("'{word}' is not a room").format(word=word))
    return room


def _card(word: str, text: str) -> str:
    card = CARD_WORDS.get(word) or CARD_WORDS.get(slug(word))
    if card is None:
        raise _bad(text, _("'{word}' is not a resource card (data, metal, nanobots, energy or universal)").format(
            word=word))
    return card


def _seat(word: str, text: str) -> int:
    if not word.isdigit() or not 1 <= int(word) <= 9:
        raise _bad(text, _("'{word}' is not a seat number (1 for the first player, 2 for the next ...)").format(
            word=word))
    return int(word) - 1


def _source(word: str, text: str) -> str:
    source = SOURCES.get(slug(word))
    if source is None:
        raise _bad(text, _("'{word}' is not 1, 2 or deck").format(word=word))
    return source


def _joined_room(words: list[str], text: str) -> str:
    """A room named in one word or several (``mess hall``, ``salle à manger``)."""
    return _room("_".join(words), text) if words else _room("", text)


def parse(text: object) -> Action:
    """Read an action from its text form. Raises MalformedAction (ParseError) with a usage hint."""
    if not isinstance(text, str) or len(text) > 200:
        raise _bad(str(text)[:200], _("that action is not readable"))
    words = text.strip().split()
    if not words:
        raise _bad(text, _("empty action"))
    verb = VERBS.get(words[0]) or VERBS.get(slug(words[0]))
    args = words[1:]
    n = len(args)
    if verb is None:
        raise _bad(text, _("'{word}' is not an action").format(word=words[0]))
    if verb in ("scavenge", "activate", "divert", "token", "end", "pass", "reactivate", "undo"):
        if n:
            raise _bad(text, _("'{word}' takes nothing after it").format(word=words[0]))
        return _BARE[verb]
    if verb == "move" and n >= 1:
        return Move(_joined_room(args, text))
    if verb in ("give", "take") and n == 2:
        card, seat = _card(args[0], text), _seat(args[1], text)
        return Give(card, seat) if verb == "give" else Take(card, seat)
    if verb == "exchange" and n == 2:
        return Exchange(_card(args[0], text), int(_source_slot(args[1], text)))
    if verb == "repair" and 1 <= n:
        resource = _card(args[0], text)
        rest = args[1:]
        universal = bool(rest) and slug(rest[-1]) in ("universal", "universelle", "univ")
        if universal:
            rest = rest[:-1]
        if resource == "universal":
            raise _bad(text, _("name the slot to fill (data, metal, nanobots or energy), then 'universal' to pay "
                               "with a Universal card"))
        return Repair(resource, _joined_room(rest, text) if rest else None, universal)
    if verb in ("collect", "pick") and n == 1:
        source = _source(args[0], text)
        return Collect(source) if verb == "collect" else Pick(source)
    if verb == "discard" and n == 1:
        return Discard(_card(args[0], text))
    if verb == "order" and 1 <= n <= 5:
        if all(a.upper() in DAMAGE for a in args):
            return Order(tuple(a.upper() for a in args))
        return Order(tuple(_card(a, text) for a in args))
    if verb == "protect" and 1 <= n <= 2:
        return Protect(tuple(_room(a, text) for a in args))
    if verb == "send" and n >= 2:
        return Send(_seat(args[0], text), _joined_room(args[1:], text))
    if verb == "swap" and n in (2, 3):
        return Swap(_card(args[0], text), _card(args[1], text), _seat(args[2], text) if n == 3 else None)
    raise _bad(text, _("'{text}' is not an action: write {form}").format(text=text.strip(), form=_(_FORMS[verb])))


def _source_slot(word: str, text: str) -> int:
    if word not in ("1", "2"):
        raise _bad(text, _("'{word}' is not face-up card 1 or 2").format(word=word))
    return int(word) - 1
