"""The Ley Lines rule sheet's figures, drawn from the board layout and the engine: the whole
board, an energy flow that scores (turn 2 of the README's example game) and a fork tie."""

from __future__ import annotations

from ...draw.markdown import Figure
from ...draw.shapes import Drawing, Group, Rect, Shape, Style, Text, scale, translate
from ...draw.text import BOLD, cap_height
from ...resources import deck_file
from .board import Space, board, name, neighbours
from .draw import View, board_shapes, position_shapes, print_layout, view
from .engine import HAND, Cairn, Position, cairn_rules, domino_rules, flow
from .files import load_record
from .game import ALL_PASSED, LAST_CAIRN, TOR_SPACING, replay

EXAMPLE = "ley-lines/example.leylines"
EXAMPLE_TURN = 2  # the turn on which the example's cairn scores
BOARD_SCALE = 0.25  # the whole board in the text
EDGE_LABEL = 5.5  # pt
HIGHLIGHT = "#C0392B"


def sheet_context() -> dict[str, object]:
    """The facts the rule sheet states, from the board layout and the rule engine's rules."""
    b = board()
    tiles = {island: sum(1 for t in b.tiles if t[0] == island) for island in ("Albion", "Eire")}
    (bridge,) = [(name(s), name(n)) for s, n in _bridges()]
    three, four = domino_rules(3), domino_rules(4)
    return {
        "tiles": len(b.tiles),
        "albion": tiles["Albion"],
        "eire": tiles["Eire"],
        "bridge": bridge,
        "last_column": chr(ord("a") + b.columns - 1),
        "rows": b.rows,
        "cairns": len(cairn_rules().items or []),
        "sixes": len(three.banned),
        "all_dominoes": four.total.exactly,
        "hand": HAND,
        "tor_spacing": TOR_SPACING,
        "last_cairn": LAST_CAIRN,
        "all_passed": ALL_PASSED,
    }


def figures() -> dict[str, Figure]:
    return {"board": board_figure(), "flow": flow_figure(), "tie": tie_figure()}


def board_figure() -> Figure:
    """The whole board at a quarter size: the print's geometry and island names, edge labels set
    again at a size that reads, and the one place the islands meet outlined."""
    v, lay = view(4), print_layout()
    b = board()
    shapes: list[Shape] = [s for s in board_shapes(v) if not isinstance(s, Text) or s.size == lay.island_label_size]
    (bridge,) = _bridges()
    mark = Style(stroke=HIGHLIGHT, stroke_width=0.6 / BOARD_SCALE)
    for space in bridge:
        x, y = v.corner(space)
        shapes.append(Rect(x, y, v.size, v.size, mark))
    labels: list[Shape] = []
    top, bottom = v.margin * BOARD_SCALE / 2, (v.height - v.margin / 2) * BOARD_SCALE
    for c in range(v.first_column, v.last_column + 1):
        x = v.centre((c, v.top_row))[0] * BOARD_SCALE
        labels += [_edge(x, top, name((c, 1))[0]), _edge(x, bottom, name((c, 1))[0])]
    for r in range(v.bottom_row, v.top_row + 1):
        y = v.centre((v.first_column, r))[1] * BOARD_SCALE
        labels += [_edge(v.margin * BOARD_SCALE / 2, y, str(r)), _edge((v.width - v.margin / 2) * BOARD_SCALE, y, str(r))]
    drawing = Drawing(v.width * BOARD_SCALE, v.height * BOARD_SCALE, [Group(tuple(shapes), scale(BOARD_SCALE)), *labels])
    albion = sum(1 for island, _ in b.tiles if island == "Albion")
    caption = (
        f"The board, a quarter of its size: {len(v.spaces)} spaces on {len(b.tiles)} face-down tiles. Albion ({albion} tiles) is the large island, "
        f"Eire ({len(b.tiles) - albion}) the small one; they meet only where {name(bridge[0])} touches {name(bridge[1])} (outlined). "
        "With 3 players only Albion is used."
    )
    return Figure(drawing, caption)


def _edge(x: float, y: float, text: str) -> Text:
    """A column letter or row number of the reduced board, centred on (x, y)."""
    return Text(x, y + cap_height(EDGE_LABEL, BOLD) / 2, text, EDGE_LABEL, BOLD, "#1A1A1A", "middle")


def _bridges() -> list[tuple[Space, Space]]:
    """Where a space of Eire touches a space of Albion, side by side."""
    b = board()
    return [(s, n) for s in sorted(b.spaces) for n in neighbours(s) if b.island[s] == "Eire" and b.island.get(n, "Eire") != "Eire"]


def flow_figure() -> Figure:
    game = replay(load_record(deck_file(EXAMPLE).read_bytes()).value, EXAMPLE_TURN)
    (e,) = [event.scored for event in game.events if event.turn == EXAMPLE_TURN]
    v = view(3)
    caption = (
        f"Moons have just laid 3-5 on k4 k5. The suns cairn worth {e.value} on h4 (dashed) sends its energy through "
        f"{len(e.path)} halves, 1, 2, 3, into the suns tor on l4: the same suit, so it scores {e.value} + {len(e.path)} x 2 = {e.points}. "
        f"Attenuation then removes the 1-2 (dashed), no higher than {e.value} on either half; the 3-5 stays."
    )
    return Figure(_crop(v, position_shapes(v, game.pos, [e]), ((7, 2), (13, 7))), caption)


def tie_figure() -> Figure:
    pos = Position(view(3).spaces)
    pos.cairns[(10, 5)] = Cairn("S", 2)
    pos.tors[(13, 5)] = "M"
    pos.place((11, 5), 3, (12, 5), 6)
    pos.place((10, 4), 3, (9, 4), 2)
    stop = flow(pos, (10, 5))
    v = view(3)
    caption = (
        f"A tie: the cairn on j5 is beside two 3s, on {' and '.join(name(s) for s in stop.tied)}. By pnp's rule its energy stops "
        "there and it does not score, although 3 then 6 would lead to the tor on m5. Purple lines show where each cairn's energy runs."
    )
    return Figure(_crop(v, position_shapes(v, pos), ((8, 3), (13, 6))), caption)


def _crop(v: View, shapes: list[Shape], corners: tuple[Space, Space]) -> Drawing:
    """The part of the board between two corner spaces (south-west, north-east), framed."""
    (x0, y0), (x1, y1) = v.corner((corners[0][0], corners[1][1])), v.corner((corners[1][0], corners[0][1]))
    w, h = x1 + v.size - x0, y1 + v.size - y0
    clip = Rect(x0, y0, w, h, Style())
    # Labels outside the crop are left out, not just clipped: hidden text would still be found and copied.
    # So are the islands' large names, which a close-up would cut through.
    big = print_layout().island_label_size
    inside = [s for s in board_shapes(v) + shapes if not isinstance(s, Text) or (s.size != big and x0 <= s.x <= x0 + w and y0 <= s.y <= y0 + h)]
    return Drawing(w, h, [Group(tuple(inside), translate(-x0, -y0), clip), Rect(0, 0, w, h, Style(stroke="#1A1A1A", stroke_width=0.3))])
