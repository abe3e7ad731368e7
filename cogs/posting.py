"""Posting in game threads: the Discord side of service.outbox.

``DiscordChannel`` sends a post to its game's thread (or channel), maps Discord's failures to
service.outbox.DeliveryError (refused, rate-limited, may have been created), looks in the
channel for a post whose earlier attempt was cut short, opens a new thread when the game's
thread was deleted, and tells the game's creator by direct message when the bot lacks a
permission. The order, the back-off and the bookkeeping are service.outbox's.
"""
from __future__ import annotations

import asyncio
import datetime as dt
import logging
from typing import TYPE_CHECKING

import aiohttp
import discord

from i18n import N_, _, use
from service.outbox import DeliveryError

from . import ui

if TYPE_CHECKING:
    from service import Game, GameService

    from .client import PUBot

log = logging.getLogger(__name__)
HISTORY_SLACK = 120.0  # seconds: clocks differ a little between us and Discord
HISTORY_LIMIT = 100
# what blocks the game's posts when the bot lacks it, with the names players see in Discord's
# settings. Not listed because the posts still go out without them: Embed Links (the bot sends
# no embeds), Create Public Threads (without it the posts go to the channel itself) and Read
# Message History (only used to find a post whose sending was cut short).
# (shown translated, as Discord names them in each language)
NEEDED = {"view_channel": N_("View Channels"), "send_messages": N_("Send Messages"),
          "send_messages_in_threads": N_("Send Messages in Threads"), "attach_files": N_("Attach Files")}


def missing_permissions(channel) -> list[str]:
    """The permissions the bot lacks in ``channel`` that stop the game's posts (names as
    Discord shows them): in a thread, or in a channel where it can open the game's thread,
    it posts with Send Messages in Threads; otherwise in the channel, with Send Messages.
    The names are in the current language."""
    guild = getattr(channel, "guild", None)
    if guild is None or guild.me is None:
        return []
    perms = channel.permissions_for(guild.me)
    in_thread = isinstance(channel, discord.Thread) or perms.create_public_threads
    needed = ["view_channel", "send_messages_in_threads" if in_thread else "send_messages", "attach_files"]
    return [_(NEEDED[flag]) for flag in needed if not getattr(perms, flag)]


class GameThreads:
    """Opening a game's thread (from its lobby or announcement message): only where the bot has
    Create Public Threads, and not again in a channel where Discord refused it, until the bot's
    permissions there change. Without a thread the posts go to the channel. Every refused request
    counts toward Discord's invalid-request limit (10,000 in 10 minutes, then an hour's ban from
    the API), so a server that keeps the permission off must not cost one refusal a game."""

    def __init__(self) -> None:
        self._refused: dict[int, int | None] = {}  # channel id -> the bot's permissions there when refused

    @staticmethod
    def _permissions(channel) -> discord.Permissions | None:
        """The bot's permissions in ``channel``; None where the cache cannot tell."""
        guild = getattr(channel, "guild", None)
        if guild is None or guild.me is None or not hasattr(channel, "permissions_for"):
            return None
        return channel.permissions_for(guild.me)

    def may_open(self, channel) -> bool:
        """Whether a thread is worth asking for in ``channel``."""
        if isinstance(channel, discord.Thread) or getattr(channel, "guild", None) is None:
            return False  # no thread in a thread, nor outside a server
        perms = self._permissions(channel)
        if perms is not None and not perms.create_public_threads:
            return False
        now = perms.value if perms is not None else None
        return channel.id not in self._refused or self._refused[channel.id] != now

    async def open(self, message: discord.Message, name: str) -> discord.Thread | None:
        """A public thread from ``message``, or None (no permission, or refused: the channel then).
        Other failures (5xx, timeouts) are raised for the caller to handle."""
        channel = message.channel
        if not self.may_open(channel):
            return None
        try:
            return await message.create_thread(name=name, auto_archive_duration=10080)
        except discord.Forbidden:
            perms = self._permissions(channel)
            self._refused[channel.id] = perms.value if perms is not None else None
            log.info("channel %s: Discord refused a thread (missing permission); posts go to the channel",
                     channel.id)
            return None


