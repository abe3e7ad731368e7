"""Hints and the guided first game, the part of GameService that teaches.

A hint (/pu hint, the panel's Hint button, the console's ``hint``) is what the hard computer
player would do in the asking player's place now, and why (autopilot/hint.py: its moves, and
the parts of the heuristic's evaluation that they change most). It is worked out in the worker
pool (``hint_job``), answered only to the player who asked, and leaves no trace in the game:
nothing is posted, nothing saved. Hints are fair only where nobody competes: in solo games and
games against computer players (not the daily challenge), and in a game with other people only
when its creator allowed hints when creating it (such a game is not rated: service/ratings.py).

The guided first game (``learn``, an option of a solo game on the standard boards with the easy
event deck) adds to each panel's notes (beside its text: an embed in Discord) the lessons due now
(service/lessons.py, each shown once: those shown are noted in the game's options) and the hint
for the decision; its panel's Leave button (LEAVE) turns it into an ordinary solo game.
"""
from __future__ import annotations

from collections import OrderedDict

import i18n
from autopilot.hint import Hint, Reason, hint
from engine import data as D
from engine import rules
from engine.actions import DropObjective, Move, Pick, Place, Resolve, Turn
from engine.errors import NotYourTurn
from engine.state import GameState, dump, load
from i18n import _, content, ngettext

from . import controls, lessons, panels, workers
from ._host import Host
from ._model import Game
from .controls import HintAnswer
from .errors import NotAllowed, WrongStage

LEAVE = "l:off"  # the guided game's button that leaves the lessons (service._play: control)
HINT_CACHE = 64  # hints kept (by game and decision) for the guided game's panels


def refusal(game: Game) -> str | None:
    """Why this game gives no hints (in the reader's words), or None when it does."""
    if game.row.kind == "daily":
        return _("No hints in the daily challenge: everyone plays the same game, on their own.")
    people = {s.user_id for s in game.seats if not s.is_bot}
    if len(people) > 1 and not game.options.get("hints"):
        return _("No hints in this game: other people play in it, and its creator did not allow hints "
                 "when creating it (/pu create hints:True; such a game is not rated).")
    return None


def _signed(x: float) -> str:
    return ("+" if x >= 0 else "−") + i18n.number(abs(x), 1)


def _action_words(state: GameState, action, note: dict) -> str:
    if isinstance(action, Pick):
        tile = note.get("tile")
        label = D.tile(tile).label if tile is not None else ""
        return (_("take the small tile ({tile})") if action.stack == "small" else
                _("take the large tile ({tile})")).format(tile=label)
    if isinstance(action, Place):
        return _("place it at {square}, orientation {orient} (see the picture)").format(
            square=D.cell_name(action.anchor), orient=action.orient)
    if isinstance(action, Resolve):
        item = note.get("item")
        value = action.value
        if item is not None and item.get("kind") == "civ" and value.isdigit():
            value = content(D.civ_card(int(value)).name)
        else:
            value = D.terrain_word(value)  # a terrain in the reader's words; squares and numbers as they are
        what = rules.describe_item(item) if item is not None else _("item {n}").format(n=action.item)
        return _("{item}: {value}").format(item=what, value=value)
    if isinstance(action, Move):
        directions = {"up": _("up"), "down": _("down"), "left": _("left"), "right": _("right")}
        return _("move rover {n} {direction}").format(n=action.rover,
                                                      direction=directions.get(action.direction, action.direction))
    if isinstance(action, Turn):
        return ngettext("turn the station by {n} depot", "turn the station by {n} depots", action.steps).format(
            n=action.steps)
    if isinstance(action, DropObjective):
        return _("put back objective #{card} ({name})").format(
            card=action.card, name=content(D.objective_card(action.card).private_name))
    return str(action)


