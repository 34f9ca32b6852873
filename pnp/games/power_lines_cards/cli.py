"""`pnp deck validate | stats | analyze | hands | goldfish | random`: Power Lines deck lists from the command line."""

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
from .goldfish import DEFAULT_GAMES, DEFAULT_SEED, DEFAULT_TURNS, goldfish
from .odds import FACE_DOWN, HAND_SIZE, analyze, read_query, render_hands, sample_hands
from .query import Query, QueryError
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


def _query(text: str) -> Query:
    """A --hand query, or a usage error that shows the query with a caret where it went wrong."""
    try:
        return read_query(text)
    except QueryError as exc:
        raise typer.BadParameter(exc.pointed(text)) from None


HandOption = Annotated[
    Optional[list[Query]],
    typer.Option(
        "--hand",
        parser=_query,
        metavar="QUERY",
        show_default=False,
        help="A hand to find the chance of, e.g. \"2+ of 7-10\" or \"1+ of draw and 0 of 9,10\"; repeat for more.",
    ),
]


@app.command(
    "analyze",
    result=("total", "hand_size", "face_down", "kept_size", "face_down_order", "face_down_rule", "groups", "kinds", "queries", "by_value", "by_price", "economy"),
    example='pnp deck analyze mine.deck --hand "2+ of 7-10" --hand "1+ of draw and 1+ of 9"',
)
def analyze_deck(file: DeckArg, hand: HandOption = None, rules: RulesOption = None, as_json: JsonOption = False) -> Report:
    """Exact odds of the opening hand, of the hand kept after the set-up, and of hands you ask for.

    The opening hand is 8 cards from the deck (the Base is never drawn). For each card and each group (draw: price below 0; free: price 0; discard: price above 0; high: value 7 or more) pnp gives how many the hand holds on average and the chance of at least one, computed exactly (hypergeometric, in fractions), not sampled.

    The set-up then places 3 cards face down, and pnp places the 3 dearest to play: a 3 first (it also costs a friendly), then the highest price (discard 2, discard 1, free, draw 1, draw 2), among one price the lower value, so in the order 3 9 10 7 8 0 4 5 6 1 2; but never the hand's 2 highest cards of value 7 or more, kept to take the enemy Base (the goldfish player's rule). The same odds follow for the 5 kept.

    --hand QUERY: COUNT of SET, joined by "and" and "or" ("and" binds tighter). COUNT is N (exactly), N+ (or more), N- (or fewer) or N-M; SET is cards, runs of cards and groups joined by commas: 7,8,9,10 or 7-10 or high. Each is answered for the 8 drawn and the 5 kept.

    Then the value and price curves, and the card economy: the cards drawn by the negative prices against those discarded by the positive ones.
    """
    deck = load_deck(file, load_format(rules))  # an invalid deck: its errors, exit 1
    result = analyze(deck.counts, hand or (), HAND_SIZE, FACE_DOWN, deck.has_base)
    if not as_json:
        typer.echo(result.render(shown(file)))
    return Report(file, deck.warnings, result.as_json())


@app.command("hands", result=("seed", "count", "hand_size", "hands"), example="pnp deck hands mine.deck --count 3 --seed 7")
def hands(
    file: DeckArg,
    count: Annotated[int, typer.Option("--count", parser=parse.integer(1, 1000), help="How many hands to deal.")] = 5,
    seed: Annotated[Optional[int], typer.Option("--seed", parser=parse.seed, help="Same seed, same hands (default: a new one, printed).")] = None,
    rules: RulesOption = None,
    as_json: JsonOption = False,
) -> Report:
    """Sample opening hands, dealt as a player deals them: shuffle the deck, draw 8.

    Each hand comes from a fresh shuffle of the whole deck and shows the 3 cards the set-up places face down (the dearest to play, as `pnp deck analyze` says) and the 5 kept. The same seed deals the same hands; without --seed pnp picks one and prints it.
    """
    deck = load_deck(file, load_format(rules))
    seed = fresh_seed(seed, as_json)
    dealt = sample_hands(deck.counts, count, seed, HAND_SIZE, FACE_DOWN)
    if not as_json:
        typer.echo(render_hands(shown(file), seed, dealt))
    size = len(dealt[0].cards) if dealt else 0
    return Report(file, deck.warnings, {"seed": seed, "count": count, "hand_size": size, "hands": [h.as_json() for h in dealt]})


@app.command(
    "goldfish",
    result=("games", "seed", "turns", "won", "never", "never_percent", "by_turn", "mean", "median", "p10", "p90", "fastest_cards"),
    example="pnp deck goldfish mine.deck --games 2000 --seed 7",
)
def goldfish_deck(
    file: DeckArg,
    games: Annotated[int, typer.Option("--games", parser=parse.integer(1, 100_000), help="Games to play.")] = DEFAULT_GAMES,
    seed: Annotated[int, typer.Option("--seed", parser=parse.seed, help="Same deck, seed, games and turns: the same result.")] = DEFAULT_SEED,
    turns: Annotated[int, typer.Option("--turns", parser=parse.integer(1, 1000), help="Turns a game may take before it counts as never won.")] = DEFAULT_TURNS,
    rules: RulesOption = None,
    as_json: JsonOption = False,
) -> Report:
    """How fast the deck plays: N games alone against an opponent who has only its Base, and the turn its Base falls.

    The table is a grid of card cells: the Bases stand 11 cells apart on one row, and two cards border when their cells share a side. The rules place cards freely; a grid keeps bordering exact. Every game follows the rules: the set-up (8 drawn, 3 face down, as `pnp deck analyze` places them), three actions a turn, every price and the effects that apply without an enemy (cards 0, 1, 3, 8, 9), and domination once the connected friendlies bordering the enemy Base total 14.

    The player follows one policy (pnp/games/power_lines_cards/goldfish_policy.py): the shortest line toward the enemy Base, draw cards first, its two best cards of value 7 or more kept for the cells beside that Base; it draws when nothing fits.
    """
    deck = load_deck(file, load_format(rules))  # an invalid deck: its errors, exit 1
    result = goldfish(deck, games, seed, turns)
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
