"""What a player sees and can click when it is their moment to decide: a *panel*.

A panel is plain data (text, one image to draw, controls) computed from the player's own view
of the game, so the Discord layer turns it into an ephemeral message with buttons and menus,
and the offline console into a numbered menu, without either knowing the rules.

Every control carries a *verb*, a short string the service understands:

    a:<action text>     play an engine action, e.g. ``a:place C5 3``, ``a:resolve 4 water``
    c:<anchor>:<orient> move the placement cursor (nothing is played)
    c:edge:<direction>  a disabled arrow at the edge of the board (refused if sent)
    r:<steps>           show the station turned by <steps> (commander, nothing is played)
    p:<item>:<offset>   show the next page of a long list of choices
    h:                  the hint (what the hard computer player would do now), answered apart
    l:off               leave the guided game's lessons

A panel also carries a *stamp*: a short digest of everything the seat can decide from.
A control whose stamp no longer matches (the seat acted since, the round moved on) is
refused as out of date, which also makes a double click play once.
"""
from __future__ import annotations

import zlib

from engine import data as D
from engine import rules
from engine.actions import Confirm, DropObjective, Move, Pick, Place, Resolve, Turn, Undo
from engine.data import cell_name
from engine.state import GameState
from engine.view import view_for
from i18n import _, content, ngettext

# the generic panel types (every game's), still found here by the modules that took them here
from .controls import OPTION_DETAIL as OPTION_DETAIL
from .controls import SELECT_LIMIT as SELECT_LIMIT
from .controls import TEXT_ROOM
from .controls import Control as Control
from .controls import Panel as Panel

TEXT_BUDGET = TEXT_ROOM  # of a panel's text: Discord takes 2000 characters and the cog adds a note and a deadline
MAX_ITEM_MENUS = 3  # menus for pending items; one more row for rover moves, one for buttons
HINT = "h:"  # the Hint button's verb: the Discord layer and the console ask the service for the hint
ARROWS = {"up": "▲", "down": "▼", "left": "◀", "right": "▶"}


def stamp_of(state: GameState, seat: int) -> str:
    """A digest of the seat's decision point (changes whenever its options may change)."""
    s = state.seats[seat]
    key = (state.round, state.phase, state.active, state.station["rotation"], s.step, s.hand, s.taken,
           s.pool, s.unplaced, repr(s.pending), len(s.board.tiles), len(s.board.patches), tuple(s.board.rovers),
           tuple(s.corp.objective_offer), len(s.corp.civ_cards))
    return f"{zlib.crc32(repr(key).encode()) & 0xFFFFFF:06x}"


def turned(orient: int) -> int:
    return orient // 4 * 4 + (orient % 4 + 1) % 4


def flipped(orient: int) -> int:
    return orient ^ 4


def nudge(anchor: int, direction: str) -> int:
    r, c = divmod(anchor, D.SIZE)
    dr, dc = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}[direction]
    r, c = min(max(r + dr, 0), D.SIZE - 1), min(max(c + dc, 0), D.SIZE - 1)
    return r * D.SIZE + c


def first_placement(state: GameState, seat: int) -> tuple[int, int]:
    for action in rules.legal_actions(state, seat):
        if isinstance(action, Place):
            return action.anchor, action.orient
    return 5 * D.SIZE + 5, 0


def next_placement(state: GameState, seat: int, anchor: int, orient: int) -> tuple[int, int]:
    """The legal placement after (anchor, orient) in reading order, wrapping around."""
    places = sorted({(a.anchor, a.orient) for a in rules.legal_actions(state, seat) if isinstance(a, Place)})
    if not places:
        return anchor, orient
    for p in places:
        if p > (anchor, orient):
            return p
    return places[0]


