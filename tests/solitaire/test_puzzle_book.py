"""The Pack Solitaire puzzle book (`pnp build pack-solitaire --deals A-B`), read back from its PDF:
deals in `.tiles` order with a difficulty, one record sheet, the answers at the back, four a page,
each read back from its drawn tiles."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from functools import lru_cache
from itertools import pairwise

import pypdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from pnp.commands.cli import app
from pnp.games.pack_solitaire.build import answer_positions, answers_a_page
from pnp.games.pack_solitaire.difficulty import greedy_best, greedy_layout
from pnp.games.pack_solitaire.draw import solitaire_layout
from pnp.games.pack_solitaire.engine import SIZE, Placement, rotate, score_layout
from pnp.games.pack_solitaire.generate import deal
from pnp.piecepack.model import RANK_LETTERS
from tests.helpers.pdfgeom import MM, cover_pages, open_pdf, point_to_segment, read_pages, segment_length

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


@pytest.fixture(scope="module", params=["a4", "letter"])
def book20(request, tmp_path_factory):
    """The review's book: 20 deals, A4 and Letter."""
    out = tmp_path_factory.mktemp(f"book20-{request.param}")
    result = build("--deals", "1-20", "--paper", request.param, "--format", "pdf", "--out", str(out))
    assert result.exit_code == 0, result.output
    return out / "pack-solitaire-deals-1-20.pdf"


@lru_cache(maxsize=4)
def page_texts(path) -> list[str]:
    """The text of each page after the cover (read once a book: several tests read it)."""
    return [page.extract_text() for page in pypdf.PdfReader(path).pages][cover_pages(path) :]


def headers(text: str) -> list[tuple[int, int, int, str]]:
    """(deal, par, difficulty, answer label) as printed above each deal."""
    found = re.findall(r"Deal (\d+)\s+par (\d+)\s+-\s+difficulty (\d+)\s+-\s+answer (A\d+)", text)
    return [(int(d), int(p), int(k), a) for d, p, k, a in found]


HEADING = r"Answer (A\d+): deal (\d+) - par (\d+)"


def drawn_answers(path) -> dict[str, dict]:
    """Every answer of a book as drawn: label -> its page (index), deal, par, note and layout,
    the layout read from the tiles themselves: each tile's number and turn from the upright label
    in its middle, and the ranks its coins show in each quarter (as the tile lies, turned)."""
    b = solitaire_layout().book
    t = b.answer_tile
    found: dict[str, dict] = {}
    with open_pdf(path) as pdf:
        for index, page in enumerate(pdf.pages):
            heads = page.search(HEADING)
            if not heads:
                continue
            tiles = [r for r in page.rects if r["fill"] and abs(r["width"] * MM - t) < 0.1 and abs(r["height"] * MM - t) < 0.1]
            grids: dict[str, list[dict]] = {h["groups"][0]: [] for h in heads}
            for r in tiles:
                # A tile belongs to the nearest heading above it and to its left.
                owner = max((h for h in heads if h["top"] < r["top"] and h["x0"] <= r["x0"] + 1), key=lambda h: (h["x0"], h["top"]))
                grids[owner["groups"][0]].append(r)
            for h in heads:
                label, number, par = h["groups"]
                below = (h["x0"], h["bottom"], h["x0"] + SIZE * t / MM, h["bottom"] + 20)  # the line under the heading
                note = page.within_bbox(below).extract_text().splitlines()[0]
                placed, ranks = read_layout(page, grids[label], t, b.answer_label)
                assert label not in found, label
                found[label] = {"page": index, "deal": int(number), "par": int(par), "note": note, "layout": placed, "ranks": ranks}
    return found


