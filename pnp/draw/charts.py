"""Bar charts drawn with pnp's own shapes, so the PDF and the SVG show the same chart.

A chart is data, (label, value) pairs, drawn into a box: a title, a value axis whose ticks fall
on round numbers (1, 2 or 5 times a power of ten), a bar per pair, its height proportional to its
value (a bar of 0 is drawn as nothing, its label still shown), the value over each bar where it
fits, the labels under the bars, and a caption naming the labels. Every word and number is at
least MIN_TEXT pt: labels too wide for their bars are thinned to every second (third ...) one,
never shrunk.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from .shapes import Line, Rect, Shape, Style, Text, group
from .text import BOLD, MM_PER_PT, REGULAR, cap_height, width_mm

MIN_TEXT = 7.0  # pt: the smallest text a chart prints


@dataclass(frozen=True)
class Bar:
    label: str
    value: float
    colour: str | None = None  # None: the chart's own colour


@dataclass(frozen=True)
class ChartStyle:
    text_size: float = 7.0  # pt: tick labels, bar labels, values over the bars, the caption
    title_size: float = 8.0  # pt
    ink: str = "#1A1A1A"
    faint: str = "#6E6E6E"  # the caption and the tick labels
    grid: str = "#D9D9D9"  # the lines across at each tick
    bar: str = "#4D4D4D"
    stroke: float = 0.2  # mm: the axis line; grid lines are half as wide
    bar_share: float = 0.72  # of each bar's slot the bar fills
    max_ticks: int = 5  # lines across at most, 0 not counted


def nice_step(peak: float, max_ticks: int = 5) -> float:
    """The smallest of 1, 2, 5 times a power of ten that reaches `peak` in `max_ticks` steps or fewer
    (whole numbers only: counts are charted)."""
    if peak <= 0:
        return 1.0
    step = max(1.0, 10 ** math.floor(math.log10(peak / max_ticks)))
    for k in (1, 2, 5, 10):
        if peak <= k * step * max_ticks:
            return k * step
    return 10 * step  # pragma: no cover - the loop's last factor always reaches peak


def axis_top(values: Sequence[float], max_ticks: int = 5) -> tuple[float, float]:
    """(top of the value axis, step between ticks): the first tick at or above the largest value."""
    peak = max(values, default=0.0)
    step = nice_step(peak, max_ticks)
    return max(step, math.ceil(peak / step - 1e-9) * step), step


def _label_every(bars: Sequence[Bar], slot: float, size: float) -> int:
    """Show every n-th label (the first always), n the least that keeps neighbouring labels apart."""
    widest = max((width_mm(b.label, REGULAR, size) for b in bars), default=0.0)
    gap = 0.8  # mm between two labels at the least
    return max(1, math.ceil((widest + gap) / slot)) if slot > 0 else 1


def bar_chart(
    bars: Sequence[Bar | tuple[str, float]],
    x: float,
    y: float,
    w: float,
    h: float,
    title: str = "",
    caption: str = "",
    style: ChartStyle = ChartStyle(),
    unit: str = "",
    legend: Sequence[tuple[str, str]] = (),
) -> list[Shape]:
    """A bar chart filling the box (x, y, w, h) in mm: `title` at its top, `caption` at its foot
    (what the labels under the bars are), a bar per (label, value) from left to right; `unit`:
    what the value axis counts, over its top tick; `legend`: (words, colour) pairs, a swatch each,
    on a line under the title, for bars coloured by something the labels do not say."""
    if style.text_size < MIN_TEXT - 1e-9 or style.title_size < MIN_TEXT - 1e-9:
        raise ValueError(f"a chart's text is {MIN_TEXT:g} pt at the least, not {min(style.text_size, style.title_size):g}")
    shown = [b if isinstance(b, Bar) else Bar(*b) for b in bars]
    if any(b.value < 0 or not math.isfinite(b.value) for b in shown):
        raise ValueError("a bar chart shows counts: no value may be negative or infinite")
    size, em = style.text_size, style.text_size * MM_PER_PT
    cap = cap_height(size)
    top, step = axis_top([b.value for b in shown], style.max_ticks)
    ticks = [step * i for i in range(round(top / step) + 1)]
    tick_labels = [f"{t:g}" for t in ticks]
    shapes: list[Shape] = []
    # From the top: the title, a line of room for the value over the tallest bar, the plot.
    plot_top = 0.0
    if title:
        shapes.append(Text(0.0, cap_height(style.title_size, BOLD), title, style.title_size, BOLD, style.ink))
        plot_top = cap_height(style.title_size, BOLD) + 0.5 * style.title_size * MM_PER_PT
    if legend:
        lx, base_y = 0.0, plot_top + cap
        for words, colour in legend:
            shapes.append(Rect(lx, base_y - cap, cap, cap, Style(fill=colour)))
            shapes.append(Text(lx + cap + 0.8, base_y, words, size, REGULAR, style.ink))
            lx += cap + 0.8 + width_mm(words, REGULAR, size) + 3.5  # room for a wider stand-in font
        if lx - 3.5 > w:
            raise ValueError(f"the legend of `{title}` does not fit {w:.0f} mm")
        plot_top = base_y + 0.6 * em
    if unit:
        shapes.append(Text(0.0, plot_top + cap, unit, size, REGULAR, style.faint))
        plot_top += cap + 0.6 * em
    plot_top += cap + 1.2  # the value printed over a full-height bar
    # From the foot: the caption, the labels under the bars.
    bottom = h
    if caption:
        shapes.append(Text(w / 2, h - 0.21 * em, caption, size, REGULAR, style.faint, "middle"))
        bottom -= em * 1.15
    label_base = bottom - 0.21 * em  # the labels' baseline: descenders clear of the caption
    base = label_base - cap - 1.2  # the axis line
    plot_h = base - plot_top
    if plot_h <= 0:
        raise ValueError(f"a chart {h:g} mm high has no room for its bars")
    # The ticks on the left, right-aligned against the plot.
    left = max(width_mm(t, REGULAR, size) for t in tick_labels) + 1.2
    plot_w = w - left
    for t, text in zip(ticks, tick_labels):
        ty = base - plot_h * t / top
        shapes.append(Text(left - 1.2, ty + cap / 2, text, size, REGULAR, style.faint, "end"))
        if t:
            shapes.append(Line(left, ty, w, ty, Style(stroke=style.grid, stroke_width=style.stroke / 2)))
    n = len(shown)
    slot = plot_w / n if n else plot_w
    every = _label_every(shown, slot, size)
    for i, b in enumerate(shown):
        cx = left + slot * (i + 0.5)
        bw = slot * style.bar_share
        bh = plot_h * b.value / top
        if bh > 0:
            shapes.append(Rect(cx - bw / 2, base - bh, bw, bh, Style(fill=b.colour or style.bar)))
            value = f"{b.value:g}"
            if width_mm(value, REGULAR, size) <= slot:
                shapes.append(Text(cx, base - bh - 0.8, value, size, REGULAR, style.ink, "middle"))
        if i % every == 0:
            shapes.append(Text(cx, label_base, b.label, size, REGULAR, style.ink, "middle"))
    shapes.append(Line(left, base, w, base, Style(stroke=style.ink, stroke_width=style.stroke)))
    return [group(*shapes, at=(x, y))]


# --- heat maps ---------------------------------------------------------------------------------

# ColorBrewer's PuOr, five classes: orange below the middle, purple above, readable with every
# common colour-vision deficiency and in grey (its lightness runs one way from each end).
DIVERGING = ("#E66101", "#FDB863", "#F7F7F7", "#B2ABD2", "#5E3C99")


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def diverging(share: float, scale: Sequence[str] = DIVERGING) -> str:
    """The colour of `share` (0 to 1, 0.5 the middle) on a diverging scale, linear between its stops."""
    t = min(1.0, max(0.0, share)) * (len(scale) - 1)
    i = min(int(t), len(scale) - 2)
    f = t - i
    a, b = _rgb(scale[i]), _rgb(scale[i + 1])
    return "#" + "".join(f"{round(p + (q - p) * f):02X}" for p, q in zip(a, b))


def on(fill: str, ink: str = "#1A1A1A") -> str:
    """Text colour readable on `fill`: `ink` on light fills, white on dark ones (relative luminance)."""
    r, g, b = (c / 255 for c in _rgb(fill))
    lum = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return "#FFFFFF" if lum < 0.4 else ink


@dataclass(frozen=True)
class Cell:
    share: float  # 0 to 1: where the cell's colour sits on the scale
    lines: tuple[str, ...]  # what the cell says, centred, the first line bold


def heat_map(
    cells: Sequence[Sequence[Cell | None]],
    x: float,
    y: float,
    cell_w: float,
    cell_h: float,
    style: ChartStyle = ChartStyle(),
    empty: str = "#D9D9D9",
) -> list[Shape]:
    """A grid of coloured cells, row by row from (x, y) in mm, each `cell_w` by `cell_h`, coloured by
    its share on the diverging scale and printing its lines; None: an empty grey cell. The labels
    of rows and columns are the caller's: they depend on what the grid is."""
    size = style.text_size
    if size < MIN_TEXT - 1e-9:
        raise ValueError(f"a chart's text is {MIN_TEXT:g} pt at the least, not {size:g}")
    lead = 1.25 * size * MM_PER_PT
    shapes: list[Shape] = []
    for r, row in enumerate(cells):
        for c, cell in enumerate(row):
            cx, cy = x + c * cell_w, y + r * cell_h
            fill = empty if cell is None else diverging(cell.share)
            shapes.append(Rect(cx, cy, cell_w, cell_h, Style(fill=fill, stroke="#FFFFFF", stroke_width=style.stroke * 2)))
            if cell is None:
                continue
            for k, line in enumerate(cell.lines):
                font = BOLD if k == 0 else REGULAR
                if width_mm(line, font, size) > cell_w - 1.0:
                    raise ValueError(f"`{line}` does not fit a cell {cell_w:.1f} mm wide at {size:g} pt")
                base = cy + cell_h / 2 - (len(cell.lines) - 1) * lead / 2 + cap_height(size) / 2 + k * lead
                shapes.append(Text(cx + cell_w / 2, base, line, size, font, on(fill, style.ink), "middle"))
    return shapes


def colour_key(x: float, y: float, w: float, h: float, labels: Sequence[str], style: ChartStyle = ChartStyle()) -> list[Shape]:
    """The diverging scale as a strip `w` by `h` mm, `labels` spread evenly under it from 0 to 1."""
    steps = 40
    shapes: list[Shape] = [Rect(x + w * i / steps, y, w / steps + 0.05, h, Style(fill=diverging((i + 0.5) / steps))) for i in range(steps)]
    base = y + h + 1.8 + cap_height(style.text_size)
    for i, label in enumerate(labels):
        lx = x + w * i / max(1, len(labels) - 1)
        shapes.append(Line(lx, y + h, lx, y + h + 0.8, Style(stroke=style.ink, stroke_width=style.stroke)))
        shapes.append(Text(lx, base, label, style.text_size, REGULAR, style.ink, "middle"))
    return shapes
