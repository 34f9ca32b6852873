"""The bench's floor: a bare ReportLab script drawing the starter deck's 27 cards on 3 A4 sheets.

Run: python bench/bare_cards.py OUT.pdf
Plain rectangles and text, read straight from the card data with the standard library:
none of pnp's models, layout data, fitting, backs, marks or SVG.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen import canvas

ROOT = Path(__file__).resolve().parent.parent


def starter_cards() -> list[dict]:
    """The Base, then the starter deck's 26 cards in value order."""
    with open(ROOT / "decks/power-lines-cards.toml", "rb") as f:
        kinds = {card["name"]: card for card in tomllib.load(f)["card"]}
    cards = [kinds["Base"]]
    for line in (ROOT / "decks/starter.deck").read_text().splitlines():
        fields = line.split("#")[0].split()
        if fields and fields[1] != "Base":
            cards += [kinds[fields[1]]] * int(fields[0])
    return cards


def draw(cards: list[dict], out: Path | str) -> None:
    c = canvas.Canvas(str(out), pagesize=A4, invariant=1)
    for i, card in enumerate(cards):
        if i and i % 9 == 0:
            c.showPage()
        row, col = divmod(i % 9, 3)
        x, y = 10.5 * mm + col * 63 * mm, A4[1] - 16.5 * mm - (row + 1) * 88 * mm
        c.rect(x, y, 63 * mm, 88 * mm)
        c.setFont("Helvetica-Bold", 30)
        c.drawString(x + 4 * mm, y + 76 * mm, str(card["value"]))
        c.drawRightString(x + 59 * mm, y + 4 * mm, str(card["value"]))
        c.setFont("Helvetica", 9)
        c.drawRightString(x + 59 * mm, y + 80 * mm, str(card.get("price", "")))
        line, top = "", y + 30 * mm
        for word in card["effect"].split():  # a plain wrap, as any script would need
            if c.stringWidth(f"{line} {word}", "Helvetica", 9) > 50 * mm:
                c.drawString(x + 6 * mm, top, line)
                top, line = top - 11, word
            else:
                line = f"{line} {word}".strip()
        c.drawString(x + 6 * mm, top, line)
    c.showPage()
    c.save()


if __name__ == "__main__":
    draw(starter_cards(), sys.argv[1])
