"""The Ley Lines rule sheet's figures, drawn from the board layout and the engine: the whole
board, an energy flow that scores (turn 2 of the README's example game) and a fork tie."""

from __future__ import annotations

from ...draw.shapes import Drawing, Group, Rect, Shape, Style, Text, translate
from ...resources import deck_file
from ...rulesheets import Figure
from .board import Space, board, name, neighbours
from .draw import View, board_shapes, position_shapes, view
from .engine import HAND, Cairn, Position, cairn_rules, domino_rules, flow
from .files import load_record
from .game import ALL_PASSED, LAST_CAIRN, TOR_SPACING, replay

EXAMPLE = "ley-lines/example.leylines"
EXAMPLE_TURN = 2  # the turn on which the example's cairn scores


def sheet_context() -> dict[str, object]:
    """The facts the rule sheet states, from the board layout and the rule engine's rules."""
    b = board()
    tiles = {island: sum(1 for t in b.tiles if t[0] == island) for island in ("Albion", "Eire")}
    (bridge,) = [(name(s), name(n)) for s in sorted(b.spaces) for n in neighbours(s) if b.island.get(n, b.island[s]) != b.island[s] and b.island[s] == "Eire"]
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
    v = view(4)
    drawing = Drawing(v.width, v.height, [Group(tuple(board_shapes(v)))])
    caption = (
        f"The board, reduced: {len(v.spaces)} spaces of 1 inch on 24 face-down tiles. Albion is the large island, Eire the small one; "
        "they touch only where e10 meets f10. With 3 players only Albion is used."
    )
    return Figure(drawing, caption)


def flow_figure() -> Figure:
    game = replay(load_record(deck_file(EXAMPLE).read_bytes()), EXAMPLE_TURN)
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
    inside = [s for s in board_shapes(v) + shapes if not isinstance(s, Text) or (x0 <= s.x <= x0 + w and y0 <= s.y <= y0 + h)]
    return Drawing(w, h, [Group(tuple(inside), translate(-x0, -y0), clip), Rect(0, 0, w, h, Style(stroke="#1A1A1A", stroke_width=0.3))])
