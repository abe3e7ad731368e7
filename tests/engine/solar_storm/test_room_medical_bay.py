"""Medical Bay V1 (STATION MÉDICALE): « Si vous êtes dans cette salle au début de votre tour et que la
salle est entièrement réparée avant que vous n'effectuiez une action, vous gagnez 2 jetons d'action.
C'est la seule pièce qui ne vous coûte pas d'action pour l'activer. » Ruling SS9."""
from __future__ import annotations

from .helpers import act, legal, refused, scenario


def test_starting_a_turn_here_fully_repaired_gives_two_tokens():
    g = scenario().pawn(0, "medical_bay").start(active=0)
    assert g.tokens[0] == 2 and g.actions == 3
    assert "activate" not in legal(g)
    refused(g, "activate", "needs no action")


def test_no_tokens_if_a_cube_is_missing_or_the_supply_is_short():
    g = scenario().pawn(0, "medical_bay").room("medical_bay", cubes="-xx").start(active=0)
    assert g.tokens[0] == 0
    g = scenario().pawn(0, "medical_bay").tokens(1, 7).start(active=0)
    assert g.tokens[0] == 1


def test_moving_in_during_the_turn_gives_nothing_until_the_next_turn():
    g = scenario().pawn(0, "mess_hall").damage(top=["D1-01", "D1-02"]).start(active=0)
    act(g, "move medical_bay")
    assert g.tokens[0] == 0
    act(g, "end")
    act(g, "collect deck")
    act(g, "end")
    act(g, "collect deck")
    assert g.active == 0 and g.tokens[0] == 2 + 2  # 2 banked + 2 from the Medical Bay
