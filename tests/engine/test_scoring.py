"""Final scoring, category by category (rulebook 2023 p.7, RULINGS S1-S3, cards.md section 4).

A complete rows/columns (no meteorite in the line), B each tracker's highest medal at or below
it, C lifepods and meteorite trios, D end-game civ cards, E private objectives, F neighbour
objectives (3+ players: card i between seat i and seat i+1; 2 players: three shared cards),
then the ranking with its tie-breaks: fewest uncovered squares, then fewest meteorites left
on the planet, then a shared place.

Positions are built with engine/scenario.py. A few tests then set the objective cards on the
table or kept by hand, on purpose: a card shown twice (the same Geode between every pair,
Cleanup kept by two players and lying on the table) or a table with no neighbour card
isolates the category or the tie-break under test; no deal of the game shows that, so the
scenario refuses it (tests/engine/test_public_api.py lists each such edit).
"""
from __future__ import annotations

import pytest

import engine.data as D
from engine import apply, score
from engine.actions import Move
from engine.scenario import Scenario, grant

from .helpers_cards import PLANET, lay, new, sq, tile_id

FAMILIES = [("civ", "energy"), ("energy", "water"), ("rover", "tech"), ("tech", "biomass"), ("water", "rover"),
            ("biomass", "civ")]

# KSB-4156 as printed: medals at the end of each row (A-L) and below each column (1-12)
ROW_MEDALS = [1, 1, 1, 2, 2, 3, 3, 2, 2, 1, 1, 1]
COLUMN_MEDALS = [1, 1, 1, 2, 2, 3, 3, 2, 2, 1, 1, 1]

# Universal Coalition medal spaces (corporations.md section 3): space -> medal
MEDAL_SPACES = {
    "civ": {2: 1, 5: 2, 9: 3, 15: 5},
    "water": {2: 1, 4: 2, 6: 3, 8: 4, 10: 5, 13: 7, 15: 10},
    "biomass": {5: 1, 8: 2, 12: 3, 15: 5},
    "rover": {8: 1, 12: 2, 15: 5},
    "tech": {6: 1, 13: 2, 15: 5},
}


def I4(fam, meteor=False):
    return tile_id("I4", *FAMILIES[fam], meteor=meteor)


def I2(fam, meteor=False):
    return tile_id("I2", *FAMILIES[fam], meteor=meteor)


def player(state, seat):
    return score(state)["players"][seat]


def grid_names(mask):
    return [D.cell_name(c) for c in D.cells_of(mask)]


# --------------------------------------------------------------------------- A: rows and columns


@pytest.mark.parametrize("row", range(12), ids=list("ABCDEFGHIJKL"))
def test_a_complete_row_scores_its_medal(row):
    cells = grid_names(PLANET.row_masks[row])
    state = new(2).seat(0).patch(*cells).start()
    a = player(state, 0)["A"]
    assert a["rows"] == [{"row": "ABCDEFGHIJKL"[row], "medals": ROW_MEDALS[row]}]
    assert a["columns"] == [] and a["total"] == ROW_MEDALS[row]


@pytest.mark.parametrize("col", range(12), ids=[str(c + 1) for c in range(12)])
def test_a_complete_column_scores_its_medal(col):
    state = new(2).seat(0).patch(*grid_names(PLANET.column_masks[col])).start()
    a = player(state, 0)["A"]
    assert a["columns"] == [{"column": col + 1, "medals": COLUMN_MEDALS[col]}]
    assert a["rows"] == [] and a["total"] == COLUMN_MEDALS[col]


def test_a_one_open_square_and_the_line_scores_nothing():
    state = new(2).seat(0).patch(*(n for n in grid_names(PLANET.row_masks[5]) if n != "F12")).start()
    assert player(state, 0)["A"]["total"] == 0


