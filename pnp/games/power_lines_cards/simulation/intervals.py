"""95 % intervals and the verdicts they give, as pure functions: the statistics of the goldfish
(`results.py`) and of the match lab (`lab.py`).

- `wilson(score, n)`: a share (a win rate) as the Wilson score interval. A match's score counts a
  win 1 and a draw 1/2, so `score` may be a half; the interval is the same formula on the share
  score / n (with draws it is a little wider than it need be: a draw varies less than a coin).
- `mean_interval(values)`: a mean ± 1.96 sd/√n (sd the sample standard deviation; a normal
  approximation, sound from some 30 values); for paired differences (an ablation's pairs of
  games with and without a card, two decks' goldfish games on the same seeds) it is the paired
  interval: the values are the per-unit differences, so what both share cancels.
- `verdict(low, high, even)`: which side an interval lies on.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import Literal, NamedTuple

Z95 = 1.96  # the normal distribution's 97.5th percentile: a two-sided 95 % interval


class Interval(NamedTuple):
    """An estimate and its 95 % interval."""

    estimate: float
    low: float
    high: float

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2


def wilson(score: float, n: int, z: float = Z95) -> Interval:
    """The Wilson score interval of the share score / n (Wilson 1927; Newcombe 1998's method 3):
    the p whose normal test against score / n is not rejected at z. Unlike p ± z·√(p(1-p)/n) it
    stays within 0..1 and is sound for a share near 0 or 1 and for few games."""
    if n <= 0:
        raise ValueError("an interval needs at least one game")
    if not 0 <= score <= n:
        raise ValueError(f"a score of {score} is not between 0 and {n}")
    p = score / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    return Interval(p, max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: Sequence[float], z: float = Z95) -> Interval | None:
    """The mean of `values` ± z sd/√n; None for fewer than 2 values."""
    if len(values) < 2:
        return None
    mean = statistics.fmean(values)
    half = z * statistics.stdev(values) / math.sqrt(len(values))
    return Interval(mean, mean - half, mean + half)


Side = Literal["a", "b", "neither"]


def verdict(low: float, high: float, even: float) -> Side:
    """`a` when the interval lies above `even` (0.5 for a win rate, 0 for a difference), `b` when
    it lies below, `neither` when it holds `even`: no difference shown."""
    if low > even:
        return "a"
    if high < even:
        return "b"
    return "neither"
