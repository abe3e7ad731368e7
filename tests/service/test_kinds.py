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
            "choose", "bots_job"} <= interface()


def test_an_unknown_game_is_refused_by_name():
    with pytest.raises(kinds.UnknownGameKind):
        kinds.get("chess")
    with pytest.raises(kinds.UnknownGameKind):
        kinds.by_short("chess")
    assert kinds.get(None) is kinds.get("planet_unknown")  # the games stored before kinds