@pytest.mark.parametrize("meteor,rows,columns", [
    ("F6", [], []),  # on the crossing square: spoils the row AND the column
    ("F9", [], [6]),  # only in row F
    ("C6", ["F"], []),  # only in column 6
    (None, ["F"], [6]),
])
def test_a_meteorite_spoils_its_row_and_its_column(meteor, rows, columns):
    """Row F and column 6 are fully covered; a meteorite on a tile square keeps the lines it
    lies in from scoring (3 medals each)."""
    seat = new(2).seat(0)
    if meteor == "F9":
        covered = ["F9", "F10"]
        lay(seat, I2(0, True), "F9! F10")
    elif meteor == "C6":
        covered = ["C6", "D6"]
        lay(seat, I2(0, True), "C6! D6")
    elif meteor == "F6":
        covered = ["F6", "F7"]
        lay(seat, I2(0, True), "F6! F7")
    else:
        covered = ["F6", "F7"]
        lay(seat, I2(0), "F6 F7")
    line = set(grid_names(PLANET.row_masks[5]) + grid_names(PLANET.column_masks[5]))
    seat.patch(*sorted((n for n in line if n not in covered), key=sq))
    state = seat.start()
    b = state.seats[0].board
    assert b.meteorites == ([sq(meteor)] if meteor else [])
    a = player(state, 0)["A"]
    assert [r["row"] for r in a["rows"]] == rows
    assert [c["column"] for c in a["columns"]] == columns
    assert a["total"] == 3 * (len(rows) + len(columns))


def test_a_meteorite_collected_by_a_rover_no_longer_spoils():
    seat = new(2).seat(0)
    lay(seat, I2(0, True), "F6! F7").rovers("G6")
    seat.patch(*(n for n in grid_names(PLANET.row_masks[5]) if n not in ("F6", "F7")))
    state = seat.start()
    b = state.seats[0].board
    assert player(state, 0)["A"]["total"] == 0
    grant(state, 0, "move 1")
    apply(state, 0, Move(1, "up"))  # G6 -> F6: the rover collects the meteorite
    assert sq("F6") not in b.meteorites and state.seats[0].corp.meteorites == 1
    assert player(state, 0)["A"]["total"] == 3


# --------------------------------------------------------------------------- B: trackers


@pytest.mark.parametrize("track", list(MEDAL_SPACES))
def test_b_each_tracker_scores_the_highest_medal_at_or_below_it(track):
    for pos in range(16):
        state = new(2).seat(0).trackers(**{track: pos}).start()
        expected = max((m for space, m in MEDAL_SPACES[track].items() if space <= pos), default=0)
        b = player(state, 0)["B"]
        assert b[track] == expected, (track, pos)
        assert b["total"] == expected


def test_b_all_trackers_add_up():
    state = new(2).seat(0).trackers(civ=7, water=10, biomass=12, rover=9, tech=14).start()
    b = player(state, 0)["B"]
    assert {t: b[t] for t in MEDAL_SPACES} == {"civ": 2, "water": 5, "biomass": 3, "rover": 1, "tech": 2}
    assert b["total"] == 13


# --------------------------------------------------------------------------- C: lifepods and meteorites


@pytest.mark.parametrize("lifepods,meteorites,expected", [(0, 0, 0), (3, 0, 3), (0, 2, 0), (0, 3, 1), (2, 7, 4),
                                                          (1, 9, 4), (5, 11, 8)])
def test_c_lifepods_one_each_meteorites_one_per_full_trio(lifepods, meteorites, expected):
    state = new(2).seat(0).collected(lifepods=lifepods, meteorites=meteorites).start()
    c = player(state, 0)["C"]
    assert c["lifepod_medals"] == lifepods
    assert c["meteorite_medals"] == meteorites // 3
    assert c["total"] == expected


def test_c_pieces_left_on_the_planet_do_not_score():
    state = lay(new(2).seat(0), I2(0, True), "F6! F7").start()
    b = state.seats[0].board
    assert len(b.lifepods) == 6 and len(b.meteorites) == 1
    assert player(state, 0)["C"]["total"] == 0


# --------------------------------------------------------------------------- the full end position


