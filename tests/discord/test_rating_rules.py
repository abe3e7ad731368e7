"""The league's rating rules as players see them in Discord (issue 51, findings 2-4): a seat the
stall policy hands to the autopilot stays in its player's profile, rounds the autopilot plays
for an away player are marked there, the rated-autopilot switch is announced in the thread in
the game's language, /pu host end by a player is their forfeit, and a seat handed to another
member late stays its first player's. The moves between the commands are the service's
default moves (the Discord play path has its own tests)."""
from __future__ import annotations

import pytest

from engine import rules
from service import autoplay
from tests.discord.conftest import new_bot
from tests.discord.helpers import start_game, thread_of

HOUR = 3600
DAY = 24 * HOUR


def answer(r):
    return (r.followups[-1] if r.followups else r.response).content


async def play_until(world, game, done):
    """The people's default moves (through the service) until ``done(game)`` or the game ends."""
    while game.status == "active" and not done(game):
        seat = rules.to_act(game.state)[0]
        game = (await world.service.act(game.id, game.user_of(seat), autoplay.default_action(game.state, seat))).game
    await world.env.settle()
    return game


@pytest.mark.simcord(settle_timeout=60)  # the autopilot plays the whole game and its posts go out in one step
async def test_players_who_abandon_a_game_keep_it_in_their_profile_and_its_rating(world, db):
    """Finding 2: the stall policy's hand-over kept nobody's seat, so the game the autopilot
    finished was in no profile and moved no rating. Now each seat stays its player's: the
    profile counts the game, marked, and (the creator allowed it, announced in the thread)
    the game is rated."""
    await world.env.restart_bot(new_bot(db, heartbeat_seconds=6 * HOUR))  # 28 days of heartbeats, quicker
    game = await start_game(world, [world.alice, world.bob], remind_hours=0, stall_days=3)
    thread = thread_of(world)
    ok = await world.alice.slash(thread, "pu host rated-autopilot", allow=True)
    assert ok.ephemeral and "moves ratings even if" in answer(ok)
    announced = [m for m in thread.history() if "rating rule was changed by" in m.content]
    assert len(announced) == 1 and f"<@{world.alice.id}>" in announced[0].content
    await world.env.advance_time(3 * DAY + 6 * HOUR)
    await world.env.advance_time(15 * DAY)
    game = await world.service.load(game.id)
    assert game.status == "finished"
    assert [m for m in thread.history() if "stalled: the autopilot now plays" in m.content]
    for who in (world.alice, world.bob):
        r = await world.carol.slash(world.channel, "pu profile", member=who)
        text = answer(r)
        assert "1 finished game" in text and "the autopilot played for them" in text and "Rating" in text
        left_out = await world.carol.slash(world.channel, "pu profile", member=who, autopilot=False)
        assert "no finished game in this server" in answer(left_out)


async def test_a_game_the_autopilot_plays_for_an_away_player_is_marked_in_their_profile(world):
    """Finding 3: rounds played for an away player were not autopilot rounds, so a player away
    for the whole game kept a clean profile. Now the game is marked, `autopilot:False` leaves it
    out, and (more than half the rounds by the autopilot, not allowed) it moves no rating."""
    game = await start_game(world, [world.alice, world.bob], remind_hours=0)
    away = await world.bob.slash(thread_of(world), "me away", days=60)
    assert away.ephemeral and "away until" in answer(away)
    game = await play_until(world, await world.service.load(game.id), lambda g: False)
    assert game.status == "finished"
    r = await world.carol.slash(world.channel, "pu profile", member=world.bob)
    assert "1 finished game" in answer(r) and "the autopilot played for them" in answer(r)
    assert "Rating" not in answer(r)
    left_out = await world.carol.slash(world.channel, "pu profile", member=world.bob, autopilot=False)
    assert "no finished game in this server" in answer(left_out)


async def test_the_rated_autopilot_switch_is_posted_in_the_games_language_and_settled_at_the_last_round(world):
    """Finding 4: the switch said nothing in the thread and could be flipped at the last move."""
    lobby = (await world.alice.slash(world.channel, "pu create", players=2, language="fr")).response
    await world.bob.click(lobby, label="Rejoindre")  # the game's language: French buttons
    await world.alice.click(lobby, label="Lancer")
    game = await world.service.load(max(g.id for g in await world.service.games_of(world.alice.id)))
    ok = await world.alice.slash(thread_of(world), "pu host rated-autopilot", allow=True)
    assert ok.ephemeral and "moves ratings even if" in answer(ok)  # alice's own language, privately
    posts = [m.content for m in thread_of(world).history() if "règle de cote" in m.content]
    assert len(posts) == 1 and "a été modifiée par" in posts[0]
    await play_until(world, game, lambda g: bool(g.state.ending or rules.empty_depots(g.state)))
    late = await world.alice.slash(thread_of(world), "pu host rated-autopilot", allow=False)
    assert late.ephemeral and "last round has opened" in answer(late)
    assert (await world.service.load(game.id)).options["rated_autopilot"] is True


async def test_a_creator_who_ends_a_game_takes_the_loss(world):
    """Finding 4: /pu host end left the game unrated, so a losing creator could end it. Now a
    player who ends a game after its first round forfeits: the thread says so and the rating
    board puts the others above them."""
    game = await start_game(world, [world.alice, world.bob, world.carol], remind_hours=0)
    game = await play_until(world, game, lambda g: g.state.round >= 4)
    r = await world.alice.slash(thread_of(world), "pu host end")
    assert r.ephemeral and "is ended" in answer(r)
    await world.env.settle()
    post = [m.content for m in thread_of(world).history() if "was ended by" in m.content]
    assert post and "counts as their forfeit" in post[-1]
    board = await world.dave.slash(world.channel, "pu leaderboard", kind="rating")
    lines = [line for line in answer(board).splitlines() if any(n in line for n in ("alice", "bob", "carol"))]
    assert len(lines) == 3 and "alice" in lines[-1]


async def test_a_member_who_takes_a_seat_late_gets_no_rated_credit_for_rounds_they_never_played(world):
    """Finding 4: /pu host replace gave the newcomer the whole seat's result. Now the seat's
    result goes to whoever played most of its rounds: bob, who played it until round 12."""
    game = await start_game(world, [world.alice, world.bob], remind_hours=0)
    game = await play_until(world, game, lambda g: g.state.round >= 12)
    r = await world.alice.slash(thread_of(world), "pu host replace", seat=2, member=world.dave)
    assert r.ephemeral and "dave" in answer(r)
    game = await play_until(world, await world.service.load(game.id), lambda g: False)
    assert game.status == "finished"
    newcomer = await world.carol.slash(world.channel, "pu profile", member=world.dave)
    assert "no finished game in this server" in answer(newcomer)
    first = await world.carol.slash(world.channel, "pu profile", member=world.bob)
    assert "1 finished game" in answer(first) and "Rating" in answer(first)
