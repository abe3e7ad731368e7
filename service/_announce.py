"""What a game's channel hears, as outbox rows written with the state that caused them:
the start of a game, each round's opening and its summary image, the commander's and the
civ-card prompts, the final score sheet, and a daily challenge's result (text only). A game
with no human seat left gets one digest post per round."""
from __future__ import annotations

import functools
import json

from engine import data as D
from engine import rules, scoring
from engine.state import GameState
from engine.view import public_view
from i18n import _, content, ngettext, use

from ._model import MAX_POST, Game
from .roundlog import medals


def in_game_language(method):
    """A method writing a game's public posts (its first argument after the class: the game)
    writes them in the game's language."""
    @functools.wraps(method)
    def wrapper(owner, game: Game, *args, **kwargs):
        with use(game.language):
            return method(owner, game, *args, **kwargs)
    return wrapper


class Announcements:
    """The posts of GameService (static: they also run in a worker, in bots_job)."""

    @in_game_language
    def _start_text(self, game: Game, state: GameState) -> str:
        lines = [ngettext("**Game #{game} begins** with {n} player:", "**Game #{game} begins** with {n} players:",
                          state.players).format(game=game.id, n=state.players)]
        for i in range(state.players):
            planet = content(D.planet(state.config["planets"][i]).name)
            corp = content(D.corporation(state.config["corporations"][i]).name)
            lines.append(_("{n}. {player}: planet {planet}, {corporation}").format(
                n=i + 1, player=game.mention(i), planet=planet, corporation=corp))
        solo = public_view(state).get("solo")
        if solo and solo.get("target") is not None:
            lines.append(_("Solo target: **{medals}**.").format(medals=medals(solo['target'])))
        if game.options.get("rated_autopilot") and state.players > 1:
            lines.append(_("⚖️ This game moves ratings even if the autopilot plays a person's seat for more than "
                           "half the rounds (/pu host rated-autopilot)."))
        if state.phase == "objectives":
            lines.append(_("First, everyone keeps their private objectives (press **Play**).") if game.front == "discord"
                         else _("First, everyone keeps their private objectives."))
        return "\n".join(lines)

    @staticmethod
    def _marker(state: GameState) -> tuple:
        waiting = tuple(i for i in rules.to_act(state))
        return (state.round, state.phase, state.active, waiting)

    @staticmethod
    def _humans(game: Game, seats=None) -> list[int]:
        seats = range(len(game.seats)) if seats is None else seats
        return [u for u in (game.user_of(i) for i in seats) if u is not None]

    @staticmethod
    def _post(game: Game, text: str, *, mentions=(), image: dict | None = None,
              buttons: tuple[str, ...] = (), ping: str | None = None) -> tuple[str, str]:
        """A post for the game's channel; ``ping="round"`` marks a new round's opening (a player
        may turn that ping off: service._async). ``language``: the game's, for the post's image
        (drawn later, when the post goes out)."""
        payload = {"text": text, "mentions": list(mentions), "image": image, "buttons": list(buttons),
                   "language": game.language}
        if ping is not None:
            payload["ping"] = ping
        return ("post", json.dumps(payload))

    @classmethod
    @in_game_language
    def _transitions(cls, game: Game, state: GameState, before: tuple, posts: list) -> None:
        round_, phase, active, waiting = before
        if game.row.kind == "daily":
            # a daily challenge shows nothing of the player's game before they finish (others
            # are playing the same tiles today); the result is posted as text only
            if state.phase == "over" and phase != "over":
                result = state.result or scoring.score(state)
                solo = result.get("solo") or {}
                if game.front == "discord":
                    text = (_("🏁 {player} finished the daily challenge {day} with {total} (target {target}). "
                              "See /pu leaderboard.") if solo.get("target") is not None else
                            _("🏁 {player} finished the daily challenge {day} with {total}. See /pu leaderboard."))
                else:  # the console: its own leaderboard command is in its help
                    text = (_("🏁 {player} finished the daily challenge {day} with {total} (target {target}).")
                            if solo.get("target") is not None else
                            _("🏁 {player} finished the daily challenge {day} with {total}."))
                posts.append(cls._post(game, text.format(player=game.mention(0), day=game.row.daily_key,
                                                         total=medals(result['players'][0]['total']),
                                                         target=solo.get("target")), mentions=cls._humans(game)))
            return
        if (state.round != round_ or state.phase == "over") and round_ >= 1 and phase != "over" \
                and (state.round, state.phase) != (round_, phase):
            title = _("Game #{game}: the planets after round {round}").format(game=game.id, round=round_)
            posts.append(cls._post(game, _("**Round {round} is over.**").format(round=round_), image={
                "kind": "summary", "view": public_view(state), "names": game.names, "title": title,
                "round": round_}))  # the round's log is added when it is saved (service/_history.py)
        if state.phase == "over" and phase != "over":
            result = state.result or scoring.score(state)
            posts.append(cls._post(game, cls._final_text(game, result), mentions=cls._humans(game), image={
                "kind": "score", "view": public_view(state), "names": game.names, "chart": True}))
            return
        if (state.round, state.phase, state.active) == (round_, phase, active):
            return
        if state.phase == "rotate" and state.commander is not None:
            c = state.commander
            posts.append(cls._post(game, (_("**Round {round}.** {player}, you are the commander: "
                                            "turn the space station (press **Play**).") if game.front == "discord"
                                          else _("**Round {round}.** {player}, you are the commander: "
                                                 "turn the space station.")).format(
                                               round=state.round, player=game.mention(c)),
                                    mentions=cls._humans(game, [c]), buttons=("play", "station")))
        elif state.phase == "turns" and (phase != "turns" or state.round != round_):
            humans = [i for i in rules.to_act(state) if game.user_of(i) is not None]
            who = ", ".join(game.mention(i) for i in humans) or _("the computer players")
            event = (public_view(state).get("events") or {}).get("current")
            news = "\n" + _("Event ({colour}): **{name}**: {text}").format(
                colour=_(event['colour']), name=content(event['name']), text=content(event['text'])) if event else ""
            posts.append(cls._post(game, (_("**Round {round} is open.** {players}: pick and place your tile "
                                            "(press **Play**).") if game.front == "discord"
                                          else _("**Round {round} is open.** {players}: pick and place your tile."))
                                   .format(round=state.round, players=who) + news,
                                    mentions=cls._humans(game, humans), buttons=("play", "station"), ping="round"))
        elif state.phase in ("civ", "final") and state.active is not None and state.active != active:
            a = state.active
            if game.front == "discord":
                what = (_("{player}: choose your civilisation card (press **Play**).") if state.phase == "civ"
                        else _("{player}: settle your last choices (press **Play**)."))
            else:
                what = (_("{player}: choose your civilisation card.") if state.phase == "civ"
                        else _("{player}: settle your last choices."))
            if game.user_of(a) is not None:
                posts.append(cls._post(game, what.format(player=game.mention(a)),
                                        mentions=cls._humans(game, [a]), buttons=("play",)))

    @classmethod
    def _digest(cls, game: Game, posts: list) -> list:
        """The posts of one save in a game with no human seat left (the autopilot plays every
        seat, a round per save): one post with the round's texts and its summary image, then
        the final score sheet if the game ended. Prompts to press Play are left out: nobody
        is left to press it."""
        payloads = [json.loads(p) for _, p in posts]
        final = [p for p, pay in zip(posts, payloads) if (pay.get("image") or {}).get("kind") == "score"]
        rest = [pay for p, pay in zip(posts, payloads) if p not in final]
        texts = [pay["text"] for pay in rest if not pay.get("buttons")]
        if not texts:
            return final
        images = [pay["image"] for pay in rest if pay.get("image")]
        text = "\n".join(texts)
        if len(text) > MAX_POST:
            text = text[:MAX_POST - 1] + "…"
        return [cls._post(game, text, image=images[-1] if images else None)] + final

    @classmethod
    @in_game_language
    def _final_text(cls, game: Game, result: dict) -> str:
        players = {p["seat"]: p for p in result["players"]}
        lines = [_("**Game #{game} is over.** Final scores:").format(game=game.id)]
        for seat in result["ranking"]:
            p = players[seat]
            line = ngettext("{place}. {player}: {n} medal", "{place}. {player}: {n} medals", p['total']).format(
                place=p['place'], player=game.mention(seat), n=p['total'])
            tie = scoring.tie_break_text(p)
            lines.append(line + (f" ({tie})" if tie else ""))
        mentions = [game.mention(s) for s in result["winners"]]
        winners = _("{first} and {second}").format(first=", ".join(mentions[:-1]), second=mentions[-1]) \
            if len(mentions) > 1 else "".join(mentions)
        lines.append(ngettext("🏆 {winners} wins!", "🏆 {winners} win!", len(result["winners"])).format(winners=winners)
                     if len(result["players"]) > 1 else "")
        solo = result.get("solo") or {}
        if solo.get("target") is not None:  # the solo target (p.10): reached or missed, and by how much
            total = result["players"][0]["total"]
            lines.append(_("Solo target {target}: reached (+{over}).").format(target=solo["target"],
                                                                           over=total - solo["target"])
                         if total >= solo["target"] else
                         _("Solo target {target}: missed by {short}.").format(target=solo["target"],
                                                                              short=solo["target"] - total))
        if game.front == "discord":  # the console writes the replay file itself at the end
            lines.append(_("The whole game as a replay file: /pu export."))
        return "\n".join(x for x in lines if x)
