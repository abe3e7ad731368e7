"""Write every image type for a seeded mid-game and end-game position.

    python -m render.demo --seed 7 --out out/demo [--players 4] [--planet petra,tartarus]
                          [--corporation cosmos_inc,republic] [--events normal]
    python -m render.demo --seed 12 --end-seed 5 --docs docs/images   # every README picture
    python -m render.demo --gallery --out out/planets   # every planet, empty and mid-game
    python -m render.demo --lang fr --docs out/fr       # the README pictures in French

``--out`` writes every image type of one seeded game (``write_all``: the mid-game and end
images, the solo score sheet, the profile and the French score sheet); ``--docs`` writes the
README's pictures, ``score_fr.png`` (the French score sheet) included (``DOC_IMAGES``).

``--planet`` and ``--corporation`` give the seats' boards in order (repeated when there are
more seats); ``--events`` plays the event deck (a preset: easy, normal, hard) with 2+ players
(a solo game always plays it).

Positions come from random legal play with a seeded ``random.Random`` (``playout``), so the
same seed always gives the same files. The helpers here are also used by the render tests.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from engine import IllegalAction, apply, legal_actions, make_config, new_game, public_view, to_act, view_for
from engine.board import Board
from i18n import LANGUAGES, use

from . import (
    png_bytes,
    render_corporation,
    render_picker,
    render_planet,
    render_preview,
    render_round_summary,
    render_score,
    render_station,
)
from .profile import render_profile, sample_profile
from .viewinfo import has_tech_code

NAMES = ["Ada", "Bertrand", "Chandrasekhar", "Dorothy", "Emmy", "Fibonacci"]


def playout(players: int, seed: int, *, stop_round: int | None = None, focus: int = 0,
            private_objectives: bool = True, planets: list[str] | None = None,
            corporations: list[str] | None = None, events: bool | str | dict | None = None):
    """Random legal play from a new game. With ``stop_round``, stop once that round's turns
    are open and seat ``focus`` is still to pick its tile; otherwise play to the end (or stop
    at the end if the game ends first). Undo is never chosen. ``planets`` and
    ``corporations`` are the seats' boards, repeated as needed (default: KSB-4156 and
    Universal Coalition for all); ``events`` as ``make_config`` takes it."""
    chosen = [planets[i % len(planets)] for i in range(players)] if planets else None
    corps = [corporations[i % len(corporations)] for i in range(players)] if corporations else None
    state = new_game(make_config(players, private_objectives=private_objectives, planets=chosen,
                                 corporations=corps, events=events), seed)
    rng = random.Random(seed)
    while state.phase != "over":
        if (stop_round is not None and state.round >= stop_round and state.phase == "turns"
                and state.seats[focus].step == "pick"):
            break
        seat = rng.choice(to_act(state))
        actions = [a for a in legal_actions(state, seat) if str(a) != "undo"] or legal_actions(state, seat)
        apply(state, seat, rng.choice(actions))
    return state


def preview_candidates(view: dict, seat: int, tile_id: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """A legal (orient, anchor) for ``tile_id`` on the seat's planet, preferring one that
    covers a lifepod, a rover or ice, and an illegal one (overlapping a placed tile)."""
    board = Board.from_json(view["seats"][seat]["board"])
    adjacency_free = has_tech_code(view["seats"][seat]["corp"], "ignore_adjacency")
    legal = board.legal_placements(tile_id, ignore_adjacency=adjacency_free)
    def interest(p) -> int:
        cells = set(p.cells)
        return (len(cells & set(board.lifepods)) + len(cells & set(board.rover_cells()))
                + len([c for c in cells if board.planet.is_ice(c)]))
    good = max(legal, key=lambda p: (interest(p), -p.anchor, -p.orient)) if legal else None
    bad = None
    for t_index in range(len(board.tiles)):
        for c in board.tile_cells(t_index):
            for o in range(8):
                if board.placement_problem(tile_id, o, c, ignore_adjacency=adjacency_free):
                    bad = (o, c)
                    break
            if bad:
                break
        if bad:
            break
    if bad is None:
        bad = (0, 0)
    return ((good.orient, good.anchor) if good else bad), bad


def write_gallery(seed: int, out: Path) -> list[Path]:
    """Every planet empty and after a few seeded rounds: {planet}_empty.png, {planet}_mid.png."""
    from engine.setup import SUPPORTED_PLANETS

    out.mkdir(parents=True, exist_ok=True)
    written = []
    for pid in SUPPORTED_PLANETS:
        for tag, state in (("empty", playout(1, seed, stop_round=1, planets=[pid])),
                           ("mid", playout(1, seed, stop_round=9, planets=[pid]))):
            path = out / f"{pid}_{tag}.png"
            path.write_bytes(png_bytes(render_planet(view_for(state, 0), 0, NAMES[:1])))
            written.append(path)
    return written


def write_all(seed: int, out: Path, players: int = 4, planets: list[str] | None = None,
              corporations: list[str] | None = None, events: str | None = None) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    names = NAMES[:players]
    written: list[Path] = []

    def save(name: str, img) -> None:
        path = out / f"{name}.png"
        path.write_bytes(png_bytes(img))
        written.append(path)

    mid = playout(players, seed, stop_round=6, events=events if players > 1 else None, planets=planets, corporations=corporations)
    seat = 0
    own = view_for(mid, seat)
    pub = public_view(mid)
    save("mid_planet", render_planet(own, seat, names))
    tops = [t for t in (own["station"]["large"][own["seats"][seat]["depot"]["large"]]["top"],
                        own["station"]["small"][own["seats"][seat]["depot"]["small"]]["top"]) if t is not None]
    tile_id = tops[0] if tops else 40
    (go, ga), (bo, ba) = preview_candidates(own, seat, tile_id)
    save("mid_preview_legal", render_preview(own, seat, tile_id, go, ga, names))
    save("mid_preview_illegal", render_preview(own, seat, tile_id, bo, ba, names))
    save("mid_corporation_private", render_corporation(own, seat, names))
    save("mid_corporation_public", render_corporation(pub, seat, names))
    save("mid_station", render_station(pub, names))
    save("mid_picker", render_picker(own, seat, names))
    save("mid_summary", render_round_summary(pub, names))

    end = playout(players, seed, events=events if players > 1 else None, planets=planets, corporations=corporations)
    pub = public_view(end)
    save("end_planet", render_planet(pub, 0, names))
    save("end_corporation_private", render_corporation(view_for(end, 0), 0, names))
    save("end_corporation_public", render_corporation(pub, 0, names))
    save("end_summary", render_round_summary(pub, names))
    save("end_score", render_score(pub, names))

    solo = playout(1, seed, planets=planets, corporations=corporations)  # solo always plays the event deck: its target and epilogue show
    save("end_score_solo", render_score(public_view(solo), names[:1]))
    save("profile", render_profile(sample_profile(), names[0], subtitle="Planet Unknown Club"))
    with use("fr"):
        save("end_score_fr", render_score(public_view(end), names))
    return written


DOC_IMAGES = ("planet", "preview", "corp", "station", "picker", "summary", "score", "profile", "score_fr")


def write_docs(out: Path, seed: int = 7, players: int = 4, end_seed: int | None = None) -> list[Path]:
    """The README pictures: docs/images/{planet,preview,corp,station,picker,summary,score,profile,
    score_fr}.png (the profile from made-up numbers, score_fr the score sheet in French), mid-game
    ones from ``seed`` and end-of-game ones from ``end_seed`` (default: ``seed``)."""
    out.mkdir(parents=True, exist_ok=True)
    names = NAMES[:players]
    mid = playout(players, seed, stop_round=6)
    end = playout(players, seed if end_seed is None else end_seed)
    own = view_for(mid, 0)
    pub_mid, pub_end = public_view(mid), public_view(end)
    best = max(range(players), key=lambda s: (len(end.result["players"][s]["A"]["rows"])
                                              + len(end.result["players"][s]["A"]["columns"]), -s))
    depot = own["seats"][0]["depot"]
    tile_id = own["station"]["large"][depot["large"]]["top"] or own["station"]["small"][depot["small"]]["top"]
    (go, ga), _ = preview_candidates(own, 0, tile_id)
    images = {
        "planet": render_planet(pub_end, best, names),
        "preview": render_preview(own, 0, tile_id, go, ga, names),
        "corp": render_corporation(own, 0, names),
        "station": render_station(pub_mid, names),
        "picker": render_picker(own, 0, names),
        "summary": render_round_summary(pub_end, names),
        "score": render_score(pub_end, names),
        "profile": render_profile(sample_profile(), names[0], subtitle="Planet Unknown Club"),
    }
    with use("fr"):
        images["score_fr"] = render_score(pub_end, names)
    written = []
    for name in DOC_IMAGES:
        path = out / f"{name}.png"
        path.write_bytes(png_bytes(images[name]))
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m render.demo", description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--out", type=Path, default=Path("out/render-demo"))
    ap.add_argument("--players", type=int, default=4, choices=range(1, 7))
    ap.add_argument("--docs", type=Path, default=None, metavar="DIR",
                    help="write the README pictures (planet, preview, corp, ...) to DIR instead")
    ap.add_argument("--end-seed", type=int, default=None, help="seed of the finished game for --docs")
    ap.add_argument("--planet", default=None, metavar="ID[,ID...]",
                    help="the seats' planets in order, e.g. petra,tartarus (default: ksb-4156)")
    ap.add_argument("--corporation", default=None, metavar="ID[,ID...]",
                    help="the seats' corporations in order, e.g. cosmos_inc,republic (default: universal_coalition)")
    ap.add_argument("--events", default=None, metavar="PRESET",
                    help="play the event deck with 2+ players: easy, normal or hard (solo always plays it)")
    ap.add_argument("--gallery", action="store_true", help="draw every planet, empty and mid-game, instead")
    ap.add_argument("--lang", default="en", choices=sorted(LANGUAGES), help="the language of the words on the images")
    args = ap.parse_args(argv)

    def ids(text: str | None) -> list[str] | None:
        return [p.strip() for p in text.split(",") if p.strip()] if text else None

    planets, corporations = ids(args.planet), ids(args.corporation)
    t0 = time.perf_counter()
    with use(args.lang):
        try:
            if args.gallery:
                files = write_gallery(args.seed, args.out)
            elif args.docs is not None:
                files = write_docs(args.docs, args.seed, args.players, args.end_seed)
            else:
                files = write_all(args.seed, args.out, args.players, planets, corporations, args.events)
        except IllegalAction as exc:
            ap.error(str(exc))
    for f in files:
        print(f"{f}  {f.stat().st_size // 1024} KiB")
    print(f"{len(files)} images in {time.perf_counter() - t0:.2f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
