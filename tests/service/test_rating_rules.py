"""The league's rules for ratings (issue 51, findings 2-4): a seat the stall policy hands to the
autopilot stays its player's, rounds the autopilot plays for an away player count as
autopilot rounds, and the rules for an ended game, the rated-autopilot switch and a seat
handed to another member. Each test runs on SQLite and on PostgreSQL (the ``service``
fixture)."""
from __future__ import annotations

from engine import rules
from service import autoplay, ratings
from service.players import Scope
from tests.service.test_players import play_out, play_until_turn, three_player_game

DAY = 86400.0


async def only_seat_left(service, game, seat):
    """Play the other seats' default moves until only ``seat`` is to act."""
    while rules.to_act(game.state) != [seat]:
        mover = next(i for i in rules.to_act(game.state) if i != seat)
        game = (await service.act(game.id, game.user_of(mover), autoplay.default_action(game.state, mover))).game
    return game


async def abandon(service, game, seat):
    """Nobody plays ``seat`` any more: the stall notice, then the hand-over (service._async)."""
    game = await only_seat_left(service, game, seat)
    for _step in ("stall", "handover"):
        service.test_clock.now += 15 * DAY
        await service.tick()
    return await service.load(game.id)


async def test_a_seat_the_stall_policy_hands_to_the_autopilot_stays_its_players_and_is_rated(service):
    """README: "A seat handed to the autopilot stays its player's (their profile counts it,
    marked; `autopilot:False` leaves it out): if the autopilot played it for half the rounds
    or fewer the game is rated as usual". Cy stops playing late in the game: the stall policy
    hands the seat over, and Cy keeps the result and the loss (before: the seat's user was
    cleared, so the game was unrated for everyone and gone from Cy's profile)."""
    game = await abandon(service, await play_until_turn(service, await three_player_game(service), 16, 2), 2)
    seat = game.seats[2]
    assert (seat.user_id, seat.is_bot, seat.display_name) == (3, True, "Autopilot (Cy)")
    assert game.options["autopilot"]["2"]["turns"] == [[16, None]]
    game = await play_out(service, game)
    rows = {r.seat: r for r in await service.players.repo.game_seats(game.id)}
    assert rows[2].user_id == 3 and rows[2].name == "Cy" and rows[2].autopilot
    assert all(r.rated for r in rows.values())
    assert [h[0] for h in await service.players.repo.rating_history(3, 9)] == [game.id]
    profile = await service.players.profile(3, Scope(guild_ids=(9,)))
    assert profile is not None and profile["autopilot_games"] == 1
    assert await service.players.profile(3, Scope(guild_ids=(9,)), include_autopilot=False) is None
    assert f"\n{game.id}," in await service.players.export_csv(3)


async def test_an_early_abandonment_is_rated_only_if_the_creator_allowed_it(service):
    """"More than half the rounds by the autopilot: rated only if the creator allowed it" (the
    rule of /pu host replace, applied to the stall policy's hand-over)."""
    outcomes = {}
    for allowed in (False, True):
        game = await play_until_turn(service, await three_player_game(service), 3, 2)
        if allowed:
            await service.set_rated_autopilot(game.id, 1, False, True)
        game = await play_out(service, await abandon(service, await service.load(game.id), 2))
        rows = await service.players.repo.game_seats(game.id)
        assert rows[2].user_id == 3 and rows[2].autopilot
        assert 2 * ratings.autopilot_rounds(game.options, 2, game.state.round) > game.state.round
        outcomes[allowed] = [r.rated for r in rows]
    assert outcomes == {False: [False] * 3, True: [True] * 3}


async def test_rounds_the_autopilot_plays_for_an_away_player_count_as_autopilot_rounds(service):
    """Issue 51: "away rounds count exactly like take-over rounds (profile mark, the
    `autopilot:False` filter, the rating rule)". Cy goes away in round 3 and stays away: the
    autopilot plays the rest of Cy's game, more than half of it, so the game is rated only if
    the creator allowed it; the profile marks it and `autopilot:False` leaves it out."""
    game = await play_until_turn(service, await three_player_game(service), 3, 2)
    await service.go_away(3, days=60)
    game = await service.load(game.id)
    assert game.options["autopilot"]["2"]["away"] == [3]
    game = await play_out(service, game)
    away = game.options["autopilot"]["2"]["away"]
    assert away == list(range(3, game.state.round + 1))  # every round from the third on
    rows = {r.seat: r for r in await service.players.repo.game_seats(game.id)}
    assert rows[2].user_id == 3 and rows[2].autopilot and not any(r.rated for r in rows.values())
    assert await service.players.repo.rating_history(3, 9) == []
    profile = await service.players.profile(3, Scope(guild_ids=(9,)))
    assert profile is not None and profile["autopilot_games"] == 1
    assert await service.players.profile(3, Scope(guild_ids=(9,)), include_autopilot=False) is None
    assert (await service.players.export_csv(3)).splitlines()[1].split(",")[-2:] == ["1", "0"]  # autopilot, rated


