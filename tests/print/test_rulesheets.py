"""Rule sheets read back from the files: every game's sheet on A4 and Letter, text inside its
frames, lines of a readable length, no heading left at the foot of a column, figures as vector
art, fonts embedded, the HTML twin with the same headings, and byte-identical rebuilds."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from html import unescape
from html.parser import HTMLParser
from pathlib import Path
from statistics import mean

import pypdf
import pytest

from pnp.core.credits import credits
from pnp.core.printing import Paper, Print
from pnp.draw.markdown import parse
from pnp.draw.shapes import Rect
from pnp.draw.typeset import band_height, frames, rule_layout, story
from pnp.games.ley_lines import diagrams as ley_lines
from pnp.games.pack_solitaire import diagrams as pack_solitaire
from pnp.games.paint_the_line import diagrams as paint_the_line
from pnp.games.power_lines_cards import diagrams as power_lines_cards
from pnp.games.power_lines_cards.rules.variant import DEFAULT
from pnp.games.power_lines_piecepack import diagrams as power_lines_piecepack
from pnp.output.files import BuildOptions
from pnp.output.rulesheets import render_template, write_rules
from tests.helpers.pdfgeom import MM, open_pdf

GAMES = {
    "power-lines-cards": power_lines_cards,
    "power-lines-piecepack": power_lines_piecepack,
    "pack-solitaire": pack_solitaire,
    "paint-the-line": paint_the_line,
    "ley-lines": ley_lines,
}
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
# The most pages each sheet may take: one where the text allows it.
MOST_PAGES = {"power-lines-cards": 2, "power-lines-piecepack": 1, "pack-solitaire": 1, "paint-the-line": 1, "ley-lines": 2}
BETWEEN = DEFAULT.bases_apart - 1  # card lengths between the Bases, as pnp reads the rules
TOLERANCE = 0.3  # mm: glyph boxes are the font's, a hair beyond the line


def build_sheets(out: Path) -> Path:
    for paper in PAPERS:
        for game, module in GAMES.items():
            write_rules(game, BuildOptions(Print(Paper(paper)), ("pdf",), out / paper), module.figures(), **module.sheet_context())
    return out


@pytest.fixture(scope="module")
def sheets(tmp_path_factory) -> Path:
    return build_sheets(tmp_path_factory.mktemp("rules"))


def cases():
    return [(game, paper) for game in GAMES for paper in PAPERS]


def the_frames(game: str, paper: str) -> tuple[list, list]:
    """The frames of the first and of later pages, the title band as tall as the sheet's own title needs."""
    module = GAMES[game]
    figures = module.figures()
    printing = Print(Paper(paper))
    column = frames(printing, 0.0)[0]
    head, _ = story(parse(render_template(game, **module.sheet_context()), figures), figures, column.w, column.h)
    return frames(printing, band_height(head, frames(printing, 1.0)[0].w)), frames(printing, 0.0)


def chars_mm(page) -> list[dict]:
    return [c | {"x0": c["x0"] * MM, "x1": c["x1"] * MM, "top": c["top"] * MM, "bottom": c["bottom"] * MM} for c in page.chars]


def lines_of(chars: list[dict], columns: list) -> dict[tuple[int, float], list[dict]]:
    """The characters in the columns grouped into lines: (column index, baseline rounded to 0.1 mm)."""
    found: dict[tuple[int, float], list[dict]] = {}
    for c in chars:
        for col, box in enumerate(columns):
            if box.x - TOLERANCE <= c["x0"] <= box.x + box.w + TOLERANCE and box.y - TOLERANCE <= c["top"]:
                found.setdefault((col, round(c["bottom"], 1)), []).append(c)
    return {key: sorted(line, key=lambda c: c["x0"]) for key, line in sorted(found.items())}


@pytest.mark.parametrize("game, paper", cases())
def test_every_sheet_builds_on_its_paper(sheets, game, paper):
    pdf, html = sheets / paper / f"{game}-rules.pdf", sheets / paper / f"{game}-rules.html"
    assert pdf.exists() and html.exists()
    reader = pypdf.PdfReader(pdf)
    assert 1 <= len(reader.pages) <= MOST_PAGES[game]
    for page in reader.pages:
        w, h = float(page.mediabox.width) * MM, float(page.mediabox.height) * MM
        assert (w, h) == pytest.approx(PAPERS[paper], abs=0.05)


