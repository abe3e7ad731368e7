"""The offline console plays through the same service as the bot (bot.py --offline)."""
from __future__ import annotations

from pathlib import Path

from db.connection import open_database
from db.repository import GameRepository
from engine.state import dump, load
from service import GameService, autoplay
from service.console import run
from service.kinds.planet_unknown import KIND


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
    assert len(written) > 20 and (tmp_path / written[-1].rsplit("/", 1)[1]).is_file()
    latest = {}  # each kind's latest image is kept; the older ones of its kind are replaced
    for p in written:
        latest[p.rsplit("/", 1)[1][5:]] = p.rsplit("/", 1)[1]
    assert sorted(p.name for p in tmp_path.glob("*.png")) == sorted(latest.values())
    assert "rounds, played in" in text and "Median time to play a round: Player 1 " in text  # the final facts
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
    # in order: the resumed panel, then the station (the panel shown again unchanged is not drawn again)
    assert sorted(now)[-2].endswith("-panel.png") and sorted(now)[-1].endswith("-station.png")
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


# ---------------------------------------------------------------- issue 55: a console a newcomer can use

def _panels(text: str) -> list[str]:
    return text.split("\n── ")


async def test_the_console_lists_each_offered_civ_card_with_its_whole_effect(tmp_path):
    """Issue 55, finding 1 (the console part): choosing a civ card is a real decision; the
    console's list gives each card's effect in full, not its name only."""
    from engine import data as D

    said = []
    await run(["--out", str(tmp_path), "--seed", "11", "--autopilot", "random"], ask=Keyboard([], then="auto"),
              say=said.append)
    menus = [p for p in _panels("\n".join(said)) if "choose a civ card" in p or "Civilisation milestone" in p]
    assert menus
    offered = [card for card in D.civ_cards().values() if f"{card.name} (#{card.id}): {card.description}" in menus[0]]
    assert offered and all("…" not in card.description for card in offered)


async def test_a_single_value_item_is_settled_and_announced_and_item_numbers_are_shown(tmp_path):
    """Issue 55, finding 2: 'resolve N VALUE' asks for N: each item is listed with its number,
    and an item with one possible value is settled for the player, in one line."""
    said = []
    keys = Keyboard(["1", "l", "place A6 0 confirm", "resolve 1 water"], then="quit")
    await run(["--out", str(tmp_path), "--seed", "11"], ask=keys, say=said.append)
    text = "\n".join(said)
    assert "✔ item 2: advance rover (tile icon): settled for you (rover), the only choice." in text
    assert "• item 3: put a new rover on the tile you placed this round" in text
    assert "there is no pending item 1; open items: 3 (put a new rover on the tile you placed this round)" in text


async def test_a_typed_placement_that_destroys_a_lifepod_asks_before_placing(tmp_path):
    """Issue 55, finding 3: 'place A6 0' covers lifepod C8 (rulebook p.5: it is destroyed);
    the console says so and asks, as the panel's preview warns."""
    said = []
    keys = Keyboard(["1", "l", "place A6 0", "no", "place A6 0", "yes"], then="quit")
    await run(["--out", str(tmp_path), "--seed", "11"], ask=keys, say=said.append)
    text = "\n".join(said)
    assert "⚠ destroys lifepod C8" in text  # on the panel
    assert "Placing your tile at A6, orientation 0 destroys lifepod C8." in text
    assert keys.prompts.count("Place it there anyway? (yes/no) ") == 2
    assert "Not placed." in text
    last = _panels(text)[-1]
    assert "settle what your tile gave you" in last  # placed after the yes


async def test_the_console_keys_of_the_buttons_never_change_meaning(tmp_path):
    """Issue 55, finding 4: on row A the ▲ arrow is gone; the keys of the others stay:
    'n' jumps to the next legal spot (it never places), 'p' places."""
    said = []
    keys = Keyboard(["1", "l", "n", "n", "p"], then="quit")
    await run(["--out", str(tmp_path), "--seed", "11"], ask=keys, say=said.append)
    panels = _panels("\n".join(said))
    placing = [p for p in panels if "Place your tile" in p]
    assert len(placing) == 3  # the first spot, then two jumps: nothing placed by 'n'
    assert "[^]" not in placing[0] and "[n] Next legal spot" in placing[0] and "[p] Place it here" in placing[0]
    assert "at A6, orientation 0" in placing[0] and "at A6, orientation 0" not in placing[1]
    assert "settle what your tile gave you" in panels[-1]  # 'p' placed it


