"""Card sheets checked from the PDF itself: sizes, marks, margins, duplex mirroring, determinism."""

from __future__ import annotations

from pathlib import Path

import pytest
from pdfgeom import ink_margins, read_pages

from pnp.build import BuildOptions
from pnp.diagnostics import PnpError
from pnp.draw.text import fit
from pnp.games.power_lines_cards.build import build

CARD_W, CARD_H = 63.0, 88.0
PAPER = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}


def _build(tmp_path: Path, paper="a4", formats=("pdf",), **kw) -> Path:
    out = tmp_path / paper
    build(BuildOptions(paper, formats, out), **kw)
    return out / "power-lines-cards.pdf"


@pytest.fixture(scope="module", params=["a4", "letter"])
def built(request, tmp_path_factory):
    return request.param, _build(tmp_path_factory.mktemp("cards"), request.param)


@pytest.fixture(scope="module")
def sheets(built):
    paper, path = built
    return paper, read_pages(path)


PIXEL = 25.4 / 100  # the rendering resolution of ink_margins


def _diffs(values: list[float]) -> list[float]:
    return [round(b - a, 2) for a, b in zip(values, values[1:])]


def test_page_size(sheets):
    paper, pages = sheets
    for page in pages:
        assert page.width == pytest.approx(PAPER[paper][0], abs=0.1)
        assert page.height == pytest.approx(PAPER[paper][1], abs=0.1)


def test_starter_decks_for_two_players(sheets):
    _, pages = sheets
    # 2 x (26 cards + Base) = 54 cards = 6 sheets of 9, each followed by its backs.
    assert len(pages) == 12
    fronts = pages[0::2]
    assert sum(len(p.rects_of_size(CARD_W, CARD_H)) for p in fronts) == 54
    backs_text = " ".join(p.text for p in pages[1::2])
    assert "DECK A" in backs_text and "DECK B" in backs_text


def test_card_size_and_pitch_from_crop_marks(sheets):
    _, pages = sheets
    front = pages[0]
    marks = front.outside_lines(front.rects_of_size(CARD_W, CARD_H))
    xs = sorted({round(l[0], 2) for l in marks if abs(l[0] - l[2]) < 1e-6})
    ys = sorted({round(l[1], 2) for l in marks if abs(l[1] - l[3]) < 1e-6})
    assert len(xs) == 4 and len(ys) == 4  # 3 x 3 cards share their cut lines
    assert _diffs(xs) == pytest.approx([CARD_W] * 3, abs=0.1)
    assert _diffs(ys) == pytest.approx([CARD_H] * 3, abs=0.1)
    # 16 marks: one above and one below each vertical cut, one left and right of each horizontal cut.
    assert len(marks) == 16
    # Centred on the paper.
    assert xs[0] == pytest.approx(front.width - xs[-1], abs=0.1)
    assert ys[0] == pytest.approx(front.height - ys[-1], abs=0.1)


def test_every_mark_at_least_5mm_from_the_edge(built):
    _, path = built
    assert min(ink_margins(path)) >= 5 - PIXEL


def test_crop_marks_never_cross_a_card(sheets):
    _, pages = sheets
    front = pages[0]
    cards = front.rects_of_size(CARD_W, CARD_H)
    marks = front.outside_lines(cards)
    short = [l for l in front.lines if max(l[2] - l[0], l[3] - l[1]) <= 4.01]
    # Every short line outside the cards is a mark, and no mark lies over a card.
    assert len(marks) == 16 and all(m in short for m in marks)


def test_backs_mirrored_for_long_edge_flip(sheets):
    _, pages = sheets
    front, back = pages[0], pages[1]
    fx = sorted((round(x, 2), round(t, 2)) for x, t, _, _ in front.rects_of_size(CARD_W, CARD_H))
    bx = sorted((round(x, 2), round(t, 2)) for x, t, _, _ in back.rects_of_size(CARD_W, CARD_H))
    mirrored = sorted((round(front.width - x - CARD_W, 2), t) for x, t in fx)
    assert len(bx) == len(mirrored) == 9
    for got, want in zip(bx, mirrored):
        assert got == pytest.approx(want, abs=0.01)
    assert not back.outside_lines(back.rects_of_size(CARD_W, CARD_H))  # no marks on backs


def test_back_offset_shifts_backs(tmp_path):
    plain = read_pages(_build(tmp_path / "0"))[1].rects_of_size(CARD_W, CARD_H)
    shifted = read_pages(_build(tmp_path / "1", back_offset=(1.5, -0.75)))[1].rects_of_size(CARD_W, CARD_H)
    assert len(plain) == len(shifted) == 9
    for (x0, t0, _, _), (x1, t1, _, _) in zip(sorted(plain), sorted(shifted)):
        assert (x1 - x0, t1 - t0) == pytest.approx((1.5, -0.75), abs=0.01)


def test_bleed_drops_to_fewer_cards_and_keeps_size(tmp_path):
    pages = read_pages(_build(tmp_path, "a4", bleed=3.0))
    front = pages[0]
    art = front.rects_of_size(CARD_W + 6, CARD_H + 6)  # art reaches 3 mm past each cut
    assert len(art) == 6  # 9 no longer fit inside the 5 mm margin
    marks = front.outside_lines(art)
    xs = sorted({round(l[0], 2) for l in marks if abs(l[0] - l[2]) < 1e-6})
    ys = sorted({round(l[1], 2) for l in marks if abs(l[1] - l[3]) < 1e-6})
    assert _diffs(xs) == pytest.approx([CARD_W, 6, CARD_W], abs=0.1)
    assert _diffs(ys) == pytest.approx([CARD_H, 6, CARD_H, 6, CARD_H], abs=0.1)
    assert min(ink_margins(tmp_path / "a4" / "power-lines-cards.pdf")) >= 5 - PIXEL


def test_cut_lines_run_along_every_cut(tmp_path):
    front = read_pages(_build(tmp_path, "a4", cut_lines=True))[0]
    full = [l for l in front.lines if max(l[2] - l[0], l[3] - l[1]) > 150]
    assert len(full) == 8  # 4 vertical and 4 horizontal cuts
    assert min(ink_margins(tmp_path / "a4" / "power-lines-cards.pdf")) >= 5 - PIXEL


def test_builds_are_byte_identical(tmp_path):
    for run in ("a", "b"):
        build(BuildOptions("a4", ("pdf", "svg"), tmp_path / run))
    names = sorted(p.name for p in (tmp_path / "a").iterdir())
    assert "power-lines-cards.pdf" in names and "power-lines-cards-01.svg" in names
    for name in names:
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes(), name


def test_svg_is_sized_in_mm(tmp_path):
    build(BuildOptions("letter", ("svg",), tmp_path))
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
        build(BuildOptions("a4", ("pdf",), tmp_path / "out"), decks=[bad])
    assert not (tmp_path / "out" / "power-lines-cards.pdf").exists()
