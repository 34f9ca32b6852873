"""`pnp solitaire`: deal, check, score, show and solve Pack Solitaire."""

from __future__ import annotations

import json
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Annotated, Literal

import typer

from pnp.contract import options as parse
from pnp.contract.app import (
    App,
    JsonOption,
    Number,
    OutputOption,
    PaperOption,
    Report,
    Result,
    deliver,
    drawing_kind,
    envelope,
    fresh_seed,
    json_name,
    output_option,
    paper_size,
    refused,
    write_drawing,
)
from pnp.core.diagnostics import Parsed, error, plural, rejected, shown
from pnp.core.printing import Print
from pnp.core.textfile import read_bytes
from pnp.output.files import check_file, write_file

from . import GAME
from .engine import LL, LR, MARKS, MEANINGS, SIZE, UL, UR, FacingPair, Layout, ScoreResult, Tile, classified_pairs, rotate, score_layout, square_text
from .files import LayoutFile, TileSet, format_layout, format_tiles, parse_layout, parse_tiles
from .generate import deal

assert GAME.group is not None  # a game with commands has a command group
app = App(
    GAME.group,
    help=f"{GAME.made_by}: 16 tiles from two piecepacks' coins, laid in a 4 x 4 grid. Deal, check, score, show and solve.",
    example="pnp solitaire deal --seed 7 -o deal.tiles",
)

TilesArg = Annotated[
    Path, typer.Argument(help="A .tiles file (see `pnp solitaire deal`); - reads standard input.", dir_okay=False, metavar="TILES", parser=parse.input_path)
]


class Dealt(Result):
    """`pnp solitaire deal`: the seed, the .tiles text, and where it was written (null: printed)."""

    seed: int
    tiles: str
    output: str | None


class Checked(Result):
    """`pnp solitaire check`: a tile set is valid or not; its findings say why, and nothing else."""


class Pairs(Result):
    """The facing pairs of a layout by kind: ranks that match, that sum to 5, a wild (empty) square, and broken ones."""

    match: int
    sum5: int
    wild: int
    invalid: int


class Scored(Result):
    """`pnp solitaire score`: the tiles placed, the facing pairs by kind, and the score."""

    tiles_placed: int
    pairs: Pairs
    score: int


class Shown(Result):
    """`pnp solitaire show`: what `score` says, the drawing written (null: the text view) and the
    scale its tiles are drawn at (null: the text view)."""

    tiles_placed: int
    pairs: Pairs
    score: int
    output: str | None
    scale: Number | None


class Solved(Result):
    """`pnp solitaire solve`: the best layout found (its score, tiles placed and text), whether it is
    proven the best, the highest score any layout could reach, the seconds spent, the search engine
    that ran (the compiled core or Python), and whether Ctrl-C stopped it."""

    score: int
    tiles_placed: int
    proven_optimal: bool
    bound: int
    layout: str
    seconds: Number
    engine: Literal["compiled", "python"]
    interrupted: bool


def load_tiles(path: Path, not_done: str) -> TileSet:
    """A valid tile set, or the error that lists what is wrong with it, and says what was `not_done`
    with it: `FILE: invalid tile set, not scored (2 errors)`."""
    data = read_bytes(path)
    parsed = parse_tiles(data)
    if not parsed.valid or parsed.value is None:
        raise rejected(path, parsed.diagnostics, f"{shown(path)}: invalid tile set, {not_done} ({plural(len(parsed.diagnostics), 'error')})", data)
    return parsed.value


def deal_text(seed: int) -> str:
    return format_tiles(deal(seed), header=f"Pack Solitaire deal, seed {seed}\nmade by: pnp solitaire deal --seed {seed}")


