"""One registry of games: every game the service plays plugs in as one *game kind* object
(models: OpenSpiel's one Game/State interface that every game implements, boardgame.io's game
objects run by one server). The shared layers (the service's lobby, seats, outbox, reminders,
turn timers, away, pause, stall policy, history, export, profiles, the console, the worker pool)
call only the names of ``GameKind`` below, found by the game's name stored with each game
(``games.game``, migration 0007); they never ask which game they serve.

A third game adds: its rules package (``engine/<game>/``), its images (``render/<game>.py``),
its computer players (``autopilot/<game>/``), its kind module here (``service/kinds/<game>.py``,
one class implementing ``GameKind``), its commands (``cogs/<game>.py``), and one line in
``KINDS`` below.

This module sits under the rest of the service (it imports none of it): the service's ``Game``
(service/_model.py) finds its kind here, so what a kind is handed is declared here as protocols of
what it may rely on (``LoadedGame``, ``Service``); the service passes its own Game and itself, and a
kind module, which sits above them, may take their full types.

Seats: a kind counts *player positions* (0-based, the game's seats in seat order, one per
person or computer player); its rules may count differently (Solar Storm's solo: one person
runs three crew members) and the kind maps between them. Every method below that takes a
``pos`` takes a player position.
"""
from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from concurrent.futures import Executor

    from db.repository import GameRepository, GameRow, OutcomeRow, ResultRow, SeatRow

    from ..controls import HintAnswer, Panel

# game name (stored with each game) -> "module:attribute" of its kind object, imported on first use
KINDS: dict[str, str] = {
    "planet_unknown": "service.kinds.planet_unknown:KIND",
    "solar_storm": "service.kinds.solar_storm:KIND",
}
DEFAULT = "planet_unknown"
_loaded: dict[str, GameKind] = {}

# The sentences the shared layers (reminders, turn timers, away, stall policy, status, lobby,
# history) say about a game, each in the game's own words (``GameKind.phrase``): its key -> the
# fields the caller gives. ``moment``: the round or turn the sentence names (``round_of``); ``n``
# (the count of a plural) is phrase's own argument.
PHRASES: dict[str, tuple[str, ...]] = {
    "timer_played": ("player", "moment"),        # a turn timer ran out: the computer played n moves
    "last_one": ("player", "moment", "game"),    # the last one a simultaneous round waits for
    "waiting": ("player", "moment", "game"),     # a reminder: the game waits for you
    "away_played": ("name", "when"),             # n moves played for an away player
    "away_on": ("id",),                          # the creator allowed away mode
    "away_off": ("id",),                         # ... or turned it off
    "stall_notice": ("id", "days", "who", "creator", "when"),  # no move for days: who it waits for
    "stall_taken": ("id", "names"),              # the stalled seats handed to the computer
    "stall_taken_end": ("id", "names"),          # ... and nobody is left: it plays to the end
    "status_taken": (),                          # status: a person's seat the computer plays
    "status_handover": ("when",),                # status: when the computer takes the stalled game on
    "bot_name": ("level",),                      # the name of computer player n (level: None or a level)
    "ended": ("game", "player", "moment"),       # a game ended by its creator
    "history_none": ("id", "front"),             # history: nothing is over yet
    "history_not_finished": ("moment", "id", "first", "last"),  # history: not a finished round/turn
    "history_head": ("moment", "id", "first", "last"),          # history: its first line
    "leave_started": (),                         # Leave pressed once the game has started
    "while_away": ("name",),                     # /me games: a player to act whose seat is played while away
    "replace_not_member": ("name",),             # host replace named someone who is not a server member
    "games_line": ("status",),                   # /me games: the game's line, from its status's first line
    "no_game_here": (),                          # the game's command used where no game is
    "taken_name": ("name",),                     # the seat's name once the computer plays a person's seat
    "missing_permissions": ("permissions",),     # the creator's private warning: the posts wait for these
    "paused": ("id", "user"),                    # the thread's post: the game was paused by user (a mention)
    "resumed": ("id", "user"),                   # ... and resumed
    # away mode, said to the person (service/settings.py): where their games are all of this game,
    "away_status": ("t",),                       # /me settings: away until t (unix seconds), what plays
    # where they have games of several kinds, one clause per game, naming it,
    "away_who": (),                              # /me settings: what plays their seats in this game
    "away_in": ("games",),                       # /me away: what plays in these games ("#3, #5")
    "away_in_named": ("games",),                 # ... naming the game (they have games of another too)
    # the settings panel's new-round ping line (service/settings.py): where the person's games are
    # all of this game, then, where they have games of several kinds, one clause per game, naming it
    "round_ping_on": (),                         # /me settings: the new-round ping is on
    "round_ping_off": (),                        # ... or off
    "round_ping_on_named": (),                   # ... naming the game
    "round_ping_off_named": (),
    "console_started": ("game", "folder"),       # the console's first line: the game began, where its images go
    "console_over": ("folder",),                 # the console, once the game is over: where its final image is
    "console_auto": ("action",),                 # the console's auto: the move the computer made for the player
    "export_not_over": ("id",),                  # export asked while the game goes on: why it must wait
}
# A shared sentence that names one of the game's commands takes it from ``GameKind.command``
# ("{command} host resume": "/pu host resume", "/storm host resume"); never a literal "/pu".


