"""Pack Solitaire on paper: the dealt tiles with their coins, a record sheet and the par diagram."""

from __future__ import annotations

from ...draw.pages import titled_page
from ...draw.shapes import Circle, Drawing, Line, Rect, Shape, Style, Text, group, rotate, scale
from ...draw.text import BOLD, cap_height, width_mm
from ...layouts import LayoutModel, Length, Points, load_layout
from ...piecepack.draw import piecepack_layout, scheme, tile_with_coins
from .engine import SIZE, Layout, Tile
from .files import format_layout



class SolitaireLayout(LayoutModel):
    id_size: Points
    title_size: Points
    text_size: Points
    small_size: Points
    record_cell: Length
    record_grids: int
    diagram_tile: Length


def solitaire_layout() -> SolitaireLayout:
    return load_layout("pack-solitaire", SolitaireLayout)


def dealt_tile(tile_id: int, tile: Tile, bleed: float = 0.0, *, bw: bool = False, numbered: bool = True) -> list[Shape]:
    """A tile back with its three coins (rank up) and its number where the grid lines cross."""
    size = piecepack_layout().tile.size
    shapes = tile_with_coins(tile, bleed, bw=bw)
    return shapes + (_id_badge(tile_id, size / 2, size / 2, solitaire_layout().id_size, bw) if numbered else [])


def _id_badge(tile_id: int, cx: float, cy: float, size: float, bw: bool) -> list[Shape]:
    ink = scheme(bw).ink
    r = cap_height(size) * 1.1
    return [
        Circle(cx, cy, r, Style(fill="#ffffff", stroke=ink, stroke_width=0.25)),
        Text(cx, cy + cap_height(size) / 2, str(tile_id), size, BOLD, ink, "middle"),
    ]


def _id_badge_text(label: str, cx: float, cy: float, size: float, bw: bool) -> list[Shape]:
    """A tile's number and turn (`12@90`) on a white label, upright whatever the tile's turn."""
    ink = scheme(bw).ink
    w, h = width_mm(label, BOLD, size) + 2, cap_height(size) + 2
    return [
        Rect(cx - w / 2, cy - h / 2, w, h, Style(fill="#ffffff", stroke=ink, stroke_width=0.25), radius=1),
        Text(cx, cy + cap_height(size) / 2, label, size, BOLD, ink, "middle"),
    ]


def record_sheet(paper: str, seed: int, bw: bool = False) -> Drawing:
    """Grids to write layouts down (`ID` or `ID@DEG` per cell) with a score box each."""
    lay = solitaire_layout()
    ink = scheme(bw).ink
    notes = [
        "Write each tile's number in its cell, and its turn if it is not upright: 12@90 is tile 12 turned a quarter clockwise.",
        "Score: 2 points for every pair of facing squares that match (same rank, or both empty).",
    ]
    head = titled_page(paper, f"Pack Solitaire - record sheet - deal {seed}", notes, lay.title_size, lay.small_size, ink)
    page, x0, y, width = head.page, head.left, head.top, head.width
    cell = lay.record_cell
    block = SIZE * cell
    cols = 2
    gap_x = (width - cols * block) / (cols - 1) if cols > 1 else 0
    thin, thick = Style(stroke=ink, stroke_width=0.25), Style(stroke=ink, stroke_width=0.6)
    for n in range(lay.record_grids):
        row, col = divmod(n, cols)
        gx, gy = x0 + col * (block + gap_x), y + 10 + row * (block + 30)
        page.add(Text(gx, gy - 2, f"Game {n + 1}", lay.text_size, BOLD, ink))
        for i in range(SIZE + 1):
            style = thick if i in (0, SIZE) else thin
            page.add(Line(gx + i * cell, gy, gx + i * cell, gy + block, style), Line(gx, gy + i * cell, gx + block, gy + i * cell, style))
        page.add(Text(gx, gy + block + 7, "Tiles placed ____    Score ____", lay.text_size, "Helvetica", ink))
    return page


def par_diagram(paper: str, seed: int, tiles: dict[int, Tile], layout: Layout, score: int, proven: bool, bw: bool = False) -> Drawing:
    """The solver's layout as tiles in place, with its score as par: on its own page, a spoiler."""
    lay = solitaire_layout()
    ink = scheme(bw).ink
    claim = "the best score this deal allows (proven)" if proven else "the best layout found in the time given (not proven best)"
    notes = [f"Spoiler: {claim}. Look only when you have played."]
    head = titled_page(paper, f"Pack Solitaire - deal {seed} - par {score}", notes, lay.title_size, lay.small_size, ink)
    page, x0, y, width = head.page, head.left, head.top, head.width
    t = lay.diagram_tile
    k = t / piecepack_layout().tile.size
    left = x0 + (width - SIZE * t) / 2
    for r, row in enumerate(layout):
        for c, placement in enumerate(row):
            x, top = left + c * t, y + r * t
            if placement is None:
                page.add(Rect(x, top, t, t, Style(stroke=ink, stroke_width=0.25, dash=(1, 1))))
                continue
            art = dealt_tile(placement.tile_id, tiles[placement.tile_id], bw=bw, numbered=False)
            turned = group(*art, transform=rotate(placement.deg, t / 2 / k, t / 2 / k))
            label = f"{placement.tile_id}@{placement.deg}" if placement.deg else str(placement.tile_id)
            page.add(group(turned, at=(x, top), transform=scale(k)), Rect(x, top, t, t, Style(stroke=ink, stroke_width=0.8)))
            page.add(*_id_badge_text(label, x + t / 2, top + t / 2, lay.small_size, bw))
    y += SIZE * t + 10
    page.add(Text(x0, y, "The same layout as a .layout file, to check with `pnp solitaire score`:", lay.small_size, "Helvetica", ink))
    for line in format_layout(layout).splitlines():
        y += 4.5
        page.add(Text(x0 + 5, y, line, lay.text_size, "Courier", ink))
    return page
