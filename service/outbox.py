"""Posting what games owe their channels (the outbox): in order, with back-off, and once.

service.games writes each post a game owes its channel (a round summary, a ping, the final
scores) as an outbox row in the same transaction as the state that caused it, so no crash can
lose one. A ``Poster`` delivers those rows through a ``Channel``: Discord in cogs/posting.py,
a plain file in the crash tests. Rows of one game go out one at a time, oldest first:

1. If an earlier attempt at the row began and its outcome is unknown (the process died during
   the send, or the send failed in a way that does not say whether the message was created),
   the channel is asked whether the message is there (``Channel.find``). If it is, the row is
   recorded as sent and not posted again.
2. The image is drawn, the start of the attempt is recorded (committed), and the post is sent
   with a nonce made from the row id (Discord answers a repeated nonce from the same author
   within a few minutes with the message it already made, instead of a second one).
3. The row is recorded as sent, with its message id. A failure schedules the next attempt
   after a back-off (``RETRY_DELAYS``, or longer if the server asked for it), stored in the
   database so that a restart does not hammer a channel that refuses; the later rows of the
   same game wait behind it, so posts never arrive out of order. A refusal for lack of
   permission is reported once to the game's creator (``Channel.cannot_post``).

The one window left: if the process dies after the message was created and before step 3,
more than a few minutes pass before the restart, and the channel cannot be read (the bot
lacks Read Message History there), the post is sent again. Posts are thus never lost, and
sent twice only in that case.
"""
from __future__ import annotations

import asyncio
import json
import logging
import weakref
from typing import TYPE_CHECKING, Protocol

from db.lock import LOCK_OUTBOX
from db.repository import OutboxRow

if TYPE_CHECKING:
    from .games import Game, GameService

log = logging.getLogger(__name__)
RETRY_DELAYS = (5.0, 15.0, 60.0, 300.0, 900.0)  # seconds before attempt 2, 3, 4, 5, 6 and later
# one delivery at a time per game of a database, whichever Poster does it (a heartbeat and a
# click may flush at the same moment); one bot process per database file
_LOCKS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # Database -> {game id: Lock}


class DeliveryError(Exception):
    """A post that could not be delivered now.

    ``maybe_sent``: the failure does not say whether the message was created (a timeout, a
    server error), so it is looked for before the next attempt. ``forbidden``: the bot lacks a
    permission in the channel. ``retry_after``: seconds the server asked to wait (0: the
    channel was replaced, try again at once).
    """

    def __init__(self, reason: str, *, maybe_sent: bool = False, forbidden: bool = False,
                 retry_after: float | None = None):
        super().__init__(reason)
        self.maybe_sent = maybe_sent
        self.forbidden = forbidden
        self.retry_after = retry_after


class Channel(Protocol):
    """Where a game's posts go. Methods raise DeliveryError when the channel fails."""

    async def send(self, game: Game, payload: dict, image: bytes | None, nonce: str) -> int | None:
        """Post the payload (text, mentions, buttons) with its image; return the message id."""

    async def find(self, game: Game, payload: dict, since: float) -> int | None:
        """The id of a message this bot posted with this payload's text since ``since``
        (service clock, unix seconds), or None."""

    async def cannot_post(self, game: Game, error: DeliveryError) -> None:
        """Tell the game's creator that posts are refused (missing permissions)."""


def nonce_of(row: OutboxRow) -> str:
    """The nonce of a row's message: the same for every attempt at that row (25 characters at most)."""
    return f"pu{row.id}"


class Poster:
    def __init__(self, service: GameService, channel: Channel, *, delays: tuple[float, ...] = RETRY_DELAYS):
        self.service = service
        self.repo = service.repo
        self.channel = channel
        self.delays = delays
        self._told: set[int] = set()  # games whose creator heard that posts are refused

    async def flush(self, game_id: int | None = None) -> int:
        """Deliver what is owed (to one game's channel, or to all) and due now; return how many
        posts were delivered. Never raises for a failing channel: it waits for its next attempt."""
        games = sorted({row.game_id for row in await self.repo.pending_outbox(game_id)})
        sent = 0
        for gid in games:
            sent += await self._flush_game(gid)
        return sent

    async def next_attempt(self) -> float | None:
        """When the earliest held-back post may be tried again (service clock), or None."""
        due = [row.next_attempt_at for row in await self.repo.pending_outbox() if row.next_attempt_at is not None]
        return min(due) if due else None

    async def _flush_game(self, game_id: int) -> int:
        lock = _LOCKS.setdefault(self.repo.db, {}).setdefault(game_id, asyncio.Lock())
        # one delivery at a time per game (across processes on PostgreSQL); rows are re-read under the lock
        async with self.repo.db.guard(LOCK_OUTBOX, game_id, lock):
            sent = 0
            while True:
                rows = await self.repo.pending_outbox(game_id)
                if not rows:
                    return sent
                row = rows[0]
                if row.next_attempt_at is not None and self.service.clock() < row.next_attempt_at:
                    return sent
                outcome = await self._deliver(row)
                if outcome == "again":  # the channel was replaced (a deleted thread): once more now
                    again = await self.repo.get_outbox(row.id)
                    assert again is not None  # outbox rows are never deleted
                    row = again
                    outcome = row.sent_at is not None or await self._deliver(row)
                if outcome is not True:
                    return sent
                sent += 1

    async def _deliver(self, row: OutboxRow) -> bool | str:
        game = await self.service.load(row.game_id)
        payload = json.loads(row.payload)
        if row.attempt_started_at is not None:
            try:
                found = await self.channel.find(game, payload, row.attempt_started_at)
            except DeliveryError as error:
                log.warning("game %s: cannot check whether post %s was made (%s); sending it again",
                            game.id, row.id, error)
                found = None
            if found is not None:
                log.info("game %s: post %s was already made (message %s)", game.id, row.id, found)
                await self.repo.mark_sent(row.id, message_id=found)
                return True
        try:
            image = await self.service.render_post(payload)
        except Exception:
            log.exception("game %s: could not draw the image of post %s", game.id, row.id)
            await self.repo.start_attempt(row.id, row.attempt_started_at)  # counts toward the back-off
            await self._failed(row, DeliveryError("drawing failed"))
            return False
        if not await self.repo.start_attempt(row.id, row.attempt_started_at):
            return False  # another poster took the row meanwhile
        try:
            message_id = await self.channel.send(game, payload, image, nonce_of(row))
        except DeliveryError as error:
            await self._failed(row, error)
            if error.forbidden and game.id not in self._told:
                self._told.add(game.id)
                try:
                    await self.channel.cannot_post(game, error)
                except DeliveryError as again:
                    log.warning("game %s: could not tell the creator either (%s)", game.id, again)
            return "again" if error.retry_after == 0 else False
        except Exception as error:
            log.exception("game %s: post %s failed unexpectedly", game.id, row.id)
            await self._failed(row, DeliveryError(f"unexpected {type(error).__name__}", maybe_sent=True))
            return False
        await self.repo.mark_sent(row.id, message_id=message_id)
        self._told.discard(game.id)
        return True

    async def _failed(self, row: OutboxRow, error: DeliveryError) -> None:
        attempts = row.attempts + 1
        delay = self.delays[min(attempts, len(self.delays)) - 1]
        if error.retry_after:
            delay = max(delay, error.retry_after)
        await self.repo.attempt_failed(row.id, self.service.clock() + delay, maybe_sent=error.maybe_sent)
        log.warning("game %s: post %s failed (%s); next attempt in %g s", row.game_id, row.id, error, delay)
