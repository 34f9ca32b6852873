"""A two-player game's position on one page: the table, both players' cards off it, the last action.

The page is the record's view: it knows everything, so face-down cards show what they really
are and both hands are shown (the legend says so). Cards on the table are small faces in the
printed cards' colours, scaled to fit the occupied part of the grid; owners are told apart by
colour and by a mark (a disc lettered A, a square lettered B), so the page reads in black and white.
"""

from __future__ import annotations

from collections import Counter

from pnp.core.layouts import sheet_layout
from pnp.core.printing import Print
from pnp.draw.poster import GUARD
from pnp.draw.shapes import Circle, Drawing, Line, Rect, Shape, Style, Text, group
from pnp.draw.text import BOLD, MM_PER_PT, REGULAR, cap_height, width_mm, wrap_cutting

from . import GAME
from .draw import accent, card_layout, deck_colour, deck_letter, signed
from .rules.actions import Action, Decline, Dominate, Draw, FaceDown, Pass, Pick, Play, Shuffle
from .rules.catalogue import catalogue
from .rules.game import ACTIONS_PER_TURN, Game, in_order
from .rules.records import cell_name
from .rules.table import FACE_DOWN_VALUE, Cell, Piece, base_value, printed_values

SMALL = 6.0  # pt: the smallest text on the page, and every card's small print
NOTE = 7.5  # pt: the lines under the title and the players' lines
TITLE = 13.0  # pt
LEADING = 1.35  # line pitch over the text size
ASPECT = 88 / 63  # a card's height over its width, as printed
GAP = 0.22  # between two cards of the table, over a card's width: room for the last action's outline
HAND_CARD = 9.0  # mm: the width of a card in a hand
MOST_CARD = 22.0  # mm: the widest a table card is drawn, on a small table
PEEK = 0.24  # how much of a covered card shows beside the 6 over it, over the card's size
PAPER, GRID = "#ffffff", "#d0d0d0"
MARK = "#CC79A7"  # Okabe-Ito reddish purple: the last action, apart from both players' colours
MARK_WIDTH = 0.8  # mm: its outline, the page's thickest line
BW_PLAYERS = ("#1a1a1a", "#707070")


class Palette:
    """The page's colours: the printed cards' own, or ink and greys for black and white."""

    def __init__(self, printing: Print) -> None:
        lay = card_layout()
        self.bw = printing.bw
        self.ink = lay.colours.ink
        self.players = BW_PLAYERS if self.bw else tuple(deck_colour(p, lay) for p in range(2))
        self.mark = self.ink if self.bw else MARK

    def accent(self, card: str) -> str:
        return PAPER if self.bw else accent(catalogue()[card], card_layout())

    def tint(self, colour: str, amount: float) -> str:
        """`colour` mixed with white."""
        r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
        return "#" + "".join(f"{round(v + (255 - v) * amount):02x}" for v in (r, g, b))


# --- one small card -----------------------------------------------------------------------------


def _badge(x: float, y: float, owner: int, pal: Palette) -> list[Shape]:
    """The owner's mark, its top-left corner at (x, y): A on a disc, B on a square."""
    d = cap_height(SMALL, BOLD) + 1.4
    style = Style(fill=pal.players[owner])
    shape: Shape = Circle(x + d / 2, y + d / 2, d / 2, style) if owner == 0 else Rect(x, y, d, d, style, radius=0.2)
    letter = Text(x + d / 2, y + d / 2 + cap_height(SMALL, BOLD) / 2, deck_letter(owner), SMALL, BOLD, PAPER, "middle")
    return [shape, letter]


def badge_size() -> float:
    return cap_height(SMALL, BOLD) + 1.4


def _value_size(w: float, h: float) -> float:
    """The corner value's size: about a fifth of the card's height, never under SMALL."""
    return max(SMALL, min(20.0, 0.2 * h / (0.72 * MM_PER_PT)))


