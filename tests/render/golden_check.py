"""Comparing a rendered image with its golden file, with a small tolerance.

Golden files are stored at half size (the repository stays small; a layout or colour
change still shows plainly). On a mismatch, the rendered image, the golden one and an
amplified difference are written to tests/render/_failures/ for a look.
"""
from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageChops

HERE = Path(__file__).resolve().parent
GOLDEN_DIR = HERE / "golden"
FAILURES = HERE / "_failures"
GOLDEN_SCALE = 2
# tolerance: FreeType or Pillow versions may move anti-aliased edges by a level or two
MAX_MEAN_DIFF = 1.5  # mean absolute difference per channel, 0-255
MAX_BAD_FRACTION = 0.004  # share of pixels differing by more than BAD_LEVEL on some channel
BAD_LEVEL = 48


def golden_path(name: str) -> Path:
    return GOLDEN_DIR / f"{name}.png"


def reduce(img: Image.Image) -> Image.Image:
    img = img.convert("RGB")
    return img.resize((img.width // GOLDEN_SCALE, img.height // GOLDEN_SCALE), Image.Resampling.BOX)


def compare(name: str, img: Image.Image) -> str | None:
    """None when ``img`` matches its golden file, else a message (and files in _failures/)."""
    path = golden_path(name)
    if not path.exists():
        return f"no golden image {path.name}: run python -m tests.render.regen_golden {name}"
    got = reduce(img)
    want = Image.open(path).convert("RGB")
    if got.size != want.size:
        problem = f"size {got.size} differs from golden {want.size}"
    else:
        diff = ImageChops.difference(got, want)
        hist = diff.histogram()
        pixels = got.width * got.height
        mean = sum(i * n for band in range(3) for i, n in enumerate(hist[band * 256:(band + 1) * 256])) / (pixels * 3)
        bad_mask = diff.convert("L").point(lambda v: 255 if v * 3 > BAD_LEVEL else 0)  # L ~ mean of channels
        bad = bad_mask.histogram()[255] / pixels
        if mean <= MAX_MEAN_DIFF and bad <= MAX_BAD_FRACTION:
            return None
        problem = f"mean difference {mean:.2f} (max {MAX_MEAN_DIFF}), {bad:.3%} pixels off (max {MAX_BAD_FRACTION:.1%})"
    FAILURES.mkdir(exist_ok=True)
    got.save(FAILURES / f"{name}.got.png")
    want.save(FAILURES / f"{name}.golden.png")
    if got.size == want.size:
        amp = ImageChops.difference(got, want).point(lambda v: min(255, v * 4))
        amp.save(FAILURES / f"{name}.diff.png")
    return f"{name}: {problem}; see {FAILURES}"