def _paged(options: list[tuple[str, str]], item: str, offset: int, front: str = "discord") -> list[tuple[str, str]]:
    """At most SELECT_LIMIT options (Discord's limit; the console lists them all): a window from
    ``offset`` with 'more' entries at its ends."""
    if len(options) <= SELECT_LIMIT or front != "discord":
        return options
    room = SELECT_LIMIT - 2
    offset = max(0, min(offset, len(options) - 1))
    window = options[offset: offset + room]
    out = []
    if offset > 0:
        out.append((f"p:{item}:{max(0, offset - room)}", _("◀ earlier choices")))
    out += window
    if offset + room < len(options):
        left = len(options) - offset - room
        out.append((f"p:{item}:{offset + room}", _("more choices ▶ ({n} left)").format(n=left)))
    return out


def _value_detail(item: dict, value: str) -> str:
    """A menu option's description: a civ card's effect in one line (its menu line)."""
    if item["kind"] == "civ" and value.isdigit():
        card = D.civ_card(int(value))
        return content(card.menu_line)[:OPTION_DETAIL]
    return ""


def civ_offer(values: list[str], short: bool = False) -> list[str]:
    """The civ cards offered (the values of a civ item), each with its effect in full (``short``: its menu
    line, when the full texts would not fit in one message)."""
    lines = []
    for value in values:
        if not value.isdigit():
            continue
        card = D.civ_card(int(value))
        when = _("end of the game") if card.timing == "end_game" else _("at once")
        text = content(card.menu_line if short else card.description)
        lines.append(_("  ◦ **{name}** (#{id}, {when}): {text}").format(name=content(card.name), id=card.id,
                                                                        when=when, text=text))
    return lines


def value_label(item: dict, value: str, front: str = "discord") -> str:
    if item["kind"] == "civ":
        card = D.civ_card(int(value))
        if front != "discord":  # a terminal has room for the card's whole effect
            return _("{item}: {value}").format(item=f"{content(card.name)} (#{card.id})", value=content(card.description))
        return f"{content(card.name)} (#{card.id})"
    if item["kind"] == "patch" and value == "store":
        return _("store it for the end of the game")
    return D.terrain_word(value)  # a terrain in the reader's words; squares and numbers stay as they are


def item_line(item: dict) -> str:
    """A pending item as the panel lists it: its number (what ``resolve N VALUE`` asks for) and what it is."""
    return _("item {n}: {what}").format(n=item["id"], what=rules.describe_item(item))


def action_words(state: GameState, seat: int, action) -> str:
    """One of ``seat``'s legal actions now as a player reads it, in the language in use (what the
    console says the computer played for them): the panel's own words for it, not the engine's
    English text form."""
    s = state.seats[seat]
    if isinstance(action, Pick):
        tile = rules.depot_tops(state, seat).get(action.stack)
        take = _("Take the small tile ({tile})") if action.stack == "small" else _("Take the large tile ({tile})")
        return take.format(tile=rules.tile_words(tile) if tile is not None else "?")
    if isinstance(action, Place):
        return _("Place your tile at {square}, orientation {orient}").format(square=cell_name(action.anchor),
                                                                              orient=action.orient)
    if isinstance(action, Resolve):
        item = next((i for i in s.pending if i["id"] == action.item), None)
        if item is None:
            return _("item {n}: {what}").format(n=action.item, what=action.value)
        return _("{item}: {value}").format(item=item_line(item), value=value_label(item, action.value))
    if isinstance(action, Move):
        directions = {"up": _("up"), "down": _("down"), "left": _("left"), "right": _("right")}
        return _("rover {n} {arrow} {direction}").format(
            n=action.rover, arrow=ARROWS.get(action.direction, ""),
            direction=directions.get(action.direction, action.direction)).replace("  ", " ")
    if isinstance(action, Turn):
        return ngettext("Turn the station by {n} depot clockwise", "Turn the station by {n} depots clockwise",
                        action.steps).format(n=action.steps)
    if isinstance(action, DropObjective):
        return _("Put back #{card} {name}").format(card=action.card,
                                                   name=content(D.objective_card(action.card).private_name))
    if isinstance(action, Confirm):
        return _("Confirm my turn") if state.phase == "turns" else _("Done")
    if isinstance(action, Undo):
        return _("Undo")
    return str(action)


