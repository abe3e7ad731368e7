"""Issue 14: the defects a rules review found and the two revised rulings (R3 start-of-round
movement, D16 Wormhole tech 5), each on a hand-built position played through the rules."""
import pytest

from engine import IllegalAction, apply, legal_actions
from engine import data as D
from engine import rules as R
from engine.actions import Move, Pick, Place
from engine.data import parse_cell as sq

from .conftest import finish_turn, game, give, items, place, resolve

CIV_ENERGY = 8  # dominoes, orientation 0: the first terrain on top (civ F1, energy G1 at F1)
ROVER_TECH = 56
TECH_BIOMASS = 80
BIOMASS_CIV = 128


def cgame(corp: str, players: int = 2, seed: int = 1, **config):
    """A game with seat 0 playing ``corp`` and the others Universal Coalition."""
    return game(players, seed, corporations=[corp] + ["universal_coalition"] * (players - 1), **config)


def moves(g, seat=0) -> list[Move]:
    return [a for a in legal_actions(g, seat) if isinstance(a, Move)]


def advance_item(g, track, seat=0):
    return next(i for i in items(g, seat, "advance") if track in i["options"])


# =========================================================================== R3 (revised)

def flux_round_two():
    """Flux, tech 1 on and the flux token on civ, one rover on civ terrain when round 2
    opens through the rules: 2 start-of-round movement."""
    g = cgame("flux_industries")
    place(g, 0, CIV_ENERGY, "F1")  # civ F1, energy G1
    finish_turn(g, 0)
    s = g.seats[0]
    s.corp.trackers.update(tech=3, rover=3)  # tech 1 on; the next rover advance gives 2 movement
    s.corp.special["flux"] = "civ"
    s.board.rovers = [sq("F1")]
    place(g, 1, TECH_BIOMASS, "F1")
    finish_turn(g, 1)  # round 2 opens: Flux tech 1 gives its movement
    assert g.round == 2 and s.step == "pick" and s.pool == 2
    return g


def test_r3_start_of_round_movement_may_be_spent_before_the_tile_is_placed():
    """RULINGS R3 (revised): "start-of-round movement (Flux tech 1, Horizon tech 2, Oasis
    tech 2) and Republic tech 1 ... must be spent before the tile is placed" (2023: « Vous
    devez le faire avant d'avoir posé votre tuile »)."""
    g = flux_round_two()
    s = g.seats[0]
    apply(g, 0, Pick(give(g, 0, TECH_BIOMASS)))
    assert s.hand is not None and Move(1, "right") in moves(g)
    apply(g, 0, Move(1, "right"))  # tile still in hand
    assert s.board.rovers == [sq("F2")] and s.pool == 1


def test_r3_unspent_start_of_round_movement_is_lost_when_the_tile_is_placed():
    """RULINGS R3 (revised): "whatever of it is unspent is lost when the tile is placed"."""
    g = flux_round_two()
    s = g.seats[0]
    apply(g, 0, Pick(give(g, 0, TECH_BIOMASS)))
    apply(g, 0, Move(1, "right"))
    apply(g, 0, Place(sq("G2"), 0))  # tech G2, biomass H2: no movement from it
    assert s.pool == 0 and moves(g) == []
    with pytest.raises(IllegalAction, match="no rover movement"):
        apply(g, 0, Move(1, "left"))


def test_r3_start_of_round_movement_is_not_merged_with_movement_gained_later():
    """RULINGS R3 (revised): start-of-round movement "is not merged into the pool of movement
    gained later in the turn": a tile's rover advance gives its own movement only."""
    g = flux_round_two()
    s = g.seats[0]
    apply(g, 0, Pick(give(g, 0, ROVER_TECH)))
    apply(g, 0, Place(sq("G2"), 0))  # rover G2, tech H2; the 2 start-of-round steps unspent
    assert s.pool == 0
    resolve(g, 0, advance_item(g, "rover"), "rover")  # rover 4: 2 movement
    assert s.pool == 2
    apply(g, 0, Move(1, "right"))
    apply(g, 0, Move(1, "right"))
    assert s.pool == 0 and moves(g) == [] and s.board.rovers == [sq("F3")]


