"""Play Planet Unknown in a terminal, through the same game service the Discord bot uses.

    python bot.py --offline                      # solo
    python bot.py --offline --players 3          # hot seat: three people at one keyboard
    python bot.py --offline --players 2 --bots 2 # two people against two computer players
    python bot.py --offline --bots 2:hard,1:easy # one person against two hard and one easy one
    python bot.py --offline --resume 4           # carry on with game 4 of the console's database
    python bot.py --offline --learn              # a guided first game: lessons and hints
    python bot.py --offline --daily              # today's daily challenge (--game storm: Solar Storm's)

Every image the bot would post or show (panels, round summaries, the score sheet) is written
to the output folder (default out/offline/), and the terminal says where; ``open`` shows the
latest one in the system's image viewer. Only the latest image of each kind is kept (a new
panel replaces the last one) besides those the player keeps with ``keep``. The terminal shows
clean text (rich: bold where Discord would, no Discord markup, names instead of mentions, dates
instead of Discord timestamps, aligned tables) and the choices: each button under a key of its
own that never changes (``p`` places the tile, ``n`` jumps to the next legal spot, ``<`` ``>``
``^`` ``v`` move it...), the options of a list numbered. Type a key or a number, a move as text
(``place C5 3``), or a command of COMMANDS (``help`` lists them).
"""
from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import io
import json
import logging
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from rich.console import Console as RichConsole
from rich.markup import escape
from rich.table import Table
from rich.text import Text

import i18n
from autopilot import BUDGET_S, MAX_BUDGET_S
from db.connection import open_database
from db.repository import GameRepository
from engine.errors import DataError, EngineError
from i18n import N_, _

from . import kinds, roundlog
from ._model import BOT_LEVELS
from .errors import NeedsConfirmation, ServiceError
from .games import Game, GameService
from .outcomes import you_line
from .panels import HINT, Control, Panel

log = logging.getLogger(__name__)

ROOT = Path(__file__).resolve().parents[1]  # the repository: where ``python -m engine.replay`` finds the engine

# The console's commands that every game shares, as ``help`` lists them after the game's own
# (``GameKind.console_help``): a new command is a line here and a branch in Console.command (or
# Console.view_command); a game's own line of the same command replaces the line here.
COMMANDS: list[tuple[str, str]] = [
    ("status", N_("who has played and what the game waits for")),
    ("history [N]", N_("the log and planets of round N (default: the last round over)")),
    ("export", N_("write the replay file (once the game is over)")),
    ("open", N_("show the latest image in this computer's image viewer")),
    ("keep", N_("keep the latest image: the others are replaced by newer ones of their kind")),
    ("profile [N]", N_("your finished games in this console, or player N's")),
    ("leaderboard [KIND] [PERIOD]", N_("the best players of this console's games")),
    ("hint", N_("what the hard computer player would do now, and why")),
    ("auto", N_("the computer makes this decision for you (at the --autopilot level)")),
    ("help", N_("this list")),
    ("quit", N_("stop; the game is saved (--resume carries on with it)")),
]

# Each button's key, the same on every panel (a key never changes meaning as buttons come and go)
KEYS = {"left": "<", "right": ">", "up": "^", "down": "v", "turn": "t", "flip": "f", "next": "n", "place": "p",
        "back": "<", "forward": ">", "confirm": "c", "undo": "u", "small": "s", "large": "l",
        "hint": "h", "leave": "x", "end": "e"}
YES = ("y", "yes", "o", "oui")

MENTION = re.compile(r"<@!?(\d+)>")
CHANNEL = re.compile(r"<#(\d+)>")
TIMESTAMP = re.compile(r"<t:(-?\d+)(?::([tTdDfFR]))?>")
BOLD = re.compile(r"\*\*(.+?)\*\*", re.S)
CODE = re.compile(r"`([^`]+)`")


