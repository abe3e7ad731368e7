"""Solar Storm as a game kind (service/kinds): the cooperative game of engine/solar_storm/ served
by the same lobby, seats, outbox, reminders, turn timers, away, pause, stall policy, history,
export and console as Planet Unknown.

The service API for Solar Storm (what its commands call; ``service`` is a GameService):

    game = await service.create(creator_id=..., creator_name=..., guild_id=..., channel_id=...,
                                game="solar_storm", kind="normal" | "solo",
                                options={"max_players": 1-4, "difficulty": "easy" | "medium" | "hard" |
                                         "veteran" | "realistic", "no_peek": bool, "timer_hours": h,
                                         "remind_hours": h, "stall_days": d, "language": "en" | "fr"})
    await service.join / leave / add_bot(game_id, ..., level) / kick / cancel / start(game_id, user, admin)
    game = await service.game_here(channel_id, parent_id, user_id, game="solar_storm")   # /storm's game here
    outcome = await service.panel(game_id, user_id)             # Outcome with .panel (text + controls)
    outcome = await service.control(game_id, user_id, panel.seat, panel.stamp, verb)   # a click
    outcome = await service.act(game_id, user_id, "move bridge")    # a typed action (English or French)
    service.suggest_actions(game, user_id, typed)                    # /storm act's autocomplete
    await service.status_report(game) / history(game_id, user_id, turn) / export_record(game_id, user_id)
    await service.tick()                                             # reminders, turn timers, stalls
    await service.pending_posts(game_id)                             # the thread's posts (outbox)
    await service.outcome_profile(user_id, "solar_storm", scope)    # a person's Solar Storm record (+ daily streaks)
    game = await service.daily(user_id=..., name=..., guild_id=..., channel_id=..., game="solar_storm")
    await service.daily_board("solar_storm", guild_id=..., user_id=..., day="YYYY-MM-DD", scope="server" | "global")
    await service.outcome_records("solar_storm", guild_id)          # a server's Solar Storm records

The daily challenge (``daily_options``): the rulebook's solo at DAILY_DIFFICULTY with the day's seed
(``daily_seed``), nothing posted until it ends (``transitions``: then the result only), no hints, no
reminders, timers or stall notices, nobody plays it for an away player; ranked by ``daily_entry``.

Seats: one *player position* per person or computer crew-mate. In solo (``max_players`` 1) one
person runs the engine's three crew members: position 0 acts for whichever crew member's turn
it is, and the action log keeps positions (``record`` maps them back to crew members, as
``engine.solar_storm.replay`` reads them).

Panel verbs (service/controls.py): ``a:<action>`` plays it; ``k:<action>`` asks to confirm an
action that cannot be undone (a die roll, a draw, a peek, the end of a turn that draws the
damage card) and shows Confirm (``a:<action>``) and Back (``p:<page>``); ``p:<offset>`` pages
the action menu.

Computer crew-mates (``crew_mate``, ``bots_job``: in the worker pool) are autopilot.solar_storm's
at the seat's level: a computer crew-mate's own (``bot_levels``), else the game's
``autopilot_level``, else the server's (normal by default); the hard level gets the server's
HARD_TURN_SECONDS. What the crew has seen of the decks (a ``Memory``: what peeks showed, SS16) is
rebuilt in the job from the game's own action log, replayed from the setup (``crew_memory``;
``bots_inputs`` hands the log to the job), and so is the hint's and the console's ``auto``'s
(``choose_job``: one move for the person typing it).

Images (render/solar_storm, drawn in the worker pool through ``render.render_png``): each turn's
post carries the ship as the turn left it (``SHIP_IMAGE``), the final post the story of the game
(``FINAL_IMAGE``), the active player's panel the ship now; all from ``public_view`` (no deck
order; under no-peek, no deck count either).

A finished game records each seat's outcome (the outcomes table: result, reason, turn,
difficulty, crew size, rooms diverted, resource cards left) for the profiles; Solar Storm is
cooperative, so no rating moves.
"""
from __future__ import annotations

import json
import logging
import zlib
from typing import TYPE_CHECKING, Any

import autopilot.solar_storm as crew
import i18n
from autopilot.solar_storm import Memory
from db.repository import OutcomeRow
from engine.solar_storm import (
    EngineError,
    MalformedAction,
    NotYourTurn,
    apply,
    dump,
    legal_actions,
    load,
    make_config,
    new_game,
    parse,
    public_view,
    to_act,
    view_for,
)
from engine.solar_storm import actions as A
from engine.solar_storm import data as D
from engine.solar_storm.actions import Undo
from engine.solar_storm.rules import round_of
from engine.solar_storm.state import GameState, copy
from i18n import _, ngettext, use

from .._announce import Announcements, in_game_language
from .._model import MAX_POST, Game, check_table_options, front_of, next_daily
from ..controls import SELECT_LIMIT, Control, HintAnswer, Panel
from ..errors import ConfigError, NotAllowed, WrongStage
from ..outcomes import you_line

if TYPE_CHECKING:
    from db.repository import GameRow, ResultRow

    from .._host import Host

log = logging.getLogger("service.games")

NAME = "solar_storm"
SHIP_IMAGE = "storm_ship"    # render.RENDERERS: the ship (view, names)
FINAL_IMAGE = "storm_final"  # render.RENDERERS: the final image (view, names)
DEFAULT_OPTIONS: dict[str, Any] = {
    "max_players": 4,         # crew size 1 (solo: three crew members) to 4
    "difficulty": "easy",     # engine/solar_storm data: easy, medium, hard, veteran, realistic
    "no_peek": False,         # the optional rule: deck counts and discards hidden (SS17)
    "timer_hours": 0.0,       # 0: no turn timer (a computer crew-mate plays the turn)
    "remind_hours": 12.0,     # first reminder after this long; 0: no reminders
    "seed": None,             # fixed seed (tests); None: random at start
    "allow_away": True,       # an away player's crew member is played by the computer
    "paused": None,           # {"by": user id, "at": time} while paused: no timers, no reminders
    "stall_days": 14.0,       # no move for this long: a post pings who it waits for (0: never)
    "stall_grace_days": 14.0, # then the computer takes the waiting seats and finishes
    "language": None,         # the language of the game's public posts (i18n.LANGUAGES); None: English
    "bot_levels": {},         # seat number (text) -> level of the computer crew-mate added there
    "autopilot_level": None,  # level for seats played for someone (away, turn timer); None: the bot's
    "front": "discord",       # where the game is played: its instructions name that place's commands (FRONTS)
}
CONFIRM_FIRST = "k"  # the verb of a control that asks before an action that cannot be undone
PAGE = SELECT_LIMIT - 2  # actions per page of the menu (two entries left for "earlier"/"more")


# ------------------------------------------------------------------ options and seats

def check_options(options: dict) -> dict:
    """Validated Solar Storm options (defaults filled in). Raises ConfigError naming the option
    and what it accepts."""
    unknown = set(options) - set(DEFAULT_OPTIONS)
    if unknown:
        raise ConfigError(ngettext("unknown option: {names}", "unknown options: {names}", len(unknown)).format(
            names=", ".join(sorted(unknown))))
    opts = {**DEFAULT_OPTIONS, **{k: v for k, v in options.items() if v is not None}}
    if isinstance(opts["max_players"], bool) or not isinstance(opts["max_players"], int) \
            or not 1 <= opts["max_players"] <= 4:
        raise ConfigError(_("players: choose from 1 (solo: three crew members) to 4"))
    difficulty = opts["difficulty"]
    try:
        opts["difficulty"] = make_config(1, difficulty=difficulty)["difficulty"] if isinstance(difficulty, str) \
            else None
    except Exception:  # noqa: BLE001 - the engine's InvalidConfig: answered below in the reader's words
        opts["difficulty"] = None
    if opts["difficulty"] is None:
        raise ConfigError(_("difficulty: one of {choices}").format(choices=", ".join(D.DIFFICULTIES)))
    if not isinstance(opts["no_peek"], bool):
        raise ConfigError(_("no peek: true or false"))
    for key, top in (("timer_hours", 24 * 14), ("remind_hours", 24 * 7)):
        if isinstance(opts[key], bool) or not isinstance(opts[key], (int, float)) or not 0 <= opts[key] <= top:
            raise ConfigError((_("timer hours: a number of hours from 0 (off) to {top}") if key == "timer_hours" else
                               _("remind hours: a number of hours from 0 (off) to {top}")).format(top=top))
    if opts["language"] is not None and opts["language"] not in i18n.LANGUAGES:
        raise ConfigError(_("language: one of {choices}").format(choices=", ".join(i18n.LANGUAGES)))
    check_table_options(opts)
    return opts


def engine_seat(state: GameState, pos: int) -> int:
    """The crew member a player position acts for now (solo: the one whose turn it is)."""
    return state.active if state.solo else pos


def position(state: GameState, seat: int) -> int:
    """The player position that runs crew member ``seat``."""
    return 0 if state.solo else seat


