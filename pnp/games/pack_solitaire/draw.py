"""Pack Solitaire on paper: dealt tiles to cut out, a record sheet, answer pages and puzzle-book pages (the score pad: scorepad.py)."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.core.layouts import LayoutModel, Length, Points, load_layout, sheet_layout
from pnp.core.printing import COLOUR, Print
from pnp.draw.pages import titled_page
from pnp.draw.poster import GUARD
from pnp.draw.shapes import Circle, Drawing, Line, Rect, Shape, Style, Text, group, rotate, scale
from pnp.draw.sheets import room_below
from pnp.draw.text import BOLD, MM_PER_PT, cap_height, width_mm, wrap_cutting
from pnp.piecepack.colours import mix
from pnp.piecepack.draw import draw_coin, piecepack_layout, rank_mark, scheme, square_centres
from pnp.piecepack.symbols import suit_symbol

from .engine import LL, MARKS, MEANINGS, SIZE, UR, FacingPair, Kind, Layout, Tile
from .files import format_layout


class BookLayout(LayoutModel):
    tile: Length
    gap: Length
    pack_gap: Length
    coin: Length
    rank_size: Points
    suit_size: Length
    id_size: Points
    deal_size: Points
    answer_tile: Length
    answer_gutter: Length
    answer_title: Points
    answer_label: Points


class SolitaireLayout(LayoutModel):
    id_size: Points
    title_size: Points
    text_size: Points
    small_size: Points
    record_cell: Length
    record_grids: int
    deal_record_grids: int
    diagram_tile: Length
    cut_stroke: Length
    grid_stroke: Length
    grid_share: float
    book: BookLayout


def solitaire_layout() -> SolitaireLayout:
    return load_layout("pack-solitaire", SolitaireLayout)


def _ink(printing: Print) -> str:
    return scheme(printing).ink


def cut_style(printing: Print) -> Style:
    return Style(stroke=_ink(printing), stroke_width=solitaire_layout().cut_stroke)


def _tile_back(size: float, bleed: float, printing: Print) -> list[Shape]:
    """The tile's ground and the piecepack back's four framed squares (`piecepack.draw.tile_back`),
    scaled to `size` and drawn light: one square set in on each quarter, where a coin sits.

    No line runs through the tile's middle, out to its edge or into the bleed: on a sheet to
    cut, only the tile edges (drawn by whoever places the tile) may look like cut lines."""
    sch, lay, t = scheme(printing), solitaire_layout(), piecepack_layout().tile
    k = size / t.size
    grid = Style(stroke=mix(sch.grid, sch.tile_back, lay.grid_share), stroke_width=lay.grid_stroke)
    side = size / 2 - 2 * t.grid_inset * k
    squares = [Rect(k * cx - side / 2, k * cy - side / 2, side, side, grid) for cx, cy in square_centres()]
    return [Rect(-bleed, -bleed, size + 2 * bleed, size + 2 * bleed, Style(fill=sch.tile_back)), *squares]


def dealt_tile(tile_id: int, tile: Tile, bleed: float = 0.0, *, printing: Print = COLOUR, numbered: bool = True) -> list[Shape]:
    """A tile at true size with its three coins (rank up) and its number in the middle, between its squares."""
    size = piecepack_layout().tile.size
    shapes = _tile_back(size, bleed, printing)
    for square, (cx, cy) in zip(tile, square_centres()):
        if square is not None:
            shapes += draw_coin(square, cx, cy, printing=printing)
    return shapes + (_id_badge(tile_id, size / 2, size / 2, solitaire_layout().id_size, printing) if numbered else [])


def _id_badge(tile_id: int, cx: float, cy: float, size: float, printing: Print) -> list[Shape]:
    r = cap_height(size) * 1.1
    return [
        Circle(cx, cy, r, Style(fill="#ffffff", stroke=_ink(printing), stroke_width=0.25)),
        Text(cx, cy + cap_height(size) / 2, str(tile_id), size, BOLD, _ink(printing), "middle"),
    ]


def _label(label: str, cx: float, cy: float, size: float, printing: Print) -> list[Shape]:
    """A tile's number and turn (`12@90`) on a white label, upright whatever the tile's turn."""
    w, h = width_mm(label, BOLD, size) + 2, cap_height(size) + 2
    return [
        Rect(cx - w / 2, cy - h / 2, w, h, Style(fill="#ffffff", stroke=_ink(printing), stroke_width=0.25), radius=1),
        Text(cx, cy + cap_height(size) / 2, label, size, BOLD, _ink(printing), "middle"),
    ]


def cut_lines(corners: list[tuple[float, float]], size: float, printing: Print, overhang: float = 0.0) -> list[Line]:
    """The edges of square tiles at `corners` (top-left, mm) as cut lines, shared edges drawn once
    and collinear edges joined; `overhang` runs each line on past the outer corners, as a crop mark."""
    spans: dict[tuple[str, float], list[list[float]]] = {}
    for x, y in corners:
        for key, lo in ((("v", x), y), (("v", x + size), y), (("h", y), x), (("h", y + size), x)):
            spans.setdefault((key[0], round(key[1], 6)), []).append([lo, lo + size])
    style, lines = cut_style(printing), []
    for (axis, at), parts in sorted(spans.items()):
        parts.sort()
        merged = [parts[0]]
        for lo, hi in parts[1:]:
            if lo <= merged[-1][1] + 1e-6:
                merged[-1][1] = max(merged[-1][1], hi)
            else:
                merged.append([lo, hi])
        for lo, hi in merged:
            lo, hi = lo - overhang, hi + overhang
            lines.append(Line(at, lo, at, hi, style) if axis == "v" else Line(lo, at, hi, at, style))
    return lines


def record_sheet(printing: Print, title: str, *, deal_blank: bool = False, loose: dict[int, Tile] | None = None, games: int | None = None) -> Drawing:
    """Grids to write layouts down (`ID` or `ID@DEG` per cell) with a score box each.

    `deal_blank` heads each grid with a blank for the deal's number (the puzzle book's
    sheet to copy). `loose` tiles, too few to fill a sheet of their own, go at true size
    along the foot of the page, below the grids, with their cut lines. `games`: how many grids
    (a sheet to copy has `record_grids`); the file's notes stand under the grids, a sheet to copy's too."""
    lay = solitaire_layout()
    ink = _ink(printing)
    notes = [
        "Write each tile's number in its cell, and its turn if it is not upright: 12@90 is tile 12 turned a quarter clockwise.",
        "Score: 2 points for every pair of facing squares that match (same rank, or both empty).",
    ]
    head = titled_page(printing, title, notes, lay.title_size, lay.small_size, ink)
    page, x0, y, width = head.page, head.left, head.top, head.width
    cell = lay.record_cell
    block = SIZE * cell
    cols = 2
    gap_x = (width - cols * block) / (cols - 1)
    thin, thick = Style(stroke=ink, stroke_width=0.25), Style(stroke=ink, stroke_width=0.6)
    bottom = y
    for n in range(games or lay.record_grids):
        row, col = divmod(n, cols)
        gx, gy = x0 + col * (block + gap_x), y + 10 + row * (block + 30)
        page.add(Text(gx, gy - 2, "Deal ______" if deal_blank else f"Game {n + 1}", lay.text_size, BOLD, ink))
        for i in range(SIZE + 1):
            style = thick if i in (0, SIZE) else thin
            page.add(Line(gx + i * cell, gy, gx + i * cell, gy + block, style), Line(gx, gy + i * cell, gx + block, gy + i * cell, style))
        page.add(Text(gx, gy + block + 7, "Tiles placed ____    Score ____", lay.text_size, "Helvetica", ink))
        bottom = gy + block + 7
    page.room = room_below(bottom, printing)  # the file's notes fit under the grids: no sheet of their own
    if loose:
        _add_loose_tiles(page, printing, loose, bottom)
    return page


def _add_loose_tiles(page: Drawing, printing: Print, tiles: dict[int, Tile], above: float) -> None:
    """True-size tiles in a row at the foot of a page, their cut lines running on into the margin as crop marks."""
    sheet, lay = sheet_layout(), solitaire_layout()
    size = piecepack_layout().tile.size
    overhang = sheet.mark_offset + sheet.mark_length
    top = page.height - max(sheet.margin, sheet.mark_margin) - overhang - size  # cut lines end clear of where printers clip
    left = (page.width - len(tiles) * size) / 2
    note_y = top - overhang - 2
    if note_y - cap_height(lay.small_size) < above + 4 or left < sheet.margin + overhang:
        raise ValueError(f"{len(tiles)} loose tiles do not fit below the record grids on {printing.paper} paper")
    if page.room:  # what is left between the grids and the tiles' note
        x, y, w, _ = page.room
        page.room = (x, y, w, note_y - cap_height(lay.small_size) - sheet.page_inset - y)
    ids = sorted(tiles)
    what = f"Tile {ids[0]}" if len(ids) == 1 else f"Tiles {', '.join(map(str, ids))}"
    page.add(
        Text(
            page.width / 2,
            note_y,
            f"{what} of the deal: cut out along the solid lines; the grids above stay whole.",
            lay.small_size,
            "Helvetica",
            _ink(printing),
            "middle",
        )
    )
    corners = [(left + i * size, top) for i in range(len(ids))]
    for (x, y), tile_id in zip(corners, ids):
        page.add(group(*dealt_tile(tile_id, tiles[tile_id], printing=printing), at=(x, y)))
    page.add(*cut_lines(corners, size, printing, overhang))


def answer_page(printing: Print, title: str, notes: list[str], tiles: dict[int, Tile], layout: Layout) -> Drawing:
    """A best layout drawn as tiles in place (numbers and turns on labels), then as a `.layout` text."""
    lay = solitaire_layout()
    ink = _ink(printing)
    head = titled_page(printing, title, notes, lay.title_size, lay.small_size, ink)
    page, x0, y, width = head.page, head.left, head.top, head.width
    t = lay.diagram_tile
    page.add(*_answer_tiles(x0 + (width - SIZE * t) / 2, y, t, tiles, layout, lay.small_size, 0.8, printing))
    y += SIZE * t + 10
    page.add(Text(x0, y, "The same layout as a .layout file, to check with pnp solitaire score:", lay.small_size, "Helvetica", ink))
    for line in format_layout(layout).splitlines():
        y += 4.5
        page.add(Text(x0 + 5, y, line, lay.text_size, "Courier", ink))
    return page


def _answer_tiles(left: float, top: float, t: float, tiles: dict[int, Tile], layout: Layout, label_size: float, frame: float, printing: Print) -> list[Shape]:
    """A layout as tiles `t` mm square from (left, top), each turned as placed, framed, with its number
    and turn (`12@90`) on an upright label in its middle; an empty cell dashed."""
    ink = _ink(printing)
    k = t / piecepack_layout().tile.size
    shapes: list[Shape] = []
    for r, row in enumerate(layout):
        for c, placement in enumerate(row):
            x, y = left + c * t, top + r * t
            if placement is None:
                shapes.append(Rect(x, y, t, t, Style(stroke=ink, stroke_width=0.25, dash=(1, 1))))
                continue
            art = dealt_tile(placement.tile_id, tiles[placement.tile_id], printing=printing, numbered=False)
            turned = group(*art, transform=rotate(placement.deg, t / 2 / k, t / 2 / k))
            label = f"{placement.tile_id}@{placement.deg}" if placement.deg else str(placement.tile_id)
            shapes += [group(turned, at=(x, y), transform=scale(k)), Rect(x, y, t, t, Style(stroke=ink, stroke_width=frame))]
            shapes += _label(label, x + t / 2, y + t / 2, label_size, printing)
    return shapes


# The puzzle book: deals at reduced scale, for players who lay them out with their own piecepacks.


@dataclass(frozen=True)
class BookDeal:
    number: int
    tiles: dict[int, Tile]
    par: int  # the score to aim for, printed beside the deal
    difficulty: int
    answer: str  # the label of its answer at the back, e.g. "A7"


@dataclass(frozen=True)
class BookAnswer:
    label: str  # "A7", as the deal's header names it
    number: int  # the deal
    par: int
    note: str  # how sure the par is, tiles placed, difficulty: one short line
    tiles: dict[int, Tile]
    layout: Layout


def _book_deal_height() -> float:
    b = solitaire_layout().book
    return _book_header() + SIZE * b.tile + (SIZE - 2) * b.gap + b.pack_gap


def _book_header() -> float:
    return 2.2 * solitaire_layout().book.deal_size * MM_PER_PT


def book_page(printing: Print, deals: list[BookDeal], footnote: tuple[str, str]) -> Drawing:
    """Deals stacked down a page, each in its `.tiles` order, with a footnote of two lines on what par and difficulty mean."""
    sheet, lay = sheet_layout(), solitaire_layout()
    p = printing.size
    margin = sheet.margin + sheet.page_inset
    page = Drawing(p.width, p.height, title=", ".join(f"Pack Solitaire deal {d.number}" for d in deals))
    foot_y = p.height - margin
    room = foot_y - 2 * lay.small_size * MM_PER_PT - margin
    step = room / len(deals)
    if _book_deal_height() > step:
        raise ValueError(f"{len(deals)} book deals do not fit one {printing.paper} page")
    for i, entry in enumerate(deals):
        _book_deal(page, margin, margin + i * step, p.width - 2 * margin, entry, printing)
    for i, line in enumerate(reversed(footnote)):
        page.add(Text(margin, foot_y - i * lay.small_size * MM_PER_PT * 1.2, line, lay.small_size, "Helvetica", _ink(printing)))
    return page


def _book_deal(page: Drawing, x0: float, y0: float, width: float, entry: BookDeal, printing: Print) -> None:
    lay = solitaire_layout()
    b, ink = lay.book, _ink(printing)
    y = y0 + cap_height(b.deal_size)
    page.add(Text(x0, y, f"Deal {entry.number}", b.deal_size, BOLD, ink))
    page.add(
        Text(x0 + width, y, f"par {entry.par}  -  difficulty {entry.difficulty}  -  answer {entry.answer} at the back", lay.text_size, "Helvetica", ink, "end")
    )
    top = y0 + _book_header()
    grid_w = SIZE * b.tile + (SIZE - 1) * b.gap
    for i, tile_id in enumerate(sorted(entry.tiles)):
        r, c = divmod(i, SIZE)
        y = top + r * (b.tile + b.gap) + (b.pack_gap - b.gap if r >= 2 else 0)
        page.add(group(*_book_tile(tile_id, entry.tiles[tile_id], printing), at=(x0 + c * (b.tile + b.gap), y)))
    packs = (("Tiles 1-8: the first piecepack's 24 coins", 0), ("Tiles 9-16: the second piecepack's 24 coins", 2))
    for text, row in packs:
        mid = top + row * (b.tile + b.gap) + (b.pack_gap - b.gap if row >= 2 else 0) + b.tile + b.gap / 2
        page.add(Text(x0 + grid_w + 6, mid + cap_height(lay.small_size) / 2, text, lay.small_size, "Helvetica", ink))


def _book_tile(tile_id: int, tile: Tile, printing: Print) -> list[Shape]:
    """A tile at reduced scale: each coin shows its rank and, below it, its suit, so the right coin can be picked."""
    b, sch = solitaire_layout().book, scheme(printing)
    shapes = _tile_back(b.tile, 0.0, printing)
    shapes.append(Rect(0, 0, b.tile, b.tile, Style(stroke=sch.grid, stroke_width=0.2)))
    q = b.tile / 4
    for square, (cx, cy) in zip(tile, ((q, q), (3 * q, q), (q, 3 * q), (3 * q, 3 * q))):
        if square is None:
            continue
        shapes.append(Circle(cx, cy, b.coin / 2, Style(fill=sch.paper, stroke=sch.ink, stroke_width=0.2)))
        shapes += rank_mark(square.rank, cx, cy - 0.17 * b.coin, b.rank_size, sch.ink)
        shapes.append(suit_symbol(square.suit, cx, cy + 0.24 * b.coin, b.suit_size, Style(fill=sch.suit(square.suit))))
    return shapes + _id_badge(tile_id, b.tile / 2, b.tile / 2, b.id_size, printing)


def book_answers_page(printing: Print, answers: list[BookAnswer], footnote: str) -> Drawing:
    """Up to four answers in a 2 x 2 grid, in reading order, each headed by its label, deal and par
    with its note below, its layout drawn as tiles in place; a footnote on reading the labels."""
    sheet, lay = sheet_layout(), solitaire_layout()
    b, ink = lay.book, _ink(printing)
    if not 0 < len(answers) <= 4:
        raise ValueError(f"{len(answers)} answers for one page: a page holds one to four")
    p = printing.size
    margin = sheet.margin + sheet.page_inset
    page = Drawing(p.width, p.height, title=", ".join(f"Answer {a.label}" for a in answers))
    foot_y = p.height - margin
    cell_w = (p.width - 2 * margin - b.answer_gutter) / 2
    cell_h = (foot_y - 2 * lay.small_size * MM_PER_PT - margin - b.answer_gutter) / 2
    grid = SIZE * b.answer_tile
    title_y = cap_height(b.answer_title)  # from the top of a cell: the heading's baseline ...
    note_y = title_y + 1.3 * b.answer_title * MM_PER_PT  # ... the note's ...
    grid_y = note_y + 0.9 * lay.small_size * MM_PER_PT  # ... and the top of the tiles
    if grid > cell_w or grid_y + grid > cell_h:
        raise ValueError(f"four answers of {b.answer_tile:g} mm tiles do not fit one {printing.paper} page")
    for i, answer in enumerate(answers):
        row, col = divmod(i, 2)
        left = margin + col * (cell_w + b.answer_gutter) + (cell_w - grid) / 2
        top = margin + row * (cell_h + b.answer_gutter)
        page.add(Text(left, top + title_y, f"Answer {answer.label}: deal {answer.number} - par {answer.par}", b.answer_title, BOLD, ink))
        page.add(Text(left, top + note_y, answer.note, lay.small_size, "Helvetica", ink))
        page.add(*_answer_tiles(left, top + grid_y, b.answer_tile, answer.tiles, answer.layout, b.answer_label, 0.5, printing))
    page.add(Text(margin, foot_y, footnote, lay.small_size, "Helvetica", ink))
    return page


# `pnp solitaire show`: a layout as it lies on the table, every facing pair marked.

MARK_COLOURS = {"match": "#1B7F3B", "sum5": "#2358A6", "wild": "#6B6B6B", "invalid": "#C62828"}
MARK_RADIUS = 2.4  # mm: a mark fits between two facing coins (6.35 mm apart at true size)
MARK_SIZE = 10.0  # pt
KEY_HEIGHT = 12.0  # mm under the grid for the marks' key


@dataclass(frozen=True)
class ShownLayout:
    page: Drawing
    scale: float  # of the tiles: 1.0 is true size


def pair_mark(kind: Kind, x: float, y: float) -> list[Shape]:
    """A facing pair's mark centred on (x, y): its symbol (engine.MARKS) white on a disc of its colour."""
    size = MARK_SIZE
    return [
        Circle(x, y, MARK_RADIUS, Style(fill=MARK_COLOURS[kind], stroke="#FFFFFF", stroke_width=0.3)),
        Text(x, y + cap_height(size, BOLD) / 2, MARKS[kind], size, BOLD, "#FFFFFF", "middle"),
    ]


