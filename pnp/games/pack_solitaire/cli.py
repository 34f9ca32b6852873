"""`pnp solitaire`: deal, check, score and solve Pack Solitaire (a game by David Hassell)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Annotated, Optional

import typer

from ...app import App, print_diagnostics
from ... import options as parse
from ...diagnostics import rejected, shown
from ...output import check_file, write_file
from ...textfile import read_bytes
from .engine import ScoreResult, deal, score_layout
from .files import TileSet, format_layout, format_tiles, parse_layout, parse_tiles

app = App(
    help="Pack Solitaire, by David Hassell: 16 tiles from two piecepacks' coins, laid in a 4 x 4 grid.",
    no_args_is_help=True,
)

JsonOption = Annotated[bool, typer.Option("--json", help="Print the result as JSON.")]
TilesArg = Annotated[Path, typer.Argument(help="A .tiles file (see `pnp solitaire deal`).", dir_okay=False)]


def load_tiles(path: Path) -> TileSet:
    """A valid tile set, or a PnpError listing what is wrong with it."""
    tileset = parse_tiles(read_bytes(path))
    if not tileset.valid:
        raise rejected(path, tileset.diagnostics, f"{path}: not a valid tile set ({len(tileset.diagnostics)} error{'s' * (len(tileset.diagnostics) != 1)})")
    return tileset


def new_seed() -> int:
    return random.SystemRandom().randrange(1, 1_000_000)


def deal_text(seed: int) -> str:
    return format_tiles(deal(seed), header=f"Pack Solitaire deal, seed {seed}\nmade by: pnp solitaire deal --seed {seed}")


@app.command("deal")
def deal_command(
    seed: Annotated[Optional[int], typer.Option("--seed", parser=parse.seed, help="Same seed, same deal; one is chosen if left out.")] = None,
    output: Annotated[Optional[Path], typer.Option("-o", "--output", help="Write the .tiles file here instead of printing it.", dir_okay=False)] = None,
) -> None:
    """Deal the 16 tiles as the rules' setup does: each pack's coins drawn at random onto 8 tiles."""
    if seed is None:
        seed = new_seed()
        typer.echo(f"seed: {seed}", err=True)
    text = deal_text(seed)
    if output is None:
        typer.echo(text, nl=False)
    else:
        write_file(output, text)
        typer.echo(f"wrote {shown(output)}", err=True)


@app.command("check")
def check_command(tiles: TilesArg, as_json: JsonOption = False) -> None:
    """Check a tile set: tiles 1-16, 3 coins and 1 empty square each, each pack's 24 coins once."""
    tileset = parse_tiles(read_bytes(tiles))
    if as_json:
        typer.echo(json.dumps({"file": str(tiles), "valid": tileset.valid, "diagnostics": [d.as_json() for d in tileset.diagnostics]}, indent=2))
    else:
        print_diagnostics(tiles, tileset.diagnostics)
        verdict = "valid tile set" if tileset.valid else f"invalid, {len(tileset.diagnostics)} error{'s' * (len(tileset.diagnostics) != 1)}"
        typer.echo(f"{shown(tiles)}: {verdict}")
    if not tileset.valid:
        raise typer.Exit(1)


def score_json(result: ScoreResult, valid: bool) -> dict:
    return {
        "valid": valid,
        "tiles_placed": result.tiles_placed,
        "pairs": result.pairs,
        "score": result.score,
        "violations": [{"cells": [list(a), list(b)], "squares": list(v.squares), "message": v.message} for v in result.violations for a, b in [v.cells]],
    }


def _cell(cell: tuple[int, int]) -> str:
    return f"row {cell[0] + 1} column {cell[1] + 1}"


@app.command("score")
def score_command(
    tiles: TilesArg,
    layout: Annotated[Path, typer.Argument(help="A .layout file: 4 lines of 4 cells (., ID or ID@DEG).", dir_okay=False)],
    as_json: JsonOption = False,
) -> None:
    """Check every facing pair of a layout and score it (each matching pair counts from both tiles: 2 points)."""
    tileset = load_tiles(tiles)
    parsed = parse_layout(read_bytes(layout), tileset.tiles)
    if parsed.diagnostics:
        if as_json:
            empty = score_json(ScoreResult(0), False) | {"diagnostics": [d.as_json() for d in parsed.diagnostics]}
            typer.echo(json.dumps(empty, indent=2))
        else:
            print_diagnostics(layout, parsed.diagnostics)
            typer.echo(f"{shown(layout)}: invalid layout, {len(parsed.diagnostics)} error{'s' * (len(parsed.diagnostics) != 1)}")
        raise typer.Exit(1)
    result = score_layout(tileset.tiles, parsed.layout)
    valid = not result.violations
    if as_json:
        typer.echo(json.dumps(score_json(result, valid), indent=2))
    else:
        for v in result.violations:
            line, col = parsed.where[v.cells[0]]
            typer.echo(f"{shown(layout)}:{line}:{col}: error: {_cell(v.cells[0])} and {_cell(v.cells[1])}: {v.message}", err=True)
        p = result.pairs
        typer.echo(f"{result.tiles_placed} tile{'s' * (result.tiles_placed != 1)} placed; pairs: {p['match']} match, {p['sum5']} sum to 5, {p['wild']} wild, {p['invalid']} invalid")
        typer.echo(f"score {result.score}" if valid else f"{shown(layout)}: invalid layout, {len(result.violations)} facing {'pair breaks' if len(result.violations) == 1 else 'pairs break'} the rules")
    if not valid:
        raise typer.Exit(1)


@app.command("solve")
def solve_command(
    tiles: TilesArg,
    time_limit: Annotated[float, typer.Option("--time-limit", parser=parse.time_limit, help="Stop after this many seconds (0.1 to 3600) with the best layout found.")] = 60.0,
    as_json: JsonOption = False,
    output: Annotated[Optional[Path], typer.Option("-o", "--output", help="Also write the layout to this .layout file.", dir_okay=False)] = None,
) -> None:
    """The best layout: as many tiles placed as possible, then the highest score, proven where time allows."""
    from .solver import solve  # the solver is only loaded when asked for

    tileset = load_tiles(tiles)
    if output is not None:
        check_file(output)  # before the search: a long solve must not end in an unwritable file
    solution = solve(tileset.tiles, time_limit=time_limit)
    text = format_layout(solution.layout)
    if output is not None:
        write_file(output, text)
    if as_json:
        keys = ("score", "tiles_placed", "proven_optimal", "bound")
        data = {k: getattr(solution, k) for k in keys} | {"layout": text, "seconds": round(solution.seconds, 3), "engine": solution.engine}
        typer.echo(json.dumps(data, indent=2))
    else:
        proof = "proven optimal" if solution.proven_optimal else f"not proven; no layout scores more than {solution.bound}"
        typer.echo(text, nl=False)
        typer.echo(f"score {solution.score} with {solution.tiles_placed} tile{'s' * (solution.tiles_placed != 1)} ({proof}; {solution.seconds:.1f} s)")
