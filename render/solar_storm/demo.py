"""Example Solar Storm positions for the images' tests, the benchmark and the README pictures:
seeded random-legal play-outs and hand-built positions (engine/solar_storm/scenario.py) that
put the most on one image (four pawns and four protection tokens in one room, long names, big
hands, the Hull Breach open), a won game, a lost one and one lost to the Hull Breach.

    .venv/bin/python -m render.solar_storm.demo --docs docs/images   # writes the README pictures
    .venv/bin/python -m render.solar_storm.demo --palette            # chooses the encoding palette again

Each function returns the game's state; images take ``public_view`` of it.
"""
from __future__ import annotations

import random
from pathlib import Path

from engine.solar_storm import apply, legal_actions, make_config, new_game, parse, public_view
from engine.solar_storm.actions import Undo
from engine.solar_storm.scenario import Scenario

NAMES = ["Anna", "Bruno", "Chloé", "Dmitri"]
# 32 characters, Discord's longest display name, with wide letters
LONG_NAMES = ["Marie-Christine de La Rochefoucau", "Wolfgang Maximilian Oberhausener",
              "Guillaume-Éric Montmorency-Laval", "Bartholomew Wetherington-Smythe"]
OUTER = ("bridge", "armoury", "cargo_hold", "mess_hall", "engine_room", "medical_bay", "crew_quarters",
         "repair_centre")


def playout(players: int, seed: int, *, until_turn: int | None = None, difficulty: str = "easy",
            no_peek: bool = False):
    """A random-legal game (undo never chosen) up to the start of ``until_turn``, or to its end."""
    state = new_game(make_config(players, difficulty=difficulty, no_peek=no_peek), seed)
    rng = random.Random(seed)
    while state.phase != "over" and (until_turn is None or state.turn < until_turn):
        seat = state.active
        apply(state, seat, rng.choice([a for a in legal_actions(state, seat) if not isinstance(a, Undo)]))
    return state


def crowded(no_peek: bool = False):
    """Four players in the Crew Quarters and the Repair Centre (the longest room names), four
    protection tokens on one room, seven rooms diverted, hands of 9 cards, 5 action tokens
    each, the Hull Breach open and just rolled."""
    sc = Scenario(players=4, seed=11, difficulty="easy", no_peek=no_peek)
    sc.layout("crew_quarters", "repair_centre", "mess_hall", "engine_room", "medical_bay", "cargo_hold",
              "armoury", "bridge")
    for i, room in enumerate(OUTER):
        sc.room(room, diverted=room != "bridge", cubes=("x--", "-x-", "xxx", "--x")[i % 4])
    sc.room("crew_quarters", cubes="x-x", diverted=True, protection=[0, 0, 3, 3])
    sc.pawn(0, "crew_quarters").pawn(1, "crew_quarters").pawn(2, "crew_quarters").pawn(3, "crew_quarters")
    for seat in range(4):
        sc.hand(seat, "data", "data", "metal", "metal", "nanobots", "nanobots", "energy", "energy", "universal")
        sc.tokens(seat, 2)
    sc.resources(left=14)
    sc.damage(left=0)
    state = sc.start(active=1)
    apply(state, 1, parse("end"))
    apply(state, 1, parse("collect 1"))
    while state.phase == "discard":
        apply(state, 1, parse("discard universal" if "universal" in state.hands[1] else "discard data"))
    return state


def won():
    """Eight rooms diverted; the first player restarts the core from the Energy Core."""
    sc = Scenario(players=4, seed=3, difficulty="hard")
    sc.layout(*OUTER)
    for room in OUTER:
        sc.room(room, diverted=True, cubes="-xx" if room in ("bridge", "cargo_hold") else "xxx")
    sc.pawn(0, "energy_core").pawn(1, "bridge").pawn(2, "bridge").pawn(3, "armoury")
    sc.resources(left=12)
    sc.damage(left=3)
    state = sc.start(active=0)
    apply(state, 0, parse("reactivate"))
    return state


def lost_to_breach(seed: int = 2):
    """The Hull Breach open, two resource cards in the deck: the face-up card taken is refilled
    from the deck, whose last card the Hull Breach's roll then throws away."""
    sc = Scenario(players=2, seed=seed, difficulty="medium")
    for room in OUTER[:5]:
        sc.room(room, diverted=True)
    sc.resources(left=2)
    sc.damage(left=0)
    state = sc.start(active=0)
    apply(state, 0, parse("end"))
    apply(state, 0, parse("collect 1"))
    return state


def reference_images() -> list:
    """The example images the encoding palette is chosen from (and checked against): both
    images, both languages, a crowded ship with the Hull Breach open, solo, won and lost."""
    from render.solar_storm import render_final, render_ship

    return [render_ship(public_view(crowded()), LONG_NAMES, "fr"),
            render_ship(public_view(playout(3, 27, until_turn=9)), NAMES[:3], "en"),
            render_ship(public_view(playout(1, 4, until_turn=5)), None, "en"),
            render_final(public_view(won()), NAMES, "en"),
            render_final(public_view(playout(3, 27)), NAMES[:3], "fr")]


def build_palette() -> list[str]:
    """256 colours (``#rrggbb``) for the images, by octree over a mosaic of the reference images."""
    from PIL import Image

    images = reference_images()
    mosaic = Image.new("RGB", (sum(i.width for i in images), max(i.height for i in images)),
                       images[0].getpixel((0, 0)))
    x = 0
    for img in images:
        mosaic.paste(img, (x, 0))
        x += img.width
    quant = mosaic.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    flat = quant.getpalette() or []
    return [f"#{flat[i]:02x}{flat[i + 1]:02x}{flat[i + 2]:02x}" for i in range(0, min(len(flat), 768), 3)]


def main(argv: list[str] | None = None) -> int:
    """``--docs DIR``: write the README pictures (English and French) into DIR, the same form
    as ``render.demo --docs`` (the README test runs every ``--docs docs/images`` command the
    README gives); ``--palette``: choose the encoding palette again
    (render/solar_storm/palette.json)."""
    import argparse

    from render.solar_storm import PALETTE_FILE, final_png, ship_png

    ap = argparse.ArgumentParser(prog="python -m render.solar_storm.demo",
                                 description="Draw the Solar Storm README pictures, or choose the encoding palette again.")
    todo = ap.add_mutually_exclusive_group(required=True)
    todo.add_argument("--docs", type=Path, metavar="DIR", help="write the README pictures (storm_*.png) to DIR")
    todo.add_argument("--palette", action="store_true", help="choose the encoding palette again")
    args = ap.parse_args(argv)
    if args.palette:
        import json

        PALETTE_FILE.write_text(json.dumps(build_palette(), indent=0) + "\n", encoding="utf-8")
        return 0

    out = args.docs
    out.mkdir(parents=True, exist_ok=True)
    mid = public_view(playout(3, 27, until_turn=9))  # a diverted room, two protection tokens
    end = public_view(playout(3, 27))
    for lang, suffix in (("en", ""), ("fr", "_fr")):
        (out / f"storm_ship{suffix}.png").write_bytes(ship_png(mid, NAMES[:3], lang))
        (out / f"storm_final{suffix}.png").write_bytes(final_png(end, NAMES[:3], lang))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
