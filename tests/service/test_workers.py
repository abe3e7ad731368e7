"""The worker pool (service/workers.py): computer players and images run off the event loop,
a long autopilot run goes a round at a time, and its posts are a compact digest.

Issue 13, defect 2: handing the last human seat to the autopilot froze the whole bot while it
played the rest of the game; a round with greedy computer seats blocked the loop too.
Defect 12: that run queued about 51 posts (17 images) for one thread, sent back to back.
"""
from __future__ import annotations

import asyncio
import json
import time

import pytest

from bench.loop_bench import StallProbe
from db.connection import open_database
from db.repository import GameRepository
from engine import rules
from service import GameService, autoplay, workers

from .conftest import Clock


async def bot_game(service: GameService, bots: int, seed: int = 6006, human: int = 1):
    game = await service.create(creator_id=human, creator_name="human", guild_id=1, channel_id=1,
                                options={"max_players": bots + 1, "seed": seed, "remind_hours": 0})
    for _ in range(bots):
        await service.add_bot(game.id, human, False)
    return await service.start(game.id, human, False)


async def play_round(service: GameService, game, user: int = 1):
    """The human's decisions until the round after this one is open."""
    start = game.state.round
    while game.status == "active" and game.state.round == start:
        seat = game.seat_of(user)
        assert seat in rules.to_act(game.state), "the computer seats did not finish their part"
        action = autoplay.default_action(game.state, seat)
        assert action is not None, "the seat to act has a legal move"
        game = (await service.act(game.id, user, action)).game
    return game


async def make_service(tmp_path, name: str, executor, level: str = "random") -> GameService:
    db = await open_database(tmp_path / f"{name}.sqlite3")
    clock = Clock()
    service = GameService(GameRepository(db, clock=clock), clock=clock, autopilot_level=level, executor=executor)
    return service


async def test_real_worker_processes_play_the_same_game_as_threads_and_draw_its_images(tmp_path):
    """End to end through a real ProcessPoolExecutor: the computer players' moves come back
    from other processes, the game is the same as with the in-process pool (the autopilot is
    deterministic for a seed and a position), and the posts' images are drawn there."""
    pool = workers.process_pool(2)
    try:
        logs = []
        for name, executor in (("processes", pool), ("threads", workers.thread_pool())):
            service = await make_service(tmp_path, name, executor)
            try:
                game = await bot_game(service, bots=2, seed=77)
                game = await play_round(service, game)
                game = await service.replace(game.id, 1, False, 0, None)
                assert game.status == "finished"
                logs.append(([(a.seat, a.action) for a in await service.repo.list_actions(game.id)], game.row.state))
                if executor is pool:
                    posts = await service.pending_posts(game.id)
                    image_post = next(payload for _row, payload in posts if payload.get("image"))
                    png = await service.render_post(image_post)
                    assert png.startswith(b"\x89PNG")
            finally:
                await service.repo.db.close()
        assert logs[0] == logs[1]
    finally:
        pool.shutdown()


async def test_a_round_with_five_greedy_computer_seats_leaves_the_loop_free(tmp_path):
    """Five greedy computer seats play their turns after the human's; meanwhile the event loop
    keeps answering (before the pool: one stall of about 330 ms a round on this machine). The
    measure is the CPU time the loop's own thread spends between two wake-ups of a probe: the
    tests use a thread pool, where a worker's garbage-collector pass holds the GIL for a while
    (the bot's process pool has no such pause), and a loaded machine deschedules the process,
    neither of which is work on the loop."""
    service = await make_service(tmp_path, "greedy", workers.thread_pool(), level="greedy")
    try:
        game = await bot_game(service, bots=5)
        game = await play_round(service, game)  # round 1 (warms the autopilot's caches)
        async with StallProbe() as probe:
            game = await play_round(service, game)
        assert game.state.round == 3
        assert probe.worst_cpu_ms < 100, f"the loop worked {probe.worst_cpu_ms:.0f} ms without a break"
    finally:
        await service.repo.db.close()


async def test_the_last_human_seat_to_the_autopilot_plays_a_round_per_save_and_other_games_go_on(service):
    """/pu replace of the last human seat: the autopilot plays the rest of the game a round at
    a time (each round saved with its post before the next), while another game's moves are
    answered at once instead of after the whole run."""
    long = await bot_game(service, bots=3, seed=11)
    long = await play_round(service, long)
    other = await bot_game(service, bots=1, seed=12, human=2)
    told = []  # the cog posts what is owed each time it is told (cogs/game.py: flush_soon)
    service.listeners.append(lambda game_id: told.append(game_id))
    run = asyncio.create_task(service.replace(long.id, 1, False, 0, None))
    await asyncio.sleep(0.05)
    answered = []
    while not run.done() and len(answered) < 3:
        seat = other.seat_of(2)
        other = (await service.act(other.id, 2, autoplay.default_action(other.state, seat))).game
        answered.append(run.done())
    finished = await run
    assert finished.status == "finished"
    assert answered and not answered[0], "the other game's move waited for the whole autopilot run"
    log = await service.repo.list_actions(long.id)
    versions = sorted({a.game_version for a in log if a.seat == 0 and a.game_version > long.version})
    rounds_left = finished.state.round - long.state.round + 1
    assert len(versions) >= rounds_left, "the run was saved in one piece, not round by round"
    assert told.count(long.id) >= rounds_left, "the posts were not handed over round by round"
    assert await service.repo.list_reminders(long.id) == []


