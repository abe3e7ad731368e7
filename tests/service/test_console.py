"""The offline console plays through the same service as the bot (bot.py --offline)."""
from __future__ import annotations

from pathlib import Path

from service.console import run


class Keyboard:
    """Answers the console's prompts from a script, then with a fallback move."""

    def __init__(self, lines, then="auto", limit=5000):
        self.lines = list(lines)
        self.then = then
        self.prompts = []
        self.limit = limit

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if len(self.prompts) > self.limit:
            return "quit"
        return self.lines.pop(0) if self.lines else self.then


async def test_a_whole_solo_game_in_the_console_writes_every_image(tmp_path):
    said = []
    keys = Keyboard(["help", "2", "1", "board", "score", "status", "place Z9 1"])
    code = await run(["--out", str(tmp_path), "--seed", "11", "--autopilot", "random"], ask=keys, say=said.append)
    text = "\n".join(said)
    assert code == 0
    assert "Game over" in text and "Final scores" in text
    assert "'Z9' is not a square" in text
    assert "Player 1: " in text  # the score command
    pngs = sorted(p.name for p in tmp_path.glob("*.png"))
    assert any(n.endswith("-score.png") for n in pngs)
    assert sum(n.endswith("-summary.png") for n in pngs) >= 8
    assert any(n.endswith("-board.png") for n in pngs)


async def test_hot_seat_two_players_take_turns_and_can_resume(tmp_path):
    said = []
    keys = Keyboard([], then="auto", limit=30)
    await run(["--out", str(tmp_path), "--players", "2", "--seed", "5", "--autopilot", "random"],
              ask=keys, say=said.append)
    assert {p for p in keys.prompts} == {"Player 1> ", "Player 2> "}
    assert "--resume 1" in said[-1]
    more = Keyboard([], then="auto", limit=10)
    await run(["--out", str(tmp_path), "--resume", "1"], ask=more, say=said.append)
    assert more.prompts  # the saved game carries on


async def test_computer_players_fill_seats_and_bad_counts_are_refused(tmp_path):
    said = []
    assert await run(["--out", str(tmp_path), "--players", "4", "--bots", "3"], ask=Keyboard([]), say=said.append) == 2
    assert "1 to 6 seats" in said[-1]
    keys = Keyboard([], then="auto", limit=40)
    await run(["--out", str(tmp_path), "--bots", "2", "--seed", "2", "--autopilot", "random"],
              ask=keys, say=said.append)
    assert set(keys.prompts) == {"Player 1> "}


async def test_the_console_plays_the_planets_and_corporations_asked_for(tmp_path):
    from db.connection import open_database
    from db.repository import GameRepository
    from service import GameService

    said = []
    keys = Keyboard([], then="quit")
    await run(["--out", str(tmp_path), "--players", "2", "--seed", "3", "--planets", "gaia,",
               "--corporations", ",horizon_group"], ask=keys, say=said.append)
    db = await open_database(tmp_path / "games.sqlite3")
    try:
        game = await GameService(GameRepository(db)).load(1)
        assert game.state.config["planets"] == ["gaia", "ksb-4156"]
        assert game.state.config["corporations"] == ["universal_coalition", "horizon_group"]
    finally:
        await db.close()
    said.clear()
    code = await run(["--out", str(tmp_path / "b"), "--planets", "mars"], ask=Keyboard([]), say=said.append)
    assert code == 2 and "no planet 'mars'" in said[-1]


async def test_inconsistent_game_data_gets_the_apology_and_is_logged_not_blamed_on_the_player(tmp_path, monkeypatch,
                                                                                             caplog):
    import logging

    from engine.errors import DataError
    from service import GameService

    async def broken(self, *_args, **_kwargs):
        raise DataError("tile 99: no shape 'hexomino' in tiles.json")

    monkeypatch.setattr(GameService, "act", broken)
    said = []
    await run(["--out", str(tmp_path), "--seed", "3"], ask=Keyboard(["confirm"], then="quit"), say=said.append)
    text = "\n".join(said)
    assert "Sorry, something went wrong on our side; the game is safe." in text
    assert "tiles.json" not in text
    assert any(r.levelno >= logging.ERROR and isinstance(r.exc_info[1], DataError) for r in caplog.records)


async def test_profile_and_leaderboard_commands_read_the_finished_console_games(tmp_path):
    said = []
    first = Keyboard(["profile", "leaderboard"], then="auto")
    await run(["--out", str(tmp_path), "--players", "2", "--seed", "5", "--autopilot", "random"],
              ask=first, say=said.append)
    assert "Player 1 has no finished game yet." in said and "Nobody is on this leaderboard yet: finish a game first." in said
    assert "Game over" in said[-1]
    said.clear()
    keys = Keyboard(["profile", "profile 2", "leaderboard wins", "leaderboard rating", "leaderboard elo", "quit"])
    await run(["--out", str(tmp_path), "--players", "2", "--seed", "6"], ask=keys, say=said.append)
    text = "\n".join(said)
    assert "Player 1: 1 finished game," in text and "Player 2: 1 finished game," in text
    assert "**" not in text
    wins = text[text.index("Wins (all)"):].splitlines()
    assert wins[1].split() == ["#", "Player", "Value"] and wins[2].split()[:2] == ["1", "Player"]
    rating = text[text.index("Rating (all)"):].splitlines()
    assert rating[1].split() == ["#", "Player", "Value", "Games"] and rating[2].split()[-1] == "1"
    assert len({len(line.rstrip()) for line in rating[1:4]}) == 1  # columns aligned (numbers on the right)
    assert "kind one of rating, wins, best, solo, daily" in text
    assert len(list(tmp_path.glob("*-profile.png"))) == 2


