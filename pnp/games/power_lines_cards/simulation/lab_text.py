"""The match lab's results as text: `pnp deck match` (a match, A's cards, an ablation) and
`pnp deck gauntlet` (every deck against every other)."""

from __future__ import annotations

from collections.abc import Sequence

from .intervals import Interval
from .lab import NEUTRAL, STEP_PAIRS
from .tally import EVEN, Ablation, Gauntlet, MatchResult, Rate, Worth

DRAWS = "a draw counts half"


def share(ci: Interval | None) -> str:
    """`52.1 % (47.3–56.8)`: a win rate and its interval, in percent; `-` without games."""
    if ci is None:
        return "-"
    return f"{100 * ci.estimate:.1f} % ({100 * ci.low:.1f}–{100 * ci.high:.1f})"


def _rate(r: Rate) -> str:
    return f"{share(r.interval)} in {r.games}" if r.games else "no game"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


def render_match(result: MatchResult, names: tuple[str, str], players: tuple[str, str], seed: int, readings: str) -> str:
    """The match: A's results, win rate and verdict, how the games ended and lasted, and A's cards."""
    wins, draws, losses = result.results.values()
    ci = result.interval
    first, second = result.seats
    games = len(result.games)
    lines = [
        f"A: {names[0]} ({players[0]}) against B: {names[1]} ({players[1]}), seed {seed}, {readings}",
        f"{_plural(games, 'game')} in {_plural(len(result.pairs), 'pair')}: each pair one deal played twice, each deck first once",
        _stopped(result),
        "",
        f"A won {wins}, drew {draws}, lost {losses}: A's win rate {share(ci)} ({DRAWS}; 95 % interval, Wilson's)",
        f"A moving first: {_rate(first)}; moving second: {_rate(second)}",
        _verdict(result, names),
        "how the games ended: " + ", ".join(f"{ENDING_WORDS[e]} {n}" for e, n in result.endings.items()),
        f"mean length: {result.mean_turns:g} turns (each player's turn counts one)",
        "",
        *render_cards(result),
    ]
    return "\n".join(lines)


ENDING_WORDS = {"base": "a Base taken", "out-of-cards": "out of cards", "all-passed": "all passed", "turn-cap": "the turn cap"}


def _stopped(result: MatchResult) -> str:
    if result.until is None:
        return "played every game asked for (--games)"
    half = 100 * result.interval.half_width
    if result.reached:
        return f"--until {result.until:g}: stopped once the interval was {half:.2f} points either side (looked at every {2 * STEP_PAIRS} games)"
    return f"--until {result.until:g} not reached: the interval is {half:.2f} points either side after the most games --games allows"


def _verdict(result: MatchResult, names: tuple[str, str]) -> str:
    return {
        "a": f"verdict: A ({names[0]}) is better: the interval lies above {100 * EVEN:g} %",
        "b": f"verdict: B ({names[1]}) is better: the interval lies below {100 * EVEN:g} %",
        "neither": f"verdict: no difference shown: the interval holds {100 * EVEN:g} %",
    }[result.verdict]