def card_face(x: float, y: float, w: float, piece: Piece, now: int | None, pal: Palette) -> list[Shape]:
    """A small face, top-left at (x, y), `w` wide: the value top left (as printed), the price top
    right, the owner's mark bottom left, and `now`, the value in play where it differs from the
    printed one, bottom right; a face-down card is its back, with the card it really is on it."""
    h = w * ASPECT
    colour = pal.players[piece.owner]
    inset = max(0.8, 0.08 * w)
    frame = min(0.6, max(0.35, 0.045 * w))  # thinner than the last action's outline, which it must not be taken for
    if piece.face_down:
        shapes: list[Shape] = [Rect(x, y, w, h, Style(fill=colour), radius=0.08 * w)]
        shapes += _stripes(x, y, w, h)
        size = _value_size(w, h)
        pw, ph = width_mm(piece.card, BOLD, size) + 2 * inset, cap_height(size, BOLD) + 2 * inset
        px, py = x + (w - pw) / 2, y + (h - ph) / 2
        shapes.append(Rect(px, py, pw, ph, Style(fill=PAPER, stroke=pal.ink, stroke_width=0.2), radius=0.5))
        shapes.append(Text(x + w / 2, py + inset + cap_height(size, BOLD), piece.card, size, BOLD, pal.ink, "middle"))
        printed = FACE_DOWN_VALUE
    else:
        shapes = [Rect(x + frame / 2, y + frame / 2, w - frame, h - frame, Style(fill=PAPER, stroke=colour, stroke_width=frame), radius=0.08 * w)]
        printed = printed_values()[piece.card]
        big = min(0.42 * h, 0.8 * w) / (0.72 * MM_PER_PT)  # the pale numeral in the middle, as printed
        mid = y + 0.56 * h + cap_height(big, BOLD) / 2
        shapes.append(Text(x + w / 2, mid, piece.card, big, BOLD, pal.tint(colour, 0.8), "middle"))
        size = _value_size(w, h)
        shapes.append(Text(x + inset + frame / 2, y + inset + frame / 2 + cap_height(size, BOLD), piece.card, size, BOLD, pal.ink))
        shapes += _price(x + w - inset - frame / 2, y + inset + frame / 2, piece.card, w - 2 * inset - width_mm(piece.card, BOLD, size) - 1, pal)
    b = badge_size()
    shapes += _badge(x + inset, y + h - inset - b, piece.owner, pal)
    if now is not None and now != printed:
        shapes += _now(x + w - inset, y + h - inset - b, b, now, w - 2 * inset - b - 0.6, pal)
    return shapes


def _stripes(x: float, y: float, w: float, h: float) -> list[Shape]:
    """The back's diagonal power lines, kept inside the card."""
    shapes: list[Shape] = []
    step = max(1.6, w / 5)
    t = step / 2
    while t < w + h:
        x0, y0 = x + max(0.0, t - h), y + min(h, t)
        x1, y1 = x + min(w, t), y + max(0.0, t - w)
        if abs(x1 - x0) > 0.4:
            shapes.append(Line(x0, y0, x1, y1, Style(stroke=PAPER, stroke_width=0.3)))
        t += step
    return shapes


def _price(right: float, top: float, card: str, room: float, pal: Palette) -> list[Shape]:
    """The price as the rules write it, on a chip of its kind's colour; left out where it does not fit."""
    text = signed(catalogue()[card].price or 0)
    tw = width_mm(text, BOLD, SMALL)
    cw, ch = tw + 1.0, cap_height(SMALL, BOLD) + 1.0
    if cw > room:
        return []
    return [
        Rect(right - cw, top, cw, ch, Style(fill=pal.accent(card), stroke=pal.ink, stroke_width=0.15), radius=0.3),
        Text(right - cw / 2, top + 0.5 + cap_height(SMALL, BOLD), text, SMALL, BOLD, pal.ink, "middle"),
    ]


