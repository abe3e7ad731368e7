"""Engine tests build positions with engine/scenario.py and change them through the rules
(``apply``, ``grant``), never by writing into the game state: a hand edit can set up a
position no game reaches, is wiped by undo, and silently breaks when the state's layout
changes (issue 14).

The scan reads every test module of tests/engine and tests/autopilot and reports each statement that writes into
the state through one of its field names: an assignment or augmented assignment whose target
goes through a field of GameState, Seat, Corp or Board (``g.seats[0].corp.trackers["civ"] =
3``, ``b.rovers = [...]``, ``state.extra["events"] = ...``), a list or dict mutator called on
such a field (``b.meteorites.append(...)``, ``state.station["small"][0].remove(...)``), and the
board's own writers (``place_tile``, ``place_patch``). It follows names, not values: writes
through a local alias of a state list (``pile = state.station[...]; pile.append(t)``) are not
seen (conftest.give takes its tile out of a stack that way: its entry below covers it).
Writes to a bare Board a test makes itself (``Board("arashi")``, ``Board.from_json``, a module
function annotated ``-> Board``) are unit tests of engine/board.py, not game positions, and
are not counted.

ALLOWED lists the writes kept on purpose, by file, enclosing function and the exact statement,
each with its reason; a new write anywhere else fails the first test.
"""
from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

from engine.board import Board
from engine.state import Corp, GameState, Seat

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
SCANNED = (HERE, HERE.parent / "autopilot")  # the computer player's tests build positions too


def state_fields() -> set[str]:
    names = {f.name for cls in (GameState, Seat, Corp) for f in dataclasses.fields(cls)}
    names |= set(vars(Board("ksb-4156", lifepods=[])))
    return names


FIELDS = state_fields()
MUTATORS = {"append", "extend", "insert", "remove", "pop", "clear", "update", "setdefault", "sort", "reverse",
            "popitem", "discard", "add"}
BOARD_WRITERS = {"place_tile", "place_patch"}

WHY_UNREACHABLE_TABLE = "a neighbour table no deal shows (one card, a card twice, or none) isolates the medals tested"
WHY_CLEANUP_TWICE = "Cleanup (61) kept by two seats and lying on the table: one card in three places"
WHY_ARASHI_R7 = "Arashi R7: a position no game reaches, which the scenario refuses (see the test's docstring)"
WHY_GIVE = ("conftest.give: the tile a seat picks next during play, after start (Scenario.depot sets the tops "
            "when the round opens only); used by about 150 calls")
WHY_QUIET = "quiet_turn: a tile placed without tracker advances, as an extra tile is (no public way yet)"
WHY_HIDDEN = ("the autopilot's hidden-information tests scramble what a seat cannot see, to prove it never "
              "reads it: not a position")
WHY_RULES_BRANCH = ("test_corporations.py is being rewritten on the rules branch (start-of-round movement, "
                    "Jump Drive, Wormhole): moved onto Scenario after that merge")

# (file, function, statement) -> reason
ALLOWED: dict[tuple[str, str, str], str] = {}


def _allow(file: str, function: str, reason: str, *statements: str) -> None:
    for s in statements:
        ALLOWED[(file, function, s)] = reason


_allow("test_scoring.py", "_end_position", WHY_CLEANUP_TWICE, "state.seats[seat].corp.objectives = [card]")
_allow("test_scoring.py", "test_f_card_i_sits_between_seat_i_and_the_next_seat",
       WHY_UNREACHABLE_TABLE, "state.neighbour_objectives = [61] * players")
_allow("test_scoring.py", "_blank", WHY_UNREACHABLE_TABLE, "state.neighbour_objectives = []")
_allow("test_objectives.py", "neighbour_game", WHY_UNREACHABLE_TABLE, "state.neighbour_objectives = [card_id]")
_allow("test_objectives.py", "test_biomass_patches_join_and_extend_biomass_areas", WHY_UNREACHABLE_TABLE,
       "state.neighbour_objectives = [42, 48, 42]")
_allow("conftest.py", "give", WHY_GIVE, "state.station[stack][slot].append(tile_id)")
_allow("test_corporations.py", "quiet_turn", WHY_QUIET, "g.seats[seat].hand_advances = False")
_allow("test_planets.py", "seat_board", WHY_ARASHI_R7, "g.seats[0].board = board")
_allow("test_autopilot.py", "hidden_twin", WHY_HIDDEN,
       "twin.seed += 1000",
       "twin.civ_box[twin.civ_box.index(box[0])] = pile[0]",
       "twin.objective_deck.reverse()",
       "s.corp.objectives = sorted(twin.objective_deck[:len(s.corp.objectives)])")
