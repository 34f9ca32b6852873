"""Card sheets checked from the PDF itself: sizes, marks, margins, duplex mirroring, edges, prices, determinism."""

from __future__ import annotations

from pathlib import Path

import pypdfium2
import pytest

from pnp.contract.documents import write_documents
from pnp.core.diagnostics import PnpError
from pnp.core.printing import Paper, Print
from pnp.draw.text import fit
from pnp.games.power_lines_cards.build import Options, build
from pnp.output.files import BuildOptions
from tests.helpers.pdfgeom import MM, ink_margins, open_pdf, read_pages

CARD_W, CARD_H = 63.0, 88.0
BACK_BLEED = 2.0  # backs reach this far past the outer cut lines (layouts/power-lines-cards.toml)
PAPER = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
# Cards across and down a sheet. Three rows of 88 mm leave Letter 7.7 mm above and below: no room
# for a usable crop mark (3 mm, starting 1 mm off the art) that ends 6 mm clear of the edge, where
# printers clip; so a Letter sheet holds two rows.
GRID = {"a4": (3, 3), "letter": (3, 2)}
DECK = 27  # the Base and 26 cards


def _write(opts: BuildOptions, options: Options | None = None) -> None:
    """The target's documents written, as `pnp build` writes them."""
    write_documents(build(opts, options or Options()), opts)


def _build(tmp_path: Path, paper="a4", formats=("pdf",), **settings) -> Path:
    out = tmp_path / paper
    _write(BuildOptions(Print(Paper(paper), **settings), formats, out))
    return out / "power-lines-cards.pdf"


@pytest.fixture(scope="module", params=["a4", "letter"])
def built(request, tmp_path_factory):
    return request.param, _build(tmp_path_factory.mktemp("cards"), request.param)


def card_sheets(pages):
    """The card pages, fronts and backs alternating: the file's cover pages left out."""
    first = next(i for i, p in enumerate(pages) if "BASE" in p.text)  # the first sheet starts with the Base
    return pages[first:]


@pytest.fixture(scope="module")
def sheets(built):
    paper, path = built
    return paper, card_sheets(read_pages(path))


PIXEL = 25.4 / 100  # the rendering resolution of ink_margins


def _diffs(values: list[float]) -> list[float]:
    return [round(b - a, 2) for a, b in zip(values, values[1:])]


def test_page_size(sheets):
    paper, pages = sheets
    for page in pages:
        assert page.width == pytest.approx(PAPER[paper][0], abs=0.1)
        assert page.height == pytest.approx(PAPER[paper][1], abs=0.1)


