"""The Discord layer: slash-command cogs, thin over the game service (STYLE.md).

EXTENSIONS lists the cog modules bot.py loads; ``bot.service`` (a service.GameService) must
be set on the bot before they load.
"""
EXTENSIONS: list[str] = ["cogs.game", "cogs.players", "cogs.storm", "cogs.me"]  # players joins the /pu group of
# game; storm (/storm) posts through game's outbox, so it loads after it; me (/me: the person's settings, away
# mode, games and profile, for every game) answers through game's error path and shows players' profile
