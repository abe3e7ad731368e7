"""Each game's texts name that game's commands (issue 53: a Solar Storm player is never told to use a
/pu command): the shared sentences of the lobby, pause and status, and the kind's own, in English
and French; Planet Unknown's read exactly as before. On SQLite and PostgreSQL (``service``)."""
from __future__ import annotations

import pytest

from i18n import use
from service import ServiceError, kinds


async def started(service, name: str, language: str):
    game = await service.create(creator_id=1, creator_name="Ada", guild_id=5, channel_id=6, game=name,
                                options={"seed": 7, "max_players": 3, "language": language})
    await service.join(game.id, 2, "Bob")
    return await service.start(game.id, 1, False)


async def refused(call) -> str:
    with pytest.raises(ServiceError) as error:
        await call
    return str(error.value)


async def command_texts(service, name: str, language: str) -> dict[str, str]:
    """Every text a player of game ``name`` reads that tells them a command, by what they did."""
    game = await started(service, name, language)
    with use(language):
        texts = {
            "join a started game": await refused(service.join(game.id, 3, "Cy")),
            "kick during the game": await refused(service.kick(game.id, 1, False, 1)),
            "leave during the game": await refused(service.leave(game.id, 2)),
            "its command where no game is": await refused(service.game_here(999, asked_by=game.kind.command)),
        }
        await service.pause(game.id, 1, False, True)
        texts["the thread on pause"] = (await service.pending_posts(game.id))[-1][1]["text"]
        texts["status while paused"] = (await service.status_report(await service.load(game.id))).splitlines()[-1]
    return texts


@pytest.mark.parametrize("name", kinds.names())
@pytest.mark.parametrize("language", ["en", "fr"])
async def test_every_games_texts_name_its_own_command(service, name, language):
    own = kinds.get(name).command
    others = [kinds.get(n).command for n in kinds.names() if n != name]
    for what, text in (await command_texts(service, name, language)).items():
        assert f"{own} " in text, (what, text)
        assert not [o for o in others if f"{o} " in text], (what, text)


async def test_planet_unknowns_command_texts_read_as_before(service):
    """The command now comes from the game's kind; Planet Unknown's words are unchanged."""
    en = await command_texts(service, "planet_unknown", "en")
    assert en["join a started game"] == ("This game has already started; you can watch it, or start your own "
                                         "with /pu create.")
    assert en["its command where no game is"] == ("There is no Planet Unknown game in this channel. Start one "
                                                  "with /pu create, or a solo game with /pu solo.")
    assert en["kick during the game"] == "Players can only be removed in the lobby; use /pu host replace during a game."
    assert en["the thread on pause"].endswith(": no turn timer and no reminders until /pu host resume. "
                                              "Moves are still accepted.")
    assert en["status while paused"] == "⏸ Paused by <@1>: no timers or reminders until /pu host resume."
    fr = await command_texts(service, "planet_unknown", "fr")
    assert fr["join a started game"] == ("Cette partie a déjà commencé ; vous pouvez la suivre, ou lancer la "
                                         "vôtre avec /pu créer.")
    assert fr["the thread on pause"].endswith(" : ni minuteur ni rappels jusqu'à /pu host resume. Les coups "
                                              "restent acceptés.")
    assert fr["status while paused"] == "⏸ En pause (<@1>) : ni minuteurs ni rappels jusqu'à /pu host resume."

