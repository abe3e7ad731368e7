"""Personal settings and away mode in the game service (service/settings.py, service/_async.py):
quiet-hour arithmetic in real time zones (across midnight and a change of daylight-saving
time), the checks' messages, and away mode when every person of a game is away."""
from __future__ import annotations

import datetime as dt
import zoneinfo

import pytest

from engine import rules
from service.errors import ConfigError, WrongStage
from service.settings import Settings, away_until, check_zone, zone_suggestions


def at(zone: str, year: int, month: int, day: int, hour: int, minute: int) -> float:
    return dt.datetime(year, month, day, hour, minute, tzinfo=zoneinfo.ZoneInfo(zone)).timestamp()


def test_quiet_hours_across_midnight_end_at_the_local_end_hour():
    mine = Settings(1, quiet_start=22, quiet_end=7, time_zone="Europe/Paris")
    assert not mine.quiet_at(at("Europe/Paris", 2026, 11, 24, 21, 59))
    assert mine.quiet_at(at("Europe/Paris", 2026, 11, 24, 22, 0))
    assert mine.quiet_at(at("Europe/Paris", 2026, 11, 25, 3, 0))
    assert not mine.quiet_at(at("Europe/Paris", 2026, 11, 25, 7, 0))
    # a reminder due at 23:30 waits until 07:00 the next morning, Paris time
    assert mine.ping_time(at("Europe/Paris", 2026, 11, 24, 23, 30)) == at("Europe/Paris", 2026, 11, 25, 7, 0)
    assert mine.ping_time(at("Europe/Paris", 2026, 11, 25, 6, 0)) == at("Europe/Paris", 2026, 11, 25, 7, 0)
    outside = at("Europe/Paris", 2026, 11, 25, 12, 0)
    assert mine.ping_time(outside) == outside


def test_quiet_hours_follow_the_zone_through_a_daylight_saving_change():
    # night of 28-29 March 2026: Paris moves from UTC+1 to UTC+2 at 02:00
    mine = Settings(1, quiet_start=23, quiet_end=8, time_zone="Europe/Paris")
    end = mine.ping_time(at("Europe/Paris", 2026, 3, 29, 1, 0))
    assert dt.datetime.fromtimestamp(end, zoneinfo.ZoneInfo("Europe/Paris")).hour == 8
    assert end - at("Europe/Paris", 2026, 3, 29, 1, 0) == 6 * 3600  # 01:00 +01 to 08:00 +02


def test_time_zones_are_checked_and_suggested():
    assert check_zone("america/new_york") == "America/New_York"
    with pytest.raises(ConfigError, match="Unknown time zone"):
        check_zone("Mars/Olympus_Mons")
    assert zone_suggestions("europe/par") == ["Europe/Paris"]
    assert len(zone_suggestions("")) == 25


def test_away_until_a_date_or_a_number_of_days_in_range():
    now = at("UTC", 2026, 11, 24, 12, 0)
    assert away_until(now, 3, None) == now + 3 * 86400
    assert away_until(now, None, "2026-11-30", "Europe/Paris") == at("Europe/Paris", 2026, 12, 1, 0, 0)
    for days, until in ((0, None), (61, None), (None, "2026-11-01"), (None, "2027-06-01"), (None, "soon"),
                        (3, "2026-11-30")):
        with pytest.raises(ConfigError):
            away_until(now, days, until)


@pytest.mark.parametrize("until", ["9999-12-31", "0001-01-01", "2026-02-30", "+2026-12-01", "2026-11-24T99"])
def test_an_away_date_out_of_any_calendar_is_refused_naming_the_dates_allowed(until):
    """Issue 51: the day after 9999-12-31 has no date (it crashed with OverflowError)."""
    now = at("UTC", 2026, 11, 24, 12, 0)
    with pytest.raises(ConfigError, match="from 2026-11-24 to 2027-01-23"):
        away_until(now, None, until)


def test_the_dates_allowed_for_away_are_the_users_own_today_to_60_days_ahead():
    late = at("UTC", 2026, 11, 24, 23, 30)  # already the 25th in Paris, still the 24th in New York
    assert away_until(late, None, "2027-01-24", "Europe/Paris") == at("Europe/Paris", 2027, 1, 25, 0, 0)
    with pytest.raises(ConfigError, match="from 2026-11-25 to 2027-01-24"):
        away_until(late, None, "2026-11-24", "Europe/Paris")
    assert away_until(late, None, "2026-11-24", "America/New_York") == at("America/New_York", 2026, 11, 25, 0, 0)


async def test_a_game_where_everyone_is_away_plays_to_the_end_of_the_round_then_waits(service):
    game = await service.create(creator_id=1, creator_name="Ada", guild_id=5, channel_id=6,
                                options={"max_players": 2, "seed": 4})
    await service.join(game.id, 2, "Bo")
    game = await service.start(game.id, 1, False)
    await service.go_away(1, days=5)
    _settings, played, _refused = await service.go_away(2, days=5)
    assert played == [game.id]
    game = await service.load(game.id)
    assert game.status == "active" and game.state.round == 2  # not played to its end
    assert set(game.away) == {0, 1}
    # no reminder and no timer for either: only each spell's end (which gives the seat back) and the stall clock
    assert [r.kind for r in await service.repo.list_reminders(game.id)] == ["back", "back", "stall"]
    # the first one back takes their seat; the other's is played at once
    await service.come_back(1)
    game = await service.load(game.id)
    assert 1 not in rules.to_act(game.state) and 0 in rules.to_act(game.state)
    kinds = {(r.seat, r.kind) for r in await service.repo.list_reminders(game.id)}
    assert (0, "nudge") in kinds and (1, "nudge") not in kinds
    assert (await service.settings_for(2)).away(service.clock())
    with pytest.raises(WrongStage, match="not away"):
        await service.come_back(1)
