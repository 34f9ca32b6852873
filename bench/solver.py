"""Pack Solitaire solver on deals 1-20: score, proven or not, bound and seconds per deal.

Run: python bench/solver.py [--time-limit S] [--seeds 1-20]
Target: all 20 proven optimal, median at most 10 s.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pnp.games.pack_solitaire.engine import deal, score_layout  # noqa: E402
from pnp.games.pack_solitaire.solver import solve  # noqa: E402


def seeds(text: str) -> list[int]:
    low, _, high = text.partition("-")
    return list(range(int(low), int(high or low) + 1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--seeds", type=seeds, default=seeds("1-20"))
    args = parser.parse_args()
    print(f"{'seed':>4} {'score':>5} {'tiles':>5} {'proven':>6} {'bound':>5} {'seconds':>8}")
    times, proven = [], 0
    for seed in args.seeds:
        tiles = deal(seed)
        s = solve(tiles, time_limit=args.time_limit)
        assert score_layout(tiles, s.layout).score == s.score  # the claim, checked by the scorer
        times.append(s.seconds)
        proven += s.proven_optimal
        print(f"{seed:>4} {s.score:>5} {s.tiles_placed:>5} {'yes' if s.proven_optimal else 'no':>6} {s.bound:>5} {s.seconds:>8.1f}")
    print(f"proven {proven}/{len(args.seeds)}; median {statistics.median(times):.1f} s (target: all proven, median <= 10 s)")


if __name__ == "__main__":
    main()
