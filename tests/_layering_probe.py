# Imported by nobody: test_layering reads this file to prove its import checker sees each kind of line.
import discord  # noqa: F401

from engine import rules  # noqa: F401  (an engine module taken by name)
from engine.state import GameState  # noqa: F401  (and one taken from its module)
