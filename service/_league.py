"""The league's rules in GameService (issue 51): who a game's result and rating belong to when
it does not go as planned. The rules themselves (README, "Ratings"):

- rated-autopilot: the creator's switch (whether a game where the autopilot played a person's
  seat for more than half the rounds still moves ratings) is announced in the game's thread,
  in the game's language, and cannot change once the game's last round has opened;
- a seat handed to another member: each round of the seat belongs to whoever held it then;
  the seat's result (profile, rating) goes to the person who played most of its rounds, the
  seat's first player on a tie (service.players seat_owners, from the ``holders`` that
  /pu host replace notes: service._play);
- an ended game (/pu host end): the ender's forfeit (service.players ended_rows);
- autopilot rounds, away rounds included, and the more-than-half rule: service.ratings.
"""
from __future__ import annotations

from i18n import _, use

from ._host import Host
from .errors import WrongStage


class League(Host):
    """Mixed into GameService (service.games)."""

    async def set_rated_autopilot(self, game_id: int, user_id: int, is_admin: bool, allow: bool) -> str:
        """The creator's (or a manager's) choice of whether the game still moves ratings if the
        autopilot plays a person's seat for more than half the rounds (service.ratings;
        default: no). In a game in progress it is announced in the thread; once the last
        round has opened it is settled (WrongStage). Returns the private answer."""
        async with self.locked_game(game_id) as game:
            self._may_manage(game, user_id, is_admin)
            if game.status not in ("lobby", "active") or (game.state is not None and game.kind.last_round_open(game.state)):
                raise WrongStage(_("Game #{game}'s last round has opened: its rating rule is settled.").format(
                    game=game_id))
            if bool(game.options.get("rated_autopilot")) == bool(allow):
                return (_("Game #{game} already moves ratings even if the autopilot plays a person's seat for "
                          "more than half the rounds.") if allow else
                        _("Game #{game} already moves no rating if the autopilot plays a person's seat for more "
                          "than half the rounds.")).format(game=game_id)
            with use(game.language):  # public: the game's language
                text = (_("⚖️ Game #{game}'s rating rule was changed by <@{user}>: it now moves ratings even if the "
                          "autopilot plays a person's seat for more than half the rounds. It can change until the "
                          "last round opens.") if allow else
                        _("⚖️ Game #{game}'s rating rule was changed by <@{user}>: it now moves no rating if the "
                          "autopilot plays a person's seat for more than half the rounds (half or fewer: rated as "
                          "usual). It can change until the last round opens.")).format(user=user_id, game=game_id)
            await self._set_options(game, {"rated_autopilot": bool(allow)}, text)
        self._notify(game_id)
        return (_("Game #{game} moves ratings even if the autopilot plays a person's seat for more than half "
                  "the rounds.") if allow else
                _("Game #{game} moves no rating if the autopilot plays a person's seat for more than half the rounds "
                  "(the default; half or fewer: rated as usual).")).format(game=game_id)