def test_r3_the_autopilot_spends_start_of_round_movement_before_placing():
    """RULINGS R3 (revised): start-of-round movement "must be spent before the tile is
    placed": the computer player fetches a lifepod in reach with it before placing."""
    from engine.actions import Confirm
    from engine.autopilot import play_turn

    g = flux_round_two()
    s = g.seats[0]
    s.board.lifepods = [sq("F3")]  # two steps from the rover on F1
    actions = play_turn(g, 0, "greedy")
    first_place = next(i for i, a in enumerate(actions) if isinstance(a, Place))
    assert [a for a in actions[:first_place] if isinstance(a, Move)] == [Move(1, "right"), Move(1, "right")]
    for a in actions:
        apply(g, 0, a)
    assert isinstance(actions[-1], Confirm) and s.corp.lifepods == 1


def test_r3_republic_tech1_movement_is_lost_when_the_civ_tile_is_placed():
    """RULINGS R3 (revised): Republic tech 1 (movement on selecting a civ tile) "must be
    spent before the tile is placed"."""
    g = cgame("republic")
    s = g.seats[0]
    s.corp.trackers.update(tech=3, rover=4)
    s.board.rovers = [sq("E3")]
    apply(g, 0, Pick(give(g, 0, BIOMASS_CIV)))
    assert s.pool == 2 and Move(1, "left") in moves(g)
    apply(g, 0, Place(sq("F1"), 0))
    assert s.pool == 0 and moves(g) == []


# =========================================================================== defect 5

def test_cosmos_tech4_a_free_energy_step_after_the_pool_is_spent():
    """Cosmos tech 4: rover moves onto energy terrain are free ("free_rover_move_onto_energy";
    issue 14: "With 2 movement, the route land, land, energy is refused on its last step").
    The step's cost is checked before the empty-pool check, in the listing and in apply."""
    g = cgame("cosmos_inc")
    s = g.seats[0]
    s.corp.trackers.update(tech=10, rover=3)  # tech 4 on; the next rover advance gives 2 movement
    s.board.place_tile(CIV_ENERGY, 0, sq("F2"))  # civ F2, energy G2
    s.board.rovers = [sq("H4")]
    place(g, 0, ROVER_TECH, "F1")  # rover F1, tech G1
    resolve(g, 0, advance_item(g, "rover"), "rover")
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
    g = cgame("cosmos_inc")
    s = g.seats[0]
    s.corp.trackers.update(tech=10)
    s.board.place_tile(CIV_ENERGY, 0, sq("F2"))
    s.board.rovers = [sq("H2")]
    place(g, 0, TECH_BIOMASS, "F1")
    assert s.pool == 0 and moves(g) == []


# =========================================================================== defect 1

GAMING_COMMISSION = 23  # end of game: 2 medals and a synergy-like advance of any tracker


def final_step_with_a_biomass_milestone_ahead():
    """Universal Coalition with tech 2 (store patches), the biomass tracker one step below a
    milestone and Gaming Commission held, in the last round: the final step opens through
    the rules with the card's advance to settle."""
    g = game(2)
    g.ending.append("depot_empty")  # this round is the last one
    place(g, 0, CIV_ENERGY, "F1")
    finish_turn(g, 0)
    s = g.seats[0]
    s.corp.trackers.update(tech=5, biomass=2)
    s.corp.civ_cards.append(GAMING_COMMISSION)
    place(g, 1, TECH_BIOMASS, "F1")
    finish_turn(g, 1)
    assert g.phase == "final" and g.active == 0
    return g


