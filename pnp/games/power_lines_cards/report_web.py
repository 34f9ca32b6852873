"""`pnp deck report -o FILE.html`: the report's content as a web page that reflows.

The PDF is one fixed page; a screen is any width. So the HTML holds the same parts in the same
order as HTML: the title, notes and findings as text, the card pictures in a row that wraps,
each chart as its own inline SVG drawn by `pnp.draw.charts` (the PDF's drawing, one chart a
box) that takes the width it is given, the odds as a table, the notes as paragraphs. Its text
is the browser's, at the reader's size; nothing is fetched and nothing runs.
"""

from __future__ import annotations

import html
import re
from dataclasses import replace

from pnp.core.rules import MultisetRules
from pnp.draw.shapes import Drawing, Shape

from . import draw
from .report import (
    Chart,
    Matchup,
    card_picture,
    cards_heading,
    chart,
    charts,
    figures,
    finding,
    findings_heading,
    head_notes,
    matchup_chart,
    matchup_lines,
    note_parts,
    odds_rows,
    report_layout,
    row_cells,
    shown_cards,
)
from .rules.engine import DeckReport

# mm: each chart's own box, so that its 7 pt text is read at about the body's size when the
# chart is shown about 22em wide (a phone's width, or a third of a wide screen).
CHART_BOX = (80.0, 58.0)
MATCHUP_BOX = (95.0, 48.0)
PAD = 3.0  # mm left of each chart: its tick numbers, if the browser's font is wider than Liberation Sans

CSS = """\
body { margin: 0; background: #e8e6e1; color: #1a1a1a; font: 16px/1.45 'Liberation Sans', Arial, Helvetica, sans-serif; }
main { max-width: 64em; margin: 0 auto; padding: 1em; background: #fff; box-sizing: border-box; }
h1 { font-size: 1.5em; margin: 0 0 0.3em; overflow-wrap: anywhere; }
h2 { font-size: 1.1em; margin: 1.2em 0 0.4em; }
h3 { font-size: 1em; margin: 0.8em 0 0.2em; }
p { margin: 0.3em 0; }
.badge { display: inline-block; padding: 0.1em 0.6em; border-radius: 0.2em; color: #fff; font-weight: bold; font-size: 1.2em; }
.findings { border: 2px solid; padding: 0 0.8em 0.5em; border-radius: 0.2em; }
.cards { display: flex; flex-wrap: wrap; gap: 0.6em; list-style: none; padding: 0; margin: 0; }
.cards li { width: 4.5em; text-align: center; font-size: 0.85em; color: #6e6e6e; }
.cards svg { display: block; width: 100%; height: auto; }
.cards b { display: block; color: #1a1a1a; font-size: 1.2em; }
.charts { display: flex; flex-wrap: wrap; gap: 1em 2em; }
figure { margin: 0; flex: 1 1 22em; max-width: 30em; }
figure.wide { max-width: 42em; }
figure svg { display: block; width: 100%; height: auto; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; font-size: 0.9em; }
th, td { padding: 0.15em 0.4em; text-align: right; border-bottom: 1px solid #e0e0e0; white-space: nowrap; }
th:first-child, td:first-child { text-align: left; white-space: normal; }
thead th { background: #f0f0f0; white-space: normal; }
tr.empty td { color: #6e6e6e; }
.columns { display: flex; flex-wrap: wrap; gap: 0 2em; }
.columns > * { flex: 1 1 20em; min-width: 0; }
.columns > .odds { flex: 0 1 auto; }
@media (max-width: 30em) { table { font-size: 0.75em; } th, td { padding: 0.15em 0.2em; } main { padding: 0.6em; } }
@media print { body { background: #fff; } main { max-width: none; } }
"""


def _svg(shapes: list[Shape], w: float, h: float, label: str) -> str:
    """Shapes as one inline SVG `w` by `h` mm, its size left to the page's styles."""
    from pnp.draw.svg import render_svg  # svgwrite loads only when a page is written

    svg = render_svg(Drawing(w, h, list(shapes))).strip()
    svg = re.sub(r'\s+xmlns(?::[A-Za-z]+)?="[^"]*"', "", svg)
    svg = re.sub(r'<svg([^>]*?)\s(?:width|height)="[^"]*"', r"<svg\1", svg, count=1)
    svg = re.sub(r'<svg([^>]*?)\s(?:width|height)="[^"]*"', r"<svg\1", svg, count=1)
    return svg.replace("<svg ", f'<svg role="img" aria-label="{html.escape(label)}" ', 1)


