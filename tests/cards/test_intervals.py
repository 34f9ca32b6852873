"""The match lab's statistics (simulation/intervals.py): the Wilson interval against published
values, the paired interval of differences, and the verdict."""

from __future__ import annotations

import math

import pytest

from pnp.games.power_lines_cards.simulation.intervals import mean_interval, verdict, wilson


@pytest.mark.parametrize(
    ("successes", "n", "low", "high"),
    [
        # Newcombe, "Two-sided confidence intervals for the single proportion" (Statistics in
        # Medicine 17, 1998), Table I, method 3 (the score interval without continuity correction).
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0000, 0.1611),
        (1, 29, 0.0061, 0.1718),
    ],
)
def test_wilson_matches_published_values(successes: int, n: int, low: float, high: float) -> None:
    ci = wilson(successes, n)
    assert ci.estimate == successes / n
    assert (round(ci.low, 4), round(ci.high, 4)) == (low, high)


def test_wilson_is_symmetric_and_stays_within_0_and_1() -> None:
    # x of n and n - x of n mirror each other about 1/2; all wins or none reach the bound.
    a, b = wilson(3, 17), wilson(14, 17)
    assert math.isclose(a.low, 1 - b.high) and math.isclose(a.high, 1 - b.low)
    assert wilson(0, 5).low == 0 and wilson(5, 5).high == 1
    even = wilson(50, 100)
    assert math.isclose(even.low + even.high, 1)


def test_a_draw_counts_half() -> None:
    # 10 games, 4 won and 2 drawn: a score of 5, the share 1/2, the interval centred on it.
    ci = wilson(4 + 2 / 2, 10)
    assert ci.estimate == 0.5 and math.isclose(ci.low + ci.high, 1)


def test_wilson_narrows_as_games_grow() -> None:
    assert wilson(500, 1000).half_width < wilson(50, 100).half_width < wilson(5, 10).half_width
    # about 1.96 · √(1/4 / n) for a share of 1/2 and many games
    assert math.isclose(wilson(5000, 10000).half_width, 1.96 * math.sqrt(0.25 / 10000), rel_tol=1e-3)


def test_wilson_refuses_what_is_no_share() -> None:
    with pytest.raises(ValueError):
        wilson(1, 0)
    with pytest.raises(ValueError):
        wilson(6, 5)


def test_mean_interval_by_hand() -> None:
    ci = mean_interval([1, 2, 3, 4, 5])
    assert ci is not None
    sd = math.sqrt(sum((x - 3) ** 2 for x in [1, 2, 3, 4, 5]) / 4)
    assert ci.estimate == 3
    assert math.isclose(ci.high - 3, 1.96 * sd / math.sqrt(5)) and math.isclose(3 - ci.low, ci.high - 3)
    assert mean_interval([7]) is None


def test_paired_differences_cancel_what_both_share() -> None:
    # Each pair's score varies widely, but the change moves every pair by the same quarter:
    # the paired interval is that quarter exactly, where unpaired scores would hide it.
    base = [0, 1, 0.5, 0.25, 1, 0, 0.75, 0.5]
    changed = [x + 0.25 for x in base]
    ci = mean_interval([b - a for a, b in zip(base, changed)])
    assert ci is not None and math.isclose(ci.low, 0.25) and math.isclose(ci.high, 0.25)
    apart = (mean_interval(changed), mean_interval(base))
    assert apart[0] is not None and apart[1] is not None and apart[0].low < apart[1].high  # unpaired, they overlap


def test_verdict() -> None:
    assert verdict(0.55, 0.7, 0.5) == "a"
    assert verdict(0.3, 0.45, 0.5) == "b"
    assert verdict(0.45, 0.55, 0.5) == "neither"
    assert verdict(0.5, 0.6, 0.5) == "neither"  # touching is holding
    assert verdict(-0.2, -0.01, 0) == "b"
