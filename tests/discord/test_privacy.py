"""No private information in public: whole games with private objectives, several players and a
computer player, played in the simulated Discord. Every post the game owed is checked against
the full state it was written from (the image data of round summaries included), and every
public message of the channel and its threads is scanned for the names and numbers of any
seat's private objectives and end-game civilisation cards. Until the game is over none may
appear, and no seat's unconfirmed turn may show; the final score sheet reveals the scores."""
from __future__ import annotations

import json

from engine import data as D
from engine import rules
from engine.state import load
from service import autoplay
from tests.discord.helpers import lobby_message, typed


def secrets_of(state) -> dict[str, set]:
    """What no public message may show while the game runs: every seat's private objectives
    (kept or offered) and end-game civ cards."""
    out: dict[str, set] = {"objectives": set(), "civ": set()}
    for s in state.seats:
        out["objectives"] |= set(s.corp.objectives) | set(s.corp.objective_offer)
        out["civ"] |= {c for c in s.corp.civ_cards if D.civ_card(c).timing != "immediate"}
    return out


def words(secrets: dict[str, set]) -> set[str]:
    return {D.objective_card(c).private_name for c in secrets["objectives"]} | {
        D.civ_card(c).name for c in secrets["civ"]}


def check_view(view: dict, state, where: str) -> None:
    """The image data of a post written while ``state`` was the game's full state."""
    assert view["viewer"] is None, where
    for i, seat in enumerate(view["seats"]):
        corp = seat["corp"]
        assert corp["objectives"] == [] and corp["objective_offer"] == [], where
        assert all(D.civ_card(c).timing == "immediate" for c in corp["civ_cards"]), where
        s = state.seats[i]
        if state.phase == "turns" and s.snapshot is not None:  # a turn not yet confirmed
            assert seat["board"] == s.snapshot["board"], f"{where}: seat {i + 1}'s unconfirmed tile shows"
            assert "hand" not in seat and "pending" not in seat, where
    if state.phase != "over":
        assert view["result"] is None, where


async def play_whole_game(world, game, players, every_nth_in_discord=9):
    """Default moves to the end, most through the service and every n-th as /pu act in the
    thread, posting what is owed after each move as the bot does."""
    thread = world.env.bot.get_channel(game.row.thread_id)
    handles = {p.id: p for p in players}
    steps = 0
    while game.status == "active":
        seat = rules.to_act(game.state)[0]
        action = str(autoplay.default_action(game.state, seat))
        steps += 1
        if steps % every_nth_in_discord == 0:
            channel = next(t for t in world.channel.threads if t.id == thread.id)
            r = await handles[game.user_of(seat)].slash(channel, "pu act", action=typed(action))
            assert r.ephemeral and r.response.content.startswith("✔"), r.response.content
        else:
            await world.service.act(game.id, game.user_of(seat), action)
            await world.cog.flush(game.id)
        if steps % 40 == 0:
            await world.env.advance_time(16 * 60)  # let old interaction tokens expire
        game = await world.service.load(game.id)
    await world.cog.flush()
    return game


async def new_game(world, players, seed, bots=0):
    r = await world.alice.slash(world.channel, "pu create", players=len(players) + bots, private_objectives=True)
    game = (await world.service.games_of(world.alice.id))[-1]
    await world.service.repo.set_config(game.id, json.dumps({**game.options, "seed": seed}))
    for p in players[1:]:
        await p.click(lobby_message(r), label="Join")
    for _ in range(bots):
        await world.alice.click(lobby_message(r), label="Add bot player")
    await world.alice.click(lobby_message(r), label="Start")
    return await world.service.load(game.id)