class UnknownGameKind(LookupError):
    """A game row names a game this code does not know (a newer bot wrote it)."""


def get(name: str | None) -> GameKind:
    """The kind object of a game name (None: Planet Unknown, the games stored before kinds).
    Raises UnknownGameKind."""
    name = name or DEFAULT
    kind = _loaded.get(name)
    if kind is None:
        where = KINDS.get(name)
        if where is None:
            raise UnknownGameKind(name)
        module, _sep, attribute = where.partition(":")
        kind = _loaded[name] = getattr(importlib.import_module(module), attribute)
    return kind


def names() -> list[str]:
    return list(KINDS)


def by_short(short: str) -> GameKind:
    """The kind a short name (the console's --game) stands for. Raises UnknownGameKind."""
    for name in KINDS:
        if get(name).short == short:
            return get(name)
    raise UnknownGameKind(short)


def by_command(command: str) -> GameKind:
    """The kind whose top-level command (``GameKind.command``, "/storm") this is. Raises UnknownGameKind."""
    for name in KINDS:
        if get(name).command == command:
            return get(name)
    raise UnknownGameKind(command)


def shorts() -> list[str]:
    return [get(name).short for name in KINDS]


class LoadedGame(Protocol):
    """What a kind may rely on of a loaded game (the service's Game, service/_model.py)."""

    @property
    def row(self) -> GameRow: ...
    @property
    def seats(self) -> list[SeatRow]: ...
    @property
    def state(self) -> Any: ...  # the kind's own rules state, None in the lobby
    @property
    def options(self) -> dict: ...
    @property
    def away(self) -> dict[int, float]: ...  # seat -> away until
    @property
    def id(self) -> int: ...
    @property
    def status(self) -> str: ...
    @property
    def names(self) -> list[str]: ...
    @property
    def language(self) -> str: ...
    @property
    def front(self) -> str: ...
    def seat_of(self, user_id: int) -> int | None: ...
    def level_of(self, seat: int, default: str) -> str: ...
    def user_of(self, seat: int) -> int | None: ...
    def mention(self, seat: int) -> str: ...


class Service(Protocol):
    """What a kind may rely on of the game service calling it (GameService, service/games.py):
    its storage, its worker pool (service.workers.run) and the hard computer player's time.
    (Planet Unknown's kind also hands its panels, hints and round logs back to the service's
    mixins that still hold them: service/_hint.py, service/_history.py.)"""

    @property
    def repo(self) -> GameRepository: ...
    @property
    def executor(self) -> Executor: ...
    @property
    def hard_turn_s(self) -> float | None: ...


