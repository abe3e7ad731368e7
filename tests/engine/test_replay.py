"""Golden transcript: a recorded 4-player game replays to the same final scores, and the
replay command prints them (python -m engine.replay FILE)."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine import IllegalAction
from engine.replay import replay

RECORDS = Path(__file__).with_name("records")


def test_the_recorded_game_replays_to_its_known_result():
    record = json.loads((RECORDS / "random_4p_seed7.json").read_text())
    expected = json.loads((RECORDS / "random_4p_seed7.expected.json").read_text())
    state = replay(record)
    res = state.result
    assert state.round == expected["round"] and state.ending == expected["ending"]
    assert [p["total"] for p in res["players"]] == expected["totals"]
    assert res["ranking"] == expected["ranking"]


def test_the_replay_command_prints_the_breakdown_as_json():
    out = subprocess.run([sys.executable, "-m", "engine.replay", str(RECORDS / "random_4p_seed7.json")],
                         capture_output=True, text=True, check=True, cwd=Path(__file__).resolve().parents[2])
    data = json.loads(out.stdout)
    assert data["finished"] and len(data["players"]) == 4 and set("ABCDEF") <= set(data["players"][0])


def test_a_bad_action_in_a_record_is_named():
    record = json.loads((RECORDS / "random_4p_seed7.json").read_text())
    record["actions"][3] = [record["actions"][3][0], "place A1 0"]
    with pytest.raises(IllegalAction, match="action 4"):
        replay(record)
