"""Solar Storm's images (issue 53), beside Planet Unknown's: the ship after every turn and the
final image that tells the story of the game. Both are drawn from the public view
(``engine.solar_storm.public_view``), which never holds the order of a deck.

    from engine.solar_storm import public_view
    from render.solar_storm import ship_png, final_png
    data = ship_png(public_view(state), names, lang="fr")      # PNG bytes

``ship_png`` and ``final_png`` are plain functions of picklable arguments (the view dict, the
display names by seat, the language), so the service's worker pool can run them; the same view
gives the same bytes. ``render_ship`` / ``render_final`` return the PIL image (for the
benchmark) and take a ``trace`` list that records every text drawn (for the tests).
"""
from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from PIL import Image

import i18n

from ..encoding import png_bytes
from ._pen import MIN_TEXT, TextBox
from .final import render_final
from .ship import render_ship

PALETTE_FILE = Path(__file__).with_name("palette.json")


@cache
def palette() -> Image.Image:
    """The 256 colours every Solar Storm image is encoded with (``palette.json``, chosen by
    ``python -m render.solar_storm.demo --palette`` from a mosaic of example images; the tests
    check that it still draws them faithfully)."""
    colours = json.loads(PALETTE_FILE.read_text(encoding="utf-8"))
    flat = [int(c[k:k + 2], 16) for c in colours for k in (1, 3, 5)]
    img = Image.new("P", (1, 1))
    img.putpalette(flat + [0] * (768 - len(flat)))
    return img


def encode(image: Image.Image) -> bytes:
    """PNG bytes of a Solar Storm image, in the 256 colours of ``palette()``: its flat colours
    and their anti-aliased edges keep their look (each pixel to the nearest colour), the
    encoding takes a third of the time of a full-colour PNG and the file a third of the size
    (no dithering: deterministic)."""
    return png_bytes(image.quantize(palette=palette(), dither=Image.Dither.NONE))


def _lang() -> str:
    return "fr" if i18n.language() == "fr" else "en"


def ship_image(view: dict, names: Sequence[str] | None = None) -> Image.Image:
    """The ship image in the language in use, in the 256 colours of ``palette()``: what
    ``render.render_png("storm_ship", view, names, language=...)`` encodes (the service's worker
    pool draws the turn posts' and the panels' images this way)."""
    return render_ship(view, names, _lang()).quantize(palette=palette(), dither=Image.Dither.NONE)


def final_image(view: dict, names: Sequence[str] | None = None) -> Image.Image:
    """The final image in the language in use, in the 256 colours of ``palette()`` (the final
    post's, ``render_png("storm_final", ...)``). Raises ValueError when the game is not over."""
    return render_final(view, names, _lang()).quantize(palette=palette(), dither=Image.Dither.NONE)


def ship_png(view: dict, names: Sequence[str] | None = None, lang: str = "en") -> bytes:
    """The ship image of ``view`` as PNG bytes, every word in ``lang`` ("en" or "fr")."""
    return encode(render_ship(view, names, lang))


def final_png(view: dict, names: Sequence[str] | None = None, lang: str = "en") -> bytes:
    """The final image of a finished game's view as PNG bytes. Raises ValueError when the game
    is not over."""
    return encode(render_final(view, names, lang))


__all__ = ["encode", "palette", "PALETTE_FILE", "ship_png", "final_png", "ship_image", "final_image", "render_ship", "render_final", "TextBox", "MIN_TEXT"]