def lang() -> str:
    return "fr" if i18n.language() == "fr" else "en"


def room(room_id: str) -> str:
    return D.room_name(room_id, lang())


def card(card_id: str) -> str:
    return D.card_name(card_id, lang())


def cards(ids) -> str:
    return ", ".join(card(c) for c in ids) or _("nothing")


def image_names(game: Game, state: GameState) -> list[str]:
    """The names the images give the crew members, by engine seat (solo: one person's three)."""
    return [crew_name(game, state, seat) for seat in range(state.crew)]


def image(kind: str, game: Game, state: GameState) -> dict:
    """A post's image (service.games.render_post): render ``kind`` of the public view, now."""
    return {"kind": kind, "args": [public_view(state), image_names(game, state)]}


def crew_name(game: Game, state: GameState, seat: int, *, mention: bool = False) -> str:
    """How posts name crew member ``seat``: its player (solo: the player and which crew member)."""
    who = game.mention(position(state, seat)) if mention else game.names[position(state, seat)]
    return _("{player} (crew member {n})").format(player=who, n=seat + 1) if state.solo else who


# ------------------------------------------------------------------ an action in the player's words

def _offered(state: GameState, source: str) -> str:
    """Face-up card ``source`` ("1" or "2") with what it is, when the offer shows it."""
    i = int(source) - 1
    return card(state.offer[i]) if 0 <= i < len(state.offer) else "?"


def action_words(state: GameState, seat: int, action, names: list[str]) -> str:
    """Crew member ``seat``'s action ``action`` (legal now) as a player reads it, in the language in
    use: the menu's option, the computer's move in the console, the hint's line. ``names``: the
    crew members' names by engine seat (``image_names``). The engine's text form stays English."""
    here = state.pawns[seat]
    if isinstance(action, A.Move):
        return _("go to the {room}").format(room=room(action.room))
    if isinstance(action, A.Scavenge):
        return _("scavenge (roll the die)")
    if isinstance(action, A.Give):
        return _("give a {card} card to {player}").format(card=card(action.card), player=names[action.seat])
    if isinstance(action, A.Take):
        return _("take a {card} card from {player}").format(card=card(action.card), player=names[action.seat])
    if isinstance(action, A.Exchange):
        return _("exchange a {card} card for face-up card {n} ({offered})").format(
            card=card(action.card), n=action.slot + 1, offered=_offered(state, str(action.slot + 1)))
    if isinstance(action, A.Repair):
        where = room(action.room or here)
        return (_("repair the {room} ({card}) with a Universal card") if action.universal
                else _("repair the {room} with a {card} card")).format(room=where, card=card(action.resource))
    if isinstance(action, A.Activate):
        return _("use the power of the {room}").format(room=room(here))
    if isinstance(action, A.Divert):
        return _("divert the {room}'s power").format(room=room(here))
    if isinstance(action, A.Token):
        return _("spend an action token")
    if isinstance(action, A.End):
        return _("End actions")
    if isinstance(action, A.Collect):
        return _("collect 2 cards from the deck") if action.source == "deck" else \
            _("collect face-up card {n} ({card})").format(n=action.source, card=_offered(state, action.source))
    if isinstance(action, A.Pick):
        return _("take the top card of the deck") if action.source == "deck" else \
            _("take face-up card {n} ({card})").format(n=action.source, card=_offered(state, action.source))
    if isinstance(action, A.Pass):
        return _("take no more cards")
    if isinstance(action, A.Discard):
        return _("discard a {card} card").format(card=card(action.card))
    if isinstance(action, A.Reactivate):
        return _("restart the {core}: the crew wins").format(core=room(D.CORE))
    if isinstance(action, A.Order):
        return _("put the cards back, top first: {cards}").format(
            cards=", ".join(card(c) if c in D.CARDS else c for c in action.cards))
    if isinstance(action, A.Protect):
        return _("protect: {rooms}").format(rooms=", ".join(room(r) for r in action.rooms))
    if isinstance(action, A.Send):
        return _("send crew member {n} to the {room}").format(n=action.seat + 1, room=room(action.room))
    if isinstance(action, A.Swap):
        if action.seat is None:
            return _("swap a {gave} card for a {took} card of the discard pile").format(
                gave=card(action.give), took=card(action.take))
        return _("give a {gave} card to {player} for a {took} card").format(
            gave=card(action.give), took=card(action.take), player=names[action.seat])
    if isinstance(action, A.Undo):
        return _("Undo")
    return str(action)


# ------------------------------------------------------------------ the computer crew-mate

def crew_mate(state: GameState, seat: int, level: str, budget_s: float | None = None,
              memory: Memory | None = None):
    """The computer crew-mate's next action for crew member ``seat`` at ``level`` (easy, normal,
    hard: autopilot.solar_storm; ``budget_s``: the hard level's CPU seconds per turn, the
    server's HARD_TURN_SECONDS), or None when it has nothing to decide. ``memory``: what peeks
    showed earlier in this job; without it, what the current view shows."""
    if not [a for a in legal_actions(state, seat) if not isinstance(a, Undo)]:
        return None
    return crew.choose(state, seat, level if level in crew.LEVELS else crew.DEFAULT_LEVEL, budget_s=budget_s,
                       memory=memory)


def crew_memory(state: GameState, history: list | None) -> Memory:
    """What the crew has seen of the decks in this game (pure: runs in a worker): the game's
    ``history`` ((position, action text) pairs, every action since the setup) replayed as the crew
    saw it (autopilot.solar_storm.replay_memory: the public view after each action). Without a
    history, or with one that does not lead to ``state`` (a service bug: logged), what the current
    view shows."""
    if history is not None:
        try:
            record = KIND.record(state, history)  # solo: positions mapped to crew members
            memory, reached = crew.replay_memory(record["config"], record["seed"], record["actions"])
        except EngineError as e:
            log.warning("solar storm: the action log does not replay (%s): the crew remembers the view only", e)
        else:
            if dump(reached) == dump(state):
                return memory
            log.warning("solar storm: the action log leads elsewhere than the game: the crew remembers the view only")
    return crew.memory_from_view(view_for(state, None))


def bots_job(game: Game, state_json: str, level: str, timed: int | None = None,
             budget_s: float | None = None, history: list | None = None) -> dict:
    """The computer crew-mates' work on a game, as a worker runs it (pure data in and out; the
    shape of Planet Unknown's bots_job): first the ``timed`` position's turn if given (its turn
    timer ran out), then every turn of a computer (or away) position, until a person must act or
    the game ends; with no person left, one turn per job (the caller saves and goes on).
    ``history``: the game's action log (``crew_memory``: what the crew has seen of the decks)."""
    state = load(state_json)
    game.state = state
    posts: list = []
    played: list[tuple[int, str]] = []
    away: dict[int, set[int]] = {}
    timed_turn = state.turn  # the timer's post names the turn it ran out on
    kind = KIND
    memory = crew_memory(state, history)  # what the crew has seen so far, then this job's peeks

    def step(pos: int, lvl: str) -> bool:
        seat = engine_seat(state, pos)
        action = crew_mate(state, seat, lvl, budget_s, memory)
        if action is None:
            return False
        before = kind.marker(state)
        apply(state, seat, action)
        memory.observe(view_for(state, None))
        played.append((pos, str(action)))
        kind.transitions(game, state, before, posts)
        return True

    timed_moves = 0
    if timed is not None:
        turn = state.turn
        while state.phase != "over" and state.turn == turn and timed in kind.to_act(state):
            if not step(timed, game.level_of(timed, level)):
                break
            timed_moves += 1
    computer = {i for i, s in enumerate(game.seats) if s.is_bot} | set(game.away)
    alone = not any(s.user_id is not None and not s.is_bot and i not in game.away for i, s in enumerate(game.seats))
    first_turn = state.turn
    while state.phase != "over":
        acting = [p for p in kind.to_act(state) if p in computer]
        if not acting or (alone and state.turn != first_turn):
            break
        pos = acting[0]
        if pos in game.away and not game.seats[pos].is_bot:
            away.setdefault(pos, set()).add(round_of(state))
        if not step(pos, game.level_of(pos, level)):
            break
    return {"state": dump(state), "played": played, "posts": posts, "timed": timed_moves, "round": timed_turn,
            "away_rounds": {seat: sorted(rounds) for seat, rounds in away.items()}}


def choose_job(state_json: str, pos: int, level: str, budget_s: float | None = None,
               history: list | None = None) -> str | None:
    """The computer crew-mate's next action for player position ``pos`` at ``level`` as text, as a
    worker works it out (pure data in and out; the console's ``auto``): from what the crew has seen
    of the decks in the whole game, as ``bots_job``'s crew-mates (``history``: the game's action log,
    ``crew_memory``). None when ``pos`` has nothing to decide now."""
    state = load(state_json)
    if pos not in KIND.to_act(state):
        return None
    action = crew_mate(state, engine_seat(state, pos), level, budget_s, crew_memory(state, history))
    return None if action is None else str(action)


