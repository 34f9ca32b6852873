"""The rule sheets' figures read back from the PDFs: every word and coordinate at 7 pt or more as
printed, arrows clear of pips and numerals, and a key for every kind of token a figure shows.

A figure is what the typesetter painted under the y-down transform of a pnp Drawing
(pdfgeom.figures_in); its caption is the text from "Figure N." under it. Nothing here asks the
drawing code what it drew."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pnp.core.printing import Paper, Print
from pnp.games.ley_lines import diagrams as ley_lines
from pnp.games.pack_solitaire import diagrams as pack_solitaire
from pnp.games.paint_the_line import diagrams as paint_the_line
from pnp.games.power_lines_cards import diagrams as power_lines_cards
from pnp.games.power_lines_cards.rules.variant import DEFAULT
from pnp.games.power_lines_piecepack import diagrams as power_lines_piecepack
from pnp.output.files import BuildOptions
from pnp.output.rulesheets import write_rules
from tests.helpers.pdfgeom import MM, FigureGeometry, figures_in, open_pdf

GAMES = {
    "power-lines-cards": power_lines_cards,
    "power-lines-piecepack": power_lines_piecepack,
    "pack-solitaire": pack_solitaire,
    "paint-the-line": paint_the_line,
    "ley-lines": ley_lines,
}
PAPERS = ("a4", "letter")
SMALLEST = 7.0  # pt as printed
CLEAR = 0.5  # mm between an arrow and a pip or a character
PIP = 5.0  # mm: a circle this wide or less is a pip (or a number's disc); coins and cairns are wider
# Arrows each figure draws (Figure 1 first): the tests below must find them, so they cannot pass
# by finding none.
ARROWS = {
    "power-lines-cards": [3, 2],  # the parts of a card; the distance between the Bases, both ways
    "power-lines-piecepack": [2],  # the diagonals
    "pack-solitaire": [0],
    "paint-the-line": [0, 0],
    "ley-lines": [0, 2, 1],  # the board; a tie's two arrows; the energy that scores
}


@pytest.fixture(scope="module")
def sheets(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("figures")
    for paper in PAPERS:
        for game, module in GAMES.items():
            write_rules(game, BuildOptions(Print(Paper(paper)), ("pdf",), out / paper), module.figures(), **module.sheet_context())
    return out


def figures(sheets: Path, game: str, paper: str = "a4") -> list[FigureGeometry]:
    found = figures_in(sheets / paper / f"{game}-rules.pdf")
    assert len(found) == len(GAMES[game].figures())
    return found


def caption(sheets: Path, game: str, number: int, fig: FigureGeometry, paper: str = "a4") -> str:
    """The caption under a figure: from the line that opens "Figure N." in the figure's column
    down to the end of its paragraph (the next line as far below as a new paragraph starts)."""
    with open_pdf(sheets / paper / f"{game}-rules.pdf") as pdf:
        page = pdf.pages[fig.page]
        boxes = [g.box for g in fig.glyphs]
        middle = (min(b[0] for b in boxes) + max(b[2] for b in boxes)) / 2 / MM
        bottom = max(b[3] for b in boxes) / MM
        half = float(page.width) / 2
        column = page.crop((0, 0, half, float(page.height)) if middle < half else (half, 0, float(page.width), float(page.height)))
        lines = column.extract_text_lines(return_chars=True)
    start = next(i for i, line in enumerate(lines) if line["top"] >= bottom - 1 and line["text"].startswith(f"Figure {number}."))
    size = lines[start]["chars"][0]["size"]
    text = [lines[start]["text"]]
    for before, line in zip(lines[start:], lines[start + 1 :]):
        if line["top"] - before["top"] > 1.5 * size or abs(line["chars"][-1]["size"] - size) > 0.01:
            break
        text.append(line["text"])
    return " ".join(text)


# --- sizes -----------------------------------------------------------------------------------


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_every_word_of_a_figure_prints_at_7pt_or_more(sheets, game, paper):
    for number, fig in enumerate(figures(sheets, game, paper), 1):
        assert fig.glyphs, (game, number)
        small = sorted({(g.text, round(g.size, 2)) for g in fig.glyphs if g.size < SMALLEST - 0.01})
        assert not small, (game, paper, number, small[:10])


@pytest.mark.parametrize("paper", PAPERS)
def test_ley_lines_coordinates_read_at_arms_length(sheets, paper):
    """The board's column letters and row numbers, on every side, and the close-ups' own."""
    board, tie, flow = figures(sheets, "ley-lines", paper)
    sizes: dict[str, list[float]] = {}
    for g in board.glyphs:
        sizes.setdefault(g.text, []).append(g.size)
    for letter in "abcdefghijklm":
        assert len(sizes.get(letter, [])) == 2 and min(sizes[letter]) >= SMALLEST, letter  # above and below
    numbers = re.findall(r"\d+", " ".join(_figure_words(board)))
    assert sorted(map(int, numbers)) == sorted(2 * list(range(1, 16)))  # left and right
    assert min(g.size for g in board.glyphs if g.text.isdigit()) >= SMALLEST
    for fig, letters in ((tie, "hijkl"), (flow, "hijkl")):  # the tie: h2 to l5, round the suns cairn on h4
        assert all(letter in fig.text for letter in letters)


# --- arrows ----------------------------------------------------------------------------------


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_arrows_keep_clear_of_pips_and_numerals(sheets, game, paper):
    for number, (fig, expected) in enumerate(zip(figures(sheets, game, paper), ARROWS[game]), 1):
        arrows = fig.arrows()
        assert len(arrows) == expected, (game, number, len(arrows))
        pips = fig.circles(PIP)
        for arrow in arrows:
            for centre, r in pips:
                gap = arrow.clearance_to_circle(centre, r)
                assert gap >= CLEAR, (game, paper, number, "pip", centre, round(gap, 3))
            for glyph in fig.glyphs:
                gap = arrow.clearance_to_box(glyph.box)
                assert gap >= CLEAR, (game, paper, number, "text", glyph.text, glyph.box, round(gap, 3))


def test_the_ley_lines_close_ups_have_pips_beside_their_arrows(sheets):
    """The arrows run past pips, so the clearance above is a real test: within 2 mm of an arrow
    of each close-up lies a domino's pip, and still it keeps clear."""
    _, tie, flow = figures(sheets, "ley-lines")
    for fig in (tie, flow):
        assert min(a.clearance_to_circle(c, r) for a in fig.arrows() for c, r in fig.circles(PIP)) < 2.0


