"""Time the whole kit and pnp's start-up, each run a fresh process, as a player would run them.

    python bench/kit.py [--runs 5]

Prints, for each command, the wall time (median, min, max over the runs), the CPU time (the kit
renders in two processes on two cores or more: CPU is the work, wall what a player waits) and
the peak memory (the largest resident set of any one process), beside the targets of issues 10
and 12:

- `pnp build` (the whole kit, PDF + SVG, A4, with the par of deal 1): <= 1.5 s (issue 12), <= 2 s and 150 MB (issue 10)
- `pnp solitaire solve` on a typical deal, start-up included: <= 1 s
- start-up alone: `pnp --version`, `pnp solitaire check --help`
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PNP = [sys.executable, "-m", "pnp"]


def run(args: list[str]) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds (user + system, its child process included) and peak resident MB
    of one fresh `pnp` process."""
    start = time.perf_counter()
    proc = subprocess.Popen([*PNP, *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        sys.exit(f"pnp {' '.join(args)} failed: {proc.stderr.read().decode()}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024  # Linux reports kB


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="fresh processes per command (default 5)")
    runs = parser.parse_args().runs
    work = Path(tempfile.mkdtemp(prefix="pnp-bench-kit-"))
    try:
        deal = work / "deal1.tiles"
        subprocess.run([*PNP, "solitaire", "deal", "--seed", "1", "-o", str(deal)], check=True, capture_output=True)
        commands = [
            ("pnp build (kit, pdf+svg, A4)", ["build", "--quiet", "--out", str(work / "kit")], "<= 1.5 s, <= 150 MB"),
            ("pnp solitaire solve (deal 1)", ["solitaire", "solve", str(deal)], "<= 1 s"),
            ("pnp --version", ["--version"], ""),
            ("pnp solitaire check --help", ["solitaire", "check", "--help"], ""),
        ]
        print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; {os.cpu_count()} cores; {runs} runs each")
        print(f"{'command':<32} {'wall: median':>12} {'min':>6} {'max':>6} {'CPU median':>10} {'peak MB':>8}  target")
        for name, args, target in commands:
            walls, cpus, peaks = zip(*(run(args) for _ in range(runs)))
            print(
                f"{name:<32} {statistics.median(walls):>11.2f}s {min(walls):>5.2f}s {max(walls):>5.2f}s"
                f" {statistics.median(cpus):>9.2f}s {max(peaks):>8.0f}  {target}"
            )
        print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
