"""The guided first game and hints through Discord (SimCord): /pu learn played to the end, each
lesson once with the decision it explains, the hint with every decision, the Hint button's
private answer with its picture, nothing of it in the game's thread; hints refused in a game
among people whose creator did not allow them, and the lobby saying when they are allowed."""
from __future__ import annotations

import io

import pytest
from PIL import Image

from i18n import _, catalogue, use
from service import autoplay, controls, lessons, panels
from tests.discord.helpers import button, create_game, lobby_message, start_game, thread_of, typed
from tests.discord.helpers import controls as components
from tests.discord.helpers import shown as seen
from tests.discord.test_languages import speak


async def play_to_the_end(world, alice, first, hint=("💡 **Hint**", "place it at")):
    """Play alice's guided game to its end through Discord (typed moves, the normal computer
    player's choices), pressing the Hint button once at a tile choice (its answer starts with
    ``hint[0]`` and says ``hint[1]``). Returns the game, the text of every panel she was shown
    (the first one included) and whether the hint was pressed."""
    (game,) = await world.service.games_of(alice.id)
    thread = thread_of(world)
    panels = [seen(first)]
    hinted = False
    steps = 0
    while game.status == "active":
        seat = game.seat_of(alice.id)
        if not hinted and game.state.seats[seat].step == "pick":  # the Hint button, at a tile choice
            opened = await alice.slash(thread, "pu play")
            answer = await alice.click(opened.response, custom_id=button(opened.response, "h:"))
            assert answer.ephemeral
            reply = answer.followups[-1] if answer.followups else answer.response
            assert reply.content.startswith(hint[0]) and hint[1] in reply.content
            (picture,) = reply.attachments
            assert Image.open(io.BytesIO(await picture.read())).format == "PNG"
            panels.append(seen(opened.response))  # the same decision's panel: its lessons counted once below
            hinted = True
        action = autoplay.choose(game.state, seat, "normal")
        r = await alice.slash(thread, "pu act", action=typed(action))
        assert r.ephemeral and r.response.content.startswith("✔"), r.response.content
        panels.append(seen(r.response))
        steps += 1
        if steps % 20 == 0:
            await world.env.advance_time(16 * 60)  # interaction tokens expire between real moves
        game = await world.service.load(game.id)
    return game, panels, hinted


def lessons_shown(panels: list[str], language: str = "en") -> dict[str, list[int]]:
    """Each lesson shown in ``language`` -> the panels that show it."""
    with use(language):
        words = {lesson.id: lessons.text(lesson) for lesson in lessons.lessons()}
    seen_with: dict[str, list[int]] = {}
    for i, text in enumerate(panels):
        for lesson in lessons.lessons():
            if words[lesson.id] in text:
                seen_with.setdefault(lesson.id, []).append(i)
    return seen_with


async def test_learn_played_to_the_end_teaches_each_part_once_and_hints_privately(world):
    alice = world.alice
    world.service.hard_turn_s = 0.0  # the hard player's look-ahead off: the test stays quick
    r = await alice.slash(world.channel, "pu learn")
    assert r.ephemeral
    first = r.response
    assert "**Your first game**" in first.content and lessons.lessons()[0].text in seen(first)
    assert "💡 Hint:" in seen(first)
    (game,) = await world.service.games_of(alice.id)
    assert game.options["learn"] and game.row.kind == "solo" and game.state.config["planets"] == ["ksb-4156"]
    thread = thread_of(world)
    game, panels, hinted = await play_to_the_end(world, alice, first)
    assert hinted and game.status == "finished"
    decisions = [p for p in panels if "Final scores" not in p and "This game is over" not in p]
    assert all("💡 Hint" in p for p in decisions)  # the hint with every decision
    seen_with = lessons_shown(panels)
    shown = {x.id for x in lessons.lessons()}
    assert set(seen_with) == shown
    for lesson_id, where in seen_with.items():
        # once, except the panel of the same decision opened again for the Hint button
        assert len(where) == 1 or (len(where) == 2 and where[1] - where[0] == 1), (lesson_id, where)
    # "Solo games always use events" (RULINGS C4): the event card explained on the first panel showing one
    assert seen_with["events"][0] == next(i for i, p in enumerate(panels) if "Event this round" in p)
    history = thread.history()
    assert history and not any("Hint" in seen(m) or "💡" in seen(m) or "📘" in seen(m) for m in history)


