"""Strength of pnp's players of the two-player card game, measured: who beats whom, how surely.

Run: python bench/players.py [--pairs 40] [--greedy-pairs 500] [--budget B] [--seed 1] [--deck decks/starter.deck]
Plays the deck against itself, in pairs of games on the same shuffles with the seats swapped (so
who goes first and who draws what cancel out): greedy against random (--greedy-pairs pairs),
then search at its budget against greedy (--pairs pairs), each in this one process. Prints a
table: the games, the first player's wins, draws and losses, its rate (a draw counts half) and the
rate's 95 % Wilson interval; then the search player's games a second at that budget, by the clock
and by CPU time, with the load average (the machine may be shared: CPU time is disturbed less).
The issue's bars: greedy beats random in at least 90 %, search beats greedy in at least 65 %.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pnp.games.power_lines_cards.rules.engine import load_deck  # noqa: E402
from pnp.games.power_lines_cards.simulation.intervals import wilson  # noqa: E402
from pnp.games.power_lines_cards.simulation.match import play  # noqa: E402
from pnp.games.power_lines_cards.simulation.search import DEFAULT_BUDGET  # noqa: E402

BARS = {("greedy", "random"): 0.90, ("search", "greedy"): 0.65}


def matchup(cards: list[str], first: str, second: str, pairs: int, seed: int, budget: int) -> tuple[list[int], float, float]:
    """`first`'s wins, draws and losses against `second` over `pairs` seat-swapped pairs, and the clock and CPU seconds taken."""
    tally = [0, 0, 0]
    start, cpu = time.perf_counter(), time.process_time()
    for pair in range(pairs):
        for seat in (0, 1):
            names = (first, second) if seat == 0 else (second, first)
            game, _ = play((cards, cards), names, seed + pair, budget=budget)
            outcome = game.outcome()
            assert outcome is not None
            tally[1 if outcome.winner is None else 0 if outcome.winner == seat else 2] += 1
    return tally, time.perf_counter() - start, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=40, help="pairs of games, search against greedy")
    parser.add_argument("--greedy-pairs", type=int, default=500, help="pairs of games, greedy against random")
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--deck", type=Path, default=ROOT / "decks" / "starter.deck")
    args = parser.parse_args()
    cards = load_deck(args.deck).cards()
    print(f"{args.deck.name} against itself; search budget {args.budget}; load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{'matchup':<20} {'games':>6} {'W-D-L':>12} {'rate':>7}  95% interval   bar")
    search_speed = None
    for (first, second), bar in BARS.items():
        pairs = args.pairs if first == "search" else args.greedy_pairs
        (won, drawn, lost), clock, cpu = matchup(cards, first, second, pairs, args.seed, args.budget)
        games = won + drawn + lost
        rate = (won + drawn / 2) / games
        interval = wilson(won + drawn / 2, games)
        low, high = interval.low, interval.high
        verdict = "met" if low >= bar else "above" if rate >= bar else "below"
        print(f"{first + ' v ' + second:<20} {games:>6} {f'{won}-{drawn}-{lost}':>12} {rate:>7.1%}  {low:.1%}-{high:.1%}  {bar:.0%}: {verdict}")
        if first == "search":
            search_speed = (games / clock, games / cpu)
    assert search_speed is not None
    print(f"search (budget {args.budget}) against greedy: {search_speed[0]:.2f} games/s by the clock, {search_speed[1]:.2f} by CPU time")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