def decks_per_sheet(paper: str) -> list[str]:
    """The deck letter of each card, sheet by sheet, for two starter decks. A deck's odd cards (27 is
    no multiple of Letter's 6) go first, and both decks' odd cards share a sheet, each deck in rows of
    its own; then each deck's full sheets."""
    n = GRID[paper][0] * GRID[paper][1]
    rest = DECK % n
    shared = ["A" * rest + "B" * rest] if rest else []
    return shared + [letter * n for letter in "AB" for _ in range(DECK // n)]


def full(pages, paper: str = "a4", grid: tuple[int, int] | None = None):
    """The first full sheet's front and back: one grid of one deck's cards."""
    cols, rows = grid or GRID[paper]
    i = next(
        i
        for i, p in enumerate(pages[0::2])
        if (len(p.rects_of_size(CARD_W, CARD_H)) == cols * rows or len(p.rects_of_size(CARD_W + 6, CARD_H + 6)) == cols * rows)
        and ("DECK A" in pages[2 * i + 1].text) != ("DECK B" in pages[2 * i + 1].text)
    )
    return pages[2 * i], pages[2 * i + 1]


def test_starter_decks_for_two_players(sheets):
    paper, pages = sheets
    # 2 x (26 cards + Base) = 54 cards: on A4 6 sheets of 9, on Letter 9 of 6; each followed by its backs.
    sheets_ = decks_per_sheet(paper)
    assert [len(s) for s in sheets_] == ([9] * 6 if paper == "a4" else [6] * 9)
    assert len(pages) == 2 * len(sheets_)
    fronts = pages[0::2]
    assert [len(p.rects_of_size(CARD_W, CARD_H)) for p in fronts] == [len(s) for s in sheets_]
    # Backs of one deck only, but on a sheet both decks share.
    for letters, back in zip(sheets_, pages[1::2]):
        assert {f"DECK {x}" in back.text for x in "AB"} == {True} if len(set(letters)) > 1 else ("DECK A" in back.text) != ("DECK B" in back.text)


def test_card_size_and_pitch_from_crop_marks(sheets):
    paper, pages = sheets
    cols, rows = GRID[paper]
    front, _ = full(pages, paper)
    marks = front.outside_lines(front.rects_of_size(CARD_W, CARD_H))
    xs = sorted({round(l[0], 2) for l in marks if abs(l[0] - l[2]) < 1e-6})
    ys = sorted({round(l[1], 2) for l in marks if abs(l[1] - l[3]) < 1e-6})
    assert len(xs) == cols + 1 and len(ys) == rows + 1  # neighbouring cards share their cut lines
    assert _diffs(xs) == pytest.approx([CARD_W] * cols, abs=0.1)
    assert _diffs(ys) == pytest.approx([CARD_H] * rows, abs=0.1)
    # One mark above and one below each vertical cut, one left and right of each horizontal cut: 16 on A4.
    assert len(marks) == 2 * (cols + 1) + 2 * (rows + 1)
    # Centred on the paper.
    assert xs[0] == pytest.approx(front.width - xs[-1], abs=0.1)
    assert ys[0] == pytest.approx(front.height - ys[-1], abs=0.1)


def test_every_mark_at_least_5mm_from_the_edge(built):
    _, path = built
    assert min(ink_margins(path)) >= 5 - PIXEL


def test_crop_marks_never_cross_a_card(sheets):
    paper, pages = sheets
    cols, rows = GRID[paper]
    front, _ = full(pages, paper)
    cards = front.rects_of_size(CARD_W, CARD_H)
    marks = front.outside_lines(cards)
    short = [l for l in front.lines if max(l[2] - l[0], l[3] - l[1]) <= 4.01]
    # Every short line outside the cards is a mark, and no mark lies over a card.
    assert len(marks) == 2 * (cols + 1) + 2 * (rows + 1) and all(m in short for m in marks)


def back_art(page):
    """The backs' coloured grounds: a card plus its back bleed on every side (clipped where a neighbour lies)."""
    return page.rects_of_size(CARD_W + 2 * BACK_BLEED, CARD_H + 2 * BACK_BLEED)


def test_backs_mirrored_for_long_edge_flip(sheets):
    paper, pages = sheets
    front, back = full(pages, paper)
    fx = sorted((round(x, 2), round(t, 2)) for x, t, _, _ in front.rects_of_size(CARD_W, CARD_H))
    bx = sorted((round(x + BACK_BLEED, 2), round(t + BACK_BLEED, 2)) for x, t, _, _ in back_art(back))
    mirrored = sorted((round(front.width - x - CARD_W, 2), t) for x, t in fx)
    assert len(bx) == len(mirrored) == GRID[paper][0] * GRID[paper][1]
    for got, want in zip(bx, mirrored):
        assert got == pytest.approx(want, abs=0.01)
    assert not back.outside_lines(back_art(back))  # no marks on backs


def test_back_offset_shifts_backs(tmp_path):
    plain = back_art(card_sheets(read_pages(_build(tmp_path / "0")))[1])
    shifted = back_art(card_sheets(read_pages(_build(tmp_path / "1", back_offset=(1.5, -0.75))))[1])
    assert len(plain) == len(shifted) == 9
    for (x0, t0, _, _), (x1, t1, _, _) in zip(sorted(plain), sorted(shifted)):
        assert (x1 - x0, t1 - t0) == pytest.approx((1.5, -0.75), abs=0.01)


def test_bleed_drops_to_fewer_cards_and_keeps_size(tmp_path):
    pages = card_sheets(read_pages(_build(tmp_path, "a4", bleed=3.0)))
    front, _ = full(pages, grid=(2, 2))
    art = front.rects_of_size(CARD_W + 6, CARD_H + 6)  # art reaches 3 mm past each cut
    # 2 x 2: three columns of 69 mm overrun the margin, and three rows of 94 mm would leave
    # 7.5 mm to the paper's edge, too little for a 3 mm crop mark that ends 6 mm clear of it.
    assert len(art) == 4
    marks = front.outside_lines(art)
    xs = sorted({round(l[0], 2) for l in marks if abs(l[0] - l[2]) < 1e-6})
    ys = sorted({round(l[1], 2) for l in marks if abs(l[1] - l[3]) < 1e-6})
    assert _diffs(xs) == pytest.approx([CARD_W, 6, CARD_W], abs=0.1)
    assert _diffs(ys) == pytest.approx([CARD_H, 6, CARD_H], abs=0.1)
    assert min(ink_margins(tmp_path / "a4" / "power-lines-cards.pdf")) >= 5 - PIXEL


def test_cut_lines_run_along_every_cut(tmp_path):
    front = card_sheets(read_pages(_build(tmp_path, "a4", cut_lines=True)))[0]
    full = [l for l in front.lines if max(l[2] - l[0], l[3] - l[1]) > 150]
    assert len(full) == 8  # 4 vertical and 4 horizontal cuts
    assert min(ink_margins(tmp_path / "a4" / "power-lines-cards.pdf")) >= 5 - PIXEL


def test_builds_are_byte_identical(tmp_path):
    for run in ("a", "b"):
        _write(BuildOptions(Print(), ("pdf", "svg"), tmp_path / run))
    names = sorted(p.name for p in (tmp_path / "a").iterdir())
    assert "power-lines-cards.pdf" in names and "power-lines-cards-01.svg" in names
    for name in names:
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes(), name


def test_svg_is_sized_in_mm(tmp_path):
    _write(BuildOptions(Print(Paper.LETTER), ("svg",), tmp_path))
    head = (tmp_path / "power-lines-cards-01.svg").read_text()[:400]
    assert 'width="215.9mm"' in head and 'height="279.4mm"' in head
    assert not (tmp_path / "power-lines-cards.pdf").exists()


def test_effect_text_shrinks_then_fails_clearly():
    short = fit("Draw a card.", "Helvetica", 50, 20, 10, 6, "card X")
    assert short.size == 10
    long = fit("word " * 60, "Helvetica", 50, 20, 10, 6, "card X")
    assert 6 <= long.size < 10
    with pytest.raises(PnpError, match="does not fit .* even at 6 pt"):
        fit("word " * 400, "Helvetica", 50, 20, 10, 6, "card X")


def test_invalid_deck_is_reported_not_printed(tmp_path):
    bad = tmp_path / "bad.deck"
    bad.write_text("3 5\n2 eleven\n")
    with pytest.raises(PnpError, match=r"bad.deck:2:3: error"):
        _write(BuildOptions(Print(), ("pdf",), tmp_path / "out"), Options(decks=[bad]))
    assert not (tmp_path / "out" / "power-lines-cards.pdf").exists()


# What a player sees on the cards


def _card_text(path: Path, title: str) -> str:
    """The words printed on the first card titled `title` (read from the PDF, cropped to that card)."""
    with open_pdf(path) as pdf:
        for page in pdf.pages:
            for word in page.extract_words(keep_blank_chars=True):
                if word["text"].strip() == title:
                    # The title is centred at the top of its card: crop to that card's cut box.
                    mid = (word["x0"] + word["x1"]) / 2
                    x0, top = mid - CARD_W / 2 / MM, word["top"] - 6 / MM
                    return page.crop((x0, top, x0 + CARD_W / MM, top + CARD_H / MM)).extract_text()
    raise AssertionError(f"no card titled {title}")


def test_prices_read_as_the_rules_write_them(built):
    _, path = built
    # Card 1 costs -1 (draw 1); card 7 costs +1 (discard 1); card 4 is free (0).
    one, seven, four = (_card_text(path, f"CARD {n}") for n in (1, 7, 4))
    assert "\u22121" in one and "draw 1" in one and "+1" not in one.replace("+1 value", "")
    assert "+1" in seven and "discard 1" in seven and "\u2212" not in seven
    assert "free" in four and "\u2212" not in four


def test_card_0_names_the_friendly_it_copies_by_its_printed_value(built):
    # The rules: two less than the printed value of the highest bordering friendly, not of the
    # "strongest" (a friendly's value in play may differ from its printed one).
    _, path = built
    zero = " ".join(_card_text(path, "CARD 0").split())
    assert "highest printed value among the friendlies bordering it, minus 2" in zero and "strongest" not in zero


def test_deck_letter_on_every_face(built):
    paper, path = built
    with open_pdf(path) as pdf:
        # The letter is white on a disc of the deck's colour, 8 pt.
        badges = [
            [c["text"] for c in page.chars if abs(c["size"] - 8) < 0.01 and tuple(c["non_stroking_color"] or ()) == (1, 1, 1)]
            for page in pdf.pages
            if "CARD" in (page.extract_text() or "")
        ]
    assert badges == [list(letters) for letters in decks_per_sheet(paper)]


def test_every_back_behind_its_own_front(built):
    """Each card's back, where a long-edge flip puts it, names the deck its face's badge names; and
    two decks' cards never share a cut: on a shared sheet, rows with crop marks between."""
    paper, path = built
    with open_pdf(path) as pdf:
        pages = [p for p in pdf.pages if "CARD" in (p.extract_text() or "") or "DECK" in (p.extract_text() or "")]
        for front, back in zip(pages[0::2], pages[1::2]):
            width = float(front.width)
            cards = [r for r in front.rects if abs(r["width"] * MM - CARD_W) < 0.1 and abs(r["height"] * MM - CARD_H) < 0.1]
            words = back.extract_words()
            decks = [(w, n) for w, n in zip(words, words[1:]) if w["text"] == "DECK"]
            seen = set()
            for card in cards:
                inside = [
                    c["text"]
                    for c in front.chars
                    if abs(c["size"] - 8) < 0.01 and card["x0"] < c["x0"] < card["x1"] and card["top"] < c["top"] < card["bottom"]
                ]
                mirror = (width - card["x1"], width - card["x0"])
                behind = [n["text"] for w, n in decks if mirror[0] < w["x0"] < mirror[1] and card["top"] < w["top"] < card["bottom"]]
                assert len(inside) == 1 and behind == inside
                seen.add((inside[0], round(card["top"]), round(card["bottom"])))
            # Cards of two decks never touch: no card's edge is another deck's card's edge.
            for letter, top, bottom in seen:
                assert not any(other != letter and (abs(t - bottom) < 2 or abs(b - top) < 2) for other, t, b in seen)


def _render(path: Path, index: int, dpi: int = 200):
    pdf = pypdfium2.PdfDocument(str(path))
    image = pdf[index].render(scale=dpi / 72).to_pil().convert("RGB")
    pdf.close()
    return image, dpi / 25.4  # pixels per mm


def _cuts(page) -> tuple[list[float], list[float]]:
    marks = page.outside_lines(page.rects_of_size(CARD_W, CARD_H))
    xs = sorted({round(l[0], 2) for l in marks if abs(l[0] - l[2]) < 1e-6})
    ys = sorted({round(l[1], 2) for l in marks if abs(l[1] - l[3]) < 1e-6})
    return xs, ys


def test_a_1_mm_miscut_shows_no_colour(built, sheets):
    """Within 1 mm of every cut line, on either side, the fronts are plain paper: cut a
    millimetre off and no sliver of the neighbour's colour is left on a card."""
    _, path = built
    paper, pages = sheets
    front, _ = full(pages, paper)
    xs, ys = _cuts(front)
    image, px = _render(path, read_pages(path).index(front))
    left, right, top, bottom = (round(v * px) for v in (xs[0], xs[-1], ys[0], ys[-1]))
    band = range(-int(px), int(px) + 1)
    # Each cut line's band, inside the block of cards (outside it are only the crop marks).
    inked = [image.getpixel((round(x * px) + d, y)) for x in xs for y in range(top, bottom) for d in band if left <= round(x * px) + d < right]
    inked += [image.getpixel((x, round(y * px) + d)) for y in ys for x in range(left, right) for d in band if top <= round(y * px) + d < bottom]
    assert len(inked) > 10000
    assert min(min(rgb) for rgb in inked) >= 245  # paper white, no colour and no frame


def test_backs_bleed_past_the_outer_cut_lines(built, sheets):
    _, path = built
    paper, pages = sheets
    front, _ = full(pages, paper)
    xs, ys = _cuts(front)
    image, px = _render(path, read_pages(path).index(front) + 1)
    width = front.width
    blue = (0x00, 0x72, 0xB2)  # deck A's back
    # 1.5 mm outside each outer cut (mirrored across the page for the backs), beside a card's middle.
    mid_y = (ys[0] + ys[1]) / 2 * px
    mid_x = (width - (xs[0] + xs[1]) / 2) * px
    probes = [
        ((width - xs[0] + 1.5) * px, mid_y),
        ((width - xs[-1] - 1.5) * px, mid_y),
        (mid_x, (ys[0] - 1.5) * px),
        (mid_x, (ys[-1] + 1.5) * px),
    ]
    for x, y in probes:
        got = image.getpixel((int(x), int(y)))
        # The ground or one of its white stripes: never the paper's white all round.
        near = [image.getpixel((int(x) + dx, int(y))) for dx in range(-8, 9)]
        assert any(max(abs(a - b) for a, b in zip(rgb, blue)) < 40 for rgb in near), (x, y, got)
    # And not further than the bleed: 3 mm out is paper.
    got = image.getpixel((int((width - xs[0] + 3) * px), int(mid_y)))
    assert min(got) >= 245