def _end_position(players=3):
    """Seats 0-2 of the full end position (seats 0-1 only with 2 players)."""
    sc = new(players)
    for i in range(players):
        sc.seat(i).lifepods()

    # seat 0: row A and column 1 complete (1 + 1); column 12 covered but a meteorite on G12
    s0 = sc.seat(0)
    lay(s0, I2(0), "A6 A7")
    lay(s0, I2(1), "F1 G1")
    lay(s0, I2(2, True), "F12 G12!")
    s0.patch("H4 H5").trackers(civ=7, water=10, biomass=12, rover=9, tech=14)
    s0.collected(lifepods=2, meteorites=7).civ_cards(7, 22)

    # seat 1: row F (3) and column 6 (3) complete, and row A (1)
    s1 = sc.seat(1)
    lay(s1, I4(0), "F1 F2 F3 F4")
    lay(s1, I4(1), "F5 F6 F7 F8")
    lay(s1, I4(2), "F9 F10 F11 F12")
    lay(s1, I4(3), "B6 C6 D6 E6")
    lay(s1, I4(4), "G6 H6 I6 J6")
    lay(s1, I2(0), "A6 A7")
    lay(s1, I2(1), "K6 L6")
    s1.trackers(civ=15, water=13, biomass=4, rover=15, tech=6)
    s1.collected(lifepods=4, meteorites=2).civ_cards(28, 33, 34)

    if players > 2:  # seat 2: the same lines covered, but one meteorite on F6 spoils row F and column 6
        s2 = sc.seat(2)
        lay(s2, I4(0), "F1 F2 F3 F4")
        lay(s2, I2(3, True), "F6! G6")
        lay(s2, I4(1), "F7 F8 F9 F10")
        lay(s2, I2(4), "F11 F12")
        lay(s2, I4(2), "B6 C6 D6 E6")
        lay(s2, I4(3), "H6 I6 J6 K6")
        lay(s2, I2(0), "A6 A7")
        s2.patch("F5 L6").trackers(civ=2, water=1, biomass=8, rover=12, tech=13)
        s2.collected(lifepods=0, meteorites=9).civ_cards(29, 30, 27)

    # Geode (most meteorites) seats 0-1, Rescue (most lifepods) seats 1-2, Pinnacle seats 2-0
    sc.neighbour_objectives(61, 62, 60)
    state = sc.start()
    # By hand on purpose: Cleanup (61) kept by seats 0 and 2 while it also lies on the table
    # scores the same condition for 7 and 9 collected meteorites in one position; one card
    # cannot be in three places in a real game.
    for seat, card in ((0, 61), (1, 55), (2, 61))[:players]:
        state.seats[seat].corp.objectives = [card]
    return state


def _end_position_3p():
    return _end_position(3)


def test_full_end_position_three_players_category_by_category():
    result = score(_end_position_3p())
    p0, p1, p2 = result["players"]

    assert p0["A"]["rows"] == [{"row": "A", "medals": 1}]
    assert p0["A"]["columns"] == [{"column": 1, "medals": 1}]
    assert p1["A"]["rows"] == [{"row": "A", "medals": 1}, {"row": "F", "medals": 3}]
    assert p1["A"]["columns"] == [{"column": 6, "medals": 3}]
    assert p2["A"]["rows"] == [{"row": "A", "medals": 1}] and p2["A"]["columns"] == []
    assert [p["A"]["total"] for p in (p0, p1, p2)] == [2, 7, 1]

    assert [p["B"]["total"] for p in (p0, p1, p2)] == [2 + 5 + 3 + 1 + 2, 5 + 7 + 0 + 5 + 1, 1 + 0 + 2 + 2 + 2]

    assert (p0["C"]["lifepod_medals"], p0["C"]["meteorite_medals"]) == (2, 2)
    assert (p1["C"]["lifepod_medals"], p1["C"]["meteorite_medals"]) == (8, 0)  # Space Citizen Decree
    assert (p2["C"]["lifepod_medals"], p2["C"]["meteorite_medals"]) == (0, 9)  # 3 trios x (1 + 2 repo)
    assert [p["C"]["total"] for p in (p0, p1, p2)] == [4, 8, 9]

    assert sorted(c["medals"] for c in p0["D"]["cards"]) == [2, 2]  # Rising Planet Award, 2 patches
    assert p1["D"]["total"] == 3  # Commerce Agreement x2
    assert p2["D"]["total"] == 4  # Best Planet to Live on Award; repo cards score in C
    assert [p["D"]["total"] for p in (p0, p1, p2)] == [4, 3, 4]

    assert [p["E"]["total"] for p in (p0, p1, p2)] == [0, 5, 5]  # Cleanup 7<9, Crowd Source, Cleanup 9

    def f(p):
        return [(o["card"], o["against"], o["value"], o["their_value"], o["medals"]) for o in p["F"]["objectives"]]

    assert sorted(f(p0)) == [(60, 2, 0, 0, 2), (61, 1, 7, 2, 5)]
    assert sorted(f(p1)) == [(61, 0, 2, 7, 0), (62, 2, 4, 0, 5)]
    assert sorted(f(p2)) == [(60, 0, 0, 0, 2), (62, 1, 0, 4, 0)]
    assert [p["F"]["total"] for p in (p0, p1, p2)] == [7, 5, 2]

    assert [p["total"] for p in (p0, p1, p2)] == [30, 46, 28]
    assert result["ranking"] == [1, 0, 2]
    assert [p["place"] for p in (p0, p1, p2)] == [2, 1, 3]
    assert result["winners"] == [1]


