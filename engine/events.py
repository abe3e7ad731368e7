"""The event module and the solo score target (rulebook 2023 p.9 "Événements", p.10 "Jouer
en solo"; RULINGS R1, R7, C2-C6; reference events.json and cards.md section 6).

Deck (p.9, C4): 20 cards taken at random from the three colours in the counts the game
creator chose (or a preset: easy 12/6/2, normal 9/3/8, hard 4/6/10), shuffled together. Cards
marked "solo only" are left out of games with 2+ players. Solo games always play events.
The order is drawn at setup and stored in the state (``state.extra["events"]``).

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

Trackers move down with the corporation board's own regress (engine/corporations.py: the
Oasis water path and its blocked spaces, Makeshift's columns, Cosmos' covered spaces).

"Apply if possible, ignore what alone would end the game" (p.9 box, R7): a placement limit
is lifted for a player when no depot tile could be placed under it, judged on top of the
planet's own restriction (itself lifted on its own, engine/rules.py); a station change that
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
from functools import lru_cache

from . import corporations as corps
from . import data as D
from . import rules as R
from .data import TRACKS, cell_name, parse_cell
from .errors import DataError, IllegalAction

COLOURS: tuple[str, ...] = ("green", "orange", "red")
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
})
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

# Pending item kinds this module settles (rules.item_values / _resolve / describe_item ask here).
ITEM_KINDS = frozenset({"regress", "collect_meteorite", "destroy_lifepod", "lose_lifepod", "destroy_rover",
                        "add_meteorite", "discard_objective", "rotate_station", "remove_stack", "event_choice",
                        "extra_rover"})

# Solo epilogues (p.10), in our own words, by band of (score - target).
EPILOGUE_TEXT = {
    "-15": "Total failure. Nobody will ever live here; the search for a new home starts again.",
    "-10": "A grim outpost. The few colonists left wonder whether anyone else made it.",
    "-5": "Not a proud result, but the colony hangs on.",
    "target": "Mission accomplished: the planet is ready for its first settlers.",
    "+5": "Outstanding work. Headquarters is already drafting your promotion.",
    "+10": "Quite possibly the finest world any corporation has ever shaped.",
    "+15": "A legendary colony. Your name goes down in history.",
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


@lru_cache(maxsize=None)
def cards() -> dict[int, EventCard]:
    """The 60 event cards by id (65-124). Raises DataError if an effect is unknown."""
    raw = D.events_raw()
    out = {}
    for c in raw["cards"]:
        card = EventCard(c["id"], c["deck_number"], c["name"], c["color"], bool(c["solo_only"]),
                         tuple(c["effect"]), c["description"])
        for op in card.ops():
            if op["op"] not in KNOWN_OPS:
                raise DataError(f"event {card.id}: unknown effect {op['op']!r}")
            if op["op"] == "round_restriction" and op["rule"] not in ROUND_RULES:
                raise DataError(f"event {card.id}: unknown round rule {op['rule']!r}")
        out[card.id] = card
    return out


def card(card_id: int) -> EventCard:
    try:
        return cards()[card_id]
    except KeyError:
        raise DataError(f"unknown event card {card_id}") from None


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
    {"green": g, "orange": o, "red": r}. Raises IllegalAction with a readable reason."""
    if events is None:
        events = "normal" if players == 1 else False
    if events is False:
        if players == 1:
            raise IllegalAction("solo games always use the event deck (choose a preset: easy, normal or hard, "
                                "or give green/orange/red counts)")
        return None
    if events is True:
        events = "normal"
    if isinstance(events, str):
        name = events.strip().lower()
        if name not in PRESETS:
            raise IllegalAction(f"unknown event deck preset {events!r}; choose easy (12 green, 6 orange, 2 red), "
                                f"normal (9/3/8) or hard (4/6/10), or give the three counts")
        return {"preset": name, **PRESETS[name]}
    if not isinstance(events, dict):
        raise IllegalAction("the event deck is a preset name (easy, normal, hard) or counts of green, orange "
                            "and red cards")
    unknown = set(events) - set(COLOURS) - {"preset"}
    if unknown:
        raise IllegalAction(f"the event deck takes green, orange and red counts, not {', '.join(sorted(unknown))}")
    counts = {}
    for colour in COLOURS:
        value = events.get(colour, 0)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise IllegalAction(f"the number of {colour} event cards must be a whole number from 0 up")
        counts[colour] = value
    total = sum(counts.values())
    if total != DECK_SIZE:
        raise IllegalAction(f"the event deck holds {DECK_SIZE} cards: {counts['green']} green + "
                            f"{counts['orange']} orange + {counts['red']} red makes {total}")
    have = {c: len(ids) for c, ids in pool(players).items()}
    for colour in COLOURS:
        if counts[colour] > have[colour]:
            where = "in solo" if players == 1 else "with 2 or more players (solo-only cards are left out)"
            raise IllegalAction(f"there are only {have[colour]} {colour} event cards {where}; "
                                f"you asked for {counts[colour]}")
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


