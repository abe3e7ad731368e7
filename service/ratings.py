"""Player ratings: openskill's Plackett-Luce model, per server and global, moved when a game
ends (in the transaction that stores its results) and recomputable from scratch.

Which games move ratings: games with two or more human seats; solo games and games with no
human do not. The human seats are rated among themselves by their places (equal places share
the result; computer seats are left out). A seat the autopilot took over stays its player's; a
game where the autopilot played a person's seat for more than half the rounds moves ratings
only if its creator allowed it (the game option ``rated_autopilot``); half or fewer: rated
normally. Its rounds are those of a seat handed to it (/pu host replace, or a stalled game's
hand-over) and those it played for an away player (/me away). Turn timers (a move played for
a slow player) do not count as a takeover. A game whose creator allowed hints (the game
option ``hints``) moves no rating.

    python -m service.ratings --rebuild planet.db   # recompute every rating from the results
"""
from __future__ import annotations

import argparse
import asyncio
import json
import sys
from concurrent.futures import Executor

from openskill.models import PlackettLuce

from db.players import GLOBAL, GameSeat, PlayerRepository, Rating

from . import workers

MODEL = PlackettLuce()


def autopilot_rounds(config: dict, seat: int, rounds: int) -> int:
    """How many of a game's ``rounds`` the autopilot played a person's ``seat`` (engine seat):
    the rounds whose turn it played, from the takeovers noted in the game's options
    (``autopilot`` -> seat -> ``turns``, [first, last or None] each, for a seat handed over by
    /pu host replace or the stall policy: service._play; and ``away``, the rounds in which it
    played for its away player: service._play _note_away_rounds). A round counts once."""
    entry = (config.get("autopilot") or {}).get(str(seat)) if isinstance(config.get("autopilot"), dict) else None
    if not isinstance(entry, dict):
        return 0
    played: set[int] = {r for r in entry.get("away") or () if isinstance(r, int) and 1 <= r <= rounds}
    for first, last in entry.get("turns") or ():
        played.update(range(max(1, first), min(rounds, rounds if last is None else last) + 1))
    return len(played)


def mostly_autopilot(seat: GameSeat, config: dict) -> bool:
    """Whether the autopilot played ``seat`` for more than half of its game's rounds. A seat
    handed over before the rounds were noted (an older game) counts as all of them."""
    if not seat.autopilot:
        return False
    rounds = seat.rounds or 0
    if str(seat.seat) not in (config.get("autopilot") or {}):
        return True
    return 2 * autopilot_rounds(config, seat.seat, rounds) > rounds


def rated_seats(seats: list[GameSeat], config: dict) -> list[GameSeat]:
    """The seats a finished game rates (empty: the game moves no rating). A seat the autopilot
    played for half the rounds or fewer is its player's, rated normally; more than half, and
    the game moves ratings only if its creator allowed it."""
    humans = [s for s in seats if s.user_id is not None and not s.is_bot]
    if len(humans) < 2 or any(s.solo for s in seats):
        return []
    if any(mostly_autopilot(s, config) for s in seats) and not config.get("rated_autopilot"):
        return []
    if config.get("hints"):  # its creator allowed hints (service/_hint.py): the players were helped
        return []
    return humans


def new_ratings(current: dict[int, Rating], seats: list[GameSeat]) -> list[Rating]:
    """The ratings of ``seats``' players after their game (pure: no database)."""
    users = [s.user_id for s in seats if s.user_id is not None]
    assert len(users) == len(seats), "only human seats are rated (rated_seats)"
    teams = []
    for user in users:
        old = current.get(user)
        teams.append([MODEL.rating(mu=old.mu, sigma=old.sigma) if old else MODEL.rating()])
    rated = MODEL.rate(teams, ranks=[s.place for s in seats])
    return [Rating(user, team[0].mu, team[0].sigma, team[0].ordinal(),
                   (current[user].games if user in current else 0) + 1)
            for user, team in zip(users, rated)]


async def update_for_game(players: PlayerRepository, game_id: int, finished_at: float) -> bool:
    """Move the ratings of a finished game's players (server and global); return True if the
    game is rated. Runs inside the caller's transaction (it opens none)."""
    seats = await players.game_seats(game_id)
    rated = rated_seats(seats, _config(await players.game_config(game_id)))
    if not rated:
        return False
    await players.lock_ratings()  # PostgreSQL: another process's update of these players comes first or after
    guild_id = rated[0].guild_id
    for scope in [GLOBAL] + ([guild_id] if guild_id is not None else []):
        current = await players.ratings(scope, [s.user_id for s in rated if s.user_id is not None])
        await players.put_ratings(scope, game_id, finished_at, new_ratings(current, rated))
    await players.mark_rated(game_id)
    return True