def read_layout(page, tiles: list[dict], t: float, label_size: float) -> tuple[list[list], dict]:
    """A 4 x 4 layout from the drawn tiles (None where no tile is), and the ranks drawn on each placed tile
    by quarter (UL, UR, LL, LR): the letters, "" for a null or an empty square (neither is a letter)."""
    left, top = min(r["x0"] for r in tiles), min(r["top"] for r in tiles)
    layout: list[list] = [[None] * SIZE for _ in range(SIZE)]
    ranks = {}
    for r in tiles:
        cx, cy = (r["x0"] + r["x1"]) / 2, (r["top"] + r["bottom"]) / 2
        inside = [c for c in page.chars if r["x0"] <= (c["x0"] + c["x1"]) / 2 <= r["x1"] and r["top"] <= (c["top"] + c["bottom"]) / 2 <= r["bottom"]]
        middle = sorted((c for c in inside if abs(c["size"] - label_size) < 0.1 and abs((c["top"] + c["bottom"]) / 2 - cy) * MM < 1.5), key=lambda c: c["x0"])
        tile_id, _, deg = "".join(c["text"] for c in middle).partition("@")
        quarters = ["", "", "", ""]
        for c in inside:
            dx, dy = (c["x0"] + c["x1"]) / 2 - cx, (c["top"] + c["bottom"]) / 2 - cy
            if abs(dy) * MM > 0.12 * t and c["text"] in "A2345":
                quarters[(dy > 0) * 2 + (dx > 0)] += c["text"]
        row, col = round((r["top"] - top) * MM / t), round((r["x0"] - left) * MM / t)
        layout[row][col] = Placement(int(tile_id), int(deg or 0))
        ranks[layout[row][col]] = quarters
    return layout, ranks


def shown_ranks(tile) -> list[str]:
    return [RANK_LETTERS[square.rank].upper() if square is not None and square.rank else "" for square in tile]


def check_answers(path, number_of_deals: int) -> dict[str, dict]:
    """Each deal's header leads by its label to its answer, which scores the printed par as drawn."""
    texts = page_texts(path)
    answers = drawn_answers(path)
    deals = [h for text in texts for h in headers(text)]
    assert len(deals) == number_of_deals and sorted(answers) == sorted(label for *_, label in deals)
    for number, par, level, label in deals:
        answer = answers[label]
        assert answer["deal"] == number and answer["par"] == par  # the target is printed beside the deal
        dealt = deal(number)
        result = score_layout(dealt, answer["layout"])
        assert not result.violations and result.tiles_placed == 16 and result.score == answer["par"], (label, result)
        # The coins drawn on each tile are the dealt tile's, turned as its label says.
        for placement, quarters in answer["ranks"].items():
            assert quarters == shown_ranks(rotate(dealt[placement.tile_id], placement.deg)), (label, placement)
        assert answer["note"] == f"Par proven best. 16 tiles placed. Difficulty {level}."
        # The printed difficulty is what the README defines: par less the greedy player's best.
        assert level == answer["par"] - greedy_best(dealt) >= 0
    return answers


def test_pages_deals_then_one_record_sheet_then_one_answer_a_page(book):
    texts = page_texts(book)
    assert len(texts) == 1 + 1 + len(DEALS)  # both deals on one page, the record sheet, an answer each
    assert [h[0] for h in headers(texts[0])] == list(DEALS)
    assert "record sheet" in texts[1] and "Deal ______" in texts[1]
    for text in texts[2:]:
        assert len(re.findall(r"Answer A\d+", text)) == 1  # two deals: one answer a page, so neither shows the other's
        assert "record sheet" not in text and not headers(text)
    assert not any(re.search(r"Answer A\d+", text) for text in texts[:2])


def test_each_label_leads_to_its_deals_answer_which_scores_its_par(book):
    check_answers(book, len(DEALS))


def test_twenty_deals_take_eighteen_pages_or_fewer_with_the_answers_four_a_page(book20):
    reader = pypdf.PdfReader(book20)
    assert len(reader.pages) <= 18  # regression: 32, one answer a page
    texts = page_texts(book20)
    deal_pages = [i for i, text in enumerate(texts) if headers(text)]
    answer_pages = [i for i, text in enumerate(texts) if re.search(HEADING, text)]
    assert deal_pages == list(range(10)) and answer_pages == list(range(11, 16))  # deals, the record sheet, answers
    labels = [label for i in answer_pages for label in re.findall(HEADING.split(":")[0], texts[i])]
    assert [len(re.findall(HEADING, texts[i])) for i in answer_pages] == [4] * 5
    assert labels == [f"A{n}" for n in range(1, 21)]  # each label once, in the answers' own order
    assert sorted(h[3] for i in deal_pages for h in headers(texts[i])) == sorted(labels)
    first = cover_pages(book20)
    with open_pdf(book20) as pdf:
        for i in answer_pages:
            page = pdf.pages[first + i]
            # The layout is drawn only: no .layout text in the book, and nothing smaller than 6 pt to read.
            assert ".layout" not in texts[i] and not [c for c in page.chars if "Courier" in c["fontname"]]
            assert min(c["size"] for c in page.chars) >= 6


