"""The Discord layer: slash-command cogs, thin over the game service (STYLE.md).

EXTENSIONS lists the cog modules bot.py loads. The game commands arrive with the Discord
issue; until then the bot logs in and syncs an empty command tree.
"""
EXTENSIONS: list[str] = []
