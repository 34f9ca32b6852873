"""`pnp deck report`: one page about a Power Lines deck, as a PDF or as a self-contained HTML page.

The page, from the top: the deck's name and format, a VALID or INVALID mark (an invalid deck
still gets its report, its findings listed under the title); the deck's cards as small pictures
of the faces pnp prints (`draw.face`, reduced; the small print that would print below 7 pt shown
as grey bars, as the rule sheet's figures show it), each with its copies; three charts (cards by
value, cards by price, and the goldfish distribution: in how many games the enemy Base fell on
each turn); the opening-hand odds as a table (`analysis.odds.analyze`: each group and each card,
in the 8 drawn and in the 5 kept, the expected number and the chance of at least one) and,
beside it, the goldfish figures, the card economy and the face-down rule.

Deterministic: the same deck, format, paper, games and seed give the same bytes.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from pnp.core.diagnostics import Diagnostic, clean, plural, shown
from pnp.core.layouts import LayoutModel, Length, Points, load_layout, sheet_layout
from pnp.core.printing import Print
from pnp.core.rules import MultisetRules
from pnp.core.textfile import STDIN
from pnp.draw.charts import Bar, ChartStyle, bar_chart
from pnp.draw.figures import legible
from pnp.draw.shapes import Drawing, Rect, Shape, Style, Text, group, scale
from pnp.draw.text import BOLD, MM_PER_PT, REGULAR, cap_height, width_mm, wrap

from . import draw
from .analysis.odds import Analysis, Row, analyze, percent
from .rules.catalogue import Card, catalogue, catalogue_file
from .rules.engine import Deck, DeckReport
from .rules.setup import FACE_DOWN, HAND_SIZE, face_down_rule
from .simulation.lab_text import DRAWS
from .simulation.lab_text import share as rate_text
from .simulation.results import FASTEST_SHARE, GoldfishResult
from .simulation.run import DEFAULT_GAMES, DEFAULT_SEED, DEFAULT_TURNS, goldfish
from .simulation.tally import VERDICTS, MatchResult
from .simulation.text import turn_text

FORMATS = (".pdf", ".html")


class ReportLayout(LayoutModel):
    title_size: Points
    note_size: Points
    heading_size: Points
    text_size: Points
    chart_text_size: Points
    count_size: Points
    badge_size: Points
    finding_lines: int
    card_scale: float
    card_gap: Length
    part_gap: Length
    heading_gap: Length
    chart_height: Length
    chart_gap: Length
    value_chart: float
    price_chart: float
    table_width: float
    row: Length
    padding: Length
    stroke: Length
    ink: str
    faint: str
    rule: str
    shade: str
    valid: str
    invalid: str
    goldfish: str
    never: str
    matchup_height: Length


@cache
def report_layout() -> ReportLayout:
    return load_layout("deck-report", ReportLayout)


# --- the page -----------------------------------------------------------------------------------


def report_page(
    deck: DeckReport,
    format: MultisetRules,
    printing: Print,
    games: int = DEFAULT_GAMES,
    seed: int = DEFAULT_SEED,
    name: str = "deck",
    turns: int = DEFAULT_TURNS,
    against: Matchup | None = None,
) -> Drawing:
    """The report of `deck` (as `rules.engine.validate_deck` read it, valid or not) under `format`,
    on one page of the print's paper; `name` is the deck's file name as the page shows it;
    `against`: the match against another deck, shown under the odds."""
    lay = report_layout()
    sheet = sheet_layout()
    size = printing.size
    margin = sheet.margin + sheet.page_inset
    page = Drawing(size.width, size.height, title=f"Power Lines deck report: {name}")
    left, width, bottom = margin, size.width - 2 * margin, size.height - margin
    analysis, played = figures(deck, games, seed, turns)

    y = _head(page, deck, format, name, games, seed, turns, left, margin, width)
    if deck.diagnostics:
        y = _findings(page, deck, format, left, y + lay.part_gap / 2, width)
    y = _cards(page, deck, left, y + lay.part_gap, width)
    y = _charts(page, analysis, played, games, HAND_SIZE, left, y + lay.part_gap, width)
    y = _odds(page, analysis, played, left, y + lay.part_gap, width)
    if against is not None:
        y = _matchup(page, against, left, y + lay.part_gap, width)
    if y > bottom + 1e-6:
        raise ValueError(f"the deck report runs {y - bottom:.1f} mm past the foot of {printing.paper} paper")
    return page


def figures(deck: DeckReport, games: int, seed: int, turns: int) -> tuple[Analysis, GoldfishResult | None]:
    """The deck's exact odds, and its goldfish games (None: fewer cards than the set-up draws)."""
    counts = dict(deck.counts)
    analysis = analyze(counts, (), HAND_SIZE, FACE_DOWN, deck.bases > 0)
    return analysis, goldfish(Deck(counts, deck.bases > 0), games, seed, turns) if analysis.total >= HAND_SIZE else None