# ------------------------------------------------------------------ the hint

def _activate_words(where: str) -> str:
    return {
        "bridge": _("look at the next damage cards and put the worst last"),
        "cargo_hold": _("look at the next resource cards and put the needed ones on top"),
        "armoury": _("protect the rooms the damage threatens most"),
        "repair_centre": _("repair another room from here"),
        "mess_hall": _("trade a card with a crew-mate anywhere"),
        "engine_room": _("take a needed card back from the discard pile"),
        "crew_quarters": _("send a pawn where the work is"),
    }.get(where, "")


def reason_words(reason: crew.Reason) -> str:
    """Why a crew-mate plays an action (autopilot.solar_storm.Reason: its key and args), in the
    language in use: the reason only, since the hint's line names the action before it."""
    k, a = reason.key, reason.args
    if k.startswith("activate_"):
        return _activate_words(a.get("room", k[len("activate_"):]))
    if k.startswith("repair_"):
        if k == "repair_threat":
            return _("the next {n} damage cards hit it").format(n=a["hits"])
        if k == "repair_next":
            return _("the next damage card hits it")
        if k == "repair_risk":
            return ngettext("{n} cube left and this round's damage may hit it",
                            "{n} cubes left and this round's damage may hit it", a["cubes"]).format(n=a["cubes"])
        return _("it must be whole to be diverted")
    if k == "reactivate":
        return _("the crew wins")
    if k == "divert":
        return _("{n} of 8 rooms diverted").format(n=a["n"])
    if k == "move_to" and a["target"] != a["room"]:
        return _("on the way to the {target}").format(target=room(a["target"]))
    if k in ("move", "move_to", "send"):
        return _("the work is there")
    simple = {
        "protect": _("the damage to come threatens them"),
        "order_damage": _("the least harmful damage first"),
        "order_resources": _("the cards the crew needs on top"),
        "share": _("so that one of you holds a room's divert cost"),
        "engine_room": _("the crew needs it more"),
        "exchange": _("the crew needs that one more"),
        "scavenge": _("the crew needs cards and has actions to spare"),
        "draw": _("neither face-up card is needed"),
        "take": _("the crew needs it"),
        "pass": _("the resource deck is the clock"),
        "discard": _("the crew needs it least"),
        "token": _("one more useful action"),
    }
    if k in simple:
        return simple[k]
    if k == "end":
        return ngettext("bank {n} action token for later", "bank {n} action tokens for later",
                        a["banked"]).format(n=a["banked"]) if a.get("banked") else \
            _("nothing more is worth an action")
    return ""  # no sentence for it (the autopilot's "other"): the action alone says it


def hint_job(state_json: str, seat: int, budget_s: float | None, language: str,
             names: list[str] | None = None, history: list | None = None) -> list[str]:
    """/storm hint as a worker works it out (pure data in and out): what the hard crew-mate would
    do with crew member ``seat``'s turn now, a line per action with its reason, in ``language``
    (from what the crew can know only: autopilot.solar_storm.hint). ``names``: the crew members'
    names by engine seat (``image_names``; default: their numbers); ``history``: the game's action
    log (``crew_memory``: what the crew has seen of the decks)."""
    state = load(state_json)
    found = crew.hint(state, seat, budget_s=budget_s, memory=crew_memory(state, history))
    lines = []
    with use(language):
        crew_names = names or [_("crew member {n}").format(n=s + 1) for s in range(state.crew)]
        trial = copy(state)  # each action in the words of the moment it is played (the room then...)
        for action, reason in found:
            words, why = action_words(trial, seat, action, crew_names), reason_words(reason)
            lines.append(_("**{action}**: {why}").format(action=words, why=why) if why else f"**{words}**")
            try:
                apply(trial, seat, action)
            except EngineError:  # a die decides what follows: the later actions read from here
                pass
    return lines


# ------------------------------------------------------------------ the turn log

def event_line(state: GameState, game_names: list[str], e: dict) -> str | None:
    """One line of a turn's log for an engine event (None: nothing worth a line)."""
    k = e["kind"]
    if k == "move":
        return _("moved to the {room}").format(room=room(e["room"]))
    if k == "scavenge":
        return ngettext("scavenged: rolled {roll}, {n} card to take", "scavenged: rolled {roll}, {n} cards to take",
                        e["cards"]).format(roll=e["roll"], n=e["cards"])
    if k in ("draw", "take_face_up"):
        return _("took a {card} card").format(card=card(e["card"]))
    if k == "repair":
        return _("repaired the {room} (paid {card})").format(room=room(e["room"]), card=card(e["paid"]))
    if k == "divert":
        return _("diverted the {room}'s power (paid {cards})").format(room=room(e["room"]), cards=cards(e["paid"]))
    if k == "activate":
        return _("used the power of the {room}").format(room=room(e["room"]))
    if k == "peek":
        return _("looked at: {cards}").format(cards=", ".join(card(c) if c in D.CARDS else c
                                                               for c in e["cards"]))
    if k == "order":
        return _("put the cards looked at back in order")
    if k == "exchange":
        return _("exchanged a {gave} card for a face-up {took} card").format(gave=card(e["gave"]), took=card(e["took"]))
    if k == "swap_discard":
        return _("swapped a {gave} card for a {took} card of the discard pile").format(
            gave=card(e["gave"]), took=card(e["took"]))
    if k == "send":
        return _("sent crew member {n} to the {room}").format(n=e["pawn"] + 1, room=room(e["room"]))
    if k in ("give", "take", "swap"):
        names = [game_names[position(state, s)] if not state.solo and position(state, s) < len(game_names)
                 else _("crew member {n}").format(n=s + 1) for s in range(state.crew)]
        shared = parse(e["action"])
        if isinstance(shared, A.Give):
            return _("gave a {card} card to {player}").format(card=card(shared.card), player=names[shared.seat])
        if isinstance(shared, A.Take):
            return _("took a {card} card from {player}").format(card=card(shared.card), player=names[shared.seat])
        if isinstance(shared, A.Swap) and shared.seat is not None:
            return _("gave a {gave} card to {player} for a {took} card").format(
                gave=card(shared.give), took=card(shared.take), player=names[shared.seat])
        return None
    if k == "protect":
        return _("protected: {rooms}").format(rooms=", ".join(room(r) for r in e["rooms"]))
    if k == "token":
        return _("spent an action token")
    if k == "end_actions":
        return ngettext("ended the actions ({n} token banked)", "ended the actions ({n} tokens banked)",
                        e["banked"]).format(n=e["banked"]) if e["banked"] else _("ended the actions")
    if k == "discard":
        return _("discarded a {card} card").format(card=card(e["card"]))
    if k == "damage_card":
        return "💥 " + _("Damage card {card}: {rooms}").format(card=e["card"], rooms=", ".join(room(r) for r in e["rooms"]))
    if k == "protected":
        return "🛡 " + _("a protection token saved the {room}").format(room=room(e["room"]))
    if k == "damage":
        return "🔧 " + _("the {room} lost a cube").format(room=room(e["room"]))
    if k == "hull_breach":
        return "🕳 " + ngettext("Hull Breach: rolled {roll}, {n} resource card lost",
                                "Hull Breach: rolled {roll}, {n} resource cards lost",
                                len(e["cards"]) if isinstance(e["cards"], list) else e["cards"]).format(
            roll=e["roll"], n=len(e["cards"]) if isinstance(e["cards"], list) else e["cards"])
    if k == "hull_breach_revealed":
        return "🕳 " + _("the damage deck is empty: the Hull Breach is revealed")
    if k == "medical_bay":
        return ngettext("the Medical Bay gave {n} action token", "the Medical Bay gave {n} action tokens",
                        e["tokens"]).format(n=e["tokens"])
    if k == "protection_back":
        return _("a protection token came back from the {room}").format(room=room(e["room"]))
    return None


_NEW_TURN = ("protection_back", "medical_bay", "turn")


def turn_logs(record: dict, turns: list[int], names: list[str], language: str) -> dict[int, str]:
    """The logs of ``turns`` (turn number -> text) rebuilt from the game's record (pure: runs in a
    worker). Actions undone are left out. Raises EngineError if the record does not replay."""
    out: dict[int, list[str]] = {}
    with use(language):
        state = new_game(record["config"], record["seed"])
        current: list[str] = []
        kept = 0
        for seat, text in record["actions"]:
            action = parse(text)
            turn = state.turn
            apply(state, seat, action)
            if isinstance(action, Undo):
                current = current[:kept]
                continue
            switched = False
            for e in state.events:
                if e["kind"] in _NEW_TURN and not switched:
                    out[turn], current, kept, switched = current, [], 0, True
                line = event_line(state, names, e)
                if line:
                    current.append(line)
            if state.since_undo_point == 0:
                kept = len(current)
        if state.phase == "over":
            out[state.turn] = current
    return {t: "\n".join("• " + line for line in out.get(t, [])) for t in turns}