def when(unix: int, style: str | None, now: float) -> str:
    """A Discord timestamp as the terminal shows it: the local date and time, and for the
    relative style how far it is from ``now`` too ("Tue 24 Nov 2026 17:00 (in 3 h)"), in the language
    in use ("mar. 24 nov. 2026 17:00")."""
    moment = dt.datetime.fromtimestamp(unix).astimezone()
    text = i18n.when(moment, "EEE dd MMM y HH:mm")
    if style == "R":
        delta = unix - now
        span = _span(abs(delta))
        text += " (" + (_("in {span}") if delta >= 0 else _("{span} ago")).format(span=span) + ")"
    return text


def _span(seconds: float) -> str:
    if seconds < 3600:
        return _("{n} min").format(n=int(seconds // 60))
    if seconds < 86400:
        return roundlog.hours_text(seconds)
    return roundlog.days_text(seconds)


def markup(text: str, names: dict[int, str], now: float) -> str:
    """Discord text as rich markup: mentions become names, timestamps dates, ``**bold**``
    bold, inline code plain; everything else is escaped (a ``[`` in a name stays a ``[``)."""
    text = MENTION.sub(lambda m: names.get(int(m.group(1)), _("someone")), text)
    text = CHANNEL.sub(_("the game's channel"), text)
    text = TIMESTAMP.sub(lambda m: when(int(m.group(1)), m.group(2), now), text)
    text = CODE.sub(lambda m: m.group(1), text)
    out, last = [], 0
    for m in BOLD.finditer(text):
        out.append(escape(text[last:m.start()]))
        out.append(f"[bold]{escape(m.group(1))}[/bold]")
        last = m.end()
    out.append(escape(text[last:]))
    return "".join(out)


class Terminal:
    """What the console prints, drawn with rich: colours and bold on a real terminal, plain
    text elsewhere (a pipe, a file, the tests). Each piece goes to ``say`` as one string."""

    def __init__(self, say: Callable[[str], None], color: bool = False):
        self.say = say
        self.color = color
        # a terminal's own width; elsewhere lines are never wrapped (a log reads them whole)
        self.width = shutil.get_terminal_size().columns if color else 10_000

    def _render(self, renderable) -> str:
        buf = io.StringIO()
        console = RichConsole(file=buf, force_terminal=self.color, no_color=not self.color, width=self.width,
                              color_system="auto" if self.color else None, highlight=False, emoji=False)
        console.print(renderable)
        return buf.getvalue().rstrip("\n")

    def text(self, text: str, names: dict[int, str] | None = None, now: float = 0.0) -> None:
        self.say(self._render(Text.from_markup(markup(text, names or {}, now))))

    def table(self, headers: Sequence[str], rows: Sequence[Sequence[object]], title: str | None = None,
              right: Sequence[int] = ()) -> None:
        if title:  # a line of its own: a table's title would wrap to the table's width
            self.say(self._render(Text(title, style="bold")))
        table = Table(show_edge=False, pad_edge=False, box=None, header_style="bold")
        for i, h in enumerate(headers):
            table.add_column(h, justify="right" if i in right else "left")
        for row in rows:
            table.add_row(*(escape(str(c)) for c in row))
        self.say(self._render(table))


def system_viewer(path: str) -> None:
    """Open an image with the system's viewer (macOS open, Windows' default app, xdg-open).
    Raises OSError when there is none."""
    if sys.platform == "darwin":
        subprocess.Popen(["open", path])
    elif os.name == "nt":
        os.startfile(path)  # type: ignore[attr-defined]
    else:
        if shutil.which("xdg-open") is None:
            raise FileNotFoundError("xdg-open")
        subprocess.Popen(["xdg-open", path], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def replay_command(path: Path, module: str = "engine.replay") -> str:
    """The shell command that replays the record at ``path`` with this Python (its virtual
    environment's, where the engine's requirements are), from wherever it is typed; ``module``:
    the game's replayer (``GameKind.replay_module``)."""
    command = f"{shlex.quote(sys.executable)} -m {module} {shlex.quote(str(path.resolve()))}"
    return f"cd {'/d ' if os.name == 'nt' else ''}{shlex.quote(str(ROOT))} && {command}"


class Console:
    def __init__(self, service: GameService, out: Path, ask: Callable[[str], str], say: Callable[[str], None],
                 *, color: bool = False, opener: Callable[[str], None] = system_viewer):
        self.service = service
        self.out = out
        self.ask = ask
        self.term = Terminal(say, color)
        self.opener = opener  # how ``open`` shows an image (the tests pass a stand-in)
        # a resumed game's images go after the earlier ones (numbered on from the highest)
        self.images = max((int(p.name[:4]) for p in out.glob("*.png") if p.name[:4].isdigit()), default=0)
        self.latest: str | None = None
        self.last_of: dict[str, Path] = {}  # image kind -> its latest file (replaced by the next one)
        self.kept: set[Path] = set()  # images the player keeps (keep)
        self.last_panel: tuple[tuple, str | None] | None = None  # the panel shown last, and its image
        self.names: dict[int, str] = {}  # user id -> name, for mentions

    def say(self, text: str, game: Game | None = None) -> None:
        """Print text written for Discord, as clean terminal text."""
        if game is not None:
            self.names = {s.user_id: s.display_name for s in game.seats if s.user_id is not None}
        self.term.text(text, self.names, self.service.clock())

    async def save_image(self, data: bytes | None, name: str) -> str | None:
        if data is None:
            return None
        self.images += 1
        path = self.out / f"{self.images:04d}-{name}.png"
        path.write_bytes(data)
        older = self.last_of.get(name)
        if older is not None and older not in self.kept:  # the latest of each kind is enough
            older.unlink(missing_ok=True)
        self.last_of[name] = path
        self.latest = str(path)
        return str(path)

    @staticmethod
    def where(path: str | None) -> str:
        return "\n   " + _("Image written to {path} (type open to see it)").format(path=path) if path else ""

    async def show_posts(self, game_id: int) -> None:
        game = await self.service.load(game_id)
        for row, payload in await self.service.pending_posts(game_id):
            image = payload.get("image") or {}
            kind = image.get("kind", "post") if "round" not in image else f"round-{image['round']}-{image['kind']}"
            path = await self.save_image(await self.service.render_post(payload), kind)
            self.say("\n📣 " + payload["text"] + self.where(path), game)
            await self.service.mark_posted(row.id)

    async def show_panel(self, panel: Panel, who: str) -> dict[str, Control | str]:
        """Print the panel; return its choices: a button under its fixed key (KEYS; a disabled
        one keeps its key, answered "not now"), a list's options numbered from 1."""
        shown = (who, panel.stamp, panel.text, repr(panel.notes), repr(panel.image), repr(panel.controls))
        if self.last_panel is not None and self.last_panel[0] == shown:  # the same panel again (after a
            path = self.last_panel[1]  # command): its image is the one already written, and ``open``/``keep``
        else:  # still mean the image the command wrote
            path = await self.save_image(await self.service.render_panel(panel), f"{who.replace(' ', '-')}-panel")
            self.last_panel = (shown, path)
        notes = "".join(f"\n\n{note}" for note in panel.notes)  # the guided game's lessons and hint, after it
        self.say(f"\n── {who} ──\n{panel.text}{notes}" + self.where(path))
        choices: dict[str, Control | str] = {}
        number = 0
        buttons: dict[int, list[str]] = {}  # the buttons of each row of the panel, a line each
        for control in panel.controls:
            if control.kind == "button":
                key = KEYS.get(control.name) or str(len(choices) + 101)  # a button without a name: 101, 102...
                choices[key] = control
                if not control.disabled:
                    buttons.setdefault(control.row, []).append(f"[{key}] {control.label}")
            else:
                self.say("  " + _("{list}:").format(list=control.label))
                for verb, label in control.options:
                    number += 1
                    choices[str(number)] = verb
                    self.say(f"  {number}) {label}")
        for row in sorted(buttons):
            self.say("  " + "   ".join(buttons[row]))
        return choices

    async def view_command(self, game: Game, user_id: int, words: list[str]) -> bool:
        """board / corp / station / score / status; True if the words were one of them."""
        cmd = words[0]
        own = game.kind.console_view(game, user_id, words)  # the game's own commands first
        if own is not None:
            self.say(own, game)
            return True
        if cmd == "status":
            self.say(self.service.status_text(game), game)
            return True
        if cmd == "score":
            result = self.service.standings(game, user_id)
            rows = []
            for seat in result["ranking"]:
                p = next(x for x in result["players"] if x["seat"] == seat)
                rows.append([p["place"], game.names[seat], *(p[k]["total"] for k in "ABCDEF"), p["total"]])
            self.say(_("**Standing, round {round}** (A lines, B tracks, C lifepods and meteorites, D civ cards, "
                       "E private objectives, F neighbours):").format(round=game.state.round if game.state else 0))
            self.term.table(["#", _("Player"), *"ABCDEF", _("Total")], rows, right=range(2, 9))
            return True
        if cmd == "open":
            if self.latest is None:
                self.say(_("No image yet."))
                return True
            try:
                self.opener(self.latest)
            except OSError:  # no image viewer on this machine (xdg-open missing...)
                self.say(_("No image viewer could be started on this computer; the image is {path}").format(
                    path=self.latest))
            else:
                self.say(_("Opening {path}").format(path=self.latest))
            return True
        if cmd == "keep":
            if self.latest is None:
                self.say(_("No image yet."))
            else:
                self.kept.add(Path(self.latest))
                self.say(_("Kept {path}: newer images of its kind will not replace it.").format(path=self.latest))
            return True
        if cmd == "history":
            if len(words) > 1 and not words[1].isdigit():
                self.say(_("history takes a round number, e.g. history 2 (nothing: the last round over)."))
                return True
            number = int(words[1]) if len(words) > 1 else None
            shown = await self.service.history(game.id, user_id, number)
            png = await self.service.render(game.kind.history_image, shown["view"], game.names,
                                            title=_("Game #{game}: the planets after round {round}").format(
                                                game=game.id, round=shown["round"])) \
                if game.kind.history_image else None  # a game without images yet: text only
            self.say(shown["text"] + self.where(await self.save_image(png, f"round-{shown['round']}")), game)
            return True
        if cmd == "export":
            _game, record = await self.service.export_record(game.id, user_id, guild_id=game.row.guild_id)
            path = self.out / f"game-{game.id}.json"
            path.write_text(json.dumps(record) + "\n", encoding="utf-8")
            self.say(_("Replay file written to {path}; replay it with: {command}").format(
                path=path, command=replay_command(path, game.kind.replay_module)))
            return True
        if cmd in ("profile", "leaderboard"):
            await self.players_command(game, user_id, words)
            return True
        if cmd in ("board", "corp", "station"):
            view = self.service.view(game, user_id)
            seat = game.seat_of(user_id) or 0
            if cmd != "station" and len(words) > 1:
                chosen = self.player_number(game, cmd, words[1])
                if chosen is None:
                    return True
                seat = chosen
            if cmd == "station":
                png = await self.service.render("station", view, game.names)
            else:
                png = await self.service.render("planet" if cmd == "board" else "corporation", view, seat, game.names)
            kind = cmd if cmd == "station" else f"player-{seat + 1}-{cmd}"  # each player's board is its own kind
            self.say(self.where(await self.save_image(png, kind)).strip())
            return True
        return False

    async def hint(self, game: Game, user_id: int) -> None:
        """hint: what the hard computer player would do now, and why, with the placement's picture."""
        found = await self.service.hint(game.id, user_id)
        png = await self.service.render(found.image[0], *found.image[1], **found.image[2]) if found.image else None
        self.say(found.text + self.where(await self.save_image(png, "hint")), game)

    def player_number(self, game: Game, cmd: str, word: str) -> int | None:
        """The 0-based seat of the player number ``word`` (1 to the number of players); None,
        having said what is accepted, for anything else."""
        if word.isdigit() and 1 <= int(word) <= len(game.seats):
            return int(word) - 1
        if len(game.seats) == 1:
            self.say(_("{command} N: this game has one player, number 1 ({word} is not one).").format(
                command=cmd, word=word))
        else:
            self.say(_("{command} N: N is a player number from 1 to {n} ({word} is not one).").format(
                command=cmd, n=len(game.seats), word=word))
        return None

    def help(self, kind: kinds.GameKind) -> None:
        """help: the game's own way to type a move and its own commands, then the shared ones."""
        intro, own = kind.console_help()
        mine = {name.split()[0] for name, _what in own}
        rows = own + [(name, _(what)) for name, what in COMMANDS if name.split()[0] not in mine]
        self.say(intro)
        self.term.table([_("Command"), _("What it does")], rows)

    async def players_command(self, game: Game, user_id: int | None, words: list[str]) -> None:
        """profile [N]: player N's (default: yours) finished games in this console's database, with
        the profile image; leaderboard [KIND] [PERIOD]: rating, wins, best, solo or daily
        (all, today, week) over every console game."""
        from . import players as P
        if words[0] == "profile":
            if len(words) > 1:
                chosen = self.player_number(game, "profile", words[1])
                if chosen is None:
                    return
                seat = game.seats[chosen]
                user_id, name = seat.user_id, seat.display_name
            else:
                name = next((s.display_name for s in game.seats if s.user_id == user_id), f"Player {user_id}")
            profile = None if user_id is None else await self.service.players.profile(
                user_id, P.Scope(everything=True))
            if profile is None:
                self.say(_("{name} has no finished game yet.").format(name=name))
                return
            png = await self.service.render("profile", profile, name, subtitle=_("offline games"))
            self.say(P.profile_text(name, profile) + self.where(await self.save_image(png, f"user-{user_id}-profile")))
            return
        own = await game.kind.console_leaderboard(self.service, user_id or 0, words[1:])
        if own is not None:  # the game's own leaderboard (a cooperative game has no rating, no wins)
            for line in own:
                self.say(line, game)
            return
        kind = words[1] if len(words) > 1 else "best"
        period = words[2] if len(words) > 2 else "all"
        if kind not in P.BOARD_KINDS or period not in P.PERIODS:
            self.say(_("leaderboard KIND PERIOD: kind one of {kinds}; period one of {periods}.").format(
                kinds=", ".join(P.BOARD_KINDS), periods=", ".join(P.PERIODS)))
            return
        board = await self.service.players.board(kind, period, None, everyone=True, user_id=user_id)
        if not board["rows"] and len(words) == 1:  # no game against others yet: the solo games' board
            solo = await self.service.players.board("solo", period, None, everyone=True, user_id=user_id)
            if solo["rows"]:
                kind, board = "solo", solo
        if not board["rows"]:
            self.say(_("Nobody is on this leaderboard yet: finish a game first."))
            return
        rows = [[rank, name, value] + ([games] if kind == "rating" else [])
                for rank, _user, name, value, games in board["rows"]]
        self.term.table(["#", _("Player"), _("Value")] + ([_("Games")] if kind == "rating" else []), rows,
                        title=f"{_(P.BOARD_TITLES[kind])} ({period})", right=(0, 2, 3))
        if board["you"]:  # the player below the rows listed: their own row and rank, as /pu leaderboard says it
            rank, _user, name, value, games = board["you"]
            self.say(you_line(P.board_row(kind, rank, name, value, games), rank, board["count"]))

    async def play(self, game_id: int) -> Game:
        """Run the game until it ends or the players quit; return it."""
        ui: dict[int, tuple[str, str]] = {}  # user -> last UI verb shown (cursor, page)
        while True:
            await self.show_posts(game_id)
            game = await self.service.load(game_id)
            if game.status != "active":
                return game
            assert game.state is not None  # an active game has a state
            acting = [i for i in game.kind.to_act(game.state) if game.user_of(i) is not None]
            if not acting:
                return game
            seat = acting[0]
            user = game.user_of(seat)
            assert user is not None  # acting holds the seats that have a user
            outcome = await self.service.panel(game_id, user)
            panel = outcome.panel
            assert panel is not None  # the seat is acting, so it has a panel
            if user in ui:  # keep browsing where the player was (cursor, station turn, page)
                stamp, verb = ui.pop(user)
                if stamp == panel.stamp:
                    panel = (await self.service.control(game_id, user, seat, stamp, verb)).panel
                    assert panel is not None  # control answers with the seat's panel
            choices = await self.show_panel(panel, game.names[seat])
            try:
                line = self.ask(f"{game.names[seat]}> ").strip()
            except EOFError:
                line = "quit"
            if not line:
                continue
            words = line.lower().split()
            if words[0] in ("quit", "exit"):
                self.say(_("Game #{game} is saved; carry on later with --resume {game}.").format(game=game_id))
                return game
            if words[0] == "help":
                self.help(game.kind)
                continue
            try:
                if await self.view_command(game, user, words):
                    continue
                picked = choices.get(line.lower())
                if words[0] == "hint" or (isinstance(picked, Control) and picked.verb == HINT):
                    await self.hint(game, user)
                    continue
                if words[0] == "auto":
                    action = await self.service.computer_move(game_id, user)  # in the worker pool
                    move = game.kind.action_words(game, game.state, seat, action)  # before it changes the game
                    self.said(await self.service.act(game_id, user, str(action)))
                    self.say("  " + game.kind.phrase("console_auto", action=move))
                elif line.lower() in choices or line.isdigit():
                    choice = choices.get(line.lower())
                    if choice is None:
                        numbered = sum(not isinstance(c, Control) for c in choices.values())
                        self.say(_("Choose a number from 1 to {n}, or a key in brackets.").format(n=numbered)
                                 if numbered else _("Choose a key in brackets."))
                        continue
                    if isinstance(choice, Control):
                        if choice.disabled:
                            self.say(_("“{choice}” is not possible here.").format(choice=choice.label))
                            continue
                        choice = choice.verb
                    if choice.startswith("a:"):
                        self.said(await self.service.control(game_id, user, seat, panel.stamp, choice))
                    else:
                        ui[user] = (panel.stamp, choice)
                else:
                    try:
                        self.said(await self.service.act(game_id, user, line, typed=True))
                    except NeedsConfirmation as need:
                        self.say(f"  ⚠ {need}")
                        try:
                            sure = self.ask(_("Place it there anyway? (yes/no) ")).strip().lower()
                        except EOFError:
                            sure = ""
                        if sure in YES or sure == _("yes"):
                            self.said(await self.service.act(game_id, user, need.move))
                        else:
                            self.say("  " + _("Not placed."))
            except DataError:  # ours, not the player's: logged, and the game is safe
                log.exception("game %s: inconsistent game data", game_id)
                self.say("  ✗ " + _("Sorry, something went wrong on our side; the game is safe. Please try again."))
            except (ServiceError, EngineError) as error:
                self.say(f"  ✗ {error}")

    def said(self, outcome) -> None:
        """What a move did beyond itself: the items settled for the player (no other choice)."""
        if outcome.message:
            self.say(outcome.message)


async def run(argv: list[str], ask: Callable[[str], str] = input, say: Callable[[str], None] = print,
              clock: Callable[[], float] = time.time) -> int:
    """bot.py --offline with ``argv``: play until the game ends or the player stops; the exit code.
    ``ask`` reads a line, ``say`` prints one, ``clock`` is the service's (the daily challenge's day)."""
    parser = argparse.ArgumentParser(prog="bot.py --offline", description="Play Planet Unknown in the terminal.")
    parser.add_argument("--players", type=int, default=1, help="people at the keyboard (1-6, default 1)")
    parser.add_argument("--bots", default="0", help="computer players to add: a number (normal level) or counts "
                        "by level, e.g. 2:hard,1:easy (levels: easy, normal, hard; a bare number: the --autopilot level)")
    parser.add_argument("--seed", type=int, default=None, help="fixed seed, for a game you can replay")
    parser.add_argument("--private-objectives", action="store_true", help="play with private objectives")
    parser.add_argument("--boards", choices=("standard", "random"), default="standard",
                        help="what players who choose nothing get: the identical sides, or asymmetric ones at random")
    parser.add_argument("--planets", default="", help="the people's planets in seat order, comma-separated "
                        "(e.g. cerberus,ksb-4156; 'random' or nothing: the --boards default)")
    parser.add_argument("--corporations", default="", help="the people's corporations in seat order, comma-separated")
    parser.add_argument("--out", default="out/offline", help="folder for the images and the database")
    parser.add_argument("--resume", type=int, default=None, help="carry on with a saved game")
    parser.add_argument("--autopilot", choices=("easy", "normal", "hard", "greedy", "random"), default="normal",
                        help="level of the 'auto' command and of computer players added by number (default normal)")
    parser.add_argument("--hard-seconds", type=float, default=None, metavar="S",
                        help=f"CPU seconds a hard computer player may think per turn (0 to {MAX_BUDGET_S:g}, default "
                        f"{BUDGET_S:g}): more plays a little stronger and answers more slowly")
    parser.add_argument("--learn", action="store_true",
                        help="a guided first game: solo, with lessons and the hint at every decision")
    parser.add_argument("--daily", action="store_true",
                        help="today's daily challenge: the same solo game for everyone today, one try a day")
    parser.add_argument("--lang", choices=tuple(i18n.LANGUAGES), default=None,
                        help="the language of the game's text and images (default: en; a resumed game keeps its own)")
    parser.add_argument("--game", choices=tuple(kinds.shorts()), default="pu",
                        help="the game: pu (Planet Unknown, the default) or storm (Solar Storm)")
    parser.add_argument("--difficulty", default=None,
                        help="Solar Storm: easy (default), medium, hard, veteran or realistic")
    parser.add_argument("--no-peek", action="store_true", help="Solar Storm: the optional no-peek rule")
    args = parser.parse_args(argv)
    i18n.set_language(args.lang or i18n.DEFAULT)
    if args.hard_seconds is not None and not 0 <= args.hard_seconds <= MAX_BUDGET_S:
        say(_("--hard-seconds takes a number of seconds from 0 to {most}.").format(most=i18n.number(MAX_BUDGET_S, 2, trim=True)))
        return 2
    bots = _bots(args.bots)
    if bots is None:
        say(_("--bots takes a number or counts by level such as 2:hard,1:easy (levels: {levels}).").format(
            levels=", ".join(BOT_LEVELS)))
        return 2
    total = args.players + len(bots)
    if args.players < 1 or total > 6:
        say(_("Play with 1 to 6 seats in all (--players people plus --bots computer players)."))
        return 2
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    db = await open_database(out / "games.sqlite3")
    try:
        service = GameService(GameRepository(db), autopilot_level=args.autopilot, hard_turn_s=args.hard_seconds,
                              clock=clock)
        console = Console(service, out, ask, say, color=say is print and sys.stdout.isatty())
        plays = kinds.by_short(args.game)
        try:
            options = {**plays.console_options(args, total), "language": args.lang or i18n.DEFAULT}
        except ServiceError as error:
            say(str(error))
            return 2
        if args.resume is not None:
            game = await service.load(args.resume)
            if args.lang is None:  # the game's own language, unless another one is asked for
                i18n.set_language(game.language)
        elif args.daily:
            if total != 1 or args.learn or args.seed is not None or args.difficulty or args.no_peek \
                    or args.private_objectives or args.planets or args.corporations or args.boards != "standard":
                say(_("--daily is the day's solo game, the same for everyone: it takes no other game option "
                      "(--players, --bots, --seed, --difficulty, --learn...)."))
                return 2
            try:
                game = await service.daily(user_id=1, name=_("Player {n}").format(n=1), guild_id=None,
                                           channel_id=None, language=args.lang or i18n.DEFAULT, game=plays.name,
                                           front="console")
            except ServiceError as error:  # today's is over: what it came to and when the next one starts
                console.say(str(error))
                return 1
            if args.lang is None:  # a daily started earlier today carries on in its own language
                i18n.set_language(game.language)
            say(_("Game #{game}: today's daily challenge ({day}), the same game for everyone, one try a day. "
                  "Images go to {folder}/.").format(game=game.id, day=game.row.daily_key, folder=out)
                + " " + plays.console_help()[0])
        elif args.learn:
            if total != 1:
                say(_("--learn is a solo game: leave out --players and --bots."))
                return 2
            game = await service.learn(user_id=1, name=_("Player {n}").format(n=1), guild_id=None, channel_id=None,
                                       language=args.lang or i18n.DEFAULT, seed=args.seed, front="console")
            say(_("Game #{game} started: your first game, with lessons. Images go to {folder}/.").format(
                game=game.id, folder=out) + " " + plays.console_help()[0])
        else:
            try:
                game = await service.create(creator_id=1, creator_name=_("Player {n}").format(n=1), guild_id=None,
                                            channel_id=None, options=options, kind="solo" if total == 1 else "normal",
                                            game=plays.name)
            except ServiceError as error:
                say(str(error))
                return 2
            for n in range(2, args.players + 1):
                await service.join(game.id, n, _("Player {n}").format(n=n))
            for user, (planet, corp) in enumerate(zip(_listed(args.planets, args.players),
                                                       _listed(args.corporations, args.players)), start=1):
                if planet or corp:
                    try:
                        await service.choose_boards(game.id, user, planet=planet, corporation=corp)
                    except ServiceError as error:
                        say(_("Player {n}: {error}").format(n=user, error=error))
                        return 2
            for level in bots:
                await service.add_bot(game.id, 1, False, level)
            game = await service.start(game.id, 1, False)
            say(plays.phrase("console_started", game=game.id, folder=out) + " " + plays.console_help()[0])
        STOPPED[:] = [_("Stopped; game #{game} is saved: carry on later with --resume {game}.").format(game=game.id)]
        try:
            game = await console.play(game.id)
        except KeyboardInterrupt:  # Ctrl-C: every move is saved as it is played
            say("\n" + STOPPED[0])
            STOPPED.clear()
            return 130
        STOPPED.clear()
        if game.status == "finished":
            try:
                await console.view_command(game, game.seats[0].user_id or 1, ["export"])
            except ServiceError as error:  # a daily challenge: exported tomorrow, once everyone has played it
                console.say(str(error))
            say(game.kind.phrase("console_over", folder=out))
        return 0
    finally:
        await db.close()


def _bots(text: str) -> list[str | None] | None:
    """'3' -> three computer players at the --autopilot level (None); '2:hard,1:easy' ->
    [hard, hard, easy]; None if the text is neither."""
    out: list[str | None] = []
    for part in text.replace(" ", "").split(","):
        count, colon, level = part.partition(":")
        if not count.isdigit() or (colon and level.lower() not in BOT_LEVELS):
            return None
        out += [level.lower() if colon else None] * int(count)
    return out


def _listed(text: str, n: int) -> list[str | None]:
    """'a,,b' -> ['a', None, 'b', None ...] padded to n."""
    items = [x.strip().lower() or None for x in text.split(",")] if text.strip() else []
    return (items + [None] * n)[:n]


STOPPED: list[str] = []  # what Ctrl-C says, in the game's language, once the game is known


def _interrupt(_signum, _frame) -> None:
    raise KeyboardInterrupt


def main(argv: list[str]) -> int:
    """bot.py --offline. Ctrl-C stops at once, even while the console waits for a line: the
    interrupt is raised where the program is (asyncio.run's own handler would only cancel the
    task, which waits for the line to be typed)."""
    signal.signal(signal.SIGINT, _interrupt)  # not the default handler: asyncio.run keeps it
    try:
        return asyncio.run(run(argv))
    except KeyboardInterrupt:  # outside the game loop (starting, or between two awaits)
        print("\n" + (STOPPED[0] if STOPPED else _("Stopped.")), flush=True)
        return 130
