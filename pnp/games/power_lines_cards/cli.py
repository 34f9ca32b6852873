"""`pnp deck validate | stats | analyze | hands | goldfish | compare | report | random | match | gauntlet`: Power Lines deck lists from the command line."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Annotated, Any, Literal, TypeAlias

import typer
from pydantic import Field, WithJsonSchema

from pnp.contract import options as parse
from pnp.contract.app import App, JsonOption, Number, OutputOption, PaperOption, Report, Result, deliver, fresh_seed, json_name, output_option, paper_size
from pnp.core.diagnostics import Diagnostic, PnpError, plural, rejected, shown
from pnp.core.printing import Print
from pnp.core.resources import deck_file
from pnp.core.rules import MultisetRules
from pnp.core.session import warn
from pnp.core.textfile import read_bytes
from pnp.output.files import BuildOptions, begin, commit, write_rendered

from . import GAME
from .analysis.compare import compare
from .analysis.odds import analyze, read_query, render_hands, sample_hands
from .analysis.query import Query, QueryError
from .analysis.stats import deck_stats
from .options import CARDS
from .rules.engine import Deck, format_names, load_deck, load_format, validate_deck
from .rules.game import Ending
from .rules.generate import random_counts, render_deck
from .rules.setup import FACE_DOWN, HAND_SIZE
from .rules.variant import DEFAULT, load_variant
from .simulation.lab import DEFAULT_MATCH_GAMES, NEUTRAL, STEP_PAIRS, Setup, ablate, gauntlet, match, pool, workers_for
from .simulation.lab import POOL_GAMES as LAB_POOL_GAMES
from .simulation.lab_text import render_ablation, render_against, render_gauntlet, render_match
from .simulation.players import PLAYERS, player_names, takes_budget
from .simulation.pool import MAX_JOBS, POOL_GAMES, cores
from .simulation.run import DEFAULT_GAMES, DEFAULT_SEED, DEFAULT_TURNS, goldfish, paired
from .simulation.tally import SCORES, MatchResult, Worth, percent, worth
from .simulation.text import render_paired, render_result

assert GAME.group is not None  # a game with commands has a command group
app = App(
    GAME.group,
    help="Check, describe and generate Power Lines deck lists (.deck files).",
    example="pnp deck random --seed 4 | pnp deck validate -",
)

RulesOption = Annotated[
    Path | None,
    typer.Option(
        "--rules",
        parser=parse.input_path,
        help=f"A format: a TOML file, or one pnp ships by name ({', '.join(format_names())}); the standard 26-card format if left out.",
        show_default=False,
    ),
]
DeckArg = Annotated[
    Path,
    typer.Argument(
        help="The deck list (or a deck pnp ships, by name: starter); - reads standard input.", metavar="DECK", show_default=False, parser=parse.deck_path
    ),
]

Copies = Annotated[int, Field(ge=0)]
Exact = Annotated[str, Field(pattern=r"^[0-9]+(/[0-9]+)?$")]  # a fraction, exactly: `3/13`, or a whole number
# JSON numbers kept as they are, as pnp.contract.app.number makes them, spelt out for the type checker.
_PERCENT, _EXPECTED = Field(ge=0, le=100), Field(ge=0)
Percent: TypeAlias = Annotated[Annotated[int, _PERCENT] | Annotated[float, _PERCENT], WithJsonSchema({"type": "number", "minimum": 0, "maximum": 100})]
# cards a hand holds on average
Expected: TypeAlias = Annotated[Annotated[int, _EXPECTED] | Annotated[float, _EXPECTED], WithJsonSchema({"type": "number", "minimum": 0})]


class Validated(Result):
    """`pnp deck validate`, for each deck: its cards (the Base not counted) and the copies of each kind."""

    total: int
    counts: dict[str, Copies]


@app.command("validate", result=Validated, many=True, example="pnp deck validate decks/starter.deck decks/fives.deck")
@CARDS.around
def validate(
    files: Annotated[
        list[Path],
        typer.Argument(
            help="Deck lists to check (or decks pnp ships, by name); - reads standard input.", metavar="DECK...", show_default=False, parser=parse.deck_path
        ),
    ],
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
        reports.append(Report(path, report.diagnostics, Validated(total=report.total, counts=report.counts), data, report.verdict(shown(path))))
    return reports


class WhenPlayed(Result):
    """The cards by the sign of their price: they draw (below 0), are free, or discard (above 0)."""

    draw: int
    free: int
    discard: int


class Stats(Result):
    """`pnp deck stats`: the cards (the Base not counted), whether it has its Base, the copies of each
    kind, of each value and of each price, the cards by price sign, the cards they draw and discard
    if each is played once, and the average value and price."""

    total: int
    has_base: bool
    counts: dict[str, int]
    by_value: dict[str, int]
    by_price: dict[str, int]
    when_played: WhenPlayed
    cards_drawn: int
    cards_discarded: int
    average_value: Number
    average_price: Number


@app.command("stats", result=Stats, example="pnp deck stats decks/starter.deck")
@CARDS.around
def stats(file: DeckArg, rules: RulesOption = None, as_json: JsonOption = False) -> Report:
    """Copies per kind, value and price spread, and what playing the deck costs."""
    deck = load_deck(file, load_format(rules))  # an invalid deck: its errors, exit 1
    result = deck_stats(deck)
    if not as_json:
        typer.echo(result.render(shown(file)))
    return Report(file, deck.warnings, Stats.model_validate(result.as_json()))


def _query(text: str) -> Query:
    """A --hand query, or a usage error that shows the query with a caret where it went wrong."""
    try:
        return read_query(text)
    except QueryError as exc:
        raise typer.BadParameter(exc.pointed(text)) from None


HandOption = Annotated[
    list[Query] | None,
    typer.Option(
        "--hand",
        parser=_query,
        metavar="QUERY",
        show_default=False,
        help='A hand to find the chance of, e.g. "2+ of 7-10" or "1+ of draw and 0 of 9,10"; repeat for more.',
    ),
]


class Odds(Result):
    """The cards of a kind or group a hand holds on average, and the chance of at least one: rounded, and exactly."""

    expected: Expected
    expected_exact: Exact
    at_least_one_percent: Percent
    at_least_one_exact: Exact


class GroupOdds(Result):
    """A group's kinds, its copies, and its odds in the opening hand and in the hand kept."""

    kinds: list[str]
    copies: Copies
    opening: Odds
    kept: Odds


