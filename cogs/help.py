"""Short rules reminders for /pu rules, in our own words (the rulebook is the reference).

The texts are marked with ``N_`` and translated where they are shown (``rules_text``), in the
reader's language; the planet and corporation lists are built then too, from the game content.
The topic keys are what Discord sends back and stay language-neutral; ``TOPIC_NAMES`` are the
names players see in the choice list (translated like any other text).
"""
from __future__ import annotations

from i18n import N_, _
from service import boards

RULE_TOPICS = {
    "overview": N_(
        "**Planet Unknown in one minute.** Each round the commander turns the space station, then everyone "
        "at the same time takes one of the two tiles in the depot facing them and places it on their planet. "
        "The tile's two icons move your corporation's trackers up. Cover whole rows and columns, climb the "
        "tracks, rescue lifepods and catch meteorites with your rovers. The game ends when someone cannot "
        "place a tile or when the station runs out; most medals wins.\nTopics: placing, tracks, energy, rovers, "
        "civ, scoring, planets, corporations, commands."),
    "placing": N_(
        "**Placing a tile.** Your first tile touches the planet's edge; every later tile touches one you placed "
        "(side by side, not corner to corner). Tiles never overlap each other and stay on the planet. Any of the "
        "8 turns and flips is allowed. A tile destroys lifepods and rovers it covers; a tile with a meteor icon "
        "gets a meteorite on that icon's square. If you can place neither tile you "
        "take one anyway, gain its icons, and the game ends after this round."),
    "tracks": N_(
        "**Tracks.** Each icon on your tile moves that tracker up one space (civ, water, biomass, rover, tech). "
        "You get what a space shows when you reach it: a synergy moves any other tracker, a civ milestone gives "
        "a card, biomass milestones give patches, rover milestones give rovers, tech milestones switch on your "
        "corporation's techs. Water only moves for water squares that cover ice."),
    "energy": N_(
        "**Energy.** An energy icon copies the other icon of the tile, or the terrain of any area touching the "
        "energy area you just made bigger. The panel lists the choices you have."),
    "rovers": N_(
        "**Rovers.** Rover icons give movement you spend during your turn, one square per step, split between "
        "your rovers. A rover that reaches a lifepod or a meteorite collects it. Unused steps are lost when you "
        "confirm. Movement a corporation gives at the start of the round (or for picking a civ tile) is spent "
        "before you place your tile: what is left of it is lost once the tile is placed."),
    "civ": N_(
        "**Civilisation cards.** When a civ milestone is reached you choose a card of that rank after everyone "
        "has confirmed, one player at a time from the commander. Some act at once, others score at the end "
        "(kept secret until then)."),
    "scoring": N_(
        "**Scoring.** A: complete rows and columns without meteorites. B: the medal under each tracker. "
        "C: lifepods (1 each) and meteorites (1 per 3). D: end-game civ cards. E: private objectives met. "
        "F: neighbour objectives against each neighbour. Ties: fewer uncovered squares, then fewer meteorites."),
    "commands": N_(
        "**Commands.** /pu create opens a game here, /pu choose picks your planet and corporation in its lobby, "
        "/pu solo starts a solo game, /pu learn a guided first game, /pu play shows your move, /pu hint what a "
        "strong player would do now and why, "
        "/pu place types a tile position, /pu act types any move, /pu board /pu corp /pu station show the game, "
        "/pu status shows who still has to play, /pu score the standing, /pu reminders on/off, "
        "/pu history a past round, /pu export a finished game's replay file. The creator can "
        "/pu host kick (lobby), /pu host replace a seat, /pu host pause or resume and /pu host end the game.\n"
        "**About you, in all your games (Planet Unknown and Solar Storm):** /me settings your own reminders, "
        "quiet hours and language, /me away and /me back, /me games your open games, /me profile."),
    "planets": N_(
        "**Planets.** Each player plays the identical side (KSB-4156) or one asymmetric planet; choose yours in "
        "the lobby. Complexity 1 is the gentlest."),
    "corporations": N_(
        "**Corporations.** Each player plays the identical side (Universal Coalition) or one asymmetric "
        "corporation; choose yours in the lobby. /pu corp shows your board and its techs during the game."),
}

# What a player sees in the topic list (the key is what comes back)
TOPIC_NAMES = {
    "overview": N_("overview"), "placing": N_("placing"), "tracks": N_("tracks"), "energy": N_("energy"),
    "rovers": N_("rovers"), "civ": N_("civ"), "scoring": N_("scoring"), "commands": N_("commands"),
    "planets": N_("planets"), "corporations": N_("corporations"),
}


def rules_text(topic: str) -> str:
    """The reminder for ``topic`` (the overview for an unknown one) in the current language;
    the planets and corporations topics list every side a player may choose."""
    key = topic if topic in RULE_TOPICS else "overview"
    text = _(RULE_TOPICS[key])
    options = {"planets": boards.planet_options, "corporations": boards.corporation_options}.get(key)
    for _id, label, pitch in options() if options else ():
        text += "\n" + _("- {side}: {pitch}").format(side=label, pitch=pitch)
    return text