async def test_open_without_an_image_viewer_says_where_the_image_is(tmp_path, monkeypatch):
    """Issue 55, finding 5: no xdg-open on the machine: no traceback, the image's path."""
    import sys

    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    said = []
    code = await run(["--out", str(tmp_path), "--seed", "3"], ask=Keyboard(["board", "open"], then="quit"),
                     say=said.append)
    assert code == 0
    line = next(s for s in said if "image viewer" in s)
    path = line.rsplit(" ", 1)[1]
    assert line.startswith("No image viewer could be started on this computer; the image is ") and Path(path).is_file()


async def test_every_instruction_the_console_prints_works_in_the_console(tmp_path):
    """Issue 55, finding 6: no Discord instruction (press Play, /pu ...) in a whole game, and
    the replay command it prints runs as printed, from another folder, with this Python."""
    import subprocess

    said = []
    code = await run(["--out", str(tmp_path), "--players", "2", "--seed", "8", "--autopilot", "random"],
                     ask=Keyboard(["1", "l"], then="auto"), say=said.append)
    text = "\n".join(said)
    assert code == 0 and "Game over" in text
    import re
    assert not re.search(r"(^|[\s(`])/pu\s", text, re.M) and "press Play" not in text and "Play)" not in text
    assert "You can also type place " in text
    command = text.split("replay it with: ", 1)[1].splitlines()[0]
    done = subprocess.run(command, shell=True, cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert '"total"' in done.stdout or "total" in done.stdout


async def test_a_resumed_game_speaks_its_own_language_unless_another_is_asked(tmp_path):
    """Issue 55, finding 7: --resume of a French game comes back in French; --lang wins."""
    said = []
    await run(["--out", str(tmp_path), "--seed", "11", "--lang", "fr"], ask=Keyboard([], then="quit"),
              say=said.append)
    said.clear()
    await run(["--out", str(tmp_path), "--resume", "1"], ask=Keyboard(["status"], then="quit"), say=said.append)
    text = "\n".join(said)
    assert "Partie n°1, tour " in text and "La partie n°1 est enregistrée" in text
    said.clear()
    await run(["--out", str(tmp_path), "--resume", "1", "--lang", "en"], ask=Keyboard([], then="quit"),
              say=said.append)
    assert "Game #1 is saved; carry on later with --resume 1." in said


async def test_bad_arguments_say_what_is_accepted(tmp_path):
    """Issue 55, finding 9: board 7, profile 5 and history abc do not fall back silently."""
    said = []
    keys = Keyboard(["board 7", "profile 5", "corp x", "history abc"], then="quit")
    await run(["--out", str(tmp_path), "--seed", "11"], ask=keys, say=said.append)
    assert "board N: this game has one player, number 1 (7 is not one)." in said
    assert "profile N: this game has one player, number 1 (5 is not one)." in said
    assert "corp N: this game has one player, number 1 (x is not one)." in said
    assert "history takes a round number, e.g. history 2 (nothing: the last round over)." in said
    assert not list(tmp_path.glob("*-board.png")) and not list(tmp_path.glob("*-corp.png"))
    said.clear()
    await run(["--out", str(tmp_path / "two"), "--players", "2", "--seed", "5"], ask=Keyboard(["board 3"], then="quit"),
              say=said.append)
    assert "board N: N is a player number from 1 to 2 (3 is not one)." in said


async def test_help_says_what_each_command_does(tmp_path):
    """Issue 55, finding 10: help explains auto (and every other command)."""
    said = []
    await run(["--out", str(tmp_path), "--seed", "11"], ask=Keyboard(["help"], then="quit"), say=said.append)
    text = "\n".join(said)
    auto = next(line for line in text.splitlines() if line.startswith("auto "))
    assert "the computer makes this decision for you" in auto
    from service.console import COMMANDS
    for name, _what in COMMANDS:
        assert any(line.startswith(name + " ") for line in text.splitlines()), name


async def test_a_whole_game_keeps_only_the_latest_image_of_each_kind_and_those_kept(tmp_path):
    """Issue 55, finding 10: every redraw wrote a new PNG (about 200 for one solo game); the
    console keeps the latest of each kind, and every image the player keeps."""
    said = []
    keys = Keyboard(["1", "board", "keep", "l", "board"], then="auto")
    code = await run(["--out", str(tmp_path), "--seed", "11", "--autopilot", "random"], ask=keys, say=said.append)
    assert code == 0
    written = [s.split("Image written to ", 1)[1].split(" (type open", 1)[0] for s in said if "Image written to " in s]
    pngs = sorted(tmp_path.glob("*.png"))
    assert len(written) > 100 and len(pngs) <= 30, [p.name for p in pngs]  # 7 kinds, a summary per round
    boards = sorted(p.name for p in tmp_path.glob("*-board.png"))
    assert len(boards) == 2 and Path(written[[i for i, w in enumerate(written) if w.endswith("-board.png")][0]]).is_file()
    assert len(list(tmp_path.glob("*-summary.png"))) >= 8  # each round's summary is a kind of its own


async def test_the_leaderboard_after_a_finished_solo_game_shows_it(tmp_path):
    """Issue 55, finding 10: 'finish a game first' right after a finished solo game."""
    said = []
    await run(["--out", str(tmp_path), "--seed", "11", "--autopilot", "random"], ask=Keyboard([], then="auto"),
              say=said.append)
    said.clear()
    await run(["--out", str(tmp_path), "--seed", "12"], ask=Keyboard(["leaderboard"], then="quit"), say=said.append)
    text = "\n".join(said)
    assert "finish a game first" not in text
    assert "Best solo total (all)" in text and "Player 1" in text


def test_the_profile_rating_chart_says_solo_games_are_not_rated(monkeypatch):
    """Issue 55, finding 10: a profile with one solo game: 'no game yet' stood beside '1 game'."""
    from render import profile as R
    from render import theme as T

    drawn = []
    real = T.draw_text
    monkeypatch.setattr(T, "draw_text", lambda d, xy, text, *a, **k: (drawn.append(text), real(d, xy, text, *a, **k)))
    sample = R.sample_profile()
    one = dict(sample, games=1, rating=None, trend=0, rating_history=[], last_totals=[61], multiplayer=0, wins=0)
    R.render_profile(one, "Ann")
    assert "no rated game yet (solo games are not rated)" in drawn and "no games yet" not in drawn


async def test_auto_plays_the_autopilots_move_from_the_game_as_it_stands(tmp_path):
    """``auto`` (now worked out in the worker pool: GameService.computer_move) plays the move the
    --autopilot level picks from the game's state, as it did on the event loop (service.autoplay)."""
    db = await open_database(tmp_path / "games.sqlite3")  # the console's own database (--out)
    try:
        service = GameService(GameRepository(db))
        game = await service.create(creator_id=1, creator_name="Player 1", guild_id=None, channel_id=None,
                                    options={"max_players": 1, "seed": 11, "front": "console"}, kind="solo")
        game = await service.start(game.id, 1, False)
        for row, _payload in await service.pending_posts(game.id):
            await service.mark_posted(row.id)
    finally:
        await db.close()
    state = load(dump(game.state))
    expected = autoplay.choose(state, 0, "normal")
    assert expected is not None
    words = KIND.action_words(game, state, 0, expected)
    said: list[str] = []
    code = await run(["--out", str(tmp_path), "--resume", str(game.id)], ask=Keyboard(["auto"], then="quit"),
                     say=said.append)
    assert code == 0
    assert "  (autopilot) " + words in said
    db = await open_database(tmp_path / "games.sqlite3")
    try:
        first = (await GameRepository(db).list_actions(game.id))[0]
    finally:
        await db.close()
    assert (first.seat, first.action) == (0, str(expected))
