"""Game records replay identically anywhere: the golden record of a whole game (a 2-player medium
game of random legal actions, seed 14) replays to the same outcome, through the API and through
``python -m engine.solar_storm.replay FILE``. To regenerate after a deliberate rules change:

    python -m engine.solar_storm.replay --record 2 --difficulty medium --seed 14 \\
        --out tests/engine/solar_storm/records/random_2p_medium_seed14.json
    python -m engine.solar_storm.replay tests/engine/solar_storm/records/random_2p_medium_seed14.json \\
        > tests/engine/solar_storm/records/random_2p_medium_seed14.expected.json
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.solar_storm import IllegalAction, dump, random_record, replay
from engine.solar_storm.records import summary
from engine.solar_storm.replay import main

RECORDS = Path(__file__).with_name("records")
GOLDEN = RECORDS / "random_2p_medium_seed14.json"


def test_the_golden_record_replays_to_the_same_outcome():
    record = json.loads(GOLDEN.read_text(encoding="utf-8"))
    expected = json.loads(GOLDEN.with_suffix(".expected.json").read_text(encoding="utf-8"))
    state = replay(record)
    assert summary(state) == expected
    assert expected["finished"] and expected["result"] == "lost"


def test_the_command_line_prints_the_outcome(capsys):
    assert main([str(GOLDEN)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out == json.loads(GOLDEN.with_suffix(".expected.json").read_text(encoding="utf-8"))


def test_a_record_replays_to_the_very_same_state():
    record = random_record(3, 21, difficulty="veteran")
    assert dump(replay(record)) == dump(replay(json.loads(json.dumps(record))))


def test_a_bad_action_in_a_record_is_named(tmp_path, capsys):
    record = json.loads(GOLDEN.read_text(encoding="utf-8"))
    record["actions"][3][1] = "reactivate"  # never legal before the 8 rooms are diverted
    with pytest.raises(IllegalAction, match="action 4"):
        replay(record)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main([str(path)]) == 1
    assert "replay failed: action 4" in capsys.readouterr().err


def test_the_replay_function_stays_callable_once_its_command_line_module_is_imported():
    """``engine.solar_storm.replay`` names both the function and the command-line module; a
    test (or tool) importing the module must not turn the package's ``replay`` into it."""
    import importlib

    import engine.solar_storm as storm
    importlib.import_module("engine.solar_storm.replay")
    assert callable(storm.replay)


def test_the_command_line_runs_without_a_python_warning():
    """``python -m engine.solar_storm.replay --help`` prints its usage and nothing else: no
    RuntimeWarning about the module being imported before it runs."""
    import subprocess
    import sys
    from pathlib import Path

    done = subprocess.run([sys.executable, "-W", "error::RuntimeWarning", "-m", "engine.solar_storm.replay", "--help"],
                          capture_output=True, text=True, cwd=Path(__file__).resolve().parents[3], timeout=60)
    assert done.returncode == 0, done.stderr
    assert "usage: python -m engine.solar_storm.replay" in done.stdout
    assert "Warning" not in done.stderr