class KindOdds(Result):
    """A kind's copies, and its odds in the opening hand and in the hand kept."""

    copies: Copies
    opening: Odds
    kept: Odds


class HandOdds(Result):
    """A --hand query, in words, and its chance in the opening hand and in the hand kept: rounded, and exactly."""

    query: str
    meaning: str
    opening_percent: Percent
    opening_exact: Exact
    kept_percent: Percent
    kept_exact: Exact


class PricePaid(Result):
    """A kind whose price draws or discards: its copies, the cards one copy draws or discards, and all of them."""

    kind: str
    copies: int
    per_copy: int
    total: int


class Economy(Result):
    """The kinds that draw, those that discard, the cards drawn and discarded in all, their difference, and each per card of the deck."""

    draw: list[PricePaid]
    discard: list[PricePaid]
    cards_drawn: int
    cards_discarded: int
    net: int
    drawn_per_card: Number
    discarded_per_card: Number


class Analyzed(Result):
    """`pnp deck analyze`: the cards drawn from, the opening hand, the cards placed face down and
    kept, the face-down order and rule, the odds of each group, each kind and each --hand query,
    the value and price curves, and the card economy."""

    total: int
    hand_size: int
    face_down: int
    kept_size: int
    face_down_order: list[str]
    face_down_rule: str
    groups: dict[str, GroupOdds]
    kinds: dict[str, KindOdds]
    queries: list[HandOdds]
    by_value: dict[str, int]
    by_price: dict[str, int]
    economy: Economy


@app.command(
    "analyze",
    result=Analyzed,
    example='pnp deck analyze decks/starter.deck --hand "2+ of 7-10" --hand "0 of 9,10"',
)
@CARDS.around
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
    return Report(file, deck.warnings, Analyzed.model_validate(result.as_json()))


class OpeningHand(Result):
    """A hand as dealt, the cards the set-up places face down, and the cards kept."""

    cards: list[str]
    face_down: list[str]
    kept: list[str]


class Hands(Result):
    """`pnp deck hands`: the seed, the hands dealt, their size, and each hand."""

    seed: int
    count: int
    hand_size: int
    hands: list[OpeningHand]


@app.command("hands", result=Hands, example="pnp deck hands decks/starter.deck --count 3 --seed 7")
@CARDS.around
def hands(
    file: DeckArg,
    count: Annotated[int, typer.Option("--count", parser=parse.integer(1, 1000), help="How many hands to deal.")] = 5,
    seed: Annotated[int | None, typer.Option("--seed", parser=parse.seed, help="Same seed, same hands (default: a new one, printed).")] = None,
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
    return Report(file, deck.warnings, Hands(seed=seed, count=count, hand_size=size, hands=[OpeningHand(**h.as_json()) for h in dealt]))


GamesOption = Annotated[int, typer.Option("--games", parser=parse.integer(1, 100_000), help="Games to play.")]
SeedOption = Annotated[int, typer.Option("--seed", parser=parse.seed, help="Same decks, seed, games and turns: the same result.")]
TurnsOption = Annotated[int, typer.Option("--turns", parser=parse.integer(1, 1000), help="Turns a game may take before it counts as never won.")]
JobsOption = Annotated[
    int | None,
    typer.Option(
        "--jobs",
        parser=parse.integer(1, MAX_JOBS),
        metavar="N",
        show_default=False,
        help=f"Processes to play in (default: one a core from {POOL_GAMES:,} games, else 1). The result is the same whatever N.",
    ),
]


@dataclass(frozen=True)
class Plays:
    """The goldfish games a command plays: how many, their seed and turn limit, and the processes to play them in."""

    games: int = DEFAULT_GAMES
    seed: int = DEFAULT_SEED
    turns: int = DEFAULT_TURNS
    jobs: int | None = None


_PLAYS_OPTIONS = {"games": GamesOption, "seed": SeedOption, "turns": TurnsOption, "jobs": JobsOption}


def _options(name: str, kind: Any, options: dict[str, Any]) -> Callable[[Callable[..., Report]], Callable[..., Report]]:
    """A decorator: the command as Typer is to see it, its parameter `name` (a dataclass `kind`)
    given as one option per field (`options`, by field name), in that place, each defaulting to
    the field's default; the command gets the dataclass."""

    def decorate(command: Callable[..., Report]) -> Callable[..., Report]:
        parameters: list[inspect.Parameter] = []
        for p in inspect.signature(command, eval_str=True).parameters.values():
            if p.name == name:
                parameters += [p.replace(name=f.name, annotation=options[f.name], default=f.default) for f in fields(kind)]
            else:
                parameters.append(p)

        def run(**given: Any) -> Report:
            gathered = kind(**{f.name: given.pop(f.name) for f in fields(kind)})
            return command(**{name: gathered}, **given)

        run.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]  # read by Typer; typeshed gives a function no __signature__
        run.__doc__ = command.__doc__
        return run

    return decorate


