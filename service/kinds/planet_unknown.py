"""Planet Unknown as a game kind (service/kinds): the one object through which the shared
service reaches Planet Unknown's rules (engine/), its panels (service/panels.py), its channel
posts (service/_announce.py), its round logs and replay files (service/roundlog.py,
service/_history.py), its boards (service/boards.py), its results (service/players.py) and its
computer players (service/autoplay.py, autopilot/). It only delegates: Planet Unknown plays
exactly as it did before game kinds.

Planet Unknown's own requests that have no counterpart in other games (choosing planets and
corporations in the lobby, the daily challenge, hints and the guided game, the /pu place
autocomplete) stay GameService methods and take the rules from here too (``SUPPORTED_PLANETS``,
``squares_for`` ...)."""
from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from engine import data as D
from engine import rules
from engine.actions import Move, Pick, Place, Resolve, parse
from engine.errors import EngineError, MalformedAction
from engine.setup import SUPPORTED_CORPORATIONS, SUPPORTED_PLANETS, make_config, new_game
from engine.state import GameState, dump, load
from engine.view import score_for, view_for
from i18n import N_, _, ngettext

from .. import autoplay, boards, panels, players, roundlog
from .._announce import Announcements
from .._model import DEFAULT_OPTIONS, Game, check_options, daily_seed, front_of, next_daily
from ..errors import NeedsConfirmation

if TYPE_CHECKING:
    from db.repository import GameRow, OutcomeRow, ResultRow

    from .._host import Host
    from ..controls import HintAnswer, Panel

__all__ = ["KIND", "bots_job", "choose_job", "next_turn_round", "PlanetUnknown", "SUPPORTED_CORPORATIONS", "SUPPORTED_PLANETS", "squares_for", "score_for", "settle_forced", "must_confirm"]


def squares_for(state: GameState, seat: int, tile: str | None, orient: int | None) -> list[str]:
    """The squares (e.g. "C5") where the seat's tile fits, in board order, in ``orient`` if given;
    ``tile`` ("small" or "large") is the depot tile it would pick first. ``state`` may change."""
    s = state.seats[seat]
    if s.hand is None and s.step == "pick" and tile in ("small", "large"):
        rules.apply(state, seat, Pick(tile))
    places = [a for a in rules.legal_actions(state, seat) if isinstance(a, Place)
              and (orient is None or a.orient == orient)]
    return sorted({D.cell_name(a.anchor) for a in places}, key=lambda c: (c[0], int(c[1:])))


def settle_forced(state: GameState, seat: int) -> list[tuple[Resolve, str]]:
    """Settle, for ``seat``, the pending items that leave it no choice, and return each
    settlement with its one-line announcement. An item is forced when it has a single value
    and nothing else is open to the player but items like it (no tile to take or place, no
    rover step, no optional tech use), and settling these in any order comes to the same
    (RULINGS R2: a player settles their items in any order; where the order matters, it is
    theirs to choose)."""
    out: list[tuple[Resolve, str]] = []
    for _round in range(50):  # each settlement may open another item; a bound against a loop
        if state.phase == "over" or seat not in rules.to_act(state):
            break
        s = state.seats[seat]
        legal = rules.legal_actions(state, seat)
        if s.hand is not None or s.pool or any(isinstance(a, (Pick, Place, Move)) for a in legal):
            break
        values: dict[int, list[Resolve]] = {}
        for a in legal:
            if isinstance(a, Resolve):
                values.setdefault(a.item, []).append(a)
        items = {i["id"]: i for i in s.pending}
        if not values or any(len(v) != 1 for v in values.values()) \
                or any(items.get(n, {}).get("optional") for n in values):
            break
        order = sorted(values)
        if len(order) > 1 and not _any_order(state, seat, [values[n][0] for n in order]):
            break
        action = values[order[0]][0]
        line = "✔ " + _("{item}: settled for you ({value}), the only choice.").format(
            item=panels.item_line(items[action.item]), value=panels.value_label(items[action.item], action.value))
        rules.apply(state, seat, action)
        out.append((action, line))
    return out