def test_answers_stand_four_a_page_in_a_2_by_2_grid_each_scoring_its_par_as_drawn(book20):
    answers = drawn_answers(book20)
    b = solitaire_layout().book
    on_pages = sorted({a["page"] for a in answers.values()})
    with open_pdf(book20) as pdf:
        for index in on_pages:
            # Four answers: two side by side, two below them, each of 16 tiles.
            heads = pdf.pages[index].search(HEADING)
            assert len(heads) == 4
            assert len({round(h["x0"]) for h in heads}) == 2 and len({round(h["top"]) for h in heads}) == 2
            assert len(read_pages(book20)[index].rects_of_size(b.answer_tile, b.answer_tile)) == 4 * 16
    check_answers(book20, 20)
    # The answers keep their own order, and no page holds a deal's answer with the next deal's.
    page_of = {a["deal"]: a["page"] for a in answers.values()}
    assert sorted(page_of) == list(range(1, 21))
    assert all(page_of[n] != page_of[n + 1] for n in range(1, 20))


def test_book_tiles_show_their_squares_with_no_line_through_their_centre(book20):
    """The tile backs' pattern: four framed squares, none of their sides (nor any long line) within 1 mm of a tile's centre."""
    b = solitaire_layout().book
    first = cover_pages(book20)
    pages = read_pages(book20)
    checked = 0
    with open_pdf(book20) as pdf:
        for index in range(first, len(pages)):
            for size in (b.tile, b.answer_tile):
                tiles = pages[index].rects_of_size(size, size)
                if not tiles:
                    continue
                segments = stroke_segments(pdf.pages[index])
                squares = [s for s in stroked_boxes(pdf.pages[index]) if abs(s[2] - s[0] - s[3] + s[1]) < 0.05 and s[2] - s[0] < size / 2]
                for x, y, w, h in tiles:
                    cx, cy = x + w / 2, y + h / 2
                    through = [s for s in segments if segment_length(s) > 10 and point_to_segment(cx, cy, s) <= 1.0]
                    assert not through, (index, (cx, cy), through)
                    # Still a square on each quarter (under the coins, where they sit): the piecepack back's.
                    for qx, qy in ((cx + dx, cy + dy) for dx in (-w / 4, w / 4) for dy in (-w / 4, w / 4)):
                        assert any(abs((s[0] + s[2]) / 2 - qx) < 0.1 and abs((s[1] + s[3]) / 2 - qy) < 0.1 for s in squares), (index, qx, qy)
                    checked += 1
    assert checked == 20 * 16 * 2  # every deal's tiles, and every answer's


def stroke_segments(page) -> list[tuple[float, float, float, float]]:
    """Every stroked straight stretch of a page in mm: lines, the sides of stroked rectangles, the chords of stroked paths."""
    found = []
    for obj in page.lines + page.curves:
        if obj.get("stroke"):
            found += [(x1 * MM, y1 * MM, x2 * MM, y2 * MM) for (x1, y1), (x2, y2) in pairwise(obj["pts"])]
    for x0, top, x1, bottom in stroked_boxes(page):
        found += [(x0, top, x1, top), (x1, top, x1, bottom), (x0, bottom, x1, bottom), (x0, top, x0, bottom)]
    return found


def stroked_boxes(page) -> list[tuple[float, float, float, float]]:
    return [(r["x0"] * MM, r["top"] * MM, r["x1"] * MM, r["bottom"] * MM) for r in page.rects if r.get("stroke")]


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
        inside = [
            c for c in chars if abs(c["size"] - size) < 0.1 and x <= c["x0"] * mm and c["x1"] * mm <= x + w and y <= c["top"] * mm and c["bottom"] * mm <= y + h
        ]
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


@given(st.integers(1, 100))
def test_answers_share_a_page_four_at_most_never_with_the_next_deals(count):
    per = answers_a_page(count)
    pages = [p // per for p in answer_positions(count)]
    assert per in (1, 2, 4)
    assert all(a != b for a, b in pairwise(pages))  # the next deal's answer is on another page
    if count >= 7:
        assert per == 4


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


def test_the_books_notes_stand_on_its_record_sheet(book20):
    """No page of notes alone: the 20-deal book is 10 pages of deals, the record sheet carrying
    the notes under its grids, and 5 of answers (4 a page)."""
    pages = [page.extract_text() for page in pypdf.PdfReader(book20).pages]
    assert len(pages) == 10 + 1 + 5
    (record,) = [i for i, text in enumerate(pages) if "record sheet" in text and "Deal ______" in text]
    assert record == 10 and "How to print" in pages[record] and sum("How to print" in text for text in pages) == 1
