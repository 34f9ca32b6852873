"""The Power Lines card faces and backs, drawn once in mm for both backends."""

from __future__ import annotations

from pydantic import field_validator

from pnp.contract.pieces import SAFE_MARGIN
from pnp.core.layouts import LayoutModel, Length, Points, load_layout
from pnp.draw.shapes import Circle, Line, Path, Rect, Shape, Style, Text, group, rotate
from pnp.draw.text import BOLD, cap_height, fit, width_mm

from .rules.catalogue import Card

MINUS = "\u2212"  # the minus sign, as wide as the plus: prices line up


class Colours(LayoutModel):
    draw: str
    free: str
    discard: str
    base: str
    ink: str
    paper: str
    effect_box: str
    players: list[str]


class CardLayout(LayoutModel):
    width: Length
    height: Length
    corner_radius: Length
    border: Length
    back_bleed: Length
    safe: Length
    inset: Length
    frame: Length
    sheet_cols: int
    sheet_rows: int
    proto_size: Points
    proto_ink: str
    value_size: Points
    price_size: Points
    caption_size: Points
    watermark_size: Points
    icon_width: Length
    icon_height: Length
    icon_radius: Length
    icon_gap: Length
    deck_badge: Length
    deck_letter_size: Points
    outline: Length
    underline: Length
    underline_drop: Length
    watermark_tint: float
    effect_height: Length
    effect_corner_gap: Length
    effect_padding: Length
    effect_radius: Length
    effect_max_size: Points
    min_text_size: Points
    back_title_size: Points
    back_deck_size: Points
    back_text_size: Points
    back_panel_width: Length
    back_panel_height: Length
    back_panel_radius: Length
    back_line_gap: Length
    back_reminder_height: Length
    back_reminder_padding: Length
    back_stripe_spacing: Length
    back_stripe_width: Length
    back_stripe_slope: float
    colours: Colours

    @field_validator("min_text_size")
    @classmethod
    def _legible(cls, v: float) -> float:
        if v < 6:
            raise ValueError("text below 6 pt is not legible in print")
        return v


def card_layout(size: tuple[float, float] | None = None) -> CardLayout:
    """The card layout; with `size` (mm), the same layout at another trim (a print shop's poker
    size): everything placed from the edges and the middle as at home, nothing stretched."""
    lay = load_layout("power-lines-cards", CardLayout)
    return lay if size is None else lay.model_copy(update={"width": size[0], "height": size[1]})


def accent(kind: Card, lay: CardLayout) -> str:
    if kind.price is None:
        return lay.colours.base
    return lay.colours.draw if kind.price < 0 else lay.colours.discard if kind.price > 0 else lay.colours.free


def price_words(price: int | None) -> str:
    """What paying the price means: "draw 1", "free", "discard 2"."""
    if price is None:
        return "never played"
    if price == 0:
        return "free"
    return f"draw {-price}" if price < 0 else f"discard {price}"


def signed(price: int) -> str:
    """The price as the rules write it: -1 (with a true minus sign), 0, +1."""
    return f"{MINUS}{-price}" if price < 0 else f"+{price}" if price > 0 else "0"


def deck_letter(player: int) -> str:
    """A, B, C ... Z, then 27, 28 ...: the letter on a deck's backs and in a corner of its faces."""
    return chr(ord("A") + player) if player < 26 else str(player + 1)


def deck_colour(player: int, lay: CardLayout) -> str:
    return lay.colours.players[player % len(lay.colours.players)]


