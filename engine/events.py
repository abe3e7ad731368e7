"""The event module and the solo score target (rulebook 2023 p.9 "Événements", p.10 "Jouer
en solo"; RULINGS R1, R7, C2-C6; reference events.json and cards.md section 6).

Deck (p.9, C4): 20 cards taken at random from the three colours in the counts the game
creator chose (or a preset: easy 12/6/2, normal 9/3/8, hard 4/6/10), shuffled together. Cards
marked "solo only" are left out of games with 2+ players. Solo games always play events.
The order is drawn at setup and stored in the state (``state.extra["events"]``).

This module holds the deck, the card data, the round rules other modules read and the
views; the card in play (its reveal, its pending items, what it does after a placement) is
engine/event_play.py, and its effect ops are carried out by engine/ops.py.

Each round (R1), right after the station has turned and before anyone picks a tile, the top
card is revealed and applies to every player. Its effect is one of:

* an immediate gain or loss that needs a player's choice (advance or regress a tracker,
  collect or destroy a piece, add a meteorite, place a biomass patch ...): it becomes a
  pending item of that seat, settled privately, and -- as p.9 says, "apply its effect
  before selecting your tile" -- before that seat may pick its tile; so are the rewards an
  event's advance brings (a synergy boost, a patch, a rover on the tile placed last, and
  what the corporation board opens with it: a Makeshift step, a Cosmos lifepod). Only the
  extra rover of card 65 waits for the tile it goes on;
* an immediate change with nothing to choose (civ piles, collected pieces, an extra
  objective): applied at once -- except a collected lifepod lost by a Cosmos or Jump Drive
  player, who keeps lifepods on the board too and chooses which one goes;
* a rule for the rest of the round (placement limits, rovers kept off a terrain -- walking
  or jumping --, only one tile resource advancing, no milestone rewards or Flux token move,
  no synergy boosts): read by the rules code through the hooks below while the round's
  turns and civ step last.

Trackers move down with the corporation board's own regress (engine/corporations/: the
Oasis water path and its blocked spaces, Makeshift's columns, Cosmos' covered spaces).

"Apply if possible, ignore what alone would end the game" (p.9 box, R7): a placement limit
is lifted for a player when no depot tile could be placed under it, judged on top of the
planet's own restriction (itself lifted on its own, engine/placement.py); a station change that
would empty a depot or leave the player without a placeable tile is not offered.

When the last card is revealed, that round is the last one (p.9): the game ends after it
(ending reason ``"last_event"``).

Solo target (p.10, C5): 60 medals, adjusted by how many cards of each colour the deck holds
(table in events.json), shown from the start; at the end the score is compared with it and
the matching epilogue band is reported.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache

from i18n import N_, _

from . import data as D
from .core import seeded_random
from .data import cell_name
from .errors import InconsistentData, InvalidConfig, UnknownContent

COLOURS: tuple[str, ...] = ("green", "orange", "red")
COLOUR_WORDS = {"green": N_("green"), "orange": N_("orange"), "red": N_("red")}  # inside sentences, translated there
DECK_SIZE = 20
PRESETS: dict[str, dict[str, int]] = {
    "easy": {"green": 12, "orange": 6, "red": 2},
    "normal": {"green": 9, "orange": 3, "red": 8},
    "hard": {"green": 4, "orange": 6, "red": 10},
}
KNOWN_OPS = frozenset({
    "advance_choice", "regress_choice", "gain_biomass_patch", "collect", "destroy", "add_meteorite",
    "gain_rover", "civ_deck_add", "civ_deck_remove", "draw_private_objective", "discard_private_objective",
    "rotate_station", "remove_station_stack", "peek_next_event", "choose_one", "round_restriction",
})  # the effect ops an event card may use (engine/ops.py carries them out)
ROUND_RULES = frozenset({
    "rovers_cannot_enter_terrain", "tiles_not_on_edge", "tiles_not_on_ice",
    "tiles_not_adjacent_to_matching_terrain", "advance_only_one_tile_resource", "no_milestone_benefits",
    "no_synergy",
})
PLACEMENT_RULES = frozenset({"tiles_not_on_edge", "tiles_not_on_ice", "tiles_not_adjacent_to_matching_terrain"})
# Track rewards a "no milestone benefits" round withholds (C2): civ card, new rover, biomass
# patch, and a Flux token move. A tech still counts as reached (D11: techs go by position).
MILESTONE_BENEFITS = frozenset({"civ", "rover", "biomass", "flux"})
TILE_SOURCES = ("tile", "energy", "unplaced")

# Solo epilogues (p.10), in our own words, by band of (score - target); translated where shown.
EPILOGUE_TEXT = {
    "-15": N_("Total failure. Nobody will ever live here; the search for a new home starts again."),
    "-10": N_("A grim outpost. The few colonists left wonder whether anyone else made it."),
    "-5": N_("Not a proud result, but the colony hangs on."),
    "target": N_("Mission accomplished: the planet is ready for its first settlers."),
    "+5": N_("Outstanding work. Headquarters is already drafting your promotion."),
    "+10": N_("Quite possibly the finest world any corporation has ever shaped."),
    "+15": N_("A legendary colony. Your name goes down in history."),
}


# --------------------------------------------------------------------------- data


@dataclass(frozen=True)
class EventCard:
    id: int
    number: int  # 1-60, the deck number the designer's FAQ uses
    name: str
    colour: str
    solo_only: bool
    effect: tuple[dict, ...]
    text: str

    def ops(self) -> list[dict]:
        """Every op of the card, those inside a choose_one included."""
        out = []
        for op in self.effect:
            out.append(op)
            for option in op.get("options", []):
                out += option
        return out

    @property
    def rule(self) -> dict | None:
        """The card's round rule ({"rule", "terrain"?}), if it is that kind of card."""
        for op in self.effect:
            if op["op"] == "round_restriction":
                return op
        return None

    def public(self) -> dict:
        return {"id": self.id, "number": self.number, "name": self.name, "colour": self.colour, "text": self.text}


