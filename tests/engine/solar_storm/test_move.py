"""Phase 1, § DEPLACEMENT: « Vous pouvez vous déplacer orthogonalement vers une pièce adjacente,
chaque mouvement entraîne 1 action. Vous ne pouvez pas vous déplacer en diagonale. »"""
from __future__ import annotations

from .helpers import act, legal, refused, scenario


def test_a_move_goes_to_an_orthogonal_neighbour_for_one_action():
    g = scenario().start(active=0)
    assert sorted(t for t in legal(g) if t.startswith("move")) == [
        "move bridge", "move crew_quarters", "move engine_room", "move mess_hall"]
    act(g, "move bridge")
    assert g.pawns[0] == "bridge" and g.actions == 2
    assert sorted(t for t in legal(g) if t.startswith("move")) == ["move armoury", "move cargo_hold",
                                                                   "move energy_core"]


def test_no_diagonal_move_and_the_message_lists_the_neighbours():
    g = scenario().pawn(0, "bridge").start(active=0)
    refused(g, "move mess_hall", "not next to", "no diagonal", "Cargo Hold")
    refused(g, "move bridge", "already in the Bridge")


def test_the_french_verb_and_room_names_move_too():
    g = scenario().start(active=0)
    act(g, "aller pont")
    act(g, "aller soute")
    assert g.pawns[0] == "cargo_hold"


def test_pawns_may_share_a_room_and_moves_repeat_while_actions_last():
    # « peuvent être répétées autant de fois que vous le souhaitez, tant qu'il vous reste des actions »
    g = scenario().pawn(1, "bridge").start(active=0)
    act(g, "move bridge")
    act(g, "move energy_core")
    act(g, "move bridge")
    assert g.pawns == ["bridge", "bridge"]
    assert g.phase == "collect"  # no action and no token left: on to phase 2
