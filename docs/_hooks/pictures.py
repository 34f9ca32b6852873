"""The docs' pictures, made from pnp's own output: each command the tutorials show is run, and the
first page of the PDF it writes is saved as a PNG.

    python docs/_hooks/pictures.py DIR      # writes DIR/NAME.png for each picture below

The docs site (site.py beside this file) runs it on every build, so a picture always shows what
the pnp being documented prints; none is kept in the repository.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]  # the commands read decks/ as a fresh clone has it
DPI = 60  # enough to see a page's layout; the PDFs themselves are the real thing

# picture -> (the commands, as the tutorials type them, with {tmp} a scratch folder; the PDF pictured, page)
PICTURES: dict[str, tuple[list[str], str, int]] = {
    "cards-sheet": (["pnp build power-lines-cards --out {tmp}"], "power-lines-cards.pdf", 2),
    "cards-rules": (["pnp build power-lines-cards --out {tmp}"], "power-lines-cards-rules.pdf", 0),
    "deck-report": (["pnp deck report decks/starter.deck -o {tmp}/starter.pdf"], "starter.pdf", 0),
    "solitaire-deal": (["pnp build pack-solitaire --seed 7 --out {tmp}"], "pack-solitaire-7.pdf", 1),
    "solitaire-layout": (
        [
            "pnp solitaire deal --seed 7 -o {tmp}/deal7.tiles",
            "pnp solitaire solve {tmp}/deal7.tiles -o {tmp}/best.layout",
            "pnp solitaire show {tmp}/deal7.tiles {tmp}/best.layout -o {tmp}/best.pdf",
        ],
        "best.pdf",
        0,
    ),
}


def make(folder: Path) -> list[Path]:
    """Every picture, as folder/NAME.png."""
    import pypdfium2  # pnp's own dependency, as `pnp export` renders pages with it

    folder.mkdir(parents=True, exist_ok=True)
    made = []
    for name, (commands, pdf, page) in PICTURES.items():
        with tempfile.TemporaryDirectory() as tmp:
            for command in commands:
                args = command.format(tmp=tmp).split()  # `pnp ...`, run by this Python
                subprocess.run([sys.executable, "-m", "pnp", *args[1:]], cwd=ROOT, check=True, capture_output=True)
            document = pypdfium2.PdfDocument(str(Path(tmp) / pdf))
            image = document[page].render(scale=DPI / 72).to_pil()
            document.close()
            target = folder / f"{name}.png"
            image.save(target, optimize=True)
            made.append(target)
    return made


if __name__ == "__main__":
    for path in make(Path(sys.argv[1])):
        print(path)