def regrets(state: GameState, seat: int, place: Place) -> list[str]:
    """What a placement of the seat's tile would cost that a player may not have seen: the
    lifepods and rovers it destroys (the preview's warnings), in the reader's words."""
    from render.planet import placement_effects  # the preview's own reading of the squares covered

    s = state.seats[seat]
    if s.hand is None:
        return []
    fx = placement_effects(s.board, s.hand, place.orient, place.anchor)
    out = []
    if fx["lifepods"] and not fx["clash"]:
        out.append(ngettext("destroys lifepod {squares}", "destroys lifepods {squares}", len(fx["lifepods"]))
                   .format(squares=", ".join(cell_name(i) for i in fx["lifepods"])))
    if fx["rovers"] and not fx["clash"]:
        out.append(ngettext("destroys rover {numbers}", "destroys rovers {numbers}", len(fx["rovers"]))
                   .format(numbers=", ".join(str(n) for n in fx["rovers"])))
    return out


def build(state: GameState, game_id: int, seat: int, names: list[str], ui: dict | None = None,
          front: str = "discord", *, hints: bool = False) -> Panel:
    """The panel for ``seat`` now. ``ui`` holds what the player is browsing: ``cursor``
    (anchor, orient), ``rotation`` (steps), ``pages`` {item id: offset}. ``front``: where it
    is shown ("discord" or "console"), for the commands it names and the length of its lists.
    ``hints``: the game gives hints (a Hint button, verb ``h:``, with every decision)."""
    panel = _build(state, game_id, seat, names, ui, front)
    if hints and not panel.done:
        panel.controls.append(Control("button", HINT, _("💡 Hint"), row=4, name="hint"))
    return panel


