"""The offline console plays through the same service as the bot (bot.py --offline)."""
from __future__ import annotations

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
    assert "**Player 1**: 1 finished game(s)" in text and "**Player 2**: 1 finished game(s)" in text
    assert "Wins (all):\n  1. Player " in text and "Rating (all):" in text and "(1 games)" in text
    assert "kind one of rating, wins, best, solo, daily" in text
    assert len(list(tmp_path.glob("*-profile.png"))) == 2


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