def _failure(error: BaseException, doing: str) -> DeliveryError:
    if isinstance(error, discord.Forbidden):
        return DeliveryError(f"{doing}: missing permission ({error.text or error.status})", forbidden=True)
    if isinstance(error, discord.RateLimited):
        return DeliveryError(f"{doing}: rate limited", retry_after=error.retry_after)
    if isinstance(error, discord.HTTPException):
        if error.status == 429:  # discord.py waits out rate limits itself; this is what is left
            return DeliveryError(f"{doing}: rate limited")
        # 5xx: Discord may have created the message before failing
        return DeliveryError(f"{doing}: {error.status} {error.text}", maybe_sent=error.status >= 500)
    # timeouts and broken connections: the request may have gone through
    return DeliveryError(f"{doing}: {type(error).__name__} {error}", maybe_sent=True)


TRANSPORT_ERRORS = (discord.HTTPException, discord.RateLimited, aiohttp.ClientError, asyncio.TimeoutError, OSError)


class DiscordChannel:
    def __init__(self, bot: PUBot, service: GameService, threads: GameThreads):
        self.bot = bot
        self.service = service
        self.threads = threads
        self._gone: set[int] = set()  # threads a send found deleted before the cache heard of it

    async def send(self, game: Game, payload: dict, image: bytes | None, nonce: str) -> int:
        if payload.get("dm"):
            sent = await self._send_dm(game, payload, nonce)
            if sent is not None:
                return sent
            payload = {**payload, **payload.get("fallback", {}), "dm": None}  # DMs refused: the thread
        channel = await self.channel_for(game)
        files = ui.png_file(image, f"game-{game.id}-{(payload.get('image') or {}).get('kind', 'image')}.png")
        kwargs = {"content": payload["text"][:2000], "files": files, "nonce": nonce,
                  "allowed_mentions": discord.AllowedMentions(
                      everyone=False, roles=False, users=[discord.Object(u) for u in payload.get("mentions", [])])}
        with use(game.language):  # a public post: the game's language
            view = ui.post_view(game.id, payload.get("buttons") or []) if game.status == "active" else None
        if view is not None:
            kwargs["view"] = view
        try:
            message = await channel.send(**kwargs)
        except discord.NotFound as error:
            if channel.id == game.row.thread_id:
                self._gone.add(channel.id)  # the thread was deleted: a new one next time
                raise DeliveryError(f"the game's thread is gone ({error.text})", retry_after=0) from error
            raise _failure(error, "posting") from error
        except TRANSPORT_ERRORS as error:
            raise _failure(error, "posting") from error
        return message.id

    async def _send_dm(self, game: Game, payload: dict, nonce: str) -> int | None:
        """A reminder by direct message (the player's setting, service.settings); None if the
        player does not take direct messages from the bot (it then goes to the thread)."""
        try:
            user = self.bot.get_user(payload["dm"]) or await self.bot.fetch_user(payload["dm"])
            message = await user.send(payload["text"][:2000], nonce=nonce,
                                      allowed_mentions=discord.AllowedMentions.none())
        except (discord.Forbidden, discord.NotFound) as error:
            log.info("game %s: no DM to %s (%s); reminding in the thread", game.id, payload["dm"], error.status)
            return None
        except TRANSPORT_ERRORS as error:
            raise _failure(error, "sending a direct message") from error
        return message.id

    async def find(self, game: Game, payload: dict, since: float) -> int | None:
        if payload.get("dm"):
            return None  # a direct message cut short is sent again (a reminder twice at worst)
        channel = await self.channel_for(game, create=False)
        if channel is None:
            return None
        text = payload["text"][:2000].strip()
        after = dt.datetime.fromtimestamp(since - HISTORY_SLACK, dt.UTC)
        assert self.bot.user is not None  # posts go out only once the bot is logged in
        me = self.bot.user.id
        try:
            async for message in channel.history(limit=HISTORY_LIMIT, after=after):
                if message.author.id == me and message.content.strip() == text:
                    return message.id
        except TRANSPORT_ERRORS as error:
            raise _failure(error, "reading the channel") from error
        return None

    async def cannot_post(self, game: Game, error: DeliveryError) -> None:
        channel = await self.channel_for(game, create=False)
        where = f" in <#{channel.id}>" if channel is not None else ""
        with use(game.language):
            missing = missing_permissions(channel) if channel is not None else []
            what = ", ".join(missing or [_(NEEDED[flag]) for flag in ("send_messages", "send_messages_in_threads",
                                                                       "attach_files")])
            text = (_("I cannot post for Planet Unknown game #{game} in {channel}: I am missing a permission "
                      "there ({permissions}). Please give me those permissions in that channel; the game waits "
                      "and I will post what it owes as soon as I can.") if channel is not None else
                    _("I cannot post for Planet Unknown game #{game}: I am missing a permission "
                      "there ({permissions}). Please give me those permissions in that channel; the game waits "
                      "and I will post what it owes as soon as I can.")).format(
                game=game.id, channel=where.removeprefix(" in "), permissions=what)
        try:
            user = self.bot.get_user(game.row.creator_id) or await self.bot.fetch_user(game.row.creator_id)
            await user.send(text)
        except TRANSPORT_ERRORS as again:
            raise _failure(again, "telling the creator") from again

    async def channel_for(self, game: Game, *, create: bool = True):
        """The game's thread, or its channel if it has no thread. A thread that was deleted is
        replaced by a new one (when ``create``); an archived one is reopened."""
        if game.row.thread_id is not None:
            thread = await self._fetch(game.row.thread_id)
            if thread is not None:
                if isinstance(thread, discord.Thread) and thread.archived:
                    try:
                        await thread.edit(archived=False)
                    except TRANSPORT_ERRORS as error:
                        raise _failure(error, "reopening the thread") from error
                return thread
            if not create:
                return None
        parent = await self._fetch(game.row.channel_id) if game.row.channel_id is not None else None
        if parent is None:
            raise DeliveryError(f"the channel of game {game.id} is gone")
        if game.row.thread_id is not None:
            return await self._new_thread(game, parent)
        return parent

    async def _fetch(self, channel_id: int):
        if channel_id in self._gone:
            return None
        channel = self.bot.get_channel(channel_id)
        if channel is not None:
            return channel
        try:
            return await self.bot.fetch_channel(channel_id)
        except discord.NotFound:
            return None
        except TRANSPORT_ERRORS as error:
            raise _failure(error, "looking up the channel") from error

    async def _new_thread(self, game: Game, parent):
        """The game's thread was deleted: announce a new one in the channel and post there."""
        old = game.row.thread_id
        try:
            with use(game.language):
                text = _("🪐 Planet Unknown game #{game} goes on in a new thread "
                         "(its old thread was deleted).").format(game=game.id)
            anchor = await parent.send(text, allowed_mentions=discord.AllowedMentions.none())
        except TRANSPORT_ERRORS as error:
            raise _failure(error, "announcing a new thread") from error
        try:
            thread = await self.threads.open(anchor, f"Planet Unknown #{game.id}")
        except TRANSPORT_ERRORS as error:
            log.warning("game %s: no new thread (%s); posts go to the channel", game.id, error)
            thread = None
        if thread is None:
            await self.service.set_thread(game.id, None)
            return parent
        await self.service.set_thread(game.id, thread.id)
        log.info("game %s: thread %s was deleted; posting in new thread %s", game.id, old, thread.id)
        return thread
