"""What happened in each round, rebuilt from a game's action log: the round log of the round
summary post and of /pu history, the planets as they stood at the end of any past round, the
replay file of /pu export and the end-of-game facts (rounds, days, median time per round).

Everything here comes from ``engine.replay`` (the action log played again on a fresh game)
and ``engine.view.public_view``: a round's log is the difference between the public views at
its start and at its end, so it can only say what every onlooker may see (never a private
objective, an end-game civ card's name or a turn not yet confirmed). The functions ending in
``_job`` are pure data in and out: the service runs them in its worker pool (service.workers).
"""
from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field

import i18n
from engine import data as D
from engine import events as E
from engine.actions import parse
from engine.effects import tech_unlocked
from engine.errors import EngineError
from engine.rules import apply
from engine.setup import new_game
from engine.view import public_view
from i18n import _, content, ngettext, use

LINE_LIMIT = 300  # characters of one player's line; six of them and the header fit in a message


def record_of(config: dict, seed: int, actions) -> dict:
    """A replay file (engine.replay's JSON): the setup and the (seat, action) pairs in order."""
    return {"config": config, "seed": seed, "actions": [[seat, text] for seat, text in actions]}


@dataclass
class Walk:
    """A game's log played again: the public view at the start of round 1 (``first``) and at
    the end of each finished round (``ends``: the first moment the round number moved on, or
    the game ended), the round each action was played in, the round each seat's turn opened
    (action index, -1: before any action), the action that ended each seat's turn and the
    event card revealed when each round opened (``events``; the view at a round's end already
    shows the next round's card, so a round's event is never read from it)."""
    first: dict
    ends: dict[int, dict] = field(default_factory=dict)
    events: dict[int, list[int]] = field(default_factory=dict)
    rounds: list[int] = field(default_factory=list)
    opened: dict[int, int] = field(default_factory=dict)
    confirmed: dict[tuple[int, int], int] = field(default_factory=dict)  # (round, seat) -> action index
    last_round: int = 0
    over: bool = False
    final: dict | None = None


def walk(record: dict, upto_round: int | None = None) -> Walk:
    """Play the record again, stopping once round ``upto_round`` is over (None: to the end).
    Raises EngineError naming the action that failed."""
    state = new_game(record["config"], record["seed"])
    out = Walk(first=public_view(state))
    if state.phase == "turns":
        out.opened[state.round] = -1
    _note_events(state, out, 0)
    for index, (seat, text) in enumerate(record["actions"]):
        round_, phase = state.round, state.phase
        seen = len(_revealed(state))
        try:
            apply(state, seat, parse(text))
        except EngineError as exc:
            raise type(exc)(f"action {index + 1} (seat {seat + 1}: {text!r}) failed: {exc}") from exc
        _note_events(state, out, seen)
        out.rounds.append(round_)
        if phase == "turns" and text.strip() == "confirm":
            out.confirmed[(round_, seat)] = index
        if state.phase == "turns" and (phase != "turns" or state.round != round_):
            out.opened.setdefault(state.round, index)
        if (state.round != round_ or state.phase == "over") and phase != "over" and round_ >= 1:
            out.ends[round_] = public_view(state)
            if upto_round is not None and round_ >= upto_round:
                break
    out.last_round, out.over = state.round, state.phase == "over"
    if out.over:
        out.final = public_view(state)
    return out


def _revealed(state) -> list[int]:
    return list((E.deck_state(state) or {}).get("revealed", []))


def _note_events(state, out: Walk, seen: int) -> None:
    """Cards revealed by the last action (after the first ``seen``) belong to the round that
    action opened: the card is revealed when a round's turns open (R1)."""
    new = _revealed(state)[seen:]
    if new:
        out.events.setdefault(state.round, []).extend(new)


def finished_rounds(walked: Walk) -> list[int]:
    return sorted(walked.ends)


# ---------------------------------------------------------------------- the log of a round

def _tile_text(entry: list) -> str:
    tile_id, orient, anchor = entry
    t = D.tile(tile_id)
    size = _("small") if t.ring == "small" else _("large")
    meteor = _(", meteor") if t.has_meteor else ""
    return _("{size} {shape} {a}/{b}{meteor} at {square} ({orient})").format(
        size=size, shape=t.shape_code, a=D.terrain_word(t.terrain_a), b=D.terrain_word(t.terrain_b), meteor=meteor,
        square=D.cell_name(anchor), orient=orient)


def _techs(corp: dict) -> set[int]:
    levels = [t.level for t in D.corporation(corp["corp"]).techs]
    return {lv for lv in levels if tech_unlocked(corp["corp"], corp["trackers"], lv, corp.get("special"))}


