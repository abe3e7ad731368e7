"""Hints (service/_hint.py): what the hard computer player would do, answered only to the player
who asked, worked out in the worker pool; given only where nobody competes (solo games, games
against computers, games whose creator allowed them: those move no rating), never in the daily
challenge. The guided first game's lessons (service/lessons.py) are data, each checked here."""
from __future__ import annotations

from concurrent.futures import Executor, ThreadPoolExecutor

import pytest

from db.connection import open_database
from db.players import PlayerRepository
from db.repository import GameRepository
from engine.state import dump
from i18n import LANGUAGES, catalogue, use
from service import GameService, NotAllowed, lessons, ratings
from service._hint import hint_job
from service.panels import HINT


class Recording(Executor):
    """A thread pool that notes the functions it is given (the worker pool's jobs)."""

    def __init__(self):
        self.pool = ThreadPoolExecutor(max_workers=2)
        self.jobs: list[str] = []

    def submit(self, fn, /, *args, **kwargs):
        self.jobs.append(getattr(getattr(fn, "func", fn), "__name__", "?"))
        return self.pool.submit(fn, *args, **kwargs)

    def shutdown(self, wait=True, **kwargs):
        self.pool.shutdown(wait)


@pytest.fixture
async def recorded(tmp_path):
    db = await open_database(tmp_path / "games.sqlite3")
    pool = Recording()
    svc = GameService(GameRepository(db), executor=pool, hard_turn_s=0.2)
    yield svc, pool
    pool.shutdown()
    await db.close()


async def solo(service: GameService, user: int = 1):
    game = await service.create(creator_id=user, creator_name="Ann", guild_id=1, channel_id=2,
                                options={"max_players": 1, "seed": 4}, kind="solo")
    return await service.start(game.id, user, False)


async def test_a_solo_hint_is_the_hard_players_moves_with_reasons_worked_out_in_the_pool(recorded):
    service, pool = recorded
    game = await solo(service)
    await service.act(game.id, 1, "drop " + str(game.state.seats[0].corp.objective_offer[0]))
    before = await service.load(game.id)
    posts = await service.pending_posts(game.id)
    found = await service.hint(game.id, 1)
    assert "hint_job" in pool.jobs  # the hard player's thinking ran in the worker pool, not on the event loop
    assert found.text.startswith("💡 **Hint**") and "only you see this" in found.text
    assert "place it at" in found.text and "Why (its estimate of your final medals" in found.text
    assert found.image is not None and found.image[0] == "preview"  # the placement's picture
    png = await service.render(found.image[0], *found.image[1], **found.image[2])
    assert png.startswith(b"\x89PNG")
    after = await service.load(game.id)
    assert after.version == before.version  # nothing saved ...
    assert await service.pending_posts(game.id) == posts  # ... and nothing said in the game's thread
    panel = (await service.panel(game.id, 1)).panel
    assert any(c.verb == HINT for c in panel.controls)  # the panel's Hint button


async def test_the_hints_words_list_the_evaluations_largest_changes(recorded):
    service, _pool = recorded
    game = await solo(service)
    job = hint_job(dump(game.state), 0, 0.2, "en")
    reasons = job["reasons"]
    assert reasons and all(abs(a) >= abs(b) for (_p, a), (_q, b) in zip(reasons, reasons[1:]))
    shown = job["text"].split("Why")[1].splitlines()[1:]
    assert len(shown) == len(reasons)
    for line, (_part, change) in zip(shown, reasons):  # each reason with its own change, signed, 1 decimal
        sign = "+" if change >= 0 else "−"
        assert line.rstrip().endswith(f"{sign}{abs(change):.1f}") or f"{sign}{abs(change):.1f} medals" in line
    french = hint_job(dump(game.state), 0, 0.2, "fr")
    assert french["text"].startswith("💡 **Conseil**") and "Pourquoi" in french["text"]


async def test_no_hint_in_the_daily_challenge_nor_among_people_unless_the_creator_allowed_it(service):
    daily = await service.daily(user_id=7, name="Dee", guild_id=1, channel_id=2)
    with pytest.raises(NotAllowed, match="No hints in the daily challenge"):
        await service.hint(daily.id, 7)
    panel = (await service.panel(daily.id, 7)).panel
    assert not any(c.verb == HINT for c in panel.controls)

    duel = await service.create(creator_id=1, creator_name="Ada", guild_id=1, channel_id=3, options={"seed": 2})
    await service.join(duel.id, 2, "Bo")
    duel = await service.start(duel.id, 1, False)
    with pytest.raises(NotAllowed, match="its creator did not allow hints"):
        await service.hint(duel.id, 2)
    assert not any(c.verb == HINT for c in (await service.panel(duel.id, 2)).panel.controls)

    friendly = await service.create(creator_id=1, creator_name="Ada", guild_id=1, channel_id=4,
                                    options={"seed": 2, "hints": True})
    await service.join(friendly.id, 2, "Bo")
    friendly = await service.start(friendly.id, 1, False)
    service.hard_turn_s = 0.0
    assert "💡 **Hint**" in (await service.hint(friendly.id, 2)).text

    versus = await service.create(creator_id=5, creator_name="Eve", guild_id=1, channel_id=5, options={"seed": 3})
    await service.add_bot(versus.id, 5, False, "easy")  # against a computer: nobody to be unfair to
    versus = await service.start(versus.id, 5, False)
    assert "💡 **Hint**" in (await service.hint(versus.id, 5)).text


async def test_a_game_whose_creator_allowed_hints_moves_no_rating(database_target):
    db = await open_database(database_target)
    try:
        for game_id, config in ((1, "{}"), (2, '{"hints": true}')):
            await db.execute("INSERT INTO games (id, guild_id, creator_id, status, config, state, created_at,"
                             " updated_at) VALUES (?, 7, 1, 'finished', ?, '{}', 0, ?)", (game_id, config, game_id))
            await db.executemany(
                "INSERT INTO results (game_id, seat, guild_id, user_id, name, score, place, finished_at, solo,"
                " is_bot, autopilot) VALUES (?, ?, 7, ?, ?, ?, ?, ?, 0, 0, 0)",
                [(game_id, n, user, f"p{user}", 50 - n, n + 1, game_id) for n, user in enumerate((10, 20))])
            async with db.transaction():
                await ratings.on_finish(PlayerRepository(db), game_id, float(game_id))
        rated = dict(await db.fetchall("SELECT game_id, max(rated) FROM results GROUP BY game_id"))
        assert rated == {1: 1, 2: 0}
    finally:
        await db.close()


def test_every_lesson_names_a_known_trigger_a_rulebook_page_and_a_french_text():
    every = lessons.lessons()
    assert {x.trigger for x in every} <= set(lessons.TRIGGERS)
    assert len({x.id for x in every}) == len(every) >= 12
    assert {"station", "placing", "tracks", "water_energy", "rovers", "meteorites", "civ", "techs", "objectives",
            "ending"} <= {x.id for x in every}
    fr = catalogue("fr")
    for lesson in every:
        assert 1 <= lesson.page <= 16  # the 2023 rulebook's 16 pages
        assert fr.gettext(lesson.text) != lesson.text, lesson.id
        assert 80 <= len(lesson.text) <= 400  # two or three sentences
    with use("fr"):
        assert lessons.text(every[0]).endswith(f"(livret de règles p. {every[0].page})")
    assert "fr" in LANGUAGES
