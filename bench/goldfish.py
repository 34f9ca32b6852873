"""Goldfish speed of the starter deck: how long N goldfish games take, as `pnp deck goldfish` plays them.

Run: python bench/goldfish.py [--games 10000] [--python-games 500] [--runs 3] [--seed 1] [--jobs N] [--deck decks/starter.deck]
Prints the cores this process may use and the load average, then for each engine
`simulation/fast.py` offers each run's wall time, the CPU time of every process that played, the
processes and games per second, and the median: the Python engine (the reference) on
--python-games games in one process, then the compiled core (`_cgame.c`) on --games games in one
process and shared among --jobs processes (default 2, as the command shares them, one a core,
from 200 games on). Then the deck's goldfish figures (the same every run, and the same whatever
the engine or --jobs: a result depends only on deck, games, seed and turns). Target: 10,000
games of the starter deck within 5 s on 2 cores. Timings on a busy machine run long: compare the
load average with the cores.
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

from pnp.games.power_lines_cards.rules.engine import load_deck  # noqa: E402
from pnp.games.power_lines_cards.simulation import fast  # noqa: E402
from pnp.games.power_lines_cards.simulation.pool import cores  # noqa: E402
from pnp.games.power_lines_cards.simulation.run import goldfish  # noqa: E402
from pnp.games.power_lines_cards.simulation.text import render_result  # noqa: E402

TARGET = 5.0  # seconds for 10,000 games on 2 cores
TARGET_GAMES = 10_000


def cpu() -> float:
    """CPU seconds of this process and of the worker processes it has waited for."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=TARGET_GAMES, help="games a run on the compiled core")
    parser.add_argument("--python-games", type=int, default=500, help="games a run on the Python engine")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2, help="processes sharing the compiled core's runs (default 2)")
    parser.add_argument("--deck", type=Path, default=ROOT / "decks" / "starter.deck")
    args = parser.parse_args()
    deck = load_deck(args.deck)
    print(f"{cores()} cores (os.cpu_count() {os.cpu_count()}); load average before: {load()}")
    plans = [("python", args.python_games, 1)]
    if fast._cgame is not None:
        plans += [("compiled", args.games, 1), ("compiled", args.games, args.jobs)]
    else:
        print("the compiled core was not built: the Python engine only")
    for engine, games, jobs in plans:
        os.environ["PNP_ENGINE"] = engine
        walls = []
        for run in range(args.runs):
            start, used = time.perf_counter(), cpu()
            result = goldfish(deck, games=games, seed=args.seed, jobs=jobs)
            wall, used = time.perf_counter() - start, cpu() - used
            walls.append(wall)
            print(
                f"{engine}, run {run + 1}: {games:,} games in {wall:.3f} s (CPU {used:.2f} s = {games / used:,.0f} games/s of CPU) by {result.workers} "
                f"process{'es' * (result.workers != 1)}, {games / wall:,.0f} games/s",
                flush=True,
            )
        median = statistics.median(walls)
        print(f"{engine}: median {median:.3f} s for {games:,} games by {jobs} process{'es' * (jobs != 1)} ({1000 * median / games:.3f} ms a game)")
    print(f"target: {TARGET_GAMES:,} games within {TARGET:.0f} s on 2 cores")
    print()
    print(render_result(result, str(args.deck.relative_to(ROOT) if args.deck.is_relative_to(ROOT) else args.deck)))
    print()
    print(f"load average after: {load()}")


if __name__ == "__main__":
    main()
