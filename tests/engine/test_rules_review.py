"""Issue 14: the defects a rules review found and the two revised rulings (R3 start-of-round
movement, D16 Wormhole tech 5), each on a position laid out with engine/scenario.py and
opened through the rules."""
import random

import pytest

from autopilot import play_turn
from engine import IllegalAction, apply, legal_actions
from engine import data as D
from engine.actions import Confirm, Move, Pick, Place, Resolve
from engine.data import parse_cell as sq
from engine.scenario import Scenario, grant, has_tech, pending, seat_score, tile_id, values

CIV_ENERGY = tile_id("domino", "civ", "energy")  # dominoes, orientation 0: the first terrain on top
ROVER_TECH = tile_id("domino", "rover", "tech")
TECH_BIOMASS = tile_id("domino", "tech", "biomass")
BIOMASS_CIV = tile_id("domino", "biomass", "civ")
WATER_ROVER = tile_id("domino", "water", "rover")
ROVER_TECH_METEOR = tile_id("domino", "rover", "tech", meteor=True)  # at F1: rover F1, tech G1 with a meteorite
GAMING_COMMISSION = 23  # end of game: 2 medals and a synergy-like advance of any tracker


def corp(name: str, players: int = 2, **config) -> Scenario:
    """A scenario with seat 0 playing ``name`` and the others Universal Coalition."""
    return Scenario(players, corporations=[name] + [None] * (players - 1), **config)


def at_event(card_id: int, name: str) -> Scenario:
    """A 3-player scenario, seat 0 playing ``name``, whose first event card is ``card_id``
    (``start()`` turns the station and reveals it through the rules)."""
    return corp(name, 3, events="normal").next_event(card_id)


def moves(g, seat=0) -> list[Move]:
    return [a for a in legal_actions(g, seat) if isinstance(a, Move)]


def pick_and_place(g, tile: int, square: str, orient: int = 0, seat: int = 0) -> None:
    """Pick the small tile the scenario put on the seat's depot and place it (anchor ``square``)."""
    apply(g, seat, Pick("small"))
    assert g.seats[seat].hand == tile
    apply(g, seat, Place(sq(square), orient))


def resolve(g, item: dict, value: str, seat: int = 0) -> None:
    apply(g, seat, Resolve(item["id"], value))


def advance_item(g, track, seat=0):
    return next(i for i in pending(g, seat, "advance") if track in i["options"])


def finish_turn(g, seat: int = 0) -> None:
    """Settle every pending item with its first offered value, then confirm."""
    while pending(g, seat):
        item = pending(g, seat)[0]
        resolve(g, item, values(g, seat, item)[0], seat)
    apply(g, seat, Confirm())


# =========================================================================== R3 (revised)

def flux_round_two(tile: int = TECH_BIOMASS, lifepods: tuple[str, ...] = ()):
    """Flux, tech 1 on and the flux token on civ, one rover on civ terrain when round 2
    opens through the rules: 2 start-of-round movement. ``tile`` tops the seat's small
    stack; ``lifepods``: the lifepods on the planet (default: those printed on it)."""
    sc = corp("flux_industries").round(2)
    seat = sc.seat(0).tile(CIV_ENERGY, at="F1").rovers("F1")  # civ F1, energy G1
    seat.trackers(tech=3, rover=3).flux("civ")  # tech 1 on; the next rover advance gives 2 movement
    seat.depot(small=tile)
    if lifepods:
        seat.lifepods(*lifepods)
    g = sc.start()  # round 2 opens: Flux tech 1 gives its movement
    s = g.seats[0]
    assert has_tech(g, 0, 1)
    assert g.round == 2 and s.step == "pick" and s.pool == 2
    return g


def test_r3_start_of_round_movement_may_be_spent_before_the_tile_is_placed():
    """RULINGS R3 (revised): "start-of-round movement (Flux tech 1, Horizon tech 2, Oasis
    tech 2) and Republic tech 1 ... must be spent before the tile is placed" (2023: « Vous
    devez le faire avant d'avoir posé votre tuile »)."""
    g = flux_round_two()
    s = g.seats[0]
    apply(g, 0, Pick("small"))
    assert s.hand is not None and Move(1, "right") in moves(g)
    apply(g, 0, Move(1, "right"))  # tile still in hand
    assert s.board.rovers == [sq("F2")] and s.pool == 1