# --games, --seed, --turns and --jobs, as a Plays
_playing = _options("plays", Plays, _PLAYS_OPTIONS)


def _decks(paths: list[Path], rules: MultisetRules) -> list[tuple[Deck, bytes]]:
    """Every deck named, each with its text: all read before any is checked, so a missing one is a
    usage error (exit 2) whatever the others hold; the first invalid one: its findings (exit 1)."""
    contents = [(path, read_bytes(path)) for path in paths]  # `-` twice: a usage error
    decks = []
    for path, data in contents:
        report = validate_deck(data, rules)
        if not report.valid:
            raise rejected(path, report.diagnostics, report.verdict(shown(path)), data)
        decks.append((Deck(report.counts, report.bases > 0, report.diagnostics), data))
    return decks


def _other_warnings(path: Path, deck: Deck, data: bytes, as_json: bool) -> list[Diagnostic]:
    """The second deck's warnings: said under its own name (pnp.core.session.warn), or (--json, one
    envelope) carried in the first's findings, its name leading each message."""
    if not as_json:
        warn(path, deck.warnings, data)
        return []
    return [Diagnostic(d.severity, d.code, f"{json_name(path)}: {d.message}", d.line, d.column) for d in deck.warnings]


Interval = Annotated[list[Number], Field(min_length=2, max_length=2)]


class GoldfishSummary(Result):
    """A deck's goldfish games: how many, their seed and turn limit, those won and never won, the
    games won on each turn, the mean turn of the won games and its 95 % interval (null for fewer
    than 2), the median, the 10th and 90th percentiles (null: among the games never won), the
    cards played per game in the games won by the 10th percentile turn, and the games never won
    by how they ended (turn-cap, all-passed, out-of-cards)."""

    games: int
    seed: int
    turns: int
    won: int
    never: int
    never_percent: Number
    by_turn: dict[str, int]
    mean: Number | None
    mean_ci95: Interval | None
    median: Number | None
    p10: int | None
    p90: int | None
    fastest_cards: dict[str, Number]
    not_won: dict[Literal["turn-cap", "all-passed", "out-of-cards"], int]


Verdict = Literal["slower", "faster", "same", "unclear"]


class Versus(Result):
    """`--vs OTHER`: its file, its games, its mean turn minus the deck's over the paired games with a
    95 % interval (null where there is none), the verdict, how it is computed, and the paired
    games by who won them."""

    file: str | None
    summary: GoldfishSummary
    difference: Number | None
    ci95: Interval | None
    verdict: Verdict
    method: Annotated[str, Field(min_length=1)]
    both_won: Copies
    only_deck_won: Copies
    only_other_won: Copies
    neither_won: Copies


class Goldfish(GoldfishSummary):
    """`pnp deck goldfish`: the deck's games, and with --vs the other deck's against them (else null)."""

    vs: Versus | None


@app.command(
    "goldfish",
    result=Goldfish,
    example="pnp deck goldfish decks/starter.deck --games 100 --vs decks/fives.deck",
)
@CARDS.around
@_playing
def goldfish_deck(
    file: DeckArg,
    vs: Annotated[
        Path | None,
        typer.Option(
            "--vs",
            parser=parse.deck_path,
            metavar="OTHER.deck",
            show_default=False,
            help="Play this deck too, on the same seeds, and say how much slower or faster it is (mean turn, OTHER minus DECK, with a 95% interval).",
        ),
    ] = None,
    plays: Plays = Plays(),
    rules: RulesOption = None,
    as_json: JsonOption = False,
) -> Report:
    """How fast the deck plays: N games alone against an opponent who has only its Base, and the turn its Base falls.

    Each game is a game of the two-player rules engine (pnp/games/power_lines_cards/rules/game.py, its default readings) against an opponent with no cards, who passes every turn: the set-up (8 drawn, 3 face down), three actions a turn, every price and effect, and domination once the connected friendlies bordering the enemy Base total 14. The table is a grid of card cells: the Bases stand 11 cells apart on one row, and two cards border when their cells share a side.

    The deck is played by pnp's greedy player (pnp/games/power_lines_cards/simulation/players.py): it takes the enemy Base when it may, fills the cells beside it with the card that adds most (when it adds its share of what is missing, or as much as an average card still to come), extends its line toward them with its cheapest cards, and draws when nothing fits.

    The mean turn is over the games won, with a 95% interval (mean ± 1.96 sd/√n); the games never won are counted by how they ended.

    --vs OTHER.deck plays both decks on the same seeds (game i of each on the same generator) and gives OTHER's mean turn minus DECK's over the paired games, a game never won within T turns counted as turn T+1, with a 95% interval (mean ± 1.96 sd/√n of the per-game differences): an interval above 0, OTHER is slower; below 0, faster.

    From 200 games on, the games are shared among one process a core (--jobs sets how many); the result is the same however many.
    """
    chosen = load_format(rules)
    if vs is None:
        deck = load_deck(file, chosen)  # an invalid deck: its errors, exit 1
        result = goldfish(deck, **asdict(plays))
        if not as_json:
            typer.echo(render_result(result, shown(file)))
        return Report(file, deck.warnings, Goldfish.model_validate({**result.as_json(), "vs": None}))
    (deck, _), (other, data) = _decks([file, vs], chosen)
    both = paired(deck, other, **asdict(plays))
    if not as_json:
        typer.echo(
            "\n\n".join([render_result(both.deck, shown(file)), render_result(both.other, shown(vs)), "\n".join(render_paired(both, shown(file), shown(vs)))])
        )
    found = [*deck.warnings, *_other_warnings(vs, other, data, as_json)]
    return Report(file, found, Goldfish.model_validate({**both.deck.as_json(), "vs": both.as_json(json_name(vs))}))


