"""Export speed: the starter deck for a print shop (poker preset) and the card game for Tabletop Simulator.

Run: python bench/export.py [--runs 5]
Each run is the command as a user types it, in a fresh process (`pnp export print-shop
power-lines-cards -o DIR`, `pnp export tts power-lines-cards -o DIR`), into a new folder. Prints
the load average, each run's wall time and the child's peak memory, the median and what was
written (images, their pixels, the bytes). Targets: 3 s for the print shop's 13 images at 825 x
1125 px, 3 s for the two decks' face sheets and backs. Timings on a busy machine run long:
compare the load average with the cores.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGETS = {"print-shop": 3.0, "tts": 3.0}  # seconds, median


def run(command: str, out: Path) -> tuple[float, float]:
    """Wall seconds and the child's peak memory (MB) of one export."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "pnp", "export", command, "power-lines-cards", "-o", str(out)], check=True, cwd=ROOT, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return wall, max(peak, before) / 1024


def written(out: Path) -> str:
    files = [p for p in out.iterdir() if not p.name.startswith(".")]
    images = [p for p in files if p.suffix == ".png"]
    from PIL import Image

    pixels = 0
    for path in images:
        with Image.open(path) as image:
            pixels += image.width * image.height
    return f"{len(files)} files, {len(images)} images, {pixels / 1e6:.1f} Mpx, {sum(p.stat().st_size for p in files) / 1e6:.1f} MB"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print(f"{os.cpu_count()} cores; load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for command, target in TARGETS.items():
        walls = []
        with tempfile.TemporaryDirectory() as tmp:
            for n in range(args.runs):
                out = Path(tmp) / f"run{n}"
                wall, peak = run(command, out)
                walls.append(wall)
                print(f"export {command} run {n + 1}: {wall:.2f} s, peak {peak:.0f} MB", flush=True)
            median = statistics.median(walls)
            verdict = "within" if median <= target else "OVER"
            print(f"export {command}: median {median:.2f} s ({min(walls):.2f}-{max(walls):.2f}), {verdict} the {target:g} s target; wrote {written(out)}")


if __name__ == "__main__":
    main()