@pytest.mark.parametrize("game, paper", cases())
def test_text_stays_inside_its_frames(sheets, game, paper):
    first, later = the_frames(game, paper)
    with open_pdf(sheets / paper / f"{game}-rules.pdf") as pdf:
        for number, page in enumerate(pdf.pages):
            boxes = first if number == 0 else later
            chars = chars_mm(page)
            assert len(chars) > 200
            for c in chars:
                assert any(
                    b.x - TOLERANCE <= c["x0"] and c["x1"] <= b.x + b.w + TOLERANCE and b.y - TOLERANCE <= c["top"] and c["bottom"] <= b.y + b.h + TOLERANCE
                    for b in boxes
                ), (number + 1, c["text"], round(c["x0"], 1), round(c["top"], 1))


@pytest.mark.parametrize("game, paper", cases())
def test_lines_hold_45_to_75_characters(sheets, game, paper):
    body = rule_layout().text_size
    first, later = the_frames(game, paper)
    full: list[int] = []
    with open_pdf(sheets / paper / f"{game}-rules.pdf") as pdf:
        for number, page in enumerate(pdf.pages):
            columns = first[1:] if number == 0 else later
            text = [c for c in chars_mm(page) if abs(c["size"] - body) < 0.01]
            for (col, _), line in lines_of(text, columns).items():
                # A line is full when it reaches the last tenth of its column (a paragraph's last line seldom does).
                if line[-1]["x1"] > columns[col].x + 0.9 * columns[col].w:
                    full.append(len("".join(c["text"] for c in line).strip()))
    assert len(full) >= 10
    assert 45 <= mean(full) <= 75, mean(full)
    assert max(full) <= 85


@pytest.mark.parametrize("game, paper", cases())
def test_no_heading_ends_a_column(sheets, game, paper):
    lay = rule_layout()
    first, later = the_frames(game, paper)
    headings = 0
    with open_pdf(sheets / paper / f"{game}-rules.pdf") as pdf:
        for number, page in enumerate(pdf.pages):
            columns = first[1:] if number == 0 else later
            chars = chars_mm(page)
            lines = lines_of(chars, columns)
            for (col, baseline), line in lines.items():
                if all(abs(c["size"] - lay.heading_size) < 0.01 and "Bold" in c["fontname"] for c in line):
                    headings += 1
                    below = [key for key in lines if key[0] == col and key[1] > baseline]
                    assert below, (number + 1, "".join(c["text"] for c in line))
    assert headings >= 3


@pytest.mark.parametrize("game", GAMES)
def test_every_figure_is_vector_art_with_its_number(sheets, game):
    figures = GAMES[game].figures()
    with open_pdf(sheets / "a4" / f"{game}-rules.pdf") as pdf:
        text = " ".join(page.extract_text() for page in pdf.pages)
        shapes = sum(len(page.rects) + len(page.curves) + len(page.lines) for page in pdf.pages)
        images = sum(len(page.images) for page in pdf.pages)
    for n in range(1, len(figures) + 1):
        assert f"Figure {n}." in text
    assert f"Figure {len(figures) + 1}." not in text
    assert images == 0 and shapes >= 20 * len(figures), shapes


def test_figures_are_drawn_from_the_engines_data():
    cards = power_lines_cards.figures()
    assert f"{BETWEEN} card lengths apart" in cards["setup"].caption  # the readings' Bases, 11 apart centre to centre
    assert "suits 10, values 9" in power_lines_piecepack.figures()["lines"].caption  # decks/power-lines/example.grid
    example = paint_the_line.figures()["example"].caption
    assert "total 24" in example and "total 41" in example and "Player 2 wins" in example
    assert "3 + 3 x 2 = 9" in ley_lines.figures()["flow"].caption
    lines = pack_solitaire.figures()["conditions"].drawing
    assert {"1. Match", "2. Make five", "3. Wild"} <= {getattr(s, "text", None) for s in lines.items}


@pytest.mark.parametrize("game", GAMES)
def test_fonts_are_the_embedded_liberation_subsets(sheets, game):
    reader = pypdf.PdfReader(sheets / "a4" / f"{game}-rules.pdf")
    seen = set()
    for page in reader.pages:
        fonts = page["/Resources"]["/Font"]
        for font in fonts.values():
            font = font.get_object()
            name = str(font["/BaseFont"])[1:]
            assert re.fullmatch(r"[A-Z]{6}\+Liberation(Sans|Sans-Bold|Mono)", name), name
            descriptor = font["/DescendantFonts"][0].get_object()["/FontDescriptor"] if "/DescendantFonts" in font else font["/FontDescriptor"]
            assert "/FontFile2" in descriptor.get_object()
            seen.add(name.split("+")[1])
    assert {"LiberationSans", "LiberationSans-Bold"} <= seen