async def test_a_short_away_spell_leaves_the_game_rated_and_the_seat_marked(service):
    """Half the rounds or fewer by the autopilot: rated as usual, the seat still marked."""
    game = await play_until_turn(service, await three_player_game(service), 3, 2)
    await service.go_away(3, days=60)
    game = await play_until_turn(service, await service.load(game.id), 5, 0)
    await service.come_back(3)
    game = await play_out(service, await service.load(game.id))
    assert 1 <= ratings.autopilot_rounds(game.options, 2, game.state.round) <= 3
    rows = {r.seat: r for r in await service.players.repo.game_seats(game.id)}
    assert rows[2].autopilot and all(r.rated for r in rows.values())


async def last_round(service, game):
    """Play the default moves until the game's last round has opened (its end is triggered or
    a depot ran empty: the game ends with this round)."""
    while not (game.state.ending or rules.empty_depots(game.state)):
        seat = rules.to_act(game.state)[0]
        game = (await service.act(game.id, game.user_of(seat), autoplay.default_action(game.state, seat))).game
    return game


async def test_the_rated_autopilot_switch_is_announced_in_the_games_language_and_settled_at_the_last_round(service):
    """Issue 51: "a rating switch is announced and cannot change after the last round opens".
    The post is public, so it is in the game's language (French here), whoever flips it."""
    import json

    import pytest

    from service.errors import WrongStage
    game = await service.create(creator_id=1, creator_name="Ann", guild_id=9, channel_id=5,
                                options={"max_players": 2, "seed": 4, "language": "fr"})
    await service.join(game.id, 2, "Bob")
    game = await service.start(game.id, 1, False)
    seen = max(r.id for r in await service.repo.pending_outbox(game.id))
    answer = await service.set_rated_autopilot(game.id, 1, False, True)
    assert "more than half" in answer  # the creator's private answer: their own language
    posts = [json.loads(r.payload)["text"] for r in await service.repo.pending_outbox(game.id) if r.id > seen]
    assert len(posts) == 1 and "<@1>" in posts[0] and f"n°{game.id}" in posts[0]
    assert "plus de la moitié des tours" in posts[0]  # French, as the game
    assert (await service.load(game.id)).options["rated_autopilot"] is True
    game = await last_round(service, await service.load(game.id))
    with pytest.raises(WrongStage, match="last round"):
        await service.set_rated_autopilot(game.id, 1, False, False)
    assert (await service.load(game.id)).options["rated_autopilot"] is True
    game = await play_out(service, game)
    with pytest.raises(WrongStage, match="last round"):
        await service.set_rated_autopilot(game.id, 1, False, False)


async def test_a_game_started_with_rated_autopilot_says_so_in_its_start_post(service):
    import json
    game = await service.create(creator_id=1, creator_name="Ann", guild_id=9, channel_id=5,
                                options={"max_players": 2, "seed": 4})
    await service.join(game.id, 2, "Bob")
    await service.set_rated_autopilot(game.id, 1, False, True)  # in the lobby: no thread post yet
    assert await service.repo.pending_outbox(game.id) == []
    game = await service.start(game.id, 1, False)
    first = json.loads((await service.repo.pending_outbox(game.id))[0].payload)["text"]
    assert "moves ratings even if the autopilot plays" in first


async def test_a_seat_handed_to_another_member_is_rated_for_whoever_played_most_of_its_rounds(service):
    """Issue 51: "rounds played before a replacement belong to the seat's first player". Cy
    plays to round 16, then Dan takes the seat: Cy played most of it, so the result, the
    profile and the rating are Cy's and Dan gets no rated credit for rounds he never played.
    Handed over in round 3, the seat is Dan's: he played most of it."""
    late = await play_until_turn(service, await three_player_game(service), 16, 2)
    await service.replace(late.id, 1, False, 2, (4, "Dan"))
    late = await play_out(service, await service.load(late.id))
    early = await play_until_turn(service, await three_player_game(service), 3, 2)
    await service.replace(early.id, 1, False, 2, (4, "Dan"))
    early = await play_out(service, await service.load(early.id))
    assert early.state.round == late.state.round >= 18  # the same seed: the same length
    rows = {g.id: {r.seat: r for r in await service.players.repo.game_seats(g.id)} for g in (late, early)}
    assert (rows[late.id][2].user_id, rows[late.id][2].name) == (3, "Cy")
    assert (rows[early.id][2].user_id, rows[early.id][2].name) == (4, "Dan")
    assert all(r.rated for g in rows.values() for r in g.values())
    assert [h[0] for h in await service.players.repo.rating_history(4, 9)] == [early.id]
    assert [h[0] for h in await service.players.repo.rating_history(3, 9)] == [late.id]
    assert f"\n{late.id}," not in await service.players.export_csv(4)
    assert f"\n{late.id}," in await service.players.export_csv(3)