def test_a_patch_gained_in_the_final_step_must_be_placed_not_stored():
    """Rulebook 2023 p.7: « Avant de faire le décompte, assurez-vous d'avoir placé tous les
    blocs Biomasse en votre possession »; RULINGS S1: final score "after stored biomass
    patches are placed". A patch the final step gives cannot be stored any more."""
    g = final_step_with_a_biomass_milestone_ahead()
    resolve(g, 0, advance_item(g, "biomass"), "biomass")  # biomass 3: a patch
    (patch,) = items(g, 0, "patch")
    values = R.item_values(g, 0, patch)
    assert "store" not in values and values
    with pytest.raises(IllegalAction):
        resolve(g, 0, patch, "store")
    resolve(g, 0, patch, values[0])
    s = g.seats[0]
    assert g.phase == "over" and s.board.patches == [sq(values[0])] and s.corp.stored_patches == 0


@pytest.mark.parametrize("level", ["greedy", "random"])
def test_the_autopilot_places_a_patch_gained_in_the_final_step(level):
    """Rulebook 2023 p.7 (« assurez-vous d'avoir placé tous les blocs Biomasse »): the
    computer player ends the game with the patch on its planet, never stored."""
    import random

    from engine.autopilot import play_turn

    for seed in range(8 if level == "random" else 1):
        g = final_step_with_a_biomass_milestone_ahead()
        b = g.seats[0].board
        free = [c for c in D.cells_of(b.planet.grid_mask & ~b.occupied) if c != sq("F2")]
        for c in free:  # one free square left: the choice is that square or (before the fix) "store"
            b.place_patch(c)
        resolve(g, 0, advance_item(g, "biomass"), "biomass")  # biomass 3: a patch to settle
        rng = random.Random(seed)
        while g.phase != "over":
            for action in play_turn(g, g.active, level, rng):
                apply(g, g.active, action)
        s = g.seats[0]
        assert s.corp.stored_patches == 0 and sq("F2") in s.board.patches


# =========================================================================== D16 (revised)

ROVER_TECH_METEOR = 68  # at F1: rover F1, tech G1 with a meteorite


def test_d16_wormhole_tech5_puts_no_patch_on_a_meteorite_during_play():
    """RULINGS D16 (revised: both rulebooks): "Wormhole tech 5 is used at the end of the
    game only: during play a patch may not go onto a meteorite" (« À la fin de la partie,
    vous pouvez détruire les Météorites restantes … »)."""
    g = cgame("wormhole_corp")
    g.seats[0].corp.trackers.update(tech=14)  # techs 1-5 on
    place(g, 0, ROVER_TECH_METEOR, "F1")
    R.gain_patch(g, 0)
    patch = items(g, 0, "patch")[0]
    assert "F1" in R.item_values(g, 0, patch)  # tech 2: over a tile square
    assert "G1" not in R.item_values(g, 0, patch)
    with pytest.raises(IllegalAction):
        resolve(g, 0, patch, "G1")


def test_d16_wormhole_tech5_destroys_a_meteorite_with_a_patch_in_the_final_step():
    """RULINGS D16 (revised): "in the final step it may [go onto a meteorite], destroying it"."""
    g = cgame("wormhole_corp")
    g.ending.append("depot_empty")
    s = g.seats[0]
    s.corp.trackers.update(tech=14)
    place(g, 0, ROVER_TECH_METEOR, "F1")
    finish_turn(g, 0)
    s.corp.stored_patches = 1
    place(g, 1, TECH_BIOMASS, "F1")
    finish_turn(g, 1)
    assert g.phase == "final" and g.active == 0
    (patch,) = items(g, 0, "patch")
    assert "G1" in R.item_values(g, 0, patch)
    resolve(g, 0, patch, "G1")
    assert s.board.meteorites == [] and s.corp.meteorites == 0 and sq("G1") in s.board.patches


# =========================================================================== defect 4

def before_event(card_id: int, players: int = 3, **config):
    """A game about to reveal its first event, which will be ``card_id`` (reveal: conftest)."""
    g = game(players, turn=False, events="normal", **config)
    deck = g.extra["events"]["deck"]
    if card_id in deck:
        deck.remove(card_id)
    deck.insert(0, card_id)
    return g