async def test_the_autopilot_run_posts_one_digest_per_round_and_the_score_sheet(service):
    """Defect 12: one post per round at most (text and the round's summary image), then the
    final score sheet; no prompts to press Play when nobody is left to press it."""
    game = await bot_game(service, bots=3, seed=21)
    game = await play_round(service, game)
    for row, _payload in await service.pending_posts(game.id):
        await service.mark_posted(row.id)
    start_round = game.state.round
    game = await service.replace(game.id, 1, False, 0, None)
    posts = [payload for _row, payload in await service.pending_posts(game.id)]
    rounds = game.state.round - start_round + 1
    assert len(posts) <= rounds + 1
    assert "Final scores" in posts[-1]["text"] and posts[-1]["image"]["kind"] == "score"
    assert sum(1 for p in posts if p["image"]) <= rounds + 1
    assert "is now played by" in posts[0]["text"]
    assert all(not p["buttons"] and "press **Play**" not in p["text"] and len(p["text"]) <= 2000 for p in posts)
    summaries = [p for p in posts if p["image"] and p["image"]["kind"] == "summary"]
    assert len(summaries) == rounds - 1 or len(summaries) == rounds


async def test_an_autopilot_run_cut_by_a_crash_is_resumed_by_the_next_tick(tmp_path, monkeypatch):
    """The process dies after the first round of the run was saved: the game is not left
    waiting forever; the bot's next heartbeat (tick) plays the rest."""
    path = tmp_path / "crash.sqlite3"
    db = await open_database(path)
    clock = Clock()
    service = GameService(GameRepository(db, clock=clock), clock=clock, autopilot_level="random")
    game = await bot_game(service, bots=2, seed=31)
    game = await play_round(service, game)

    async def crash(self, game_id):
        raise SystemExit("the process dies between two rounds")

    monkeypatch.setattr(GameService, "_continue_bots", crash)
    with pytest.raises(SystemExit):
        await service.replace(game.id, 1, False, 0, None)
    await db.close()
    monkeypatch.undo()
    db = await open_database(path)
    try:
        restarted = GameService(GameRepository(db, clock=clock), clock=clock, autopilot_level="random")
        cut = await restarted.load(game.id)
        assert cut.status == "active" and [r.kind for r in await restarted.repo.list_reminders(game.id)] == ["bots"]
        assert await restarted.tick() == [game.id]
        done = await restarted.load(game.id)
        assert done.status == "finished"
        assert await restarted.repo.list_reminders(game.id) == []
    finally:
        await db.close()


def test_the_pool_size_comes_from_the_workers_setting(monkeypatch):
    monkeypatch.setenv("WORKERS", "3")
    assert workers.default_size() == 3
    assert workers.default_size("5") == 5
    monkeypatch.setenv("WORKERS", "")
    import os
    assert workers.default_size() == (os.cpu_count() or 1)
    assert workers.default_size("zero") == (os.cpu_count() or 1)


async def test_inline_executor_runs_the_job_where_it_is_asked():
    assert await workers.run(workers.Inline(), json.dumps, {"a": 1}) == '{"a": 1}'
    t = time.perf_counter()
    with pytest.raises(ValueError):
        await workers.run(workers.Inline(), int, "x")
    assert time.perf_counter() - t < 1


async def test_the_consoles_auto_thinks_in_a_worker_process_and_leaves_the_loop_free(tmp_path):
    """The console's ``auto`` (GameService.computer_move) at the hard level: Solar Storm's hard
    crew-mate thinks for its budget (up to 1.5 s a turn at the default) in a worker process of the
    bot's pool (its job and the action log it is handed pickle), while the event loop keeps
    answering; the move it sends back is one the player may make."""
    from engine.solar_storm import legal_actions, to_act

    pool = workers.process_pool(1)
    service = await make_service(tmp_path, "auto", pool, level="hard")
    service.hard_turn_s = 1.5  # the default HARD_TURN_SECONDS: about 0.35 s of CPU for this action
    try:
        game = await service.create(creator_id=1, creator_name="Ada", guild_id=1, channel_id=1, game="solar_storm",
                                    options={"seed": 3, "max_players": 1, "difficulty": "easy"}, kind="solo")
        game = await service.start(game.id, 1, False)
        await service.act(game.id, 1, "move cargo_hold")  # an action log for the job to replay
        game = await service.load(game.id)
        async with StallProbe() as probe:
            action = await service.computer_move(game.id, 1)
            await asyncio.sleep(0.01)  # the probe wakes once more after the answer, to measure up to it
        [seat] = to_act(game.state)
        assert action in legal_actions(game.state, seat)
        assert probe.worst_cpu_ms < 100, f"the loop worked {probe.worst_cpu_ms:.0f} ms without a break"
        assert len(await service.repo.list_actions(game.id)) == 1  # nothing played: the console plays it
    finally:
        await service.repo.db.close()
        pool.shutdown()