def history_job(record: dict, turn: int, names: list[str], language: str = "en") -> dict:
    """/storm history: the log of a finished turn and the public view at its end; a turn that is
    not over gets ``{"rounds": [...]}`` only (the finished turns)."""
    state = new_game(record["config"], record["seed"])
    view = None
    for seat, text in record["actions"]:
        apply(state, seat, parse(text))
        if view is None and (state.turn > turn or state.phase == "over") and state.turn >= turn:
            view = public_view(state)
    finished = list(range(1, state.turn + (1 if state.phase == "over" else 0)))
    if turn not in finished or view is None:
        return {"rounds": finished}
    return {"rounds": finished, "log": turn_logs(record, [turn], names, language)[turn], "view": view}


def outcome_profile(rows: list[OutcomeRow]) -> dict:
    """A person's Solar Storm record: games, wins, wins by difficulty and by crew size, the hardest
    difficulty won, the fastest win (fewest turns; and the shortest time from start to end). A game
    the computer played for them, in full or in part (away, stalled), counts in their games, never
    in their wins (``autopilot_games``)."""
    games = [(r, json.loads(r.summary)) for r in rows]
    wins = [(r, g) for r, g in games if g.get("result") == "won" and not g.get("autopilot")]
    by_difficulty: dict[str, int] = {}
    by_crew: dict[int, int] = {}
    for _r, g in wins:
        by_difficulty[g["difficulty"]] = by_difficulty.get(g["difficulty"], 0) + 1
        by_crew[g["crew"]] = by_crew.get(g["crew"], 0) + 1
    times = [seconds for r, g in wins if (seconds := _seconds(r, g)) is not None]
    return {"games": len(games), "wins": len(wins), "wins_by_difficulty": by_difficulty, "wins_by_crew": by_crew,
            "hardest_won": max((g["difficulty"] for _r, g in wins), key=DIFFICULTY_ORDER.__getitem__, default=None),
            "fastest_win": min((g["turn"] for _r, g in wins), default=None),
            "fastest_win_seconds": min(times, default=None),
            "autopilot_games": sum(bool(g.get("autopilot")) for _r, g in games)}


DIFFICULTY_ORDER = {d: i for i, d in enumerate(D.DIFFICULTIES)}
DAILY_DIFFICULTY = "medium"  # the daily challenge's level (README): the rulebook's « moyenne »


def _seconds(row: OutcomeRow, summary: dict) -> float | None:
    started = summary.get("started_at")
    if not isinstance(started, (int, float)) or row.finished_at is None:
        return None
    return max(0.0, row.finished_at - started)


def outcome_records(rows: list[OutcomeRow]) -> dict:
    """A server's Solar Storm records from its outcome rows (oldest first; the earliest game holds
    a tie): most wins, the hardest difficulty won, the fastest win in turns and in time. Only a
    crew's own play counts: a game the computer played for a person is nobody's record."""
    crews: dict[int, list[tuple[OutcomeRow, dict]]] = {}
    for r in rows:
        crews.setdefault(r.game_id or 0, []).append((r, json.loads(r.summary)))
    wins: dict[int, list] = {}  # user -> [wins, name]
    out: dict[str, dict] = {}
    for game_id, seats in crews.items():
        summary = seats[0][1]
        people = [(r, g) for r, g in seats if r.user_id is not None]
        if summary.get("result") != "won" or not people or any(g.get("autopilot") for _r, g in people):
            continue
        who = ", ".join(r.name for r, _g in people)
        for r, _g in people:
            entry = wins.setdefault(r.user_id or 0, [0, r.name])
            entry[0] += 1
            entry[1] = r.name
        level = summary["difficulty"]
        hardest = out.get("hardest")
        if hardest is None or DIFFICULTY_ORDER[level] > DIFFICULTY_ORDER[hardest["value"]]:
            out["hardest"] = {"value": level, "who": who, "game": game_id}
        if "fastest_turns" not in out or summary["turn"] < out["fastest_turns"]["value"]:
            out["fastest_turns"] = {"value": summary["turn"], "who": who, "game": game_id}
        seconds = _seconds(people[0][0], summary)
        if seconds is not None and ("fastest_time" not in out or seconds < out["fastest_time"]["value"]):
            out["fastest_time"] = {"value": seconds, "who": who, "game": game_id}
    if wins:
        n, name = max(wins.values(), key=lambda e: e[0])  # the first to reach the most on a tie
        out["wins"] = {"value": n, "who": name, "game": None}
    return out


def daily_entry(row: OutcomeRow) -> dict | None:
    """A daily challenge's outcome as its leaderboard ranks it (the rule of issue 53): won before
    lost; among wins, more resource cards left in the deck first; among losses, more rooms
    diverted, then more turns survived. None: the computer played it for the player (away,
    taken over), so it is not their result."""
    summary = json.loads(row.summary)
    if row.user_id is None or summary.get("autopilot") or summary.get("result") not in ("won", "lost"):
        return None
    won = summary["result"] == "won"
    rank = (0, -summary["resource_deck"]) if won else (1, -summary["diverted"], -summary["turn"])
    return {"won": won, "rank": rank, "turn": summary["turn"], "diverted": summary["diverted"],
            "resource_deck": summary["resource_deck"], "difficulty": summary["difficulty"]}


def daily_seed(key: str) -> int:
    """Everyone's seed for day ``key``'s Solar Storm daily (stable across Python versions and machines)."""
    return zlib.crc32(f"solar-storm daily {key}".encode())


def daily_result(state: GameState) -> dict:
    """A finished daily game's result as ``result_words`` reads it."""
    result = state.result or {}
    return {"won": result.get("result") == "won", "turn": result.get("turn"), "diverted": len(state.diverted),
            "resource_deck": len(state.resource_deck)}


def result_words(entry: dict) -> str:
    """How a daily result reads on the leaderboard and in the finishing post (the language in use)."""
    if entry["won"]:
        return ngettext("won on turn {turn}, {n} resource card left", "won on turn {turn}, {n} resource cards left",
                        entry["resource_deck"]).format(turn=entry["turn"], n=entry["resource_deck"])
    return _("lost on turn {turn}, {n}/8 rooms diverted").format(turn=entry["turn"], n=entry["diverted"])


def daily_board_lines(board: dict) -> list[str]:
    """A day's daily leaderboard (``Outcomes.daily_board``) in the language in use: its head, a
    line a player with their streaks, and the reader's own row below the top ones. Each front
    adds how to play it (``/storm leaderboard``; the console's ``leaderboard``)."""
    where = (_("your own result") if board["mine"] else
             _("global, players who opted in") if board["scope"] == "global" else _("this server"))
    lines = [ngettext("**Solar Storm daily {day}** ({where}): {n} finished.",
                      "**Solar Storm daily {day}** ({where}): {n} finished.", board["count"]).format(
        day=board["day"], where=where, n=board["count"])]
    for row in board["rows"]:
        line = _("{rank}. {name}: {result}").format(rank=row["rank"], name=row["name"],
                                                   result=result_words(row["entry"]))
        if row["streak"] > 1:
            line += " · " + ngettext("{n} day in a row", "{n} days in a row", row["streak"]).format(n=row["streak"])
        if row["win_streak"] > 1:
            line += " · " + ngettext("{n} win in a row", "{n} wins in a row", row["win_streak"]).format(
                n=row["win_streak"])
        lines.append(line)
    if board.get("you"):  # the reader, below the top: their own row, public on this board anyway
        you = board["you"]
        lines.append(you_line(_("{rank}. {name}: {result}").format(
            rank=you["rank"], name=you["name"], result=result_words(you["entry"])), you["rank"], board["count"]))
    return lines


def crew_words(crew: int) -> str:
    return _("solo") if crew == 1 else ngettext("{n} player", "{n} players", crew).format(n=crew)


def duration_words(seconds: float) -> str:
    if seconds < 3600:
        return _("{n} min").format(n=max(1, round(seconds / 60)))
    if seconds < 86400 * 2:
        return _("{n} h").format(n=i18n.number(seconds / 3600, 1))
    return ngettext("{n} day", "{n} days", round(seconds / 86400)).format(n=round(seconds / 86400))