@app.command("deal", result=Dealt, example="pnp solitaire deal --seed 7 -o deal.tiles")
def deal_command(
    seed: Annotated[int | None, typer.Option("--seed", parser=parse.seed, help="Same seed, same deal; one is chosen if left out.")] = None,
    output: OutputOption = None,
    as_json: JsonOption = False,
) -> Report:
    """Deal the 16 tiles as the rules' setup does: each pack's coins drawn at random onto 8 tiles."""
    seed = fresh_seed(seed, as_json)
    text = deal_text(seed)
    deliver(text, output, as_json)
    return Report(None, result=Dealt(seed=seed, tiles=text, output=json_name(output)))


@app.command("check", result=Checked, example="pnp solitaire check decks/solitaire/deal7.tiles")
def check_command(tiles: TilesArg, as_json: JsonOption = False) -> Report:
    """Check a tile set: tiles 1-16, 3 coins and 1 empty square each, each pack's 24 coins once."""
    data = read_bytes(tiles)
    tileset = parse_tiles(data)
    if not tileset.valid:
        return refused(tiles, tileset.diagnostics, data, "invalid tile set", Checked())
    return Report(tiles, tileset.diagnostics, Checked(), data, f"{shown(tiles)}: valid tile set")


def _cell(cell: tuple[int, int]) -> str:
    return f"row {cell[0] + 1} column {cell[1] + 1}"


LayoutArg = Annotated[
    Path,
    typer.Argument(
        help="A .layout file: 4 lines of 4 cells (., ID or ID@DEG), or a .ppn (the layout in PPN); - reads standard input.",
        dir_okay=False,
        metavar="LAYOUT",
        parser=parse.input_path,
    ),
]


def _broken(layout: Path, broken: list) -> str | None:
    """A layout's verdict when its facing pairs break the rules (None when none does)."""
    return f"{shown(layout)}: invalid layout, {plural(len(broken), 'facing pair breaks', 'facing pairs break')} the rules" if broken else None


def _scored(tileset: TileSet, layout) -> tuple[ScoreResult, list]:
    """The layout's score, and a `facing-pair` finding where each broken pair is written."""
    result = score_layout(tileset.tiles, layout.layout)
    broken = [error("facing-pair", f"{_cell(v.cells[0])} and {_cell(v.cells[1])}: {v.message}", *layout.where[v.cells[0]]) for v in result.violations]
    return result, broken


PPN = ".ppn"  # a layout in the piecepack's notation (ppn.py), read and written by its suffix, any case


def read_layout(path: Path, data: bytes, tiles: dict[int, Tile]) -> Parsed[LayoutFile]:
    """A layout file, `.layout` or (by its suffix) PPN, its cells checked against the tile set."""
    if path.suffix.lower() == PPN:
        from .ppn import parse_ppn_layout

        return parse_ppn_layout(data, tiles)
    return parse_layout(data, tiles)


@app.command("score", result=Scored, example="pnp solitaire score decks/solitaire/deal7.tiles decks/solitaire/best7.layout")
def score_command(
    tiles: TilesArg,
    layout: LayoutArg,
    as_json: JsonOption = False,
) -> Report:
    """Check every facing pair of a layout and score it (each matching pair counts from both tiles: 2 points)."""
    tileset = load_tiles(tiles, "not scored")
    data = read_bytes(layout)
    parsed = read_layout(layout, data, tileset.tiles)
    if parsed.diagnostics:
        return refused(layout, parsed.diagnostics, data, "invalid layout, not scored")
    result, broken = _scored(tileset, parsed.value)
    if not as_json:
        p = result.pairs
        typer.echo(f"{plural(result.tiles_placed, 'tile')} placed; pairs: {p['match']} match, {p['sum5']} sum to 5, {p['wild']} wild, {p['invalid']} broken")
        if not broken:
            typer.echo(f"score {result.score}")
    scored = Scored(tiles_placed=result.tiles_placed, pairs=Pairs(**result.pairs), score=result.score)
    return Report(layout, broken, scored, data, _broken(layout, broken))


STEP = 9  # characters from one tile to the next in the text view: 5 for its squares, 4 for the marks between


