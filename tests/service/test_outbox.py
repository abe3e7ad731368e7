"""Delivering the posts games owe their channels (service.outbox): in order, once, with
back-off after failures, and without a second copy when an attempt was cut short."""
from __future__ import annotations

import asyncio

from engine import rules
from service import GameService, autoplay
from service.outbox import RETRY_DELAYS, DeliveryError, Poster
from tests.service.fake_channel import FakeChannel


async def game_with_posts(service):
    """A 2-player game after its first round: the start, round 1 opening and its summary are owed."""
    game = await service.create(creator_id=1, creator_name="Ada", guild_id=5, channel_id=6,
                                options={"max_players": 2, "seed": 4, "remind_hours": 0})
    await service.join(game.id, 2, "Bo")
    game = await service.start(game.id, 1, False)
    while game.state.round == 1:
        seat = rules.to_act(game.state)[0]
        await service.act(game.id, seat + 1, str(autoplay.default_action(game.state, seat)))
        game = await service.load(game.id)
    return game


def poster(service, channel=None):
    channel = channel or FakeChannel(clock=service.clock)
    return Poster(service, channel), channel


async def owed_texts(service, game_id):
    return [p["text"] for _, p in await service.pending_posts(game_id)]


async def test_posts_go_out_in_order_once_and_remember_their_message(service):
    game = await game_with_posts(service)
    owed = await owed_texts(service, game.id)
    assert len(owed) >= 3 and any("Round 1 is over" in t for t in owed)
    p, channel = poster(service)
    assert await p.flush() == len(owed)
    assert channel.texts() == owed
    assert await p.flush() == 0 and channel.texts() == owed
    rows = await service.repo.db.fetchall("SELECT message_id, attempts FROM outbox ORDER BY id")
    assert [r[0] for r in rows] == [m["id"] for m in channel.messages]
    assert {r[1] for r in rows} == {1}


async def test_a_failing_channel_is_retried_with_back_off_and_later_posts_wait(service):
    game = await game_with_posts(service)
    owed = await owed_texts(service, game.id)
    p, channel = poster(service)
    clock = service.test_clock
    channel.failures = [DeliveryError("500 Internal Server Error") for _ in range(3)]
    assert await p.flush() == 0 and channel.texts() == []
    for delay in RETRY_DELAYS[:2]:
        clock.now += delay - 1
        assert await p.flush() == 0 and channel.failures  # not due yet: not even tried
        clock.now += 1
        assert await p.flush() == 0  # due: tried, and failed again
    assert channel.failures == [] and await p.next_attempt() == clock.now + RETRY_DELAYS[2]
    clock.now += RETRY_DELAYS[2]
    assert await p.flush() == len(owed)
    assert channel.texts() == owed  # nothing lost, nothing twice, nothing out of order
    attempts = await service.repo.db.fetchval("SELECT attempts FROM outbox WHERE message_id = 1")
    assert attempts == 4


async def test_a_rate_limit_is_waited_out_for_as_long_as_the_server_asks(service):
    game = await game_with_posts(service)
    p, channel = poster(service)
    channel.failures = [DeliveryError("429 Too Many Requests", retry_after=120)]
    await p.flush()
    assert await p.next_attempt() == service.clock() + 120
    service.test_clock.now += 119
    assert await p.flush() == 0
    service.test_clock.now += 1
    owed = await owed_texts(service, game.id)
    assert await p.flush() == len(owed) and channel.texts() == owed


async def test_a_post_made_by_an_attempt_that_timed_out_is_found_not_sent_twice(service):
    game = await game_with_posts(service)
    owed = await owed_texts(service, game.id)
    p, channel = poster(service)
    channel.create_then_fail = 1  # Discord made the message but the answer never came back
    assert await p.flush() == 0
    assert channel.texts() == owed[:1]
    service.test_clock.now += RETRY_DELAYS[0]
    assert await p.flush() == len(owed)
    assert channel.texts() == owed
    # the row was matched to the message that already existed
    first = await service.repo.db.fetchone("SELECT message_id, attempts FROM outbox ORDER BY id LIMIT 1")
    assert tuple(first) == (1, 1)


async def test_an_attempt_cut_short_by_a_crash_is_found_after_a_restart(service):
    game = await game_with_posts(service)
    owed = await owed_texts(service, game.id)
    p, channel = poster(service)

    class Killed(BaseException):
        pass

    def die(message):
        raise Killed()  # the process dies right after Discord made the message

    channel.after_send = die
    try:
        await p.flush()
    except Killed:
        pass
    channel.after_send = None
    restarted = Poster(GameService(service.repo, clock=service.clock), channel)
    assert await restarted.flush() == len(owed)
    assert channel.texts() == owed


async def test_when_the_channel_cannot_be_read_a_cut_short_post_is_sent_again_never_lost(service):
    """The documented remaining window: at least once."""
    game = await game_with_posts(service)
    owed = await owed_texts(service, game.id)
    p, channel = poster(service)
    channel.create_then_fail = 1
    await p.flush()
    channel.unreadable = True
    service.test_clock.now += RETRY_DELAYS[0]
    await p.flush()
    assert channel.texts() == owed[:1] + owed


async def test_missing_permissions_are_told_to_the_creator_once_until_posting_works(service):
    game = await game_with_posts(service)
    p, channel = poster(service)
    channel.failures = [DeliveryError("403 Missing Permissions", forbidden=True) for _ in range(3)]
    for delay in (0, *RETRY_DELAYS[:2]):
        service.test_clock.now += delay
        await p.flush()
    assert [user for user, _ in channel.told] == [game.row.creator_id]
    service.test_clock.now += RETRY_DELAYS[2]
    assert await p.flush() > 0


async def test_many_flushes_at_once_post_everything_once(service):
    game = await game_with_posts(service)
    owed = await owed_texts(service, game.id)
    p, channel = poster(service)
    other = Poster(service, channel)  # e.g. a heartbeat and a click at the same moment
    counts = await asyncio.gather(*(x.flush(y) for x in (p, other) for y in (None, game.id, None)))
    assert sum(counts) == len(owed)
    assert channel.texts() == owed


async def test_a_post_that_fails_with_an_unexpected_error_is_retried_and_the_rest_follow(service):
    game = await game_with_posts(service)
    owed = await owed_texts(service, game.id)
    p, channel = poster(service)
    channel.failures = [ValueError("a bug in the channel code")]
    assert await p.flush() == 0  # logged, not raised: the heartbeat and other games carry on
    service.test_clock.now += RETRY_DELAYS[0]
    assert await p.flush() == len(owed) and channel.texts() == owed