def profile_text(p: dict) -> str | None:
    """The Solar Storm part of a profile (the language in use), or None without a game."""
    if not p.get("games"):
        return None
    lines = [_("**Solar Storm**: {games}, {wins}.").format(
        games=ngettext("{n} finished game", "{n} finished games", p["games"]).format(n=p["games"]),
        wins=ngettext("{n} win", "{n} wins", p["wins"]).format(n=p["wins"]))]
    if p["wins"]:
        lines.append(_("Wins by difficulty: {by}; by crew: {crew}.").format(
            by=", ".join(f"{SolarStorm.difficulty(d)} {n}" for d, n in sorted(
                p["wins_by_difficulty"].items(), key=lambda kv: DIFFICULTY_ORDER[kv[0]])),
            crew=", ".join(f"{crew_words(c)} {n}" for c, n in sorted(p["wins_by_crew"].items()))))
        fastest = _("Hardest difficulty won: {level}; fastest win: turn {turn}").format(
            level=SolarStorm.difficulty(p["hardest_won"]), turn=p["fastest_win"])
        if p.get("fastest_win_seconds") is not None:
            fastest += " " + _("(quickest: {time})").format(time=duration_words(p["fastest_win_seconds"]))
        lines.append(fastest + ".")
    daily = p.get("daily") or {}
    if daily.get("best"):
        lines.append(_("Daily streak {streak} (best {best}); daily wins in a row {wins} (best {best_wins}).").format(
            streak=daily["streak"], best=daily["best"], wins=daily["win_streak"], best_wins=daily["best_win_streak"]))
    if p.get("autopilot_games"):
        lines.append(ngettext("Includes {n} game the computer played for them, in full or in part (never a win).",
                              "Includes {n} games the computer played for them, in full or in part (never a win).",
                              p["autopilot_games"]).format(n=p["autopilot_games"]))
    return "\n".join(lines)


def profile_tiles(p: dict) -> tuple[str, list[tuple[str, str]]] | None:
    """The Solar Storm section of the profile image (the language in use), or None without a game."""
    if not p.get("games"):
        return None
    daily = p.get("daily") or {}
    return ("Solar Storm", [
        (_("games"), i18n.number(p["games"])), (_("wins"), i18n.number(p["wins"])),
        (_("hardest won"), SolarStorm.difficulty(p["hardest_won"]) if p.get("hardest_won") else "-"),
        (_("fastest win"), _("turn {turn}").format(turn=p["fastest_win"]) if p.get("fastest_win") else "-"),
        (_("daily streak"), f"{daily.get('streak', 0)} ({daily.get('best', 0)})")])


def records_lines(records: dict) -> list[str]:
    """A server's Solar Storm records as lines (the language in use)."""
    lines = []
    if "wins" in records:
        r = records["wins"]
        lines.append(_("Most wins: {value} by {who}").format(
            value=ngettext("{n} win", "{n} wins", r["value"]).format(n=r["value"]), who=r["who"]))
    if "hardest" in records:
        r = records["hardest"]
        lines.append(_("Hardest difficulty won: {level} by {who} (game #{game})").format(
            level=SolarStorm.difficulty(r["value"]), who=r["who"], game=r["game"]))
    if "fastest_turns" in records:
        r = records["fastest_turns"]
        lines.append(_("Fastest win: turn {turn} by {who} (game #{game})").format(
            turn=r["value"], who=r["who"], game=r["game"]))
    if "fastest_time" in records:
        r = records["fastest_time"]
        lines.append(_("Quickest win: {time} by {who} (game #{game})").format(
            time=duration_words(r["value"]), who=r["who"], game=r["game"]))
    if "daily_streak" in records:
        r = records["daily_streak"]
        lines.append(_("Longest daily streak: {n} by {who}").format(
            n=ngettext("{n} day", "{n} days", r["value"]).format(n=r["value"]), who=r["who"]))
    if "daily_win_streak" in records:
        r = records["daily_win_streak"]
        lines.append(_("Most daily wins in a row: {n} by {who}").format(n=r["value"], who=r["who"]))
    return lines


# ------------------------------------------------------------------ the shared layers' sentences

def phrase(key: str, n: int = 1, **f) -> str:
    """The shared layers' sentences in Solar Storm's words (turns, not rounds; a computer
    crew-mate plays for absent players): service.kinds.PHRASES lists the keys and their fields."""
    if key == "timer_played":
        return ngettext("⏱ Time ran out for {player} on turn {turn}: a computer crew-mate played {n} action "
                        "for them.", "⏱ Time ran out for {player} on turn {turn}: a computer crew-mate played "
                        "{n} actions for them.", n).format(player=f["player"], turn=f["moment"], n=n)
    if key in ("last_one", "waiting"):  # one crew member at a time: nobody is ever "the last one"
        return _("{player}, Solar Storm #{game} is waiting for you (turn {turn}).").format(
            player=f["player"], turn=f["moment"], game=f["game"])
    if key == "away_played":
        return ngettext("🌴 {n} action played by a computer crew-mate for {name}, who is away until {when}.",
                        "🌴 {n} actions played by a computer crew-mate for {name}, who is away until {when}.",
                        n).format(n=n, name=f["name"], when=f["when"])
    if key == "away_on":
        return _("🌴 In Solar Storm #{id}, a computer crew-mate plays the turns of players who are away "
                 "(/me away).").format(id=f["id"])
    if key == "away_off":
        return _("🌴 In Solar Storm #{id}, away mode is off: nobody's turns are played for them while they are "
                 "away.").format(**f)
    if key == "stall_notice":
        return _("⏳ Solar Storm #{id} has had no move for {days}. It waits for: {who}. <@{creator}>, if nobody "
                 "plays, computer crew-mates take over the waiting seats {when}.").format(**f)
    if key == "stall_taken":
        return _("🤖 Solar Storm #{id} stalled: computer crew-mates now play for {names}.").format(**f)
    if key == "stall_taken_end":
        return _("🤖 Solar Storm #{id} stalled: computer crew-mates now play for {names} and take the game on to "
                 "its end.").format(**f)
    if key == "status_taken":
        return _("🤖 played by a computer crew-mate")
    if key == "status_handover":
        return _("If nobody plays, computer crew-mates finish the game {when}.").format(**f)
    if key == "bot_name":
        return _("Crew-mate {n}").format(n=n) if f.get("level") in (None, "normal") else \
            _("Crew-mate {n} ({level})").format(n=n, level=_(f["level"]))
    if key == "ended":
        return _("Solar Storm #{game} was ended by {player} on turn {turn}.").format(
            game=f["game"], player=f["player"], turn=f["moment"])
    if key == "history_none":
        return (_("No turn of Solar Storm #{id} is over yet: /storm history works once turn 1 has ended.")
                if f.get("front") == "discord" else
                _("No turn of Solar Storm #{id} is over yet: history works once turn 1 has ended.")).format(id=f["id"])
    if key == "history_not_finished":
        return _("Turn {turn} is not a finished turn of Solar Storm #{id}: choose a turn from {first} to "
                 "{last}.").format(turn=f["moment"], id=f["id"], first=f["first"], last=f["last"])
    if key == "history_head":
        return _("**Solar Storm #{id}, turn {turn}** (turns {first}-{last} can be shown):").format(
            turn=f["moment"], id=f["id"], first=f["first"], last=f["last"])
    if key == "leave_started":
        return _("The game has started: ask its creator to hand your seat to a computer crew-mate "
                 "(/storm host replace) instead.")
    if key == "while_away":
        return _("{name} (a computer crew-mate, while away)").format(name=f["name"])
    if key == "replace_not_member":
        return _("{name} is not a member of this server, so they cannot take the seat. Name a member, or leave "
                 "the option empty for a computer crew-mate.").format(name=f["name"])
    if key == "taken_name":
        return _("Crew-mate ({name})").format(name=f["name"])
    if key == "export_not_over":
        return _("The replay file of Solar Storm #{id} can be exported once the game is over: it holds the seed, "
                 "which gives away every card still to come in both decks.").format(id=f["id"])
    if key == "console_auto":
        return _("(computer crew-mate) {action}").format(action=f["action"])
    if key == "console_started":
        return _("Solar Storm #{game} started; images go to {folder}/.").format(**f)
    if key == "console_over":
        return _("Game over. The final image (the story of the game) is in {folder}/.").format(folder=f["folder"])
    if key == "no_game_here":
        return _("There is no Solar Storm game in this channel. Start one with /storm create, or a solo game "
                 "with /storm solo.")
    if key == "games_line":
        return f["status"]  # its status names the game in bold already (SolarStorm.status_text)
    if key == "missing_permissions":
        return _("⚠ I am missing permissions in this channel: {permissions}. The game's posts (turns with the "
                 "ship, pings, the end of the game) wait until a server manager grants them.").format(**f)
    if key == "paused":
        return _("⏸ Solar Storm #{id} was paused by <@{user}>: no turn timer and no reminders until "
                 "{command} host resume. Actions are still accepted.").format(command=SolarStorm.command, **f)
    if key == "resumed":
        return _("▶ Solar Storm #{id} was resumed by <@{user}>: timers and reminders start again from "
                 "now.").format(**f)
    if key == "away_status":
        return _("Away until <t:{t}:f> (<t:{t}:R>): a computer crew-mate plays your turns in Solar Storm").format(**f)
    if key == "away_who":
        return _("in Solar Storm, a computer crew-mate plays your turns")
    if key.startswith("round_ping_"):  # the setting is Planet Unknown's: each turn of yours pings you
        return _("in Solar Storm, a ping when your turn comes (outside your quiet hours)")
    if key in ("away_in", "away_in_named"):  # it names the game either way, as its posts do
        return _("Solar Storm {games}: a computer crew-mate plays your turns.").format(**f)
    raise KeyError(key)


