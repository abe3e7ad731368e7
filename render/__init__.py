"""Game images for Discord: a view (``engine.public_view`` / ``engine.view_for``) in, a PIL
image out, PNG bytes from ``png_bytes``. No discord, no database, no game state: the view is
all a renderer sees, so nothing hidden from its reader can appear in an image.

    from engine import public_view, view_for
    from render import render_planet, png_bytes
    data = png_bytes(render_planet(view_for(state, seat), seat, names))

Every ``render_*`` returns an RGB ``PIL.Image.Image``; ``names`` is the list of display names
by seat (``None`` gives "Player 1", "Player 2" ...). Rendering and encoding are separate so a
benchmark can time each; ``render_png(kind, ...)`` does both.

Every word on an image is in the current language (``i18n.use``). A render drawn in a worker
(another process or thread, where the caller's language is not set) passes it along:
``render_png(kind, ..., language="fr")`` draws inside ``use("fr")``.
"""
from __future__ import annotations

from collections.abc import Callable

from PIL import Image

from i18n import use

from .corporation import render_civ_offer, render_corporation
from .encoding import PNG_COMPRESS_LEVEL, png_bytes
from .medals import render_final, render_medals
from .picker import render_picker
from .planet import render_planet, render_preview
from .profile import render_profile
from .score import render_score
from .solar_storm import final_image, ship_image
from .station import render_station
from .summary import render_round_summary

RENDERERS: dict[str, Callable[..., Image.Image]] = {
    "planet": render_planet,
    "preview": render_preview,
    "corporation": render_corporation,
    "civ_offer": render_civ_offer,
    "station": render_station,
    "picker": render_picker,
    "summary": render_round_summary,
    "score": render_score,
    "profile": render_profile,
    "medals": render_medals,
    "final": render_final,
    "storm_ship": ship_image,    # Solar Storm (render/solar_storm): the ship after a turn (view, names)
    "storm_final": final_image,  # Solar Storm: the story of a finished game (view, names)
}


def warm(planet_ids=("ksb-4156",)) -> None:
    """Build the cached static layers (empty planets, terrain squares, common icons) ahead of
    the first request, so that one is as fast as the others. Optional."""
    from engine import data as D

    from . import cells, icons, planet, summary
    for pid in planet_ids:
        planet.empty_planet(pid, planet.CELL, True)
        planet.empty_planet(pid, summary.MINI_CELL, False)
    for size in (planet.CELL, summary.MINI_CELL):
        for t in D.TERRAINS:
            cells.terrain_square(t, size)
            icons.resource(t, int(size * 0.64))


def render_png(kind: str, *args, language: str | None = None, **kwargs) -> bytes:
    """``render_png("planet", view, seat, names)`` = ``png_bytes(render_planet(view, seat, names))``;
    with ``language``, the words on it are in that language (else in the current one)."""
    try:
        fn = RENDERERS[kind]
    except KeyError:
        raise ValueError(f"unknown image kind {kind!r}; one of {', '.join(RENDERERS)}") from None
    if language is None:
        return png_bytes(fn(*args, **kwargs))
    with use(language):
        return png_bytes(fn(*args, **kwargs))


__all__ = ["render_planet", "render_preview", "render_corporation", "render_civ_offer", "render_station", "render_picker",
           "render_round_summary", "render_score", "render_medals", "render_final", "png_bytes", "render_png", "warm", "RENDERERS", "PNG_COMPRESS_LEVEL"]