async def test_hints_are_refused_privately_among_people_unless_the_creator_allowed_them(world):
    game = await start_game(world, [world.alice, world.bob])
    r = await world.bob.slash(thread_of(world), "pu play", hint=True)
    assert r.ephemeral and "No hints in this game" in (r.followups[-1] if r.followups else r.response).content
    assert not any("💡" in m.content for m in thread_of(world).history())
    assert game.options["hints"] is False
    lobby = lobby_message(await create_game(world, world.carol, players=2, hints=True))
    assert "hints allowed (not rated)" in lobby.content


async def test_no_hint_in_the_daily_challenge(world):
    await world.alice.slash(world.channel, "pu daily")
    r = await world.alice.slash(world.channel, "pu play", hint=True)
    assert r.ephemeral and "No hints in the daily challenge" in (r.followups[-1] if r.followups else r.response).content


SETTLED = 40  # settlements made for the player before one panel: far more than a turn gives


@pytest.mark.parametrize("locale", ["en-US", "fr"])
async def test_the_busiest_guided_panel_fits_one_message_with_its_lessons_and_hint_whole(world, monkeypatch, locale):
    """A guided panel with forced settlements, two lessons and the hint, as /pu learn and /pu play
    send it (in English and in French): within Discord's limits (the contract checks every payload:
    2,000 characters of text, 4,096 in an embed's description), not cut by the Discord layer; the
    lessons and the hint whole, in an embed, the decision's own text whole, and the settlements
    that did not fit counted in one line."""
    speak(monkeypatch, locale)
    world.service.hard_turn_s = 0.0
    real = world.service.panel
    built: list = []

    async def busy(game_id, user_id, ui=None):  # the settlements announced as GameService._act does
        outcome = await real(game_id, user_id, ui)
        body = outcome.panel.text
        item = {"id": 7, "kind": "advance", "options": ["rover"], "source": "tile"}
        line = "✔ " + _("{item}: settled for you ({value}), the only choice.").format(
            item=panels.item_line(item), value=panels.value_label(item, "rover"))
        controls.announce(outcome.panel, [line] * SETTLED)
        built.append((body, line, list(outcome.panel.notes)))
        return outcome

    monkeypatch.setattr(world.service, "panel", busy)
    first = (await world.alice.slash(world.channel, "pu learn")).response  # the objectives: two lessons
    (game,) = await world.service.games_of(world.alice.id)
    await world.alice.slash(thread_of(world), "pu act", action=typed(autoplay.choose(game.state, 0, "normal")))
    second = (await world.alice.slash(thread_of(world), "pu play")).response  # round 1's tile choice
    fr = locale == "fr"
    # the objectives' panel: the welcome and the objectives; the tile choice: the event card, and the
    # station unless the event asks something first (the game's seed is drawn at random)
    for message, (body, line, notes), due in ((first, built[0], 2), (second, built[-1], 1)):
        text = message.content
        assert len(text) <= 2000 and not text.endswith("…")  # whole: the Discord layer cut nothing
        assert body in text  # the decision's own text, whole
        kept = text.count(line)
        assert 0 < kept < SETTLED and str(SETTLED - kept) in text.split(body)[0].splitlines()[-1]
        (embed,) = message.embeds
        assert embed.description == "\n\n".join(notes)  # every note whole
        with use("fr" if fr else "en"):  # the lessons whole, in the reader's language
            taught = [lessons.text(x) for x in lessons.lessons() if lessons.text(x) in notes]
        assert len(taught) >= due and notes[:len(taught)] == taught, notes
        assert notes[-1].startswith("💡 Conseil :" if fr else "💡 Hint:")
    assert "**Your first game**" in first.content or "**Votre première partie**" in first.content