def test_r3_unspent_start_of_round_movement_is_lost_when_the_tile_is_placed():
    """RULINGS R3 (revised): "whatever of it is unspent is lost when the tile is placed"."""
    g = flux_round_two()
    s = g.seats[0]
    apply(g, 0, Pick("small"))
    apply(g, 0, Move(1, "right"))
    apply(g, 0, Place(sq("G2"), 0))  # tech G2, biomass H2: no movement from it
    assert s.pool == 0 and moves(g) == []
    with pytest.raises(IllegalAction, match="no rover movement"):
        apply(g, 0, Move(1, "left"))


def test_r3_start_of_round_movement_is_not_merged_with_movement_gained_later():
    """RULINGS R3 (revised): start-of-round movement "is not merged into the pool of movement
    gained later in the turn": a tile's rover advance gives its own movement only."""
    g = flux_round_two(ROVER_TECH)
    s = g.seats[0]
    pick_and_place(g, ROVER_TECH, "G2")  # rover G2, tech H2; the 2 start-of-round steps unspent
    assert s.pool == 0
    resolve(g, advance_item(g, "rover"), "rover")  # rover 4: 2 movement
    assert s.pool == 2
    apply(g, 0, Move(1, "right"))
    apply(g, 0, Move(1, "right"))
    assert s.pool == 0 and moves(g) == [] and s.board.rovers == [sq("F3")]


def test_r3_the_autopilot_spends_start_of_round_movement_before_placing():
    """RULINGS R3 (revised): start-of-round movement "must be spent before the tile is
    placed": the computer player fetches a lifepod in reach with it before placing."""
    g = flux_round_two(lifepods=("F3",))  # the lifepod two steps from the rover on F1
    s = g.seats[0]
    actions = play_turn(g, 0, "greedy")
    first_place = next(i for i, a in enumerate(actions) if isinstance(a, Place))
    assert [a for a in actions[:first_place] if isinstance(a, Move)] == [Move(1, "right"), Move(1, "right")]
    for a in actions:
        apply(g, 0, a)
    assert isinstance(actions[-1], Confirm) and s.corp.lifepods == 1


def test_r3_republic_tech1_movement_is_lost_when_the_civ_tile_is_placed():
    """RULINGS R3 (revised): Republic tech 1 (movement on selecting a civ tile) "must be
    spent before the tile is placed"."""
    g = corp("republic").seat(0).trackers(tech=3, rover=4).rovers("E3").depot(small=BIOMASS_CIV).start()
    s = g.seats[0]
    apply(g, 0, Pick("small"))
    assert s.pool == 2 and Move(1, "left") in moves(g)
    apply(g, 0, Place(sq("F1"), 0))
    assert s.pool == 0 and moves(g) == []


# =========================================================================== defect 5

def test_cosmos_tech4_a_free_energy_step_after_the_pool_is_spent():
    """Cosmos tech 4: rover moves onto energy terrain are free ("free_rover_move_onto_energy";
    issue 14: "With 2 movement, the route land, land, energy is refused on its last step").
    The step's cost is checked before the empty-pool check, in the listing and in apply."""
    sc = corp("cosmos_inc")
    sc.seat(0).trackers(tech=10, rover=3)  # tech 4 on; the next rover advance gives 2 movement
    sc.seat(0).tile(CIV_ENERGY, at="F2").rovers("H4").depot(small=ROVER_TECH)  # civ F2, energy G2
    g = sc.start()
    s = g.seats[0]
    assert has_tech(g, 0, 4)
    pick_and_place(g, ROVER_TECH, "F1")  # rover F1, tech G1
    resolve(g, advance_item(g, "rover"), "rover")
    assert s.pool == 2
    apply(g, 0, Move(1, "left"))  # H3: land
    apply(g, 0, Move(1, "left"))  # H2: land
    assert s.pool == 0
    assert Move(1, "up") in moves(g)  # G2: energy, free
    assert Move(1, "down") not in moves(g)  # I2: land, no movement left
    apply(g, 0, Move(1, "up"))
    assert s.board.rovers == [sq("G2")] and s.pool == 0
    with pytest.raises(IllegalAction, match="no rover movement"):
        apply(g, 0, Move(1, "up"))  # F2: civ