MARKUP = ("**", "<@", "<t:", "<#", "\x1b[")  # Discord's bold, mentions, timestamps, channels; terminal escapes


async def test_a_whole_console_game_prints_clean_text_with_names_dates_and_where_images_went(tmp_path):
    said = []
    keys = Keyboard(["score", "status", "board 2"], then="auto", limit=3000)
    code = await run(["--out", str(tmp_path), "--players", "2", "--bots", "1", "--seed", "8", "--autopilot", "random"],
                     ask=keys, say=said.append)
    text = "\n".join(said)
    assert code == 0 and "Game over" in said[-1]
    for mark in MARKUP:
        assert mark not in text, mark
    assert "1. Player 1: planet KSB-4156" in text  # the start post, with names instead of mentions
    assert "Round 1 is over." in text and "\nPlayer 2: " in text  # the round log, a line per player
    written = [line.split("Image written to ", 1)[1].split(" (type open", 1)[0]
               for line in text.splitlines() if "Image written to " in line]
    assert len(written) > 20 and all((tmp_path / p.rsplit("/", 1)[1]).is_file() for p in written)
    assert "rounds, played over" in text and "Median time to play a round: Player 1 " in text  # the final facts
    # the replay file is written at the end, and replays to the same score
    import json

    from engine.replay import replay
    (record_file,) = tmp_path.glob("game-*.json")
    assert "Replay file written to " + str(record_file) in text
    again = replay(json.loads(record_file.read_text()))
    assert again.phase == "over" and f"{again.result['players'][0]['total']} medals" in text


async def test_open_shows_the_latest_image_in_the_viewer_it_is_given(tmp_path):
    from db.connection import open_database
    from db.repository import GameRepository
    from service import GameService
    from service.console import Console

    opened, said = [], []
    await run(["--out", str(tmp_path), "--seed", "3"], ask=Keyboard([], then="quit"), say=said.append)
    db = await open_database(tmp_path / "games.sqlite3")
    try:
        console = Console(GameService(GameRepository(db)), tmp_path, Keyboard(["board", "open", "station", "open", "quit"]),
                          said.append, opener=opened.append)
        await console.play(1)
    finally:
        await db.close()
    assert len(opened) == 2 and opened[0].endswith("-board.png") and opened[1].endswith("-station.png")
    assert all(Path(p).is_file() for p in opened)
    assert f"Opening {opened[1]}" in said


def test_discord_markup_becomes_terminal_text():
    from service.console import Terminal, markup

    out = []
    term = Terminal(out.append)
    now = 1_700_000_000
    term.text("**Round 2 is open.** <@5>: play by <t:1700010800:f> (<t:1700010800:R>); [x] `place C5 3` <@9>",
              {5: "Ada [the] Bold"}, now)
    line = out[0]
    assert line.startswith("Round 2 is open. Ada [the] Bold: play by ")
    assert "(in 3 h)" in line and "2023" in line and "[x] place C5 3 someone" in line
    for mark in MARKUP:
        assert mark not in line
    assert "(40 min ago)" in markup("<t:1699997600:R>", {}, now)


async def test_a_resumed_game_writes_its_images_after_the_earlier_ones(tmp_path):
    said = []
    await run(["--out", str(tmp_path), "--players", "2", "--seed", "5"], ask=Keyboard(["1"], then="quit"),
              say=said.append)  # a tile taken: the panel shown on resuming is another one
    first = {p.name: p.read_bytes() for p in tmp_path.glob("*.png")}
    assert first
    await run(["--out", str(tmp_path), "--resume", "1"], ask=Keyboard(["station"], then="quit"), say=said.append)
    now = {p.name: p.read_bytes() for p in tmp_path.glob("*.png")}
    assert all(now[name] == data for name, data in first.items())  # nothing of the first session overwritten
    assert len(now) > len(first) and any(n.endswith("-station.png") for n in set(now) - set(first))
    assert sorted(now)[-1].endswith("-panel.png") and sorted(now)[-2].endswith("-station.png")  # in order
async def test_the_console_speaks_french_with_lang_fr(tmp_path):
    """bot.py --offline --lang fr: the console's own lines, the panels and the posts in French
    (issue 18), while typed moves stay the same (and may be French: prendre grande)."""
    said = []
    keys = Keyboard(["help", "status"], then="quit")
    code = await run(["--out", str(tmp_path), "--seed", "11", "--lang", "fr"], ask=keys, say=said.append)
    text = "\n".join(said)
    assert code == 0
    assert "Tapez le numéro d’un choix" in text  # help
    assert "Partie n°1, tour " in text and "choix des objectifs personnels" in text  # status
    assert "La partie n°1 est enregistrée ; reprenez-la plus tard avec --resume 1." in text
    assert "Type the number of a choice" not in text