@pytest.mark.parametrize("card_id", [95, 107])
def test_a_meteor_symbol_under_a_wormhole_patch_takes_no_event_meteorite(card_id):
    """Events 95 and 107: « Ajoutez 1 Météorite sur un symbole Météorite inoccupé d'une de vos
    tuiles ». A symbol a Wormhole patch covers (tech 2: patches over tiles) is not free."""
    from .conftest import reveal

    g = before_event(card_id, corporations=["wormhole_corp", "universal_coalition", "universal_coalition"])
    b = g.seats[0].board
    b.place_tile(ROVER_TECH_METEOR, 0, sq("F1"))  # meteor symbol on G1
    b.place_tile(ROVER_TECH_METEOR, 0, sq("F3"))  # meteor symbol on G3
    b.meteorites.clear()
    b.place_patch(sq("G1"))  # covers the symbol on G1
    reveal(g)
    assert b.meteorites == [sq("G3")]  # the only free symbol, taken with no choice left
    assert not items(g, 0, "add_meteorite")


# =========================================================================== defect 6

def test_horizon_tech3_a_meteorite_collected_by_event_83_brings_a_patch():
    """Horizon tech 3: « Gagnez un carré de Biomasse quand vous collectez une Météorite ».
    Event 83 (« Move one meteorite from your planet to your corporation (no rover needed) »)
    collects one too: any collection by that player counts, not only a rover's delivery."""
    from .conftest import reveal

    g = before_event(83, corporations=["horizon_group", "universal_coalition", "universal_coalition"])
    s = g.seats[0]
    s.corp.trackers.update(tech=7)  # techs 1-3 on
    s.board.place_tile(ROVER_TECH_METEOR, 0, sq("F1"))  # its meteorite on G1
    reveal(g)  # the only meteorite is collected at once
    assert s.corp.meteorites == 1 and s.board.meteorites == []
    (patch,) = items(g, 0, "patch")
    assert patch.get("event")  # settled before the pick, with the event (p.9)
    resolve(g, 0, patch, R.item_values(g, 0, patch)[0])
    assert len(s.board.patches) == 1


# =========================================================================== defect 7

def jump_drive_before(card_id):
    g = before_event(card_id, corporations=["jump_drive", "universal_coalition", "universal_coalition"])
    g.seats[0].corp.special["slots"] = [3]  # a lifepod on tech 3: on
    return g


@pytest.mark.parametrize("card_id", [81, 84])
def test_jump_drive_tech3_doubles_a_synergy_boost_from_an_event(card_id):
    """Jump Drive tech 3: « Avancez le cube deux fois grâce à un Bonus synergique »; events 81
    and 84 give « one synergy boost »: every synergy boost qualifies, whatever gave it."""
    from .conftest import reveal

    g = reveal(jump_drive_before(card_id))
    (syn,) = items(g, 0, "advance")
    assert "civ twice" in R.item_values(g, 0, syn)
    resolve(g, 0, syn, "civ twice")
    assert g.seats[0].corp.trackers["civ"] == 2


@pytest.mark.parametrize("card_id", [117, 118])
def test_jump_drive_tech3_doubles_the_synergy_option_of_events_117_118(card_id):
    """Jump Drive tech 3 (« Avancez le cube deux fois grâce à un Bonus synergique ») on the
    synergy option of 117/118 (« one synergy boost, or secretly look at the next event »)."""
    from .conftest import reveal

    g = reveal(jump_drive_before(card_id))
    resolve(g, 0, items(g, 0, "event_choice")[0], "synergy")
    (syn,) = items(g, 0, "advance")
    assert "water twice" in R.item_values(g, 0, syn)
    resolve(g, 0, syn, "water twice")
    assert g.seats[0].corp.trackers["water"] == 2