def _heading(page: Drawing, text: str, x: float, y: float) -> float:
    """A part's heading with its top at y; returns where what it heads starts."""
    lay = report_layout()
    base = y + cap_height(lay.heading_size, BOLD)
    page.add(Text(x, base, text, lay.heading_size, BOLD, lay.ink))
    return base + lay.heading_gap


def _head(page: Drawing, deck: DeckReport, format: MultisetRules, name: str, games: int, seed: int, turns: int, x: float, y: float, width: float) -> float:
    """The title, what the deck is and how the figures were made, and the VALID / INVALID mark."""
    lay = report_layout()
    word = "VALID" if deck.valid else "INVALID"
    colour = lay.valid if deck.valid else lay.invalid
    pad = lay.padding
    badge_w = width_mm("INVALID", BOLD, lay.badge_size) + 4 * pad  # one width for both: the page does not shift
    badge_h = cap_height(lay.badge_size, BOLD) + 2 * pad
    bx = x + width - badge_w
    page.add(
        Rect(bx, y, badge_w, badge_h, Style(fill=colour), radius=1.0),
        Text(bx + badge_w / 2, y + pad + cap_height(lay.badge_size, BOLD), word, lay.badge_size, BOLD, "#FFFFFF", "middle"),
        Text(bx + badge_w / 2, y + badge_h + 1.0 + cap_height(lay.note_size), f"under {format.name}", lay.note_size, REGULAR, colour, "middle"),
    )
    room = bx - x - 4.0
    title_size, lines = _fitted(f"Power Lines deck report: {name}", BOLD, lay.title_size, room)
    base = y + cap_height(title_size, BOLD)
    for line in lines:
        page.add(Text(x, base, line, title_size, BOLD, lay.ink))
        base += 1.2 * title_size * MM_PER_PT
    base += 0.4 * lay.note_size * MM_PER_PT
    for note in head_notes(deck, format, games, seed, turns):
        for line in _wrapped(note, REGULAR, lay.note_size, room):
            page.add(Text(x, base, line, lay.note_size, REGULAR, lay.ink))
            base += 1.45 * lay.note_size * MM_PER_PT
    return max(base - lay.note_size * MM_PER_PT, y + badge_h + 1.0 + cap_height(lay.note_size))


def head_notes(deck: DeckReport, format: MultisetRules, games: int, seed: int, turns: int) -> list[str]:
    """The lines under the title: what the deck is, its format, how the figures were made."""
    errors = sum(d.severity == "error" for d in deck.diagnostics)
    verdict = f"valid under the {format.name} format" if deck.valid else f"INVALID under the {format.name} format: {plural(errors, 'error')}, listed below"
    notes = [
        f"{plural(deck.total, 'card')}" + (" (+ Base)" if deck.bases == 1 else f" (+ {deck.bases} Bases)" if deck.bases else ", no Base") + f"; {verdict}.",
        f"Format {format.name}" + (f": {format.description}" if format.description else "."),
        f"Odds computed exactly (pnp deck analyze). Speed from {plural(games, 'game')} of {GOLDFISH}, seed {seed}, at most {turns} turns (pnp deck goldfish).",
    ]
    variant = catalogue_file()
    if variant is not None:  # never to be taken for a report on pnp's cards
        notes.append(f"VARIANT cards: the values and prices of {shown(variant.name)}, not pnp's catalogue.")
    return notes


def findings_heading(deck: DeckReport, format: MultisetRules) -> str:
    return f"Why the deck is invalid under {format.name}" if not deck.valid else "Warnings"


