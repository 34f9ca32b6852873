"""The match lab's figures, as data: what a match of deck A against deck B says (`MatchResult`),
A's per-card figures, what each card of A is worth (`Ablation`), and a gauntlet (`Gauntlet`).

Every win rate is A's: a win counts 1, a draw 1/2 (`SCORES`), a loss 0, over the games played;
its 95 % interval is Wilson's (`intervals.wilson`), which takes each game as independent (a
pair's two games share their shuffles, so the interval is, if anything, a little wide where the
seat matters and a little narrow where the shuffle does). Figures are shares in the data and
percentages in the JSON (2 decimals).
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from pnp.games.power_lines_cards.rules.catalogue import catalogue
from pnp.games.power_lines_cards.rules.game import Ending

from .intervals import Interval, Side, mean_interval, verdict, wilson

ENDINGS: tuple[Ending, ...] = ("base", "out-of-cards", "all-passed", "turn-cap")
SCORES = {"wins": 1.0, "draws": 0.5, "losses": 0.0}  # A's score for a game: a draw counts half
EVEN = 0.5  # the win rate of two decks neither better than the other


class MatchGame(NamedTuple):
    """One game of a match, from A's side: A's score, how it ended, its turns (both players'
    counted), whether A played first, the kinds A drew and played face up, and its `.plc`
    record (None when not asked for)."""

    score: float
    ending: Ending
    turns: int
    a_first: bool
    drawn: frozenset[str]
    played: frozenset[str]
    record: str | None = None


Pair = tuple[MatchGame, MatchGame]  # the same shuffles, A first in the first game, B in the second


def percent(x: float) -> float:
    return round(100 * x, 2)


@dataclass(frozen=True)
class Rate:
    """A's win rate over some games: their number and A's score over them."""

    games: int
    score: float

    @property
    def interval(self) -> Interval | None:
        return wilson(self.score, self.games) if self.games else None

    def as_json(self) -> dict[str, Any]:
        ci = self.interval
        return {
            "games": self.games,
            "win_percent": percent(ci.estimate) if ci else None,
            "ci95": [percent(ci.low), percent(ci.high)] if ci else None,
        }


def rate(games: Iterable[MatchGame]) -> Rate:
    scores = [g.score for g in games]
    return Rate(len(scores), sum(scores))


def games_of(pairs: Sequence[Pair]) -> list[MatchGame]:
    return [game for pair in pairs for game in pair]


def pair_scores(pairs: Sequence[Pair]) -> list[float]:
    """Each pair's score for A: the mean of its two games'."""
    return [(x.score + y.score) / 2 for x, y in pairs]


@dataclass(frozen=True)
class CardFigures:
    """A kind of A's: its copies, and A's win rate in the games A drew one, played one face up,
    and never played one face up (drawn or not)."""

    copies: int
    drawn: Rate
    played: Rate
    never_played: Rate

    def as_json(self) -> dict[str, Any]:
        return {"copies": self.copies, "drawn": self.drawn.as_json(), "played": self.played.as_json(), "never_played": self.never_played.as_json()}


def card_figures(games: Sequence[MatchGame], counts: dict[str, int]) -> dict[str, CardFigures]:
    """The per-card figures of each kind A's deck holds (`counts`), in catalogue order."""
    return {
        kind: CardFigures(
            counts[kind],
            rate(g for g in games if kind in g.drawn),
            rate(g for g in games if kind in g.played),
            rate(g for g in games if kind not in g.played),
        )
        for kind in catalogue().kind_names
        if counts.get(kind)
    }


