"""Images drawn in the worker pool come back in the language of the request that asked for
them: the language is a context variable of the caller's task, which a pool thread or process
does not share, so the service hands it to each render job. An image posted to a game's thread
is drawn in the game's language, a private one in the user's."""
from __future__ import annotations

import asyncio

from i18n import use
from render import render_png
from render.profile import sample_profile
from service import workers


async def test_a_render_submitted_under_french_comes_back_french(service):
    assert service.executor is workers.thread_pool()  # the pool path: a thread, not the loop
    profile = sample_profile()
    french = render_png("profile", profile, "Zoé", language="fr")
    english = render_png("profile", profile, "Zoé", language="en")
    assert french != english
    with use("fr"):
        got = await service.render("profile", profile, "Zoé")
    assert got == french
    got_english = await service.render("profile", profile, "Zoé")  # no language set: English
    assert got_english == english


async def test_two_requests_in_two_languages_at_once_each_get_their_own(service):
    """A French thread post and an English private board drawn at the same time."""
    profile = sample_profile()

    async def ask(language: str) -> bytes:
        with use(language):
            return await service.render("profile", profile, "Zoé")

    fr, en = await asyncio.gather(ask("fr"), ask("en"))
    assert fr == render_png("profile", profile, "Zoé", language="fr")
    assert en == render_png("profile", profile, "Zoé", language="en")