class BMinusA(Result):
    """A number for deck A, for deck B, and B minus A."""

    a: Number
    b: Number
    difference: Number


class ComparedFiles(Result):
    """The two decks' files."""

    a: str | None
    b: str | None


class KindDifference(Result):
    """A kind's expected cards and chance of at least one, in the opening hand and the hand kept, B minus A."""

    opening_expected: BMinusA
    opening_at_least_one_percent: BMinusA
    kept_expected: BMinusA
    kept_at_least_one_percent: BMinusA


class GroupDifference(Result):
    """A group's kinds, its copies, and its odds in the opening hand and the hand kept, B minus A."""

    kinds: list[str]
    copies: BMinusA
    opening_expected: BMinusA
    opening_at_least_one_percent: BMinusA
    kept_expected: BMinusA
    kept_at_least_one_percent: BMinusA


class EconomyDifference(Result):
    """The cards drawn and discarded, their difference, and the average value and price, B minus A."""

    cards_drawn: BMinusA
    cards_discarded: BMinusA
    net: BMinusA
    average_value: BMinusA
    average_price: BMinusA


class SpeedDifference(Result):
    """`--goldfish`: the games, seed and turn limit, each deck's games, B's mean turn minus A's with a
    95 % interval (null where there is none), the verdict, how it is computed, and the paired
    games by who won them."""

    games: int
    seed: int
    turns: int
    a: GoldfishSummary
    b: GoldfishSummary
    difference: Number | None
    ci95: Interval | None
    verdict: Verdict
    method: Annotated[str, Field(min_length=1)]
    both_won: Copies
    only_a_won: Copies
    only_b_won: Copies
    neither_won: Copies


class MatchupDifference(Result):
    """`--against OTHER`: OTHER's file, the games each deck played against it (the same pairs),
    A's and B's win rates against it (a draw counts half) with their 95 % intervals, B's minus
    A's in points with its paired 95 % interval (null below 2 pairs), and the verdict."""

    file: str
    games: int
    a_win_percent: Percent
    a_ci95: Interval
    b_win_percent: Percent
    b_ci95: Interval
    difference: Number | None
    ci95: Interval | None
    verdict: Literal["b-better", "a-better", "no-difference-shown"]


class Compared(Result):
    """`pnp deck compare`: the files, then B minus A for the cards, the copies of each kind, each
    group's and each kind's odds, the value and price curves, the card economy and, with
    --goldfish, the speed (else null), with --against the matchup (else null)."""

    files: ComparedFiles
    total: BMinusA
    counts: dict[str, BMinusA]
    groups: dict[str, GroupDifference]
    kinds: dict[str, KindDifference]
    by_value: dict[str, BMinusA]
    by_price: dict[str, BMinusA]
    economy: EconomyDifference
    goldfish: SpeedDifference | None
    against: MatchupDifference | None