def _any_order(state: GameState, seat: int, actions: list[Resolve]) -> bool:
    """Whether settling ``actions`` in their order and in the reverse order leaves the seat the same."""
    def after(seq) -> tuple:
        trial = copy.deepcopy(state)
        try:
            for a in seq:
                rules.apply(trial, seat, a)
        except EngineError:
            return ("refused", id(seq))
        s = trial.seats[seat]
        return (s.board.to_json(), s.corp.to_json(), s.pool, sorted(rules.describe_item(i) for i in s.pending))
    return after(actions) == after(list(reversed(actions)))


def must_confirm(game: Game, state: GameState, seat: int, place: Place) -> None:
    """Raise NeedsConfirmation when a legal ``place`` destroys something (panels.regrets)."""
    s = state.seats[seat]
    if s.hand is None or place not in rules.legal_actions(state, seat):
        return  # the engine's own refusal says what is wrong
    warnings = panels.regrets(state, seat, place)
    if not warnings:
        return
    square, orient = D.cell_name(place.anchor), place.orient
    what = _("Placing your tile at {square}, orientation {orient} {costs}.").format(
        square=square, orient=orient, costs=_(" and ").join(warnings))
    how = (_("To place it there anyway, send the command again with confirm: /pu place with the option "
             "confirm: True, or `/pu act action:place {square} {orient} confirm`.") if game.front == "discord"
           else _("To place it there anyway, type `place {square} {orient} confirm`.")).format(
        square=square, orient=orient)
    raise NeedsConfirmation(what + " " + how, warnings, str(place))


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise MalformedAction(_("That control is not one this bot made."), text[:20]) from None


def _cursor(state: GameState, seat: int, rest: str) -> tuple[int, int]:
    parts = rest.split(":")
    if parts[0] == "next" and len(parts) == 3:
        return panels.next_placement(state, seat, _int(parts[1]), _int(parts[2]))
    if len(parts) != 2:
        raise MalformedAction(_("That control is not one this bot made."), rest)
    anchor, orient = _int(parts[0]), _int(parts[1])
    if not 0 <= anchor < D.SIZE * D.SIZE or not 0 <= orient < 8:
        raise MalformedAction(_("That position is off the board."), rest)
    return anchor, orient


def play_bots(game: Game, state: GameState, posts: list, level: str,
               budget_s: float | None = None, away_rounds: dict[int, set[int]] | None = None
               ) -> list[tuple[int, str]]:
    """The bot loop itself (pure: runs in a worker): the autopilot's one loop over the
    computer seats, with the channel's posts after each move. In a game with no human seat
    left, it stops at the end of the round (the caller saves, then goes on). The rounds in
    which it played for an away player go to ``away_rounds`` (seat -> rounds)."""
    bots = {i for i, s in enumerate(game.seats) if s.is_bot} | set(game.away)  # away players too
    before = [Announcements._marker(state)]

    def posted(seat: int, _action) -> None:
        if away_rounds is not None and seat in game.away and not game.seats[seat].is_bot:
            away_rounds.setdefault(seat, set()).add(max(1, before[0][0]))  # the round the move was in
        Announcements._transitions(game, state, before[0], posts)
        before[0] = Announcements._marker(state)

    levels = {i: game.level_of(i, level) for i in bots}  # each computer seat at its own level
    played = autoplay.play(state, bots, levels, one_round=len(bots) == len(game.seats), on_action=posted,
                           budget_s=budget_s)
    return [(seat, str(action)) for seat, action in played]


def next_turn_round(state: GameState, seat: int) -> int:
    """The first round whose turn ``seat`` has not played yet: the round in progress if its
    turn is still to come or under way, else the next one (service.ratings counts the rounds
    the autopilot played for a person's seat with it)."""
    if state.phase == "objectives" or state.round == 0:
        return max(1, state.round)
    if state.phase == "rotate" or (state.phase == "turns" and state.seats[seat].step != "done"):
        return state.round
    return state.round + 1


