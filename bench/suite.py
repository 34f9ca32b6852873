"""Time the test suite as the README runs it (`pytest --cov`: a worker per core, coverage on).

    python bench/suite.py [--runs 1]

Run from the repo's venv (the README's test command makes it). Prints, per run, the wall time,
the CPU time of pytest and its workers, and how many tests passed, beside the target of issue 7:
the whole suite within 2 minutes on 2 cores. The load average is printed before and after: on a
busy machine the figures grow with it.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = 120.0  # seconds, on 2 cores


def run() -> tuple[float, float, str]:
    """Wall seconds, CPU seconds (pytest and every process under it) and pytest's summary line."""
    before, start = os.times(), time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "pytest", "--cov", "-p", "no:cacheprovider"], cwd=ROOT, capture_output=True, text=True)
    wall, after = time.perf_counter() - start, os.times()
    if done.returncode != 0:
        sys.exit(f"the suite failed:\n{done.stdout[-3000:]}{done.stderr[-3000:]}")
    cpu = after.children_user - before.children_user + after.children_system - before.children_system
    passed = re.findall(r"\d+ passed[^\n]*", done.stdout)
    return wall, cpu, passed[-1] if passed else "?"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1, help="whole suite runs (default 1)")
    runs = parser.parse_args().runs
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; {os.cpu_count()} cores; {runs} run(s)")
    walls = []
    for n in range(runs):
        wall, cpu, passed = run()
        walls.append(wall)
        print(f"run {n + 1}: {wall:.1f} s wall, {cpu:.1f} s CPU, {passed}")
    print(f"median wall {statistics.median(walls):.1f} s (target <= {TARGET:.0f} s on 2 cores)")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
