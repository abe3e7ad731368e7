"""Draw the README's pictures of the guided first game and the hint, as the bot sends them.

    .venv/bin/python -m service.demo --seed 12 --docs docs/images [--lang fr]

A guided first game (``GameService.learn``, the game /pu learn and ``--offline --learn`` start)
is played by the service itself on a throwaway database, the normal computer player making the
moves a newcomer would make, and two of the pictures the bot sends are written:

- ``learn.png``: the picture sent with the guided game's first lesson at a tile choice (round 1's:
  the space station's depot facing the player, with the lesson on the station beside it);
- ``hint.png``: the picture of the hint asked for at round ``--round``'s tile choice (the placement
  preview of the tile and spot it suggests).

The panels' words (the lessons, the hint's moves and reasons) are printed, as the player reads
them. The hard player thinks ``--hard-seconds`` per turn (0 by default: the look-ahead off, so
the same seed always draws the same pictures).
"""
from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path

import i18n
from db.connection import open_database
from db.repository import GameRepository

from . import autoplay
from .games import GameService

PLAYER = 1  # the newcomer's user id on the throwaway database
IMAGES = ("learn", "hint")


async def draw(out: Path, seed: int = 12, round_: int = 4, hard_s: float = 0.0,
               say=print) -> list[Path]:
    """Play a guided game to round ``round_``'s tile choice; write learn.png and hint.png to ``out``.
    Raises RuntimeError if the game ends before that round."""
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        db = await open_database(Path(folder) / "demo.sqlite3")
        try:
            service = GameService(GameRepository(db), autopilot_level="normal", hard_turn_s=hard_s)
            game = await service.learn(user_id=PLAYER, name="Ada", guild_id=None, channel_id=None,
                                       language=i18n.language(), seed=seed)
            images: dict[str, bytes] = {}
            for _step in range(400):
                panel = (await service.panel(game.id, PLAYER)).panel
                assert panel is not None and game.state is not None
                state, seat = game.state, panel.seat
                if "learn" not in images and panel.image is not None and panel.image[0] == "picker" \
                        and any(n.startswith("📘") for n in panel.notes):
                    images["learn"] = await service.render_panel(panel) or b""
                    say("\n\n".join([panel.text, *panel.notes]))
                if state.round >= round_ and state.phase == "turns" and state.seats[seat].step == "pick" \
                        and state.seats[seat].hand is None:
                    found = await service.hint(game.id, PLAYER)
                    if found.image is not None:
                        kind, args, kwargs = found.image
                        images["hint"] = await service.render(kind, *args, **kwargs)
                        say(found.text)
                        break
                if game.status != "active":
                    break
                action = autoplay.choose(state, seat, "normal")
                game = (await service.act(game.id, PLAYER, str(action))).game
            missing = [name for name in IMAGES if name not in images]
            if missing:
                raise RuntimeError(f"seed {seed}: no picture for {', '.join(missing)} by round {round_}")
            written = []
            for name in IMAGES:
                path = out / f"{name}.png"
                path.write_bytes(images[name])
                written.append(path)
            return written
        finally:
            await db.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m service.demo", description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=12)
    ap.add_argument("--docs", type=Path, default=Path("out/learn-demo"), metavar="DIR",
                    help="the folder for learn.png and hint.png (the README's: docs/images)")
    ap.add_argument("--round", type=int, default=4, help="the round whose tile choice gets the hint (default 4)")
    ap.add_argument("--hard-seconds", type=float, default=0.0, metavar="S",
                    help="CPU seconds the hard player behind the hint thinks per turn (default 0: no look-ahead)")
    ap.add_argument("--lang", default="en", choices=sorted(i18n.LANGUAGES), help="the language of the game")
    args = ap.parse_args(argv)
    with i18n.use(args.lang):
        try:
            files = asyncio.run(draw(args.docs, args.seed, args.round, args.hard_seconds))
        except RuntimeError as exc:
            ap.error(str(exc))
    for f in files:
        print(f"{f}  {f.stat().st_size // 1024} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
