"""What the request mixins of GameService (Lobby, Play, Timers) use of it and of each other,
declared for the type checker only: at run time the class is empty and GameService (service.games)
or the sibling mixin provides each of these."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ._announce import Announcements

if TYPE_CHECKING:
    import asyncio
    from collections import OrderedDict
    from collections.abc import Callable
    from concurrent.futures import Executor
    from contextlib import AbstractAsyncContextManager

    from db.repository import GameRepository
    from engine.state import GameState

    from ._model import Game


class Host(Announcements):
    if TYPE_CHECKING:
        # GameService (service.games)
        repo: GameRepository
        clock: Callable[[], float]
        autopilot_level: str
        executor: Executor
        listeners: list[Callable[[int], None]]
        _cache: OrderedDict[int, tuple[int, bytes]]

        def lock(self, game_id: int) -> asyncio.Lock: ...
        def locked_game(self, game_id: int) -> AbstractAsyncContextManager[Game]: ...
        async def load(self, game_id: int) -> Game: ...
        def _remember(self, game_id: int, version: int, state: GameState) -> None: ...
        async def _save(self, game: Game, state: GameState, played, posts, status: str | None = None) -> Game: ...

        # Lobby (service._lobby)
        def _may_manage(self, game: Game, user_id: int, is_admin: bool) -> None: ...

        # Play (service._play)
        def _bots_ready(self, game: Game, state: GameState | None) -> bool: ...
        async def _run_bots(self, game: Game, state: GameState, posts: list, timed: int | None = None) -> dict: ...
        async def _continue_bots(self, game_id: int) -> None: ...
