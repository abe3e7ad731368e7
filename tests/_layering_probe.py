import discord  # used only by test_layering to prove the checker sees imports
