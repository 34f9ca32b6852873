"""`pnp deck gauntlet -o FILE`: the gauntlet's matrix as a heat map on one page, PDF or HTML.

Each cell is the row's deck's win rate against the column's (a draw counts half) and its 95 %
interval, coloured on a colour-blind-safe diverging scale: orange where the row's deck loses
more than it wins, white at 50 %, purple where it wins more; the last column, each deck's
win rate over all its games. The decks are numbered as the text output numbers them.
"""

from __future__ import annotations

from pathlib import Path

from pnp.core.diagnostics import PnpError, plural, shown
from pnp.core.layouts import sheet_layout
from pnp.core.printing import Print
from pnp.draw.charts import Cell, ChartStyle, colour_key, heat_map
from pnp.draw.shapes import Drawing, Text
from pnp.draw.text import BOLD, MM_PER_PT, REGULAR, cap_height

from .report import FORMATS, _wrapped, report_html, report_layout
from .simulation.lab_text import DRAWS
from .simulation.tally import Gauntlet, Rate

CELL_W, CELL_H = 19.0, 11.0  # mm: the widest cell, "100.0 %" over "100.0–100.0", with room
MIN_CELL_W = 15.5  # mm: narrower, the interval no longer fits at 7 pt
LABEL_W = 9.0  # mm: the row numbers
GAP = 2.5  # mm between the matrix and the overall column


def _cell(r: Rate) -> Cell | None:
    ci = r.interval
    if ci is None:
        return None
    return Cell(ci.estimate, (f"{100 * ci.estimate:.1f} %", f"{100 * ci.low:.1f}–{100 * ci.high:.1f}"))


def gauntlet_page(gauntlet: Gauntlet, how: str, printing: Print) -> Drawing:
    """The heat map of `gauntlet` on one page of the print's paper; `how` says how the games were
    played (players, seed, readings). Too many decks for one page is a PnpError saying how many fit."""
    lay = report_layout()
    size = printing.size
    margin = sheet_layout().margin + sheet_layout().page_inset
    width = size.width - 2 * margin
    n = len(gauntlet.names)
    check_fits(n, printing)
    cell_w = min(CELL_W, (width - LABEL_W - GAP) / (n + 1))
    title = f"Power Lines gauntlet: {plural(n, 'deck')}"
    page = Drawing(size.width, size.height, title=title)
    x, y = margin, margin
    base = y + cap_height(lay.title_size, BOLD)
    page.add(Text(x, base, title, lay.title_size, BOLD, lay.ink))
    base += 1.6 * lay.note_size * MM_PER_PT
    games = sorted({len(m.games) for m in gauntlet.matches.values()})
    played = f"{games[0]}–{games[-1]}" if len(games) > 1 else str(games[0])
    notes = [
        f"Each cell: the row's deck's win rate against the column's deck, in bold, and its 95 % interval (Wilson's), "
        f"over {played} games a match ({DRAWS}). The last column: the row's deck over all its games. Players: {how}.",
        *(f"{i + 1}: {name}" for i, name in enumerate(gauntlet.names)),
    ]
    for note in notes:
        for line in _wrapped(note, REGULAR, lay.note_size, width):
            page.add(Text(x, base, line, lay.note_size, REGULAR, lay.ink))
            base += 1.45 * lay.note_size * MM_PER_PT
    style = ChartStyle(text_size=lay.chart_text_size, title_size=lay.heading_size, ink=lay.ink, faint=lay.faint)
    top = base + 4.0
    grid_x = x + LABEL_W
    head = top + cap_height(lay.text_size, BOLD)
    for j in range(n):
        page.add(Text(grid_x + (j + 0.5) * cell_w, head, str(j + 1), lay.text_size, BOLD, lay.ink, "middle"))
    overall_x = grid_x + n * cell_w + GAP
    page.add(Text(overall_x + cell_w / 2, head, "overall", lay.text_size, BOLD, lay.ink, "middle"))
    grid_y = head + 2.0
    for i in range(n):
        page.add(Text(x, grid_y + (i + 0.5) * CELL_H + cap_height(lay.text_size, BOLD) / 2, str(i + 1), lay.text_size, BOLD, lay.ink))
    matrix = [[None if i == j else _cell(gauntlet.rate(i, j)) for j in range(n)] for i in range(n)]
    page.add(*heat_map(matrix, grid_x, grid_y, cell_w, CELL_H, style))
    page.add(*heat_map([[_cell(gauntlet.overall(i))] for i in range(n)], overall_x, grid_y, cell_w, CELL_H, style))
    key_y = grid_y + n * CELL_H + 6.0
    key_w = min(90.0, width - LABEL_W)
    page.add(Text(grid_x, key_y + cap_height(lay.text_size, BOLD), "Colour: the row's deck's win rate", lay.text_size, BOLD, lay.ink))
    strip_y = key_y + cap_height(lay.text_size, BOLD) + 2.0
    page.add(*colour_key(grid_x, strip_y, key_w, 4.0, ["0 %", "25 %", "50 %", "75 %", "100 %"], style))
    words_y = strip_y + 4.0 + 2.8 + 2 * cap_height(lay.chart_text_size) + 1.5
    page.add(Text(grid_x, words_y, "loses more (orange)", lay.chart_text_size, REGULAR, lay.faint))
    page.add(Text(grid_x + key_w, words_y, "wins more (purple)", lay.chart_text_size, REGULAR, lay.faint, "end"))
    if words_y > size.height - margin:
        raise PnpError(f"a heat map of {n} decks runs past the foot of one {printing.paper.value} page")
    return page


def check_fits(decks: int, printing: Print) -> None:
    """A PnpError unless a heat map of `decks` decks fits a page of the print's paper across."""
    margin = sheet_layout().margin + sheet_layout().page_inset
    room = printing.size.width - 2 * margin - LABEL_W - GAP
    if room / (decks + 1) < MIN_CELL_W:
        fit = int(room / MIN_CELL_W) - 1
        raise PnpError(
            f"a heat map of {decks} decks does not fit one {printing.paper.value} page: at most {fit} decks do (the text and --json show any number)"
        )


def check_output(output: Path, decks: int, printing: Print) -> None:
    """Before any game is played: `output` is a .pdf or .html file pnp may write, and the decks fit."""
    from pnp.output.files import check_file

    if output.suffix.lower() not in FORMATS:
        raise PnpError(f"-o {shown(output)}: write a .pdf or an .html file", exit_code=2)
    check_fits(decks, printing)
    check_file(output)


def write_gauntlet_page(gauntlet: Gauntlet, how: str, printing: Print, output: Path) -> None:
    """The heat map written to `output` (checked by `check_output`), whole or not at all."""
    from pnp.output.files import write_file

    page = gauntlet_page(gauntlet, how, printing)
    if output.suffix.lower() == ".pdf":
        from pnp.draw.pdf import render_pdf

        write_file(output, render_pdf([page], title=page.title))
    else:
        write_file(output, report_html(page, page.title))
