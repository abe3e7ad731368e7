"""The README's pictures are what ``render.demo`` writes: the command the README gives writes
every image it shows (issue 55: the profile and the French score sheet were missing)."""
from __future__ import annotations

import re
from pathlib import Path

from render.demo import main

ROOT = Path(__file__).resolve().parents[2]


def test_the_readme_command_writes_every_picture_the_readme_shows(tmp_path):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = set(re.findall(r"docs/images/([\w-]+\.png)", readme))
    assert {"profile.png", "score_fr.png", "planet.png"} <= shown
    command = re.search(r"`\.venv/bin/python -m render\.demo ([^`]*--docs docs/images)`", readme)
    assert command, "the README names the command that draws its pictures"
    args = command.group(1).replace("docs/images", str(tmp_path)).split()
    assert main(args) == 0
    assert {p.name for p in tmp_path.glob("*.png")} == shown


def test_the_demo_out_writes_sixteen_images_with_the_profile_and_the_french_score(tmp_path):
    assert main(["--seed", "12", "--out", str(tmp_path)]) == 0
    names = {p.name for p in tmp_path.glob("*.png")}
    assert len(names) == 16 and {"profile.png", "end_score_fr.png", "end_score_solo.png"} <= names
