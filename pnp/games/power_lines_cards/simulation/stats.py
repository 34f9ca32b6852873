"""Confidence intervals for the rates the simulations measure."""

from __future__ import annotations

import math

Z95 = 1.959963984540054  # the standard normal's 97.5th percentile: a two-sided 95 % interval


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (95 % by default) of a rate seen as `successes` in `trials`; a
    draw may count half a success. Unlike the normal approximation it stays within [0, 1] and is
    honest near 0 and 1 and for few trials (Wilson, 1927). No trials: the whole of [0, 1]."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z / (1 + z2 / trials) * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    return (max(0.0, centre - half), min(1.0, centre + half))
