"""Text metrics and fitting, done once in the neutral layer so PDF and SVG break lines alike."""

from __future__ import annotations

from dataclasses import dataclass

from ..diagnostics import PnpError
from .shapes import Anchor, Text

MM_PER_PT = 25.4 / 72
BOLD = "Helvetica-Bold"


def cap_height(size: float) -> float:
    """Height in mm of a capital letter at `size` pt (Helvetica's is 0.72 em)."""
    return size * MM_PER_PT * 0.72


def width_mm(text: str, font: str, size: float) -> float:
    from reportlab.pdfbase.pdfmetrics import stringWidth  # ReportLab loads only when text is laid out

    return stringWidth(text, font, size) * MM_PER_PT


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


@dataclass(frozen=True)
class FittedText:
    size: float
    lines: list[str]
    leading: float  # mm between baselines

    def shapes(self, x: float, y_top: float, height: float, font: str, fill: str, anchor: Anchor) -> list[Text]:
        """The lines as Text, centred vertically in a box starting at y_top."""
        ascent = cap_height(self.size)
        block = ascent + self.leading * (len(self.lines) - 1)
        y = y_top + (height - block) / 2 + ascent
        return [Text(x, y + i * self.leading, line, self.size, font, fill, anchor) for i, line in enumerate(self.lines)]


def fit(text: str, font: str, width: float, height: float, largest: float, smallest: float, what: str, line_spacing: float = 1.2) -> FittedText:
    """The largest size (in 0.25 pt steps) at which `text` fits the box; an error below `smallest`."""
    size = largest
    while size >= smallest - 1e-9:
        lines = wrap(text, font, size, width)
        leading = size * MM_PER_PT * line_spacing
        if lines is not None and cap_height(size) + leading * (len(lines) - 1) + size * MM_PER_PT * 0.25 <= height:
            return FittedText(size, lines, leading)
        size -= 0.25
    raise PnpError(
        f"{what}: the text does not fit a {width:.0f} x {height:.0f} mm box even at {smallest:g} pt, "
        f"the smallest legible size; shorten it ({len(text)} characters now)"
    )