def test_cosmos_tech4_gives_no_free_step_without_movement_this_turn():
    """Cosmos tech 4 makes a step onto energy free; it gives no movement of its own: a player
    who gained no rover movement this turn moves no rover (rulebook p.6: « vos Rovers ne se
    déplacent que lorsque votre cube avance sur un échelon avec un chiffre »)."""
    sc = corp("cosmos_inc")
    sc.seat(0).trackers(tech=10).tile(CIV_ENERGY, at="F2").rovers("H2").depot(small=TECH_BIOMASS)
    g = sc.start()
    s = g.seats[0]
    pick_and_place(g, TECH_BIOMASS, "F1")
    assert s.pool == 0 and moves(g) == []


# =========================================================================== defect 1

def final_step_with_a_biomass_milestone_ahead(*patches: str):
    """Universal Coalition with tech 2 (store patches), the biomass tracker one step below a
    milestone and Gaming Commission held, in the last round: the final step opens through
    the rules with the card's advance to settle. ``patches``: biomass already on the planet."""
    sc = Scenario(players=2).last_round("depot_empty")  # this round is the last one
    sc.seat(0).tile(CIV_ENERGY, at="F1").trackers(tech=5, biomass=2).civ_cards(GAMING_COMMISSION)
    sc.seat(0).patch(*patches)
    sc.seat(1).tile(TECH_BIOMASS, at="F1")
    g = sc.start(step="final")
    assert has_tech(g, 0, 2)
    assert g.phase == "final" and g.active == 0
    return g


def test_a_patch_gained_in_the_final_step_must_be_placed_not_stored():
    """Rulebook 2023 p.7: « Avant de faire le décompte, assurez-vous d'avoir placé tous les
    blocs Biomasse en votre possession »; RULINGS S1: final score "after stored biomass
    patches are placed". A patch the final step gives cannot be stored any more."""
    g = final_step_with_a_biomass_milestone_ahead()
    resolve(g, advance_item(g, "biomass"), "biomass")  # biomass 3: a patch
    (patch,) = pending(g, 0, "patch")
    offered = values(g, 0, patch)
    assert "store" not in offered and offered
    with pytest.raises(IllegalAction):
        resolve(g, patch, "store")
    resolve(g, patch, offered[0])
    s = g.seats[0]
    assert g.phase == "over" and s.board.patches == [sq(offered[0])] and s.corp.stored_patches == 0


@pytest.mark.parametrize("level", ["greedy", "random"])
def test_the_autopilot_places_a_patch_gained_in_the_final_step(level):
    """Rulebook 2023 p.7 (« assurez-vous d'avoir placé tous les blocs Biomasse »): the
    computer player ends the game with the patch on its planet, never stored."""
    covered = {sq("F1"), sq("G1"), sq("F2")}  # the civ/energy domino, and F2 left free
    planet = D.planet("ksb-4156")
    # one free square left: the choice is that square or (before the fix) "store"
    others = [c for c in D.cells_of(planet.grid_mask) if c not in covered]
    for seed in range(8 if level == "random" else 1):
        g = final_step_with_a_biomass_milestone_ahead(*others)
        resolve(g, advance_item(g, "biomass"), "biomass")  # biomass 3: a patch to settle
        rng = random.Random(seed)
        while g.phase != "over":
            for action in play_turn(g, g.active, level, rng):
                apply(g, g.active, action)
        s = g.seats[0]
        assert s.corp.stored_patches == 0 and sq("F2") in s.board.patches


# =========================================================================== D16 (revised)

def test_d16_wormhole_tech5_puts_no_patch_on_a_meteorite_during_play():
    """RULINGS D16 (revised: both rulebooks): "Wormhole tech 5 is used at the end of the
    game only: during play a patch may not go onto a meteorite" (« À la fin de la partie,
    vous pouvez détruire les Météorites restantes … »)."""
    g = corp("wormhole_corp").seat(0).trackers(tech=14).depot(small=ROVER_TECH_METEOR).start()
    assert has_tech(g, 0, 5)  # techs 1-5 on
    pick_and_place(g, ROVER_TECH_METEOR, "F1")  # its meteorite drops on G1
    grant(g, 0, "biomass")
    patch = pending(g, 0, "patch")[0]
    assert "F1" in values(g, 0, patch)  # tech 2: over a tile square
    assert "G1" not in values(g, 0, patch)
    with pytest.raises(IllegalAction):
        resolve(g, patch, "G1")