def reason_words(reason: Reason) -> str:
    """One reason as a newcomer reads it: what changes, and by how many medals (the heuristic's
    estimate of the final medals)."""
    part, change, facts = reason.part, reason.change, reason.facts
    kind, _sep, name = part.partition(":")
    medals = _signed(change)
    if kind in ("row", "column"):
        line = _("row {name}").format(name=name) if kind == "row" else _("column {name}").format(name=name)
        if facts.get("complete") and not facts.get("was_complete"):
            return ngettext("completes {line}: {n} medal", "completes {line}: {n} medals",
                            round(abs(change), 1)).format(line=line, n=medals)
        if change > 0:
            return _("brings {line} nearer to complete: {medals}").format(line=line, medals=medals)
        return _("{line} is less likely to score: {medals}").format(line=line, medals=medals)
    if kind == "track":
        if name == "board":
            return _("the corporation board's medals: {medals}").format(medals=medals)
        track = D.terrain_word(name)
        if facts.get("to", 0) > facts.get("from", 0) and change < 0:  # the bonus it promised is taken now
            return _("{track} track from {start} to {end}, its bonus now in play: {medals}").format(
                track=track, start=facts["from"], end=facts["to"], medals=medals)
        if facts.get("to", 0) != facts.get("from", 0):
            return _("{track} track from {start} to {end}: {medals}").format(
                track=track, start=facts["from"], end=facts["to"], medals=medals)
        return _("{track} track: {medals}").format(track=track, medals=medals)
    if kind == "holes":
        after = facts.get("after", 0)
        if change < 0:
            return ngettext("leaves small holes ({n} square) few tiles can fill: {medals}",
                            "leaves small holes ({n} squares) few tiles can fill: {medals}", after).format(
                n=after, medals=medals)
        return _("fills small holes: {medals}").format(medals=medals)
    if kind == "objective":
        return _("private objective “{name}”: {medals}").format(
            name=content(D.objective_card(int(name)).private_name), medals=medals)
    words = {
        "cover": _("covers more of the planet: {medals}"),
        "planet": _("the planet's own medals: {medals}"),
        "techs": _("unlocks a tech: {medals}"),
        "lifepods": _("collects lifepods: {medals}"),
        "meteorites": _("collects meteorites: {medals}"),
        "in_reach": _("lifepods and meteorites a rover can still reach: {medals}"),
        "rovers": _("rovers on the planet: {medals}"),
        "civ_cards": _("civ cards: {medals}"),
        "neighbour": _("a neighbour objective: {medals}"),
        "pending": _("what is still to settle: {medals}"),
    }
    return words.get(kind, "{part}: {medals}").format(part=part, medals=medals)


def hint_job(state_json: str, seat: int, budget_s: float | None, language: str) -> dict:
    """The hint as a worker works it out (pure data in and out): its text in ``language``, the
    short form, the preview's render spec, and the moves and reasons as data (for the tests)."""
    state = load(state_json)
    found = hint(state, seat, budget_s)
    with i18n.use(language):
        return {**_words(state, found), "actions": [str(a) for a in found.actions],
                "reasons": [(r.part, r.change) for r in found.reasons]}


def _words(state: GameState, found: Hint) -> dict:
    moves = [_action_words(state, a, n) for a, n in zip(found.actions, found.notes)]
    why = [reason_words(r) for r in found.reasons]
    lines = [_("💡 **Hint**: what the hard computer player would do now (only you see this).")]
    lines += [f"• {m}" for m in moves] or [_("• nothing to change: confirm as it is")]
    if why:
        lines.append(_("Why (its estimate of your final medals, {before} → {after}):").format(
            before=i18n.number(found.before, 1), after=i18n.number(found.after, 1)))
        lines += [f"  – {w}" for w in why]
    short = _("💡 Hint: {moves}.").format(moves=_("; ").join(moves) or _("confirm as it is"))
    only_moves = short
    if why:
        short += " " + _("Why: {reasons}.").format(reasons=_("; ").join(why))
    image: tuple | None = None
    if found.preview is not None:
        view, tile, orient, anchor = found.preview
        image = ("preview", (view, found.seat, tile, orient, anchor), {})
    return {"text": "\n".join(lines), "short": short, "moves": only_moves, "image": image}