def bots_job(game: Game, state_json: str, level: str, timed: int | None = None,
             budget_s: float | None = None) -> dict:
    """The computer players' work on a game, as a worker runs it (pure data in and out): the
    ``timed`` seat's decisions first if given (its turn timer ran out), then the computer
    seats' (play_bots). Returns the new state as JSON, the (seat, action)
    pairs played, the posts owed, and the timed seat's move count and round. ``budget_s``: a
    hard seat's CPU seconds per whole turn (None: the autopilot's default)."""
    state = load(state_json)
    game.state = state
    posts: list = []
    played: list[tuple[int, str]] = []
    timed_round = state.round  # the round whose time ran out
    if timed is not None:
        # only that round's decisions: the next round's post gives the seat a new deadline
        before = Announcements._marker(state)
        played = [(timed, str(action)) for action in autoplay.play_for(state, timed, game.level_of(timed, level),
                                                                        budget_s, one_round=True)]
        Announcements._transitions(game, state, before, posts)
    timed_moves = len(played)
    away: dict[int, set[int]] = {}
    played += play_bots(game, state, posts, level, budget_s, away)
    return {"state": dump(state), "played": played, "posts": posts, "timed": timed_moves, "round": timed_round,
            "away_rounds": {seat: sorted(rounds) for seat, rounds in away.items()}}


def choose_job(state_json: str, pos: int, level: str, budget_s: float | None = None) -> str | None:
    """The computer player's next action for ``pos`` at ``level`` as text, as a worker works it
    out (pure data in and out; the console's ``auto``): the state alone is what it knows, as
    ``bots_job``'s players. None when the seat has nothing to decide."""
    action = autoplay.choose(load(state_json), pos, level, budget_s)
    return None if action is None else str(action)


def phrase(key: str, n: int = 1, **f) -> str:
    """The shared layers' sentences in Planet Unknown's words (rounds; the autopilot plays for
    absent players): service.kinds.PHRASES lists the keys and their fields."""
    if key == "timer_played":
        return ngettext("⏱ Time ran out for {player} in round {round}: the autopilot played {n} move "
                        "for them.", "⏱ Time ran out for {player} in round {round}: the autopilot "
                        "played {n} moves for them.", n).format(player=f["player"], round=f["moment"], n=n)
    if key == "last_one":
        return _("{player}, you are the last one to play round {round} of game #{game}.").format(
            player=f["player"], round=f["moment"], game=f["game"])
    if key == "waiting":
        return _("{player}, game #{game} is waiting for you (round {round}).").format(
            player=f["player"], round=f["moment"], game=f["game"])
    if key == "away_played":
        return ngettext("🌴 {n} move played by the autopilot for {name}, who is away until {when}.",
                        "🌴 {n} moves played by the autopilot for {name}, who is away until {when}.",
                        n).format(n=n, name=f["name"], when=f["when"])
    if key == "away_on":
        return _("🌴 In game #{id}, the autopilot plays for players who are away (/me away).").format(id=f["id"])
    if key == "away_off":
        return _("🌴 In game #{id}, away mode is off: nobody's seat is played for them while they are away."
                 ).format(**f)
    if key == "stall_notice":
        return _("⏳ Game #{id} has had no move for {days}. It waits for: {who}. <@{creator}>, "
                 "if nobody plays, the autopilot takes over the waiting seats {when}.").format(**f)
    if key == "stall_taken":
        return _("🤖 Game #{id} stalled: the autopilot now plays for {names}.").format(**f)
    if key == "stall_taken_end":
        return _("🤖 Game #{id} stalled: the autopilot now plays for {names} and takes the game on to its "
                 "end.").format(**f)
    if key == "status_taken":
        return _("🤖 autopilot")
    if key == "status_handover":
        return _("If nobody plays, the autopilot finishes the game {when}.").format(**f)
    if key == "bot_name":
        return _("Autopilot {n}").format(n=n) if f.get("level") in (None, "normal") else \
            _("Autopilot {n} ({level})").format(n=n, level=_(f["level"]))
    if key == "ended":
        return _("Game #{game} was ended by {player} in round {round}.").format(
            game=f["game"], player=f["player"], round=f["moment"])
    if key == "history_none":
        return (_("No round of game #{id} is over yet: /pu history works once round 1 has ended.")
                if f.get("front") == "discord" else
                _("No round of game #{id} is over yet: history works once round 1 has ended.")).format(id=f["id"])
    if key == "history_not_finished":
        return _("Round {n} is not a finished round of game #{id}: choose a round from {first} to {last}.").format(
            n=f["moment"], id=f["id"], first=f["first"], last=f["last"])
    if key == "history_head":
        return _("**Game #{id}, round {n}** (rounds {first}-{last} can be shown):").format(
            n=f["moment"], id=f["id"], first=f["first"], last=f["last"])
    if key == "leave_started":
        return _("The game has started: ask its creator to hand your seat to the autopilot "
                 "(/pu host replace) instead.")
    if key == "while_away":
        return _("{name} (the autopilot, while away)").format(name=f["name"])
    if key == "replace_not_member":
        return _("{name} is not a member of this server, so they cannot take the seat. Name a member, or leave "
                 "the option empty for the autopilot.").format(name=f["name"])
    if key == "taken_name":
        return f"Autopilot ({f['name']})"  # as stored since the first games (service.players reads it)
    if key == "export_not_over":
        return _("The replay file of game #{id} can be exported once the game is over: it holds "
                 "the seed (every tile still to come) and everyone's hidden cards.").format(id=f["id"])
    if key == "console_auto":
        return _("(autopilot) {action}").format(action=f["action"])
    if key == "console_started":
        return _("Game #{game} started; images go to {folder}/.").format(**f)
    if key == "console_over":
        return _("Game over. The score sheet is in {folder}/.").format(folder=f["folder"])
    if key == "no_game_here":
        return _("There is no Planet Unknown game in this channel. Start one with /pu create, or a solo game "
                 "with /pu solo.")
    if key == "games_line":
        return _("**{title}** {status}").format(title=PlanetUnknown.title, status=f["status"])
    if key == "missing_permissions":
        return _("⚠ I am missing permissions in this channel: {permissions}. The game's posts "
                 "(rounds, pings, scores) wait until a server manager grants them.").format(**f)
    if key == "paused":
        return _("⏸ Game #{id} was paused by <@{user}>: no turn timer and no reminders until "
                 "{command} host resume. Moves are still accepted.").format(command=PlanetUnknown.command, **f)
    if key == "resumed":
        return _("▶ Game #{id} was resumed by <@{user}>: timers and reminders start again from now.").format(**f)
    if key == "away_status":
        return _("Away until <t:{t}:f> (<t:{t}:R>): the autopilot plays your seats").format(**f)
    if key == "away_who":
        return _("in Planet Unknown, the autopilot plays your seats")
    if key == "round_ping_on":
        return _("Ping when a new round opens: yes")
    if key == "round_ping_off":
        return _("Ping when a new round opens: no")
    if key == "round_ping_on_named":
        return _("in Planet Unknown, a ping when a new round opens: yes")
    if key == "round_ping_off_named":
        return _("in Planet Unknown, a ping when a new round opens: no")
    if key == "away_in":
        return _("The autopilot plays your seats in: {games}.").format(**f)
    if key == "away_in_named":
        return _("Planet Unknown {games}: the autopilot plays your seats.").format(**f)
    raise KeyError(key)


