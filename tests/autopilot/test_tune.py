"""`python -m bench.tune`, the self-play tuner of issue 20 ("tune the evaluation weights by
self-play, many seeded games run in parallel processes"): the weights it changes are the ones
the computer player uses, every variant plays the same seeded games as the current weights,
and a mistyped weight gets a message that says what would be right, not a traceback."""
import pytest

from autopilot import evaluate, greedy, hard, play_game
from bench import tune
from engine import make_config, new_game


def test_a_variant_changes_the_weights_the_player_uses_and_the_next_game_gets_the_code_s_own_back():
    state = new_game(make_config(1, events="normal"), 5)
    before = evaluate(state, 0)
    reach, margin = greedy.LOOKAHEAD, hard.MARGIN
    try:
        tune.use(tune.parse_variant("LOOKAHEAD=3.0 hard.MARGIN=9"))
        assert greedy.LOOKAHEAD == 3.0 and hard.MARGIN == 9
        # track worths are cached from the weights: the cache is emptied, so the worth moves
        assert evaluate(state, 0) > before + 1
        tune.use(tune.parse_variant("TECH_VALUE.ignore_adjacency=0 POCKET.2=0.1"))
        assert greedy.LOOKAHEAD == reach and hard.MARGIN == margin  # a variant changes only its own
        assert greedy.TECH_VALUE["ignore_adjacency"] == 0 and greedy.TECH_VALUE["meteor_immunity"] == 1.0
        assert greedy.POCKET[2] == 0.1 and len(greedy.POCKET) == 5
    finally:
        tune.use(())
    assert evaluate(state, 0) == before
    assert greedy.TECH_VALUE["ignore_adjacency"] == 1.5 and greedy.POCKET[2] == 0.7


def test_several_entries_of_one_table_in_a_variant_change_together():
    """``--try "CIV_RANK.1=1.1 CIV_RANK.4=2.25"`` scales two ranks: each entry used to start from
    the code's table again, so only the last one took effect."""
    over = tune.parse_variant("CIV_RANK.1=1.1 REACH=0.5 CIV_RANK.4=2.25 POCKET.1=0.75 POCKET.4=0.45")
    assert over == [("greedy", "CIV_RANK", {1: 1.1, 2: 2.0, 3: 2.5, 4: 2.25}), ("greedy", "REACH", 0.5),
                    ("greedy", "POCKET", (0.0, 0.75, 0.7, 0.6, 0.45))]
    assert tune.label(over) == "CIV_RANK={1: 1.1, 2: 2.0, 3: 2.5, 4: 2.25} REACH=0.5 POCKET=(0.0, 0.75, 0.7, 0.6, 0.45)"
    try:
        tune.use(over)
        assert greedy.CIV_RANK == {1: 1.1, 2: 2.0, 3: 2.5, 4: 2.25} and greedy.POCKET[1] == 0.75
    finally:
        tune.use(())
    assert greedy.CIV_RANK == {1: 1.5, 2: 2.0, 3: 2.5, 4: 3.0} and greedy.POCKET == (0.0, 0.5, 0.7, 0.6, 0.3)