@app.command(
    "compare",
    result=Compared,
    example="pnp deck compare decks/starter.deck decks/fives.deck --goldfish --games 100",
)
@CARDS.around
@_playing
def compare_decks(
    a: Annotated[Path, typer.Argument(help="The first deck, A; - reads standard input.", metavar="A.deck", show_default=False, parser=parse.deck_path)],
    b: Annotated[Path, typer.Argument(help="The second deck, B, compared with A (B minus A).", metavar="B.deck", show_default=False, parser=parse.deck_path)],
    speed: Annotated[
        bool, typer.Option("--goldfish", help="Play both decks alone too, on the same seeds, and compare their speed (see `pnp deck goldfish --vs`).")
    ] = False,
    against: Annotated[
        Path | None,
        typer.Option(
            "--against",
            parser=parse.deck_path,
            metavar="OTHER.deck",
            show_default=False,
            help="Play each deck against OTHER on the same pairs (--games, --seed, --jobs; as `pnp deck match`) and give B's win rate minus A's.",
        ),
    ] = None,
    plays: Plays = Plays(),
    rules: RulesOption = None,
    as_json: JsonOption = False,
) -> Report:
    """Two decks side by side, every difference B minus A: copies per kind, the exact odds of each (as `pnp deck analyze` computes them), the value and price curves, the card economy, and with --goldfish their speed.

    The odds: for each group (draw, free, discard, high) the chance of at least one and the cards expected in the 8 drawn and in the 5 kept after the set-up; for each card the cards expected. Chances differ in percentage points. --goldfish plays both decks on the same seeds and gives B's mean turn minus A's with a 95% interval (--games, --seed, --turns and --jobs as for `pnp deck goldfish`).

    --against OTHER.deck plays A against OTHER and B against OTHER, greedy against greedy, on the same pairs (the same deals of OTHER), and gives B's win rate minus A's with a paired 95 % interval (mean ± 1.96 sd/√n of the per-pair differences).

    Both decks must be valid under the format (--rules); the first that is not: its findings, exit 1.
    """
    read = _decks([a, b] if against is None else [a, b, against], load_format(rules))
    (deck_a, _), (deck_b, data) = read[:2]
    both = paired(deck_a, deck_b, **asdict(plays)) if speed else None
    result = compare(deck_a, deck_b, both)
    matchup = _against(deck_a, deck_b, read[2][0], plays) if against is not None else None
    if not as_json:
        typer.echo(
            result.render(shown(a), shown(b))
            + ("\n\n" + "\n".join(render_against(*matchup, shown(a), shown(b), shown(against))) if matchup and against else "")
        )
    found = [*deck_a.warnings, *_other_warnings(b, deck_b, data, as_json)]
    fields_ = result.as_json(json_name(a), json_name(b))
    fields_["against"] = None if matchup is None or against is None else _against_json(*matchup, json_name(against))
    return Report(a, found, Compared.model_validate(fields_))


def _against(deck_a: Deck, deck_b: Deck, other: Deck, plays: Plays) -> tuple[MatchResult, MatchResult, Worth]:
    """A against OTHER and B against OTHER on the same pairs, and B's score minus A's, pair by pair."""
    setup = Setup((tuple(deck_a.cards()), tuple(other.cards())), seed=plays.seed)
    with pool(workers_for(plays.games, plays.jobs, cores())) as where:
        with_a = match(setup, plays.games, where)
        with_b = match(replace(setup, decks=(tuple(deck_b.cards()), setup.decks[1])), plays.games, where)
    return with_a, with_b, worth(with_b.pairs, with_a.pairs)


def _against_json(with_a: MatchResult, with_b: MatchResult, w: Worth, file: str) -> dict[str, Any]:
    d, a, b = w.difference, with_a.rate.as_json(), with_b.rate.as_json()
    return {
        "file": file,
        "games": len(with_a.games),
        "a_win_percent": a["win_percent"],
        "a_ci95": a["ci95"],
        "b_win_percent": b["win_percent"],
        "b_ci95": b["ci95"],
        "difference": percent(d.estimate) if d else None,
        "ci95": [percent(d.low), percent(d.high)] if d else None,
        "verdict": {"a": "b-better", "b": "a-better", "neither": "no-difference-shown"}[w.verdict],
    }


class Against(Result):
    """`pnp deck report`'s matchup: OTHER's file (the starter deck unless --against), the games of the match, the deck's win rate
    (a draw counts half) with its 95 % interval, and the verdict (see `pnp deck match`)."""

    file: str
    games: int
    win_percent: Percent
    ci95: Interval
    verdict: Literal["a-better", "b-better", "no-difference-shown"]


class Reported(Result):
    """`pnp deck report`: the format checked against, the cards, the file written, its paper, the
    goldfish games and seed charted, and the matchup (against the starter deck or --against; null
    with --no-matchup or for an invalid deck)."""

    format: str
    total: int
    output: str
    paper: str
    games: int
    seed: int
    against: Against | None


STARTER = deck_file("starter.deck")  # the matchup's default opponent


@app.command("report", result=Reported, example="pnp deck report decks/fives.deck --games 100 --paper letter -o fives.pdf")
@CARDS.around
def report_deck(
    file: DeckArg,
    output: Annotated[Path | None, output_option("A .pdf or .html file to write (default: DECK's name with .pdf, here).")] = None,
    paper: PaperOption = None,
    games: GamesOption = DEFAULT_GAMES,
    seed: SeedOption = DEFAULT_SEED,
    against: Annotated[
        Path | None,
        typer.Option(
            "--against",
            parser=parse.deck_path,
            metavar="OTHER.deck",
            show_default=False,
            help="The deck the matchup is played against (default: the starter deck pnp ships).",
        ),
    ] = None,
    matchup: Annotated[
        bool, typer.Option("--matchup/--no-matchup", help="Play the matchup and chart it (--no-matchup: the page without it, a little sooner).")
    ] = True,
    rules: RulesOption = None,
    as_json: JsonOption = False,
) -> Report:
    """One page about the deck, as a PDF or a self-contained HTML page: its cards as pnp prints them, with their copies; charts of its values, prices and goldfish speed; the exact opening-hand odds; its matchup against the starter deck (or --against OTHER.deck); its validity under the format.

    The matchup is the deck's match against OTHER, as `pnp deck match` plays it (greedy against greedy, --games games from --seed): its win rate with a 95 % interval, and a chart of its win rate in the games it played each card face up. --no-matchup leaves it out.

    An invalid deck gets its report too, marked INVALID with its findings listed on the page; pnp prints the findings and exits 1. The same deck, format, paper, games and seed write the same bytes.
    """
    from .report_file import write_report  # the drawing loads only for this command

    other = (against or STARTER) if matchup else None
    diagnostics, written = write_report(file, rules, output, Print(paper_size(paper)), games, seed, other)
    return Report(file, diagnostics, Reported.model_validate(written.as_json()), written.source, written.line())


