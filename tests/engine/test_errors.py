"""Data problems raise typed errors (issue 15 item 9), so the layer that loads a game can tell
"this game's data is broken" from "a player made a mistake" and say which content is missing."""
from __future__ import annotations

import json

import pytest

from engine import (
    DataError,
    IllegalAction,
    InvalidConfig,
    UnknownContent,
    UnsupportedSave,
    dump,
    load,
    make_config,
    new_game,
)
from engine import data as D
from engine.corporations import board
from engine.pending import kind_of


@pytest.mark.parametrize("lookup, kind, key", [
    (lambda: D.tile(999), "tile", 999),
    (lambda: D.planet("atlantis"), "planet", "atlantis"),
    (lambda: D.corporation("acme"), "corporation", "acme"),
    (lambda: D.civ_card(9999), "civ card", 9999),
    (lambda: D.objective_card(9999), "objective card", 9999),
    (lambda: board("acme"), "corporation board", "acme"),
    (lambda: kind_of({"kind": "warp_drive"}), "pending item kind", "warp_drive"),
])
def test_an_unknown_id_names_its_kind_and_key(lookup, kind, key):
    with pytest.raises(UnknownContent) as caught:
        lookup()
    assert (caught.value.kind, caught.value.key) == (kind, key)
    assert str(key) in str(caught.value)
    assert isinstance(caught.value, DataError) and not isinstance(caught.value, IllegalAction)


def test_a_save_of_another_schema_is_refused_with_a_typed_error_that_is_still_a_value_error():
    saved = json.loads(dump(new_game(make_config(2), seed=3)))
    saved["schema"] = -1
    with pytest.raises(UnsupportedSave, match="schema -1 is not supported"):
        load(json.dumps(saved))
    with pytest.raises(ValueError):  # callers that caught ValueError before still do
        load(json.dumps(saved))


@pytest.mark.parametrize("config, says", [
    (lambda: make_config(7), "1 to 6 players"),
    (lambda: make_config(2, planets=["mars", "petra"]), "no planet 'mars'"),
    (lambda: make_config(2, corporations=["acme", "flux"]), "no corporation 'acme'"),
    (lambda: make_config(2, events="brutal"), "unknown event deck preset 'brutal'"),
])
def test_a_bad_configuration_is_its_own_error_not_an_illegal_move(config, says):
    with pytest.raises(InvalidConfig, match=says) as caught:
        config()
    assert not isinstance(caught.value, (IllegalAction, DataError))