def _findings(page: Drawing, deck: DeckReport, format: MultisetRules, x: float, y: float, width: float) -> float:
    """A box listing the deck's findings, as `pnp deck validate` prints them, the first few of many."""
    lay = report_layout()
    colour = lay.invalid if not deck.valid else lay.faint
    pad, size = lay.padding, lay.text_size
    leading = 1.3 * size * MM_PER_PT
    heading = findings_heading(deck, format)
    lines: list[str] = []
    listed = 0
    for d in deck.diagnostics:  # as many as fit in the lines the page gives them, one kept for the rest
        more = _wrapped(finding(d), REGULAR, size, width - 2 * pad)
        last = listed + 1 == len(deck.diagnostics)
        if len(lines) + len(more) > lay.finding_lines - (0 if last else 1):
            break
        lines += more
        listed += 1
    left_out = len(deck.diagnostics) - listed
    if left_out:
        lines.append(f"... and {plural(left_out, 'more finding')}: pnp deck validate lists them all.")
    top = y
    base = y + pad + cap_height(lay.heading_size, BOLD)
    items: list[Shape] = [Text(x + pad, base, heading, lay.heading_size, BOLD, colour)]
    base += lay.heading_gap + cap_height(size)
    for text in lines:
        items.append(Text(x + pad, base, text, size, REGULAR, lay.ink))
        base += leading
    h = base - leading + pad + 0.21 * size * MM_PER_PT - top
    page.add(Rect(x, top, width, h, Style(stroke=colour, stroke_width=2 * lay.stroke), radius=1.0), *items)
    return top + h


def finding(d: Diagnostic) -> str:
    """A finding as the page lists it: `LINE:COLUMN: severity: message`, as pnp prints it without the
    file's name (the title has it)."""
    return clean(f"{d.line or 1}:{d.column or 1}: {d.severity}: {d.message}")


def shown_cards(deck: DeckReport) -> list[tuple[Card, int, str]]:
    """The deck's kinds in catalogue order, then its Base: each card, its copies, and its caption."""
    cat = catalogue()
    found: list[tuple[Card, int, str]] = [(k, deck.counts[k.name], f"card {k.name}") for k in cat.kinds if deck.counts.get(k.name)]
    if deck.bases:
        found.append((cat.base, deck.bases, "Base, not counted"))
    return found


def cards_heading(deck: DeckReport) -> str:
    kinds = sum(1 for k in catalogue().kinds if deck.counts.get(k.name))
    return f"The cards: {plural(deck.total, 'card')} of {plural(kinds, 'kind')}"


def card_picture(kind: Card, at: tuple[float, float] = (0.0, 0.0)) -> list[Shape]:
    """The face pnp prints, reduced to the report's scale, its small print as grey bars, and its cut."""
    lay = report_layout()
    card = draw.card_layout()
    k = lay.card_scale
    face = group(*draw.face(kind, 0, 0.0), at=at, transform=scale(k))
    return [*legible([face], shade=lay.rule), Rect(at[0], at[1], card.width * k, card.height * k, Style(stroke=lay.rule, stroke_width=lay.stroke / 2))]


def _cards(page: Drawing, deck: DeckReport, x: float, y: float, width: float) -> float:
    """The deck's kinds in catalogue order, then its Base, each as the face pnp prints, with its copies."""
    lay = report_layout()
    card = draw.card_layout()
    shown_ = shown_cards(deck)
    y = _heading(page, cards_heading(deck), x, y)
    if not shown_:
        text = "No card could be read from the deck list."
        page.add(Text(x, y + cap_height(lay.text_size), text, lay.text_size, REGULAR, lay.faint))
        return y + cap_height(lay.text_size)
    k = lay.card_scale
    cw, ch = card.width * k, card.height * k
    gap = lay.card_gap if len(shown_) < 2 else min(lay.card_gap, (width - len(shown_) * cw) / (len(shown_) - 1))
    if gap < 0:
        raise ValueError(f"{len(shown_)} card pictures at {k:g} of their size do not fit {width:.0f} mm")
    count_base = y + ch + 1.2 + cap_height(lay.count_size, BOLD)
    name_base = count_base + 1.1 + cap_height(lay.chart_text_size)
    for i, (kind, n, words) in enumerate(shown_):
        cx = x + i * (cw + gap)
        page.add(*card_picture(kind, (cx, y)))
        page.add(Text(cx + cw / 2, count_base, f"\u00d7{n}", lay.count_size, BOLD, lay.ink, "middle"))
        for j, line in enumerate(words.split(", ")):
            page.add(Text(cx + cw / 2, name_base + j * 1.15 * lay.chart_text_size * MM_PER_PT, line, lay.chart_text_size, REGULAR, lay.faint, "middle"))
    lines = max(len(words.split(", ")) for _, _, words in shown_)
    return name_base + (lines - 1) * 1.15 * lay.chart_text_size * MM_PER_PT + 0.21 * lay.chart_text_size * MM_PER_PT


