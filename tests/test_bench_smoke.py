"""`python -m bench` (the benchmark command of the README) runs and writes its table: one quick
area in-process, checking the table's header and rows, not the figures (they depend on the
machine)."""
import os
import platform
import re

from bench.__main__ import COLUMNS, main


def test_quick_engine_bench_writes_a_table_of_medians_against_targets(tmp_path, capsys):
    out = tmp_path / "results.md"
    main(["--quick", "--only", "engine", "--out", str(out)])
    text = out.read_text()
    assert text in capsys.readouterr().out  # the printed table is the written one

    header, _, body = text.partition("\n| ")
    assert re.search(r"^- date: \d{4}-\d\d-\d\d \d\d:\d\d UTC$", header, re.M)
    assert f"- cores: {os.cpu_count()} " in header
    assert f"- Python: {platform.python_version()} " in header
    assert "- mode: quick, only engine" in header

    lines = ("| " + body).strip().splitlines()
    cells = [[c.strip() for c in line.strip("|").split(" | ")] for line in lines]
    assert tuple(cells[0]) == COLUMNS
    rows = cells[2:]
    assert [r[1].split(",")[0] for r in rows] == ["legal placements of both depot tiles",
                                                 "random-legal full 4-player standard game"]
    for area, _what, value, target, met, notes in rows:
        assert area == "engine"
        assert re.fullmatch(r"[\d,.]+ (ms|games/s)", value), value
        assert re.fullmatch(r"(median )?[<>]= [\d.]+ (ms|games/s)", target), target
        assert met in ("yes", "**no**")
        assert notes


def test_quick_solar_storm_bench_gives_its_three_rows(tmp_path):
    out = tmp_path / "results.md"
    main(["--quick", "--only", "solar_storm", "--out", str(out)])
    rows = [line for line in out.read_text().splitlines() if line.startswith("| solar_storm |")]
    whats = [r.split(" | ")[1] for r in rows]
    assert [w.split(":")[1].split("(")[0].strip() for w in whats] == [
        "legal actions of a mid-game position", "random-legal whole game, engine only", "dump + load of a 4-player state"]
    for r in rows:
        value, target = r.split(" | ")[2:4]
        assert re.fullmatch(r"[\d,.]+ (ms|games/s)", value) and re.fullmatch(r"(median )?[<>]= [\d.]+ (ms|games/s)", target)


def test_quick_storm_discord_bench_times_the_turn_post_with_its_ship_image(tmp_path):
    out = tmp_path / "results.md"
    main(["--quick", "--only", "storm_discord", "--out", str(out)])
    (r,) = [line for line in out.read_text().splitlines() if line.startswith("| storm_discord |")]
    what, value, target, _met, notes = r.strip("|").split(" | ")[1:6]
    assert what.startswith("Solar Storm: end of turn -> the turn's post with the ship image")
    assert re.fullmatch(r"[\d,.]+ ms", value) and target == "median <= 400 ms"
    assert re.search(r"(\d+) of \1 posts with the image", notes)  # every turn's post carried its image


def test_quick_storm_service_bench_times_one_action_with_its_commit(tmp_path):
    out = tmp_path / "results.md"
    main(["--quick", "--only", "storm_service", "--out", str(out)])
    (r,) = [line for line in out.read_text().splitlines() if line.startswith("| storm_service |")]
    what, value, target = r.strip("|").split(" | ")[1:4]
    assert what.startswith("Solar Storm: apply one action incl. SQLite commit")
    assert re.fullmatch(r"[\d,.]+ ms", value) and target == "median <= 15 ms"
