"""`pnp solitaire`: deal, check, score and solve Pack Solitaire."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from ... import options as parse
from ...app import App, JsonOption, OutputOption, Report, deliver, fresh_seed, json_name
from ...diagnostics import error, plural, rejected, shown
from ...output import check_file, write_file
from ...textfile import read_bytes
from ..registry import game
from .engine import score_layout
from .files import TileSet, format_layout, format_tiles, parse_layout, parse_tiles
from .generate import deal

GAME = game("pack-solitaire")
app = App(
    GAME.group,
    help=f"{GAME.made_by}: 16 tiles from two piecepacks' coins, laid in a 4 x 4 grid. Deal, check, score and solve.",
    example="pnp solitaire deal --seed 7 -o deal.tiles",
)

TilesArg = Annotated[Path, typer.Argument(help="A .tiles file (see `pnp solitaire deal`); - reads standard input.", dir_okay=False, metavar="TILES")]


def load_tiles(path: Path) -> TileSet:
    """A valid tile set, or the error that lists what is wrong with it."""
    data = read_bytes(path)
    parsed = parse_tiles(data)
    if not parsed.valid:
        raise rejected(path, parsed.diagnostics, f"{shown(path)}: not a valid tile set ({plural(len(parsed.diagnostics), 'error')})", data)
    return parsed.value


def deal_text(seed: int) -> str:
    return format_tiles(deal(seed), header=f"Pack Solitaire deal, seed {seed}\nmade by: pnp solitaire deal --seed {seed}")


@app.command("deal", result=("seed", "tiles", "output"), example="pnp solitaire deal --seed 7 -o deal.tiles")
def deal_command(
    seed: Annotated[Optional[int], typer.Option("--seed", parser=parse.seed, help="Same seed, same deal; one is chosen if left out.")] = None,
    output: OutputOption = None,
    as_json: JsonOption = False,
) -> Report:
    """Deal the 16 tiles as the rules' setup does: each pack's coins drawn at random onto 8 tiles."""
    seed = fresh_seed(seed, as_json)
    text = deal_text(seed)
    deliver(text, output, as_json)
    return Report(None, result={"seed": seed, "tiles": text, "output": json_name(output)})


@app.command("check", example="pnp solitaire check deal.tiles")
def check_command(tiles: TilesArg, as_json: JsonOption = False) -> Report:
    """Check a tile set: tiles 1-16, 3 coins and 1 empty square each, each pack's 24 coins once."""
    data = read_bytes(tiles)
    tileset = parse_tiles(data)
    if not as_json:
        verdict = "valid tile set" if tileset.valid else f"invalid, {plural(len(tileset.diagnostics), 'error')}"
        typer.echo(f"{shown(tiles)}: {verdict}")
    return Report(tiles, tileset.diagnostics, {}, data)


def _cell(cell: tuple[int, int]) -> str:
    return f"row {cell[0] + 1} column {cell[1] + 1}"


@app.command("score", result=("tiles_placed", "pairs", "score"), example="pnp solitaire score deal.tiles my.layout")
def score_command(
    tiles: TilesArg,
    layout: Annotated[Path, typer.Argument(help="A .layout file: 4 lines of 4 cells (., ID or ID@DEG); - reads standard input.", dir_okay=False, metavar="LAYOUT")],
    as_json: JsonOption = False,
) -> Report:
    """Check every facing pair of a layout and score it (each matching pair counts from both tiles: 2 points)."""
    tileset = load_tiles(tiles)
    data = read_bytes(layout)
    parsed = parse_layout(data, tileset.tiles)
    if parsed.diagnostics:
        if not as_json:
            typer.echo(f"{shown(layout)}: invalid layout, {plural(len(parsed.diagnostics), 'error')}")
        return Report(layout, parsed.diagnostics, source=data)
    result = score_layout(tileset.tiles, parsed.value.layout)
    broken = [error("facing-pair", f"{_cell(v.cells[0])} and {_cell(v.cells[1])}: {v.message}", *parsed.value.where[v.cells[0]]) for v in result.violations]
    if not as_json:
        p = result.pairs
        typer.echo(f"{plural(result.tiles_placed, 'tile')} placed; pairs: {p['match']} match, {p['sum5']} sum to 5, {p['wild']} wild, {p['invalid']} invalid")
        broke = f"{plural(len(broken), 'facing pair breaks', 'facing pairs break')} the rules"
        typer.echo(f"score {result.score}" if not broken else f"{shown(layout)}: invalid layout, {broke}")
    return Report(layout, broken, {"tiles_placed": result.tiles_placed, "pairs": result.pairs, "score": result.score}, data)


@app.command(
    "solve", result=("score", "tiles_placed", "proven_optimal", "bound", "layout", "seconds", "engine"), example="pnp solitaire solve deal.tiles -o best.layout"
)
def solve_command(
    tiles: TilesArg,
    time_limit: Annotated[float, typer.Option("--time-limit", parser=parse.time_limit, help="Stop after this many seconds (0.1 to 3600) with the best layout found.")] = 60.0,
    as_json: JsonOption = False,
    output: Annotated[Optional[Path], typer.Option("-o", "--output", help="Also write the layout to this .layout file.", dir_okay=False)] = None,
) -> Report:
    """The best layout: as many tiles placed as possible, then the highest score, proven where time allows."""
    from .solver import solve  # the solver loads only when asked for

    tileset = load_tiles(tiles)
    if output is not None:
        check_file(output)  # before the search: a long solve must not end in an unwritable file
    solution = solve(tileset.tiles, time_limit=time_limit)
    text = format_layout(solution.layout)
    if output is not None:
        write_file(output, text)
    if not as_json:
        proof = "proven optimal" if solution.proven_optimal else f"not proven; no layout scores more than {solution.bound}"
        typer.echo(text, nl=False)
        typer.echo(f"score {solution.score} with {plural(solution.tiles_placed, 'tile')} ({proof}; {solution.seconds:.1f} s)")
    keys = ("score", "tiles_placed", "proven_optimal", "bound")
    return Report(tiles, result={k: getattr(solution, k) for k in keys} | {"layout": text, "seconds": round(solution.seconds, 3), "engine": solution.engine})
