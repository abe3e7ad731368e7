"""Makeshift (rulebook 2023 p.13; RULINGS D9): trackers shift between columns."""
from __future__ import annotations

from i18n import _

from .. import data as D
from .. import effects as F
from ..data import TRACKS
from ..pending import item_kind, track_space
from .base import Board, BoardKind, board_of, cdef_of, corp_of, on, register, use, used


@register
class Makeshift(Board):
    """Each advance moves a tracker one row up, straight or diagonally into a neighbouring
    column, claiming what is printed there; trackers block each other; techs come from the
    highest tracker in the tech column; each tracker scores the column it stands in."""

    id = "makeshift"

    def tech_on(self, trackers, special, level):
        pos = D.corporation(self.id).tech_positions.get(level)
        if pos is None:
            return False
        moved = special.get("col")  # asked for often (every tech check): no copy of the columns
        if not moved:
            return trackers["tech"] >= pos
        for t in TRACKS:
            if moved.get(t, t) == "tech" and trackers[t] >= pos:
                return True
        return False

    def taken(self, corp, track) -> set[tuple[str, int]]:
        moved = corp.special.get("col") or {}
        return {(moved.get(t, t), corp.trackers[t]) for t in TRACKS if t != track}

    def seen(self, state, corp, track) -> list[str]:
        seen = corp.special.get("seen") or {}
        return seen.get("spaces", {}).get(track, []) if seen.get("round") == state.round else []

    def targets(self, state, seat, track, lateral=True) -> list[tuple[str, int]]:
        """Spaces one advance may take ``track`` to: a row up, straight or diagonally (tech 1:
        civ and tech are neighbours), or sideways (tech 3)."""
        corp = corp_of(state, seat)
        cdef = cdef_of(state, seat)
        col = column(corp.special, track)
        row = corp.trackers[track]
        taken = self.taken(corp, track)
        i = TRACKS.index(col)
        wrap = on(state, seat, 1)
        side = [TRACKS[j % 5] for j in (i - 1, i + 1) if 0 <= j < 5 or wrap]
        out = [(c, row + 1) for c in [col] + side if row + 1 <= cdef.tracks[c].top and (c, row + 1) not in taken]
        if lateral and on(state, seat, 3):
            seen = self.seen(state, corp, track)
            out += [(c, row) for c in side if (c, row) not in taken and f"{c} {row}" not in seen]
        return out

    def next_space(self, state, seat, track):
        return None  # every step is a choice: see advance

    def can_rise(self, state, seat, track):
        corp = corp_of(state, seat)  # asked for often: straight up, the usual answer, first
        col, row = column(corp.special, track), corp.trackers[track] + 1
        if row <= cdef_of(state, seat).tracks[col].top and (col, row) not in self.taken(corp, track):
            return True
        return bool(self.targets(state, seat, track))

    def repeats_at_top(self, state, seat, track):
        corp = corp_of(state, seat)
        return column(corp.special, track) == "rover" and corp.trackers[track] >= cdef_of(state, seat).tracks["rover"].top

    def advance(self, state, seat, track, times, *, source, claim, skip):
        if times > 0:
            F.add_item(state.seats[seat], "shift", track=track, left=times, source=source, claim=claim, skip=list(skip))
        return True

    def advance_all_to(self, state, seat, position, *, claim, skip):
        corp = corp_of(state, seat)
        for t in TRACKS:
            if corp.trackers[t] < position:
                F.add_item(state.seats[seat], "shift", track=t, left=position - corp.trackers[t], until=position,
                       source="card", claim=claim, skip=list(skip))
        return True

    def regress_target(self, state, seat, track):  # straight down, onto a free space
        corp = corp_of(state, seat)
        col = column(corp.special, track)
        pos = corp.trackers[track]
        return (col, pos - 1) if pos > 0 and (col, pos - 1) not in self.taken(corp, track) else None

    def movement_bonus(self, state, seat, track_space):  # tech 2
        if not track_space or not on(state, seat, 2):
            return 0
        cols = columns(corp_of(state, seat).special)
        return 1 if sum(1 for t in TRACKS if cols[t] == "rover") >= 2 else 0

    def tech_values(self, state, seat, level):  # tech 4: one tracker down, once per round
        if level == 4 and not used(state, seat, "t4"):
            return [t for t in TRACKS if self.regress_target(state, seat, t) is not None]
        return []

    def use_tech(self, state, seat, level, key):
        use(state, seat, "t4")
        F.regress(state, seat, key)

    def shift_values(self, state, seat, item) -> list[str]:
        """Spaces ('COLUMN ROW') a shift item may take its tracker to now."""
        t = item["track"]
        vals = [f"{c} {r}" for c, r in self.targets(state, seat, t, lateral="until" not in item)]
        if F.repeats_at_top(state, seat, t, item["source"]):  # stay on the rover top: X-infinity
            vals.append(f"rover {corp_of(state, seat).trackers[t]}")
        return vals

    def shift(self, state, seat, item, key) -> None:
        """Move the tracker of a shift item to ``key`` and claim what is printed there."""
        corp = corp_of(state, seat)
        cdef = cdef_of(state, seat)
        t = item["track"]
        col, row = track_space(key)
        cols = columns(corp.special)
        if (col, row) == (cols[t], corp.trackers[t]):
            for b in cdef.tracks["rover"].repeat_at_top:
                F.claim_benefit(state, seat, b, "rover")
        else:
            seen = corp.special.get("seen") or {}
            if seen.get("round") != state.round:
                seen = {"round": state.round, "spaces": {}}
            seen["spaces"].setdefault(t, []).append(f"{cols[t]} {corp.trackers[t]}")
            corp.special["seen"] = seen
            cols[t] = col
            corp.special["col"] = cols
            corp.trackers[t] = row
            if item.get("claim", True):  # whatever is printed there, whatever the cube's colour
                for b in cdef.tracks[col].benefits[row]:
                    if b[0] not in item.get("skip", []):
                        F.claim_benefit(state, seat, b, col)
        until = item.get("until")
        left = item["left"] - 1
        if (until is not None and corp.trackers[t] < until) or (until is None and left > 0):
            rest = {k: v for k, v in item.items() if k not in ("id", "kind")}
            F.add_item(state.seats[seat], "shift", **{**rest, "left": max(left, 1)})

    def track_medals(self, trackers, special):
        cdef = D.corporation(self.id)
        cols = columns(special)
        highest = self.tech_on(trackers, special, 5)  # tech 5: the column's highest tracker (D9)
        return {t: cdef.tracks[cols[t]].medal_at[max(trackers[u] for u in TRACKS if cols[u] == cols[t])
                                                  if highest else trackers[t]] for t in TRACKS}


def column(special: dict, track: str) -> str:
    """Makeshift: the column the ``track`` tracker stands in."""
    return (special.get("col") or {}).get(track, track)


def columns(special: dict) -> dict[str, str]:
    """Makeshift: the column each tracker stands in (its own until it moves sideways)."""
    cols = special.get("col") or {}
    return {t: cols.get(t, t) for t in TRACKS}


@item_kind
class Shift(BoardKind):
    """Where the ``track`` tracker goes on this advance ('COLUMN ROW'), ``left`` steps to go
    (or up to row ``until`` for a civ card's 'advance all to')."""

    name = "shift"
    fields = ("track", "left", "until", "source", "claim", "skip")

    def values(self, state, seat, item):
        return board_of(state, seat).shift_values(state, seat, item)

    def carry_out(self, state, seat, board, item, key):
        board.shift(state, seat, item, key)

    def describe(self, item):
        return _("move your {track} tracker: choose the space").format(track=D.terrain_word(item["track"]))