@pytest.mark.parametrize("game", GAMES)
def test_sheet_credits_its_game_and_reads_as_players_rules(sheets, game):
    text = " ".join(" ".join(p.extract_text().split()) for p in pypdf.PdfReader(sheets / "a4" / f"{game}-rules.pdf").pages)
    credit = credits()[game]
    for key in ("designer", "version", "year", "players", "time"):
        if key in credit:
            assert credit[key] in text, key
    assert " :" not in text and " ." not in text
    for developer_text in ("pnp build", "pnp solitaire", "uncredited", "see below", "README", ".md"):
        assert developer_text not in text, developer_text


def test_sheets_say_where_pnp_interprets(sheets):
    def text(game: str) -> str:
        return " ".join(" ".join(p.extract_text().split()) for p in pypdf.PdfReader(sheets / "a4" / f"{game}-rules.pdf").pages)

    assert "pnp's reading of the count" in text("pack-solitaire")
    assert 'pnp\'s reading of "no backtracking"' in text("paint-the-line")
    ley = text("ley-lines")
    assert "pnp's reconstruction" in ley and "pnp's rule for ties" in ley and "pnp's reading of the tor distance" in ley


def sheet_text(sheets: Path, game: str, paper: str = "a4") -> str:
    """The words of a rule sheet's PDF, whitespace made single spaces."""
    return " ".join(" ".join(p.extract_text().split()) for p in pypdf.PdfReader(sheets / paper / f"{game}-rules.pdf").pages)


def html_text(sheets: Path, game: str, paper: str = "a4") -> str:
    """The words of a rule sheet's HTML twin, figures and tags left out."""
    html = (sheets / paper / f"{game}-rules.html").read_text(encoding="utf-8")
    html = re.sub(r"<(svg|style)\b.*?</\1>", " ", html, flags=re.S)
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def both_texts(sheets: Path, game: str) -> list[str]:
    """Each paper's PDF and HTML: a point the sheet makes must be in all four."""
    return [read(sheets, game, paper) for paper in PAPERS for read in (sheet_text, html_text)]


# The rules' Suggested Initial Deck (seed 002), card by count; the Base is not counted.
RULES_STARTER = {"0": 2, "1": 2, "2": 2, "3": 3, "4": 3, "5": 3, "6": 3, "7": 2, "8": 2, "9": 2, "10": 2}


def test_power_lines_sheet_names_the_starter_deck_pnp_prints(sheets):
    from pnp.core.resources import deck_file
    from pnp.games.power_lines_cards.build import deck_components, deck_counts
    from pnp.games.power_lines_cards.rules.engine import load_deck

    starter = deck_file("starter.deck")
    assert load_deck(starter).counts == RULES_STARTER  # the printed default is the rules' suggested deck
    back = deck_components(deck_counts(starter), starter, 0)[0].back(0.0)
    assert "starter" in {getattr(s, "text", None) for s in back}  # the word under the deck letter
    for text in both_texts(sheets, "power-lines-cards"):
        assert "The starter deck is the one the rules suggest, and pnp prints it for both players" in text
        assert "two each of 0, 1, 2, 7, 8, 9 and 10; three each of 3, 4, 5 and 6" in text
        assert 'Its backs read "starter", the name of its deck list' in text


def test_power_lines_sheet_says_how_face_down_cards_go_down_and_leave(sheets):
    for text in both_texts(sheets, "power-lines-cards"):
        assert "Taking turns one card at a time" in text  # the set-up placing alternates
        assert "goes face up onto its owner's discard pile" in text  # the rules' FAQ


def test_power_lines_sheet_says_how_pnp_reads_what_the_rules_leave_open(sheets):
    for text in both_texts(sheets, "power-lines-cards"):
        assert "How pnp settles what the rules leave open" in text
        assert "at least 2 below" in text and "2 or more less: a total of 9 dominates a 7 or lower" in text
        assert "Cards touch only along a side" in text and "you must draw" in text and "stays underneath, out of play" in text
        assert f"{BETWEEN} card lengths between them ({DEFAULT.bases_apart} from centre to centre" in text
        assert f"reaches turn {DEFAULT.turn_cap}" in text


