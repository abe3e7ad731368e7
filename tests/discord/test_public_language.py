"""Public and private languages on Discord (issue 51, findings 13 to 15): a game's posts are in
the game's language whoever (or whatever) caused them; public answers in a server are in the
server's language, private ones in the reader's; the settings panel answers in the language
just chosen."""
from __future__ import annotations

from tests.discord.helpers import thread_of
from tests.discord.test_languages import in_language

HOUR = 3600


def said(r):
    return r.followups[-1] if r.followups else r.response


async def test_a_french_games_posts_stay_french_when_english_speakers_and_the_heartbeat_cause_them(world):
    """Finding 13: English-speaking players pause, resume, switch away mode off and on and go
    away in a French game; the heartbeat reminds (in the thread, and by DM with the game's
    link). Every post in the thread, and the DM, is in French."""
    alice, bob, carol = world.alice, world.bob, world.carol
    for who in (alice, bob, carol):
        await who.slash(world.channel, "pu settings", reminders_by="dm")
    lobby = (await alice.slash(world.channel, "pu create", players=3, language="fr", remind_hours=1)).response
    for who in (bob, carol):
        await who.click(lobby, label="Rejoindre")  # the lobby is public: in the game's French
    await alice.click(lobby, label="Lancer")
    thread = thread_of(world)
    for command, options in (("pu host pause", {}), ("pu host resume", {}), ("pu host allow-away", {"allow": False}),
                             ("pu host allow-away", {"allow": True})):
        r = await alice.slash(thread, command, **options)
        assert r.ephemeral and "game #" in said(r).content.lower()  # the creator's own answer: her English
    game = (await world.service.games_of(alice.id))[-1]
    commander = next(p for p in (alice, bob, carol) if game.seat_of(p.id) == game.state.commander)
    away = await commander.slash(world.channel, "pu away", days=2)  # the autopilot turns the station for them
    assert away.ephemeral
    await world.env.advance_time(HOUR + 120)
    await world.cog.flush()
    posts = [m.content for m in thread.history()]
    dms = [m.content for p in (alice, bob, carol) if p is not commander for m in p.user.dm_channel.history()]
    joined = "\n".join(posts + dms)
    for french in ("a été suspendue", "a été reprise", "joue pour les joueurs absents", "absent jusqu'au",
                   "vous attend"):
        assert french in joined, french
    assert any("Aller à la partie" in d for d in dms), dms
    assert in_language(0, posts + dms, []) == []
