import discord  # used only by test_layering to prove the checker sees imports
from engine import rules  # and an engine module taken by name
from engine.state import GameState  # and one taken from its module
