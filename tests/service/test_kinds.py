"""The registry of games (service/kinds): every registered game offers the whole GameKind
interface the shared service calls, and is found by its stored name and by its short name."""
from __future__ import annotations

import inspect

import pytest

from service import kinds
from service.errors import ConfigError


def interface() -> set[str]:
    members = {n for n, v in vars(kinds.GameKind).items() if inspect.isfunction(v) and not n.startswith("_")}
    return members | set(kinds.GameKind.__annotations__)


@pytest.mark.parametrize("name", kinds.names())
def test_every_registered_game_offers_the_whole_interface(name):
    kind = kinds.get(name)
    assert kind.name == name and kinds.by_short(kind.short) is kind
    missing = sorted(m for m in interface() if not hasattr(kind, m))
    assert missing == []
    assert {"timer_hours", "remind_hours", "stall_days", "language", "max_players"} <= set(kind.default_options)
    assert kind.check_options({}) == {**kind.default_options, **kind.check_options({})}
    with pytest.raises(ConfigError):
        kind.check_options({"no_such_option": 1})


def test_the_interface_is_the_one_the_shared_service_uses():
    assert {"to_act", "apply", "parse", "panel", "transitions", "result_rows", "outcome_rows", "record",
            "choose_job", "bots_job"} <= interface()


def test_an_unknown_game_is_refused_by_name():
    with pytest.raises(kinds.UnknownGameKind):
        kinds.get("chess")
    with pytest.raises(kinds.UnknownGameKind):
        kinds.by_short("chess")
    assert kinds.get(None) is kinds.get("planet_unknown")  # the games stored before kinds


@pytest.mark.parametrize("name", kinds.names())
@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_game_says_every_shared_sentence_in_its_own_words(name, language):
    """Reminders, timers, away, stall, status, lobby and history sentences come from the game's
    kind (``phrase``): each key of PHRASES, filled, in both languages; Solar Storm's never speak of
    rounds or of the autopilot (it has turns and computer crew-mates)."""
    from i18n import use

    kind = kinds.get(name)
    for key, fields in kinds.PHRASES.items():
        values = {f: ("discord" if f == "front" else "hard" if f == "level" else f"<{f}>") for f in fields}
        with use(language):
            one, many = kind.phrase(key, 1, **values), kind.phrase(key, 3, **values)
        assert one and many and "{" not in one + many, (key, one, many)
        for f in fields:
            if f not in ("front", "level"):
                assert f"<{f}>" in one, (key, f, one)
        if name == "solar_storm" and language == "en":
            assert "round" not in (one + many).lower() and "autopilot" not in (one + many).lower(), (key, one)
    with pytest.raises(KeyError):
        kind.phrase("no such sentence")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_planet_unknowns_pause_resume_away_off_and_permission_sentences_are_those_it_always_said(language):
    """Moved into the game's sentences (PHRASES paused, resumed, missing_permissions, away_off): Planet
    Unknown's words are byte for byte what its players read before, in both languages."""
    from i18n import use

    pu = kinds.get("planet_unknown")
    with use(language):
        said = [pu.phrase("paused", id=4, user=9), pu.phrase("resumed", id=4, user=9),
                pu.phrase("missing_permissions", permissions="Send Messages"), pu.phrase("away_off", id=4)]
    assert said == ({
        "en": ["⏸ Game #4 was paused by <@9>: no turn timer and no reminders until /pu host resume. Moves are still "
               "accepted.",
               "▶ Game #4 was resumed by <@9>: timers and reminders start again from now.",
               "⚠ I am missing permissions in this channel: Send Messages. The game's posts (rounds, pings, scores) "
               "wait until a server manager grants them.",
               "🌴 In game #4, away mode is off: nobody's seat is played for them while they are away."],
        "fr": ["⏸ La partie n°4 a été suspendue par <@9> : ni minuteur ni rappels jusqu'à /pu host resume. Les coups "
               "restent acceptés.",
               "▶ La partie n°4 a été reprise par <@9> : minuteurs et rappels repartent de maintenant.",
               "⚠ Il me manque des permissions dans ce salon : Send Messages. Les messages de la partie (tours, "
               "mentions, scores) attendront qu’un gestionnaire du serveur les accorde.",
               "🌴 Dans la partie n°4, le mode absence est désactivé : personne ne joue à la place d'un joueur "
               "absent."]}[language])