def test_variants_play_the_same_seeds_so_an_unchanged_weight_differs_by_exactly_nothing(capsys):
    assert tune.main(["--games", "2", "--first-seed", "40004", "--try", f"REACH={greedy.REACH}",
                      "--try", "TOP_PLACEMENTS=1"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].startswith("2 paired solo games each; solo target 58;")
    assert lines[1] == "| variant | mean (sd) | target reached | against the current weights |"
    current, same, narrow = ([c.strip() for c in line.strip("|").split(" | ")] for line in lines[3:6])
    assert current[0] == "current weights" and current[3] == ""
    assert same[0] == f"REACH={greedy.REACH!r}" and same[1] == current[1]
    assert same[3] == "+0.00 (se 0.00): same games"
    assert narrow[0] == "TOP_PLACEMENTS=1" and narrow[3].endswith(("better", "worse", "within the noise"))


def test_the_comparison_pairs_games_by_seed_across_worker_processes():
    lines = tune.compare([tune.parse_variant("COVER=0.03")], games=2, first_seed=40004, jobs=2)
    assert lines[0]["scores"] == lines[1]["scores"]  # COVER is 0.03 already: the same games
    alone = tune.compare([], games=2, first_seed=40004, jobs=1)
    assert alone[0]["scores"] == lines[0]["scores"]  # one process or two: the same results


@pytest.mark.parametrize("text, says", [
    ("REACHH=0.5", "greedy has no weight 'REACHH'; its weights: "),
    ("REACH", "'REACH': write NAME=VALUE, for example REACH=0.5"),
    ("REACH=high", "REACH=high: 'high' is not a number (write it like 0.5 or 3)"),
    ("TECH_VALUE=1", "TECH_VALUE is a table: change one entry, as TECH_VALUE.ignore_adjacency=..."),
    ("TECH_VALUE.laser=1", "TECH_VALUE has no entry 'laser'; its entries: ignore_adjacency, "),
    ("POCKET.7=1", "POCKET is a list of 5: change one, as POCKET.0=... to POCKET.4=..."),
    ("hard.MARGIN.x=1", "MARGIN is a single number: write hard.MARGIN=VALUE"),
    ("hard.=1", "'hard.=1': name a weight after hard., for example hard."),
    ("", "an empty --try: give NAME=VALUE, for example REACH=0.5"),
])
def test_a_mistyped_variant_is_refused_with_what_would_be_right(text, says):
    with pytest.raises(tune.TuneError) as e:
        tune.parse_variant(text)
    assert str(e.value).startswith(says)


def test_the_command_line_refuses_a_bad_variant_before_playing_any_game(capsys):
    with pytest.raises(SystemExit) as e:
        tune.main(["--games", "2", "--try", "SYNERGYY=1"])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert "greedy has no weight 'SYNERGYY'" in err and "SYNERGY" in err and "Traceback" not in err


def test_at_a_table_only_the_hard_level_s_weights_may_change(capsys):
    with pytest.raises(SystemExit) as stop:
        tune.main(["--table", "--games", "2", "--try", "REACH=0.5 hard.MARGIN=1"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "REACH would change the normal seats too" in err and "only hard.NAME weights" in err


def test_a_table_s_figure_is_hard_minus_normal_on_the_same_seeded_table():
    lines = tune.compare([], games=1, first_seed=2001, boards="table", jobs=1, budget_s=0.05)
    current = lines[0]
    levels = ["hard", "normal"] * 2  # an odd seed: hard sits first
    state = play_game(make_config(4), 2001, levels, budget_s=0.05)
    totals = {p["seat"]: p["total"] for p in state.result["players"]}
    assert current["scores"][0] == (totals[0] + totals[2]) / 2 - (totals[1] + totals[3]) / 2
    assert "paired 4-player tables" in tune.report(lines, 1, 1.0).splitlines()[0]


def test_with_one_hard_seat_the_figure_is_that_seat_minus_the_three_normal_ones():
    """``--table --one-hard``: one hard seat, at seat ``seed % 4`` so it sits in every place as
    often, against three normal seats; the figure is the hard seat minus the normal seats'
    mean, where a harder denial of its neighbours no longer reads twice."""
    assert tune.one_hard_levels(2002) == ["normal", "normal", "hard", "normal"]
    assert [tune.one_hard_levels(s).index("hard") for s in range(2000, 2004)] == [0, 1, 2, 3]
    lines = tune.compare([], games=1, first_seed=2002, boards="one-hard", jobs=1, budget_s=0.05)
    state = play_game(make_config(4), 2002, tune.one_hard_levels(2002), budget_s=0.05)
    totals = {p["seat"]: p["total"] for p in state.result["players"]}
    assert lines[0]["scores"][0] == totals[2] - (totals[0] + totals[1] + totals[3]) / 3
    assert "(1 hard + 3 normal seats)" in tune.report(lines, 1, 1.0).splitlines()[0]


def test_one_hard_seat_is_a_seating_of_the_table_and_is_refused_without_it(capsys):
    with pytest.raises(SystemExit) as stop:
        tune.main(["--one-hard", "--games", "2", "--try", "hard.DENY=1.5"])
    assert stop.value.code == 2 and "--one-hard is a seating of --table: add --table" in capsys.readouterr().err


def test_at_a_mixed_table_each_side_plays_its_own_weights_and_the_seats_luck_cancels_out():
    """Two seats with a variant's weights against two with the current ones (here one against
    one, to keep it short), each seed played again with the seats swapped: an unchanged weight
    plays the same game from both sides and reads exactly nothing; a player that hardly values
    a row or column it has not completed loses to the current weights."""
    lines = tune.compare([tune.parse_variant(f"REACH={greedy.REACH}"), tune.parse_variant("LINE_BASE=0.2")],
                         games=1, first_seed=7000, boards="mixed", players=2)
    current, same, blind = lines
    assert current["scores"] == [0] and same["scores"] == [0] and same["diff"] == 0
    assert blind["scores"][0] <= -5
    assert greedy.LINE_BASE == 0.85  # the code's own weights are back
    assert tune.report(lines, 1, 1.0).splitlines()[0].startswith(
        "1 seeds each, two 2-player games a seed (1 seats with the variant's weights, 1 with the current ones")


@pytest.mark.parametrize("args, says", [
    (["--mixed", "--table"], "choose --table (hard against normal) or --mixed (weights against weights), not both"),
    (["--mixed", "--boards", "asymmetric"], "--mixed plays the standard boards: leave out --boards"),
])
def test_a_mixed_table_asked_for_with_other_boards_is_refused(capsys, args, says):
    with pytest.raises(SystemExit) as stop:
        tune.main([*args, "--games", "2", "--try", "REACH=0.5"])
    assert stop.value.code == 2 and says in capsys.readouterr().err