def test_power_lines_setup_figure_draws_cards_at_63_by_88():
    drawing = power_lines_cards.figures()["setup"].drawing
    rects = [s for s in drawing.items if isinstance(s, Rect)]
    for r in rects:
        short, long = sorted((r.w, r.h))
        assert short / long == pytest.approx(63 / 88, rel=1e-3), r
    bases = sorted((r for r in rects if r.h > r.w), key=lambda r: r.x)
    assert len(bases) == 2
    length = bases[0].h
    # The Bases 11 apart centre to centre (pnp's reading), so 10 card lengths between, spelt out by 10 cards end to end.
    assert bases[1].x - (bases[0].x + bases[0].w) == pytest.approx(BETWEEN * length)
    between = sorted((r for r in rects if r.w > r.h), key=lambda r: r.x)
    assert len(between) == BETWEEN and all(r.w == pytest.approx(length) for r in between)
    assert between[0].x == pytest.approx(bases[0].x + bases[0].w) and between[-1].x + between[-1].w == pytest.approx(bases[1].x)


def test_ley_lines_sheet_says_cairns_and_tors_stay_put_and_hidden(sheets):
    for text in both_texts(sheets, "ley-lines"):
        assert "A placed cairn never moves" in text
        assert "no one, not even its owner, may look at its value until it scores" in text
        assert "A placed tor never moves" in text


def test_paint_the_line_sheet_says_a_second_tie_is_a_draw_as_pnp_decides(sheets):
    from pnp.games.paint_the_line.cli import _verdict
    from pnp.games.paint_the_line.engine import PlayerScore, Result, winner

    one, two = PlayerScore(1, ("red", "green"), 20, 3), PlayerScore(2, ("yellow", "blue"), 20, 3)
    assert winner(one, two) is None and _verdict(Result((), (one, two), None)).startswith("a draw")
    for text in both_texts(sheets, "paint-the-line"):
        assert "pnp's rule for a second tie" in text
        assert "counts a group's size in pyramids" in text
        assert "largest groups are equal too, the game is a draw" in text


class _Outline(HTMLParser):
    """Headings, figures and anything that would reach outside the page."""

    def __init__(self) -> None:
        super().__init__()
        self.headings: list[tuple[int, str]] = []
        self.open: int | None = None
        self.svgs = 0
        self.ids: list[str] = []
        self.external: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if re.fullmatch(r"h[1-3]", tag):
            self.open = int(tag[1])
            self.headings.append((self.open, ""))
        self.svgs += tag == "svg"
        if "id" in attrs:
            self.ids.append(attrs["id"])
        for key in ("src", "href", "xlink:href"):
            if key in attrs and not attrs[key].startswith("#"):
                self.external.append(attrs[key])
        if tag in ("link", "script", "img", "iframe"):
            self.external.append(tag)

    def handle_endtag(self, tag):
        if re.fullmatch(r"h[1-3]", tag):
            self.open = None

    def handle_data(self, data):
        if self.open is not None:
            level, text = self.headings[-1]
            self.headings[-1] = (level, text + data)


@pytest.mark.parametrize("game", GAMES)
def test_html_is_self_contained_with_the_pdfs_headings(sheets, game):
    html = (sheets / "a4" / f"{game}-rules.html").read_text(encoding="utf-8")
    parsed = _Outline()
    parsed.feed(html)
    reader = pypdf.PdfReader(sheets / "a4" / f"{game}-rules.pdf")
    outline = [entry.title for entry in reader.outline if not isinstance(entry, list)]
    outline += [entry.title for group in reader.outline if isinstance(group, list) for entry in group]
    assert [text for _, text in parsed.headings] == [outline[0]] + outline[1:]
    assert parsed.headings[0][0] == 1 and all(level == 2 for level, _ in parsed.headings[1:])
    assert parsed.svgs == len(GAMES[game].figures()) and not parsed.external
    assert len(parsed.ids) == len(set(parsed.ids))  # figures' clip paths and designs never collide
    for svg in re.findall(r"<svg\b.*?</svg>", html, re.S):
        ET.fromstring(svg)  # each figure is well-formed SVG


def test_rebuilds_are_byte_identical(sheets, tmp_path):
    again = build_sheets(tmp_path)
    for paper in PAPERS:
        for game in GAMES:
            for suffix in (".pdf", ".html"):
                name = f"{game}-rules{suffix}"
                assert (sheets / paper / name).read_bytes() == (again / paper / name).read_bytes(), (paper, name)


