"""What a deck is made of: copies per kind, value and price spread, what playing the cards costs.

`deck_stats(deck).as_json(file)` is the `pnp deck stats --json` object:

    {
      "file": str,
      "total": int,                 # cards, Base not counted
      "has_base": bool,
      "counts":   {"0": int, ..., "10": int},       # copies per kind
      "by_value": {"<value>": int, ...},            # copies per printed value, lowest first
      "by_price": {"<price>": int, ...},            # copies per price, lowest first ("-2" ... "2")
      "when_played": {"draw": int, "free": int, "discard": int},  # cards of each price sign
      "cards_drawn": int,           # drawn in all if every negative-price card is played once
      "cards_discarded": int,       # discarded in all if every positive-price card is played once
      "average_value": float,       # printed value, 2 decimals; 0 for an empty deck
      "average_price": float
    }
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pnp.games.power_lines_cards.rules.catalogue import catalogue
from pnp.games.power_lines_cards.rules.engine import Deck
from pnp.games.power_lines_cards.rules.table import prices
from pnp.games.power_lines_cards.simulation.text import histogram


@dataclass(frozen=True)
class DeckStats:
    total: int
    has_base: bool
    counts: dict[str, int]
    by_value: dict[int, int]
    by_price: dict[int, int]
    when_played: dict[str, int]
    cards_drawn: int
    cards_discarded: int
    average_value: float
    average_price: float

    def as_json(self) -> dict[str, Any]:
        return {
            "total": self.total,
            "has_base": self.has_base,
            "counts": self.counts,
            "by_value": {str(v): n for v, n in self.by_value.items()},
            "by_price": {str(p): n for p, n in self.by_price.items()},
            "when_played": self.when_played,
            "cards_drawn": self.cards_drawn,
            "cards_discarded": self.cards_discarded,
            "average_value": self.average_value,
            "average_price": self.average_price,
        }

    def render(self, file: str) -> str:
        played = self.when_played
        lines = [
            f"{file}: {self.total} card{'s' * (self.total != 1)}" + (" (+ Base)" if self.has_base else ""),
            "",
            "copies per kind",
            *histogram(self.counts),
            "",
            *self.curves(),
            "",
            f"when played: {played['draw']} draw ({self.cards_drawn} card{'s' * (self.cards_drawn != 1)} in all), "
            f"{played['free']} free, {played['discard']} discard ({self.cards_discarded} card{'s' * (self.cards_discarded != 1)} in all)",
            f"average value {self.average_value:.2f}, average price {self.average_price:+.2f}",
        ]
        return "\n".join(lines)

    def curves(self) -> list[str]:
        """The value and price histograms, each under its heading (shared by `pnp deck analyze`)."""
        return [
            "value",
            *histogram({str(v): n for v, n in self.by_value.items()}),
            "",
            "price (negative: draw, positive: discard)",
            *histogram({f"{p:+d}" if p else "0": n for p, n in self.by_price.items()}),
        ]


def deck_stats(deck: Deck) -> DeckStats:
    kinds = catalogue().kinds
    by_value: dict[int, int] = {}
    by_price: dict[int, int] = {}
    when_played = {"draw": 0, "free": 0, "discard": 0}
    for card in sorted(kinds, key=lambda c: c.value):
        by_value[card.value] = by_value.get(card.value, 0) + deck.counts[card.name]
    price = prices()
    for card in sorted(kinds, key=lambda c: price[c.name]):
        n = deck.counts[card.name]
        by_price[price[card.name]] = by_price.get(price[card.name], 0) + n
        when_played[card.when_played or "free"] += n  # every kind is played: only the Base is not
    total = deck.total
    value_sum = sum(v * n for v, n in by_value.items())
    price_sum = sum(p * n for p, n in by_price.items())
    return DeckStats(
        total=total,
        has_base=deck.has_base,
        counts=dict(deck.counts),
        by_value=by_value,
        by_price=by_price,
        when_played=when_played,
        cards_drawn=-sum(p * n for p, n in by_price.items() if p < 0),
        cards_discarded=sum(p * n for p, n in by_price.items() if p > 0),
        average_value=round(value_sum / total, 2) if total else 0.0,
        average_price=round(price_sum / total, 2) if total else 0.0,
    )