@cache
def cards() -> dict[int, EventCard]:
    """The 60 event cards by id (65-124). Raises InconsistentData if an effect is unknown."""
    raw = D.events_raw()
    out = {}
    for c in raw["cards"]:
        card = EventCard(c["id"], c["deck_number"], c["name"], c["color"], bool(c["solo_only"]),
                         tuple(c["effect"]), c["description"])
        for op in card.ops():
            if op["op"] not in KNOWN_OPS:
                raise InconsistentData(f"event {card.id}: unknown effect {op['op']!r}")
            if op["op"] == "round_restriction" and op["rule"] not in ROUND_RULES:
                raise InconsistentData(f"event {card.id}: unknown round rule {op['rule']!r}")
        out[card.id] = card
    return out


def card(card_id: int) -> EventCard:
    try:
        return cards()[card_id]
    except KeyError:
        raise UnknownContent("event card", card_id, f"unknown event card {card_id}") from None


def pool(players: int) -> dict[str, list[int]]:
    """Cards a deck may be built from, by colour (solo-only cards only in solo)."""
    out: dict[str, list[int]] = {c: [] for c in COLOURS}
    for ev in cards().values():
        if players == 1 or not ev.solo_only:
            out[ev.colour].append(ev.id)
    return {c: sorted(ids) for c, ids in out.items()}


# --------------------------------------------------------------------------- config and deck


def make_config(players: int, events) -> dict | None:
    """The ``events`` entry of a game config. ``events`` is None (default: on with the normal
    preset in solo, off otherwise), False, True (normal preset), a preset name, or
    {"green": g, "orange": o, "red": r}. Raises InvalidConfig with a readable reason."""
    if events is None:
        events = "normal" if players == 1 else False
    if events is False:
        if players == 1:
            raise InvalidConfig(_("solo games always use the event deck (choose a preset: easy, normal or hard, "
                                  "or give green/orange/red counts)"))
        return None
    if events is True:
        events = "normal"
    if isinstance(events, str):
        name = events.strip().lower()
        if name not in PRESETS:
            raise InvalidConfig(_("unknown event deck preset {preset}; choose easy (12 green, 6 orange, 2 red), "
                                  "normal (9/3/8) or hard (4/6/10), or give the three counts").format(preset=repr(events)))
        return {"preset": name, **PRESETS[name]}
    if not isinstance(events, dict):
        raise InvalidConfig(_("the event deck is a preset name (easy, normal, hard) or counts of green, orange "
                              "and red cards"))
    unknown = set(events) - set(COLOURS) - {"preset"}
    if unknown:
        raise InvalidConfig(_("the event deck takes green, orange and red counts, not {names}").format(
            names=", ".join(sorted(unknown))))
    counts = {}
    for colour in COLOURS:
        value = events.get(colour, 0)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise InvalidConfig(_("the number of {colour} event cards must be a whole number from 0 up").format(
                colour=_(COLOUR_WORDS[colour])))
        counts[colour] = value
    total = sum(counts.values())
    if total != DECK_SIZE:
        raise InvalidConfig(_("the event deck holds {size} cards: {green} green + {orange} orange + {red} red makes "
                              "{total}").format(size=DECK_SIZE, total=total, **counts))
    have = {c: len(ids) for c, ids in pool(players).items()}
    for colour in COLOURS:
        if counts[colour] > have[colour]:
            if players == 1:
                message = _("there are only {have} {colour} event cards in solo; you asked for {asked}")
            else:
                message = _("there are only {have} {colour} event cards with 2 or more players (solo-only cards are "
                            "left out); you asked for {asked}")
            raise InvalidConfig(message.format(have=have[colour], colour=_(COLOUR_WORDS[colour]), asked=counts[colour]))
    preset = next((name for name, p in PRESETS.items() if p == counts), None)
    return {"preset": preset, **counts}