class Hints(Host):
    """Mixed into GameService (service.games)."""

    _hints: OrderedDict[tuple[int, str], dict]

    def hints_allowed(self, game: Game) -> bool:
        return refusal(game) is None

    async def hint(self, game_id: int, user_id: int) -> HintAnswer:
        """What the hard computer player would do in the user's place now, and why (the game's
        kind answers: ``GameKind.hint``). Raises NotAllowed where hints are off, WrongStage when
        there is nothing to hint at."""
        game = await self.load(game_id)
        seat = game.seat_of(user_id)
        if game.state is None or seat is None:
            raise WrongStage(_("Hints are for the players of a game in progress."))
        return await game.kind.hint(self, game, seat)

    async def _hint(self, game: Game, seat: int) -> HintAnswer:
        """Planet Unknown's hint (its kind's ``hint``): where hints are allowed, the seat's
        decision now, with the placement's preview."""
        why = refusal(game)
        if why is not None:
            raise NotAllowed(why)
        if game.status != "active":
            raise WrongStage(_("This game is over."))
        job = await self._hint_job(game, seat)
        image: tuple | None = job["image"]
        if image is not None:
            kind, args, kwargs = image
            image = (kind, (*args, game.names), kwargs)
        return HintAnswer(job["text"], image, job["short"])

    async def _hint_job(self, game: Game, seat: int) -> dict:
        assert game.state is not None
        key = (game.id, panels.stamp_of(game.state, seat) + i18n.language())
        cache = self._hints
        found = cache.get(key)
        if found is None:
            try:
                found = await workers.run(self.executor, hint_job, dump(game.state), seat, self.hard_turn_s,
                                          i18n.language())
            except NotYourTurn:
                raise WrongStage(_("Nothing for you to decide right now: a hint comes with your next decision."))\
                    from None
            cache[key] = found
            while len(cache) > HINT_CACHE:
                cache.popitem(last=False)
        return found

    async def _panel(self, game: Game, seat: int, ui: dict | None = None) -> panels.Panel:
        """The seat's panel, with the Hint button where hints are allowed; in a guided game, the
        lessons due now (noted as shown: the caller holds the game's lock) and the hint."""
        assert game.state is not None
        panel = panels.build(game.state, game.id, seat, game.names, ui, game.front, hints=self.hints_allowed(game))
        if not game.options.get("learn") or panel.done or game.status != "active":
            return panel
        # each lesson is noted with the decision (the panel's stamp) it came with: shown again on
        # that decision's panel (the panel after a move, then /pu play, or the console's redraw),
        # never on a later one
        seen = dict(game.options.get("lessons") or {})
        now = [x for x in lessons.lessons() if seen.get(x.id) == panel.stamp]
        new = lessons.due(game.state, seat, seen, lessons.PER_PANEL - len(now))
        head = [lessons.text(x) for x in now + new]
        if new:
            seen.update((x.id, panel.stamp) for x in new)
            game.options["lessons"] = seen
            await self._note_option(game.id, "lessons", seen)
        job = await self._hint_job(game, seat)
        # beside the decision's text, whole (an embed under it in Discord): the panel's text keeps
        # its room for what a move settled by itself (service/controls.announce)
        panel.notes = [*head, job["short"]]
        if len("\n\n".join(panel.notes)) > controls.NOTES_LIMIT:  # never with today's words: the moves only
            panel.notes[-1] = job["moves"]
        panel.controls.append(panels.Control("button", LEAVE, _("Leave the lessons"), row=4,
                                             name="leave"))
        return panel

    async def learn(self, *, user_id: int, name: str, guild_id: int | None, channel_id: int | None,
                    language: str | None = None, seed: int | None = None, front: str = "discord") -> Game:
        """A guided first game for this player, started: solo, on the standard boards (KSB-4156
        and Universal Coalition, as the rulebook advises for a first game), with the easy event
        deck: a solo game always plays one (rulebook p.9), whose last card marks its last round."""
        options = {"max_players": 1, "events": "easy", "boards": "standard", "learn": True, "remind_hours": 0,
                   "language": language, "seed": seed, "front": front}
        game = await self.create(creator_id=user_id, creator_name=name, guild_id=guild_id, channel_id=channel_id,
                                 options=options, kind="solo")
        return await self.start(game.id, user_id, False)
