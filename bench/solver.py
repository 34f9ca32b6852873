"""Pack Solitaire solver on a range of deals: score, proof, bound, nodes and seconds per
deal, for the compiled engine and (on a subset, as it is far slower) the Python one.

Run: python bench/solver.py [--deals 1-100] [--python-deals 1-5] [--time-limit S]
(--time-limit applies to the compiled engine; the Python one always runs to the end.)
Targets (issue 10), compiled engine, in process: every deal proven optimal, median at
most 0.3 s and max at most 5 s per deal. Both engines must agree on every deal they
both solve. The machine's load is printed too: timings on a busy machine run long.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pnp.games.pack_solitaire.engine import score_layout
from pnp.games.pack_solitaire.generate import deal  # noqa: E402
from pnp.games.pack_solitaire.solver import solve  # noqa: E402

MEDIAN_TARGET, MAX_TARGET = 0.3, 5.0


def deal_range(text: str) -> list[int]:
    """'A-B' or 'A'; '' for none."""
    if not text:
        return []
    low, _, high = text.partition("-")
    return list(range(int(low), int(high or low) + 1))


def summary(name: str, times: list[float], proven: int, count: int) -> str:
    if not times:
        return f"{name}: not run"
    return f"{name}: proven {proven}/{count}; median {statistics.median(times):.3f} s, max {max(times):.3f} s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=deal_range, default=deal_range("1-100"))
    parser.add_argument("--python-deals", type=deal_range, default=deal_range("1-5"), help="deals for the Python column ('' for none)")
    parser.add_argument("--time-limit", type=float, default=60.0)
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    print(f"{'deal':>4} {'score':>5} {'proven':>6} {'bound':>5} {'nodes':>8} {'compiled s':>10} {'python s':>9}")
    fast, slow = [], []
    fast_proven = slow_proven = 0
    for seed in args.deals:
        tiles = deal(seed)
        s = solve(tiles, time_limit=args.time_limit, engine="compiled")
        assert score_layout(tiles, s.layout).score == s.score  # the claim, checked by the scorer
        fast.append(s.seconds)
        fast_proven += s.proven_optimal
        python_column = ""
        if seed in args.python_deals:
            p = solve(tiles, time_limit=None, engine="python")  # no limit: the same search to the end
            if s.proven_optimal:
                assert (p.score, p.bound, p.nodes, p.layout) == (s.score, s.bound, s.nodes, s.layout), f"deal {seed}: engines differ"
            slow.append(p.seconds)
            slow_proven += p.proven_optimal
            python_column = f"{p.seconds:.2f}"
        print(f"{seed:>4} {s.score:>5} {'yes' if s.proven_optimal else 'no':>6} {s.bound:>5} {s.nodes:>8} {s.seconds:>10.3f} {python_column:>9}", flush=True)
    print(summary(f"compiled, deals {args.deals[0]}-{args.deals[-1]}", fast, fast_proven, len(fast)))
    python_deals = [d for d in args.deals if d in args.python_deals]
    print(summary(f"python, deals {python_deals[0]}-{python_deals[-1]}" if python_deals else "python", slow, slow_proven, len(slow)))
    print(f"targets (compiled): all proven, median <= {MEDIAN_TARGET} s, max <= {MAX_TARGET} s")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
