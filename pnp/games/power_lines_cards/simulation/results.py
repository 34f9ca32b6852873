"""A goldfish run's figures, as data: one deck's (`GoldfishResult`) and two decks' played on the
same seeds (`Paired`).

Results: `GoldfishResult.as_json()` is the `pnp deck goldfish --json` object:

    {
      "games": int,                 # games played
      "seed": int,
      "turns": int,                 # the turn limit T
      "won": int,                   # games in which the enemy Base fell within T turns
      "never": int,                 # games in which it did not
      "never_percent": float,       # never / games, as a percentage, 1 decimal
      "by_turn": {"1": int, ..., "T": int},  # games won on each turn, every turn listed
      "mean": float | null,         # mean winning turn over the won games, 2 decimals
      "mean_ci95": [lo, hi] | null, # its 95 % interval: mean ± 1.96 sd/√n over the won games (a
                                    #   normal approximation); null for fewer than 2 won games
      "median": float | null,       # over all games, the ones never won counted as slowest:
      "p10": int | null,            #   null when it falls among them
      "p90": int | null,            # 10th and 90th percentile (nearest rank), same rule
      "fastest_cards": {"<card>": float, ...}, # copies of each card played face up per game in
                                    # the games won on turn p10 or sooner, most first: at least 10 %
                                    # of the games, often more (every game of turn p10 counts)
      "not_won": {"turn-cap": int, "all-passed": int, "out-of-cards": int}  # the games never won,
                                    # by how the engine ended them (`solo.py`): T turns played;
                                    # a whole turn with nothing possible; the deck's cards all spent
    }

Two decks on the same seeds
---------------------------
`Paired` gives, game by game, OTHER's turn minus DECK's (a game never won within T turns counted
as turn T + 1), their mean and a 95 % interval, mean ± 1.96 sd/√n (sd: the sample standard
deviation of the per-game differences), and `Paired.as_json(file)` is the `vs` object of
`pnp deck goldfish --vs OTHER --json`: {"file", "summary" (OTHER's result, as above),
"difference", "ci95": [lo, hi] | null, "verdict": "slower" | "faster" | "same" | "unclear",
"method", "both_won", "only_deck_won", "only_other_won", "neither_won"}.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from pnp.games.power_lines_cards.rules.game import Ending
from pnp.games.power_lines_cards.rules.table import printed_values

from .intervals import Z95, mean_interval
from .solo import Solo

FASTEST_SHARE = 10  # fastest_cards: the games won by the 10th percentile turn
NOT_WON: tuple[Ending, ...] = ("turn-cap", "all-passed", "out-of-cards")  # the engine's endings of a game the deck did not win

Played = list[Solo]  # per game: the turn the enemy Base fell, how it ended, the cards played face up


@dataclass(frozen=True)
class GoldfishResult:
    games: int
    seed: int
    turns: int
    outcomes: tuple[int | None, ...]  # per game: the turn the enemy Base fell, or None
    fastest_cards: dict[str, float]
    endings: tuple[Ending, ...] = ()  # per game: how the engine ended it (`solo.py`); () when not kept
    workers: int = field(default=1, compare=False)  # the processes that played (the result never depends on it)

    @property
    def won(self) -> int:
        return sum(t is not None for t in self.outcomes)

    @property
    def never(self) -> int:
        return self.games - self.won

    @property
    def never_percent(self) -> float:
        return round(100 * self.never / self.games, 1) if self.games else 0.0

    @property
    def by_turn(self) -> dict[int, int]:
        counts = Counter(t for t in self.outcomes if t is not None)
        return {t: counts[t] for t in range(1, self.turns + 1)}

    @property
    def mean(self) -> float | None:
        won = [t for t in self.outcomes if t is not None]
        return round(statistics.fmean(won), 2) if won else None

    @property
    def mean_ci95(self) -> tuple[float, float] | None:
        """Mean ± 1.96 sd/√n over the won games' turns (sd: their sample standard deviation; a
        normal approximation, sound for the hundreds of games a run wins, too narrow below some
        30); None for fewer than 2 won games. The games not won are left out, and counted in
        `never` and `not_won`."""
        ci = mean_interval([t for t in self.outcomes if t is not None])
        return None if ci is None else (round(ci.low, 2), round(ci.high, 2))

    @property
    def not_won(self) -> dict[str, int]:
        """The games never won, by how the engine ended them."""
        counts = Counter(e for t, e in zip(self.outcomes, self.endings) if t is None)
        return {ending: counts[ending] for ending in NOT_WON}

    @property
    def fastest(self) -> int:
        """The games fastest_cards counts: those won on the 10th percentile turn or sooner."""
        cut = self.p10
        return sum(t is not None and cut is not None and t <= cut for t in self.outcomes)

    @property
    def median(self) -> float | None:
        if not self.games:
            return None
        m = statistics.median(_ranked(self.outcomes))
        return None if math.isinf(m) else float(m)

    @property
    def p10(self) -> int | None:
        return percentile(self.outcomes, 10)

    @property
    def p90(self) -> int | None:
        return percentile(self.outcomes, 90)

    def as_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "seed": self.seed,
            "turns": self.turns,
            "won": self.won,
            "never": self.never,
            "never_percent": self.never_percent,
            "by_turn": {str(t): n for t, n in self.by_turn.items()},
            "mean": self.mean,
            "mean_ci95": list(ci) if (ci := self.mean_ci95) else None,
            "median": self.median,
            "p10": self.p10,
            "p90": self.p90,
            "fastest_cards": self.fastest_cards,
            "not_won": self.not_won,
        }


def _ranked(outcomes: tuple[int | None, ...]) -> list[float]:
    """Turns, the games never won counted as slower than any."""
    return sorted(math.inf if t is None else t for t in outcomes)


def percentile(outcomes: tuple[int | None, ...], p: int) -> int | None:
    """The `p`th percentile turn (nearest rank), the games never won counted as slowest; None
    when it falls among them or there are no games."""
    ranked = _ranked(outcomes)
    if not ranked:
        return None
    t = ranked[max(0, math.ceil(p * len(ranked) / 100) - 1)]
    return None if math.isinf(t) else int(t)


def fastest_cards(played: Played) -> dict[str, float]:
    """Copies of each card played face up per game in the games won on the FASTEST_SHARE th
    percentile turn or sooner (every game of that turn: often more than FASTEST_SHARE % of
    them), most first, then the lower value."""
    fastest: Counter[str] = Counter()
    cut = percentile(tuple(game.turn for game in played), FASTEST_SHARE)
    chosen = [game.played for game in played if game.turn is not None and cut is not None and game.turn <= cut]
    for p in chosen:
        fastest.update(p)
    return {name: round(n / len(chosen), 2) for name, n in sorted(fastest.items(), key=lambda kv: (-kv[1], printed_values()[kv[0]]))}


# --- two decks on the same seeds: --vs -------------------------------------------------------


@dataclass(frozen=True)
class Paired:
    """Two decks' goldfish runs on the same seeds: game i of each on the same generator,
    `game_rng(seed, i)`. The difference is OTHER minus DECK, in turns (positive: OTHER is slower)."""

    deck: GoldfishResult
    other: GoldfishResult

    def __post_init__(self) -> None:
        a, b = self.deck, self.other
        if (a.games, a.seed, a.turns) != (b.games, b.seed, b.turns):
            raise ValueError("paired runs need the same games, seed and turns")

    def _turn(self, t: int | None) -> int:
        return self.deck.turns + 1 if t is None else t

    @property
    def differences(self) -> list[int]:
        """Per game, OTHER's turn minus DECK's, a game never won counted as turn T + 1."""
        return [self._turn(b) - self._turn(a) for a, b in zip(self.deck.outcomes, self.other.outcomes)]

    @property
    def difference(self) -> float | None:
        d = self.differences
        return round(statistics.fmean(d), 3) if d else None

    @property
    def ci95(self) -> tuple[float, float] | None:
        """Mean ± 1.96 sd/√n of the per-game differences (sd: the sample standard deviation);
        None for fewer than 2 games."""
        ci = mean_interval(self.differences)
        return None if ci is None else (round(ci.low, 3), round(ci.high, 3))

    def counted(self) -> dict[str, int]:
        """Games by who won them within T turns."""
        pairs = list(zip(self.deck.outcomes, self.other.outcomes))
        return {
            "both_won": sum(a is not None and b is not None for a, b in pairs),
            "only_deck_won": sum(a is not None and b is None for a, b in pairs),
            "only_other_won": sum(a is None and b is not None for a, b in pairs),
            "neither_won": sum(a is None and b is None for a, b in pairs),
        }

    @property
    def verdict(self) -> str:
        """`slower` or `faster` (OTHER against DECK) when the interval excludes 0; `same` when every
        game took both decks the same turns; else `unclear`."""
        ci = self.ci95
        if not any(self.differences):
            return "same"
        if ci is None or ci[0] <= 0 <= ci[1]:
            return "unclear"
        return "slower" if ci[0] > 0 else "faster"

    def method_for(self, deck: str = "DECK", other: str = "OTHER") -> str:
        """How the difference and its interval are computed, in words."""
        t, n = self.deck.turns, self.deck.games
        return (
            f"paired by seed: game i of both decks on the same generator; per game, {other}'s turn minus "
            f"{deck}'s, a game never won within {t} turns counted as turn {t + 1}; the mean of the "
            f"{n} differences ± {Z95} × their sample standard deviation / √{n} (a normal approximation)"
        )

    def as_json(self, other_file: str | None) -> dict[str, Any]:
        """The `vs` object of `pnp deck goldfish --vs --json`."""
        ci = self.ci95
        return {
            "file": other_file,
            "summary": self.other.as_json(),
            "difference": self.difference,
            "ci95": list(ci) if ci else None,
            "verdict": self.verdict,
            "method": self.method_for(),
            **self.counted(),
        }