def _price_colour(price: int | None) -> str:
    colours = draw.card_layout().colours
    if price is None:
        return colours.base
    return colours.draw if price < 0 else colours.discard if price > 0 else colours.free


def value_bars(analysis: Analysis) -> list[Bar]:
    """Copies per printed value, lowest first, each bar in the colour of its cards' frames."""
    by_value = analysis.stats.by_value
    colour = {k.value: _price_colour(k.price) for k in catalogue().kinds}
    return [Bar(str(v), n, colour[v]) for v, n in by_value.items()]


def price_bars(analysis: Analysis) -> list[Bar]:
    """Copies per price, draw 2 first, as the cards print the price."""
    return [Bar(draw.signed(p), n, _price_colour(p)) for p, n in analysis.stats.by_price.items()]


def goldfish_bars(played: GoldfishResult) -> list[Bar]:
    """Games won on each turn from the first to the last turn any game was won, then the games
    never won within the turn limit, if any."""
    lay = report_layout()
    by_turn = played.by_turn
    won = [t for t, n in by_turn.items() if n]
    bars = [Bar(str(t), by_turn[t]) for t in range(won[0], won[-1] + 1)] if won else []
    if played.never:
        bars.append(Bar("never", played.never, lay.never))
    return bars


GOLDFISH = "goldfish: the deck played alone, against an opponent who has only its Base and passes every turn"
GOLDFISH_TITLE = "Goldfish: the turn the enemy Base falls"
GOLDFISH_CAPTION = "turn the enemy Base fell (never: not within the turn limit)"


def price_legend() -> list[tuple[str, str]]:
    """The frame colours the value chart's bars wear: what each says about the cards' price."""
    return [("draw (price −)", _price_colour(-1)), ("free (0)", _price_colour(0)), ("discard (+)", _price_colour(1))]


@dataclass(frozen=True)
class Chart:
    """A bar chart's data and words, for the page and the HTML alike (`pnp.draw.charts.bar_chart`)."""

    bars: list[Bar]
    title: str
    caption: str
    unit: str
    legend: tuple[tuple[str, str], ...] = ()


def chart(c: Chart, x: float, y: float, w: float, h: float) -> list[Shape]:
    lay = report_layout()
    style = ChartStyle(text_size=lay.chart_text_size, title_size=lay.heading_size, ink=lay.ink, faint=lay.faint, bar=lay.goldfish)
    return bar_chart(c.bars, x, y, w, h, c.title, c.caption, style, c.unit, c.legend)


def charts(analysis: Analysis, played: GoldfishResult | None, games: int) -> tuple[Chart, Chart, Chart | None]:
    """The value, price and goldfish charts (None: the deck was not played)."""
    return (
        Chart(value_bars(analysis), "Cards by value", "printed value", "copies", tuple(price_legend())),
        Chart(price_bars(analysis), "Cards by price", f"price ({draw.MINUS}: draw, +: discard)", "copies"),
        None if played is None else Chart(goldfish_bars(played), GOLDFISH_TITLE, GOLDFISH_CAPTION, f"games (of {games})"),
    )


def _charts(page: Drawing, analysis: Analysis, played: GoldfishResult | None, games: int, hand: int, x: float, y: float, width: float) -> float:
    lay = report_layout()
    free = width - 2 * lay.chart_gap
    wv, wp = free * lay.value_chart, free * lay.price_chart
    wg = free - wv - wp
    h = lay.chart_height
    value, price, speed = charts(analysis, played, games)
    page.add(*chart(value, x, y, wv, h))
    px = x + wv + lay.chart_gap
    page.add(*chart(price, px, y, wp, h))
    gx = px + wp + lay.chart_gap
    title = GOLDFISH_TITLE
    if speed is not None:
        page.add(*chart(speed, gx, y, wg, h))
    else:
        page.add(Text(gx, y + cap_height(lay.heading_size, BOLD), title, lay.heading_size, BOLD, lay.ink))
        why = f"Not played: the set-up draws {hand} cards and the deck holds {analysis.total}."
        base = y + h / 2
        for line in _wrapped(why, REGULAR, lay.text_size, wg):
            page.add(Text(gx, base, line, lay.text_size, REGULAR, lay.faint))
            base += 1.3 * lay.text_size * MM_PER_PT
    return y + h