def test_jump_drive_tech3_is_not_offered_on_an_event_advance_that_is_no_synergy():
    """Event 69 (« Advance either your rover or your civ tracker one step ») is no synergy
    boost: Jump Drive tech 3 (« grâce à un Bonus synergique ») does not double it."""
    from .conftest import reveal

    g = reveal(jump_drive_before(69))
    (adv,) = items(g, 0, "advance")
    assert R.item_values(g, 0, adv) == ["rover", "civ"]


# =========================================================================== defect 2

WATER_ROVER = 104


def jump_drive_tech4():
    g = cgame("jump_drive")
    g.seats[0].corp.special["slots"] = [4]  # a lifepod on tech 4: on
    return g


def tech_icon_options(g):
    tech = next(i for i in items(g, 0, "advance") if "tech" in i["options"])
    return R.item_values(g, 0, tech)


def test_jump_drive_tech4_the_tech_square_joins_adjacent_energy_terrain():
    """Jump Drive tech 4: a placed tile's tech square counts as energy, "with normal terrain
    area extension if adjacent to energy terrain" (designer, issue 14): civ G7, energy G8,
    then tech on G9 -- the energy area {G8, G9} touches civ, so civ is offered."""
    g = jump_drive_tech4()
    g.seats[0].board.place_tile(CIV_ENERGY, 3, sq("G7"))  # civ G7, energy G8
    place(g, 0, ROVER_TECH, "G9", 1)  # tech G9, rover G10
    assert "civ" in tech_icon_options(g)


def test_jump_drive_tech4_does_not_flood_through_another_tiles_tech_square():
    """Jump Drive tech 4 (the tech square counts as energy; the area extends through energy
    terrain only): biomass G7, another tile's tech G8, water H8, then tech on G9 -- water and
    biomass touch G8, not the area of G9, so neither is offered."""
    g = jump_drive_tech4()
    b = g.seats[0].board
    b.place_tile(TECH_BIOMASS, 1, sq("G7"))  # biomass G7, tech G8
    b.place_tile(WATER_ROVER, 0, sq("H8"))  # water H8, rover I8
    place(g, 0, ROVER_TECH, "G9", 1)  # tech G9, rover G10
    options = tech_icon_options(g)
    assert "water" not in options and "biomass" not in options
    assert options == ["rover", "tech"]  # the tile's other resource and tech itself (G8 touches G9)


# =========================================================================== defect 3

def test_solo_jump_drive_tech6_then_event_67_no_objective_scores_twice():
    """Jump Drive tech 6 (draw 3 objectives, keep one for the whole table; in solo its private
    side counts) then event 67 (« Draw one more objective card and add it to your private
    objectives »): the kept card leaves the objective deck and the two others go to the box,
    so 67 deals none of them again and no card scores twice (issue 14)."""
    from engine import score

    from .conftest import reveal

    g = before_event(97, players=1, corporations=["jump_drive"])  # round 1: a rule, nothing to settle
    deck = g.extra["events"]["deck"]
    if 67 in deck:
        deck.remove(67)
    deck.insert(1, 67)  # round 2: event 67
    reveal(g)
    s = g.seats[0]
    s.corp.special["slots"] = [6]
    place(g, 0, TECH_BIOMASS, "F1")
    top3 = g.objective_deck[:3]
    resolve(g, 0, next(i for i in items(g, 0, "tech") if i["level"] == 6), "draw")
    resolve(g, 0, items(g, 0, "objective")[0], str(top3[0]))  # the card 67 would draw next
    finish_turn(g, 0)
    assert g.round == 2 and g.extra["events"]["current"] == 67
    drawn = [c for c in s.corp.objectives if c not in top3]
    assert len(s.corp.objectives) == 4 and len(drawn) == 4  # 67 dealt a card none of the three
    assert not set(top3) & set(g.objective_deck)
    cards = [o["card"] for o in score(g)["players"][0]["E"]["objectives"]]
    assert len(cards) == len(set(cards)) == 5 and top3[0] in cards
