"""Final scoring (rulebook 2023 p.7 "Décompte des médailles", RULINGS S1-S3).

A  complete rows and columns: every grid square covered and no meteorite in the line, plus
   the planet's own medals (Gaia's visible cities, Cerberus' covered globes: engine/planets.py).
B  each tracker scores the highest medal at or below it.
C  collected lifepods (1 each) and meteorites (1 per full set of 3); civ cards change these
   values (Space Citizen Decree: +1 per lifepod; Meteorite Repo: +1 per set per card).
D  end-game civ cards (flat medals, biomass patches on the planet, Commerce Agreement set).
E  private objectives met (5 each).
F  neighbour objectives (5 to the better player of each pair, 2 each on a tie).
Ties: fewest uncovered squares, then fewest meteorites left on the planet; still tied, the
players share the place.

``score(state)`` can be called at any moment for a current standing; ``final_scores`` is the
same breakdown stored in the state once the game is over.
"""
from __future__ import annotations

from i18n import _, ngettext

from . import corporations as corps
from . import data as D
from . import events as E
from . import planets as P
from .objectives import compare, neighbour_pairs, neighbour_value, private_met
from .state import GameState

SPACE_CITIZEN = 28


def _lines(state: GameState, seat: int) -> dict:
    b = state.seats[seat].board
    p = b.planet
    full_rows, full_cols = b.full_lines()
    rows = [{"row": D.ROW_LETTERS[r], "medals": p.row_medals[r]} for r in full_rows]
    cols = [{"column": c + 1, "medals": p.column_medals[c]} for c in full_cols]
    planet = P.bonus(b)
    return {"rows": rows, "columns": cols, "planet": planet,
            "total": sum(x["medals"] for x in rows + cols + planet)}


def track_medals(corp_id: str, trackers: dict[str, int], special: dict | None = None) -> dict[str, int]:
    """Medals each tracker scores where it stands (category B; corporation boards such as
    Cosmos' covered spaces or Makeshift's columns change where that is)."""
    return corps.track_medals(corp_id, trackers, special or {})


def _tracks(state: GameState, seat: int) -> dict:
    corp = state.seats[seat].corp
    out = track_medals(corp.corp_id, corp.trackers, corp.special)
    out["total"] = sum(out.values())
    return out


def _count_set(cards: list[int], name: str) -> int:
    return sum(1 for c in cards if c in D.civ_sets()[name]["cards"])


