"""Test helpers on top of SimCord 3.2.1 that its public API does not provide.

``concurrently`` relies on two SimCord internals: ``Env._begin_operation`` /
``Env._end_operation`` (the overlap guard) and ``Env._settle_internal`` (what every actor
verb awaits after delivering its gateway event). Both are private, so re-check this helper
whenever the pinned simcord version changes; tests/discord/test_async_play.py and
test_exactly_once.py cover it.
"""
from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import simcord

T = TypeVar("T")


async def concurrently(env: simcord.Env, *actions: Callable[[], Awaitable[T]]) -> list[T]:
    """Deliver several user actions before the bot handles any of them, then settle once.

    Public actor verbs (``member.slash``, ``member.click``, ...) each settle the bot before
    returning and refuse to overlap: ``asyncio.gather`` of two verbs raises
    ``SetupError: operation overlaps active slash``. So with the public API two users can
    never be *in flight* at the same time. This helper runs each verb with settlement
    switched off (the verb still validates and emits its INTERACTION_CREATE / MESSAGE_CREATE),
    then settles once, so the bot's handlers really interleave at their ``await`` points,
    in the order the actions were given.

        results = await concurrently(
            env,
            lambda: alice.slash(channel, "pu join"),
            lambda: bob.click(board, label="Refresh"),
        )

    ``InteractionResult`` objects are live views on the backend, so they are complete once
    this returns.
    """
    env._begin_operation("concurrently")  # holds SimCord's overlap guard for this task
    try:

        async def no_settle(**_: Any) -> None:
            return None

        env._settle_internal = no_settle  # type: ignore[method-assign]
        try:
            # Sequential on purpose: verbs called from the task holding the guard nest fine,
            # and with settlement off each one returns right after emitting its event.
            results = [await action() for action in actions]
        finally:
            del env._settle_internal  # back to the class implementation
        await env.settle()
        return results
    finally:
        env._end_operation()
