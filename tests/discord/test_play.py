"""A round through Discord: the commander's station, private panels, placing, settling,
the summary in the thread, and the answers to wrong moves and wrong people."""
from __future__ import annotations

import io

from PIL import Image

from engine import rules
from engine.actions import Pick
from engine.data import parse_cell
from tests.discord.helpers import (
    button,
    click_default,
    controls,
    finish_turns,
    play_panel,
    start_game,
    thread_of,
)


async def commander_turns_station(world, game):
    commander = [p for p in (world.alice, world.bob, world.carol, world.dave) if game.seat_of(p.id) == game.state.commander][0]
    panel = await play_panel(world, commander, game.id)
    assert panel.ephemeral and "commander" in panel.response.content
    forward = button(panel.response, "r:1")
    moved = await commander.click(panel.response, custom_id=forward)
    assert "Turned by 1" in moved.response.content
    confirm = button(moved.response, "a:turn 1")
    done = await commander.click(moved.response, custom_id=confirm)
    assert done.acknowledged
    return commander


async def test_commander_turns_the_station_with_buttons_then_everyone_is_pinged(world):
    game = await start_game(world, [world.alice, world.bob, world.carol])
    assert game.state.phase == "rotate"
    rotation = game.state.station["rotation"]
    await commander_turns_station(world, game)
    game = await world.service.load(game.id)
    assert game.state.phase == "turns" and game.state.station["rotation"] == (rotation - 1) % 6
    opened = [m for m in thread_of(world).history() if "Round 1 is open" in m.content]
    assert len(opened) == 1
    assert set(opened[0].raw_mentions) == {world.alice.id, world.bob.id, world.carol.id}


async def test_a_turn_in_the_private_panel_pick_move_place_settle_confirm(world):
    game = await start_game(world, [world.alice, world.bob])  # 2 players: the station turns itself
    assert game.state.phase == "turns"
    panel = await play_panel(world, world.alice, game.id)
    assert panel.ephemeral and "choose a tile" in panel.response.content
    (att,) = panel.response.attachments
    assert Image.open(io.BytesIO(await att.read())).format == "PNG"
    take = button(panel.response, "a:pick large")
    placing = await world.alice.click(panel.response, custom_id=take)
    msg = placing.response
    assert "Place your tile" in msg.content and "fits here" in msg.content
    # move the cursor off the legal spot: the Place button is disabled and the reason is shown
    for _ in range(3):
        msg = (await world.alice.click(msg, custom_id=_arrow(msg, "▶"))).response
    nxt = await world.alice.click(msg, custom_id=button(msg, "c:next"))
    msg = nxt.response
    assert "fits here" in msg.content
    placed = await world.alice.click(msg, custom_id=button(msg, "a:place"))
    msg = placed.response
    assert "settle" in msg.content or "Confirm" in str(controls(msg))
    # bob still sees alice's planet as it was: her turn is not confirmed
    bob_view = await world.bob.slash(thread_of(world), "pu board", player=world.alice)
    assert bob_view.ephemeral
    game = await world.service.load(game.id)
    seat = game.seat_of(world.alice.id)
    assert len(game.state.seats[seat].board.tiles) == 1
    public = world.service.view(game, world.bob.id)
    assert public["seats"][seat]["board"]["tiles"] == []
    # settle what is pending, then confirm
    while True:
        game = await world.service.load(game.id)
        if seat not in rules.to_act(game.state):
            break
        msg = (await click_default(world, world.alice, game.id, msg)).response
    game = await world.service.load(game.id)
    assert game.state.seats[seat].step == "done"


def _arrow(message, arrow):
    for cid, label, _kind in controls(message):
        if label == arrow:
            return cid
    raise AssertionError(arrow)


async def test_wrong_moves_get_a_private_explanation_and_change_nothing(world):
    game = await start_game(world, [world.alice, world.bob])
    before = (await world.service.load(game.id)).version
    r = await world.alice.slash(thread_of(world), "pu act", action="place C5 3")
    assert r.ephemeral and "pick a tile" in r.response.content
    r = await world.alice.slash(thread_of(world), "pu act", action="fly to the moon")
    assert r.ephemeral and r.response.content
    r = await world.alice.slash(thread_of(world), "pu place", at="Z99", orient=2, tile="large")
    assert r.ephemeral and "A-L" in r.response.content
    r = await world.alice.slash(thread_of(world), "pu place", at="F6", orient=0, tile="large")
    assert r.ephemeral and "edge" in r.response.content.lower()
    assert (await world.service.load(game.id)).version == before


