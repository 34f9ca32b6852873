"""`pnp deck validate | stats | random`: Power Lines deck lists from the command line."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Annotated, Optional

import typer

from ... import options as parse
from ...app import App
from ...diagnostics import report_lines, shown
from ...textfile import read_bytes
from .random_deck import random_counts, render_deck
from .stats import deck_stats
from .validate import load_deck, load_format, validate_deck

app = App(help="Check, describe and generate Power Lines deck lists (.deck files).", no_args_is_help=True)

RulesOption = Annotated[
    Optional[Path],
    typer.Option("--rules", help="A format TOML (default: the standard 26-card format).", show_default=False),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]


@app.command()
def validate(
    files: Annotated[list[Path], typer.Argument(help="Deck lists to check.", metavar="FILE", show_default=False)],
    rules: RulesOption = None,
    as_json: JsonOption = False,
) -> None:
    """Check deck lists; exit 0 if all are valid, 1 if any is not."""
    chosen = load_format(rules)
    # Read every file before printing anything, so a missing one is a clean usage error.
    contents = [(str(path), read_bytes(path)) for path in files]
    reports = [(name, validate_deck(data, chosen)) for name, data in contents]
    if as_json:
        objects = [report.as_json(name) for name, report in reports]
        typer.echo(json.dumps(objects[0] if len(objects) == 1 else objects, indent=2))
    else:
        for name, report in reports:
            for line in report_lines(name, report.diagnostics):
                typer.echo(line)
            typer.echo(report.verdict(shown(name)))
    if not all(report.valid for _, report in reports):
        raise typer.Exit(1)


@app.command()
def stats(
    file: Annotated[Path, typer.Argument(help="The deck list.", metavar="FILE", show_default=False)],
    rules: RulesOption = None,
    as_json: JsonOption = False,
) -> None:
    """Copies per kind, value and price spread, and what playing the deck costs."""
    deck = load_deck(file, load_format(rules))  # an invalid deck: its errors, exit 1
    for line in report_lines(str(file), deck.warnings):
        typer.echo(line, err=True)
    result = deck_stats(deck)
    typer.echo(json.dumps(result.as_json(str(file)), indent=2) if as_json else result.render(shown(file)))


@app.command("random")
def random_deck(
    seed: Annotated[Optional[int], typer.Option("--seed", parser=parse.seed, help="Same seed, same deck (default: a new one).")] = None,
    rules: RulesOption = None,
) -> None:
    """Print a random legal deck in .deck format."""
    chosen = load_format(rules)
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    again = f"pnp deck random --seed {seed}" + (f" --rules {shown(rules)}" if rules else "")
    about = f"a random {chosen.name} deck" + (f": {chosen.description}" if chosen.description else "")
    typer.echo(render_deck(random_counts(chosen, seed), [again, about]), nl=False)
