"""/storm hint (Discord and the console) writes each action once: 'action: reason', the reason
not starting with the action again ('aller dans la pièce Salle à manger : aller dans la pièce Salle
à manger : le travail est là' was the bug), in both languages."""
from __future__ import annotations

import random
import re

from engine.solar_storm import apply, dump, legal_actions, make_config, new_game, to_act
from service.kinds.solar_storm import hint_job

LINE = re.compile(r"^\*\*(?P<action>[^*]+)\*\*( ?: (?P<why>.+))?$")


def hint_lines(language: str) -> list[str]:
    """The hint's lines at many positions of a few random games (solo and crews), in ``language``."""
    rng = random.Random(2)
    lines: list[str] = []
    for game in range(3):
        state = new_game(make_config(game + 1, difficulty="easy", no_peek=False), 70 + game)
        for step in range(60):
            if not to_act(state):
                break
            if step % 6 == 0:
                lines += hint_job(dump(state), state.active, 0.02, language)
            apply(state, state.active, rng.choice(legal_actions(state, state.active)))
    return lines


def test_each_hint_line_names_the_action_once_then_its_reason_in_english_and_in_french():
    for language in ("en", "fr"):
        lines = hint_lines(language)
        assert len(lines) >= 10
        reasons = set()
        for line in lines:
            match = LINE.match(line)
            assert match, line
            action, why = match["action"], match["why"] or ""
            reasons.add(why)
            assert action not in why, line
            assert why.split(" ")[0] != action.split(" ")[0], line  # "scavenge: scavenge: ..." no more
            assert ": " not in why.replace(" : ", "|"), line  # one "action: reason", not two
        assert len(reasons) >= 3  # several kinds of reason were checked
    french = " ".join(hint_lines("fr"))
    assert "**fouiller (lancer le dé)** : l'équipage a besoin de cartes et a des actions à revendre" in french