def _now(right: float, top: float, h: float, value: int, room: float, pal: Palette) -> list[Shape]:
    """The value in play, white on a dark pill: `now 9`, or `=9` where the card is narrow."""
    text = f"now {value}" if width_mm(f"now {value}", BOLD, SMALL) + 1.2 <= room else f"={value}"
    pw = width_mm(text, BOLD, SMALL) + 1.2
    return [
        Rect(right - pw, top, pw, h, Style(fill=pal.ink), radius=h / 2),
        Text(right - pw / 2, top + h / 2 + cap_height(SMALL, BOLD) / 2, text, SMALL, BOLD, PAPER, "middle"),
    ]


def base_face(x: float, y: float, w: float, owner: int, pal: Palette) -> list[Shape]:
    """A player's Base: a card in the owner's colour, its value and BASE on a white plate."""
    h = w * ASPECT
    colour = pal.players[owner]
    inset = max(0.8, 0.08 * w)
    size = _value_size(w, h)
    plate_h = cap_height(size, BOLD) + cap_height(SMALL, BOLD) + 3 * inset
    py = y + (h - plate_h) / 2
    shapes: list[Shape] = [
        Rect(x, y, w, h, Style(fill=colour), radius=0.08 * w),
        Rect(x + inset, py, w - 2 * inset, plate_h, Style(fill=PAPER), radius=0.5),
        Text(x + w / 2, py + inset + cap_height(size, BOLD), str(base_value()), size, BOLD, pal.ink, "middle"),
        Text(x + w / 2, py + plate_h - inset, "BASE", SMALL, BOLD, pal.ink, "middle"),
    ]
    b = badge_size()
    return shapes + [Circle(x + inset + b / 2, y + h - inset - b / 2, b / 2 + 0.4, Style(fill=PAPER))] + _badge(x + inset, y + h - inset - b, owner, pal)


# --- the table ----------------------------------------------------------------------------------


def marked_cells(last: Action | None) -> dict[Cell, bool]:
    """The cells the last action acted on, each True where a card arrived (False: one left)."""
    if isinstance(last, (FaceDown, Play)):
        return {last.cell: True}
    if isinstance(last, (Dominate, Pick)):
        return {last.cell: False}
    return {}


def extent(game: Game, last: Action | None) -> tuple[int, int, int, int]:
    """The cells drawn (x0, y0, x1, y1, inclusive): every card, both Bases and the last action's
    cells, with a cell of room round them."""
    cells = [*game.table.tops, *game.table.bases, *marked_cells(last)]
    xs, ys = [c[0] for c in cells], [c[1] for c in cells]
    return min(xs) - 1, min(ys) - 1, max(xs) + 1, max(ys) + 1


def table_shapes(game: Game, last: Action | None, x: float, y: float, w: float, pal: Palette) -> list[Shape]:
    """The table, top-left at (x, y), each card `w` wide: faint cells with their numbers round the
    edge, the cards, and the last action's cells outlined."""
    x0, y0, x1, y1 = extent(game, last)
    h, gap = w * ASPECT, GAP * w
    pitch_x, pitch_y = w + gap, h + gap
    label = cap_height(SMALL) + 1.0  # the column numbers above, the row numbers at the left
    left = x + width_mm("-00", REGULAR, SMALL) + 0.8

    def at(cell: Cell) -> tuple[float, float]:
        return left + (cell[0] - x0) * pitch_x + gap / 2, y + label + (cell[1] - y0) * pitch_y + gap / 2

    grey = Style(stroke=GRID, stroke_width=0.15)
    shapes: list[Shape] = []
    for cx in range(x0, x1 + 1):
        px, _ = at((cx, y0))
        shapes.append(Text(px + w / 2, y + cap_height(SMALL), str(cx), SMALL, REGULAR, pal.ink, "middle"))
        for cy in range(y0, y1 + 1):
            shapes.append(Rect(*at((cx, cy)), w, h, grey, radius=0.08 * w))
    for cy in range(y0, y1 + 1):
        _, py = at((x0, cy))
        shapes.append(Text(left - 0.8, py + h / 2 + cap_height(SMALL) / 2, str(cy), SMALL, REGULAR, pal.ink, "end"))
    table = game.table
    for owner, cell in enumerate(table.bases):
        shapes += base_face(*at(cell), w, owner, pal)
    for cell, piece in table.tops.items():
        px, py = at(cell)
        below = table.under.get(cell, ())
        if below:  # the covered card up and left, the card over it down and right, both smaller
            small = w * (1 - PEEK)
            shapes += card_face(px, py, small, below[-1], None, pal)
            px, py, size = px + w - small, py + h - small * ASPECT, small
        else:
            size = w
        shapes += card_face(px, py, size, piece, table.value(cell), pal)
    pad = gap * 0.4
    for cell, arrived in marked_cells(last).items():
        px, py = at(cell)
        dash = None if arrived else (1.2, 0.8)
        shapes.append(Rect(px - pad, py - pad, w + 2 * pad, h + 2 * pad, Style(stroke=pal.mark, stroke_width=MARK_WIDTH, dash=dash), radius=0.1 * w + pad))
    return shapes


