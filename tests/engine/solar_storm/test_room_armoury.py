"""Armoury V1 (L'ARMURERIE): « placer 2 jetons de protection dans les pièces. Vous pouvez placer les
deux jetons dans la même pièce, ou en placer 1 dans une pièce et 1 dans une autre » ; « Ces jetons
seront retirés à la place d'un cube de réparation si la pièce subit des dommages » ; « Au DÉBUT du
prochain tour, retirez les jetons de Protection inutilisés que vous avez placés ». Ruling SS7."""
from __future__ import annotations

from .helpers import act, legal, refused, scenario


def test_two_tokens_on_one_room_or_two():
    g = scenario().pawn(0, "armoury").start(active=0)
    act(g, "activate")
    protects = [t for t in legal(g) if t.startswith("protect")]
    assert len(protects) == 36 and "protect bridge bridge" in protects
    act(g, "protéger pont armurerie")
    assert g.protection["bridge"] == [0] and g.protection["armoury"] == [0]


def test_a_token_soaks_up_one_damage_instead_of_a_cube():
    g = scenario().pawn(0, "armoury").damage(top=["D2-04"]).start(active=0)  # bridge, armoury
    act(g, "activate")
    act(g, "protect bridge bridge")
    act(g, "end")
    act(g, "collect deck")
    assert g.protection["bridge"] == [0] and g.cubes["bridge"] == [True, True, True]
    assert g.cubes["armoury"] == [False, True, True]


def test_unused_tokens_come_back_at_the_start_of_the_placers_next_turn():
    g = scenario().pawn(0, "armoury").damage(top=["D1-05", "D1-06"]).start(active=0)
    act(g, "activate")
    act(g, "protect bridge bridge")
    act(g, "end")
    act(g, "collect deck")
    assert g.active == 1 and g.protection["bridge"] == [0, 0]  # still there in seat 2's turn
    act(g, "end")
    act(g, "collect deck")
    assert g.active == 0 and g.protection["bridge"] == []


def test_only_the_tokens_left_in_the_supply_are_placed():
    g = scenario(players=3).pawn(0, "armoury").room("bridge", protection=[1, 1, 2]).start(active=0)
    act(g, "activate")
    assert g.pending["tokens"] == 1
    refused(g, "protect mess_hall mess_hall", "place 1 protection token")
    act(g, "protect mess_hall")
    assert "activate" not in legal(g)
    refused(g, "activate", "all 4 protection tokens")


def test_the_core_takes_no_protection():
    g = scenario().pawn(0, "armoury").start(active=0)
    act(g, "activate")
    refused(g, "protect energy_core bridge", "Energy Core is never damaged")