def test_d16_wormhole_tech5_destroys_a_meteorite_with_a_patch_in_the_final_step():
    """RULINGS D16 (revised): "in the final step it may [go onto a meteorite], destroying it"."""
    sc = corp("wormhole_corp").last_round("depot_empty")
    sc.seat(0).trackers(tech=14).tile(ROVER_TECH_METEOR, at="F1").stored_patches(1)  # meteorite on G1
    sc.seat(1).tile(TECH_BIOMASS, at="F1")
    g = sc.start(step="final")
    s = g.seats[0]
    assert s.board.meteorites == [sq("G1")]
    assert g.phase == "final" and g.active == 0
    (patch,) = pending(g, 0, "patch")
    assert "G1" in values(g, 0, patch)
    resolve(g, patch, "G1")
    assert s.board.meteorites == [] and s.corp.meteorites == 0 and sq("G1") in s.board.patches


# =========================================================================== defect 4

@pytest.mark.parametrize("card_id", [95, 107])
def test_a_meteor_symbol_under_a_wormhole_patch_takes_no_event_meteorite(card_id):
    """Events 95 and 107: « Ajoutez 1 Météorite sur un symbole Météorite inoccupé d'une de vos
    tuiles ». A symbol a Wormhole patch covers (tech 2: patches over tiles) is not free."""
    sc = at_event(card_id, "wormhole_corp")
    sc.seat(0).tile(ROVER_TECH_METEOR, at="F1").tile(ROVER_TECH_METEOR, at="F3")  # meteor symbols G1, G3
    sc.seat(0).meteorites().patch("G1")  # no meteorite on them; a patch covers the symbol on G1
    g = sc.start()  # the card is revealed
    b = g.seats[0].board
    assert b.meteorites == [sq("G3")]  # the only free symbol, taken with no choice left
    assert not pending(g, 0, "add_meteorite")


# =========================================================================== defect 6

def test_horizon_tech3_a_meteorite_collected_by_event_83_brings_a_patch():
    """Horizon tech 3: « Gagnez un carré de Biomasse quand vous collectez une Météorite ».
    Event 83 (« Move one meteorite from your planet to your corporation (no rover needed) »)
    collects one too: any collection by that player counts, not only a rover's delivery."""
    sc = at_event(83, "horizon_group")
    sc.seat(0).trackers(tech=7).tile(ROVER_TECH_METEOR, at="F1")  # techs 1-3 on; its meteorite on G1
    g = sc.start()  # the only meteorite is collected at once
    s = g.seats[0]
    assert has_tech(g, 0, 3)
    assert s.corp.meteorites == 1 and s.board.meteorites == []
    (patch,) = pending(g, 0, "patch")
    assert patch.get("event")  # settled before the pick, with the event (p.9)
    resolve(g, patch, values(g, 0, patch)[0])
    assert len(s.board.patches) == 1


# =========================================================================== defect 7

def jump_drive_at(card_id):
    """Jump Drive with a lifepod on tech 3 (on) when event ``card_id`` is revealed."""
    g = at_event(card_id, "jump_drive").seat(0).tech_slots(3).start()
    assert has_tech(g, 0, 3)
    return g


@pytest.mark.parametrize("card_id", [81, 84])
def test_jump_drive_tech3_doubles_a_synergy_boost_from_an_event(card_id):
    """Jump Drive tech 3: « Avancez le cube deux fois grâce à un Bonus synergique »; events 81
    and 84 give « one synergy boost »: every synergy boost qualifies, whatever gave it."""
    g = jump_drive_at(card_id)
    (syn,) = pending(g, 0, "advance")
    assert "civ twice" in values(g, 0, syn)
    resolve(g, syn, "civ twice")
    assert g.seats[0].corp.trackers["civ"] == 2


@pytest.mark.parametrize("card_id", [117, 118])
def test_jump_drive_tech3_doubles_the_synergy_option_of_events_117_118(card_id):
    """Jump Drive tech 3 (« Avancez le cube deux fois grâce à un Bonus synergique ») on the
    synergy option of 117/118 (« one synergy boost, or secretly look at the next event »)."""
    g = jump_drive_at(card_id)
    resolve(g, pending(g, 0, "event_choice")[0], "synergy")
    (syn,) = pending(g, 0, "advance")
    assert "water twice" in values(g, 0, syn)
    resolve(g, syn, "water twice")
    assert g.seats[0].corp.trackers["water"] == 2


