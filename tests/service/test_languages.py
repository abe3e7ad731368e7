"""The game's language (issue 18): a game's public posts are written in its language, chosen
at creation (game.options["language"]), whoever's request caused them."""
from i18n import use


async def test_a_post_carries_its_games_language_for_its_image(service):
    """A French game's posts are written in French and carry "fr" for the image drawn when
    the post goes out (the renderer draws it in that language)."""
    game = await service.create(creator_id=1, creator_name="Ada", guild_id=5, channel_id=6,
                                options={"max_players": 1, "seed": 4, "language": "fr"})
    game = await service.start(game.id, 1, False)
    posts = [payload for _row, payload in await service.pending_posts(game.id)]
    assert posts and all(p["language"] == "fr" for p in posts)
    assert posts[0]["text"].startswith("**La partie n°")


async def test_a_french_players_move_still_posts_in_the_games_english(service):
    """Posts are public: a request made in French (the user's language) writes an English
    game's posts in English."""
    game = await service.create(creator_id=1, creator_name="Ada", guild_id=5, channel_id=6,
                                options={"max_players": 1, "seed": 4})
    with use("fr"):
        game = await service.start(game.id, 1, False)
    posts = [payload for _row, payload in await service.pending_posts(game.id)]
    assert posts[0]["text"].startswith("**Game #") and posts[0]["language"] == "en"


async def _french_game(service, players: int, creator: int = 1, **options):
    game = await service.create(creator_id=creator, creator_name=f"P{creator}", guild_id=5, channel_id=6,
                                options={"max_players": players, "seed": 4, "language": "fr", **options})
    for user in range(creator + 1, creator + players):
        await service.join(game.id, user, f"P{user}")
    return await service.start(game.id, creator, False)


async def _play_one_request(service, game):
    from engine import rules
    from engine.state import copy
    from service import autoplay
    seat = next(i for i in rules.to_act(game.state) if game.user_of(i) is not None)
    actions = autoplay.play_for(copy(game.state), seat, "random")
    await service.act_all(game.id, game.user_of(seat), [str(a) for a in actions])
    return await service.load(game.id)


async def test_every_kind_of_post_of_a_french_game_is_in_french_whoever_caused_it(service):
    """Issue 51, finding 13: every public post of a game is in the game's language, whether an
    English-speaking player's request caused it (pause, resume, allow-away, away, a hand-over,
    a move) or the heartbeat did (reminders, the DM reminder's link, a turn timer, the stall
    notice and hand-over). Each post's text (and a DM's fallback) is searched for any English
    message of the catalogue that French writes differently."""
    from tests.discord.test_languages import in_language

    clock = service.test_clock
    with use("en"):  # every request comes from a player whose own language is English
        timed = await _french_game(service, 3, remind_hours=1.0, timer_hours=3.0)
        await service.update_settings(3, remind_dm=True)
        await service.pause(timed.id, 1, False, True)
        await service.pause(timed.id, 1, False, False)
        await service.allow_away(timed.id, 1, False, False)
        await service.allow_away(timed.id, 1, False, True)
        await service.go_away(2, days=2)  # the autopilot plays for P2 at once
    clock.now += 1.5 * 3600
    await service.tick()  # the reminders: in the thread, and as a DM with its link
    clock.now += 2 * 3600
    await service.tick()  # the turn timers run out
    with use("en"):
        await service.replace(timed.id, 1, False, 0, None)
        await service.cancel(timed.id, 1, False)
        stalled = await _french_game(service, 2, creator=11, stall_days=1, remind_hours=0.0)
    clock.now += 1.1 * 86400
    await service.tick()  # the stall notice
    clock.now += 15 * 86400
    await service.tick()  # the hand-over to the autopilot
    with use("en"):
        whole = await _french_game(service, 2, creator=21, remind_hours=0.0)
        while whole.status == "active":  # summaries, commanders, civ cards, the final score sheet
            whole = await _play_one_request(service, whole)
        daily = await service.daily(user_id=31, name="P31", guild_id=5, channel_id=6, language="fr")
        while daily.status == "active":
            daily = await _play_one_request(service, daily)

    texts = []
    for game in (timed, stalled, whole, daily):
        for _row, payload in await service.pending_posts(game.id):
            assert payload["language"] == "fr"
            texts += [payload["text"], *([payload["fallback"]["text"]] if payload.get("fallback") else [])]
    joined = "\n".join(texts)
    for french in ("a été suspendue", "a été reprise", "joue pour les joueurs absents", "absent jusqu'au",
                   "vous attend", "Aller à la partie", "est écoulé", "aucun coup depuis", "est à l'arrêt",
                   "est terminée", "a été arrêtée par"):
        assert french in joined, french  # each kind of post is there ...
    assert in_language(0, texts, []) == []  # ... and none of them has English in it
