"""The Pack Solitaire puzzle book (`pnp build pack-solitaire --deals A-B`), read back from its PDF:
deals in `.tiles` order with a difficulty, one record sheet, one answer a page at the back."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pypdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pdfgeom import cover_pages, open_pdf, read_pages
from typer.testing import CliRunner

from pnp.cli import app
from pnp.games.pack_solitaire.build import answer_positions
from pnp.games.pack_solitaire.difficulty import greedy_best, greedy_layout
from pnp.games.pack_solitaire.draw import solitaire_layout
from pnp.games.pack_solitaire.engine import Placement, score_layout
from pnp.games.pack_solitaire.generate import deal
from pnp.games.pack_solitaire.files import parse_layout
from pnp.piecepack.model import RANK_LETTERS

runner = CliRunner()
DEALS = (13, 14)


def build(*args: str):
    return runner.invoke(app, ["build", "pack-solitaire", *args])


@pytest.fixture(scope="module")
def book(tmp_path_factory):
    out = tmp_path_factory.mktemp("book")
    result = build("--deals", f"{DEALS[0]}-{DEALS[1]}", "--out", str(out))
    assert result.exit_code == 0, result.output
    return out / f"pack-solitaire-deals-{DEALS[0]}-{DEALS[1]}.pdf"


def page_texts(path) -> list[str]:
    """The text of each page after the cover."""
    return [page.extract_text() for page in pypdf.PdfReader(path).pages][cover_pages(path) :]


def headers(text: str) -> list[tuple[int, int, str]]:
    """(deal, difficulty, answer label) as printed above each deal."""
    return [(int(d), int(k), a) for d, k, a in re.findall(r"Deal (\d+)\s+difficulty (\d+)\s+-\s+answer (A\d+)", text)]


def answer_rows(text: str) -> str:
    return "\n".join(" ".join(line.split()) for line in text.splitlines() if re.fullmatch(r"\s*([\d@.]+\s+){3}[\d@.]+\s*", line))


def test_pages_deals_then_one_record_sheet_then_one_answer_a_page(book):
    texts = page_texts(book)
    assert len(texts) == 1 + 1 + len(DEALS)  # both deals on one page, the record sheet, an answer each
    assert [h[0] for h in headers(texts[0])] == list(DEALS)
    assert "record sheet" in texts[1] and "Deal ______" in texts[1]
    for text in texts[2:]:
        assert len(re.findall(r"Answer A\d+", text)) == 1  # one answer a page: none spoils another
        assert "record sheet" not in text and not headers(text)
    assert not any("Answer" in text for text in texts[:2])


def test_each_label_leads_to_its_deals_answer_which_scores_its_par(book):
    texts = page_texts(book)
    for number, level, label in headers(texts[0]):
        [page] = [t for t in texts[2:] if re.search(rf"Answer {label}: deal (\d+)", t)]
        assert re.search(rf"Answer {label}: deal (\d+)", page)[1] == str(number)
        par = int(re.search(r"par (\d+)", page)[1])
        parsed = parse_layout(answer_rows(page))
        assert not parsed.diagnostics
        result = score_layout(deal(number), parsed.value.layout)
        assert not result.violations and result.tiles_placed == 16 and result.score == par
        assert "(proven)" in page
        # The printed difficulty is what the README defines: par less the greedy player's best.
        assert level == par - greedy_best(deal(number)) >= 0


def test_deals_are_drawn_in_tiles_order_with_their_coins(book):
    b = solitaire_layout().book
    first = cover_pages(book)
    page = read_pages(book)[first]
    tiles = sorted(page.rects_of_size(b.tile, b.tile), key=lambda r: (round(r[1]), r[0]))
    assert len(tiles) == 16 * len(DEALS)
    with open_pdf(book) as pdf:
        chars = [c for c in pdf.pages[first].chars]
    mm = 25.4 / 72

    def text_in(box, size) -> str:
        x, y, w, h = box
        inside = [c for c in chars if abs(c["size"] - size) < 0.1 and x <= c["x0"] * mm and c["x1"] * mm <= x + w and y <= c["top"] * mm and c["bottom"] * mm <= y + h]
        return "".join(c["text"] for c in sorted(inside, key=lambda c: c["x0"]))

    for d, number in enumerate(DEALS):
        dealt = deal(number)
        for i, (x, y, w, h) in enumerate(tiles[16 * d : 16 * d + 16]):
            assert text_in((x, y, w, h), b.id_size) == str(i + 1)  # tile numbers in reading order: the .tiles order
            half = w / 2
            for square, (dx, dy) in zip(dealt[i + 1], ((0, 0), (half, 0), (0, half), (half, half))):
                shown = text_in((x + dx, y + dy, half, half), b.rank_size)
                if square is None:
                    assert shown == ""
                elif square.rank:  # null is drawn, not written
                    assert shown == RANK_LETTERS[square.rank].upper()


def test_same_deals_print_the_same_book(book, tmp_path):
    assert build("--deals", f"{DEALS[0]}-{DEALS[1]}", "--out", str(tmp_path)).exit_code == 0
    for path in sorted(book.parent.glob(f"{book.stem}*")):
        assert (tmp_path / path.name).read_bytes() == path.read_bytes(), path.name


def test_book_svgs_parse_with_mm_sizes(book):
    svgs = sorted(book.parent.glob(f"{book.stem}-[0-9][0-9].svg"))
    pages = read_pages(book)
    assert len(svgs) == len(pages)
    for svg, page in zip(svgs, pages):
        root = ET.parse(svg).getroot()
        assert root.get("width") == f"{page.width:.3f}".rstrip("0").rstrip(".") + "mm"
        assert root.get("height").endswith("mm") and abs(float(root.get("height")[:-2]) - page.height) < 0.01


def test_a_single_deal_makes_a_book_of_one(tmp_path):
    result = build("--deals", "13", "--out", str(tmp_path), "--format", "pdf", "--paper", "letter")
    assert result.exit_code == 0, result.output
    texts = page_texts(tmp_path / "pack-solitaire-deals-13.pdf")
    assert len(texts) == 3 and [h[:1] for h in headers(texts[0])] == [(13,)]
    assert texts[2].startswith("Answer A1: deal 13")


@pytest.mark.parametrize(
    "args, message",
    [
        (["--deals", "5-2"], "lower deal first"),
        (["--deals", "one"], "range like 1-20"),
        (["--deals", "-3"], "range like 1-20"),
        (["--deals", "1-٣"], "range like 1-20"),  # digits are ASCII digits
        (["--deals", "1-500"], "at most"),
        (["--deals", "3", "--seed", "3"], "--seed and --deals"),
    ],
)
def test_bad_deals_are_usage_errors(tmp_path, args, message):
    result = build("--out", str(tmp_path), *args)
    assert result.exit_code == 2, result.output
    said = " ".join(re.sub("[\u2500-\u257f]", " ", result.output).split())  # the message, unwrapped from its box
    assert message in said and "Traceback" not in said
    assert not list(tmp_path.iterdir())


@given(st.integers(1, 100))
def test_answers_are_spread_so_the_next_deals_is_never_beside_one(count):
    positions = answer_positions(count)
    assert sorted(positions) == list(range(count))  # every answer page used once
    if count >= 5:
        assert all(abs(a - b) != 1 for a, b in zip(positions, positions[1:]))


@settings(max_examples=10)  # 64 greedy games each
@given(st.integers(0, 10_000))
def test_greedy_games_are_legal_and_the_best_full_one_is_counted(seed):
    tiles = deal(seed)
    full = []
    for opening in (Placement(t, d) for t in sorted(tiles) for d in (0, 90, 180, 270)):
        result = score_layout(tiles, greedy_layout(tiles, opening))
        assert not result.violations  # the greedy player only places tiles that fit
        if result.tiles_placed == 16:
            full.append(result.score)
    assert greedy_best(tiles) == max(full, default=None)


def test_difficulty_is_zero_when_greedy_play_reaches_par():
    from pnp.games.pack_solitaire.difficulty import difficulty
    from pnp.games.pack_solitaire.solver import solve

    tiles = deal(1)  # a greedy game from the right opening finds the proven par of this deal
    best = solve(tiles, time_limit=None, node_limit=2_000_000)
    assert best.proven_optimal
    assert difficulty(tiles, best.score) == 0 and greedy_best(tiles) == best.score
