"""Starting the bot: the token comes only from the environment or .env and is never shown or
logged; .env is ignored by git; a database the bot must not use stops it with a clear message."""
from __future__ import annotations

import logging
import sqlite3
import subprocess
from pathlib import Path

import discord
import pytest

import bot

ROOT = Path(__file__).resolve().parents[1]
TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.Gabcde.secret-token-that-must-never-be-seen"


@pytest.fixture
def settings_env(tmp_path, monkeypatch):
    for name in ("DISCORD_TOKEN", "DEV_GUILD_ID", "DATABASE_PATH", "LOG_LEVEL", "DATABASE_URL", "SHARD_COUNT",
                 "SHARD_IDS", "BACKUP_INTERVAL_HOURS", "BACKUP_KEEP", "BACKUP_DIR", "HEALTH_LOG_SECONDS",
                 "HARD_TURN_SECONDS"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(bot, "ROOT", tmp_path)
    return tmp_path


def test_the_token_is_read_from_the_environment_or_dotenv_and_never_shown(settings_env, monkeypatch):
    (settings_env / ".env").write_text(f"DISCORD_TOKEN={TOKEN}\nLOG_LEVEL=debug\n")
    settings = bot.load_settings()
    assert settings["token"] == TOKEN and settings["log_level"] == "DEBUG"
    assert TOKEN not in repr(settings) and TOKEN not in str(settings)
    monkeypatch.setenv("DISCORD_TOKEN", "from-the-environment")
    assert bot.load_settings()["token"] == "from-the-environment"  # .env never overrides it


def test_a_missing_token_says_how_to_set_it_and_offers_the_offline_console(settings_env, capsys):
    assert bot.main([]) == 2
    err = capsys.readouterr().err
    assert "DISCORD_TOKEN is not set" in err and ".env" in err
    assert "python3 tasks.py bot --offline" in err  # a newcomer can play at once, in the terminal


def test_dotenv_is_ignored_by_git_and_only_the_example_is_tracked():
    ignored = subprocess.run(["git", "check-ignore", "-q", ".env"], cwd=ROOT)
    assert ignored.returncode == 0
    tracked = subprocess.run(["git", "ls-files", "--", ".env", ".env.example"], cwd=ROOT,
                             capture_output=True, text=True).stdout.split()
    assert tracked == [".env.example"]
    assert "DISCORD_TOKEN=\n" in (ROOT / ".env.example").read_text()


def test_a_refused_token_is_reported_without_showing_it(settings_env, monkeypatch, caplog, capsys):
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.setenv("DATABASE_PATH", str(settings_env / "bot.sqlite3"))
    monkeypatch.setenv("LOG_LEVEL", "DEBUG")

    async def refuse(self, token):
        assert token == TOKEN  # the token reaches Discord's login, and only it
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(discord.http.HTTPClient, "static_login", refuse)
    caplog.set_level(logging.DEBUG)
    assert bot.main([]) == 1
    out = capsys.readouterr()
    assert "refused the token in DISCORD_TOKEN" in out.err and "Traceback" not in out.err
    everything = out.out + out.err + "\n".join(r.getMessage() for r in caplog.records)
    assert caplog.records and TOKEN not in everything and TOKEN[-12:] not in everything


def test_a_database_written_by_a_newer_bot_stops_the_start_with_a_clear_message(settings_env, monkeypatch,
                                                                                   capsys):
    path = settings_env / "bot.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA user_version = 999")
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.setenv("DATABASE_PATH", str(path))
    assert bot.main([]) == 1
    err = capsys.readouterr().err
    assert "newer version of the bot" in err and "schema version 999" in err and "Traceback" not in err


def test_a_damaged_database_stops_the_start_and_says_how_to_restore(settings_env, monkeypatch, capsys):
    path = settings_env / "bot.sqlite3"
    path.write_bytes(b"this is not a database" * 100)
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.setenv("DATABASE_PATH", str(path))
    assert bot.main([]) == 1
    err = capsys.readouterr().err
    assert "damaged" in err and "db.restore" in err


def test_a_second_bot_on_the_same_database_is_stopped_with_a_clear_message(settings_env, monkeypatch, capsys):
    from db import lock

    path = settings_env / "bot.sqlite3"
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.setenv("DATABASE_PATH", str(path))
    first = lock.hold(path)  # the bot already running
    try:
        logins = []

        async def login(self, token):
            logins.append(token)
            raise discord.LoginFailure("no network in tests")

        monkeypatch.setattr(discord.http.HTTPClient, "static_login", login)
        assert bot.main([]) == 1
        err = capsys.readouterr().err
        assert "already using the database" in err and str(path) in err and "Traceback" not in err
        assert logins == []  # stopped before it ever reached Discord
    finally:
        lock.release(first)
    assert bot.main([]) == 1  # once the first one is gone, this one gets as far as the login
    assert "refused the token" in capsys.readouterr().err