class PlanetUnknown(Announcements):
    name = "planet_unknown"
    short = "pu"
    title = "Planet Unknown"
    command = "/pu"
    default_options = DEFAULT_OPTIONS
    bots_job = staticmethod(bots_job)
    choose_job = staticmethod(choose_job)
    rated = True
    round_ping = True  # the round's opening post (service/_announce.py) pings unless the person turned it off
    history_job = staticmethod(roundlog.history_job)
    history_image = "summary"
    replay_module = "engine.replay"

    def check_options(self, options: dict) -> dict:
        return check_options(options)

    def new_state(self, game: Game, seed: int) -> GameState:
        opts = game.options
        n = len(game.seats)
        events = opts["events"]
        events = None if events is None else (False if events == "off" else events)
        if n == 1 and events is False:
            events = None  # solo always plays with events (rulebook); the normal deck by default
        config = make_config(n, private_objectives=opts["private_objectives"], events=events,
                             **boards.deal(opts["boards"], seed, [game.user_of(i) for i in range(n)],
                                           opts["choices"]))
        return new_game(config, seed)

    def dump(self, state: GameState) -> str:
        return dump(state)

    def load(self, text: str) -> GameState:
        return load(text)

    def to_act(self, state: GameState) -> list[int]:
        return rules.to_act(state)

    def legal_actions(self, state: GameState, pos: int) -> list:
        return rules.legal_actions(state, pos)

    def parse(self, text: str):
        return parse(text)

    def check_typed(self, game: Game, state: GameState, pos: int, action) -> None:
        if isinstance(action, Place):
            must_confirm(game, state, pos, action)

    def action_words(self, game: Game, state: GameState, pos: int, action) -> str:
        return panels.action_words(state, pos, action)

    def settle_forced(self, state: GameState, pos: int) -> list[tuple[Any, str]]:
        return list(settle_forced(state, pos))

    def apply(self, game: Game, state: GameState, pos: int, action) -> None:
        rules.apply(state, pos, action)

    def is_over(self, state: GameState) -> bool:
        return state.phase == "over"

    def phrase(self, key: str, n: int = 1, **fields) -> str:
        return phrase(key, n, **fields)

    def round_of(self, state: GameState) -> int:
        return state.round

    def last_finished(self, state: GameState) -> int:
        return max(state.round - (0 if state.phase == "over" else 1), 1)

    def simultaneous(self, state: GameState) -> bool:
        return state.phase == "turns" and state.players > 1

    def view(self, state: GameState, pos: int | None) -> dict:
        return view_for(state, pos)

    def marker(self, state: GameState) -> tuple:
        return self._marker(state)

    def stamp(self, state: GameState, pos: int) -> str:
        return panels.stamp_of(state, pos)

    def last_round_open(self, state: GameState | None) -> bool:
        """Whether the game's last round has opened (or the game is over): its end has been
        triggered (the last event card, a tile nobody could place) or a depot ran empty (the game
        ends with this round), or the final choices are under way (service/_league.py: the
        rated-autopilot switch is settled from then on)."""
        return state is not None and (state.phase in ("final", "over") or bool(state.ending)
                                      or bool(rules.empty_depots(state)))

    def next_round(self, state: GameState, pos: int) -> int:
        return next_turn_round(state, pos)

    def status_text(self, game: Game) -> str:
        if game.status == "lobby":
            names = ", ".join(s.display_name for s in game.seats)
            return ngettext("Game #{game} is in its lobby: {n}/{most} player ({names}).",
                            "Game #{game} is in its lobby: {n}/{most} players ({names}).",
                            game.options['max_players']).format(
                game=game.id, n=len(game.seats), most=game.options['max_players'], names=names)
        state = game.state
        if game.status in ("finished", "cancelled") or (state is not None and state.phase == "over"):
            return (_("Game #{game} is over.") if game.status == 'finished' else _("Game #{game} is ended.")).format(
                game=game.id)
        assert state is not None  # a game past its lobby that is still on has a state
        acting = rules.to_act(state)
        stage = {"objectives": _("choosing private objectives"), "rotate": _("the commander turns the station"),
                 "turns": _("everyone plays"), "civ": _("civilisation cards"), "final": _("final choices")}[state.phase]
        lines = [_("Game #{game}, round {round}: {stage}.").format(game=game.id, round=state.round, stage=stage)]
        for i in range(state.players):
            mark = _("⏳ to play") if i in acting else _("✅ done")
            name = game.seats[i].display_name
            who = _("{name} (computer)").format(name=name) if game.seats[i].is_bot else name
            lines.append(_("{mark}: {name}").format(mark=mark, name=who))
        return "\n".join(lines)

    def start_text(self, game: Game, state: GameState) -> str:
        return self._start_text(game, state)

    def transitions(self, game: Game, state: GameState, before: tuple, posts: list) -> None:
        self._transitions(game, state, before, posts)

    async def bots_inputs(self, host: Host, game: Game, unsaved: list) -> dict:
        return {}  # bots_job needs the state alone

    async def add_logs(self, host: Host, game: Game, state: GameState, played: list, posts: list) -> list:
        return await host._add_logs(game, state, played, posts)

    async def panel(self, host: Host, game: Game, pos: int, ui: dict | None = None) -> Panel:
        return await host._panel(game, pos, ui)

    async def hint(self, host: Host, game: Game, pos: int) -> HintAnswer:
        return await host._hint(game, pos)

    async def control(self, host: Host, game: Game, pos: int, verb: str) -> Panel | None:
        assert game.state is not None
        kind, _sep, rest = verb.partition(":")
        if kind == "a":
            return None
        if kind == "c":
            return await host._panel(game, pos, {"cursor": _cursor(game.state, pos, rest)})
        if kind == "r":
            return await host._panel(game, pos, {"rotation": _int(rest)})
        if kind == "p":
            item, _sep, offset = rest.partition(":")
            return await host._panel(game, pos, {"pages": {item: _int(offset)}})
        if verb == "l:off":  # leave the guided game's lessons: an ordinary solo game from now on
            await host._note_option(game.id, "learn", False)
            game.options["learn"] = False
            return await host._panel(game, pos)
        raise MalformedAction(_("That control is not one this bot made."), verb)

    def result_rows(self, game: Game, state: GameState) -> list[ResultRow]:
        return players.result_rows(game, state)

    def ended_rows(self, game: Game, state: GameState, ended_by: int) -> list[ResultRow]:
        return players.ended_rows(game, state, ended_by)

    def outcome_rows(self, game: Game, state: GameState) -> list[OutcomeRow]:
        return []

    def outcome_profile(self, rows: list[OutcomeRow]) -> dict:
        return {"games": len(rows)}  # Planet Unknown's profiles read the results table (service/players.py)

    def outcome_records(self, rows: list[OutcomeRow]) -> dict:
        return {}  # Planet Unknown's records are kept as its games finish (db/players.py)

    def profile_text(self, profile: dict) -> str | None:
        return None  # Planet Unknown's profile is service.players.profile_text, from its results

    def profile_tiles(self, profile: dict) -> tuple[str, list[tuple[str, str]]] | None:
        return None  # its profile image is the card itself (render/profile.py)

    def daily_options(self, key: str) -> dict:
        return {"max_players": 1, "seed": daily_seed(key), "boards": "random", "remind_hours": 0}

    def daily_done(self, key: str, row: GameRow) -> str:
        result = load(row.state).result if row.state else None
        total = next((p["total"] for p in result["players"]), None) if result else None
        if front_of(row) == "console":  # the console's own words: when the next one starts, no slash command
            return (_("You have already played today's challenge ({day}): {total}. One try a day; the next one "
                      "starts <t:{next}:R>.") if total is not None else
                    _("You have already played today's challenge ({day}). One try a day; the next one starts "
                      "<t:{next}:R>.")).format(
                day=key, next=next_daily(key),
                total=ngettext("{n} medal", "{n} medals", total).format(n=total) if total is not None else None)
        return (_("You have already played today's challenge ({day}): {total}. A new one "
                  "starts at 00:00 UTC; see /pu leaderboard.") if total is not None else
                _("You have already played today's challenge ({day}). A new one starts at 00:00 UTC; "
                  "see /pu leaderboard.")).format(
            day=key, total=ngettext("{n} medal", "{n} medals", total).format(n=total) if total is not None else None)

    def daily_started(self) -> str:
        return _("You have already started today's challenge; use /pu play.")

    def daily_entry(self, row: OutcomeRow) -> dict | None:
        return None  # Planet Unknown's daily results are its scores (the results table: service/_lobby.py)

    def record(self, state: GameState, actions: list[tuple[int, str]]) -> dict:
        return roundlog.record_of(state.config, state.seed, actions)

    def console_options(self, args, total: int) -> dict:
        return {"max_players": total, "seed": args.seed, "private_objectives": args.private_objectives,
                "boards": args.boards, "remind_hours": 0, "language": args.lang,
                "front": "console"}  # its instructions name the console's typed words

    def console_view(self, game: Game, user_id: int, words: list[str]) -> str | None:
        return None  # the console's commands are Planet Unknown's (service/console.py)

    def standings(self, state: GameState, pos: int | None) -> dict:
        return score_for(state, pos)

    async def console_leaderboard(self, host: Any, user_id: int, words: list[str]) -> list[str] | None:
        return None  # the console's shared boards (rating, wins, best, solo, daily) are Planet Unknown's

    def console_help(self) -> tuple[str, list[tuple[str, str]]]:
        return _(CONSOLE_HELP), [(name, _(what)) for name, what in CONSOLE_COMMANDS]


# the console's help (service/console.py): how a move is typed, and the commands of this game's own
CONSOLE_HELP = N_("Type the number or the key of a choice (shown in brackets), a move as text (e.g. 'place C5 3', "
                  "'resolve 2 water': 2 is the item's number in the list, 'confirm'), or a command (help lists them).")
CONSOLE_COMMANDS: list[tuple[str, str]] = [
    ("board [N]", N_("your planet as an image, or player N's")),
    ("corp [N]", N_("your corporation sheet, or player N's")),
    ("station", N_("the space station and the tiles in its depots")),
    ("score", N_("the standing so far, category by category")),
]

KIND: Any = PlanetUnknown()