def layout_text(tiles: dict[int, Tile], layout: Layout, pairs: list[FacingPair]) -> str:
    """A layout as text: each tile's number (and turn), then its four squares as they lie, in two
    lines; between two tiles, each facing pair's mark (engine.MARKS), level with its squares; under a
    row of tiles, the marks of the pairs facing the row below, under their squares."""
    width = SIZE * STEP - 4
    marks = {(p.cell_a, p.cell_b, p.square_a): MARKS[p.kind] for p in pairs}
    out: list[str] = []
    for r in range(SIZE):
        label, upper, lower, below = ([" "] * width for _ in range(4))
        for c in range(SIZE):
            x = c * STEP
            placement = layout[r][c]
            if placement is None:
                label[x] = "."
                continue
            name = f"[{placement.tile_id}@{placement.deg}]" if placement.deg else f"[{placement.tile_id}]"
            label[x : x + len(name)] = name
            squares = rotate(tiles[placement.tile_id], placement.deg)
            for line, (left, right) in ((upper, (UL, UR)), (lower, (LL, LR))):
                line[x : x + 2] = f"{square_text(squares[left]):<2}"
                line[x + 3 : x + 5] = f"{square_text(squares[right]):<2}"
            for line, square in ((upper, UR), (lower, LR)):
                line[x + 6 : x + 7] = marks.get(((r, c), (r, c + 1), square), " ")  # 2 spaces after the tile, 2 before the next
            for dx, square in ((0, LL), (3, LR)):
                below[x + dx] = marks.get(((r, c), (r + 1, c), square), " ")
        out += ["".join(line).rstrip() for line in (label, upper, lower)]
        if r + 1 < SIZE:
            out.append("".join(below).rstrip())
    return "\n".join(out) + "\n"


def _summary(result: ScoreResult) -> str:
    p = result.pairs
    return f"score {result.score}: {plural(result.tiles_placed, 'tile')} placed; pairs: {p['match']} match, {p['sum5']} sum to 5, {p['wild']} wild, {p['invalid']} broken"


def _key() -> str:
    return "marks: " + ", ".join(f"{MARKS[k]} {MEANINGS[k]}" for k in MARKS)


@app.command("show", result=Shown, example="pnp solitaire show decks/solitaire/deal7.tiles decks/solitaire/best7.layout")
def show_command(
    tiles: TilesArg,
    layout: LayoutArg,
    output: Annotated[Path | None, output_option("Draw it into this .pdf or .svg file, or write it as PPN into a .ppn (default: print it as text).")] = None,
    paper: PaperOption = None,
    as_json: JsonOption = False,
) -> Report:
    """Show a layout as the tiles lie, turned as placed, each facing pair marked (match, sum to 5, wild, broken), with the score."""
    ppn = output is not None and output.suffix.lower() == PPN
    if output is not None and not ppn:
        drawing_kind(output)
        printing = Print(paper_size(paper))  # read only to draw: the text view takes no paper
    tileset = load_tiles(tiles, "nothing shown")
    data = read_bytes(layout)
    if output is not None:
        check_file(output)  # never an input, nor a folder or a place pnp cannot write
    parsed = read_layout(layout, data, tileset.tiles)
    if parsed.diagnostics or parsed.value is None:
        return refused(layout, parsed.diagnostics, data, "invalid layout, nothing shown")
    placed = parsed.value.layout
    result, broken = _scored(tileset, parsed.value)
    pairs = classified_pairs(tileset.tiles, placed)
    scale = None
    if output is None:
        if not as_json:
            typer.echo(layout_text(tileset.tiles, placed, pairs) + _key() + "\n" + _summary(result))
    elif ppn:
        from .ppn import write_ppn

        deliver(write_ppn(tileset.tiles, placed, f"{shown(layout.name)} with the tiles of {shown(tiles.name)}"), output, as_json)
    else:
        from .draw import show_layout_page  # the drawing loads only to draw

        heading = [
            f"Pack Solitaire: {shown(layout.name)} with the tiles of {shown(tiles.name)}",
            _summary(result) + ("" if not broken else " (a broken pair is against the rules)"),
            "Each pair of facing squares is marked where the two tiles meet; " + _key() + ".",
        ]
        shown_page = show_layout_page(printing, heading, tileset.tiles, placed, pairs)
        scale = shown_page.scale
        write_drawing(output, shown_page.page, as_json, scale)
    shown_result = Shown(tiles_placed=result.tiles_placed, pairs=Pairs(**result.pairs), score=result.score, output=json_name(output), scale=scale)
    return Report(layout, broken, shown_result, data, _broken(layout, broken))