# --------------------------------------------------------------------------- reveal


def reveal(state) -> None:
    """R1: the top card is revealed after the station turned and applied to every player
    who plays this round (seats at their tile pick). Called by rules when turns open."""
    ev = _ev(state)
    if not ev or not ev["deck"]:
        return
    card_id = ev["deck"].pop(0)
    ev["revealed"].append(card_id)
    ev["current"] = card_id
    ev["round"] = state.round
    ev["peeks"] = {}  # every peek was at this card
    if not ev["deck"] and "last_event" not in state.ending:
        state.ending.append("last_event")  # the last card makes this round the last one (p.9)
    c = card(card_id)
    for op in c.effect:
        if op["op"] in ("civ_deck_add", "civ_deck_remove"):
            _civ_piles(state, op, c.id)
    for seat, s in enumerate(state.seats):
        if s.step != "pick":
            continue
        first = s.next_item
        for op in c.effect:
            _apply_op(state, seat, op)
        _autosettle(state, seat)
        R._cleanup(state, seat)
        _mark(s, first)  # settled before the pick (p.9), with what settling at once opened (a Cosmos lifepod)


def _rng(state, what: str) -> random.Random:
    """A seeded draw for a mid-game random pick, the same on every replay of the game."""
    return random.Random(f"{state.seed}:{what}:{state.round}")


def _civ_piles(state, op: dict, card_id: int) -> None:
    rng = _rng(state, f"event{card_id}")
    for rank in sorted(state.civ_piles):
        pile = state.civ_piles[rank]
        for _ in range(op["per_rank"]):
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


def _apply_op(state, seat: int, op: dict) -> None:
    s = state.seats[seat]
    corp = s.corp
    name = op["op"]
    if name == "advance_choice":
        tracks = list(TRACKS) if op["tracks"] == "any" else list(op["tracks"])
        extra = {"synergy": True} if _is_synergy(op) else {}  # 81, 84: a synergy boost (Jump Drive tech 3)
        R._add(s, "advance", options=tracks, source="event", picks=op["choose"], times=op["times"],
               claim=op.get("benefits", True), **extra)
    elif name == "regress_choice":
        tracks = list(TRACKS) if op["tracks"] == "any" else list(op["tracks"])
        R._add(s, "regress", options=tracks, times=op["times"])
    elif name == "gain_biomass_patch":
        R.gain_patch(state, seat, op["count"])  # the corporation's own patch rules (Wormhole tech 3)
    elif name == "collect":
        R._add(s, "collect" if op["what"] == "lifepod" else "collect_meteorite", count=op["count"])
    elif name == "destroy":
        if op["from"] == "collected":
            if op["what"] == "lifepod" and corps.kept_lifepods(state, seat):
                R._add(s, "lose_lifepod", count=op["count"])  # Cosmos / Jump Drive: which one is a choice
            elif op["what"] == "lifepod":
                corp.lifepods = max(0, corp.lifepods - op["count"])
            else:
                corp.meteorites = max(0, corp.meteorites - op["count"])
        elif op["what"] == "lifepod":
            R._add(s, "destroy_lifepod", count=op["count"])
        elif op["what"] == "rover":
            R._add(s, "destroy_rover", count=op["count"], more_than=op.get("only_if_more_than", 0))
    elif name == "add_meteorite":
        R._add(s, "add_meteorite", count=op["count"])
    elif name == "draw_private_objective":
        for _ in range(op["count"]):
            if state.objective_deck:
                corp.objectives.append(state.objective_deck.pop(0))
        corp.objectives.sort()
    elif name == "discard_private_objective":
        R._add(s, "discard_objective", count=op["count"])
    elif name == "rotate_station":
        R._add(s, "rotate_station")
    elif name == "remove_station_stack":
        if _safe_stacks(state, seat):
            R._add(s, "remove_stack")
    elif name == "choose_one":
        R._add(s, "event_choice")
    # gain_rover is given once the tile is placed (after_placement); round rules and the civ
    # piles need nothing per player here.


def _is_synergy(op: dict) -> bool:
    """Whether an event's advance is a synergy boost: one step of any tracker, with its reward."""
    return op["tracks"] == "any" and op["choose"] == 1 and op["times"] == 1 and op.get("benefits", True)