def _collected(state: GameState, seat: int) -> dict:
    corp = state.seats[seat].corp
    cards = corp.civ_cards
    per_pod = 1 + (1 if SPACE_CITIZEN in cards else 0)
    per_trio = 1 + _count_set(cards, "meteorite_repo")
    lifepods = corp.lifepods * per_pod
    meteorites = (corp.meteorites // 3) * per_trio
    return {"lifepods": corp.lifepods, "lifepod_medals": lifepods, "medals_per_lifepod": per_pod,
            "meteorites": corp.meteorites, "meteorite_medals": meteorites, "medals_per_trio": per_trio,
            "total": lifepods + meteorites}


def _civ(state: GameState, seat: int) -> dict:
    s = state.seats[seat]
    items = []
    for card_id in s.corp.civ_cards:
        card = D.civ_card(card_id)
        if card.timing != "end_game":
            continue
        medals = 0
        for op in card.effect:
            if op["op"] == "medals":
                medals += op["amount"]
            elif op["op"] == "score_per" and op["what"] == "biomass_patch_on_planet":
                medals += op["medals"] * len(s.board.patches)
        if medals:
            items.append({"card": card_id, "name": card.name, "medals": medals})
    commerce = _count_set(s.corp.civ_cards, "commerce_agreement")
    if commerce:
        medals = D.civ_sets()["commerce_agreement"]["medals_by_count"][str(commerce)]
        items.append({"card": None, "name": f"Commerce Agreement x{commerce}", "medals": medals})
    return {"cards": items, "total": sum(i["medals"] for i in items)}


def _private(state: GameState, seat: int) -> dict:
    out = []
    cards = list(state.seats[seat].corp.objectives)
    if state.players == 1:  # solo: an objective kept for the table (Jump Drive tech 6) is private
        cards += corps.table_objectives(state)
    for card_id in cards:
        card = D.objective_card(card_id)
        met = private_met(state, seat, card.private)
        out.append({"card": card_id, "name": card.private_name, "met": met, "medals": 5 if met else 0})
    return {"objectives": out, "total": sum(o["medals"] for o in out)}


def _neighbours(state: GameState) -> list[dict]:
    per_seat: list[dict] = [{"objectives": [], "total": 0} for _ in state.seats]
    for index, a, b in neighbour_pairs(state.players):
        if index >= len(state.neighbour_objectives):
            continue
        card = D.objective_card(state.neighbour_objectives[index])
        va = neighbour_value(state, a, card.neighbour)
        vb = neighbour_value(state, b, card.neighbour)
        for me, other, mine, theirs in ((a, b, va, vb), (b, a, vb, va)):
            medals = compare(card.neighbour, mine, theirs)
            per_seat[me]["objectives"].append({"card": card.id, "name": card.neighbour_name, "against": other,
                                               "value": mine, "their_value": theirs, "medals": medals})
            per_seat[me]["total"] += medals
    if state.players > 1:  # kept for the whole table (Jump Drive tech 6): the best value wins
        for card_id in corps.table_objectives(state):
            card = D.objective_card(card_id)
            values = [neighbour_value(state, seat, card.neighbour) for seat in range(state.players)]
            best = [seat for seat in range(state.players)
                    if all(compare(card.neighbour, values[seat], v) != 0 for v in values)]
            for seat in range(state.players):
                medals = (5 if len(best) == 1 else 2) if seat in best else 0
                per_seat[seat]["objectives"].append({"card": card.id, "name": card.neighbour_name, "against": None,
                                                     "value": values[seat], "their_value": None, "medals": medals})
                per_seat[seat]["total"] += medals
    return per_seat


def score(state: GameState) -> dict:
    """The A-F breakdown of every player, totals and the ranking with its tie-breaks."""
    neighbours = _neighbours(state)
    players = []
    for seat, s in enumerate(state.seats):
        parts = {"A": _lines(state, seat), "B": _tracks(state, seat), "C": _collected(state, seat),
                 "D": _civ(state, seat), "E": _private(state, seat), "F": neighbours[seat]}
        players.append({"seat": seat, **parts, "total": sum(p["total"] for p in parts.values()),
                        "uncovered": s.board.uncovered(), "meteorites_on_planet": len(s.board.meteorites)})
    keyed = sorted(players, key=lambda p: (-p["total"], p["uncovered"], p["meteorites_on_planet"], p["seat"]))
    place = 0
    prev = None
    for i, p in enumerate(keyed):
        key = (p["total"], p["uncovered"], p["meteorites_on_planet"])
        if key != prev:
            place = i + 1
            prev = key
        p["place"] = place
    for p in keyed:
        same_total = [q for q in keyed if q["total"] == p["total"] and q is not p]
        if not same_total:
            p["tie_break"] = None
        elif any(q["place"] == p["place"] for q in same_total):
            p["tie_break"] = "tied on medals, uncovered squares and meteorites: shared place"
        elif any(q["uncovered"] != p["uncovered"] for q in same_total):
            p["tie_break"] = f"tied on medals; {p['uncovered']} uncovered squares decides"
        else:
            p["tie_break"] = f"tied on medals and squares; {p['meteorites_on_planet']} meteorites decides"
    winners = [p["seat"] for p in keyed if p["place"] == 1]
    return {"players": players, "ranking": [p["seat"] for p in keyed], "winners": winners}


def tie_break_text(player: dict) -> str:
    """The tie-break that decided ``player``'s place (one entry of a result's players), in the
    reader's language; '' when their total was not tied. The result keeps the English note
    (stored states are never translated); this rebuilds it from the numbers."""
    tie = player.get("tie_break")
    if not tie:
        return ""
    if "shared place" in tie:
        return _("tied on medals, uncovered squares and meteorites: shared place")
    if tie.startswith("tied on medals;"):
        n = player["uncovered"]
        return ngettext("tied on medals; {n} uncovered square decides", "tied on medals; {n} uncovered squares decides",
                        n).format(n=n)
    n = player["meteorites_on_planet"]
    return ngettext("tied on medals and squares; {n} meteorite decides", "tied on medals and squares; {n} meteorites "
                    "decides", n).format(n=n)


def final_scores(state: GameState) -> dict:
    """The final result; a solo game with events adds its target and epilogue (p.10)."""
    result = score(state)
    solo = E.solo_result(state, result["players"][0]["total"]) if state.players == 1 else None
    if solo is not None:
        result["solo"] = solo
    return result