def table_size(game: Game, last: Action | None, w: float) -> tuple[float, float]:
    """The table's width and height in mm, cards `w` wide, numbers round the edge included."""
    x0, y0, x1, y1 = extent(game, last)
    gap = GAP * w
    left = width_mm("-00", REGULAR, SMALL) + 0.8
    return left + (x1 - x0 + 1) * (w + gap), cap_height(SMALL) + 1.0 + (y1 - y0 + 1) * (w * ASPECT + gap)


# --- in words -----------------------------------------------------------------------------------


def player_name(p: int) -> str:
    return f"player {deck_letter(p)}"


def action_words(game: Game, action: Action) -> str:
    """What `action` did, as a line says it: "play 7 on 5,0 (discarding 3)"."""
    if isinstance(action, FaceDown):
        return f"place {action.card} face down on {cell_name(action.cell)}"
    if isinstance(action, Play):
        extra = []
        if action.discards:
            extra.append("discarding " + ", ".join(action.discards))
        if action.friendly is not None:
            extra.append(f"discarding the friendly on {cell_name(action.friendly)}")
        if action.trash is not None:
            extra.append(f"trashing a {action.trash} from the opponent's discard pile")
        return f"play {action.card} on {cell_name(action.cell)}" + (f" ({'; '.join(extra)})" if extra else "")
    if isinstance(action, Dominate):
        return f"dominate {cell_name(action.cell)}" + (" (a Base)" if action.cell in game.table.bases else "")
    if isinstance(action, Pick):
        return f"card 2's pick: discard the card on {cell_name(action.cell)}"
    if isinstance(action, Draw):
        return "draw a card"
    if isinstance(action, Shuffle):
        return "shuffle the discard pile into the deck"
    if isinstance(action, Pass):
        return "pass"
    assert isinstance(action, Decline)
    return "let an optional effect go"


def last_words(game: Game, last: Action | None) -> str:
    """The last action and the turn it was in. The game says whose turn that was, not who chose
    (card 2's pick and card 4's draw are the other player's), so answers say only whose turn."""
    if last is None:
        return "Last action: none yet"
    if isinstance(last, FaceDown):
        return f"Set-up, {player_name(game.table.tops[last.cell].owner)}: {action_words(game, last)}"
    turn, player = game.turn, game.player
    ended = game.result is None and not game.pending and game.fresh and game.actions == ACTIONS_PER_TURN
    if ended or (game.result is not None and game.result.ending == "turn-cap"):
        turn -= 1
        player = 1 - player if ended else player
    whose = player_name(player) if isinstance(last, (Play, Dominate, Shuffle, Pass)) else f"{player_name(player)}'s turn"
    return f"Turn {turn}, {whose}: {action_words(game, last)}"


