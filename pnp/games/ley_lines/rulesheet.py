"""The Ley Lines rule sheet: the text from its template, then figures pnp draws itself:
the whole board, an energy flow that scores (the README's example game) and a fork tie."""

from __future__ import annotations

from ...draw.shapes import Drawing, Group, Rect, Shape, Style, Text, compose, scale, translate
from ...draw.text import BOLD, MM_PER_PT, cap_height, wrap
from ...layouts import sheet_layout
from ...resources import deck_file
from ...rulesheets import parse, render_template, typeset
from .board import Space
from .engine import Cairn, Position, flow
from .files import load_record
from .draw import View, board_shapes, position_shapes, view
from .game import ALL_PASSED, LAST_CAIRN, TOR_SPACING, replay

EXAMPLE = "ley-lines/example.leylines"
EXAMPLE_TURN = 2  # the turn on which the example's cairn scores


def rule_pages(paper: str) -> list[Drawing]:
    text = render_template(
        "rules/ley-lines.md.j2",
        designer="James Kyle",
        tor_spacing=TOR_SPACING,
        last_cairn=LAST_CAIRN,
        all_passed=ALL_PASSED,
    )
    return typeset(parse(text), paper) + figure_pages(paper)


def figure_pages(paper: str) -> list[Drawing]:
    sheet = sheet_layout()
    size = sheet.paper[paper]
    margin = sheet.margin + 10
    width = size.width - 2 * margin
    board_page = Drawing(size.width, size.height, title="Ley Lines figures")
    y = _heading(board_page, "Figure 1: the board (a reconstruction)", margin, margin)
    v = view(4)
    room = size.height - margin - y - 25
    k = min(width / v.width, room / v.height)
    board_page.add(Group(tuple(board_shapes(v)), compose(translate(margin + (width - k * v.width) / 2, y), scale(k))))
    y += k * v.height + 4
    _caption(
        board_page,
        "24 face-down tiles make 96 spaces: 18 tiles form Albion, 6 form Eire, and the islands touch only where e10 meets f10. "
        "With 3 players, only Albion is used. Columns a-m run west to east, rows 1-15 south to north.",
        margin,
        y,
        width,
    )

    flows = Drawing(size.width, size.height, title="Ley Lines figures")
    y = _heading(flows, "Figure 2: an energy flow that scores", margin, margin)
    game = replay(load_record(deck_file(EXAMPLE).read_bytes()), EXAMPLE_TURN)
    scored = [e.scored for e in game.events if e.turn == EXAMPLE_TURN]
    v3 = view(3)
    y = _crop(flows, v3, position_shapes(v3, game.pos, scored), ((7, 2), (13, 7)), margin, y, width, 0.55)
    (e,) = scored
    y = _caption(
        flows,
        f"From the example game (README): moons lay 3-5 on k4 k5. The suns cairn worth {e.value} on h4 (dashed) now sends its energy "
        f"0, 1, 2, 3 and into the suns tor on l4: the same suit, so {e.value} + {len(e.path)} x 2 = {e.points} points. "
        "The 1-2 domino (dashed) is no higher than 3 on either half, so attenuation removes it; the 3-5 stays.",
        margin,
        y,
        width,
    )
    y = _heading(flows, "Figure 3: a fork tie stops the energy", margin, y + 8)
    tie = _tie_example()
    y = _crop(flows, v3, position_shapes(v3, tie), ((8, 3), (13, 6)), margin, y, width, 0.55)
    stop = flow(tie, (10, 5))
    _caption(
        flows,
        f"The rules do not say what happens when two neighbours share the highest value. pnp's rule: the energy stops there. "
        f"Here the cairn on j5 faces a 3 on k5 and a 3 on j4 ({stop.stop}), so it does not score, although 3 then 6 leads to the tor on m5. "
        f"Purple lines show where each cairn's energy runs now.",
        margin,
        y,
        width,
    )
    return [board_page, flows]


def _tie_example() -> Position:
    pos = Position(view(3).spaces)
    pos.cairns[(10, 5)] = Cairn("S", 2)
    pos.tors[(13, 5)] = "M"
    pos.place((11, 5), 3, (12, 5), 6)
    pos.place((10, 4), 3, (9, 4), 2)
    return pos


def _heading(page: Drawing, text: str, x: float, y: float) -> float:
    size = 12
    page.add(Text(x, y + cap_height(size), text, size, BOLD))
    return y + cap_height(size) + 4


def _caption(page: Drawing, text: str, x: float, y: float, width: float) -> float:
    size = 9
    for line in wrap(text, "Helvetica", size, width) or [text]:
        y += 1.4 * size * MM_PER_PT
        page.add(Text(x, y, line, size))
    return y


def _crop(page: Drawing, v: View, shapes: list[Shape], corners: tuple[Space, Space], x: float, y: float, width: float, k: float) -> float:
    """The part of the board between two corner spaces (south-west, north-east), reduced by k; returns the y below it."""
    (x0, y0), (x1, y1) = v.corner((corners[0][0], corners[1][1])), v.corner((corners[1][0], corners[0][1]))
    x1, y1 = x1 + v.size, y1 + v.size
    w, h = k * (x1 - x0), k * (y1 - y0)
    left = x + (width - w) / 2
    clip = Rect(x0, y0, x1 - x0, y1 - y0, Style())
    page.add(Group(tuple(board_shapes(v) + shapes), compose(translate(left - k * x0, y - k * y0), scale(k)), clip))
    page.add(Rect(left, y, w, h, Style(stroke="#1A1A1A", stroke_width=0.3)))
    return y + h + 2