def new_deck(config: dict, rng: random.Random) -> dict | None:
    """The module's state at setup: the shuffled deck (next card first), nothing revealed."""
    ev = config.get("events")
    if not ev:
        return None
    cards_by_colour = pool(config["players"])
    deck: list[int] = []
    for colour in COLOURS:
        deck += rng.sample(cards_by_colour[colour], ev[colour])
    rng.shuffle(deck)
    return {"deck": deck, "revealed": [], "current": None, "round": 0, "peeks": {}}


def deck_state(state) -> dict | None:
    """The module's state (``state.extra["events"]``), None when the game plays no events."""
    return state.extra.get("events")


def _ev(state) -> dict | None:
    return state.extra.get("events")


def enabled(state) -> bool:
    return bool(state.config.get("events")) and _ev(state) is not None


def current(state) -> EventCard | None:
    """The card in force: revealed this round, while the round's turns and civ step last."""
    ev = _ev(state)
    if not ev or ev.get("current") is None or ev.get("round") != state.round:
        return None
    if state.phase not in ("turns", "civ"):
        return None
    return card(ev["current"])


def _rule(state) -> dict | None:
    c = current(state)
    return c.rule if c else None



def _rng(state, what: str) -> random.Random:
    """A seeded draw for a mid-game random pick, the same on every replay of the game."""
    return seeded_random(state.seed, what, state.round)


def change_civ_piles(state, op: dict, card_id: int) -> None:
    """Cards 65-70: cards of each rank join the piles from the box, or leave them (seeded)."""
    rng = _rng(state, f"event{card_id}")
    for rank in sorted(state.civ_piles):
        pile = state.civ_piles[rank]
        for _n in range(op["per_rank"]):
            if op["op"] == "civ_deck_add":
                box = sorted(c for c in state.civ_box if D.civ_card(c).rank == int(rank))
                if not box:
                    break
                pick = rng.choice(box)
                state.civ_box.remove(pick)
                pile.append(pick)
            else:
                if not pile:
                    break
                pick = rng.choice(sorted(pile))
                pile.remove(pick)
                state.civ_box.append(pick)
        pile.sort()
    state.civ_box.sort()



# --------------------------------------------------------------------------- hooks for rules


def suppresses(state, benefit_kind: str) -> bool:
    """Whether this round's card withholds a track reward (109/123: milestones, C2; 122: synergy)."""
    rule = _rule(state)
    if not rule:
        return False
    if rule["rule"] == "no_milestone_benefits":
        return benefit_kind in MILESTONE_BENEFITS
    if rule["rule"] == "no_synergy":
        return benefit_kind == "synergy"
    return False


def move_problem(state, seat: int, dest: int) -> str | None:
    """Why a rover may not step onto ``dest`` this round (97-102), or None."""
    rule = _rule(state)
    if not rule or rule["rule"] != "rovers_cannot_enter_terrain":
        return None
    if state.seats[seat].board.terrain[dest] == rule["terrain"]:
        return _("this round's event keeps rovers off {terrain} terrain, and {square} is {terrain}").format(
            terrain=D.terrain_word(rule["terrain"]), square=cell_name(dest))
    return None