# ------------------------------------------------------------------ the kind

class SolarStorm:
    name = NAME
    short = "storm"
    title = "Solar Storm"
    command = "/storm"
    default_options = DEFAULT_OPTIONS
    bots_job = staticmethod(bots_job)
    choose_job = staticmethod(choose_job)
    rated = False  # cooperative: no rating
    round_ping = False  # no rounds to open: each turn pings the person whose turn it is
    history_job = staticmethod(history_job)
    history_image = None  # the history is the turn's log (text); the thread's post of that turn has its ship
    replay_module = "engine.solar_storm.replay"

    def check_options(self, options: dict) -> dict:
        return check_options(options)

    def new_state(self, game: Game, seed: int) -> GameState:
        n = len(game.seats)
        if n > 4:
            raise ConfigError(_("players: choose from 1 (solo: three crew members) to 4"))
        return new_game(make_config(n, difficulty=game.options["difficulty"], no_peek=game.options["no_peek"]), seed)

    def dump(self, state: GameState) -> str:
        return dump(state)

    def load(self, text: str) -> GameState:
        return load(text)

    def to_act(self, state: GameState) -> list[int]:
        return sorted({position(state, s) for s in to_act(state)})

    def legal_actions(self, state: GameState, pos: int) -> list:
        if pos not in self.to_act(state):
            return []
        return legal_actions(state, engine_seat(state, pos))

    def parse(self, text: str):
        return parse(text)

    def check_typed(self, game: Game, state: GameState, pos: int, action) -> None:
        """Nothing to confirm: a Solar Storm action destroys nothing the player did not choose."""

    def action_words(self, game: Game, state: GameState, pos: int, action) -> str:
        return action_words(state, engine_seat(state, pos), action, image_names(game, state))

    def settle_forced(self, state: GameState, pos: int) -> list[tuple[Any, str]]:
        return []  # every Solar Storm decision is the player's (or the computer crew-mate's)

    def apply(self, game: Game, state: GameState, pos: int, action) -> None:
        try:
            apply(state, engine_seat(state, pos), action)
        except NotYourTurn as refusal:
            if refusal.active is None:
                raise
            # the engine names the seat whose turn it is; the reader is told who plays it
            raise NotYourTurn(_("it is {player}'s turn, not yours").format(
                player=crew_name(game, state, refusal.active)), refusal.seat, refusal.action, refusal.active) from None

    def is_over(self, state: GameState) -> bool:
        return state.phase == "over"

    def phrase(self, key: str, n: int = 1, **fields) -> str:
        return phrase(key, n, **fields)

    def round_of(self, state: GameState) -> int:
        return state.turn  # the posts name turns ("Turn 5"); the engine's rounds are the crew's laps

    def last_finished(self, state: GameState) -> int:
        return max(state.turn - (0 if state.phase == "over" else 1), 1)

    def simultaneous(self, state: GameState) -> bool:
        return False  # one crew member at a time

    def view(self, state: GameState, pos: int | None) -> dict:
        return view_for(state, None if pos is None else engine_seat(state, pos))

    def console_options(self, args, total: int) -> dict:
        if args.learn or args.private_objectives or args.planets or args.corporations:
            raise ConfigError(_("--learn, --private-objectives, --planets and --corporations are Planet Unknown's; "
                                "Solar Storm takes --difficulty and --no-peek."))
        return {"max_players": total, "seed": args.seed, "difficulty": args.difficulty or "easy",
                "no_peek": bool(args.no_peek), "remind_hours": 0, "language": args.lang,
                "front": "console"}  # its instructions name the console's typed words

    def console_view(self, game: Game, user_id: int, words: list[str]) -> str | None:
        """board / ship / score: the ship as text (the panel's); the rest is the console's."""
        if words[0] in ("board", "ship", "score", "station", "corp") and game.state is not None:
            return self.board_text(game, game.state)
        return None

    def standings(self, state: GameState, pos: int | None) -> dict:
        return self.view(state, pos)

    async def console_leaderboard(self, host: Any, user_id: int, words: list[str]) -> list[str] | None:
        """Solar Storm is cooperative: its one leaderboard is the daily challenge's, of a day
        (``words``: [YYYY-MM-DD], default today) and of this console's player."""
        if words and not words[0][:1].isdigit():  # rating, wins, best, solo ...: Planet Unknown's boards
            return [_("leaderboard [YYYY-MM-DD]: Solar Storm is cooperative, so it has no rating, wins or best "
                      "boards; its leaderboard is the daily challenge's (default: today's).")]
        try:
            board = await host.daily_board(self.name, guild_id=None, user_id=user_id,
                                           day=words[0] if words else None)
        except WrongStage:
            return [_("No Solar Storm daily of that day is finished in this console: play today's with --daily "
                      "--game storm (its leaderboard is Solar Storm's only one).")]
        return [*daily_board_lines(board),
                _("Won before lost; among wins, more resource cards left first; among losses, more rooms "
                  "diverted, then more turns survived.")]

    def console_help(self) -> tuple[str, list[tuple[str, str]]]:
        return (_("Type the number or the key of a choice (shown in brackets), an action as text (e.g. 'move bridge', "
                  "'scavenge', 'repair metal', 'end'), or a command (help lists them)."),
                [("ship", _("the ship as text: rooms, repair tracks, hands, face-up cards and decks (board too)")),
                 ("history [N]", _("the log of turn N (default: the last turn over)"))])

    def marker(self, state: GameState) -> tuple:
        return (state.turn, state.phase, state.active, tuple(self.to_act(state)))

    def stamp(self, state: GameState, pos: int) -> str:
        # written with sorted keys: a loaded state's dicts (cubes, pending) list their keys in another
        # order than a played one's, and a panel shown before a restart must stay current after it
        key = json.dumps([state.turn, state.phase, state.active, state.actions, state.rolls, state.since_undo_point,
                          state.pending, state.hands, state.pawns, state.tokens, state.cubes],
                         sort_keys=True, default=str)
        return f"{zlib.crc32(key.encode()) & 0xFFFFFF:06x}"

    def last_round_open(self, state: GameState) -> bool:
        return state.phase == "over"

    def next_round(self, state: GameState, pos: int) -> int:
        if state.phase == "over":
            return round_of(state) + 1
        if state.solo or pos >= state.active:
            return round_of(state)
        return round_of(state) + 1

    # ---------------------------------------------------------------- what people see

    def status_text(self, game: Game) -> str:
        if game.status == "lobby":
            names = ", ".join(s.display_name for s in game.seats)
            return ngettext("**Solar Storm #{game}** is in its lobby: {n}/{most} player ({names}), difficulty "
                            "{level}.",
                            "**Solar Storm #{game}** is in its lobby: {n}/{most} players ({names}), difficulty "
                            "{level}.",
                            game.options["max_players"]).format(
                game=game.id, n=len(game.seats), most=game.options["max_players"], names=names,
                level=self.difficulty(game.options["difficulty"]))
        state = game.state
        if game.status in ("finished", "cancelled") or (state is not None and state.phase == "over"):
            return (_("Game #{game} is over.") if game.status == 'finished' else _("Game #{game} is ended.")).format(
                game=game.id)
        assert state is not None
        lines = [ngettext("**Solar Storm #{game}**, turn {turn} (round {round}): {player} acts ({n} action left).",
                          "**Solar Storm #{game}**, turn {turn} (round {round}): {player} acts ({n} actions left).",
                          state.actions).format(
            game=game.id, turn=state.turn, round=round_of(state), player=crew_name(game, state, state.active),
            n=state.actions)]
        acting = self.to_act(state)
        for i, s in enumerate(game.seats):
            # one crew member at a time: the others wait for their turn (not "done": some have not played yet)
            mark = _("⏳ to play") if i in acting else _("🕓 waits for their turn")
            lines.append(_("{item}: {value}").format(item=mark, value=_("{name} (computer)").format(
                name=s.display_name) if s.is_bot else s.display_name))  # French: a space before the colon
        return "\n".join(lines)

    @staticmethod
    def difficulty(level: str) -> str:
        return D.DIFFICULTY_FR.get(level, level) if lang() == "fr" else level

    @in_game_language
    def start_text(self, game: Game, state: GameState) -> str:
        lines = [_("**Solar Storm #{game} begins**: difficulty {level}, {n} damage cards before the Hull "
                   "Breach.").format(game=game.id, level=self.difficulty(state.config["difficulty"]),
                                     n=len(state.damage_deck))]
        if state.solo:
            lines.append(_("{player} runs crew members 1, 2 and 3.").format(player=game.mention(0)))
        else:
            for i in range(state.crew):
                lines.append(_("Crew member {n}: {player}").format(n=i + 1, player=game.mention(i)))
        lines.append(_("Divert the power of the eight rooms, then restart the Energy Core, before the ship "
                       "falls apart. Press **Play** on your turn, or type /storm act.") if game.front == "discord" else
                     _("Divert the power of the eight rooms, then restart the Energy Core, before the ship "
                       "falls apart."))  # the console: its panel comes by itself
        return "\n".join(lines)

    @in_game_language
    def transitions(self, game: Game, state: GameState, before: tuple, posts: list) -> None:
        turn, phase, active, _waiting = before
        if phase == "over":
            return
        if game.row.kind == "daily":
            # nothing of the player's game before they finish (everyone plays it today); then the result
            if state.phase == "over":
                posts.append(Announcements._post(game, self.daily_post(game, state),
                                                 mentions=Announcements._humans(game)))
            return
        if (state.turn != turn and turn >= 1) or state.phase == "over":
            who = crew_name(game, state, active) if active is not None else "?"
            kind, raw = Announcements._post(game, _("**Turn {turn}** ({player}):").format(turn=turn, player=who),
                                            image=image(SHIP_IMAGE, game, state) if state.phase != "over" else None)
            posts.append((kind, json.dumps({**json.loads(raw), "storm_turn": turn})))  # its log: add_logs
        if state.phase == "over":
            posts.append(Announcements._post(game, self.final_text(game, state), mentions=Announcements._humans(game),
                                             image=image(FINAL_IMAGE, game, state)))
            return
        if state.turn != turn:
            pos = position(state, state.active)
            if game.user_of(pos) is not None and (position(state, active) != pos if active is not None else True):
                posts.append(Announcements._post(
                    game, (_("{player}: your turn (turn {turn}). Press **Play**, or type /storm act.")
                           if game.front == "discord" else _("{player}: your turn (turn {turn}).")).format(
                        player=crew_name(game, state, state.active, mention=True), turn=state.turn),
                    mentions=Announcements._humans(game, [pos]), buttons=("play",)))

    def final_text(self, game: Game, state: GameState) -> str:
        result = state.result or {}
        won = result.get("result") == "won"
        head = (_("**Solar Storm #{game}: the crew won on turn {turn}!** The Energy Core restarted.") if won else
                _("**Solar Storm #{game}: the crew lost on turn {turn}.**")).format(game=game.id, turn=result.get("turn"))
        lines = [head]
        if not won:
            reason = result.get("reason")
            lines.append(_("The resource deck ran out.") if reason == "resource_deck_empty" else
                         _("The {room} was hit with no cube left.").format(room=room(result["room"]))
                         if reason == "room_destroyed" and result.get("room") else str(result.get("text", "")))
        lines.append(_("Rooms diverted: {n}/8 · resource cards left in the deck: {left} · difficulty {level}.").format(
            n=len(state.diverted), left=len(state.resource_deck), level=self.difficulty(state.config["difficulty"])))
        if game.front == "discord":  # the console writes the replay file itself at the end
            lines.append(_("The whole game as a replay file: /storm export."))
        return "\n".join(lines)

    @staticmethod
    async def history(host: Host, game: Game, unsaved: list) -> list[tuple[int, str]]:
        """The game's action log as ``game`` was loaded ((position, action text) pairs: those saved
        since, by a request that did not wait for the game's lock, are left out), then ``unsaved``."""
        rows = await host.repo.list_actions(game.id)
        return [(a.seat or 0, a.action) for a in rows if a.game_version <= game.version] + [(p, t) for p, t in unsaved]

    async def bots_inputs(self, host: Host, game: Game, unsaved: list) -> dict:
        """bots_job's ``history``: the crew-mates rebuild what the crew has seen from it."""
        return {"history": await self.history(host, game, unsaved)}

    async def add_logs(self, host: Host, game: Game, state: GameState, played: list, posts: list) -> list:
        """Each turn's post gets the turn's log, rebuilt from the action log in the worker pool."""
        from .. import workers
        payloads = [json.loads(p) for _k, p in posts]
        turns = [pay["storm_turn"] for pay in payloads if "storm_turn" in pay]
        if not turns:
            return posts
        rows = await host.repo.list_actions(game.id)
        record = self.record(state, [(a.seat or 0, a.action) for a in rows] + [(s, t) for s, t in played])
        logs = await workers.run(host.executor, turn_logs, record, turns, game.names, game.language)
        out = []
        for (kind, raw), pay in zip(posts, payloads):
            if "storm_turn" in pay and logs.get(pay["storm_turn"]):
                text = pay["text"] + "\n" + logs[pay["storm_turn"]]
                pay["text"] = text if len(text) <= MAX_POST else text[:MAX_POST - 1] + "…"
                out.append((kind, json.dumps(pay)))
            else:
                out.append((kind, raw))
        return out

    async def hint(self, host: Host, game: Game, pos: int) -> HintAnswer:
        """What the hard crew-mate would do with the turn now, a line per action and why, only to
        the reader. Cooperative: anyone in the game may ask at any time; when it is not their
        turn, the hint is for the crew member whose turn it is."""
        from .. import workers
        state: GameState | None = game.state
        if game.row.kind == "daily":
            raise NotAllowed(_("No hints in the daily challenge: everyone plays the same game, on their own."))
        if game.status != "active" or state is None or state.phase == "over":
            raise WrongStage(_("This game is over.") if game.status == "finished" else
                             _("Hints are for the players of a game in progress."))
        seat = engine_seat(state, pos) if pos in self.to_act(state) else to_act(state)[0]
        try:
            lines = await workers.run(host.executor, hint_job, dump(state), seat, host.hard_turn_s, i18n.language(),
                                      image_names(game, state), await self.history(host, game, []))
        except NotYourTurn:
            raise WrongStage(_("Nothing to decide right now: ask again in a moment.")) from None
        head = (_("💡 **Hint**: what the hard computer crew-mate would do with your turn now (only you see this).")
                if pos in self.to_act(state) else
                _("💡 **Hint** for {player}'s turn: what the hard computer crew-mate would do now (only you see "
                  "this).").format(player=crew_name(game, state, seat)))
        text = "\n".join([head, *("• " + line for line in lines)])
        return HintAnswer(text if len(text) <= MAX_POST else text[:MAX_POST - 1] + "…")

    async def panel(self, host: Host, game: Game, pos: int, ui: dict | None = None) -> Panel:
        with use(i18n.language()):
            return self.make_panel(game, pos, ui or {})

    def make_panel(self, game: Game, pos: int, ui: dict) -> Panel:
        """The player's panel: the ship as text, then every legal action (a menu, a page at a
        time) with Undo and End as buttons; an action that cannot be undone asks first."""
        state: GameState = game.state
        stamp = self.stamp(state, pos)
        text = self.board_text(game, state)
        acting = pos in self.to_act(state)
        if not acting:
            waiting = crew_name(game, state, state.active) if state.phase != "over" else ""
            note = _("It is {player}'s turn.").format(player=waiting) if waiting else _("The game is over.")
            return Panel(game.id, pos, stamp, text + "\n\n" + note, controls=[], done=True)
        seat = engine_seat(state, pos)
        actions = legal_actions(state, seat)
        ship: tuple = (SHIP_IMAGE, (public_view(state), image_names(game, state)), {})
        names = image_names(game, state)
        confirm = ui.get("confirm")
        if confirm is not None:
            text += "\n\n" + _("**{action}** cannot be undone (a die roll, a card drawn or looked at, or the damage "
                                "card). Go ahead?").format(action=action_words(state, seat, parse(confirm), names))
            return Panel(game.id, pos, stamp, text, image=ship, controls=[
                Control("button", f"a:{confirm}", _("Confirm"), style="danger", name="confirm"),
                Control("button", f"p:{ui.get('page', 0)}", _("Back"), name="back")])
        text += "\n\n" + ngettext("Your turn ({player}): {n} action left. Choose an action:",
                                   "Your turn ({player}): {n} actions left. Choose an action:", state.actions).format(
            player=crew_name(game, state, seat), n=state.actions)
        buttons = [a for a in actions if str(a) in ("undo", "end")]
        menu = [a for a in actions if a not in buttons]
        page = max(0, min(int(ui.get("page", 0)), max(0, len(menu) - 1)))
        options: list[tuple[str, str]] = []
        if page > 0:
            options.append((f"p:{max(0, page - PAGE)}", _("◀ earlier choices")))
        for a in menu[page:page + PAGE]:
            verb = f"{CONFIRM_FIRST}:{a}" if self.cannot_undo(state, seat, a) else f"a:{a}"
            options.append((verb, action_words(state, seat, a, names)[:100]))
        if page + PAGE < len(menu):
            options.append((f"p:{page + PAGE}", _("more choices ▶ ({n} left)").format(n=len(menu) - page - PAGE)))
        controls = []
        if options:
            controls.append(Control("select", "", _("Choose an action"), options=tuple(options), row=0))
        for a in buttons:
            verb = f"{CONFIRM_FIRST}:{a}" if self.cannot_undo(state, seat, a) else f"a:{a}"
            controls.append(Control("button", verb, _("Undo") if str(a) == "undo" else _("End actions"),
                                    style="secondary" if str(a) == "undo" else "primary", row=1,
                                    name="undo" if str(a) == "undo" else "end"))  # the console's keys: u, e
        return Panel(game.id, pos, stamp, text[:1800], image=ship, controls=controls)  # a message: 2000 at most

    @staticmethod
    def cannot_undo(state: GameState, seat: int, action) -> bool:
        """Whether playing ``action`` reveals something (die, draw, peek, damage card): undo stops there."""
        if isinstance(action, Undo):
            return False
        trial = copy(state)
        apply(trial, seat, action)
        return trial.since_undo_point == 0 or trial.turn != state.turn or trial.phase == "over"

    def board_text(self, game: Game, state: GameState) -> str:
        """The ship as text (the placeholder of storm-render's image)."""
        view = public_view(state)
        lines = [_("Turn {turn} (round {round}) · difficulty {level}").format(
            turn=state.turn, round=round_of(state), level=self.difficulty(state.config["difficulty"]))]
        pawns: dict[str, list[str]] = {}
        for seat, where in enumerate(state.pawns):
            pawns.setdefault(where, []).append(str(seat + 1))
        for entry in view["ship"]:
            name = room(entry["room"])
            here = f" [{','.join(pawns[entry['room']])}]" if entry["room"] in pawns else ""
            if entry["room"] == D.CORE:
                lines.append(f"⚡ {name}{here}")
                continue
            track = " ".join(("■" if cube else "□") + card(res)[:3] for res, cube in zip(entry["track"], entry["cubes"]))
            marks = (" ↯" if entry["diverted"] else "") + (" 🛡" * len(entry["protection"]))
            lines.append("• " + _("{item}: {value}").format(item=name, value=f"{track}{marks}{here}"))
        for i, hand in enumerate(state.hands):
            who = _("Shared hand") if state.solo else game.names[i]
            lines.append(_("{item}: {value}").format(item=who, value=cards(hand)) + (
                " · " + _("{item}: {value}").format(item=_("tokens"), value=state.tokens[i]) if not state.solo else ""))
        if state.solo:
            lines.append(_("{item}: {value}").format(item=_("tokens"), value=", ".join(
                _("{item}: {value}").format(item=i + 1, value=t) for i, t in enumerate(state.tokens))))
        deck = view["resource_deck"]
        lines.append(_("Face up: {cards}").format(cards=cards(state.offer)) + (
            " · " + _("resource deck: {n}, damage deck: {d}").format(n=deck, d=view["damage_deck"])
            if deck is not None else ""))
        if state.hull_breach:
            lines.append("🕳 " + _("Hull Breach: the damage phase rolls the die"))
        if state.pending:
            shown = state.pending.get("cards")
            what = room(state.pending["kind"]) if state.pending.get("kind") in D.ROOM else \
                _("the scavenged cards ({n} left to take)").format(n=state.pending.get("left", 0))
            lines.append(_("To choose now: {what}").format(what=what) + (
                " (" + ", ".join(card(c) if c in D.CARDS else str(c) for c in shown) + ")"
                if isinstance(shown, list) else ""))
        return "\n".join(lines)

    async def control(self, host: Host, game: Game, pos: int, verb: str) -> Panel | None:
        kind, _sep, rest = verb.partition(":")
        if kind == "a":
            return None
        if kind == CONFIRM_FIRST:
            self.parse(rest)  # a verb this bot never made is refused here
            return await self.panel(host, game, pos, {"confirm": rest})
        if kind == "p":
            try:
                page = int(rest)
            except ValueError:
                raise MalformedAction(_("That control is not one this bot made."), rest[:20]) from None
            return await self.panel(host, game, pos, {"page": page})
        raise MalformedAction(_("That control is not one this bot made."), verb)

    # ---------------------------------------------------------------- results and records

    def result_rows(self, game: Game, state: GameState) -> list[ResultRow]:
        return []  # no scores, no rating: the outcomes table holds the result

    def ended_rows(self, game: Game, state: GameState, ended_by: int) -> list[ResultRow]:
        return []

    def outcome_rows(self, game: Game, state: GameState) -> list[OutcomeRow]:
        """Each seat's outcome. A person's seat the computer took over (away, stalled game) stays
        theirs, marked ``autopilot``; a computer crew-mate's has no user."""
        result = state.result or {}
        common = {"result": result.get("result"), "reason": result.get("reason"), "turn": result.get("turn"),
                  "round": result.get("round"), "difficulty": state.config["difficulty"],
                  "crew": state.config["players"], "diverted": len(state.diverted),
                  "resource_deck": len(state.resource_deck), "daily": game.row.daily_key,
                  "started_at": game.options.get("started_at")}
        taken = game.options.get("autopilot") or {}
        rows = []
        for i, s in enumerate(game.seats):
            entry = taken.get(str(i)) if isinstance(taken, dict) else None
            name = entry["name"] if entry and s.is_bot and s.user_id is not None else s.display_name
            # the computer played some of a person's turns (away, taken over): not their own result
            summary = {**common, "autopilot": bool(s.is_bot and s.user_id is not None)
                       or (entry is not None and s.user_id is not None)}
            rows.append(OutcomeRow(seat=i, user_id=s.user_id, name=name, summary=json.dumps(summary)))
        return rows

    def outcome_profile(self, rows: list[OutcomeRow]) -> dict:
        return outcome_profile(rows)

    def outcome_records(self, rows: list[OutcomeRow]) -> dict:
        return outcome_records(rows)

    def profile_text(self, profile: dict) -> str | None:
        return profile_text(profile)

    def profile_tiles(self, profile: dict) -> tuple[str, list[tuple[str, str]]] | None:
        return profile_tiles(profile)

    # ---------------------------------------------------------------- the daily challenge

    def daily_options(self, key: str) -> dict:
        """Solo (one person runs three crew members), at DAILY_DIFFICULTY, with the day's seed; no
        reminders, no turn timer, no stall notice, and nobody plays it for an away player."""
        return {"max_players": 1, "seed": daily_seed(key), "difficulty": DAILY_DIFFICULTY, "remind_hours": 0,
                "timer_hours": 0, "stall_days": 0, "allow_away": False}

    def daily_done(self, key: str, row: GameRow) -> str:
        state = load(row.state) if row.state else None
        result = (state.result or {}) if state is not None else {}
        finished = row.status == "finished" and result.get("result") in ("won", "lost")
        if front_of(row) == "console":  # the console's own words: when the next one starts, no slash command
            if not finished or state is None:
                return _("You ended today's Solar Storm daily ({day}) before its end: one try a day. The next one "
                         "starts <t:{next}:R>.").format(day=key, next=next_daily(key))
            return _("You have already played today's Solar Storm daily ({day}): {result}. One try a day; the next "
                     "one starts <t:{next}:R>.").format(day=key, result=result_words(daily_result(state)),
                                                        next=next_daily(key))
        if not finished or state is None:
            return _("You ended today's Solar Storm daily ({day}) before its end: one try a day. A new one starts "
                     "at 00:00 UTC; see /storm leaderboard.").format(day=key)
        return _("You have already played today's Solar Storm daily ({day}): {result}. One try a day; a new one "
                 "starts at 00:00 UTC; see /storm leaderboard.").format(day=key, result=result_words(daily_result(state)))

    def daily_started(self) -> str:
        return _("You have already started today's Solar Storm daily; use /storm play.")

    def daily_entry(self, row: OutcomeRow) -> dict | None:
        return daily_entry(row)

    @in_game_language
    def daily_post(self, game: Game, state: GameState) -> str:
        """The one post of a daily challenge, when it ends: the result only (others play the same
        game today)."""
        text = _("🏁 {player} finished the Solar Storm daily {day} ({level}): {result}. See /storm leaderboard.") \
            if game.front == "discord" else _("🏁 {player} finished the Solar Storm daily {day} ({level}): {result}.")
        return text.format(player=game.mention(0), day=game.row.daily_key,
                           level=self.difficulty(state.config["difficulty"]), result=result_words(daily_result(state)))

    def record(self, state: GameState, actions: list[tuple[int, str]]) -> dict:
        """The replay file engine.solar_storm.replay reads: positions mapped back to crew members
        (solo: the crew member whose turn each action was)."""
        config = dict(state.config)
        if not state.solo:
            return {"config": config, "seed": state.seed, "actions": [[s, t] for s, t in actions]}
        trial = new_game(config, state.seed)
        out = []
        for _pos, text in actions:
            seat = trial.active
            apply(trial, seat, parse(text))
            out.append([seat, text])
        return {"config": config, "seed": state.seed, "actions": out}


KIND: Any = SolarStorm()