# --- the matchup: --against ------------------------------------------------------------------------


@dataclass(frozen=True)
class Matchup:
    """The deck (A) against another (B): B's name as the page shows it, and the match."""

    name: str
    result: MatchResult


def matchup_bars(result: MatchResult) -> list[Bar]:
    """Per card of A's, A's win rate (%) in the games A played it face up; a card never played
    face up gets an empty bar in the faint colour."""
    lay = report_layout()
    bars = []
    for kind, figures in result.cards.items():
        ci = figures.played.interval
        bars.append(Bar(kind, round(100 * ci.estimate) if ci else 0, None if ci else lay.faint))
    return bars


def matchup_chart(against: Matchup) -> Chart:
    title = "Win rate (%) in the games this deck played the card face up"
    return Chart(matchup_bars(against.result), title, "card (a faint empty bar: never played face up)", "% of games won")


def matchup_lines(against: Matchup) -> list[str]:
    r = against.result
    wins, draws, losses = r.results.values()
    verdict = {"a-better": "this deck is better", "b-better": f"{against.name} is better", "no-difference-shown": "no difference shown"}[VERDICTS[r.verdict]]
    return [
        f"{len(r.games)} games in pairs (one deal played twice, each deck first once), greedy against greedy: "
        f"won {wins}, drawn {draws}, lost {losses}; win rate {rate_text(r.interval)} ({DRAWS}; 95 % interval): {verdict}."
    ]


def _matchup(page: Drawing, against: Matchup, x: float, y: float, width: float) -> float:
    lay = report_layout()
    size = lay.text_size
    leading = 1.3 * size * MM_PER_PT
    base = _heading(page, f"Against {against.name}", x, y) + cap_height(size) - lay.heading_gap / 3
    for line in (wrapped for paragraph in matchup_lines(against) for wrapped in _wrapped(paragraph, REGULAR, size, width)):
        page.add(Text(x, base, line, size, REGULAR, lay.ink))
        base += leading
    top = base - leading + lay.heading_gap
    page.add(*chart(matchup_chart(against), x, top, width, lay.matchup_height))
    return top + lay.matchup_height


# --- the odds table and the notes beside it -----------------------------------------------------


def odds_rows(analysis: Analysis) -> list[tuple[str, Row]]:
    """The table's rows as printed: each group (with its kinds), then each card."""
    return [(f"{r.name} ({','.join(r.kinds)})", r) for r in analysis.groups] + [(f"card {r.name}", r) for r in analysis.kinds]


def row_cells(r: Row) -> list[str]:
    """A row's figures as the table prints them: copies, then expected and chance of one or more,
    in the opening hand and in the kept hand."""
    return [str(r.copies), f"{float(r.opening.expected):.2f}", percent(r.opening.at_least_one), f"{float(r.kept.expected):.2f}", percent(r.kept.at_least_one)]