# --- keys ------------------------------------------------------------------------------------


def _inside(glyph_box, centre, r) -> bool:
    x = (glyph_box[0] + glyph_box[2]) / 2
    y = (glyph_box[1] + glyph_box[3]) / 2
    return (x - centre[0]) ** 2 + (y - centre[1]) ** 2 <= r * r


def _lettered(fig: FigureGeometry, smallest: float, largest: float) -> bool:
    """A circle of that radius (mm) with a character on it."""
    return any(smallest < r <= largest and any(_inside(g.box, c, r) for g in fig.glyphs) for c, r in fig.circles())


def _plain_pips(fig: FigureGeometry) -> bool:
    """Filled discs 1 to 5 mm across with no character on them, standing alone: no circle round
    the same centre (a ring is drawn as two) and nothing else of their colour within 0.5 mm (the
    disc of a sun among its rays). A domino's pips, or a bare disc; not part of a symbol."""
    circles = fig.circles()

    def ring(c) -> bool:
        return sum(abs(d[0][0] - c[0][0]) < 0.01 and abs(d[0][1] - c[0][1]) < 0.01 for d in circles) > 1

    def alone(o, c) -> bool:
        (x, y), r = c
        near = (x - r - 0.5, y - r - 0.5, x + r + 0.5, y + r + 0.5)
        return not any(
            p is not o and p.fill and p.fill_colour == o.fill_colour and p.box[0] < near[2] and p.box[2] > near[0] and p.box[1] < near[3] and p.box[3] > near[1]
            for p in fig.outlines
        )

    return any(
        o.fill and (c := o.circle) and 0.5 <= c[1] <= PIP / 2 and not ring(c) and alone(o, c) and not any(_inside(g.box, *c) for g in fig.glyphs)
        for o in fig.outlines
    )


def _crossed(fig: FigureGeometry) -> bool:
    """Two slanting lines crossing at their middles: a square's diagonals (a pyramid's ridges, a space out of play)."""
    slanting = [o.corners for o in fig.outlines if o.stroke and o.ops == "ml" and all(abs(a - b) > 0.5 for a, b in zip(*o.corners))]
    mids = [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for a, b in slanting]
    return any(abs(p[0] - q[0]) < 0.05 and abs(p[1] - q[1]) < 0.05 for i, p in enumerate(mids) for q in mids[i + 1 :])


def _pawn(fig: FigureGeometry) -> bool:
    """A filled four-sided outline with two level sides of unequal length: a pawn's body."""
    for o in fig.outlines:
        pts = o.corners
        if o.fill and o.ops.rstrip("h") == "mlll" and len(pts) == 4:
            level = [abs(a[0] - b[0]) for a, b in zip(pts, pts[1:] + pts[:1]) if abs(a[1] - b[1]) < 0.01]
            if len(level) == 2 and abs(level[0] - level[1]) > 0.5:
                return True
    return False


def _pointers(fig: FigureGeometry) -> bool:
    """Filled triangles that head no arrow (a coin's pointer)."""
    heads = {a.head for a in fig.arrows()}
    return any(o.fill and o.ops.rstrip("h") == "mll" and tuple(o.corners) not in heads for o in fig.outlines)