def test_full_end_position_two_players_three_shared_cards():
    result = score(_end_position(2))
    p0, p1 = result["players"]
    # Geode 7 v 2, Rescue 2 v 4, Pinnacle 0 v 2 (civ and rover at the top)
    assert [(o["card"], o["value"], o["their_value"], o["medals"]) for o in p0["F"]["objectives"]] == [
        (61, 7, 2, 5), (62, 2, 4, 0), (60, 0, 2, 0)]
    assert [(o["card"], o["value"], o["their_value"], o["medals"]) for o in p1["F"]["objectives"]] == [
        (61, 2, 7, 0), (62, 4, 2, 5), (60, 2, 0, 5)]
    assert (p0["F"]["total"], p1["F"]["total"]) == (5, 10)
    assert (p0["total"], p1["total"]) == (2 + 13 + 4 + 4 + 0 + 5, 7 + 18 + 8 + 3 + 5 + 10)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_f_card_i_sits_between_seat_i_and_the_next_seat(players):
    """Geode on every card; seat i collected i meteorites: on card i, seat i+1 has more."""
    sc = new(players)
    for i in range(players):
        sc.seat(i).collected(meteorites=i + 1)
    state = sc.start()
    state.neighbour_objectives = [61] * players  # by hand on purpose: one Geode between every pair
    res = score(state)["players"]
    for i in range(players):
        nxt = (i + 1) % players
        prv = (i - 1) % players
        against = sorted(o["against"] for o in res[i]["F"]["objectives"])
        assert against == sorted({nxt, prv})
        mine = {o["against"]: o["medals"] for o in res[i]["F"]["objectives"]}
        assert mine[nxt] == (5 if i == players - 1 else 0)
        assert mine[prv] == (0 if i == 0 else 5)


def test_f_three_players_uses_the_card_between_the_pair():
    """Rescue between seats 0|1, Geode 1|2, Pinnacle 2|0: seat 1's civ tracker at the top
    does not help it, Pinnacle is not one of its cards."""
    sc = new(3).neighbour_objectives(62, 61, 60)  # Rescue 0|1, Geode 1|2, Pinnacle 2|0
    sc.seat(1).trackers(civ=15).seat(0).collected(lifepods=1).seat(2).collected(meteorites=3)
    res = score(sc.start())["players"]
    cards = [sorted((o["card"], o["medals"]) for o in p["F"]["objectives"]) for p in res]
    assert cards[0] == [(60, 2), (62, 5)]
    assert cards[1] == [(61, 0), (62, 0)]  # civ at the top does not help seat 1: it is not on Pinnacle
    assert cards[2] == [(60, 2), (61, 5)]


