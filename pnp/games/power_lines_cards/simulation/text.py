"""A goldfish run's results as text: `pnp deck goldfish`'s report of a deck's games, and with
`--vs` what tells two decks apart; and the bar chart in characters they share with
`pnp deck stats` (`histogram`)."""

from __future__ import annotations

import textwrap

from .intervals import Z95
from .results import FASTEST_SHARE, GoldfishResult, Paired

BAR_WIDTH = 40  # longest bar, in blocks; larger counts are scaled down
WRAP = 96  # characters of a line of prose in the text report


def histogram(rows: dict[str, int]) -> list[str]:
    """`  5 | ███ 3` per row, labels right-aligned, bars scaled to BAR_WIDTH at most."""
    width = max(map(len, rows), default=0)
    peak = max(rows.values(), default=0)
    scale = min(1.0, BAR_WIDTH / peak) if peak else 1.0
    lines = []
    for label, n in rows.items():
        bar = "█" * round(n * scale)
        lines.append(f"{label:>{width}} | {bar + ' ' if bar else ''}{n}")
    return lines


def turn_text(t: float | None) -> str:
    """A turn as the reports give it: `5`, `5.13`, or `never` for None."""
    return "never" if t is None else f"{t:g}"


# What every figure rests on: the player and the readings of the rules (rules/variant.py's defaults).
PLAYED = "played by pnp's greedy player under pnp's readings of the rules (pnp help readings)"


def render_result(result: GoldfishResult, file: str) -> str:
    """One deck's games: the turn the enemy Base fell, as a histogram, and the figures."""
    by_turn = result.by_turn
    shown = [t for t, n in by_turn.items() if n]
    rows = {str(t): by_turn[t] for t in range(shown[0], shown[-1] + 1)} if shown else {}
    lines = [
        f"{file}: goldfish, {result.games} game{'s' * (result.games != 1)}, seed {result.seed}, up to {result.turns} turns",
        PLAYED,
        "",
        "turn the enemy Base fell (games)",
        *(histogram(rows) if rows else ["(never)"]),
        "",
        f"median {turn_text(result.median)}, 10th percentile {turn_text(result.p10)}, 90th {turn_text(result.p90)} (games never won counted slowest)",
        f"mean {turn_text(result.mean)} over the {result.won} won game{'s' * (result.won != 1)}{_interval(result.mean_ci95)}"
        if result.won
        else "mean: no game won",
        f"never within {result.turns} turns: {result.never_percent:g} % ({result.never} game{'s' * (result.never != 1)}){_not_won(result)}",
    ]
    if result.fastest_cards:
        cards = ", ".join(f"{name} {n:g}" for name, n in result.fastest_cards.items())
        fast = result.fastest
        share = f"{100 * fast / result.games:.0f}"
        lines.append(
            f"cards played face up per game in the {fast} games won by turn {result.p10}, the {FASTEST_SHARE}th percentile ({share} % of the games): {cards}"
        )
    return "\n".join(lines)


def _interval(ci: tuple[float, float] | None) -> str:
    return f", 95 % interval {ci[0]:g} to {ci[1]:g} (mean ± {Z95} sd/√n, normal)" if ci is not None else ""


def _not_won(result: GoldfishResult) -> str:
    """The games never won, by how they ended: at the turn limit, stuck, or out of cards."""
    words = {"turn-cap": "at the turn limit", "all-passed": "with nothing possible for a whole turn", "out-of-cards": "with every card spent"}
    found = [f"{n} {words[ending]}" for ending, n in result.not_won.items() if n]
    return f": {', '.join(found)}" if found else ""


def render_paired(both: Paired, deck_file: str, other_file: str) -> list[str]:
    """The difference, its interval, how it was computed and what it says."""
    d, ci, n = both.difference, both.ci95, both.deck.games

    def turns(x: float) -> str:
        return f"{x:+.2f}" if x else "0"

    lines = [f"{other_file} minus {deck_file}: {turns(d) if d is not None else 'none'} turns a game on average"]
    if ci is not None:
        lines[0] += f", 95 % interval {turns(ci[0])} to {turns(ci[1])}"
    counted = both.counted()
    t = both.deck.turns
    how = (
        f"paired by seed ({n} game{'s' * (n != 1)}, game i of each deck on the same generator); a game never won "
        f"within {t} turns counts as turn {t + 1} ({counted['both_won']} won by both, {counted['only_deck_won']} only by "
        f"{deck_file}, {counted['only_other_won']} only by {other_file}, {counted['neither_won']} by neither); "
        f"interval: mean ± {Z95} sd/√n of the differences"
    )
    lines += textwrap.wrap(how, width=WRAP, initial_indent="  ", subsequent_indent="  ")
    lines.append(
        {
            "slower": f"{other_file} is slower: the interval lies above 0",
            "faster": f"{other_file} is faster: the interval lies below 0",
            "same": "no difference: every game took both decks the same turns",
            "unclear": "no difference shown: the interval holds 0" if ci is not None else "no interval from one game",
        }[both.verdict]
    )
    return lines