def _autosettle(state, seat: int) -> None:
    """Pieces to collect, destroy or add with no real choice are settled at once."""
    s = state.seats[seat]
    for item in list(s.pending):
        if item["kind"] in ("collect_meteorite", "destroy_lifepod", "add_meteorite"):
            values = item_values(state, seat, item)
            if len(values) <= item["count"]:
                for v in values:
                    _settle(state, seat, item, v)
                if item in s.pending:
                    s.pending.remove(item)


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
        return (f"this round's event keeps rovers off {rule['terrain']} terrain, and {cell_name(dest)} "
                f"is {rule['terrain']}")
    return None


def _violation(state, seat: int, rule: dict, tile_id: int, orient: int, anchor: int) -> str | None:
    b = state.seats[seat].board
    p = b.planet
    ar, ac = divmod(anchor, D.SIZE)
    squares = [((ar + c.dr) * D.SIZE + ac + c.dc, c.terrain) for c in D.tile(tile_id).orientations[orient].cells]
    mine = {sq for sq, _ in squares}
    kind = rule["rule"]
    for sq, terrain in squares:
        if kind == "tiles_not_on_edge" and p.edge_mask >> sq & 1:
            return f"{cell_name(sq)} is on the edge of your planet"
        if kind == "tiles_not_on_ice" and p.is_ice(sq):
            return f"{cell_name(sq)} is ice"
        if kind == "tiles_not_adjacent_to_matching_terrain":
            for n in D.neighbours(sq):
                if n not in mine and b.terrain[n] == terrain:
                    return f"its {terrain} square {cell_name(sq)} would touch your {terrain} terrain on {cell_name(n)}"
    return None


def _placement_rule(state) -> dict | None:
    rule = _rule(state)
    return rule if rule and rule["rule"] in PLACEMENT_RULES else None


def _fits_under(state, seat: int, rule: dict, tile_id: int) -> bool:
    """Whether the tile has a placement the board allows (with the planet's restriction as it
    stands for that tile, R7 included) that this round's limit allows too."""
    s = state.seats[seat]
    return any(_violation(state, seat, rule, tile_id, p.orient, p.anchor) is None
               for p in s.board.legal_placements(tile_id, **R.placement_rules(state, seat, tile_id)))


def prefer_restricted(state, seat: int, fits: dict[str, int]) -> dict[str, int]:
    """Stacks whose top tile can be placed under this round's placement limit; all of
    ``fits`` when none can (the limit is lifted: it alone would end the game, R7). ``fits``
    are the tiles that fit under the planet's rules (rules._fitting, with its own R7 lift), so
    each limit is lifted on its own; when both hold but no tile meets the two at once, the
    event's gives way and the planet's stays."""
    rule = _placement_rule(state)
    if not rule:
        return fits
    strict = {k: t for k, t in fits.items() if _fits_under(state, seat, rule, t)}
    return strict or fits


def limits_placement(state) -> bool:
    """Whether this round's card limits where tiles may go (filter_placements may drop some)."""
    return bool(_placement_rule(state))


def filter_placements(state, seat: int, tile_id: int, placements: list) -> list:
    """The placements allowed under this round's limit (all of them when it is lifted)."""
    rule = _placement_rule(state)
    if not rule:
        return placements
    ok = [p for p in placements if _violation(state, seat, rule, tile_id, p.orient, p.anchor) is None]
    return ok or placements


def placement_problem(state, seat: int, tile_id: int, orient: int, anchor: int) -> str | None:
    """Why this round's card forbids a placement the board allows, or None."""
    rule = _placement_rule(state)
    if not rule:
        return None
    why = _violation(state, seat, rule, tile_id, orient, anchor)
    if why is None or not _fits_under(state, seat, rule, tile_id):
        return None
    return f"this round's event ({current(state).text.rstrip('.')}) forbids it: {why}"


def after_placement(state, seat: int, first_item: int) -> None:
    """After a tile is placed (or could not be): 104/108 let only one of its resources
    advance; 65 gives the extra rover for the first tile placed this round."""
    c = current(state)
    if not c:
        return
    s = state.seats[seat]
    rule = c.rule
    if rule and rule["rule"] == "advance_only_one_tile_resource":
        gains = [i for i in s.pending if i["id"] >= first_item and i["kind"] == "advance"
                 and i["source"] in TILE_SOURCES]
        if len(gains) > 1:
            for i in gains:
                i["only_one"] = first_item
    if any(op["op"] == "gain_rover" for op in c.effect) and len(s.round_tiles) == 1 \
            and not any(i["kind"] == "extra_rover" for i in s.pending):
        R._add(s, "extra_rover")


