"""The Power Lines card game's rule sheet figures: a printed card with its parts named, and the
table at set-up, the two Bases the rules' distance apart with each player's face-down cards."""

from __future__ import annotations

from ...draw.markdown import Figure
from ...draw.shapes import Circle, Drawing, Line, Rect, Shape, Style, Text, group, polygon, scale
from ...draw.text import BOLD, REGULAR, cap_height
from ...resources import deck_file
from . import draw
from .catalogue import catalogue
from .engine import load_deck, load_format

# Numbers of the set-up and the turn, as the rules give them: the text and the sketch share them.
BASE_GAP = 11  # card lengths between the two Bases
HAND = 8
FACE_DOWN = 3  # cards each player places face down before the first turn
FACE_DOWN_VALUE = 5
ACTIONS = 3
SAMPLE = "7"  # the card whose anatomy is shown

INK, FAINT = "#1A1A1A", "#7A7A7A"
LABEL = 7.5  # pt
SHOWN = 0.36  # the sample card's scale


def sheet_context() -> dict[str, object]:
    cat = catalogue()
    return {
        "base": cat.base,
        "cards": cat.kinds,
        "deck_size": load_format().total.exactly,  # the standard format the rule engine checks decks against
        "price_words": draw.price_words,
        "signed": draw.signed,
        "base_gap": BASE_GAP,
        "hand": HAND,
        "face_down": FACE_DOWN,
        "face_down_value": FACE_DOWN_VALUE,
        "actions": ACTIONS,
        "starter": starter_words(),
    }


NUMBER_WORDS = ("none", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def starter_words() -> str:
    """The deck pnp prints by default (the rules' suggested deck), in words: "two each of 0, 1 and 2;
    three each of 3 and 4", the counts in the order the catalogue first meets them."""
    counts = load_deck(deck_file("starter.deck")).counts
    by_count: dict[int, list[str]] = {}
    for kind in catalogue().kinds:
        if counts.get(kind.name):
            by_count.setdefault(counts[kind.name], []).append(kind.name)
    parts = []
    for count, names in by_count.items():
        listed = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
        word = NUMBER_WORDS[count] if count < len(NUMBER_WORDS) else str(count)
        parts.append(f"{word} each of {listed}")
    return "; ".join(parts)


def figures() -> dict[str, Figure]:
    return {"anatomy": anatomy_figure(), "setup": setup_figure()}


def anatomy_figure() -> Figure:
    lay = draw.card_layout()
    kind = next(k for k in catalogue().kinds if k.name == SAMPLE)
    w, h = lay.width * SHOWN, lay.height * SHOWN
    left = 30.0  # room for the labels on the left
    shapes: list[Shape] = [group(*draw.face(kind, 0, 0.0), at=(left, 0.0), transform=scale(SHOWN))]
    shapes.append(Rect(left, 0, w, h, Style(stroke=FAINT, stroke_width=0.2), radius=lay.corner_radius * SHOWN))

    def at(x: float, y: float) -> tuple[float, float]:
        return left + x * SHOWN, y * SHOWN

    # (label, side, a point of the part on the card in card mm)
    callouts = [
        ("value", "left", (lay.inset - 1.0, lay.inset + cap_height(lay.value_size) / 2)),
        ("deck letter", "left", (lay.inset - 1.0, lay.height - lay.inset - lay.deck_badge / 2)),
        ("effect", "left", (lay.inset + 1.0, lay.height - lay.safe - lay.effect_height / 2)),
        ("price and", "right", (lay.width - lay.inset + 1.0, lay.inset + lay.icon_height / 2)),
    ]
    for text, side, (px, py) in callouts:
        x, y = at(px, py)
        if side == "left":
            shapes += [Line(left - 3.0, y, x, y, Style(stroke=INK, stroke_width=0.25)), Circle(x, y, 0.35, Style(fill=INK))]
            shapes.append(Text(left - 4.0, y + cap_height(LABEL) / 2, text, LABEL, BOLD, INK, "end"))
        else:
            shapes += [Line(x, y, left + w + 3.0, y, Style(stroke=INK, stroke_width=0.25)), Circle(x, y, 0.35, Style(fill=INK))]
            shapes.append(Text(left + w + 4.0, y + cap_height(LABEL) / 2, text, LABEL, BOLD, INK))
            shapes.append(Text(left + w + 4.0, y + cap_height(LABEL) / 2 + 3.4, "its meaning", LABEL, BOLD, INK))
    caption = (
        f"Card {kind.name}: value {kind.value}, price {draw.signed(kind.price or 0)} ({draw.price_words(kind.price)}). "
        "The colour of the frame shows the kind of price: draw, free or discard."
    )
    return Figure(Drawing(left + w + 24.0, h, shapes), caption)


def setup_figure() -> Figure:
    lay = draw.card_layout()
    unit = 6.8  # mm a card length on the sketch
    k = unit / lay.height
    cw, ch = lay.width * k, lay.height * k  # a card upright
    top = 6.0
    mid = top + ch / 2
    shapes: list[Shape] = []
    x = 0.0
    colours = lay.colours.players
    shapes += _card(x, top, cw, ch, colours[0], "A")
    start = x + cw
    # Between the Bases: BASE_GAP card lengths, as many cards lying sideways end to end, each drawn
    # at the cards' own proportions (a card length by a card width); their outlines part them.
    for i in range(BASE_GAP):
        sx = start + i * unit
        if i < FACE_DOWN or i >= BASE_GAP - FACE_DOWN:
            owner = colours[0] if i < FACE_DOWN else colours[1]
            shapes.append(Rect(sx, mid - cw / 2, unit, cw, Style(fill=_pale(owner), stroke=owner, stroke_width=0.3)))
        else:
            shapes.append(Rect(sx, mid - cw / 2, unit, cw, Style(stroke=FAINT, stroke_width=0.2, dash=(0.8, 0.6))))
    end = start + BASE_GAP * unit
    shapes += _card(end, top, cw, ch, colours[1], "B")
    # The distance, dimensioned above.
    y = top - 3.0
    dim = Style(stroke=INK, stroke_width=0.25)
    shapes += [Line(start, y, end, y, dim), _arrow(start, y, 1), _arrow(end, y, -1)]
    shapes.append(Text((start + end) / 2, y - 1.0, f"{BASE_GAP} card lengths", LABEL, REGULAR, INK, "middle"))
    caption = (
        f"The table at the start, in plan: the two Bases {BASE_GAP} card lengths apart, "
        f"and each player's {FACE_DOWN} face-down cards, placed in turn."
    )
    return Figure(Drawing(end + cw, top + ch + 1.0, shapes), caption)


def _card(x: float, y: float, w: float, h: float, colour: str, letter: str) -> list[Shape]:
    """A Base on the sketch: an upright card in its player's colour with the deck letter."""
    return [
        Rect(x, y, w, h, Style(fill=colour, stroke=INK, stroke_width=0.25), radius=0.5),
        Text(x + w / 2, y + h / 2 + cap_height(LABEL, BOLD) / 2, letter, LABEL, BOLD, "#FFFFFF", "middle"),
    ]


def _arrow(x: float, y: float, direction: int) -> Shape:
    d = 1.2 * direction
    return polygon([(x, y), (x + d, y - 0.6), (x + d, y + 0.6)], Style(fill=INK))


def _pale(colour: str) -> str:
    """The colour mixed halfway with white: a face-down card of that player."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#{:02X}{:02X}{:02X}".format(*((v + 255) // 2 for v in (r, g, b)))
