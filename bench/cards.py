"""Times the starter-deck card build (PDF + SVG, A4) against a bare ReportLab script.

Run: python bench/cards.py [--runs N]
The bare script draws the same 27 cards (26 + Base) as rectangles and text on
3 sheets, with none of pnp's layout, fitting, backs or SVG: it is the floor.
Target: pnp's median at most 2 x the bare median.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from io import BytesIO
from pathlib import Path

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen import canvas

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pnp.build import BuildOptions  # noqa: E402
from pnp.games.power_lines_cards.build import NAME, card_pages  # noqa: E402
from pnp.games.power_lines_cards.catalogue import catalogue  # noqa: E402
from pnp.games.power_lines_cards.validate import load_deck  # noqa: E402
from pnp.output import write_pages  # noqa: E402
from pnp.resources import deck_file  # noqa: E402


def starter_cards():
    counts = load_deck(deck_file("starter.deck")).counts
    cat = catalogue()
    return [cat.base] + [k for k in cat.kinds for _ in range(counts.get(k.name, 0))]


def bare_reportlab(cards) -> bytes:
    buf = BytesIO()
    c = canvas.Canvas(buf, pagesize=A4, invariant=1)
    for i, card in enumerate(cards):
        if i and i % 9 == 0:
            c.showPage()
        row, col = divmod(i % 9, 3)
        x, y = 10.5 * mm + col * 63 * mm, A4[1] - 16.5 * mm - (row + 1) * 88 * mm
        c.rect(x, y, 63 * mm, 88 * mm)
        c.setFont("Helvetica-Bold", 30)
        c.drawString(x + 4 * mm, y + 76 * mm, str(card.value))
        c.drawRightString(x + 59 * mm, y + 4 * mm, str(card.value))
        c.setFont("Helvetica", 9)
        c.drawRightString(x + 59 * mm, y + 80 * mm, str(card.price))
        words, line, top = card.effect.split(), "", y + 30 * mm
        for word in words:  # a plain wrap, as any script would need
            if c.stringWidth(f"{line} {word}", "Helvetica", 9) > 50 * mm:
                c.drawString(x + 6 * mm, top, line)
                top, line = top - 11, word
            else:
                line = f"{line} {word}".strip()
        c.drawString(x + 6 * mm, top, line)
    c.showPage()
    c.save()
    return buf.getvalue()


def median_seconds(job, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        job()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    args = parser.parse_args()
    cards = starter_cards()
    with tempfile.TemporaryDirectory() as tmp:
        opts = BuildOptions("a4", ("pdf", "svg"), Path(tmp))
        starter = [deck_file("starter.deck")]

        def pnp_job() -> None:  # what `pnp build power-lines-cards --deck decks/starter.deck` does for its cards
            write_pages(NAME, card_pages("a4", starter), opts)

        pnp_job()  # warm caches (layouts, fonts), as a second build in one session would
        pnp_median = median_seconds(pnp_job, args.runs)
        pdf_size = (Path(tmp) / "power-lines-cards.pdf").stat().st_size
    bare_reportlab(cards)
    bare_median = median_seconds(lambda: bare_reportlab(cards), args.runs)
    print(f"cards: {len(cards)} (starter deck + Base), A4, {args.runs} runs")
    print(f"pnp build (PDF + SVG):  median {pnp_median * 1000:8.1f} ms   PDF {pdf_size / 1024:.0f} KiB")
    print(f"bare ReportLab (PDF):   median {bare_median * 1000:8.1f} ms")
    ratio = pnp_median / bare_median
    print(f"ratio: {ratio:.2f} (target <= 2) {'OK' if ratio <= 2 else 'OVER TARGET'}")


if __name__ == "__main__":
    main()
