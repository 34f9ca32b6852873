"""Goldfish speed of the starter deck: how long N solo games take, in process, on one core.

Run: python bench/goldfish.py [--games 1000] [--runs 3] [--seed 1] [--deck decks/starter.deck]
Prints each run's wall time and games per second, the median, and the deck's goldfish figures
(the same every run: a result depends only on deck, games, seed and turns). Target: 1000 games
of the starter deck well under 5 s. The machine's load is printed too: timings on a busy
machine run long.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pnp.games.power_lines_cards.engine import load_deck  # noqa: E402
from pnp.games.power_lines_cards.goldfish import goldfish  # noqa: E402

TARGET = 5.0  # seconds for 1000 games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--deck", type=Path, default=ROOT / "decks" / "starter.deck")
    args = parser.parse_args()
    deck = load_deck(args.deck)
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    walls = []
    for run in range(args.runs):
        start = time.perf_counter()
        result = goldfish(deck, games=args.games, seed=args.seed)
        wall = time.perf_counter() - start
        walls.append(wall)
        print(f"run {run + 1}: {args.games} games in {wall:.3f} s, {args.games / wall:,.0f} games/s", flush=True)
    median = statistics.median(walls)
    print(f"median {median:.3f} s for {args.games} games ({1000 * median / args.games:.3f} ms a game); "
          f"target: 1000 games well under {TARGET:.0f} s")
    print()
    print(result.render(str(args.deck.relative_to(ROOT) if args.deck.is_relative_to(ROOT) else args.deck)))
    print()
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