def face(
    kind: Card, player: int, bleed: float, proto: bool = False, size: tuple[float, float] | None = None, variant: bool = False, safe: float | None = None
) -> list[Shape]:
    """One face: a white border at the cut (a miscut shows no colour), the kind's colour framing it;
    `proto`: a PROTOTYPE plate across its middle, for a deck printed to try out, legal or not;
    `size`: laid out at another trim (see `card_layout`); `variant`: VARIANT under the title, for
    a card of another catalogue (`--cards`), never to be taken for pnp's; `safe`: for a print
    shop's guillotine, which wanders: no white border, the frame's colour runs out into the bleed
    and its inner edge lies inside the safe zone (SAFE_MARGIN past it), so a drift shows only more frame."""
    lay = card_layout(size)
    w, h, c = lay.width, lay.height, lay.colours
    colour = accent(kind, lay)
    value = str(kind.value)
    b, f = lay.border, lay.border + lay.frame
    outer = Rect(b, b, w - 2 * b, h - 2 * b, Style(fill=colour), radius=lay.corner_radius)
    if safe is not None:
        f = max(f, safe + SAFE_MARGIN)
        outer = Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, Style(fill=colour))
    shapes: list[Shape] = [
        Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, Style(fill=c.paper)),
        outer,
        Rect(f, f, w - 2 * f, h - 2 * f, Style(fill=c.paper), radius=lay.corner_radius - lay.frame / 2),
    ]
    # A pale numeral in the middle: the value is what players read across the table.
    mid = (h - lay.effect_height) / 2 + cap_height(lay.watermark_size) / 2
    shapes.append(Text(w / 2, mid, value, lay.watermark_size, BOLD, _tint(colour, lay.watermark_tint), "middle"))
    # The value in two opposite corners, so it reads from either side.
    x, y = lay.inset, lay.inset + cap_height(lay.value_size)
    corner: list[Shape] = [Text(x, y, value, lay.value_size, BOLD, c.ink)]
    if value in ("6", "9"):  # underlined, so a 6 upside down is not read as a 9
        under = y + lay.underline_drop
        corner.append(Line(x, under, x + width_mm(value, BOLD, lay.value_size), under, Style(stroke=c.ink, stroke_width=lay.underline)))
    shapes += [*corner, group(*corner, transform=rotate(180, w / 2, h / 2))]
    shapes += _price(kind, lay, colour)
    title = "BASE" if kind.price is None else f"CARD {kind.name}"  # its name: another catalogue may give it another value
    shapes.append(Text(w / 2, lay.inset + cap_height(lay.caption_size), title, lay.caption_size, BOLD, c.ink, "middle"))
    if variant:
        tag = lay.inset + 2 * cap_height(lay.caption_size) + lay.icon_gap
        shapes.append(Text(w / 2, tag, VARIANT, lay.caption_size, BOLD, lay.proto_ink, "middle"))
    shapes += _effect(kind, lay)
    shapes += _deck_badge(player, lay)
    if proto:
        shapes += _prototype(mid - cap_height(lay.watermark_size) / 2, lay)
    return shapes


VARIANT = "VARIANT"  # under the title of a card printed from another catalogue


def _prototype(y: float, lay: CardLayout) -> list[Shape]:
    """PROTOTYPE on a white plate centred across the card at height `y`, over the pale numeral only."""
    text = "PROTOTYPE"
    w, h = width_mm(text, BOLD, lay.proto_size) + 2 * lay.effect_padding, cap_height(lay.proto_size) + 2 * lay.effect_padding
    x = (lay.width - w) / 2
    return [
        Rect(x, y - h / 2, w, h, Style(fill=lay.colours.paper, stroke=lay.proto_ink, stroke_width=lay.outline), radius=lay.effect_radius),
        Text(lay.width / 2, y + cap_height(lay.proto_size) / 2, text, lay.proto_size, BOLD, lay.proto_ink, "middle"),
    ]


def _deck_badge(player: int, lay: CardLayout) -> list[Shape]:
    """Bottom left, a disc in the deck's colour with its letter: mixed decks sort face up."""
    r = lay.deck_badge / 2
    cx, cy = lay.inset + r, lay.height - lay.inset - r
    letter = Text(cx, cy + cap_height(lay.deck_letter_size) / 2, deck_letter(player), lay.deck_letter_size, BOLD, lay.colours.paper, "middle")
    return [Circle(cx, cy, r, Style(fill=deck_colour(player, lay))), letter]