def pair_centre(pair: FacingPair, left: float, top: float, t: float) -> tuple[float, float]:
    """Where two facing squares meet: on the edge the two tiles share, level with the squares."""
    (ra, ca), (rb, cb) = pair.cell_a, pair.cell_b
    if ra == rb:  # side by side: the left tile's UR faces UL, its LR faces LL
        return left + cb * t, top + ra * t + (t / 4 if pair.square_a == UR else 3 * t / 4)
    return left + ca * t + (t / 4 if pair.square_a == LL else 3 * t / 4), top + rb * t  # one above the other


def show_layout_page(printing: Print, heading: list[str], tiles: dict[int, Tile], layout: Layout, pairs: list[FacingPair]) -> ShownLayout:
    """One page of the print's paper: the heading (a title, the outcome, then lines of notes), the tiles at true size if
    they fit the paper (else scaled, and the page says so), each facing pair marked, and the key."""
    sheet, lay = sheet_layout(), solitaire_layout()
    width, height = printing.size.width, printing.size.height
    margin = sheet.margin + GUARD  # inside the printable area, anti-aliased edges included
    room = width - 2 * margin
    size = piecepack_layout().tile.size
    page = Drawing(width, height, title=heading[0])
    title, *notes = heading
    y, texts = margin, []
    outcome, *notes = notes
    heads = [(title, BOLD, lay.text_size + 3), (outcome, BOLD, lay.text_size)] + [(note, "Helvetica", lay.small_size) for note in notes]
    for line, font, pt in heads + [("", "Helvetica", lay.small_size)]:  # the last: the scale, set below
        for part in wrap_cutting(line, font, pt, room):
            y += cap_height(pt, font)
            texts.append((part, font, pt, y))
            y += 0.75 * pt * MM_PER_PT
    top = y + 3.0
    k = min(1.0, room / (SIZE * size), (height - margin - top - KEY_HEIGHT) / (SIZE * size))
    k = 1.0 if k >= 1 else float(f"{k:.3f}")  # drawn at the scale the page prints
    *texts, (_, font, pt, scale_y) = texts
    page.add(*(Text(margin, at, part, pt, font, "#000000") for part, font, pt, at in texts))
    said = (
        "Tiles at true size (2 in, 50.8 mm): print at 100 %."
        if k >= 1
        else f"Tiles at {100 * k:.1f} % of true size: a 4 x 4 grid of 2 in tiles does not fit on {printing.paper.short} paper."
    )
    page.add(Text(margin, scale_y, said, pt, font, "#000000"))
    t = size * k
    left = margin + (room - SIZE * t) / 2
    page.add(*_answer_tiles(left, top, t, tiles, layout, lay.small_size, 0.5, printing))
    for pair in pairs:
        page.add(*pair_mark(pair.kind, *pair_centre(pair, left, top, t)))
    page.add(*_mark_key(margin, top + SIZE * t + KEY_HEIGHT / 2, room))
    return ShownLayout(page, k)


def _mark_key(left: float, mid: float, width: float) -> list[Shape]:
    """The four marks, each with what it means, one after another; a second row if one is not enough."""
    shapes: list[Shape] = []
    pt, gap = solitaire_layout().small_size, 6.0
    x, y = left, mid
    for kind in MARKS:
        w = 2 * MARK_RADIUS + 1.5 + width_mm(MEANINGS[kind], "Helvetica", pt)
        if x > left and x + w > left + width:
            x, y = left, y + 2 * MARK_RADIUS + 1.5
        shapes += pair_mark(kind, x + MARK_RADIUS, y)
        shapes.append(Text(x + 2 * MARK_RADIUS + 1.5, y + cap_height(pt) / 2, MEANINGS[kind], pt, "Helvetica", "#000000"))
        x += w + gap
    return shapes