_allow("test_autopilot.py", "test_no_level_reads_what_the_seat_cannot_see", WHY_HIDDEN,
       "g.civ_piles = {rank: [UNSEEN] * len(pile) for rank, pile in g.civ_piles.items()}",
       "g.civ_box = [UNSEEN] * len(g.civ_box)",
       "g.objective_deck = [UNSEEN] * len(g.objective_deck)",
       "g.seats[2].corp.objectives = [UNSEEN]",
       "g.seats[other].snapshot['corp']['objectives'] = [UNSEEN]",
       "g.seats[1].board = Unseen()",
       "g.seats[1].corp = Unseen()",
       "g.seed = Unseen()")
_allow("test_corporations.py", "tracker_at", WHY_RULES_BRANCH, "g.seats[0].corp.trackers.update(pos)")
_allow("test_corporations.py", "test_horizon_a_loaded_rover_leaves_other_meteorites_where_they_are",
       WHY_RULES_BRANCH, "s.board.meteorites.append(sq('G3'))")
_allow("test_corporations.py", "test_horizon_tech4_a_loaded_rover_on_water_may_destroy_its_meteorite",
       WHY_RULES_BRANCH, "g.seats[0].board.place_tile(WATER_ROVER, 0, sq('F3'))", "g.seats[0].pool = 1")
_allow("test_corporations.py", "test_jump_drive_tech4_a_tech_icon_may_copy_like_energy", WHY_RULES_BRANCH,
       "g.seats[0].board.place_tile(CIV_ENERGY, 0, sq('F1'))")
_allow("test_corporations.py", "mk", WHY_RULES_BRANCH, "g.seats[0].corp.trackers[track] = row")
_allow("test_corporations.py", "test_republic_tech1_picking_a_civ_tile_gives_movement_before_placing",
       WHY_RULES_BRANCH, "g.seats[0].board.rovers = [sq('E3')]")


def _chain_fields(node: ast.AST) -> list[str]:
    """The attribute names along ``a.b[c].d`` (outermost last is not guaranteed: all of them)."""
    out = []
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        if isinstance(node, ast.Attribute):
            out.append(node.attr)
        node = node.value
    return out


def _writes_state(target: ast.AST) -> bool:
    if isinstance(target, (ast.Tuple, ast.List)):
        return any(_writes_state(t) for t in target.elts)
    return isinstance(target, (ast.Attribute, ast.Subscript)) and any(f in FIELDS for f in _chain_fields(target))


def _root(node: ast.AST) -> str | None:
    while isinstance(node, (ast.Attribute, ast.Subscript, ast.Call)):
        node = node.func if isinstance(node, ast.Call) else node.value
    return node.id if isinstance(node, ast.Name) else None


def _makes_board(value: ast.AST, makers: set[str]) -> bool:
    """``Board(...)``, ``Board.from_json(...)`` or a call of a module function annotated
    ``-> Board`` (``covered_except``, ``tartarus``)."""
    if not isinstance(value, ast.Call):
        return False
    f = value.func
    return (isinstance(f, ast.Name) and (f.id == "Board" or f.id in makers)) or (
        isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id == "Board")


def _bare_boards(function: ast.AST, makers: set[str]) -> set[str]:
    """Local names bound to a Board the function makes itself (``b = Board("arashi")``,
    ``one, two = Board.from_json(r), Board.from_json(r)``): unit tests of engine/board.py,
    not game positions."""
    names = set()
    for node in ast.walk(function):
        if not isinstance(node, ast.Assign):
            continue
        for t in node.targets:
            if isinstance(t, ast.Name) and _makes_board(node.value, makers):
                names.add(t.id)
            elif isinstance(t, ast.Tuple) and isinstance(node.value, ast.Tuple):
                names |= {e.id for e, v in zip(t.elts, node.value.elts)
                          if isinstance(e, ast.Name) and _makes_board(v, makers)}
    return names


def _returns_board(function: ast.AST) -> bool:
    r = getattr(function, "returns", None)
    return (isinstance(r, ast.Name) and r.id == "Board") or (isinstance(r, ast.Constant) and r.value == "Board")