def after_resolve(state, seat: int, item: dict, first_item: int) -> None:
    """Settling one of a tile's resources under 104/108 drops the other one; what settling an
    event's item opens (items numbered from ``first_item``: a synergy boost, a patch, a rover,
    a corporation's own follow-up such as a Makeshift step or a Cosmos lifepod) belongs to the
    event and is settled before the pick too."""
    s = state.seats[seat]
    group = item.get("only_one")
    if group is not None:
        s.pending[:] = [i for i in s.pending if i is item or i.get("only_one") != group]
    if item.get("event"):
        _mark(s, first_item)


def _mark(s, first_item: int) -> None:
    """Flag the items numbered from ``first_item`` as the event's, optional tech uses aside."""
    for i in s.pending:
        if i["id"] >= first_item and not i.get("optional"):
            i["event"] = True


def blocks_pick(state, seat: int) -> list[dict]:
    """The event's items: settled before the seat takes a tile (p.9)."""
    return [i for i in state.seats[seat].pending if i.get("event")]


# --------------------------------------------------------------------------- pending items


def _station_options(state, seat: int) -> list[str]:
    """Turns (0-5 depots clockwise) the player may give the station (79); turns that would
    leave no placeable tile in front of them are left out unless every turn does."""
    pos = R.seat_position(state, seat)
    ok = []
    for k in range(6):
        slots = R.station_slots((state.station["rotation"] - k) % 6, state.station["offset"], pos)
        tops = [state.station[st][sl][-1] for st, sl in slots.items() if state.station[st][sl]]
        if any(R.can_place_any_tile(state, seat, t) for t in tops):  # planet limits lifted as R7 says
            ok.append(str(k))
    return ok or [str(k) for k in range(6)]


def _safe_stacks(state, seat: int) -> list[str]:
    """Stacks of the seat's depot it may throw away (116) without that alone ending the
    game: the depot keeps a tile, and a placeable one if it had one."""
    depot = R.seat_depot(state, seat)
    tops = {k: R.top_tile(state, k, v) for k, v in depot.items()}
    placeable = {k for k, t in tops.items() if t is not None and R.can_place_any_tile(state, seat, t)}
    out = []
    for stack in ("small", "large"):
        other = "large" if stack == "small" else "small"
        if tops[stack] is None or tops[other] is None:
            continue
        if placeable and other not in placeable:
            continue
        out.append(stack)
    return out


def _first_tile_cells(seat_obj) -> list[int]:
    if not seat_obj.round_tiles:
        return []
    return seat_obj.board.tile_cells(seat_obj.round_tiles[0])


def item_values(state, seat: int, item: dict) -> list[str]:
    """Every value that settles one of this module's items right now."""
    s = state.seats[seat]
    b = s.board
    kind = item["kind"]
    if kind == "regress":  # the corporation's own board says where a tracker goes down (Oasis, Makeshift ...)
        return [t for t in TRACKS if t in item["options"] and corps.regress_target(state, seat, t) is not None]
    if kind == "collect_meteorite":
        return [cell_name(c) for c in sorted(b.meteorites)]
    if kind == "destroy_lifepod":
        return [cell_name(c) for c in sorted(b.lifepods)]
    if kind == "lose_lifepod":  # from the scoring area or where the board keeps them
        return (["score"] if s.corp.lifepods > 0 else []) + corps.kept_lifepods(state, seat)
    if kind == "destroy_rover":
        cells = b.rover_cells()
        return [cell_name(c) for c in sorted(set(cells))] if len(cells) > item.get("more_than", 0) else []
    if kind == "add_meteorite":
        if R._tech(state, seat, "meteor_immunity"):
            return []
        # unoccupied: no meteorite on it and not covered by a biomass patch (Wormhole tech 2)
        return [cell_name(c) for c in D.cells_of(b.meteor_symbol & ~D.mask_of(b.meteorites) & ~D.mask_of(b.patches))]
    if kind == "discard_objective":
        return [str(c) for c in s.corp.objectives]
    if kind == "rotate_station":
        return _station_options(state, seat)
    if kind == "remove_stack":
        return _safe_stacks(state, seat)
    if kind == "event_choice":
        return ["synergy", "peek"] if _ev(state) and _ev(state)["deck"] else ["synergy"]
    if kind == "extra_rover":
        return [cell_name(c) for c in _first_tile_cells(s)]
    raise NotImplementedError(kind)