def _odds(page: Drawing, analysis: Analysis, played: GoldfishResult | None, x: float, y: float, width: float) -> float:
    lay = report_layout()
    tw = width * lay.table_width
    n, kept = analysis.hand_size, analysis.kept_size
    top = _heading(page, f"Opening hands: {n} drawn, {analysis.face_down} placed face down, {kept} kept", x, y)
    size, pad, row = lay.text_size, lay.padding, lay.row
    cols = [0.31, 0.11, 0.14, 0.15, 0.14, 0.15]  # shares of the table's width
    edges = [x]
    for share in cols:
        edges.append(edges[-1] + share * tw)
    cap = cap_height(size)

    def cell(text: str, col: int, r: int, font: str = REGULAR, ink: str = lay.ink) -> Text:
        base = top + r * row + (row + cap) / 2
        if col == 0:
            return Text(edges[0] + pad, base, text, size, font, ink)
        return Text(edges[col + 1] - pad, base, text, size, font, ink, "end")

    shapes: list[Shape] = [Rect(x, top, tw, 2 * row, Style(fill=lay.shade))]
    for col, words in ((2, f"in the {n} drawn"), (4, f"in the {kept} kept")):
        mid = (edges[col] + edges[col + 2]) / 2
        shapes.append(Text(mid, top + (row + cap) / 2, words, size, BOLD, lay.ink, "middle"))
        shapes.append(Rect(edges[col] + pad, top + row - 0.6, edges[col + 2] - edges[col] - 2 * pad, lay.stroke / 2, Style(fill=lay.rule)))
    for col, words in enumerate(["", "copies", "expected", "1 or more", "expected", "1 or more"]):
        if words:
            shapes.append(cell(words, col, 1, BOLD))
    rows = odds_rows(analysis)
    for i, (label, r) in enumerate(rows):
        ri = i + 2
        if i == len(analysis.groups):  # the cards start under a line of their own
            shapes.append(Rect(x, top + ri * row - lay.stroke / 2, tw, lay.stroke, Style(fill=lay.faint)))
        elif i % 2:
            shapes.append(Rect(x, top + ri * row, tw, row, Style(fill=lay.shade)))
        ink = lay.ink if r.copies else lay.faint
        shapes.append(cell(label, 0, ri, BOLD if i < len(analysis.groups) else REGULAR, ink))
        for col, text in enumerate(row_cells(r), 1):
            shapes.append(cell(text, col, ri, REGULAR, ink))
    end = top + (len(rows) + 2) * row
    shapes.append(Rect(x, top, tw, end - top, Style(stroke=lay.rule, stroke_width=lay.stroke)))
    shapes += [Rect(edges[c], top + row, lay.stroke / 2, end - top - row, Style(fill=lay.rule)) for c in (2, 4)]
    page.add(*shapes)
    notes_end = _notes(page, analysis, played, x + tw + lay.chart_gap, y, width - tw - lay.chart_gap)
    return max(end, notes_end)


def goldfish_lines(played: GoldfishResult | None, total: int) -> list[str]:
    if played is None:
        return [f"Not played: the set-up draws {HAND_SIZE} cards, the deck holds {total}."]
    lines = [
        (
            f"The enemy Base falls on turn {turn_text(played.median)} at the median, "
            f"{turn_text(played.mean)} on average (won games{_interval(played.mean_ci95)}); 10th to 90th percentile: turn {turn_text(played.p10)} to {turn_text(played.p90)}. "
            f"Never within {played.turns} turns: {played.never_percent:g} % ({plural(played.never, 'game')})."
        )
    ]
    if played.fastest_cards:
        cards = ", ".join(f"{name}: {n:g}" for name, n in played.fastest_cards.items())
        share = f"{100 * played.fastest / played.games:.0f}"
        lines.append(
            f"Cards played face up per game in the {plural(played.fastest, 'game')} won by turn {played.p10}, "
            f"the {FASTEST_SHARE}th percentile ({share} % of the games): {cards}."
        )
    return lines


def _interval(ci: tuple[float, float] | None) -> str:
    return f"; 95 % interval {ci[0]:g} to {ci[1]:g}" if ci is not None else ""


def economy_lines(analysis: Analysis) -> list[str]:
    s = analysis.stats
    balance = s.cards_drawn - s.cards_discarded
    net = "as many drawn as discarded" if not balance else f"{abs(balance)} more {'drawn' if balance > 0 else 'discarded'}"
    price = f"{s.average_price:+.2f}".replace("-", draw.MINUS)
    return [
        f"Every card played once draws {s.cards_drawn} and discards {s.cards_discarded}: {net}. Average value {s.average_value:.2f}, average price {price}."
    ]


def note_parts(analysis: Analysis, played: GoldfishResult | None) -> list[tuple[str, list[str]]]:
    """The notes beside the odds table: (heading, paragraphs)."""
    return [
        ("Goldfish speed", goldfish_lines(played, analysis.total)),
        ("Card economy", economy_lines(analysis)),
        ("Face down at set-up", [f"By the rule pnp computes: {face_down_rule(analysis.face_down)}."]),
    ]


def _notes(page: Drawing, analysis: Analysis, played: GoldfishResult | None, x: float, y: float, width: float) -> float:
    lay = report_layout()
    size = lay.text_size
    leading = 1.3 * size * MM_PER_PT
    for heading, paragraphs in note_parts(analysis, played):
        base = _heading(page, heading, x, y) + cap_height(size) - lay.heading_gap / 3
        for paragraph in paragraphs:
            for line in _wrapped(paragraph, REGULAR, size, width):
                page.add(Text(x, base, line, size, REGULAR, lay.ink))
                base += leading
            base += leading / 3
        y = base - leading + lay.part_gap / 2
    return y


# --- text --------------------------------------------------------------------------------------


