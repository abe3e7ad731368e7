"""The one list of corporation boards: importing this module registers every board
(engine/corporations/base.py ``BOARDS``). A new corporation is a module in this package,
its entry in engine/data/corporations.json, and one line here."""
from __future__ import annotations

from .. import data as D
from . import cosmos, flux, horizon, jump_drive, makeshift, oasis, republic, universal_coalition, wormhole  # noqa: F401 (they register)
from .base import BOARDS

# The corporations this engine plays: those of the data file with a registered board.
SUPPORTED_CORPORATIONS: tuple[str, ...] = tuple(c for c in D.corporations() if c in BOARDS)
