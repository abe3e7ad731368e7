"""The README's pictures are what its picture commands write: every command the README gives in
the one form ``.venv/bin/python -m <package>.demo ... --docs docs/images`` (``render.demo`` for
Planet Unknown, ``render.solar_storm.demo`` for Solar Storm) is run, and together they write
exactly the images the README shows (issue 55: the profile and the French score sheet were
missing)."""
from __future__ import annotations

import importlib
import re
from pathlib import Path

from render.demo import main

ROOT = Path(__file__).resolve().parents[2]
# the documented form of a picture command: a module's demo writing into docs/images
PICTURE_COMMAND = re.compile(r"`\.venv/bin/python -m ((?:\w+\.)*demo) ([^`]*--docs docs/images)`")


def test_the_readme_command_writes_every_picture_the_readme_shows(tmp_path):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = set(re.findall(r"docs/images/([\w-]+\.png)", readme))
    assert {"profile.png", "score_fr.png", "planet.png", "storm_ship_fr.png"} <= shown
    commands = PICTURE_COMMAND.findall(readme)
    assert "render.demo" in {module for module, _args in commands}, "the README names the commands that draw its pictures"
    for module, args in commands:
        demo = importlib.import_module(module)
        assert demo.main(args.replace("docs/images", str(tmp_path)).split()) == 0, module
    assert {p.name for p in tmp_path.glob("*.png")} == shown


def test_the_demo_out_writes_sixteen_images_with_the_profile_and_the_french_score(tmp_path):
    assert main(["--seed", "12", "--out", str(tmp_path)]) == 0
    names = {p.name for p in tmp_path.glob("*.png")}
    assert len(names) == 16 and {"profile.png", "end_score_fr.png", "end_score_solo.png"} <= names