def _wrapped(text: str, font: str, size: float, width: float) -> list[str]:
    """`text` wrapped to `width` mm; a word wider than that (a long file name) is cut where it must."""
    lines = wrap(text, font, size, width)
    if lines is not None:
        return lines
    words: list[str] = []
    for word in text.split():
        while width_mm(word, font, size) > width and len(word) > 1:
            cut = len(word) - 1
            while cut > 1 and width_mm(word[:cut], font, size) > width:
                cut -= 1
            words.append(word[:cut])
            word = word[cut:]
        words.append(word)
    return wrap(" ".join(words), font, size, width) or [text]


def _fitted(text: str, font: str, size: float, width: float) -> tuple[float, list[str]]:
    """A title on at most two lines at `size`, smaller down to 10 pt if it needs more."""
    while True:
        lines = _wrapped(text, font, size, width)
        if len(lines) <= 2 or size <= 10:
            return size, lines[:3]
        size -= 0.5


# --- the files -----------------------------------------------------------------------------------


def played_against(report: DeckReport, path: Path, rules: MultisetRules, games: int, seed: int) -> Matchup | None:
    """The deck against the deck at `path` (checked under the same format: its findings stop the
    command), `games` games from `seed`, greedy against greedy; None when the deck itself is invalid."""
    from .rules.engine import load_deck
    from .simulation.lab import Setup, match, pool, workers_for
    from .simulation.pool import cores

    other = load_deck(path, rules)
    if not report.valid:
        return None
    with pool(workers_for(games, None, cores())) as where:
        result = match(Setup((tuple(report.cards()), tuple(other.cards())), seed=seed), games, where)
    return Matchup(shown(Path(path).name), result)


def report_html(drawing: Drawing, title: str) -> str:
    """One self-contained HTML page showing one drawn page (the gauntlet's heat map) as inline SVG,
    scaled to the window, its styles inline; nothing is fetched and nothing runs. The SVG's namespace declarations are left out: HTML needs none for
    inline SVG."""
    from pnp.draw.svg import render_svg  # svgwrite loads only when a page is written

    svg = render_svg(drawing).strip()
    svg = re.sub(r'\s+xmlns(?::[A-Za-z]+)?="[^"]*"', "", svg)
    svg = svg.replace("<svg ", f'<svg role="img" aria-label="{html.escape(title)}" ', 1)
    css = (
        "body { margin: 0; background: #e8e6e1; font: 16px/1.5 'Liberation Sans', Arial, Helvetica, sans-serif; }\n"
        f"main {{ max-width: {drawing.width:g}mm; margin: 1.5em auto; background: #fff; box-shadow: 0 1px 6px rgba(0, 0, 0, 0.25); }}\n"
        "main svg { display: block; width: 100%; height: auto; }\n"
        "@media print { body { background: #fff; } main { margin: 0; box-shadow: none; } }\n"
    )
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html.escape(title)}</title>\n<style>\n{css}</style>\n</head>\n<body>\n<main>\n{svg}\n</main>\n</body>\n</html>\n"
    )


@dataclass(frozen=True)
class Written:
    """What `write_report` wrote, for the command to say and for its JSON result."""

    file: Path  # the deck list
    output: Path
    format: str
    valid: bool
    total: int
    paper: str
    games: int
    seed: int
    source: bytes  # the deck list as read, for the findings' excerpts
    against: tuple[Path, Matchup] | None = None  # --against: OTHER's file and the match

    def as_json(self) -> dict:
        from pnp.contract.app import json_name  # the contract's own file-name rule

        found = {"format": self.format, "total": self.total, "output": json_name(self.output), "paper": self.paper, "games": self.games, "seed": self.seed}
        if self.against is None:
            return {**found, "against": None}
        path, matchup = self.against
        r = matchup.result
        figures = {"file": json_name(path), "games": len(r.games), **{k: r.rate.as_json()[k] for k in ("win_percent", "ci95")}, "verdict": VERDICTS[r.verdict]}
        return {**found, "against": figures}

    def line(self) -> str:
        mark = "" if self.valid else ", marked INVALID"
        return f"wrote {shown(self.output)}: the report of {shown(self.file)} under {self.format}{mark}"


def default_output(deck_path: Path) -> Path:
    """DECK's name with .pdf, in the current folder (standard input: deck-report.pdf)."""
    return Path("deck-report.pdf") if deck_path is STDIN else Path(Path(deck_path).with_suffix(".pdf").name)