ENDINGS = {"base": "a Base dominated", "out-of-cards": "both players out of cards", "all-passed": "both players passed", "turn-cap": "the turn limit"}
PENDING = {"seven": "card 7's free domination", "nine": "card 9's free play", "two": "card 2's pick", "four": "card 4's draw"}


def now_words(game: Game) -> str:
    """Where the game stands: over, in the set-up, or whose action it is."""
    result = game.result
    if result is not None:
        won = "a draw" if result.winner is None else f"{player_name(result.winner)} wins"
        return f"Game over after turn {min(game.turn, game.variant.turn_cap)}: {won} ({ENDINGS[result.ending]})"
    if game.turn == 0:
        left = game.placing[game.player]
        return f"Set-up: {player_name(game.player)} to place a card face down ({left} still to place)"
    now = f"Now: turn {game.turn}, {player_name(game.player)}'s turn, {game.actions} action{'s' * (game.actions != 1)} left"
    if game.pending:
        kind, p, cell = game.pending[0]
        now += f"; {player_name(p)} to answer {PENDING[kind]} (the card on {cell_name(cell)})"
    return now


LEGEND = (
    "Each card: its value top left, its price top right (on its kind's colour), its owner's mark bottom left "
    '(A on a disc, B on a square, in the deck\'s colour); "now 9" or "=9": its value in play, where it differs from the printed one. '
    "Striped: a card face down (value 5, no effect); this page shows everything the record holds, so the number on it is the card it really is, "
    "and both hands are shown. A 6 over an enemy: the covered card peeks out above and left of it. "
    "Outlined: the last action's cell (dashed: a card taken off it). Cells are numbered x,y; the Bases stand on 0,0 and {far},0."
)


# --- the page -----------------------------------------------------------------------------------


def _line_pitch(size: float) -> float:
    return LEADING * size * MM_PER_PT


def _lines(x: float, y: float, texts: list[tuple[str, str, float, str]], width: float) -> tuple[list[Shape], float]:
    """Lines (text, font, size, colour) wrapped to `width`, the first baseline a cap height below
    `y`; the shapes and the y under the last line."""
    shapes: list[Shape] = []
    for text, font, size, colour in texts:
        for line in wrap_cutting(text, font, size, width):
            y += cap_height(size, font)
            shapes.append(Text(x, y, line, size, font, colour))
            y += _line_pitch(size) - cap_height(size, font)
    return shapes, y


def side_panel(game: Game, p: int, x: float, y: float, width: float, pal: Palette) -> tuple[list[Shape], float]:
    """A player's cards off the table: their counts, the hand as cards (copies counted), the
    discard and trash piles by card. The shapes and the y under them."""
    side = game.sides[p]
    b = badge_size()
    acting = game.result is None and game.to_move == p
    head = f"Player {deck_letter(p)}" + (" (to act)" if acting else "")
    counts = f"hand {side.hand_size}, deck {len(side.deck)}, discard {len(side.discard)}, trash {len(side.trash)}"
    shapes: list[Shape] = _badge(x, y, p, pal)
    shapes.append(Text(x + b + 1.2, y + b / 2 + cap_height(NOTE, BOLD) / 2, head, NOTE, BOLD, pal.ink))
    hx = x + b + 2.4 + width_mm(head, BOLD, NOTE)
    shapes.append(Text(hx, y + b / 2 + cap_height(NOTE, BOLD) / 2, counts, NOTE, REGULAR, pal.ink))
    y += max(b, _line_pitch(NOTE)) + 1.0
    hand = Counter(side.hand)
    kinds = in_order(list(hand))
    gap = 1.6
    w = min(HAND_CARD, (width + gap) / max(len(kinds), 1) - gap)
    for i, card in enumerate(kinds):
        cx = x + i * (w + gap)
        shapes += card_face(cx, y, w, Piece(card, p), None, pal)
        if hand[card] > 1:
            shapes.append(Text(cx + w / 2, y + w * ASPECT + 0.8 + cap_height(SMALL, BOLD), f"x{hand[card]}", SMALL, BOLD, pal.ink, "middle"))
    if kinds:
        y += w * ASPECT + 1.6 + cap_height(SMALL) + 0.8
    else:
        shapes.append(Text(x, y + cap_height(SMALL), "no cards in hand", SMALL, REGULAR, pal.ink))
        y += _line_pitch(SMALL)
    piles = [
        (f"Discard: {' '.join(in_order(side.discard)) or 'none'}", REGULAR, NOTE, pal.ink),
        (f"Trash: {' '.join(in_order(side.trash)) or 'none'}", REGULAR, NOTE, pal.ink),
    ]
    more, y = _lines(x, y, piles, width)
    return shapes + more, y


