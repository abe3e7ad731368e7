"""Golden images for fixed positions (views stored in golden/positions.json), compared with
a small tolerance. Regenerate with ``python -m tests.render.regen_golden`` after a deliberate
change, and look at the images before committing them."""
from __future__ import annotations

import pytest

from tests.render.golden_check import compare
from tests.render.positions import golden_cases

CASES = golden_cases()


@pytest.mark.parametrize("name", sorted(CASES))
def test_image_matches_golden(name):
    problem = compare(name, CASES[name]())
    assert problem is None, problem
