"""Times the starter-deck card build (PDF + SVG, A4) against a bare ReportLab script.

Run: python bench/cards.py [--runs N] [--process-runs N]
Two measures, each a ratio of medians, target <= 2:
- in process: pnp's card build (layout, one PDF with fronts and duplex backs, one
  SVG per sheet, written atomically) against bench/bare_cards.py's draw() (the same
  27 cards as rectangles and text on 3 sheets, one PDF file), both warmed up;
- end to end: `python -m pnp build power-lines-cards --deck decks/starter.deck
  --paper a4 --format pdf,svg` against `python bench/bare_cards.py`, each a fresh
  process as a user runs it (the pnp command also writes the rule sheet).
It also times svgwrite rendering the SVGs alone, and importing the libraries the stack prescribes besides ReportLab
(svgwrite, Typer, pydantic, Jinja2): that cost alone bounds the end-to-end ratio.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import bare_cards  # noqa: E402

from pnp.core.printing import Print  # noqa: E402
from pnp.draw.svg import render_svg  # noqa: E402
from pnp.games.power_lines_cards.build import NAME, card_pages, deck_components, deck_counts  # noqa: E402
from pnp.output.files import BuildOptions, write_pages  # noqa: E402

STACK = "svgwrite, typer, pydantic, jinja2"


def median_seconds(job, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        job()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def process(*args: str):
    """A job running `python ARGS` in a fresh interpreter from the repository root."""
    return lambda: subprocess.run([sys.executable, *args], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)


def line(label: str, pnp: float, bare: float) -> str:
    ratio = pnp / bare
    verdict = "OK" if ratio <= 2 else "OVER TARGET"
    return f"{label:<12} pnp {pnp * 1000:7.1f} ms   bare {bare * 1000:7.1f} ms   ratio {ratio:5.2f}  {verdict}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21, help="in-process runs")
    parser.add_argument("--process-runs", type=int, default=7, help="end-to-end runs")
    args = parser.parse_args()
    deck = ROOT / "decks/starter.deck"
    cards = bare_cards.starter_cards()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        opts = BuildOptions(Print(), ("pdf", "svg"), out)

        def pnp_job() -> None:
            write_pages(NAME, card_pages(opts.printing, [deck_components(deck_counts(deck), deck, 0)]), opts)

        def bare_job() -> None:
            bare_cards.draw(cards, out / "bare.pdf")

        pnp_job(), bare_job()  # warm-up: layouts read, fonts measured
        inner = median_seconds(pnp_job, args.runs), median_seconds(bare_job, args.runs)
        pages = card_pages(opts.printing, [deck_components(deck_counts(deck), deck, 0)])
        svg_only = median_seconds(lambda: [render_svg(page) for page in pages], args.runs)
        pdf_size = (out / f"{NAME}.pdf").stat().st_size

        pnp_cmd = process("-m", "pnp", "build", NAME, "--deck", str(deck), "--paper", "a4", "--format", "pdf,svg", "--out", tmp)
        bare_cmd = process(str(ROOT / "bench/bare_cards.py"), str(out / "bare.pdf"))
        pnp_cmd(), bare_cmd()
        outer = median_seconds(pnp_cmd, args.process_runs), median_seconds(bare_cmd, args.process_runs)

    reportlab_only = median_seconds(process("-c", "import reportlab.pdfgen.canvas"), args.process_runs)
    with_stack = median_seconds(process("-c", f"import reportlab.pdfgen.canvas, {STACK}"), args.process_runs)
    stack = with_stack - reportlab_only

    print(f"starter deck: {len(cards)} cards (26 + Base), A4; pnp writes fronts and backs (6 pages) as PDF and SVG")
    print(f"pnp card PDF: {pdf_size / 1024:.0f} KiB")
    print(line("in process", *inner) + f"   ({args.runs} runs)")
    print(f"{'':<12} of which svgwrite renders the 6 SVGs in {svg_only * 1000:.1f} ms ({svg_only / inner[1]:.2f} x bare)")
    print(line("end to end", *outer) + f"   ({args.process_runs} runs)")
    print(f"importing {STACK} costs {stack * 1000:.0f} ms: no pnp command can beat ratio {(outer[1] + stack) / outer[1]:.2f} end to end")


if __name__ == "__main__":
    main()