# --------------------------------------------------------------------------- ranking and tie-breaks


def _blank(sc):
    """The game of scenario ``sc``, with no neighbour card on the table: by hand on purpose,
    so the ranking tests see only the medals and tie-breaks they set up."""
    state = sc.start()
    state.neighbour_objectives = []
    return state


def test_more_medals_beats_fewer_uncovered_squares():
    sc = new(3)
    sc.seat(0).trackers(civ=2)  # 1 medal, nothing covered
    sc.seat(1).patch("A6 B6 C6").seat(2).patch("A6 B6")
    state = _blank(sc)
    res = score(state)
    assert [p["total"] for p in res["players"]] == [1, 0, 0]
    assert [p["uncovered"] for p in res["players"]] == [96, 93, 94]
    assert res["ranking"] == [0, 1, 2]
    assert [p["place"] for p in res["players"]] == [1, 2, 3]
    assert res["winners"] == [0]


def test_tie_on_medals_fewest_uncovered_squares_wins():
    sc = new(3)
    sc.seat(0).patch("A6 B6").seat(1).patch("A6 B6 C6 D6").seat(2).patch("A6 B6 C6")
    state = _blank(sc)
    res = score(state)
    assert [p["total"] for p in res["players"]] == [0, 0, 0]
    assert res["ranking"] == [1, 2, 0]
    assert [p["place"] for p in res["players"]] == [3, 1, 2]
    assert res["winners"] == [1]


def test_tie_on_medals_and_squares_fewest_meteorites_on_the_planet_wins():
    sc = new(2)
    lay(sc.seat(0), I2(0, True), "F6! F7")  # a meteorite stays on seat 0's planet
    lay(sc.seat(1), I2(0), "F6 F7").collected(meteorites=2)  # collected ones do not count for the tie-break
    state = _blank(sc)
    res = score(state)
    assert [p["total"] for p in res["players"]] == [0, 0]
    assert [p["uncovered"] for p in res["players"]] == [94, 94]
    assert [p["meteorites_on_planet"] for p in res["players"]] == [1, 0]
    assert res["ranking"] == [1, 0]
    assert [p["place"] for p in res["players"]] == [2, 1]
    assert res["winners"] == [1]


def test_complete_tie_shares_the_place():
    sc = new(3)
    for seat in (0, 2):
        lay(sc.seat(seat), I2(0, True), "F6! F7")
    sc.seat(1).patch("F6")
    state = _blank(sc)
    res = score(state)
    places = [p["place"] for p in res["players"]]
    assert places[0] == places[2] == 1  # both first
    assert places[1] > 1  # seat 1 covered fewer squares
    assert sorted(res["winners"]) == [0, 2]


def test_tie_break_explanation_of_players_sharing_a_place():
    """Same position as above: what each player is told. Seats 0 and 2 share first place
    (nothing separates them); seat 1 is behind them on uncovered squares."""
    sc = new(3)
    for seat in (0, 2):
        lay(sc.seat(seat), I2(0, True), "F6! F7")
    sc.seat(1).patch("F6")
    state = _blank(sc)
    res = score(state)
    assert "uncovered" in res["players"][1]["tie_break"]
    assert "shared" in res["players"][0]["tie_break"]
    assert "shared" in res["players"][2]["tie_break"]


def test_complete_tie_two_players_both_first():
    sc = new(2)
    for seat in (0, 1):
        lay(sc.seat(seat), I2(seat, True), "F6! F7").trackers(water=2)
    state = _blank(sc)
    res = score(state)
    assert [p["total"] for p in res["players"]] == [1, 1]
    assert [p["place"] for p in res["players"]] == [1, 1]
    assert sorted(res["winners"]) == [0, 1]
    assert all("shared" in p["tie_break"] for p in res["players"])


def test_result_stored_at_the_end_equals_score():
    state = _end_position_3p()
    expected = score(state)
    state = Scenario.from_state(state).start(step="final")  # nobody has anything left to decide
    assert state.phase == "over"
    assert state.result == expected