def _figure(c: Chart, box: tuple[float, float], kind: str = "") -> str:
    """A chart as a figure: its title as the page's text (it wraps), the rest drawn in `box` mm."""
    w, h = box
    drawn = _svg(chart(replace(c, title=""), PAD, 0, w, h), w + PAD, h, c.title)
    return f"<figure{f' class={kind}' if kind else ''}><h3>{html.escape(c.title)}</h3>{drawn}</figure>"


def _p(text: str) -> str:
    return f"<p>{html.escape(text)}</p>"


def deck_report_html(deck: DeckReport, format: MultisetRules, games: int, seed: int, name: str, turns: int, against: Matchup | None) -> str:
    """The report of `deck` as one self-contained web page (see the module's note)."""
    lay = report_layout()
    analysis, played = figures(deck, games, seed, turns)
    title = f"Power Lines deck report: {name}"
    colour = lay.valid if deck.valid else lay.invalid
    word = "VALID" if deck.valid else "INVALID"
    out = [f"<header><h1>{html.escape(title)}</h1>", f'<p><span class="badge" style="background: {colour}">{word}</span> under {html.escape(format.name)}</p>']
    out += [_p(note) for note in head_notes(deck, format, games, seed, turns)]
    out.append("</header>")
    if deck.diagnostics:
        items = "".join(f"<li>{html.escape(finding(d))}</li>" for d in deck.diagnostics)
        out.append(f'<section class="findings" style="border-color: {colour}"><h2>{html.escape(findings_heading(deck, format))}</h2><ul>{items}</ul></section>')
    out.append(f"<section><h2>{html.escape(cards_heading(deck))}</h2>")
    card = draw.card_layout()
    cw, ch = card.width * lay.card_scale, card.height * lay.card_scale
    pictures = [
        f"<li>{_svg(card_picture(kind), cw, ch, words.split(', ')[0])}<b>\u00d7{n}</b>{html.escape(words)}</li>" for kind, n, words in shown_cards(deck)
    ]
    out.append(f'<ul class="cards">{"".join(pictures)}</ul></section>' if pictures else _p("No card could be read from the deck list.") + "</section>")
    out.append('<section class="charts">')
    for c in charts(analysis, played, games):
        if c is not None:
            out.append(_figure(c, CHART_BOX))
    out.append("</section>")
    out.append('<div class="columns"><section class="odds">')
    out.append(f"<h2>Opening hands: {analysis.hand_size} drawn, {analysis.face_down} placed face down, {analysis.kept_size} kept</h2>")
    head = (
        f'<tr><th></th><th></th><th colspan="2">in the {analysis.hand_size} drawn</th><th colspan="2">in the {analysis.kept_size} kept</th></tr>'
        "<tr><th></th><th>copies</th><th>expected</th><th>1 or more</th><th>expected</th><th>1 or more</th></tr>"
    )
    rows = "".join(
        f"<tr{'' if r.copies else ' class=empty'}><td>{html.escape(label)}</td>" + "".join(f"<td>{html.escape(c)}</td>" for c in row_cells(r)) + "</tr>"
        for label, r in odds_rows(analysis)
    )
    out.append(f'<div class="scroll"><table><thead>{head}</thead><tbody>{rows}</tbody></table></div></section><section>')
    for heading, paragraphs in note_parts(analysis, played):
        out.append(f"<h2>{html.escape(heading)}</h2>" + "".join(_p(t) for t in paragraphs))
    out.append("</section></div>")
    if against is not None:
        out.append(f"<section><h2>Against {html.escape(against.name)}</h2>" + "".join(_p(t) for t in matchup_lines(against)))
        out.append(_figure(matchup_chart(against), MATCHUP_BOX, "wide") + "</section>")
    body = "\n".join(out)
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html.escape(title)}</title>\n<style>\n{CSS}</style>\n</head>\n<body>\n<main>\n{body}\n</main>\n</body>\n</html>\n"
    )