def describe(item: dict) -> str:
    kind = item["kind"]
    n = item.get("count", 1)
    if kind == "regress":
        steps = f" {item['times']} steps (as far as it can)" if item.get("times", 1) > 1 else " one step"
        which = "any tracker" if len(item["options"]) == len(TRACKS) else " or ".join(item["options"])
        return f"move {which} down{steps} (event)"
    return {
        "collect_meteorite": f"collect {n} meteorite(s) from your planet, no rover needed (event)",
        "destroy_lifepod": f"remove {n} lifepod(s) on your planet from the game (event)",
        "lose_lifepod": f"remove {n} of your collected lifepods from the game: 'score' or one on your board (event)",
        "destroy_rover": f"remove {n} of your rovers on the planet from the game (event)",
        "add_meteorite": "put a meteorite on an empty meteorite symbol of your tiles (event)",
        "discard_objective": "throw away one of your private objectives (event)",
        "rotate_station": "turn the station: how many depots clockwise (0-5) to bring the depot you want "
                          "in front of you (event; can't be undone)",
        "remove_stack": "throw away the small or the large stack of your depot (event; can't be undone)",
        "event_choice": "choose: 'synergy' (advance any tracker one step) or 'peek' (look at the next event "
                        "card; can't be undone)",
        "extra_rover": "put your extra rover on a square of the tile you placed this round (event)",
    }[kind]


def _key(item: dict, value: str, allowed: list[str]) -> str:
    text = " ".join(value.split())
    for key in (text.lower(), text.upper(), text):
        if key in allowed:
            return key
    shown = ", ".join(allowed[:12]) + (" ..." if len(allowed) > 12 else "")
    raise IllegalAction(f"'{value}' does not settle item {item['id']} ({describe(item)}); "
                        f"choose one of: {shown or 'nothing (it will be dropped)'}")


def resolve(state, seat: int, item: dict, value: str) -> None:
    """Settle one of this module's items. Raises IllegalAction (nothing changed) when the
    value is not one of ``item_values``."""
    key = _key(item, value, item_values(state, seat, item))
    _settle(state, seat, item, key)


def _settle(state, seat: int, item: dict, key: str) -> None:
    s = state.seats[seat]
    b = s.board
    kind = item["kind"]
    done = True
    if kind == "regress":
        # C6: the chosen tracker goes down as far as it can, up to the amount; no rewards. Each
        # step is the corporation's own regress: Oasis' water path and blocked spaces,
        # Makeshift's columns, Cosmos' covered spaces
        for _ in range(item.get("times", 1)):
            if not corps.regress(state, seat, key):
                break
    elif kind in ("collect_meteorite", "destroy_lifepod", "add_meteorite"):
        cell = parse_cell(key)
        if kind == "collect_meteorite":
            corps.collect_meteorite(state, seat, cell)  # Horizon tech 3: any collection brings a patch
        elif kind == "destroy_lifepod":
            b.lifepods.remove(cell)
        else:
            b.meteorites.append(cell)
            for i, pos in enumerate(b.rovers):
                if pos == cell:
                    b.rovers[i] = None  # the meteorite crushes a rover standing there
        item["count"] -= 1
        done = item["count"] <= 0
    elif kind == "lose_lifepod":
        corps.lose_lifepod(state, seat, key)
        item["count"] -= 1
        done = item["count"] <= 0
    elif kind == "destroy_rover":
        cell = parse_cell(key)
        b.rovers[b.rovers.index(cell)] = None
        item["count"] -= 1
        done = item["count"] <= 0
    elif kind == "discard_objective":
        s.corp.objectives.remove(int(key))
        state.objective_deck.append(int(key))
        item["count"] -= 1
        done = item["count"] <= 0
    elif kind == "rotate_station":
        state.station["rotation"] = (state.station["rotation"] - int(key)) % 6
    elif kind == "remove_stack":
        slot = R.seat_depot(state, seat)[key]
        state.station[key][slot] = []
    elif kind == "event_choice":
        if key == "synergy":
            R._add(s, "advance", options=list(TRACKS), source="event", picks=1, times=1, claim=True, event=True,
                   synergy=True)
        else:
            _ev(state)["peeks"][str(seat)] = _ev(state)["deck"][0]
    elif kind == "extra_rover":
        cell = parse_cell(key)
        b.rovers.append(cell)  # beyond the corporation's supply
        R._rover_arrives(state, seat, len(b.rovers) - 1, cell)
    if done and item in s.pending:
        s.pending.remove(item)
    if kind in ("rotate_station", "remove_stack") or (kind == "event_choice" and key == "peek"):
        R._baseline(s)  # a choice that can't be taken back: undo returns here


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
    raise DataError(f"no solo band for {count} cards")


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
    raise DataError(f"no epilogue band for {delta}")


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
