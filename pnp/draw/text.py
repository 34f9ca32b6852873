"""Text metrics and fitting, done once in the neutral layer so PDF and SVG break lines alike."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from pnp.core.diagnostics import PnpError

from .shapes import Anchor, Text

MM_PER_PT = 25.4 / 72

# Drawings name a font by the standard PDF font whose role it plays. No file uses those
# unembedded standards: every PDF embeds (as subsets), and every SVG names, the Liberation 2
# face drawn to the same advance widths (SIL OFL, shipped in fonts/), so a line breaks alike
# in pnp, in any viewer and on any printer.
REGULAR = "Helvetica"
BOLD = "Helvetica-Bold"
MONO = "Courier"


@dataclass(frozen=True)
class Face:
    name: str  # the PostScript name, as the PDF embeds it
    file: str
    family: str  # as an SVG names it, with fallbacks of the same widths
    weight: str


FONT_DIR = Path(__file__).resolve().parent / "fonts"
_SANS = "'Liberation Sans', Arial, Helvetica, sans-serif"
FACES = {
    REGULAR: Face("LiberationSans", "LiberationSans-Regular.ttf", _SANS, "normal"),
    BOLD: Face("LiberationSans-Bold", "LiberationSans-Bold.ttf", _SANS, "bold"),
    MONO: Face("LiberationMono", "LiberationMono-Regular.ttf", "'Liberation Mono', 'Courier New', Courier, monospace", "normal"),
}


def face(font: str) -> Face:
    try:
        return FACES[font]
    except KeyError:
        raise ValueError(f"no embedded face for font {font!r}; use one of {', '.join(FACES)}") from None


@cache
def embedded(font: str) -> str:
    """The name under which ReportLab knows `font`'s embedded face (registered on first use)."""
    from reportlab.pdfbase import pdfmetrics  # ReportLab loads only when text is laid out
    from reportlab.pdfbase.ttfonts import TTFont

    f = face(font)
    pdfmetrics.registerFont(TTFont(f.name, FONT_DIR / f.file))
    return f.name


def cap_height(size: float, font: str = REGULAR) -> float:
    """Height in mm of a capital letter at `size` pt, from the embedded face's own metrics."""
    from reportlab.pdfbase.pdfmetrics import getFont  # as above

    return size * MM_PER_PT * getFont(embedded(font)).face.capHeight / 1000  # type: ignore[attr-defined]  # types-reportlab's Font has no .face; ReportLab's has


def width_mm(text: str, font: str, size: float) -> float:
    from reportlab.pdfbase.pdfmetrics import stringWidth  # as above

    return stringWidth(text, embedded(font), size) * MM_PER_PT


def wrap(text: str, font: str, size: float, width: float) -> list[str] | None:
    """Greedy word wrap to `width` mm; None when a single word is wider than that."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}" if line else word
            if width_mm(candidate, font, size) <= width:
                line = candidate
            elif width_mm(word, font, size) > width:
                return None
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def wrap_cutting(text: str, font: str, size: float, width: float) -> list[str]:
    """`text` wrapped to `width` mm; a word wider than that (a long file name) is cut where it must be."""
    lines = wrap(text, font, size, width)
    if lines is not None:
        return lines
    out, line = [], ""
    for ch in text:
        if line and width_mm(line + ch, font, size) > width:
            out.append(line)
            line = ""
        line += ch
    return out + [line]


def wrap_shrinking(text: str, font: str, size: float, width: float) -> tuple[float, list[str]]:
    """`text` wrapped to `width` mm at `size` pt; smaller where one word (a long file name) is wider than that."""
    lines = wrap(text, font, size, width)
    if lines is None:
        size *= 0.99 * width / max(width_mm(word, font, size) for word in text.split())
        lines = wrap(text, font, size, width) or [text]
    return size, lines


@dataclass(frozen=True)
class FittedText:
    size: float
    lines: list[str]
    leading: float  # mm between baselines

    def shapes(self, x: float, y_top: float, height: float, font: str, fill: str, anchor: Anchor) -> list[Text]:
        """The lines as Text, centred vertically in a box starting at y_top."""
        ascent = cap_height(self.size, font)
        block = ascent + self.leading * (len(self.lines) - 1)
        y = y_top + (height - block) / 2 + ascent
        return [Text(x, y + i * self.leading, line, self.size, font, fill, anchor) for i, line in enumerate(self.lines)]


def fit(text: str, font: str, width: float, height: float, largest: float, smallest: float, what: str, line_spacing: float = 1.2) -> FittedText:
    """The largest size (in 0.25 pt steps) at which `text` fits the box; an error below `smallest`."""
    size = largest
    while size >= smallest - 1e-9:
        lines = wrap(text, font, size, width)
        leading = size * MM_PER_PT * line_spacing
        if lines is not None and cap_height(size, font) + leading * (len(lines) - 1) + size * MM_PER_PT * 0.25 <= height:
            return FittedText(size, lines, leading)
        size -= 0.25
    raise PnpError(
        f"{what}: the text does not fit a {width:.0f} x {height:.0f} mm box even at {smallest:g} pt, "
        f"the smallest legible size; shorten it ({len(text)} characters now)"
    )
