"""Fixtures of the render tests: positions come from tests/render/positions.py (seeded
playouts, a hand-filled planet, and the stored views of the golden images)."""
from __future__ import annotations

import pytest

from tests.render.positions import NAMES


@pytest.fixture
def names():
    return list(NAMES)