async def test_a_player_who_ends_a_game_forfeits_it_and_ratings_move_as_the_score_stood(service):
    """Issue 51: "the creator can /pu host end a game they are losing and it is left unrated".
    The rule (README, "Ratings"): a game ended by one of its players after its first round
    counts as their forfeit: the ratings move as the score stood, the ender last. The game is
    not a finished game: no totals, boards, records, profile games or export rows."""
    import json

    from engine import scoring
    game = await play_until_turn(service, await three_player_game(service), 8, 2)
    standing = {p["seat"]: p["place"] for p in scoring.score(game.state)["players"]}
    seen = max(r.id for r in await service.repo.pending_outbox(game.id))
    game = await service.cancel(game.id, 1, False)
    assert game.status == "cancelled"
    post = [json.loads(r.payload)["text"] for r in await service.repo.pending_outbox(game.id) if r.id > seen]
    assert post == [f"Game #{game.id} was ended by <@1> in round 8. ⚖️ It counts as their forfeit: ratings move "
                    "as the score stood, with them last."]
    rows = {r.seat: r for r in await service.players.repo.game_seats(game.id)}
    assert rows[0].place == 3 and all(r.rated for r in rows.values())
    # Bob and Cy keep their order as the score stood
    assert (rows[1].place < rows[2].place) == (standing[1] < standing[2]) or standing[1] == standing[2]
    before = await service.players.repo.ratings(9, [1, 2, 3])
    assert set(before) == {1, 2, 3} and before[1].ordinal < min(before[2].ordinal, before[3].ordinal)
    assert await service.players.repo.summaries() == [] and await service.players.repo.all_records() == []
    assert await service.players.profile(1, Scope(guild_ids=(9,))) is None
    assert await service.repo.game_results(game.id) == [] and "\n" + str(game.id) not in await service.players.export_csv(2)
    incremental = [await service.players.repo.rating_history(u, 9) for u in (1, 2, 3)]
    assert await ratings.rebuild(service.repo.db) == 1  # a rebuild gives the same
    assert [await service.players.repo.rating_history(u, 9) for u in (1, 2, 3)] == incremental


async def test_a_game_ended_in_round_one_or_by_a_manager_who_does_not_play_moves_no_rating(service):
    import json
    early = await three_player_game(service)
    await service.cancel(early.id, 1, False)
    by_admin = await play_until_turn(service, await three_player_game(service), 8, 2)
    seen = max(r.id for r in await service.repo.pending_outbox(by_admin.id))
    await service.cancel(by_admin.id, 99, True)
    post = [json.loads(r.payload)["text"] for r in await service.repo.pending_outbox(by_admin.id) if r.id > seen]
    assert post == [f"Game #{by_admin.id} was ended by <@99> in round 8. It moves no rating."]
    for game in (early, by_admin):
        assert await service.players.repo.game_seats(game.id) == []
    assert await service.players.repo.ratings(9, [1, 2, 3]) == {}


def test_a_seat_that_changed_hands_goes_to_whoever_played_most_of_its_rounds_in_all():
    """The rule of seat_owners on its own (20 rounds): every spell of a player on the seat
    counts; the earliest holder wins a tie; a holder seated elsewhere at the end keeps that seat."""
    from types import SimpleNamespace

    from service.players import seat_owners

    def game(holders, seats=(1, 2)):
        return SimpleNamespace(options={"holders": {"1": holders}},
                               seats=[SimpleNamespace(user_id=u) for u in seats])
    a, b = {"user": 7, "name": "Ann"}, {"user": 2, "name": "Bob"}
    # Ann rounds 1-6, Bob 7-14, Ann again from 15 (seat 1's present player is Ann: user 7)
    assert seat_owners(game([{**a, "until": 6}, {**b, "until": 14}], seats=(1, 7)), 20) == {}
    # Ann 1-6 and 15-16 (8 rounds in all), Bob 7-14 (8), Cy (3) 17-20: the tie goes to the earliest, Ann
    assert seat_owners(game([{**a, "until": 6}, {**b, "until": 14}, {**a, "until": 16}], seats=(1, 3)), 20) \
        == {1: (7, "Ann")}
    # Ann 1-10, Cy 11-20: a tie goes to the first holder
    assert seat_owners(game([{**a, "until": 10}], seats=(1, 3)), 20) == {1: (7, "Ann")}
    # Ann 1-9, Cy 10-20: Cy's
    assert seat_owners(game([{**a, "until": 9}], seats=(1, 3)), 20) == {}
    # Ann played most of seat 1 but plays seat 0 at the end: seat 1 stays its present player's
    assert seat_owners(game([{**a, "until": 15}], seats=(7, 3)), 20) == {}