class GameKind(Protocol):
    """What the shared layers need of a game. ``state`` is the game's own rules state (opaque
    here); ``game`` a loaded service Game; ``host`` the GameService calling."""

    name: str              # as stored in games.game: "planet_unknown", "solar_storm"
    short: str             # its name on the console's command line (--game), e.g. "pu"
    title: str             # the game's name as shown (not translated: a title)
    command: str           # its top-level command, e.g. "/pu"
    default_options: Mapping[str, Any]  # every option with its default (the lobby's and the shared ones)
    bots_job: Any          # module-level function (picklable: it runs in the worker pool), see Play._run_bots
    choose_job: Any        # module-level (state JSON, pos, level, budget_s, **bots_inputs) -> the computer's
                           # next action's text for ``pos``, or None when it has nothing to decide; runs in
                           # the worker pool (Play.computer_move: the console's ``auto``)
    rated: bool            # whether a finished game moves ratings (a cooperative game does not)
    round_ping: bool       # whether the person's new-round ping setting (service/settings.py) is its: its
                           # posts mark a new round's opening (ping="round"), which the setting silences
    history_image: str | None  # render kind of the history's image (None: text only)
    history_job: Any       # module-level (record, round or turn, names, language) -> {"rounds", "log", "view"}
    replay_module: str     # the module whose ``python -m`` replays the game's replay file (``record``)

    # ---------------------------------------------------------------- options and setup
    def check_options(self, options: dict) -> dict:
        """Validated options with defaults filled in. Raises ConfigError naming the option and
        what it accepts."""
    def new_state(self, game: LoadedGame, seed: int) -> Any:
        """A new game for ``game``'s seats and options (raises ConfigError if they do not fit)."""

    # ---------------------------------------------------------------- the rules
    def dump(self, state: Any) -> str: ...
    def load(self, text: str) -> Any: ...
    def to_act(self, state: Any) -> list[int]:
        """Player positions that must decide now (none once over)."""
    def legal_actions(self, state: Any, pos: int) -> list: ...
    def parse(self, text: str) -> Any:
        """An action from its text. Raises the engine's MalformedAction (a message for the player)."""
    def apply(self, game: LoadedGame, state: Any, pos: int, action: Any) -> None:
        """Raises EngineError subclasses (messages for the player, naming ``game``'s people where
        the rules name seats) and leaves the state unchanged."""
    def check_typed(self, game: LoadedGame, state: Any, pos: int, action: Any) -> None:
        """Before a typed move (no panel preview) is applied: raise NeedsConfirmation when the game
        wants it confirmed (Planet Unknown: a placement that destroys a lifepod or a rover)."""
    def action_words(self, game: LoadedGame, state: Any, pos: int, action: Any) -> str:
        """One of ``pos``'s legal actions now (before it is played) as a player reads it, in the
        language in use: how the console says what the computer played, in the panel's words."""
    def settle_forced(self, state: Any, pos: int) -> list[tuple[Any, str]]:
        """After ``pos``'s moves: apply what leaves ``pos`` no choice, and return each action played
        with its one-line announcement for the panel (none for a game without such moves)."""
    def is_over(self, state: Any) -> bool: ...
    def phrase(self, key: str, n: int = 1, **fields: Any) -> str:
        """One of the shared layers' sentences (``PHRASES``: its key and fields) in this game's
        words (its rounds or turns, what plays for an absent player), in the language in use;
        ``n`` picks the plural. Raises KeyError for a key not in PHRASES."""
    def round_of(self, state: Any) -> int:
        """The round (or turn) the game is in, as its posts name it."""
    def last_finished(self, state: Any) -> int:
        """The last round (or turn) that is over: what the history shows by default."""
    def simultaneous(self, state: Any) -> bool:
        """Whether several people decide at once now (the "you are the last one" reminder)."""
    def view(self, state: Any, pos: int | None) -> dict: ...
    def marker(self, state: Any) -> tuple:
        """A digest of where the game stands, compared before and after moves (transitions)."""
    def stamp(self, state: Any, pos: int) -> str:
        """A digest of ``pos``'s decision point: a panel control whose stamp differs is out of date."""
    def last_round_open(self, state: Any) -> bool:
        """Whether the game's result is settled enough that its rating rule may no longer change."""
    def next_round(self, state: Any, pos: int) -> int:
        """The first round (or turn) ``pos`` has not played yet (autopilot takeovers count from it)."""

    # ---------------------------------------------------------------- what people see
    def status_text(self, game: LoadedGame) -> str: ...
    def start_text(self, game: LoadedGame, state: Any) -> str:
        """The post that opens the game in its channel."""
    def transitions(self, game: LoadedGame, state: Any, before: tuple, posts: list) -> None:
        """Append the channel's posts owed since ``before`` (a ``marker``): turn logs, prompts,
        the final summary. Pure (runs in a worker too)."""
    async def bots_inputs(self, host: Service, game: LoadedGame, unsaved: list) -> dict:
        """What ``bots_job`` needs beyond the state, as its keyword arguments (small and picklable:
        they go to the worker pool), read from the game's storage: ``unsaved`` are the (position,
        action text) pairs applied since the game was last saved (Solar Storm: the action log its
        crew-mates rebuild what the crew has seen from; Planet Unknown: nothing). ``choose_job``
        takes the same."""
    async def add_logs(self, host: Service, game: LoadedGame, state: Any, played: list, posts: list) -> list:
        """The posts of a save, completed with what needs the action log (round logs)."""
    async def panel(self, host: Service, game: LoadedGame, pos: int, ui: dict | None = None) -> Panel: ...
    async def control(self, host: Service, game: LoadedGame, pos: int, verb: str) -> Panel | None:
        """A panel control that plays nothing (kind-specific verbs): the panel it shows; None: the
        verb plays an action (``a:``) and the caller applies it. Raises MalformedAction for a verb
        this game never makes."""

    # ---------------------------------------------------------------- results and records
    def result_rows(self, game: LoadedGame, state: Any) -> list[ResultRow]:
        """The scores table's rows of a finished game (empty for a game without scores)."""
    def ended_rows(self, game: LoadedGame, state: Any, ended_by: int) -> list[ResultRow]:
        """The scores table's rows of a game ended before its end (a forfeit), or none."""
    def outcome_rows(self, game: LoadedGame, state: Any) -> list[OutcomeRow]:
        """The outcomes table's rows of a finished game (its own JSON summary per seat)."""
    def outcome_profile(self, rows: list[OutcomeRow]) -> dict:
        """A person's record in this game from their outcome rows (games, wins ...)."""
    def profile_text(self, profile: dict) -> str | None:
        """This game's part of a person's profile (``outcome_profile``'s numbers, with "daily":
        their daily streaks) in the language in use; None when it has none to add."""
    def profile_tiles(self, profile: dict) -> tuple[str, list[tuple[str, str]]] | None:
        """This game's section of the profile image (render/profile.py ``sections``): a title and
        up to five tiles (label, value) in the language in use; None when it has none to add."""
    def outcome_records(self, rows: list[OutcomeRow]) -> dict:
        """A server's records in this game from its outcome rows (oldest first): record name ->
        {"value", "who", "game"} (empty for a game whose records are kept otherwise)."""

    # ---------------------------------------------------------------- the daily challenge
    def daily_options(self, key: str) -> dict:
        """The lobby options of day ``key``'s daily challenge: the same game for everyone that day
        (its seed), solo, at the game's daily difficulty (service/_lobby.py ``daily``)."""
    def daily_done(self, key: str, row: GameRow) -> str:
        """The answer to a second try at day ``key``'s daily challenge (``row``: the player's game
        of that day, over): what it came to, when the next one starts, where the leaderboard is."""
    def daily_started(self) -> str:
        """The answer when the player's daily game of today was created meanwhile (two requests)."""
    def daily_entry(self, row: OutcomeRow) -> dict | None:
        """A daily challenge's outcome as leaderboards, streaks and records read it (service/
        _outcomes.py): {"won": bool, "rank": a tuple, smaller ranks first, ...the game's own
        figures}; None when it is not the player's own result (a computer played for them), or
        for a game whose daily results are kept otherwise."""
    def record(self, state: Any, actions: list[tuple[int, str]]) -> dict:
        """The game's replay file (JSON) from its setup and its action log ((position, text) pairs)."""
    async def hint(self, host: Service, game: LoadedGame, pos: int) -> HintAnswer:
        """``/<game> hint`` for the player at ``pos`` of an active or finished game: what the hard
        computer player would do now, and why, in the reader's language (worked out in the worker
        pool; nothing posted or saved). Raises NotAllowed or WrongStage with the reason."""
    def console_options(self, args: Any, total: int) -> dict:
        """The lobby options of a console game from the console's arguments (service/console.py)
        and its seat count. Raises ConfigError for an argument this game does not take."""
    def console_view(self, game: LoadedGame, user_id: int, words: list[str]) -> str | None:
        """The game's own answer to a console command (``board``, ``history`` ...), or None to
        leave it to the console's generic commands."""
    def standings(self, state: Any, pos: int | None) -> dict:
        """Where the game stands as ``pos`` may see it (scores, or the game's own summary)."""
    async def console_leaderboard(self, host: Any, user_id: int, words: list[str]) -> list[str] | None:
        """The console's ``leaderboard [words]`` in this game's own terms, as lines (the language in
        use), or None for the console's shared boards (service.players). ``host``: the GameService
        (its ``daily_board``). Raises ConfigError for a word it cannot read, saying what it takes."""
    def console_help(self) -> tuple[str, list[tuple[str, str]]]:
        """The console's ``help`` in this game's words, in the language in use: how to type a move
        (with the game's own examples) and the game's own commands as (command, what it does),
        listed before the console's shared ones (a shared command of the same name is replaced)."""