@contextmanager
def ctrl_c_stops(flag: bytearray) -> Iterator[None]:
    """While the search runs, Ctrl-C (SIGINT) sets `flag[0]` instead of ending pnp at once: the search
    stops at its next check (within 1024 nodes) with the best layout found so far. A second Ctrl-C
    does what the first would have done without this (pnp.commands.cli: end with one line, exit 130)."""
    try:
        previous = signal.getsignal(signal.SIGINT)
    except ValueError:  # pragma: no cover - not the main thread: signals stay as they are
        yield
        return

    def stop(signum: int, frame: FrameType | None) -> None:
        if not flag[0]:
            flag[0] = 1
        elif callable(previous):
            previous(signum, frame)
        elif previous in (signal.SIG_DFL, None):  # pragma: no cover - it ends the process (tested in one of its own)
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            signal.raise_signal(signal.SIGINT)

    try:
        signal.signal(signal.SIGINT, stop)
    except ValueError:  # pragma: no cover - not the main thread
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous if previous is not None else signal.SIG_DFL)


@app.command("solve", result=Solved, example="pnp solitaire solve decks/solitaire/deal7.tiles -o best.layout")
def solve_command(
    tiles: TilesArg,
    time_limit: Annotated[
        float, typer.Option("--time-limit", parser=parse.time_limit, help="Stop after this many seconds (0.1 to 3600) with the best layout found.")
    ] = 60.0,
    as_json: JsonOption = False,
    output: Annotated[Path | None, output_option("Also write the layout to this .layout file.")] = None,
) -> Report:
    """The best layout: as many tiles placed as possible, then the highest score, proven where time allows.
    Ctrl-C stops the search: it prints the best layout found so far (and writes it with -o), not proven, exit 130."""
    from .solver import solve  # the solver loads only when asked for

    tileset = load_tiles(tiles, "not solved")
    if output is not None:
        check_file(output)  # before the search: a long solve must not end in an unwritable file
    flag = bytearray(1)
    with ctrl_c_stops(flag):
        solution = solve(tileset.tiles, time_limit=time_limit, stop=flag)
    interrupted = bool(flag[0])
    text = format_layout(solution.layout)
    if output is not None:
        write_file(output, text)
    result = Solved(
        score=solution.score,
        tiles_placed=solution.tiles_placed,
        proven_optimal=solution.proven_optimal,
        bound=solution.bound,
        layout=text,
        seconds=round(solution.seconds, 3),
        engine="compiled" if solution.engine == "compiled" else "python",
        interrupted=interrupted,
    )
    report = Report(tiles, result=result)
    if not as_json:
        if solution.proven_optimal:
            proof = f"proven optimal; {solution.seconds:.1f} s"
        elif interrupted:
            proof = f"not proven: interrupted after {solution.seconds:.1f} s; no layout scores more than {solution.bound}"
        else:
            proof = f"not proven; no layout scores more than {solution.bound}; {solution.seconds:.1f} s"
        typer.echo(text, nl=False)
        typer.echo(f"score {solution.score} with {plural(solution.tiles_placed, 'tile')} ({proof})")
    if interrupted:
        # Ctrl-C ends pnp with exit 130 (pnp.commands.cli), here once the best layout so far is out.
        if as_json:
            typer.echo(json.dumps(envelope("solitaire solve", Solved, report), indent=2))
        if output is not None and not as_json:
            typer.echo(f"wrote {shown(output)}", err=True)
        typer.echo("pnp: interrupted", err=True)
        raise typer.Exit(130)
    return report