def _build(state: GameState, game_id: int, seat: int, names: list[str], ui: dict | None = None,
           front: str = "discord") -> Panel:
    ui = ui or {}
    stamp = stamp_of(state, seat)
    panel = Panel(game_id, seat, stamp, "")
    view = view_for(state, seat)
    s = state.seats[seat]
    legal = rules.legal_actions(state, seat)
    if state.phase == "over":
        panel.text, panel.done = _("This game is over. Final scores:"), True
        panel.image = ("score", (view, names), {})
        return panel
    if not legal:
        panel.text, panel.done = _("Nothing for you to do right now: {reason}.").format(
            reason=rules.waiting_reason(state, seat)), True
        panel.image = ("planet", (view, seat, names), {})
        return panel

    if state.phase == "objectives":
        lines = [_("**Private objectives.** Keep the ones you like; put one back:")]
        for c in s.corp.objective_offer:
            card = D.objective_card(c)
            lines.append(_("• #{card} **{name}**: {text}").format(card=c, name=content(card.private_name),
                                                                 text=content(card.private_text)))
        panel.text = "\n".join(lines)
        panel.controls.append(Control("select", "", _("Put back an objective"), options=tuple(
            (f"a:{str(a)}", _("Put back #{card} {name}").format(card=a.card,
                                                                name=content(D.objective_card(a.card).private_name)))
            for a in legal if isinstance(a, DropObjective))))
        return panel

    if state.phase == "rotate":
        steps = ui.get("rotation", 0) % 6
        preview = dict(view, station=dict(view["station"], rotation=(view["station"]["rotation"] - steps) % 6))
        panel.text = ngettext("**You are the commander this round.** Turn the station so the depots face the "
                              "players the way you want, then confirm. Turned by {n} depot clockwise.",
                              "**You are the commander this round.** Turn the station so the depots face the "
                              "players the way you want, then confirm. Turned by {n} depots clockwise.",
                              steps).format(n=steps) if steps else _(
            "**You are the commander this round.** Turn the station so the depots face the players the way you "
            "want, then confirm. Not turned yet.")
        panel.image = ("station", (preview, names), {})
        panel.controls += [
            Control("button", f"r:{(steps - 1) % 6}", _("◀ Back one"), row=0, name="back"),
            Control("button", f"r:{(steps + 1) % 6}", _("Forward one ▶"), row=0, name="forward"),
            Control("button", f"a:{str(Turn(steps))}", _("Confirm the station"), "success", row=0, name="confirm"),
        ]
        return panel

    picks = [a for a in legal if isinstance(a, Pick)]
    pages = ui.get("pages", {})
    lines = []
    event = (view.get("events") or {}).get("current") if state.phase == "turns" else None
    if event:
        lines.append(_("Event this round ({colour}): **{name}**: {text}").format(
            colour=_(event['colour']), name=content(event['name']), text=content(event['text'])))
    row = 0
    if picks:
        large = any(a.stack == "large" for a in picks)
        lines.append((_("**Round {round}: choose a tile** from the depot facing you. The picture shows both tiles "
                        "and the orientations of the large one.") if large else
                      _("**Round {round}: choose a tile** from the depot facing you. The picture shows both tiles "
                        "and the orientations of the small one.")).format(round=state.round))
        panel.image = ("picker", (view, seat, names), {})
        for a in picks:
            tile = view["station"][a.stack][rules.seat_depot(state, seat)[a.stack]]["top"]
            take = _("Take the small tile ({tile})") if a.stack == "small" else _("Take the large tile ({tile})")
            panel.controls.append(Control("button", f"a:{a}", take.format(tile=rules.tile_words(tile)), "primary",
                                          row=0, name=a.stack))
        row = 1
    elif s.hand is not None:
        anchor, orient = ui.get("cursor") or first_placement(state, seat)
        problem = s.board.placement_problem(s.hand, orient, anchor,
                                            ignore_adjacency=_ignores_adjacency(state, seat, s.hand))
        status = _("✅ fits here") if problem is None else f"❌ {problem}"
        warnings = regrets(state, seat, Place(anchor, orient)) if problem is None else []
        if warnings:
            status += " ⚠ " + "; ".join(warnings)
        typed = (_("You can also type `/pu place at:{square} orient:{orient}`.") if front == "discord"
                 else _("You can also type `place {square} {orient}`."))
        lines.append(_("**Place your tile** ({tile}) at {square}, orientation {orient}: {status}.\nMove it with "
                       "the arrows, turn or flip it, jump to the next legal spot, then place it.").format(
            tile=rules.tile_words(s.hand), square=cell_name(anchor), orient=orient, status=status)
            + " " + typed.format(square=cell_name(anchor), orient=orient))
        panel.image = ("preview", (view, seat, s.hand, orient, anchor, names), {})
        for d in ("left", "up", "down", "right"):
            to = nudge(anchor, d)
            # an arrow pointing off the board is shown disabled, with an id of its own: two arrows
            # on a corner would otherwise share one (Discord refuses the whole message)
            verb = f"c:{to}:{orient}" if to != anchor else f"c:edge:{d}"
            panel.controls.append(Control("button", verb, ARROWS[d], row=0, disabled=to == anchor, name=d))
        panel.controls += [
            Control("button", f"c:{anchor}:{turned(orient)}", _("⟳ Turn"), row=1, name="turn"),
            Control("button", f"c:{anchor}:{flipped(orient)}", _("⇋ Flip"), row=1, name="flip"),
            Control("button", f"c:next:{anchor:d}:{orient:d}", _("Next legal spot"), row=1, name="next"),
            Control("button", f"a:{Place(anchor, orient)}", _("Place it here"), "success",
                    disabled=problem is not None, row=2, name="place"),
        ]
        row = 3
    else:
        panel.image = ("planet", (view, seat, names), {})
        if state.phase == "turns" and s.step == "pick":
            lines.append(_("**Round {round}: first settle what the event asks**, then choose your tile.").format(
                round=state.round))
        elif state.phase == "turns":
            lines.append(_("**Round {round}: settle what your tile gave you**, in any order, then confirm.").format(
                round=state.round))
        elif state.phase == "civ":
            lines.append(_("**Civilisation milestone:** choose your card."))
        else:
            lines.append(_("**Before the final count:** settle what is left."))
    # pending items, rover moves, confirm and undo, on the rows left (Discord allows 5)
    menus_left = 4 - row
    for item in s.pending:
        lines.append(f"• {item_line(item)}")
        if item["kind"] == "civ":  # the cards on offer, each with its effect (in one line when long)
            offered = [a.value for a in legal if isinstance(a, Resolve) and a.item == item["id"]]
            cards = civ_offer(offered)
            if len("\n".join(lines + cards)) > TEXT_BUDGET:  # each card in one line, in full on a picture
                cards = civ_offer(offered, short=True)
                panel.image = ("civ_offer", ([int(v) for v in offered if v.isdigit()],), {})
            lines += cards
    if s.pool:
        lines.append(ngettext("• {n} rover step to spend (lost when you confirm)",
                              "• {n} rover steps to spend (lost when you confirm)", s.pool).format(n=s.pool))
    moves = [a for a in legal if isinstance(a, Move)]
    item_menus = max(0, menus_left - (1 if moves else 0))
    shown = 0
    for item in s.pending:
        if shown >= min(item_menus, MAX_ITEM_MENUS):
            break
        values = [a for a in legal if isinstance(a, Resolve) and a.item == item["id"]]
        options = [(f"a:{a}", value_label(item, a.value, front)) for a in values]
        if not options:
            continue
        options = _paged(options, str(item["id"]), pages.get(str(item["id"]), 0), front)
        detail = {f"a:{a}": _value_detail(item, a.value) for a in values}
        panel.controls.append(Control("select", "", item_line(item)[:100], options=tuple(options), row=row,
                                      details=tuple(detail.get(verb, "") for verb, _label in options)))
        row += 1
        shown += 1
    if moves and row < 4:
        directions = {"up": _("up"), "down": _("down"), "left": _("left"), "right": _("right")}
        options = [(f"a:{m}", _("rover {n} {arrow} {direction}").format(
            n=m.rover, arrow=ARROWS.get(m.direction, ''), direction=directions.get(m.direction, m.direction)
        ).replace("  ", " ")) for m in moves]
        panel.controls.append(Control("select", "", ngettext("Move a rover ({n} step left)",
                                                             "Move a rover ({n} steps left)", s.pool).format(n=s.pool),
                                      options=tuple(_paged(options, "moves", pages.get("moves", 0), front)), row=row))
    if any(isinstance(a, Confirm) for a in legal):
        label = _("Confirm my turn") if state.phase == "turns" else _("Done")
        panel.controls.append(Control("button", f"a:{Confirm()}", label, "success", row=4, name="confirm"))
    if any(isinstance(a, Undo) for a in legal):
        # before the tile is taken, undo takes back what was settled this turn (the event's items)
        label = _("Undo (back to the tile choice)") if s.hand is not None or s.step != "pick" \
            else _("Undo what you settled this turn")
        panel.controls.append(Control("button", f"a:{Undo()}", label, "danger", row=4, name="undo"))
    if not panel.controls:  # a decision the panel has no control for: the typed command always works
        lines.append(_("Type your move with /pu act (its suggestions list every legal one).") if front == "discord"
                     else _("Type your move (help lists the commands)."))
    panel.text = "\n".join(lines)
    return panel


def _ignores_adjacency(state: GameState, seat: int, tile: int) -> bool:
    """The engine's adjacency waiver, whichever signature it has (some take the tile)."""
    try:
        return rules.ignores_adjacency(state, seat, tile)
    except TypeError:
        return rules.ignores_adjacency(state, seat)