def seat_line(before: dict, after: dict, name: str) -> str:
    """One player's round, from their seat in the public views before and after it."""
    b_board, a_board = before["board"], after["board"]
    b_corp, a_corp = before["corp"], after["corp"]
    parts = []
    new_tiles = a_board["tiles"][len(b_board["tiles"]):]
    if new_tiles:
        parts.append(", ".join(_tile_text(t) for t in new_tiles))
    else:
        parts.append(_("no tile placed"))
    moved = [(track, a_corp["trackers"][track] - b_corp["trackers"].get(track, 0)) for track in a_corp["trackers"]]
    moved = [(track, n) for track, n in moved if n]
    if moved:
        parts.append(_("tracks {list}").format(list=" ".join(f"{D.terrain_word(t)} {n:+d}" for t, n in moved)))
    cards = [c for c in a_corp["civ_cards"] if c not in b_corp["civ_cards"]]
    secret = a_corp["hidden_civ_cards"] - b_corp["hidden_civ_cards"]
    for card in cards:
        parts.append(_("civ card {name}").format(name=content(D.civ_card(card).name)))
    if secret > 0:
        parts.append(ngettext("{n} end-game civ card (kept hidden)", "{n} end-game civ cards (kept hidden)",
                              secret).format(n=secret))
    pods = a_corp["lifepods"] - b_corp["lifepods"]
    if pods > 0:
        parts.append(ngettext("{n} lifepod", "{n} lifepods", pods).format(n=pods))
    caught = a_corp["meteorites"] - b_corp["meteorites"]
    if caught > 0:
        parts.append(ngettext("{n} meteorite destroyed", "{n} meteorites destroyed", caught).format(n=caught))
    landed = len(a_board["meteorites"]) - len(b_board["meteorites"]) + max(caught, 0)
    if landed > 0:
        parts.append(ngettext("{n} meteorite landed", "{n} meteorites landed", landed).format(n=landed))
    techs = sorted(_techs(a_corp) - _techs(b_corp))
    if techs:
        corp = D.corporation(a_corp["corp"])
        parts.append(_("tech {list}").format(list=", ".join(
            f"{lv} ({content(corp.tech(lv).label)})" if corp.tech(lv).label else str(lv) for lv in techs)))
    line = _("{name}: {parts}").format(name=name, parts=_("; ").join(parts))
    return line if len(line) <= LINE_LIMIT else line[:LINE_LIMIT - 1] + "…"


def round_log(start: dict, end: dict, names: list[str], events: Sequence[int] = ()) -> str:
    """The log of a round: the event card revealed when it opened (``events``, Walk.events),
    then one line per player built from the public views at the round's start and end."""
    lines = []
    for card_id in events:
        card = E.card(card_id)
        lines.append(_("Event: {name} ({colour})").format(name=content(card.name), colour=_(card.colour)))
    for seat, after in enumerate(end["seats"]):
        name = names[seat] if seat < len(names) else _("Player {n}").format(n=seat + 1)
        lines.append(seat_line(start["seats"][seat], after, name))
    return "\n".join(lines)


def start_of(walked: Walk, round_: int) -> dict:
    return walked.ends.get(round_ - 1, walked.first) if round_ > 1 else walked.first


def log_of(walked: Walk, round_: int, names: list[str]) -> str:
    """The log of a finished round of a walked record."""
    return round_log(start_of(walked, round_), walked.ends[round_], names, walked.events.get(round_, []))


# ---------------------------------------------------------------------- worker jobs

def logs_job(record: dict, rounds: list[int], names: list[str], language: str = "en") -> dict[int, str]:
    """The logs of ``rounds`` (finished rounds of the record), by round."""
    with use(language):
        walked = walk(record, upto_round=max(rounds) if rounds else None)
        return {r: log_of(walked, r, names) for r in rounds if r in walked.ends}


def history_job(record: dict, round_: int, names: list[str], language: str = "en") -> dict:
    """/pu history: the log of a finished round and the public view at its end. Rounds that
    are not over get ``{"rounds": [...]}`` only (the valid ones)."""
    with use(language):
        walked = walk(record)
        if round_ not in walked.ends:
            return {"rounds": finished_rounds(walked)}
        return {"rounds": finished_rounds(walked), "log": log_of(walked, round_, names),
                "view": walked.ends[round_]}


def facts_job(record: dict, times: list[float], names: list[str], started: float, language: str = "en") -> str:
    """A finished game's facts: rounds, days from the start to the last move, and each
    player's median time from the opening of a round's turns to their confirmation
    (``times``: when each action of the record was accepted)."""
    with use(language):
        walked = walk(record)
        last = times[-1] if times else started
        lines = [_("{rounds}, played in {time}.").format(
            rounds=ngettext("{n} round", "{n} rounds", walked.last_round).format(n=walked.last_round),
            time=duration(max(0.0, last - started)))]
        waits = []
        for seat, name in enumerate(names):
            took = []
            for (round_, who), index in walked.confirmed.items():
                if who != seat or round_ not in walked.opened:
                    continue
                opened = walked.opened[round_]
                since = started if opened < 0 else times[opened]
                took.append(max(0.0, times[index] - since))
            if took:
                waits.append(_("{name} {time}").format(name=name, time=duration(statistics.median(took))))
        if waits:
            lines.append(_("Median time to play a round: {list}.").format(list=", ".join(waits)))
        return "\n".join(lines)


def duration(seconds: float) -> str:
    """A short, readable length of time: 40 s, 12 min, 5.5 h, 2.1 days."""
    if seconds < 60:
        return _("{n} s").format(n=int(seconds))
    if seconds < 3600:
        return _("{n} min").format(n=int(seconds // 60))
    if seconds < 86400:
        return hours_text(seconds)
    return days_text(seconds)


def hours_text(seconds: float) -> str:
    """``seconds`` in hours, to a tenth, written the reader's way: "1.5 h" / "1,5 h"."""
    return _("{n} h").format(n=i18n.number(seconds / 3600, 1, trim=True))


def medals(n: int) -> str:
    """A number of medals: "1 medal", "2 medals" (French: "1 Médaille", "2 Médailles")."""
    return ngettext("{n} medal", "{n} medals", n).format(n=n)


def days_text(seconds: float) -> str:
    """``seconds`` in days, to a tenth: "1 day", "2.5 days" / "1,5 jour", "2,5 jours"."""
    days = round(seconds / 86400, 1)
    return ngettext("{n} day", "{n} days", days).format(n=i18n.number(days, 1, trim=True))