def _on_bare_board(hit: ast.AST, bare: set[str]) -> bool:
    if isinstance(hit, ast.Call):
        return _root(hit.func) in bare
    if isinstance(hit, (ast.Assign, ast.Delete)):
        targets = hit.targets
    else:
        assert isinstance(hit, (ast.AugAssign, ast.AnnAssign))
        targets = [hit.target]
    return all(_root(t) in bare for t in targets)


def hand_edits(source: str) -> list[tuple[str, str, int]]:
    """(enclosing function, statement, line) for every write into the game state; writes to
    a bare Board the function made itself are not counted."""
    tree = ast.parse(source)
    found = []
    makers = {n.name for n in tree.body if isinstance(n, ast.FunctionDef) and _returns_board(n)}

    def visit(node: ast.AST, function: str, bare: set[str]) -> None:
        for child in ast.iter_child_nodes(node):
            fn, own = function, bare
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                fn, own = child.name, _bare_boards(child, makers)
            hit: ast.stmt | ast.Call | None = None
            if isinstance(child, ast.Assign) and any(_writes_state(t) for t in child.targets):
                hit = child
            elif isinstance(child, (ast.AugAssign, ast.AnnAssign)) and _writes_state(child.target):
                hit = child
            elif isinstance(child, ast.Delete) and any(_writes_state(t) for t in child.targets):
                hit = child
            elif isinstance(child, ast.Call) and isinstance(child.func, ast.Attribute):
                owner = child.func.value
                if child.func.attr in BOARD_WRITERS or (
                        child.func.attr in MUTATORS and isinstance(owner, (ast.Attribute, ast.Subscript))
                        and any(f in FIELDS for f in _chain_fields(owner))):
                    hit = child
            if hit is not None and not _on_bare_board(hit, own):
                found.append((fn, ast.unparse(hit), hit.lineno))
            visit(child, fn, own)

    visit(tree, "<module>", set())
    return found


def test_engine_tests_do_not_write_into_the_game_state():
    problems = []
    for path in sorted(p for folder in SCANNED for p in folder.glob("*.py")):
        for function, statement, line in hand_edits(path.read_text(encoding="utf-8")):
            if (path.name, function, statement) not in ALLOWED:
                problems.append(f"tests/engine/{path.name}:{line} in {function}: {statement}")
    assert problems == [], "build the position with engine/scenario.py (or change it with apply/grant)"


def test_every_allowed_edit_is_still_there():
    """An entry whose statement is gone is stale: remove it, so the list stays the exact set."""
    present = {(p.name, fn, st) for folder in SCANNED for p in folder.glob("*.py") for fn, st, _line in hand_edits(p.read_text("utf-8"))}
    assert sorted(k for k in ALLOWED if k not in present) == []


@pytest.mark.parametrize("source,expected", [
    ("def t(g):\n    g.seats[0].corp.trackers['civ'] = 3", ["g.seats[0].corp.trackers['civ'] = 3"]),
    ("def t(b):\n    b.rovers = [1]", ["b.rovers = [1]"]),
    ("def t(s):\n    s.corp.meteorites += 1", ["s.corp.meteorites += 1"]),
    ("def t(b):\n    b.meteorites.append(5)", ["b.meteorites.append(5)"]),
    ("def t(g):\n    g.station['small'][0].remove(9)", ["g.station['small'][0].remove(9)"]),
    ("def t(g):\n    g.extra['events']['deck'] = []", ["g.extra['events']['deck'] = []"]),
    ("def t(b):\n    b.place_tile(8, 0, 60)", ["b.place_tile(8, 0, 60)"]),
    ("def t(g):\n    del g.seats[0].pending[0]", ["del g.seats[0].pending[0]"]),
    ("def t(g):\n    b = Board('arashi')\n    b.place_tile(8, 0, 60)\n    g.seats[0].board = b", ["g.seats[0].board = b"]),
    # reads, local names and scenario calls are not writes
    ("def t(g, sc):\n    x = g.seats[0].board.rovers\n    piles = {}\n    piles['1'] = 2\n"
     "    sc.seat(0).rovers('F1').trackers(civ=3)\n    seen = []\n    seen.append(g.round)", []),
])
def test_the_scan_sees_writes_into_the_state(source, expected):
    assert [st for _fn, st, _line in hand_edits(source)] == expected
