"""Player ratings: openskill's Plackett-Luce model, per server and global, moved when a game
ends (in the transaction that stores its results) and recomputable from scratch.

Which games move ratings: games with two or more human seats; solo games and games with no
human do not. The human seats are rated among themselves by their places (equal places share
the result; computer seats are left out). A seat the autopilot took over stays its player's; a
game where the autopilot played a person's seat for more than half the rounds moves ratings
only if its creator allowed it (the game option ``rated_autopilot``); half or fewer: rated
normally. Turn timers (a move played for a slow player) do not count as a takeover.

    python -m service.ratings --rebuild planet.db   # recompute every rating from the results
"""
from __future__ import annotations

import argparse
import asyncio
import json
import sys

from openskill.models import PlackettLuce

from db.players import GLOBAL, GameSeat, PlayerRepository, Rating

MODEL = PlackettLuce()


def autopilot_rounds(config: dict, seat: int, rounds: int) -> int:
    """How many of a game's ``rounds`` the autopilot played a person's ``seat`` (engine seat):
    the rounds whose turn it played, from the takeovers noted in the game's options
    (service._play replace: ``autopilot`` -> seat -> ``turns``, [first, last or None] each)."""
    entry = (config.get("autopilot") or {}).get(str(seat)) if isinstance(config.get("autopilot"), dict) else None
    if not isinstance(entry, dict):
        return 0
    played: set[int] = set()
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
    try:
        config = json.loads(await players.game_config(game_id))
    except ValueError:
        config = {}
    rated = rated_seats(seats, config if isinstance(config, dict) else {})
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


async def rebuild(db) -> int:
    """Recompute every rating (and the players' running totals) from the stored results, in the
    order the games finished, in one transaction; return how many games are rated. Gives
    exactly what the updates at each game's end gave."""
    players = PlayerRepository(db)
    count = 0
    async with db.transaction():
        await players.lock_ratings()
        await players.rebuild_summaries()
        await players.clear_ratings()
        for game_id, finished_at in await players.finished_games():
            count += await update_for_game(players, game_id, finished_at)
    return count


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
