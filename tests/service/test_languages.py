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