def test_jump_drive_tech3_is_not_offered_on_an_event_advance_that_is_no_synergy():
    """Event 69 (« Advance either your rover or your civ tracker one step ») is no synergy
    boost: Jump Drive tech 3 (« grâce à un Bonus synergique ») does not double it."""
    g = jump_drive_at(69)
    (adv,) = pending(g, 0, "advance")
    assert values(g, 0, adv) == ["rover", "civ"]


# =========================================================================== defect 2

def jump_drive_tech4() -> Scenario:
    """Jump Drive with a lifepod on tech 4 (on); a rover/tech domino tops its small stack."""
    sc = corp("jump_drive")
    sc.seat(0).tech_slots(4).depot(small=ROVER_TECH)
    return sc


def tech_icon_options(g):
    tech = next(i for i in pending(g, 0, "advance") if "tech" in i["options"])
    return values(g, 0, tech)


def test_jump_drive_tech4_the_tech_square_joins_adjacent_energy_terrain():
    """Jump Drive tech 4: a placed tile's tech square counts as energy, "with normal terrain
    area extension if adjacent to energy terrain" (designer, issue 14): civ G7, energy G8,
    then tech on G9 -- the energy area {G8, G9} touches civ, so civ is offered."""
    sc = jump_drive_tech4()
    sc.seat(0).tile(CIV_ENERGY, at="G7", orient=3)  # civ G7, energy G8
    g = sc.start()
    assert has_tech(g, 0, 4)
    pick_and_place(g, ROVER_TECH, "G9", 1)  # tech G9, rover G10
    assert "civ" in tech_icon_options(g)


def test_jump_drive_tech4_does_not_flood_through_another_tiles_tech_square():
    """Jump Drive tech 4 (the tech square counts as energy; the area extends through energy
    terrain only): biomass G7, another tile's tech G8, water H8, then tech on G9 -- water and
    biomass touch G8, not the area of G9, so neither is offered."""
    sc = jump_drive_tech4()
    sc.seat(0).tile(TECH_BIOMASS, at="G7", orient=1)  # biomass G7, tech G8
    sc.seat(0).tile(WATER_ROVER, at="H8")  # water H8, rover I8
    g = sc.start()
    pick_and_place(g, ROVER_TECH, "G9", 1)  # tech G9, rover G10
    options = tech_icon_options(g)
    assert "water" not in options and "biomass" not in options
    assert options == ["rover", "tech"]  # the tile's other resource and tech itself (G8 touches G9)


# =========================================================================== defect 3

def test_solo_jump_drive_tech6_then_event_67_no_objective_scores_twice():
    """Jump Drive tech 6 (draw 3 objectives, keep one for the whole table; in solo its private
    side counts) then event 67 (« Draw one more objective card and add it to your private
    objectives »): the kept card leaves the objective deck and the two others go to the box,
    so 67 deals none of them again and no card scores twice (issue 14)."""
    top3 = [45, 46, 47]
    sc = Scenario(players=1, corporations=["jump_drive"])
    sc.events(97, 67)  # round 1: a rule, nothing to settle; round 2 (the last: no card after it): 67
    sc.seat(0).objectives(37, 38, 39).tech_slots(6).depot(small=TECH_BIOMASS)
    sc.objective_deck(*top3)  # the three tech 6 draws; before the fix 67 dealt top3[0] again
    g = sc.start()
    s = g.seats[0]
    pick_and_place(g, TECH_BIOMASS, "F1")
    assert g.objective_deck[:3] == top3
    resolve(g, next(i for i in pending(g, 0, "tech") if i["level"] == 6), "draw")
    resolve(g, pending(g, 0, "objective")[0], str(top3[0]))  # the card 67 would draw next
    finish_turn(g, 0)
    assert g.round == 2 and g.extra["events"]["current"] == 67
    drawn = [c for c in s.corp.objectives if c not in top3]
    assert len(s.corp.objectives) == 4 and len(drawn) == 4  # 67 dealt a card none of the three
    assert not set(top3) & set(g.objective_deck)
    cards = [o["card"] for o in seat_score(g, 0)["E"]["objectives"]]
    assert len(cards) == len(set(cards)) == 5 and top3[0] in cards