async def on_finish(players: PlayerRepository, game_id: int, finished_at: float) -> None:
    """What a game's end adds, in the transaction that stores its results: its players'
    running totals, then their ratings. On PostgreSQL the ratings lock is taken first, so
    two processes finishing games of the same players take turns over both."""
    await players.lock_ratings()
    await players.add_to_summaries(game_id)
    await update_for_game(players, game_id, finished_at)


def install(repo) -> None:
    """Hook the players' running totals and the rating update into the repository's finishing
    save (GameRepository), so they are written in its transaction."""
    players = PlayerRepository(repo.db)

    async def hook(game_id: int, finished_at: float) -> None:
        await on_finish(players, game_id, finished_at)

    if not any(getattr(h, "ratings_hook", False) for h in repo.finish_hooks):
        hook.ratings_hook = True  # type: ignore[attr-defined]
        repo.finish_hooks.append(hook)


def _config(raw: str | None) -> dict:
    try:
        config = json.loads(raw or "{}")
    except ValueError:
        return {}
    return config if isinstance(config, dict) else {}


def replay(games: list[tuple[int, float, list[GameSeat], dict]]) -> dict:
    """Every rating from scratch (pure CPU work, for a worker): ``games`` are (game id,
    finished_at, seats, config) in the order they finished. The same steps as the update at
    each game's end (update_for_game), so the same numbers. Returns the rows to store:
    "ratings" (scope, user, mu, sigma, ordinal, games, updated_at), "history" (game, scope,
    user, mu, sigma, ordinal, finished_at) and "rated" (the ids of the rated games)."""
    current: dict[tuple[int, int], tuple[Rating, float]] = {}
    history: list[tuple] = []
    rated_games: list[int] = []
    for game_id, finished_at, seats, config in games:
        rated = rated_seats(seats, config)
        if not rated:
            continue
        guild_id = rated[0].guild_id
        for scope in [GLOBAL] + ([guild_id] if guild_id is not None else []):
            mine = {s.user_id: current[(scope, s.user_id)][0] for s in rated
                    if s.user_id is not None and (scope, s.user_id) in current}
            for r in new_ratings(mine, rated):
                current[(scope, r.user_id)] = (r, finished_at)
                history.append((game_id, scope, r.user_id, r.mu, r.sigma, r.ordinal, finished_at))
        rated_games.append(game_id)
    return {"ratings": [(scope, user, r.mu, r.sigma, r.ordinal, r.games, at)
                        for (scope, user), (r, at) in current.items()],
            "history": history, "rated": rated_games}


async def _rebuild_in_transaction(players: PlayerRepository, executor: Executor | None) -> int:
    """The rebuild's steps inside the caller's transaction, which holds the ratings lock: the
    running totals in SQL, the ratings replayed in a worker (the event loop only waits)."""
    await players.rebuild_summaries()
    seats = await players.all_game_seats()
    configs = await players.game_configs()
    games = [(game_id, finished_at, seats.get(game_id, []), _config(configs.get(game_id)))
             for game_id, finished_at in await players.finished_games()]
    rows = await workers.run(executor or workers.thread_pool(), replay, games)
    await players.clear_ratings()
    await players.put_rebuilt(rows["ratings"], rows["history"], rows["rated"])
    return len(rows["rated"])


async def rebuild(db, executor: Executor | None = None) -> int:
    """Recompute every rating (and the players' running totals) from the stored results, in the
    order the games finished, in one transaction; return how many games are rated. Gives
    exactly what the updates at each game's end gave. The replay runs in ``executor`` (the
    service's worker pool; default: a thread pool), never on the event loop."""
    players = PlayerRepository(db)
    async with db.transaction():
        await players.lock_ratings()
        return await _rebuild_in_transaction(players, executor)


async def rebuild_if_missing(db, executor: Executor | None = None) -> int | None:
    """The one-time rebuild after migration 0004 (ratings never computed for the games already
    finished), claimed in the database: under the ratings lock, the first process to get it
    rebuilds; another starting at the same time waits for it, then finds the ratings there and
    does nothing (None). A game finishing meanwhile waits too (its update takes the lock)."""
    players = PlayerRepository(db)
    if not await players.ratings_missing():  # the usual start: nothing to do, no lock taken
        return None
    async with db.transaction():
        await players.lock_ratings()
        if not await players.ratings_missing():  # another process has just done it
            return None
        return await _rebuild_in_transaction(players, executor)


async def _main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m service.ratings", description=__doc__.splitlines()[0])
    parser.add_argument("database", help="the bot's database file")
    parser.add_argument("--rebuild", action="store_true", help="recompute every rating from scratch")
    args = parser.parse_args(argv)
    if not args.rebuild:
        parser.error("nothing to do: give --rebuild")
    from db.connection import open_database
    db = await open_database(args.database)
    try:
        rated = await rebuild(db)
    finally:
        await db.close()
    print(f"ratings rebuilt from {rated} rated game(s)")
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(_main(sys.argv[1:])))