def _table(head: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """Columns left-aligned, two spaces apart."""
    widths = [max(len(row[i]) for row in [head, *rows]) for i in range(len(head))]
    return ["  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in [head, *rows]]


def render_cards(result: MatchResult) -> list[str]:
    """A's win rate, by card, in the games it drew one, played one face up, and never played one."""
    rows = [[kind, str(f.copies), _rate(f.drawn), _rate(f.played), _rate(f.never_played)] for kind, f in result.cards.items()]
    return [
        f"A's cards: A's win rate (95 % interval) in the games in which A drew the card, played it face up, never played it face up ({DRAWS}):",
        *_table(["card", "copies", "drawn", "played face up", "never played"], rows),
    ]


def render_ablation(ablation: Ablation) -> list[str]:
    """What each card of A's is worth: A's win rate with one copy played as the neutral card, and
    the change pair by pair."""
    rows = []
    for kind, w in ablation.kinds.items():
        d = w.difference
        change = "-" if d is None else f"{100 * d.estimate:+.1f} ({100 * d.low:+.1f} to {100 * d.high:+.1f})"
        rows.append([kind, _rate(w.without), change, WORTH_WORDS[w.verdict]])
    return [
        f"--ablate: each card of A's, one copy played as a {ablation.neutral} instead, on the same pairs ({NEUTRAL_WHY}):",
        *_table(["card", "A's win rate without it", "worth, points (95 % interval, paired)", ""], rows),
        "worth: A's win rate with the card minus without it, pair by pair; mean ± 1.96 sd/√n over the pairs",
    ]


NEUTRAL_WHY = f"a {NEUTRAL} has the value and price of the rules' face-down card, 5 and 0, and the slightest effect"
WORTH_WORDS = {"a": "helps", "b": "hurts", "neither": "no difference shown"}


def render_gauntlet(gauntlet: Gauntlet) -> str:
    """The matrix of win rates (the row's deck against the column's) and each deck's overall."""
    n = len(gauntlet.names)
    legend = [f"{i + 1}: {name}" for i, name in enumerate(gauntlet.names)]
    head = ["", *(str(j + 1) for j in range(n)), "overall"]
    rows = [[str(i + 1), *("" if i == j else share(gauntlet.rate(i, j).interval) for j in range(n)), share(gauntlet.overall(i).interval)] for i in range(n)]
    games = {len(m.games) for m in gauntlet.matches.values()}
    played = f"{min(games)}–{max(games)}" if len(games) > 1 else str(*games)
    return "\n".join(
        [
            *legend,
            "",
            f"the row's deck's win rate against the column's (95 % interval, Wilson's; {DRAWS}), {played} games a match; overall: every game of the row's deck",
            *_table(head, rows),
        ]
    )


def render_against(with_a: MatchResult, with_b: MatchResult, w: Worth, a: str, b: str, other: str) -> list[str]:
    """`pnp deck compare --against OTHER`: each deck's win rate against OTHER, and B's minus A's."""
    d = w.difference
    change = "none (one pair)" if d is None else f"{100 * d.estimate:+.1f} points, 95 % interval {100 * d.low:+.1f} to {100 * d.high:+.1f}"
    says = {"a": f"{b} does better against {other}", "b": f"{a} does better against {other}", "neither": "no difference shown"}[w.verdict]
    return [
        f"against {other}, greedy against greedy, {_plural(len(with_a.games), 'game')} each on the same pairs ({DRAWS}):",
        f"  {a}: {_rate(with_a.rate)}",
        f"  {b}: {_rate(with_b.rate)}",
        f"  {b} minus {a}: {change} (paired: mean ± 1.96 sd/√n of the per-pair differences): {says}",
        "",
        *card_chart(with_a, with_b, a, b),
    ]


BAR = 25  # characters for a win rate of 100 %


def _bar(rate: Rate) -> str:
    """A win rate's figure and its bar of full blocks (a half block for the rest); `-` unplayed."""
    ci = rate.interval
    if ci is None:
        return "-"
    halves = round(2 * BAR * ci.estimate)
    return f"{100 * ci.estimate:3.0f} % " + "█" * (halves // 2) + "▌" * (halves % 2)


def card_chart(with_a: MatchResult, with_b: MatchResult, a: str, b: str) -> list[str]:
    """Each deck's win rate against OTHER, in %, in the games it played the card face up, as bars
    (a full bar is 100 %); `-`: the deck never played that card."""
    kinds = [*with_a.cards, *(k for k in with_b.cards if k not in with_a.cards)]
    rows = []
    for kind in sorted(kinds, key=lambda k: (len(k), k)):
        fa, fb = with_a.cards.get(kind), with_b.cards.get(kind)
        rows.append([kind, _bar(fa.played) if fa else "-", _bar(fb.played) if fb else "-"])
    return [
        f"win rate (%) in the games the deck played the card face up (a full bar: {BAR} characters, 100 %; -: not played):",
        *_table(["card", a, b], rows),
    ]