def test_the_lock_is_dropped_when_the_bot_process_dies(tmp_path):
    import sys
    import textwrap

    from db import lock

    path = tmp_path / "g.sqlite3"
    child = subprocess.Popen([sys.executable, "-c", textwrap.dedent(f"""
        import sys, time
        sys.path.insert(0, {str(ROOT)!r})
        from db import lock
        held = lock.hold({str(path)!r})
        print("held", flush=True)
        time.sleep(60)
    """)], stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "held"
        with pytest.raises(Exception, match=f"pid {child.pid}"):
            lock.hold(path)
    finally:
        child.kill()
        child.wait()
    lock.release(lock.hold(path))  # killed, not stopped: the lock went with it


def test_commands_are_synced_only_with_the_sync_flag(settings_env, monkeypatch, capsys):
    """Issue 13 defect 10: no sync on every start; `python3 tasks.py bot --sync` asks for one."""
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    asked = []

    async def run(settings):
        asked.append(settings["sync"])

    monkeypatch.setattr(bot, "run", run)
    assert bot.main([]) == 0 and bot.main(["--sync"]) == 0
    assert asked == [False, True]
    assert bot.main(["--synch"]) == 2 and "Unknown option '--synch'" in capsys.readouterr().err
    assert asked == [False, True]


def test_shard_settings_start_an_auto_sharded_bot_on_the_given_shards(settings_env, monkeypatch):
    monkeypatch.setenv("SHARD_COUNT", "4")
    monkeypatch.setenv("SHARD_IDS", "2, 3")
    settings = bot.load_settings()
    assert (settings["shard_count"], settings["shard_ids"]) == (4, [2, 3])
    made = bot.make_bot(None, shard_count=settings["shard_count"], shard_ids=settings["shard_ids"])
    assert isinstance(made, discord.ext.commands.AutoShardedBot)
    assert (made.shard_count, made.shard_ids) == (4, [2, 3])
    assert not isinstance(bot.make_bot(None), discord.ext.commands.AutoShardedBot)  # the default: one shard


@pytest.mark.parametrize("count, ids", [("2", "2"), ("", "0"), ("2", "one")])
def test_shard_ids_outside_the_shard_count_stop_the_start_with_a_reason(settings_env, monkeypatch, count, ids):
    monkeypatch.setenv("SHARD_COUNT", count)
    monkeypatch.setenv("SHARD_IDS", ids)
    with pytest.raises(SystemExit, match="SHARD"):
        bot.load_settings()


def test_hard_turn_seconds_sets_how_long_hard_computer_players_think(settings_env, monkeypatch):
    assert bot.load_settings()["hard_turn_s"] is None  # unset: the autopilot's own 1.5 s
    assert bot.make_bot(None).service.hard_turn_s is None
    monkeypatch.setenv("HARD_TURN_SECONDS", "4")
    settings = bot.load_settings()
    assert settings["hard_turn_s"] == 4.0
    assert bot.make_bot(None, hard_turn_s=settings["hard_turn_s"]).service.hard_turn_s == 4.0


@pytest.mark.parametrize("value", ["-1", "31", "fast", "nan"])
def test_a_hard_turn_time_out_of_range_stops_the_start_with_a_reason(settings_env, monkeypatch, value):
    monkeypatch.setenv("HARD_TURN_SECONDS", value)
    with pytest.raises(SystemExit, match="HARD_TURN_SECONDS"):
        bot.load_settings()


def test_database_url_selects_postgresql_and_the_sqlite_default_is_unchanged(settings_env, monkeypatch):
    assert bot.load_settings()["database"] == str(settings_env / "data" / "planet_unknown.sqlite3")
    monkeypatch.setenv("DATABASE_URL", "postgresql://bot@db/planet")
    assert bot.load_settings()["database"] == "postgresql://bot@db/planet"


def test_the_health_line_names_the_shards_and_the_counts():
    class FakeBot:
        shard_ids = [2, 3]
        latency = 0.0425
        guilds = [object()] * 5

    line = bot.health_line(FakeBot(), {"active": 3, "lobbies": 1, "posts_owed": 0, "reminders_due": 2})
    assert line == "health: shards=2,3 latency_ms=42 guilds=5 active=3 lobbies=1 posts_owed=0 reminders_due=2"