def _colour(fig: FigureGeometry, rgb: tuple[float, float, float], stroke: bool) -> bool:
    colours = [o.stroke_colour if stroke else o.fill_colour for o in fig.outlines]
    return any(c is not None and len(c) == 3 and all(abs(a - b) < 0.01 for a, b in zip(c, rgb)) for c in colours)


# What each kind of token looks like on the page.
TOKENS = {
    "arrow": lambda f: bool(f.arrows()),
    "dashed line": lambda f: any(o.stroke and o.dashed for o in f.outlines),
    "pip": _plain_pips,
    "numbered disc": lambda f: _lettered(f, 0.0, PIP / 2),
    "coin": lambda f: _lettered(f, PIP / 2, 8.0),
    "pawn": _pawn,
    "crossed square": _crossed,
    "pointer": _pointers,
    "bar": lambda f: any(o.stroke and o.width >= 1.5 for o in f.outlines),
    "red outline": lambda f: _colour(f, (0xC0 / 255, 0x39 / 255, 0x2B / 255), stroke=True),
    "grey bar": lambda f: _colour(f, (0xBD / 255,) * 3, stroke=False),
    "large numeral": lambda f: any(g.size >= 20 and g.text.isdigit() for g in f.glyphs),
}
# Per figure (Figure 1 first), each kind of token it shows and the words of its key: in the
# caption, or in the figure itself (an arrow's label names what it points at).
KEYS: dict[str, list[dict[str, list[str]]]] = {
    "power-lines-cards": [
        {
            "arrow": ["value", "effect", "deck letter"],
            "pip": ["deck letter"],  # the deck's disc, its letter too small to print here
            "grey bar": ["small print"],
            "large numeral": ["Card 7: value 7"],  # the pale numeral across the card
        },
        {
            "arrow": [f"{DEFAULT.bases_apart - 1} card lengths"],
            "dashed line": ["dashed the empty lengths between"],
        },
    ],
    "power-lines-piecepack": [
        {
            "arrow": ["the two arrows at the corners point along the diagonals"],
            "large numeral": ["Each tile shows its value, and its suit by symbol and colour", "suns", "moons", "crowns", "arms"],
        },
    ],
    "pack-solitaire": [
        {
            "coin": ["The circles are coins with their values", "A the ace", "struck-through ring the null"],
            "pointer": ["a coin's small triangle shows which way it faces"],
            "red outline": ["the squares in the red frame face each other"],
        },
    ],
    "paint-the-line": [
        {
            "crossed square": ["large, medium and small pyramids the three nested squares, their ridges the crossing lines"],
            "numbered disc": ["The number on top is the tree's colour: 1 red, 2 yellow, 3 green, 4 blue"],
        },
        {
            "crossed square": ["the top pyramid of each space, seen from above", "the two shaded, crossed spaces are out of play"],
            "numbered disc": ["its pips the number on it"],
            "bar": ["bars join the pyramids of a group"],
        },
    ],
    "ley-lines": [
        {
            "red outline": ["(outlined in red)"],
        },
        {
            "coin": ["Coins are cairns (value above, suit below)", "S suns"],
            "pawn": ["pawns are tors (T and suit)", "M moons"],
            "pip": ["dominoes show their pips"],
            "arrow": ["(the dashed purple arrows)"],
            "dashed line": ["(the dashed purple arrows)"],
        },
        {
            "coin": ["Coins are cairns (value above, suit below)", "S suns", "C crowns"],
            "pawn": ["pawns are tors (T and suit)", "M moons"],
            "pip": ["dominoes show their pips"],
            "arrow": ["along the orange arrow"],
            "dashed line": ["(dashed: it scores and leaves the board)", "removes the 1-2 (dashed)"],
        },
    ],
}


def _words(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("game", GAMES)
def test_every_kind_of_token_a_figure_shows_has_its_key(sheets, game):
    for number, fig in enumerate(figures(sheets, game), 1):
        keys = KEYS[game][number - 1]
        shown = {kind for kind, seen in TOKENS.items() if seen(fig)}
        # Every kind the page shows has a key, and every key is for a kind the page shows.
        assert shown == set(keys), (game, number, sorted(shown), sorted(keys))
        said = _words(caption(sheets, game, number, fig) + " " + " ".join(_figure_words(fig)))
        for kind in sorted(shown):
            for words in keys[kind]:
                assert words in said, (game, number, kind, words, said)


def _figure_words(fig: FigureGeometry) -> list[str]:
    """The figure's own text, a line at a time (characters on one baseline, left to right, a gap between words)."""
    rows: dict[float, list] = {}
    for g in fig.glyphs:
        rows.setdefault(round(g.box[3], 1), []).append(g)
    lines = []
    for _, glyphs in sorted(rows.items()):
        glyphs.sort(key=lambda g: g.box[0])
        text = glyphs[0].text
        for a, b in zip(glyphs, glyphs[1:]):
            text += (" " if b.box[0] - a.box[2] > 0.4 * (a.box[3] - a.box[1]) else "") + b.text
        lines.append(text)
    return lines
