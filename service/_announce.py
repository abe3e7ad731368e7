"""What a game's channel hears, as outbox rows written with the state that caused them:
the start of a game, each round's opening and its summary image, the commander's and the
civ-card prompts, the final score sheet, and a daily challenge's result (text only). A game
with no human seat left gets one digest post per round."""
from __future__ import annotations

import json

from engine import data as D
from engine import rules, scoring
from engine.state import GameState
from engine.view import public_view
from i18n import _, content

from ._model import MAX_POST, Game


class Announcements:
    """The posts of GameService (static: they also run in a worker, in bots_job)."""

    def _start_text(self, game: Game, state: GameState) -> str:
        lines = [f"**Game #{game.id} begins** with {state.players} player(s):"]
        for i in range(state.players):
            planet = content(D.planet(state.config["planets"][i]).name)
            corp = content(D.corporation(state.config["corporations"][i]).name)
            lines.append(f"{i + 1}. {game.mention(i)}: planet {planet}, {corp}")
        solo = public_view(state).get("solo")
        if solo and solo.get("target") is not None:
            lines.append(f"Solo target: **{solo['target']} medals**.")
        if state.phase == "objectives":
            lines.append("First, everyone keeps their private objectives (press **Play**).")
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
        may turn that ping off: service._async)."""
        payload = {"text": text, "mentions": list(mentions), "image": image, "buttons": list(buttons)}
        if ping is not None:
            payload["ping"] = ping
        return ("post", json.dumps(payload))

    @classmethod
    def _transitions(cls, game: Game, state: GameState, before: tuple, posts: list) -> None:
        round_, phase, active, waiting = before
        if game.row.kind == "daily":
            # a daily challenge shows nothing of the player's game before they finish (others
            # are playing the same tiles today); the result is posted as text only
            if state.phase == "over" and phase != "over":
                result = state.result or scoring.score(state)
                solo = result.get("solo") or {}
                target = f" (target {solo['target']})" if solo.get("target") is not None else ""
                posts.append(cls._post(game, f"🏁 {game.mention(0)} finished the daily challenge "
                                              f"{game.row.daily_key} with {result['players'][0]['total']} medals"
                                              f"{target}. See /pu leaderboard.", mentions=cls._humans(game)))
            return
        if (state.round != round_ or state.phase == "over") and round_ >= 1 and phase != "over" \
                and (state.round, state.phase) != (round_, phase):
            title = f"Game #{game.id}: the planets after round {round_}"
            posts.append(cls._post(game, f"**Round {round_} is over.**", image={
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
            posts.append(cls._post(game, f"**Round {state.round}.** {game.mention(c)}, you are the commander: "
                                          f"turn the space station (press **Play**).",
                                    mentions=cls._humans(game, [c]), buttons=("play", "station")))
        elif state.phase == "turns" and (phase != "turns" or state.round != round_):
            humans = [i for i in rules.to_act(state) if game.user_of(i) is not None]
            who = ", ".join(game.mention(i) for i in humans) or "the computer players"
            event = (public_view(state).get("events") or {}).get("current")
            news = f"\nEvent ({event['colour']}): **{content(event['name'])}**: {content(event['text'])}" if event else ""
            posts.append(cls._post(game, f"**Round {state.round} is open.** {who}: pick and place your tile "
                                          f"(press **Play**).{news}",
                                    mentions=cls._humans(game, humans), buttons=("play", "station"), ping="round"))
        elif state.phase in ("civ", "final") and state.active is not None and state.active != active:
            a = state.active
            what = "choose your civilisation card" if state.phase == "civ" else "settle your last choices"
            if game.user_of(a) is not None:
                posts.append(cls._post(game, f"{game.mention(a)}: {what} (press **Play**).",
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
    def _final_text(cls, game: Game, result: dict) -> str:
        players = {p["seat"]: p for p in result["players"]}
        lines = [f"**Game #{game.id} is over.** Final scores:"]
        for seat in result["ranking"]:
            p = players[seat]
            lines.append(f"{p['place']}. {game.mention(seat)}: {p['total']} medals"
                         + (f" ({p['tie_break']})" if p.get("tie_break") else ""))
        winners = " and ".join(game.mention(s) for s in result["winners"])
        lines.append(f"🏆 {winners} win{'s' if len(result['winners']) == 1 else ''}!"
                     if len(result["players"]) > 1 else "")
        lines.append(_("The whole game as a replay file: /pu export."))
        return "\n".join(x for x in lines if x)
