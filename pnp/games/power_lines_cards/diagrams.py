"""The Power Lines card game's rule sheet figures: a printed card with its parts named, and the
table at set-up, the two Bases the rules' distance apart with each player's face-down cards."""

from __future__ import annotations

from pnp.core.resources import deck_file
from pnp.draw.figures import CLEARANCE, arrow, legible, meets
from pnp.draw.markdown import Figure
from pnp.draw.shapes import Drawing, Line, Rect, Shape, Style, Text, group, scale, translate
from pnp.draw.text import BOLD, MM_PER_PT, REGULAR, cap_height, width_mm

from . import draw
from .rules.catalogue import catalogue
from .rules.engine import load_deck, load_format
from .rules.variant import DEFAULT

# Numbers of the set-up and the turn, as the rules give them: the text and the sketch share them.
BASE_GAP = DEFAULT.bases_apart - 1  # card lengths between the two Bases: pnp reads "11 apart" from centre to centre
HAND = 8
FACE_DOWN = 3  # cards each player places face down before the first turn
FACE_DOWN_VALUE = 5
ACTIONS = 3
SAMPLE = "7"  # the card whose anatomy is shown

INK, FAINT = "#1A1A1A", "#7A7A7A"
GREEKED = "#BDBDBD"  # the bars that stand for the card's small print
LABEL = 7.5  # pt
SHOWN = 0.36  # the sample card's scale
WORDS_CLEAR = 0.6  # mm from the dimension's line up to its words' descenders


def sheet_context() -> dict[str, object]:
    cat = catalogue()
    return {
        "base": cat.base,
        "cards": cat.kinds,
        "deck_size": load_format().total.exactly,  # the standard format the rule engine checks decks against
        "price_words": draw.price_words,
        "signed": draw.signed,
        "base_gap": BASE_GAP,
        "readings": DEFAULT,
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
    """A card, reduced, its parts named by arrows from the side, and its price corner beside it at
    the size it is printed, where the price and its words read. The rest of the card's small
    print, too small to read once reduced, shows as grey bars (what it says is in the table)."""
    lay = draw.card_layout()
    kind = next(k for k in catalogue().kinds if k.name == SAMPLE)
    face = draw.face(kind, 0, 0.0)
    w, h = lay.width * SHOWN, lay.height * SHOWN
    left = 20.0  # room for the labels on the left
    faint = Style(stroke=FAINT, stroke_width=0.2)
    card = legible([group(*face, at=(left, 0.0), transform=scale(SHOWN))], shade=GREEKED)
    shapes: list[Shape] = [*card, Rect(left, 0, w, h, faint, radius=lay.corner_radius * SHOWN)]

    def at(x: float, y: float) -> tuple[float, float]:
        return left + x * SHOWN, y * SHOWN

    # Each part named on the left: its label, and where the arrow's tip stops (card mm), clear of
    # the part's own numeral or disc.
    callouts = [
        ("value", at(lay.inset, lay.inset + cap_height(lay.value_size, BOLD) / 2)),
        ("effect", at(lay.inset + lay.effect_padding + CLEARANCE / SHOWN, lay.height - lay.safe - lay.effect_height / 2)),
        ("deck letter", at(lay.inset, lay.height - lay.inset - lay.deck_badge / 2)),
    ]
    for word, (x, y) in callouts:
        shapes += arrow([(left - 3.0, y), (x - CLEARANCE, y)], INK, 0.25, 1.2)
        shapes.append(Text(left - 4.0, y + cap_height(LABEL, BOLD) / 2, word, LABEL, BOLD, INK, "end"))
    # The price corner at its printed size: the price, its icon and its words, and the frame's colour.
    corner = _price_corner(lay)
    x0, _, x1, y1 = corner
    cw, ch = x1 - x0, y1
    dx = left + w + 3.0
    shapes.append(group(*(s for s in face if meets(s, corner)), transform=translate(dx - x0, 0.0), clip=Rect(x0, 0.0, cw, ch, Style())))
    shapes += [
        Rect(dx, 0.0, cw, ch, faint),
        Rect(left + x0 * SHOWN, 0.0, cw * SHOWN, ch * SHOWN, faint),
        Line(left + w, ch * SHOWN, dx, ch, faint),
    ]
    line = 1.25 * LABEL * MM_PER_PT
    y = ch + 1.5 + cap_height(LABEL, BOLD)
    shapes += [Text(dx, y, "price and its meaning,", LABEL, BOLD, INK), Text(dx, y + line, "at full size", LABEL, REGULAR, INK)]
    # The key to the grey bars.
    y += 2.4 * line
    bar = cap_height(LABEL)
    shapes += [Rect(dx, y - bar, 4.0, bar, Style(fill=GREEKED), radius=bar / 4), Text(dx + 5.0, y, "small print", LABEL, REGULAR, INK)]
    caption = (
        f"Card {kind.name}: value {kind.value}, price {draw.signed(kind.price or 0)} ({draw.price_words(kind.price)}). "
        "The colour of the frame shows the kind of price: draw, free or discard."
    )
    return Figure(Drawing(dx + width_mm("price and its meaning,", BOLD, LABEL), h, shapes), caption)


def _price_corner(lay: draw.CardLayout) -> tuple[float, float, float, float]:
    """The card's top right corner (x0, y0, x1, y1 in card mm) that holds the price, its icon and its words."""
    words = width_mm("discard 9", REGULAR, lay.caption_size)  # the longest the words of a price run
    price = width_mm("+9", BOLD, lay.price_size) + lay.icon_gap + lay.icon_width
    x0 = lay.width - lay.inset - max(words, price) - 2.0
    return (x0, 0.0, lay.width, lay.inset + lay.icon_height + lay.icon_gap + cap_height(lay.caption_size) + 2.0)


def setup_figure() -> Figure:
    lay = draw.card_layout()
    unit = 6.8  # mm a card length on the sketch
    k = unit / lay.height
    cw, ch = lay.width * k, lay.height * k  # a card upright
    top = 5.8  # room for the dimension and its words
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
    # The distance, dimensioned above: an arrow each way from the middle, the words clear above it.
    y = top - 2.0
    centre = (start + end) / 2
    shapes += [*arrow([(centre, y), (start, y)], INK, 0.25, 1.2), *arrow([(centre, y), (end, y)], INK, 0.25, 1.2)]
    em = LABEL * MM_PER_PT
    shapes.append(Text(centre, y - 0.125 - WORDS_CLEAR - 0.21 * em, f"{BASE_GAP} card lengths", LABEL, REGULAR, INK, "middle"))
    caption = (
        f"The table at the start, in plan: the two Bases, A and B, {BASE_GAP} card lengths apart, "
        f"each player's {FACE_DOWN} face-down cards (pale), placed in turn, and dashed the empty lengths between."
    )
    return Figure(Drawing(end + cw, top + ch + 1.0, shapes), caption)


def _card(x: float, y: float, w: float, h: float, colour: str, letter: str) -> list[Shape]:
    """A Base on the sketch: an upright card in its player's colour with the deck letter."""
    return [
        Rect(x, y, w, h, Style(fill=colour, stroke=INK, stroke_width=0.25), radius=0.5),
        Text(x + w / 2, y + h / 2 + cap_height(LABEL, BOLD) / 2, letter, LABEL, BOLD, "#FFFFFF", "middle"),
    ]


def _pale(colour: str) -> str:
    """The colour mixed halfway with white: a face-down card of that player."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#{:02X}{:02X}{:02X}".format(*((v + 255) // 2 for v in (r, g, b)))
