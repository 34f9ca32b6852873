"""`pnp deck validate | stats | random`: Power Lines deck lists from the command line."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from ... import options as parse
from ...app import App, JsonOption, OutputOption, Report, deliver, fresh_seed, json_name
from ...diagnostics import shown
from ...textfile import read_bytes
from ..registry import game
from .engine import format_names, load_deck, load_format, validate_deck
from .generate import random_counts, render_deck
from .stats import deck_stats

app = App(
    game("power-lines-cards").group,
    help="Check, describe and generate Power Lines deck lists (.deck files).",
    example="pnp deck random --seed 4 | pnp deck validate -",
)

RulesOption = Annotated[
    Optional[Path],
    typer.Option("--rules", help=f"A format: a TOML file, or one pnp ships by name ({', '.join(format_names())}); the standard 26-card format if left out.", show_default=False),
]
DeckArg = Annotated[Path, typer.Argument(help="The deck list; - reads standard input.", metavar="DECK", show_default=False)]


@app.command("validate", result=("total", "counts"), many=True, example="pnp deck validate mine.deck yours.deck --rules singleton-ish")
def validate(
    files: Annotated[list[Path], typer.Argument(help="Deck lists to check; - reads standard input.", metavar="DECK...", show_default=False)],
    rules: RulesOption = None,
    as_json: JsonOption = False,
) -> list[Report]:
    """Check deck lists; exit 0 if all are valid, 1 if any is not."""
    chosen = load_format(rules)
    # Read every file before printing anything, so a missing one is a clean usage error.
    contents = [(path, read_bytes(path)) for path in files]
    reports = []
    for path, data in contents:
        report = validate_deck(data, chosen)
        if not as_json:
            typer.echo(report.verdict(shown(path)))
        result = {"total": report.total, "counts": report.counts}
        reports.append(Report(path, report.diagnostics, result, data))
    return reports


@app.command("stats", result=("total", "has_base", "counts", "by_value", "by_price", "when_played", "cards_drawn", "cards_discarded", "average_value", "average_price"), example="pnp deck stats mine.deck")
def stats(file: DeckArg, rules: RulesOption = None, as_json: JsonOption = False) -> Report:
    """Copies per kind, value and price spread, and what playing the deck costs."""
    deck = load_deck(file, load_format(rules))  # an invalid deck: its errors, exit 1
    result = deck_stats(deck)
    if not as_json:
        typer.echo(result.render(shown(file)))
    return Report(file, deck.warnings, result.as_json())


@app.command("random", result=("seed", "deck", "output"), example="pnp deck random --seed 4 --rules singleton-ish -o random.deck")
def random_deck(
    seed: Annotated[Optional[int], typer.Option("--seed", parser=parse.seed, help="Same seed, same deck (default: a new one).")] = None,
    rules: RulesOption = None,
    output: OutputOption = None,
    as_json: JsonOption = False,
) -> Report:
    """A random legal deck in .deck format."""
    chosen = load_format(rules)
    seed = fresh_seed(seed, as_json)
    again = f"pnp deck random --seed {seed}" + (f" --rules {shown(rules)}" if rules else "")
    about = f"a random {chosen.name} deck" + (f": {chosen.description}" if chosen.description else "")
    text = render_deck(random_counts(chosen, seed), [again, about])
    deliver(text, output, as_json)
    return Report(rules, result={"seed": seed, "deck": text, "output": json_name(output)})