def violation(state, seat: int, rule: dict, tile_id: int, orient: int, anchor: int) -> str | None:
    b = state.seats[seat].board
    p = b.planet
    ar, ac = divmod(anchor, D.SIZE)
    squares = [((ar + c.dr) * D.SIZE + ac + c.dc, c.terrain) for c in D.tile(tile_id).orientations[orient].cells]
    mine = {sq for sq, _terrain in squares}
    kind = rule["rule"]
    for sq, terrain in squares:
        if kind == "tiles_not_on_edge" and p.edge_mask >> sq & 1:
            return _("{square} is on the edge of your planet").format(square=cell_name(sq))
        if kind == "tiles_not_on_ice" and p.is_ice(sq):
            return _("{square} is ice").format(square=cell_name(sq))
        if kind == "tiles_not_adjacent_to_matching_terrain":
            for n in D.neighbours(sq):
                if n not in mine and b.terrain[n] == terrain:
                    return _("its {terrain} square {square} would touch your {terrain} terrain on {other}").format(
                        terrain=D.terrain_word(terrain), square=cell_name(sq), other=cell_name(n))
    return None


def placement_rule(state) -> dict | None:
    rule = _rule(state)
    return rule if rule and rule["rule"] in PLACEMENT_RULES else None



def limits_placement(state) -> bool:
    """Whether this round's card limits where tiles may go (filter_placements may drop some)."""
    return bool(placement_rule(state))


def filter_placements(state, seat: int, tile_id: int, placements: list) -> list:
    """The placements allowed under this round's limit (all of them when it is lifted)."""
    rule = placement_rule(state)
    if not rule:
        return placements
    ok = [p for p in placements if violation(state, seat, rule, tile_id, p.orient, p.anchor) is None]
    return ok or placements



def blocks_pick(state, seat: int) -> list[dict]:
    """The event's items: settled before the seat takes a tile (p.9)."""
    return [i for i in state.seats[seat].pending if i.get("event")]



# --------------------------------------------------------------------------- views and solo


def public(state, seat: int | None) -> dict | None:
    """What a seat sees of the event deck: this round's card, how many are left and the
    colours already played; never the order (or colours) of the cards still to come,
    except the next card for a seat that peeked at it."""
    ev = _ev(state)
    if not ev:
        return None
    played = {c: 0 for c in COLOURS}
    for cid in ev["revealed"]:
        played[card(cid).colour] += 1
    cfg = state.config.get("events") or {}
    out = {
        "current": card(ev["current"]).public() if ev.get("current") and ev.get("round") == state.round else None,
        "revealed": list(ev["revealed"]),
        "remaining": len(ev["deck"]),
        "played": played,
        "deck": {c: cfg.get(c, 0) for c in COLOURS},
        "preset": cfg.get("preset"),
    }
    if seat is not None and str(seat) in ev.get("peeks", {}):
        out["peek"] = card(ev["peeks"][str(seat)]).public()
    return out


def _band_index(count: int, bands: list[str]) -> int:
    for i, band in enumerate(bands):
        if band.endswith("+"):
            if count >= int(band[:-1]):
                return i
        else:
            lo, hi = (int(x) for x in band.split("-"))
            if lo <= count <= hi:
                return i
    raise InconsistentData(f"no solo band for {count} cards")


def solo_target(counts: dict[str, int]) -> dict:
    """The solo score target for a deck of these colour counts (p.10 table, 60 adjusted)."""
    solo = D.events_raw()["solo"]
    table = solo["adjustment_by_count"]
    adjust = {c: table[c][_band_index(counts.get(c, 0), table["bands"])] for c in COLOURS}
    return {"base": solo["base_target"], "adjustments": adjust,
            "target": solo["base_target"] + sum(adjust.values())}


def epilogue(delta: int) -> dict:
    """The epilogue band for score minus target (C5: bands of events.json)."""
    for band in D.events_raw()["solo"]["epilogues"]:
        lo, hi = band["delta_min"], band["delta_max"]
        if (lo is None or delta >= lo) and (hi is None or delta <= hi):
            key = "target" if band["book_label"] == "target reached" else band["book_label"]
            return {"band": key, "text": EPILOGUE_TEXT[key]}
    raise InconsistentData(f"no epilogue band for {delta}")


def solo_view(state) -> dict | None:
    if state.players != 1 or not enabled(state):
        return None
    return solo_target(state.config["events"])


def solo_result(state, total: int) -> dict | None:
    """Score against the target and the epilogue, for the final result of a solo game."""
    target = solo_view(state)
    if target is None:
        return None
    delta = total - target["target"]
    return {**target, "score": total, "delta": delta, "reached": delta >= 0, **epilogue(delta)}
