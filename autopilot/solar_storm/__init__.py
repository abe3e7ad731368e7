"""Solar Storm computer crew-mates (issue 54): three levels on the public API of
``engine.solar_storm`` alone, beside the engine as Planet Unknown's ``autopilot`` is.

A crew-mate plays for the crew, not for itself: it plans with every open hand and pawn (hands
are public, § MISE EN PLACE step 4) and never knows a deck order beyond what the rules let the
crew see (``world``: the composition of what is unseen, the damage tiers as stacked at setup,
and what Cargo Hold and Bridge peeks showed, kept in a ``Memory``). Every level decides from
``view_for(state, seat)`` and a state rebuilt from it.

Levels (``LEVELS``):
  easy    the heuristic with a new player's habits: one action at a time, it looks only at the
          next damage card, and three times in ten takes one of the next best options (never a
          losing one).
  normal  (default) the heuristic (``policy``): every option tried on a copy of the position (the
          best three of phase 1 with the action that can follow them) and judged by the crew's
          worth (rooms diverted, the danger each room runs from the damage to come, the plan
          each seat can carry out, the cards the crew needs, actions and tokens, the resource
          deck as the clock).
  hard    determinized look-ahead (``hard``): the heuristic's best options played out on worlds
          sampled consistently with everything seen, within a CPU budget per turn (default
          1.5 s) counted in work done, not by a clock.
The clairvoyant crew (``hard.choose_clairvoyant``: the look-ahead given the true deck orders)
is for the bench's upper bound only.

Entry points: ``choose(state, seat, level, budget_s=..., memory=...) -> Action`` (always legal,
never undo), ``hint(state, seat) -> [(action, Reason)]`` (``/storm hint``: the hard level's
turn with a short reason each, from what the crew can know), ``play_game`` (a whole computer
crew), ``Memory`` (what peeks showed, JSON-storable beside a game) and ``replay_memory`` (the
crew's memory of a whole game, rebuilt from its action log).
"""
from .hard import BUDGET_S, MAX_BUDGET_S, choose_clairvoyant
from .play import DEFAULT_LEVEL, LEVELS, Reason, choose, chooser, explain, hint, level_name, play_game
from .world import Memory, canonical_world, memory_from_view, replay_memory, sample_world

__all__ = ["BUDGET_S", "DEFAULT_LEVEL", "LEVELS", "MAX_BUDGET_S", "Memory", "Reason", "canonical_world", "choose",
           "choose_clairvoyant", "chooser", "explain", "hint", "level_name", "memory_from_view", "play_game",
           "replay_memory", "sample_world"]
