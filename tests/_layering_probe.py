import discord  # noqa: F401 - unused on purpose: test_layering proves its import checker sees this line