@dataclass(frozen=True)
class MatchResult:
    """A match: its pairs of games, and what it was asked (`until`: the half-width aimed at, in
    points; `reached`: whether play stopped because it was)."""

    pairs: tuple[Pair, ...]
    counts: dict[str, int]  # A's deck
    until: float | None = None
    reached: bool = False

    @property
    def games(self) -> list[MatchGame]:
        return games_of(self.pairs)

    @property
    def results(self) -> dict[str, int]:
        """A's wins, draws and losses."""
        found = Counter(g.score for g in self.games)
        return {name: found[score] for name, score in SCORES.items()}

    @property
    def rate(self) -> Rate:
        return rate(self.games)

    @property
    def interval(self) -> Interval:
        ci = self.rate.interval
        assert ci is not None  # a match plays a pair at least
        return ci

    @property
    def verdict(self) -> Side:
        return verdict(self.interval.low, self.interval.high, EVEN)

    @property
    def seats(self) -> tuple[Rate, Rate]:
        """A's win rate when it played first, and second."""
        return rate(g for g in self.games if g.a_first), rate(g for g in self.games if not g.a_first)

    @property
    def endings(self) -> dict[str, int]:
        found = Counter(g.ending for g in self.games)
        return {ending: found[ending] for ending in ENDINGS}

    @property
    def mean_turns(self) -> float:
        return round(statistics.fmean(g.turns for g in self.games), 2)

    @property
    def cards(self) -> dict[str, CardFigures]:
        return card_figures(self.games, self.counts)

    def as_json(self) -> dict[str, Any]:
        first, second = self.seats
        return {
            "games": len(self.games),
            "pairs": len(self.pairs),
            "stopped": "until" if self.reached else "games",
            **self.results,
            **self.rate.as_json(),
            "verdict": VERDICTS[self.verdict],
            "first": first.as_json(),
            "second": second.as_json(),
            "endings": self.endings,
            "mean_turns": self.mean_turns,
            "cards": {kind: figures.as_json() for kind, figures in self.cards.items()},
        }


VERDICTS: dict[Side, str] = {"a": "a-better", "b": "b-better", "neither": "no-difference-shown"}


@dataclass(frozen=True)
class Worth:
    """What a card of A's is worth: A's win rate with it, and with one copy played as the neutral
    card instead, on the same pairs; the difference pair by pair (with minus without)."""

    with_card: Rate
    without: Rate
    difference: Interval | None  # None below 2 pairs

    @property
    def verdict(self) -> Side:
        d = self.difference
        if d is None or d.low == d.high == 0:
            return "neither"
        return verdict(d.low, d.high, 0)

    def as_json(self) -> dict[str, Any]:
        d = self.difference
        return {
            "without": self.without.as_json(),
            "worth": percent(d.estimate) if d else None,
            "ci95": [percent(d.low), percent(d.high)] if d else None,
            "verdict": WORTH[self.verdict],
        }


WORTH: dict[Side, str] = {"a": "helps", "b": "hurts", "neither": "no-difference-shown"}


def worth(base: Sequence[Pair], swapped: Sequence[Pair]) -> Worth:
    """A card's worth from the same pairs played with it (`base`) and without it (`swapped`)."""
    differences = [x - y for x, y in zip(pair_scores(base), pair_scores(swapped))]
    return Worth(rate(games_of(base)), rate(games_of(swapped)), mean_interval(differences))


@dataclass(frozen=True)
class Ablation:
    """Each kind of A's, one copy played as `neutral`: what it is worth (the neutral kind itself is left out)."""

    neutral: str
    kinds: dict[str, Worth]

    def as_json(self) -> dict[str, Any]:
        return {"neutral": self.neutral, "kinds": {kind: w.as_json() for kind, w in self.kinds.items()}}


@dataclass(frozen=True)
class Gauntlet:
    """Every deck against every other: `matches[(i, j)]` is deck i (as A) against deck j, i < j."""

    names: tuple[str, ...]
    matches: dict[tuple[int, int], MatchResult]

    def rate(self, i: int, j: int) -> Rate:
        """Deck i's win rate against deck j (from j's match as A, the other side of it)."""
        if i < j:
            return self.matches[(i, j)].rate
        other = self.matches[(j, i)].rate
        return Rate(other.games, other.games - other.score)

    def overall(self, i: int) -> Rate:
        """Deck i's win rate over all its games, against every other deck (each match's games
        counted as played: the same number each, unless --until stopped some sooner)."""
        rates = [self.rate(i, j) for j in range(len(self.names)) if j != i]
        return Rate(sum(r.games for r in rates), sum(r.score for r in rates))

    def as_json(self) -> dict[str, Any]:
        n = len(self.names)
        return {
            "decks": list(self.names),
            "matrix": [[None if i == j else self.rate(i, j).as_json() for j in range(n)] for i in range(n)],
            "overall": [self.overall(i).as_json() for i in range(n)],
        }
