"""A stand-in for one of several bot processes on one PostgreSQL database, for
tests/service/test_processes.py: it does what a bot process does on its own, every few
milliseconds, until the STOP file appears: fire due reminders and turn timers (tick), and
deliver owed posts (Poster) into a channel file that every process shares (as they share
Discord). Its clock runs SPEED times faster than real time from T0, so turn timers of hours
pass in fractions of a second.

    python -m tests.service.multi_driver URL SINK STOP T0 SPEED
"""
from __future__ import annotations

import asyncio
import json
import os
import sys
import time
from pathlib import Path

from db.connection import open_database
from db.repository import GameRepository
from service import GameService
from service.outbox import Poster
from tests.service.fake_channel import FakeChannel


def fast_clock(t0: float, speed: float):
    return lambda: t0 + (time.time() - t0) * speed


class SharedChannel(FakeChannel):
    """The channel file is shared: each look at it (find) and each message id reads it afresh."""

    async def send(self, game, payload, image, nonce):
        self.messages = self._read()
        unique = (os.getpid() % 100_000) * 10**13 + (time.time_ns() // 1000) % 10**13  # a message id
        message = {"id": unique, "game": game.id, "nonce": nonce,
                   "text": payload["text"], "image": bool(image), "at": self.clock()}
        with open(self.path, "a", encoding="utf-8") as out:  # one short append: whole lines
            out.write(json.dumps(message) + "\n")
            out.flush()
            os.fsync(out.fileno())
        return message["id"]

    async def find(self, game, payload, since):
        self.messages = self._read()
        return await super().find(game, payload, since)


async def main(url: str, sink: str, stop: str, t0: float, speed: float) -> None:
    clock = fast_clock(t0, speed)
    db = await open_database(url)
    service = GameService(GameRepository(db, clock=clock), clock=clock, autopilot_level="random")
    poster = Poster(service, SharedChannel(sink, clock=clock))
    try:
        while not Path(stop).exists():
            await service.tick()
            await poster.flush()
            await asyncio.sleep(0.005)
        await poster.flush()
    finally:
        await db.close()


if __name__ == "__main__":
    url, sink, stop, t0, speed = sys.argv[1:]
    asyncio.run(main(url, sink, stop, float(t0), float(speed)))
