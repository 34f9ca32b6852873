"""Match lab speed: starter deck against starter deck, greedy against greedy, as `pnp deck match` plays them.

Run: python bench/match.py [--games 200] [--seed 1] [--jobs 2] [--deck decks/starter.deck]
Prints the cores this process may use and the load average, then the games played in this process
(wall time, CPU time, games a second by each) and shared among --jobs processes (wall time and
games a second: the workers are children of the pool's fork server, not of this process, so their
CPU time is not this process's to read), and the load average after. The two results are the same
(a test checks it; this prints whether they were). Target (issue 32): 10,000 games within 10 s on
2 cores, some 500 games a second a core. Timings on a busy machine run long: compare the load
average with the cores.
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
from pnp.games.power_lines_cards.simulation.lab import Setup, match, pool  # noqa: E402
from pnp.games.power_lines_cards.simulation.pool import cores  # noqa: E402

TARGET, TARGET_GAMES = 10.0, 10_000  # seconds for so many games on 2 cores


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=cores())
    parser.add_argument("--deck", type=Path, default=ROOT / "decks" / "starter.deck")
    args = parser.parse_args()
    cards = tuple(load_deck(args.deck).cards())
    setup = Setup((cards, cards), ("greedy", "greedy"), args.seed)
    print(f"{cores()} cores (os.cpu_count() {os.cpu_count()}); load average before: {load()}")
    results = []
    for jobs in (1, args.jobs):
        start, used = time.perf_counter(), time.process_time()
        with pool(jobs) as where:
            results.append(match(setup, args.games, where))
        wall, used = time.perf_counter() - start, time.process_time() - used
        games = len(results[-1].games)
        line = f"{jobs} process{'es' * (jobs != 1)}: {games:,} games in {wall:.2f} s, {games / wall:,.1f} games/s by the clock"
        if jobs == 1:
            line += f"; CPU {used:.2f} s, {games / used:,.1f} games/s of CPU ({1000 * used / games:.1f} ms a game)"
        print(line, flush=True)
    result = results[-1]
    print(f"the same result in both: {results[0] == results[-1]}")
    print(f"A's win rate {100 * result.interval.estimate:.1f} %, endings {result.endings}, mean {result.mean_turns} turns")
    print(f"target: {TARGET_GAMES:,} games within {TARGET:.0f} s on 2 cores ({TARGET_GAMES / TARGET / 2:,.0f} games/s a core)")
    print(f"load average after: {load()}")


if __name__ == "__main__":
    main()