def table_page(game: Game, last: Action | None, name: str, printing: Print) -> Drawing:
    """The position of `game` after `last` (None: nothing played yet), titled `name` (the file and
    the turn), on one page of the print's paper, turned whichever way gives the table's cards the most room: a heading, the table scaled
    to fit, each player's cards off the table, and a legend."""
    pal = Palette(printing)
    margin = sheet_layout().margin + GUARD  # anti-aliased edges included
    paper = printing.size
    best: tuple[float, float, float, list[Shape], float, float] | None = None
    for pw, ph in ((paper.height, paper.width), (paper.width, paper.height)):  # landscape first: the table is a long row
        shapes, top, bottom = _frame(game, last, name, pw, ph, margin, pal)
        w = _card_width(game, last, pw - 2 * margin, bottom - top)
        if best is None or w > best[0] + 1e-9:
            best = (w, pw, ph, shapes, top, bottom)
    assert best is not None
    w, pw, ph, shapes, top, bottom = best
    page = Drawing(pw, ph, title=f"{name}: {GAME.made_by}")
    page.add(*shapes)
    tw, th = table_size(game, last, w)
    page.add(*table_shapes(game, last, (pw - tw) / 2, top + (bottom - top - th) / 2, w, pal))
    return page


def _card_width(game: Game, last: Action | None, room_w: float, room_h: float) -> float:
    """The widest table card (up to MOST_CARD) that fits a room of `room_w` x `room_h` mm."""
    unit_w, unit_h = table_size(game, last, 1.0)
    fixed_w, fixed_h = table_size(game, last, 0.0)  # the numbers round the edge do not scale
    return min(MOST_CARD, (room_w - fixed_w) / (unit_w - fixed_w), (room_h - fixed_h) / (unit_h - fixed_h))


def _frame(game: Game, last: Action | None, name: str, pw: float, ph: float, margin: float, pal: Palette) -> tuple[list[Shape], float, float]:
    """Everything but the table on a `pw` x `ph` page: the heading at the top; at the bottom the
    two players side by side over the legend. The shapes, and the top and bottom of the room left."""
    room = pw - 2 * margin
    heading = [
        (name, BOLD, TITLE, pal.ink),
        (f"{GAME.made_by}: a two-player game's position", REGULAR, NOTE, pal.ink),
        (last_words(game, last), BOLD, NOTE, pal.mark),
        (now_words(game), REGULAR, NOTE, pal.ink),
    ]
    shapes, y = _lines(margin, margin, heading, room)
    legend, legend_h = _lines(0.0, 0.0, [(LEGEND.format(far=game.table.bases[1][0]), REGULAR, SMALL, pal.ink)], room)
    gutter = 6.0
    half = (room - gutter) / 2
    panels = [side_panel(game, p, margin + p * (half + gutter), 0.0, half, pal) for p in range(2)]
    top = ph - margin - legend_h - 2.0 - max(bottom for _, bottom in panels)
    shapes += [group(*panel, at=(0.0, top)) for panel, _ in panels]
    shapes.append(group(*legend, at=(margin, ph - margin - legend_h)))
    shapes.append(Line(margin, top - 2.0, pw - margin, top - 2.0, Style(stroke=GRID, stroke_width=0.2)))
    return shapes, y + 1.0, top - 4.0