async def test_no_private_information_in_any_public_message_or_image_of_whole_games(world):
    saved = []  # (full state, outbox payloads) of every save, in order
    real = world.service.repo.save_state

    async def recording(game_id, state, expected_version, *args, **kwargs):
        saved.append((game_id, state, [json.loads(p) for _, p in kwargs.get("outbox") or ()]))
        return await real(game_id, state, expected_version, *args, **kwargs)

    world.service.repo.save_state = recording
    games = [await new_game(world, [world.alice, world.bob, world.carol, world.dave], seed=11),
             await new_game(world, [world.alice, world.bob], seed=12, bots=1)]
    assert games[0].state.phase == "objectives"
    # away mode and a pause have public posts of their own (issue 16): scanned like the others
    threads = {t.id: t for t in world.channel.threads}
    away = await world.dave.slash(threads[games[0].row.thread_id], "me away", days=5)
    assert away.ephemeral
    for name in ("pu host pause", "pu status", "pu host resume"):
        assert (await world.alice.slash(threads[games[1].row.thread_id], name)).ephemeral
    games = [await world.service.load(g.id) for g in games]
    finished = [await play_whole_game(world, g, [world.alice, world.bob, world.carol, world.dave]) for g in games]
    assert all(g.status == "finished" for g in finished)

    # every post, against the state it was written from
    secret_words: dict[int, set[str]] = {g.id: set() for g in games}
    views = 0
    for game_id, state_json, payloads in saved:
        state = load(state_json)
        secret_words[game_id] |= words(secrets_of(state))
        for p in payloads:
            where = f"game {game_id}, round {state.round}, post {p['text'][:40]!r}"
            if state.phase != "over":
                assert not [w for w in secret_words[game_id] if w in p["text"]], where
            if p.get("image"):
                check_view(p["image"]["view"], state, where)
                views += 1
    assert views >= 10 and all(secret_words.values())

    # every public message in the channel and the games' threads (ephemeral ones excluded)
    public = list(world.channel.history())
    for thread in world.channel.threads:
        public += thread.history()
    assert len(public) > 30
    assert any("played by the autopilot for dave" in m.content for m in public)
    assert any("was paused by" in m.content for m in public)
    finals = {m.id for m in public if "Final scores" in m.content}
    assert len(finals) == 2
    logs = [m for m in public if "is over.**" in m.content and "\nalice: " in m.content and "\nbob: " in m.content]
    assert len(logs) >= 16  # the round logs (a line per player) are among the messages scanned
    every_secret = set().union(*secret_words.values())
    for m in public:
        text = " ".join([m.content, *(e.description or "" for e in m.embeds), *(e.title or "" for e in m.embeds)])
        leaked = [w for w in every_secret if w in text]
        assert not leaked, f"{leaked} in public message {m.content[:80]!r}"


async def test_history_of_past_rounds_shows_only_what_everybody_saw(world):
    """/pu history during a game: the round log and the planets at the end of the round are
    the public ones, whoever asks (a player or an onlooker): no private objective, no end-game
    civ card, no score yet."""
    players = [world.alice, world.bob, world.carol]
    game = await new_game(world, players, seed=21)
    thread = world.env.bot.get_channel(game.row.thread_id)
    secret = set()
    while game.state.round < 4:
        seat = rules.to_act(game.state)[0]
        secret |= words(secrets_of(game.state))
        await world.service.act(game.id, game.user_of(seat), str(autoplay.default_action(game.state, seat)))
        game = await world.service.load(game.id)
    await world.cog.flush()
    assert secret
    channel = next(t for t in world.channel.threads if t.id == thread.id)
    for who in (world.alice, world.outsider):
        for round_ in (1, 2, 3):
            r = await who.slash(channel, "pu history", round=round_)
            answer = r.followups[-1] if r.followups else r.response
            assert answer.ephemeral and answer.attachments and f"round {round_}" in answer.content
            assert not [w for w in secret if w in answer.content], answer.content
            view = (await world.service.history(game.id, who.id, round_))["view"]
            assert view["viewer"] is None and view["result"] is None
            for seat in view["seats"]:
                assert seat["corp"]["objectives"] == [] and seat["corp"]["objective_offer"] == []
                assert all(D.civ_card(c).timing == "immediate" for c in seat["corp"]["civ_cards"])


async def test_a_direct_message_game_is_exported_only_by_its_player(world):
    """Issue 51, finding 11: /pu export number:N in a direct message once exported anybody's
    direct-message game (its seed and every hidden choice): both have no server. Now outside a
    game's own server only its players get the file; in the server, anyone there."""
    bob = world.bob
    await bob.user.slash("pu solo", opponents=1)  # bob's game against a computer player, in his DMs
    (dm_game,) = await world.service.games_of(bob.id)
    assert dm_game.row.guild_id is None
    await world.service.cancel(dm_game.id, bob.id, False)
    server_game = await world.service.create(creator_id=world.carol.id, creator_name="carol",
                                             guild_id=world.guild.id, channel_id=world.channel.id,
                                             options={"max_players": 1, "seed": 2})
    await world.service.start(server_game.id, world.carol.id, False)
    await world.service.cancel(server_game.id, world.carol.id, False)

    def answer(r):
        return r.followups[-1] if r.followups else r.response

    for who, where, game, allowed in (
            (world.alice, "dm", dm_game, False), (world.alice, "server", dm_game, False),
            (bob, "dm", dm_game, True), (bob, "server", dm_game, True),
            (world.alice, "server", server_game, True), (world.alice, "dm", server_game, False),
            (world.carol, "dm", server_game, True)):
        r = await (who.user.slash("pu export", number=game.id) if where == "dm" else
                   who.slash(world.channel, "pu export", number=game.id))
        said = answer(r)
        assert r.ephemeral, (who.name, where, game.id)
        if allowed:
            assert said.attachments and said.attachments[0].filename == f"game-{game.id}.json", (who.name, where)
        else:
            assert not said.attachments and f"There is no game #{game.id} here." in said.content, (who.name, where)
