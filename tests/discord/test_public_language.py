"""Public and private languages on Discord (issue 51, findings 13 to 15): a game's posts are in
the game's language whoever (or whatever) caused them; public answers in a server are in the
server's language, private ones in the reader's; the settings panel answers in the language
just chosen."""
from __future__ import annotations

import simcord.interactions

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
        await who.slash(world.channel, "me settings", reminders_by="dm")
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
    away = await commander.slash(world.channel, "me away", days=2)  # the autopilot turns the station for them
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


def french_players_in_an_english_server(monkeypatch) -> None:
    """Every user's Discord client is French; the server's language is English."""
    made = simcord.interactions.base_payload

    def base_payload(*args, **kwargs):
        record, payload = made(*args, **kwargs)
        payload["locale"] = "fr"
        if "guild_locale" in payload:
            payload["guild_locale"] = "en-US"
        return record, payload
    monkeypatch.setattr(simcord.interactions, "base_payload", base_payload)


async def test_public_answers_are_in_the_servers_language_and_private_ones_in_the_askers(world, monkeypatch):
    """Finding 15: a French player's /pu leaderboard, /pu records and /pu profile in an English
    server were posted in French for everyone, and their click on "Next" redrew an English board
    in French. Public answers are in the server's language; private ones in the asker's."""
    from tests.discord.test_players import add_finished, history
    await history(world)
    db = world.service.repo.db
    for n in range(12):
        member = world.guild.add_member(world.env.create_user(f"player{n:02d}"))
        await add_finished(db, 500 + n, world.guild.id, [(member.id, f"player{n:02d}", 50 + n, 1, (10,) * 6),
                                                        (None, "Autopilot", 10, 2, (1,) * 6)],
                           finished_at=3_000_000 + n)
    await world.env.settle()
    french_players_in_an_english_server(monkeypatch)
    alice, bob = world.alice, world.bob
    public = []
    board = await alice.slash(world.channel, "pu leaderboard", kind="best")
    assert not board.ephemeral and "Page 1/2" in board.response.content
    await bob.click(board.response, label="Next ▶")  # an English board: its buttons are English
    assert "Page 2/2" in board.response.content
    public.append(board.response)
    for command, options in (("pu leaderboard", {"kind": "wins"}), ("pu leaderboard", {}), ("pu records", {}),
                             ("pu profile", {"member": bob})):
        r = await alice.slash(world.channel, command, **options)
        assert not r.ephemeral, command
        public.append(said(r))
    contents = [m.content for m in public]
    labels = [c.get("label") for m in public for row in m.components for c in row["components"]]
    assert in_language(1, contents, [x for x in labels if x]) == []  # no French for everyone
    assert "Best total" in contents[0] and "Server records" in contents[3] and "finished game" in contents[4]
    # a private answer is in the asker's own French
    mine = await alice.slash(world.channel, "pu leaderboard", kind="rating", scope="global")
    assert mine.ephemeral and in_language(0, [said(mine).content], []) == [] and "classement_global" in said(mine).content


async def test_the_settings_panel_answers_in_the_language_just_chosen(world):
    """Finding 14: choosing Français in the settings panel (or with /me settings language:fr)
    answered with an English panel showing "Language: Français". Now the panel that answers is
    in the language chosen, text and menus; "as in Discord" brings back the client's English."""
    alice = world.alice
    panel = await alice.slash(world.channel, "me settings")
    assert panel.ephemeral and panel.response.content.startswith("**Your settings**")
    chosen = await alice.select(panel.response, ["fr"], custom_id="pux:lang")
    french = chosen.response or panel.response
    assert french.content.startswith("**Vos réglages**"), french.content
    labels = [c.get("label") or c.get("placeholder") for row in french.components for c in row["components"]]
    assert in_language(0, [french.content], [x for x in labels if x]) == []
    back = await alice.select(french, ["discord"], custom_id="pux:lang")
    assert (back.response or french).content.startswith("**Your settings**")
    typed = await alice.slash(world.channel, "me settings", language="fr")
    assert typed.response.content.startswith("**Vos réglages**") and in_language(0, [typed.response.content], []) == []


async def test_counts_and_decimals_read_right_in_both_languages(world, monkeypatch):
    """Finding 16: "(1 games)", "1 wins", "1 parties", "1 victoires", and a French board's
    "2.6" beside its profile's "2,6". One game each, in an English then a French server."""
    import re

    from tests.discord.test_languages import speak
    from tests.discord.test_players import add_finished
    db = world.service.repo.db
    await add_finished(db, 1, world.guild.id, [(world.alice.id, "alice", 80, 1, (20, 10, 5, 10, 10, 25)),
                                               (world.bob.id, "bob", 60, 2, (20, 10, 5, 10, 10, 5))],
                       finished_at=1_000_000)
    await world.env.settle()

    async def read(who, command, **options):
        return said(await who.slash(world.channel, command, **options)).content

    wins = await read(world.alice, "pu leaderboard", kind="wins")
    rating = await read(world.alice, "pu leaderboard", kind="rating")
    profile = await read(world.alice, "pu profile")
    assert "1. alice: 1 win" in wins and "1 wins" not in wins
    assert "(1 game)" in rating and "games" not in rating and re.search(r"\d\.\d", rating)
    assert "1 finished game, 1 win in 1 game with others" in profile
    speak(monkeypatch, "fr")
    wins = await read(world.alice, "pu leaderboard", kind="wins")
    rating = await read(world.alice, "pu leaderboard", kind="rating")
    profile = await read(world.alice, "pu profile")
    assert "1. alice : 1 victoire" in wins and "victoires" not in wins
    assert "(1 partie)" in rating and "parties" not in rating
    assert re.search(r"\d,\d", rating) and not re.search(r"\d\.\d", rating)  # as the French profile writes it
    assert "1 partie finie, 1 victoire" in profile and re.search(r"Moyenne 80,0", profile)
