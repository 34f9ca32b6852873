"""How two-player games of the card game end under pnp's readings of its rules, and under each other reading.

Run: python bench/cards_readings.py [--games 100] [--seed 1] [--players greedy,greedy] [--deck decks/starter.deck]

Plays --games games of the deck against itself for pnp's readings (`rules/variant.py`'s DEFAULT)
and then for every reading changed alone (each other choice of a field; a number one step off),
on the same seeds, and prints how the games ended: a Base taken, out of cards, all passed, the
turn cap (and how many were drawn), the readings that change the endings most first. One process;
the figures are counts of games, so a loaded machine slows the run but changes no figure.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from dataclasses import fields, replace
from pathlib import Path
from typing import get_args, get_type_hints

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pnp.games.power_lines_cards.rules.engine import load_deck  # noqa: E402
from pnp.games.power_lines_cards.rules.variant import DEFAULT, Variant  # noqa: E402
from pnp.games.power_lines_cards.simulation.match import play  # noqa: E402

ENDINGS = ("base", "out-of-cards", "all-passed", "turn-cap")
OTHER_NUMBERS = {"bases_apart": (12, 8), "turn_cap": (), "hand_limit": (8,)}  # a number's readings worth trying


def alternatives() -> list[tuple[str, Variant]]:
    """Each reading changed alone from pnp's, named `field = value`."""
    found = []
    hints = get_type_hints(Variant)
    for f in fields(Variant):
        default = getattr(DEFAULT, f.name)
        if isinstance(default, bool):
            others: tuple[object, ...] = (not default,)
        elif f.name in OTHER_NUMBERS:
            others = OTHER_NUMBERS[f.name]
        else:  # a Literal: each other choice
            others = tuple(v for v in get_args(hints[f.name]) if v != default)
        found += [(f"{f.name} = {str(v).lower() if isinstance(v, bool) else v}", replace(DEFAULT, **{f.name: v})) for v in others]
    return found


def endings(cards: list[str], players: tuple[str, str], variant: Variant, games: int, seed: int) -> Counter[str]:
    tally: Counter[str] = Counter()
    for n in range(games):
        game, _ = play((cards, cards), players, seed * 1_000_003 + n, variant)
        outcome = game.outcome()
        assert outcome is not None
        tally[outcome.ending] += 1
        tally["drawn"] += outcome.winner is None
        tally["turns"] += game.turn
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", default="greedy,greedy")
    parser.add_argument("--deck", type=Path, default=ROOT / "decks" / "starter.deck")
    args = parser.parse_args()
    a, b = args.players.split(",")
    cards = load_deck(args.deck).cards()
    base = endings(cards, (a, b), DEFAULT, args.games, args.seed)
    rows = [(name, endings(cards, (a, b), variant, args.games, args.seed)) for name, variant in alternatives()]
    rows.sort(key=lambda row: -sum(abs(row[1][e] - base[e]) for e in ENDINGS))
    print(f"{args.games} games each, {a} v {b}, {args.deck.name}, seed {args.seed}: games ended by " + ", ".join(ENDINGS) + "; drawn; mean turns")
    for name, tally in [("pnp's readings", base), *rows]:
        print(f"{name:32} " + "  ".join(f"{tally[e]:4d}" for e in ENDINGS) + f"  drawn {tally['drawn']:3d}  turns {tally['turns'] / args.games:5.1f}")


if __name__ == "__main__":
    main()