def test_a_figure_the_template_does_not_place_is_an_error():
    figures = power_lines_piecepack.figures()
    text = render_template("power-lines-piecepack", **power_lines_piecepack.sheet_context())
    with pytest.raises(ValueError, match="figures"):
        parse(text, figures | {"extra": figures["lines"]})
    with pytest.raises(ValueError, match="figures"):
        parse(text, {})


def test_svg_only_builds_write_the_html_rules(tmp_path):
    # Rule sheets have no SVG pages: an SVG-only build still gets the rules, as HTML.
    module = GAMES["pack-solitaire"]
    written = write_rules("pack-solitaire", BuildOptions(Print(), ("svg",), tmp_path), module.figures(), **module.sheet_context())
    assert [p.name for p in written] == ["pack-solitaire-rules.html"]
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith(".")) == ["pack-solitaire-rules.html"]


def test_markup_takes_what_the_templates_use_and_refuses_the_rest():
    from pnp.draw.markdown import parse_inline
    from pnp.draw.text import BOLD, embedded
    from pnp.draw.typeset import markup

    assert markup(parse_inline("a & b\n**c**")) == f'a &amp; b <font name="{embedded(BOLD)}">c</font>'
    for unused in ("*slanted*", "`code`", "[a link](https://example.org)"):
        with pytest.raises(ValueError, match="rule sheets use no"):
            markup(parse_inline(unused))
    with pytest.raises(ValueError, match=r"rule sheets use no em \(in"):
        parse("# T\n\nSome *slanted* words.\n", {})
    with pytest.raises(ValueError, match=r"rule sheets use no em \(in"):  # nested in bold, too
        parse("# T\n\nSome **bold *slanted*** words.\n", {})


def test_lists_number_from_their_start_through_nested_lists():
    column = frames(Print(), 0.0)[0]
    _, body = story(parse("# T\n\n3. a\n4. b\n\n   - c\n   - d\n5. e\n\n   more of e\n", {}), {}, column.w, column.h)
    assert [(p.bulletText, p.text) for p in body] == [("3.", "a"), ("4.", "b"), ("\u2022", "c"), ("\u2022", "d"), ("5.", "e"), (None, "more of e")]


def test_html_figures_are_blocks_of_their_own_and_leave_the_tree_as_parsed():
    from pnp.draw.markdown import render_html

    module = GAMES["pack-solitaire"]
    figures = module.figures()
    tree = parse(render_template("pack-solitaire", **module.sheet_context()), figures)
    tokens = [(t.type, t.hidden) for t in tree.to_tokens()]
    html = render_html(tree, figures)
    assert html.count("<figure ") == len(figures) and "<p><figure" not in html and "</figure></p>" not in html
    assert [(t.type, t.hidden) for t in tree.to_tokens()] == tokens and render_html(tree, figures) == html


# Each game's rules text (../shared/seeds), by the words that open it.
SEEDS = Path(__file__).resolve().parents[2].parent / "shared" / "seeds"
SEED_OF = {
    "power-lines-piecepack": "Power Lines (v1.10) for piecepack",
    "paint-the-line": "Paint the Line",
    "power-lines-cards": "Power Lines (working title)",
    "pack-solitaire": "PackSolitaire",
    "ley-lines": "Ley Lines",
}
RUN = 8  # words in a row that the sheet and the rules may not share


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower().replace("’", "'").replace("'", ""))


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the rules texts are not beside the checkout")
def test_every_rule_sheet_is_in_pnps_own_words(sheets):
    """No run of eight words of a rule sheet is the rules' own: the sheets say the rules again,
    they do not copy them (facts such as sizes and counts still carry over)."""
    seeds = {path: " ".join(path.read_text(encoding="utf-8", errors="replace").split()[:12]) for path in sorted(SEEDS.glob("*.txt"))}
    for game in GAMES:
        (seed,) = [path for path, opening in seeds.items() if SEED_OF[game] in opening]
        source = _words(seed.read_text(encoding="utf-8", errors="replace"))
        runs = {tuple(source[i : i + RUN]) for i in range(len(source) - RUN + 1)}
        for paper in PAPERS:
            words = _words(sheet_text(sheets, game, paper))
            copied = [" ".join(words[i : i + RUN]) for i in range(len(words) - RUN + 1) if tuple(words[i : i + RUN]) in runs]
            assert not copied, (game, paper, copied[:3])