class RandomDeck(Result):
    """`pnp deck random`: the seed, the .deck text, and where it was written (null: printed)."""

    seed: int
    deck: str
    output: str | None


@app.command("random", result=RandomDeck, example="pnp deck random --seed 4 --rules singleton-ish -o random.deck")
def random_deck(
    seed: Annotated[int | None, typer.Option("--seed", parser=parse.seed, help="Same seed, same deck (default: a new one).")] = None,
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
    return Report(rules, result=RandomDeck(seed=seed, deck=text, output=json_name(output)))


# --- the match lab: pnp deck match, pnp deck gauntlet ----------------------------------------------


class WinRate(Result):
    """A's win rate over some games (a win 1, a draw 1/2), in percent, with its 95 % Wilson
    interval; both null when there are no games."""

    games: Copies
    win_percent: Percent | None
    ci95: Interval | None


class CardRates(Result):
    """A card of A's: its copies, and A's win rate in the games A drew one, played one face up, and never played one face up."""

    copies: int
    drawn: WinRate
    played: WinRate
    never_played: WinRate


class CardWorth(Result):
    """A card of A's with one copy played as the neutral card: A's win rate so, and the card's
    worth (A's win rate with it minus without, in points, pair by pair) with its 95 % interval
    (null below 2 pairs), and what it says."""

    without: WinRate
    worth: Number | None
    ci95: Interval | None
    verdict: Literal["helps", "hurts", "no-difference-shown"]


class Ablated(Result):
    """`--ablate`: the neutral card, and each kind's worth (the neutral kind left out)."""

    neutral: str
    kinds: dict[str, CardWorth]


class Recorded(Result):
    """`--record-games DIR`: the folder, and the records written there."""

    folder: str
    files: Copies


class LabSetup(Result):
    """What a match or gauntlet was played with: the players (A's, B's), their budget (null: none
    given), the seed, the variant file (null: pnp's readings), the games asked for and --until
    (points; null: none), and what a draw counts (1/2)."""

    players: Annotated[list[str], Field(min_length=2, max_length=2)]
    budget: int | None
    seed: int
    variant: str | None
    games_asked: int
    until: Number | None
    draw_counts: Number


MatchVerdict = Literal["a-better", "b-better", "no-difference-shown"]


class Matched(Result):
    """`pnp deck match`: the decks, how they were played, the games and pairs played, why play
    stopped, A's wins, draws and losses, win rate and interval, the verdict, A's win rate moving
    first and second, the endings, the mean length in turns, A's per-card figures, and with
    --ablate each card's worth (else null), with --record-games the records (else null)."""

    a: str | None
    b: str | None
    setup: LabSetup
    games: int
    pairs: int
    stopped: Literal["games", "until"]
    wins: Copies
    draws: Copies
    losses: Copies
    win_percent: Percent
    ci95: Interval
    verdict: MatchVerdict
    first: WinRate
    second: WinRate
    endings: dict[Ending, Copies]
    mean_turns: Number
    cards: dict[str, CardRates]
    ablation: Ablated | None
    records: Recorded | None


class Gauntleted(Result):
    """`pnp deck gauntlet`: the decks, how they were played, the matrix of win rates (the row's
    deck against the column's; null on the diagonal), each deck's win rate over all its games,
    with --record-games the records (else null), and with -o the heat map's file (else null)."""

    decks: list[str | None]
    setup: LabSetup
    matrix: list[list[WinRate | None]]
    overall: list[WinRate]
    records: Recorded | None
    output: str | None


def _players_option(text: str) -> str:
    """`--players P,Q`, checked: `greedy,random`."""
    try:
        return ",".join(player_names(text))
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None


@dataclass(frozen=True)
class Lab:
    """How a match lab command plays: games, seed, players, budget, readings, --until, processes."""

    games: int = DEFAULT_MATCH_GAMES
    seed: int = DEFAULT_SEED
    players: str = "greedy,greedy"  # as --players gives them, checked
    budget: int | None = None
    variant: Path | None = None
    until: float | None = None
    jobs: int | None = None
    scheduler: str | None = None
    record_games: Path | None = None

    @property
    def seats(self) -> tuple[str, str]:
        """A's player and B's."""
        a, b = self.players.split(",")
        return a, b


def _given(kind: Any, flag: str, metavar: str, help: str, **more: Any) -> Any:
    """An option left out unless given (None: no default shown): `kind | None`, as `flag METAVAR`."""
    return Annotated[kind | None, typer.Option(flag, metavar=metavar, show_default=False, help=help, **more)]


_LAB_OPTIONS = {
    "games": Annotated[
        int, typer.Option("--games", parser=parse.integer(1, 1_000_000), help="Games a match plays at most, in pairs (an odd number is rounded up).")
    ],
    "seed": Annotated[int, typer.Option("--seed", parser=parse.seed, help="Same decks, players, seed and games: the same result.")],
    "players": Annotated[
        str,
        typer.Option("--players", parser=_players_option, metavar="P,Q", help=f"A's player and B's, of {', '.join(PLAYERS)}."),
    ],
    "budget": _given(int, "--budget", "N", "How hard a player that takes a budget thinks (its cost too).", parser=parse.integer(1, 1_000_000)),
    "variant": _given(Path, "--variant", "FILE", "Readings of the rules other than pnp's (a TOML file; see `pnp cards`).", parser=parse.input_path),
    "until": _given(
        float,
        "--until",
        "POINTS",
        f"Stop once A's win rate is known to within this many points either side (95 %), or at --games; looked at every {2 * STEP_PAIRS} games.",
        parser=parse.decimal(0.1, 50, " points"),
    ),
    "jobs": _given(
        int,
        "--jobs",
        "N",
        f"Processes to play in (default: one a core from {LAB_POOL_GAMES} games, else 1). The result is the same whatever N.",
        parser=parse.integer(1, MAX_JOBS),
    ),
    "scheduler": _given(str, "--scheduler", "ADDRESS", "Play on this Dask cluster (tcp://HOST:PORT; needs Dask: pnp's extra named cluster): the same result."),
    "record_games": _given(Path, "--record-games", "DIR", "Write every game as a .plc record into DIR (`pnp cards check` replays it).", file_okay=False),
}


# the match lab's options, as a Lab
_labbing = _options("lab", Lab, _LAB_OPTIONS)


def _lab_setup(lab: Lab, decks: list[Deck], names: list[str]) -> tuple[Setup, LabSetup]:
    """The lab's Setup (A's and B's decks: the first two) and its JSON; a budget no player takes is a usage error."""
    if lab.budget is not None and not any(takes_budget(p) for p in lab.seats):
        raise PnpError(f"--budget: neither {lab.seats[0]} nor {lab.seats[1]} takes a budget", exit_code=2)
    readings = DEFAULT if lab.variant is None else load_variant(lab.variant)
    cards = tuple(tuple(d.cards()) for d in decks)
    setup = Setup((cards[0], cards[1]), lab.seats, lab.seed, readings, lab.budget, (names[0], names[1]), lab.record_games is not None)
    told = LabSetup(
        players=list(lab.seats),
        budget=lab.budget,
        seed=lab.seed,
        variant=json_name(lab.variant),
        games_asked=lab.games,
        until=lab.until,
        draw_counts=SCORES["draws"],
    )
    return setup, told


def _readings(lab: Lab) -> str:
    return "pnp's readings of the rules" if lab.variant is None else f"the readings of {shown(lab.variant)}"


def _lab_pool(lab: Lab, games: int) -> Any:
    return pool(workers_for(games, lab.jobs, cores()), lab.scheduler)


def _record_files(folder: Path, prefix: str, result: MatchResult) -> dict[Path, bytes]:
    """Each game's record, named by its pair and who moved first: `pair-0001-a-first.plc`."""
    width = max(4, len(str(len(result.pairs))))
    return {
        folder / f"{prefix}pair-{i + 1:0{width}d}-{'a' if game.a_first else 'b'}-first.plc": (game.record or "").encode("utf-8")
        for i, pair in enumerate(result.pairs)
        for game in pair
    }


def _write_records(folder: Path | None, files: dict[Path, bytes]) -> Recorded | None:
    """The records into `folder` as pnp writes into a folder (pnp.output.files): each file whole;
    what an earlier match wrote there and this one does not is removed, if unchanged since."""
    if folder is None:
        return None
    write_rendered("deck match", files, BuildOptions(out=folder), whole=True)
    commit()
    if files:
        typer.echo(f"wrote {plural(len(files), 'record')} into {shown(folder)}", err=True)
    return Recorded(folder=json_name(folder), files=len(files))


@app.command("match", result=Matched, example="pnp deck match decks/fives.deck decks/starter.deck --games 400 --until 3")
@CARDS.around
@_labbing
def match_decks(
    a: Annotated[
        Path,
        typer.Argument(
            help="Deck A, whose win rate is given (or a deck pnp ships, by name: starter); - reads standard input.",
            metavar="A.deck",
            show_default=False,
            parser=parse.deck_path,
        ),
    ],
    b: Annotated[
        Path, typer.Argument(help="Deck B, its opponent (or a deck pnp ships, by name).", metavar="B.deck", show_default=False, parser=parse.deck_path)
    ],
    worth: Annotated[
        bool, typer.Option("--ablate", help=f"Also play each card of A's, one copy replaced by a {NEUTRAL}, on the same pairs: what each card is worth here.")
    ] = False,
    lab: Lab = Lab(),
    rules: RulesOption = None,
    as_json: JsonOption = False,
) -> Report:
    """Deck A against deck B, two of pnp's players at the table: which deck wins, and A's cards' part in it.

    Games are played in pairs: one deal, both decks shuffled once, played twice, A's deck moving first in one game and B's in the other, each deck in the same order both times (and the players' chance the same), so who moves first cancels out. A's win rate counts a win 1 and a draw 1/2, with its 95 % interval (Wilson's); the verdict says which deck is better when the interval lies off 50 %. Then how the games ended (a Base taken, out of cards, all passed, the turn cap), their mean length in turns, and A's win rate in the games in which A drew each card, played it face up, and never played it.

    --ablate plays every pair again for each card of A's, one copy played as a 5 (the value and price of the rules' face-down card, with the slightest effect), and gives the card's worth: A's win rate with it minus without, pair by pair, with a 95 % interval. It plays the match once more per kind.

    --until POINTS stops as soon as A's win rate is known to within that many points, or at --games. A deck against itself comes out at 50 % within its interval. From 40 games the pairs are shared among one process a core (--jobs), or sent to a Dask cluster (--scheduler); the result is the same.
    """
    (deck_a, _), (deck_b, data) = _decks([a, b], load_format(rules))
    names = [shown(a), shown(b)]
    setup, told = _lab_setup(lab, [deck_a, deck_b], names)
    if lab.record_games is not None:
        begin(lab.record_games)  # the folder checked before any game is played
    with _lab_pool(lab, lab.games) as where:
        result = match(setup, lab.games, where, lab.until)
        ablation = ablate(setup, result, where) if worth else None
    recorded = _write_records(lab.record_games, _record_files(lab.record_games, "", result)) if lab.record_games else None
    if not as_json:
        text = render_match(result, (names[0], names[1]), lab.seats, lab.seed, _readings(lab))
        typer.echo(text + ("\n\n" + "\n".join(render_ablation(ablation)) if ablation else ""))
    found = [*deck_a.warnings, *_other_warnings(b, deck_b, data, as_json)]
    fields_ = {**result.as_json(), "a": json_name(a), "b": json_name(b), "setup": told}
    fields_.update(ablation=ablation.as_json() if ablation else None, records=recorded)
    return Report(a, found, Matched.model_validate(fields_))


@app.command("gauntlet", result=Gauntleted, example="pnp deck gauntlet decks/starter.deck decks/fives.deck --games 200")
@CARDS.around
@_labbing
def gauntlet_decks(
    files: Annotated[
        list[Path],
        typer.Argument(
            help="Two deck lists or more (or decks pnp ships, by name); - reads standard input (once).",
            metavar="DECK...",
            show_default=False,
            parser=parse.deck_path,
        ),
    ],
    lab: Lab = Lab(),
    output: Annotated[
        Path | None, output_option("Also draw the matrix as a heat map, one page: a .pdf or a self-contained .html file (at most 10 decks).")
    ] = None,
    paper: PaperOption = None,
    rules: RulesOption = None,
    as_json: JsonOption = False,
) -> Report:
    """Every deck against every other, as `pnp deck match` plays two: a matrix of win rates with their intervals, and each deck's win rate over all its games.

    -o FILE.pdf or FILE.html draws the matrix as a heat map on one page (--paper): each cell the row's deck's win rate and its interval, coloured on a scale colour-blind readers can read (orange: the row's deck loses more, white: even, purple: it wins more), and each deck's overall column.

    Each pair of decks plays a match (the earlier deck as A) with the same options: --games (or --until) a match, the same seed, players, budget and readings. The row's deck's win rate against the column's counts a win 1 and a draw 1/2, with its 95 % interval (Wilson's); the overall column pools every game of the row's deck. With --record-games, match i-j's records are named `i-j-pair-….plc`.
    """
    if len(files) < 2:
        raise PnpError("a gauntlet needs two decks or more", exit_code=2)
    if output is not None:
        from .gauntlet_page import check_output

        check_output(output, len(files), Print(paper_size(paper)))  # before the games: a wrong name costs nothing
    read = _decks(files, load_format(rules))
    decks = [deck for deck, _ in read]
    names = [shown(f) for f in files]
    setup, told = _lab_setup(lab, decks, names)
    if lab.record_games is not None:
        begin(lab.record_games)
    count = len(files) * (len(files) - 1) // 2
    with _lab_pool(lab, lab.games * count) as where:
        result = gauntlet([tuple(d.cards()) for d in decks], names, setup, lab.games, where, lab.until)
    recorded = None
    if lab.record_games is not None:
        made = {p: data for (i, j), m in result.matches.items() for p, data in _record_files(lab.record_games, f"{i + 1}-{j + 1}-", m).items()}
        recorded = _write_records(lab.record_games, made)
    if not as_json:
        typer.echo(render_gauntlet(result))
    if output is not None:
        from .gauntlet_page import write_gauntlet_page  # the drawing loads only when asked for

        how = f"{lab.seats[0]} against {lab.seats[1]}, seed {lab.seed}, {_readings(lab)}"
        write_gauntlet_page(result, how, Print(paper_size(paper)), output)
    found = [*decks[0].warnings, *(w for (deck, data), path in zip(read[1:], files[1:]) for w in _other_warnings(path, deck, data, as_json))]
    return Report(
        files[0],
        found,
        Gauntleted.model_validate(
            {**result.as_json(), "decks": [json_name(f) for f in files], "setup": told, "records": recorded, "output": json_name(output)}
        ),
        verdict=None if output is None else f"wrote {shown(output)}: the heat map of {plural(len(files), 'deck')}",
    )
