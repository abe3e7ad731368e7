"""A stand-in for Discord channels behind service.outbox.Poster: every post becomes a line in
a list (and, if a path is given, a JSON line appended and fsync'd to a file, so a process that
is killed leaves exactly what it had posted). Tests make it fail on purpose."""
from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from service.outbox import DeliveryError


class FakeChannel:
    def __init__(self, path: str | Path | None = None, clock=None):
        self.path = Path(path) if path else None
        self.clock = clock
        self.failures: list[Exception] = []  # raised by the next sends, in order
        self.create_then_fail = 0  # the next N sends create the message, then fail as a timeout would
        self.unreadable = False  # find() cannot read the channel (no Read Message History)
        self.after_send: Callable[[Any], None] | None = None  # called right after a message is stored (the crash tests kill here)
        self.told: list[tuple[int, str]] = []
        self.messages: list[dict] = self._read()

    def _read(self) -> list[dict]:
        if self.path is None or not self.path.exists():
            return []
        return [json.loads(line) for line in self.path.read_text().splitlines() if line.strip()]

    def texts(self, game_id: int | None = None) -> list[str]:
        return [m["text"] for m in self.messages if game_id is None or m["game"] == game_id]

    async def send(self, game, payload: dict, image: bytes | None, nonce: str) -> int:
        if self.failures:
            raise self.failures.pop(0)
        message = {"id": len(self.messages) + 1, "game": game.id, "nonce": nonce, "text": payload["text"],
                   "image": bool(image), "at": self.clock() if self.clock else 0.0}
        self.messages.append(message)
        if self.path is not None:
            with open(self.path, "a", encoding="utf-8") as out:
                out.write(json.dumps(message) + "\n")
                out.flush()
                os.fsync(out.fileno())
        if self.after_send is not None:
            self.after_send(message)
        if self.create_then_fail:
            self.create_then_fail -= 1
            raise DeliveryError("timed out waiting for Discord", maybe_sent=True)
        return message["id"]

    async def find(self, game, payload: dict, since: float) -> int | None:
        if self.unreadable:
            raise DeliveryError("missing Read Message History", forbidden=True)
        for message in reversed(self.messages):
            if message["game"] == game.id and message["text"] == payload["text"] and message["at"] >= since - 120:
                return message["id"]
        return None

    async def cannot_post(self, game, error: DeliveryError) -> None:
        self.told.append((game.row.creator_id, str(error)))