async def test_the_guided_game_and_its_hint_in_french(world, monkeypatch):
    """/pu learn for a French reader: the lessons, the hint on the panel, the Hint button's answer
    with its picture and the Leave button all in French, nothing of it in the thread."""
    speak(monkeypatch, "fr")
    world.service.hard_turn_s = 0.0
    alice = world.alice
    first = (await alice.slash(world.channel, "pu learn")).response
    (game,) = await world.service.games_of(alice.id)
    french = catalogue("fr")
    assert "**Votre première partie**" in first.content
    assert french.gettext(lessons.lessons()[0].text) in seen(first) and "(livret de règles p. 4)" in seen(first)
    assert "Quitter les leçons" in [label for _cid, label, _kind in components(first)]
    thread = thread_of(world)
    while game.state.seats[0].step != "pick" or game.state.phase != "turns":  # to a tile choice
        await alice.slash(thread, "pu act", action=typed(autoplay.choose(game.state, 0, "normal")))
        game = await world.service.load(game.id)
    opened = (await alice.slash(thread, "pu play")).response
    assert "💡 Conseil :" in seen(opened) and not any(x.text in seen(opened) for x in lessons.lessons())
    answer = await alice.click(opened, custom_id=button(opened, "h:"))
    reply = answer.followups[-1] if answer.followups else answer.response
    assert answer.ephemeral and reply.content.startswith("💡 **Conseil**") and "Pourquoi" in reply.content
    (picture,) = reply.attachments
    assert Image.open(io.BytesIO(await picture.read())).format == "PNG"
    assert not any("💡" in seen(m) or "📘" in seen(m) for m in thread.history())
    left = (await alice.click(opened, custom_id=button(opened, "l:off"))).response  # Quitter les leçons
    assert left.embeds == [] and "💡 Conseil :" not in seen(left)  # the edited panel keeps no lesson box


async def test_a_french_guided_game_plays_to_its_final_post_in_french(world, monkeypatch):
    """Issue 55: /pu learn for a French reader played to its end (the English game's driver): every
    lesson once, in French, at its decision, the hint in French with every decision, and the
    game's last post in its thread in French; no lesson or hint in the thread."""
    from tests.test_i18n_catalogue import english_in_french

    speak(monkeypatch, "fr")
    world.service.hard_turn_s = 0.0
    alice = world.alice
    first = (await alice.slash(world.channel, "pu learn")).response
    assert "**Votre première partie**" in first.content
    game, panels, hinted = await play_to_the_end(world, alice, first, hint=("💡 **Conseil**", "Pourquoi"))
    assert hinted and game.status == "finished" and game.language == "fr"
    decisions = [p for p in panels if "Scores finaux" not in p and "Cette partie est terminée" not in p]
    assert len(decisions) < len(panels)  # the last panel: the game is over, in French
    assert all("💡 Conseil :" in p for p in decisions)  # the hint with every decision, in French
    seen_with = lessons_shown(panels, "fr")
    assert set(seen_with) == {x.id for x in lessons.lessons()}  # every lesson, in French
    for lesson_id, where in seen_with.items():  # once (the Hint button reopens the same decision's panel)
        assert len(where) == 1 or (len(where) == 2 and where[1] - where[0] == 1), (lesson_id, where)
    assert lessons_shown(panels, "en") == {}  # no lesson in English
    assert not any("Hint" in p or "Your first game" in p for p in panels)
    history = thread_of(world).history()
    assert not any("💡" in seen(m) or "📘" in seen(m) for m in history)
    final = seen(history[-1])  # the game's end: its scores, the solo target, the replay file
    assert final.startswith("**La partie n°") and "est terminée.** Scores finaux :" in final, final
    assert "Objectif solo" in final and "Médailles" in final and "fichier de rejeu" in final, final
    assert english_in_french(final) == [] and "Final scores" not in final and "medals" not in final