def _price(kind: Card, lay: CardLayout, colour: str) -> list[Shape]:
    """Top right: a little card in the kind's colour, the price as the rules write it (−1, 0, +2), and what it means."""
    c = lay.colours
    iw, ih = lay.icon_width, lay.icon_height
    right = lay.width - lay.inset
    top = lay.inset
    caption_y = top + ih + lay.icon_gap + cap_height(lay.caption_size)
    shapes: list[Shape] = [Text(right, caption_y, price_words(kind.price), lay.caption_size, "Helvetica", c.ink, "end")]
    if kind.price is None:
        return shapes
    number = signed(kind.price)
    num_w = width_mm(number, BOLD, lay.price_size)
    x = right - num_w - lay.icon_gap - iw
    shapes.append(Text(right, top + ih / 2 + cap_height(lay.price_size) / 2, number, lay.price_size, BOLD, c.ink, "end"))
    shapes.append(Rect(x, top, iw, ih, Style(fill=colour, stroke=c.ink, stroke_width=lay.outline), radius=lay.icon_radius))
    return shapes


def _effect(kind: Card, lay: CardLayout) -> list[Shape]:
    c = lay.colours
    x, y = lay.inset, lay.height - lay.safe - lay.effect_height
    w, h = lay.width - 2 * x, lay.effect_height - lay.effect_corner_gap  # the bottom corner is the value's
    pad = lay.effect_padding
    fitted = fit(kind.effect, "Helvetica", w - 2 * pad, h - 2 * pad, lay.effect_max_size, lay.min_text_size, f"card {kind.name} effect")
    return [
        Rect(x, y, w, h, Style(fill=c.effect_box), radius=lay.effect_radius),
        *fitted.shapes(x + w / 2, y + pad, h - 2 * pad, "Helvetica", c.ink, "middle"),
    ]


def back(player: int, deck_name: str, bleed: float, size: tuple[float, float] | None = None) -> list[Shape]:
    """The same back for a whole deck; colour and letter tell the two players' decks apart."""
    lay = card_layout(size)
    w, h, c = lay.width, lay.height, lay.colours
    colour = deck_colour(player, lay)
    letter = deck_letter(player)
    shapes: list[Shape] = [Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, Style(fill=colour))]
    # Diagonal "power lines" across the whole back: a pattern with no up or down.
    slope, top, bottom = lay.back_stripe_slope, -bleed, h + bleed
    y = top - slope * (w + 2 * bleed)
    ops: list[tuple] = []
    while y < bottom:
        # Each line ends where it leaves the art, so the SVG holds nothing hidden past the cut.
        x0 = -bleed + max(0.0, (top - y) / slope)
        x1 = -bleed + min(w + 2 * bleed, (bottom - y) / slope)
        if x1 - x0 > 0.5:  # skip slivers in the corners
            ops += [("M", x0, y + (x0 + bleed) * slope), ("L", x1, y + (x1 + bleed) * slope)]
        y += lay.back_stripe_spacing
    shapes.append(Path(tuple(ops), Style(stroke="#ffffff", stroke_width=lay.back_stripe_width)))
    panel_w, panel_h = lay.back_panel_width, lay.back_panel_height
    px, py = (w - panel_w) / 2, (h - panel_h) / 2
    shapes.append(Rect(px, py, panel_w, panel_h, Style(fill=c.paper, stroke=c.ink, stroke_width=lay.outline), radius=lay.back_panel_radius))
    gap = lay.back_line_gap
    baseline = py + gap + cap_height(lay.back_title_size)
    shapes.append(Text(w / 2, baseline, "POWER LINES", lay.back_title_size, BOLD, colour, "middle"))
    baseline += gap + cap_height(lay.back_deck_size)
    shapes.append(Text(w / 2, baseline, f"DECK {letter}", lay.back_deck_size, BOLD, c.ink, "middle"))
    baseline += gap / 2 + cap_height(lay.back_text_size)
    shapes.append(Text(w / 2, baseline, deck_name, lay.back_text_size, "Helvetica", c.ink, "middle"))
    reminder = "Face down, a card counts as value 5, price 0, with no effect."
    pad, box_h = lay.back_reminder_padding, lay.back_reminder_height
    fitted = fit(reminder, "Helvetica", panel_w - 2 * pad, box_h, lay.back_text_size, lay.min_text_size, "card back reminder")
    shapes += fitted.shapes(w / 2, py + panel_h - pad - box_h, box_h, "Helvetica", c.ink, "middle")
    return shapes


def _tint(colour: str, amount: float) -> str:
    """`colour` mixed with white: pale enough to print text over."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(f"{round(v + (255 - v) * amount):02x}" for v in (r, g, b))