async def test_place_command_autocomplete_offers_only_legal_squares(world):
    game = await start_game(world, [world.alice, world.bob])
    choices = await world.alice.autocomplete(thread_of(world), "pu place", "at", "", tile="large", orient=0)
    assert choices, "no suggestion"
    state = (await world.service.load(game.id)).state
    seat = game.seat_of(world.alice.id)
    rules.apply(state, seat, Pick("large"))
    legal = {a.anchor for a in rules.legal_actions(state, seat) if getattr(a, "orient", None) == 0}
    assert {parse_cell(c["value"]) for c in choices} <= legal
    first = choices[0]["value"]
    r = await world.alice.slash(thread_of(world), "pu place", at=first, orient=0, tile="large")
    assert r.ephemeral and "placed at" in r.response.content


async def test_someone_elses_controls_and_outsiders_are_refused(world):
    game = await start_game(world, [world.alice, world.bob])
    panel = await play_panel(world, world.alice, game.id)
    _, _, seat, stamp, verb = button(panel.response, "a:pick").split(":", 4)
    version = (await world.service.load(game.id)).version
    outsider = await world.outsider.slash(thread_of(world), "pu play")
    assert outsider.ephemeral and "not playing" in outsider.response.content
    # a click carrying alice's seat, made by bob (what a forged or forwarded component would do)
    from service import NotInGame
    try:
        await world.service.control(game.id, world.bob.id, int(seat), stamp, verb)
    except NotInGame as refused:
        assert "another player" in str(refused)
    else:
        raise AssertionError("bob played alice's button")
    assert (await world.service.load(game.id)).version == version


async def test_a_full_round_posts_the_summary_once(world):
    game = await start_game(world, [world.alice, world.bob, world.carol])
    await commander_turns_station(world, game)
    game = await finish_turns(world, game.id, [world.alice, world.bob, world.carol])
    assert game.state.round == 2
    summaries = [m for m in thread_of(world).history() if "Round 1 is over" in m.content]
    assert len(summaries) == 1
    (att,) = summaries[0].attachments
    assert Image.open(io.BytesIO(await att.read())).size[0] > 400


async def test_an_event_deck_chosen_in_the_lobby_shows_each_rounds_card(world):
    game = await start_game(world, [world.alice, world.bob], events="hard")
    assert game.state.config["events"]["red"] == 10
    opened = [m for m in thread_of(world).history() if "Round 1 is open" in m.content]
    assert len(opened) == 1 and "Event (" in opened[0].content
    panel = await play_panel(world, world.alice, game.id)
    assert "Event this round" in panel.response.content


async def test_solo_shows_its_score_target_from_the_start(world):
    await world.alice.slash(world.channel, "pu solo", events="easy")
    (thread,) = world.channel.threads
    (start,) = [m for m in thread.history() if "begins" in m.content]
    assert "Solo target:" in start.content


async def test_a_typed_placement_that_destroys_a_lifepod_is_confirmed_first(world):
    """Issue 55, finding 3: /pu place answers privately what a placement would destroy
    (rulebook p.5: a tile placed on a lifepod destroys it) and plays it only with confirm."""
    from engine.data import cell_name
    from service.panels import regrets

    game = await start_game(world, [world.alice, world.bob])
    state = (await world.service.load(game.id)).state
    seat = game.seat_of(world.alice.id)
    rules.apply(state, seat, Pick("large"))
    costly = next(a for a in rules.legal_actions(state, seat)
                  if type(a).__name__ == "Place" and regrets(state, seat, a))
    before = (await world.service.load(game.id)).version
    at = cell_name(costly.anchor)
    r = await world.alice.slash(thread_of(world), "pu place", at=at, orient=costly.orient, tile="large")
    assert r.ephemeral and "destroys lifepod" in r.response.content and "confirm: True" in r.response.content
    assert (await world.service.load(game.id)).version == before
    r = await world.alice.slash(thread_of(world), "pu place", at=at, orient=costly.orient, tile="large", confirm=True)
    assert r.ephemeral and "placed at" in r.response.content
    assert (await world.service.load(game.id)).state.seats[seat].hand is None
