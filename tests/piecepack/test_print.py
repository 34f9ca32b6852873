"""`pnp build piecepack`: sizes, marks, duplex and colours read back from the PDF it writes."""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.commands.cli import app
from pnp.draw.pdf import render_pdf
from pnp.draw.shapes import Drawing, group
from pnp.piecepack.build import parse_rank_range
from pnp.piecepack.draw import tile_with_coins
from pnp.piecepack.model import Piece, Suit
from tests.helpers.pdfgeom import cover_pages, open_pdf, point_to_segment, segment_length

MM = 25.4 / 72  # mm per pt
TILE, COIN, BLEED = 50.8, 19.05, 3.175
PAPER = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
SUIT_GLYPHS = set("☀☼☉☾☽🌙♔♕♚♛⚜")


def run(*args: str):
    return CliRunner().invoke(app, ["build", "piecepack", *args])


def build(out: Path, *args: str) -> Path:
    result = run("--out", str(out), *args)
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="module")
def colour(tmp_path_factory) -> Path:
    return build(tmp_path_factory.mktemp("colour")) / "piecepack.pdf"


@pytest.fixture(scope="module")
def bw(tmp_path_factory) -> Path:
    return build(tmp_path_factory.mktemp("bw"), "--bw") / "piecepack-bw.pdf"


@pytest.fixture(scope="module")
def letter(tmp_path_factory) -> Path:
    return build(tmp_path_factory.mktemp("letter"), "--paper", "letter", "--format", "pdf") / "piecepack.pdf"


@pytest.fixture(scope="module")
def power_lines(tmp_path_factory) -> Path:
    return build(tmp_path_factory.mktemp("tiles"), "--tiles", "2-5", "--format", "pdf") / "piecepack-tiles-2-5.pdf"


@pytest.fixture(scope="module")
def power_lines_bw(tmp_path_factory) -> Path:
    return build(tmp_path_factory.mktemp("tiles-bw"), "--tiles", "2-5", "--bw", "--format", "pdf") / "piecepack-tiles-2-5-bw.pdf"


def pages(path: Path) -> list[dict]:
    """Each sheet page's size and its drawn objects, positions converted to mm: fronts and
    backs from the first sheet of pieces on (notes on a page of their own are left out)."""

    def mm(o) -> dict:
        return dict(o) | {k: o[k] * MM for k in ("x0", "x1", "top", "bottom")}

    with open_pdf(path) as pdf:
        got = [
            {
                "size": (float(p.width) * MM, float(p.height) * MM),
                **{kind + "s": [mm(o) for o in p.objects.get(kind, [])] for kind in ("line", "rect", "curve", "char")},
            }
            for p in pdf.pages
        ]
    return got[cover_pages(path) :]


def tiles(path: Path) -> list[dict]:
    """The pages from the first sheet of tiles on: the whole piecepack prints its coins' sheet first."""
    got = pages(path)
    return got[next(i for i, p in enumerate(got) if bleed_boxes(p)) :]


def coin_sheet(path: Path) -> list[dict]:
    """The coins, dice and pawns' front and back, in front of the tiles."""
    got = pages(path)
    assert not bleed_boxes(got[0])
    return got[:2]


def everything(page: dict) -> list[dict]:
    return page["lines"] + page["rects"] + page["curves"] + page["chars"]


def crop_xs(page: dict) -> list[float]:
    """x of the short vertical crop marks above the block: the cut lines of the columns."""
    marks = [l for l in page["lines"] if l["x0"] == l["x1"] and l["bottom"] - l["top"] <= 4.01 and l["bottom"] < page["size"][1] / 2]
    return sorted({round(l["x0"], 4) for l in marks})


def crop_ys(page: dict) -> list[float]:
    marks = [l for l in page["lines"] if l["top"] == l["bottom"] and l["x1"] - l["x0"] <= 4.01 and l["x1"] < page["size"][0] / 2]
    return sorted({round(l["top"], 4) for l in marks})


def cut_sizes(coords: list[float]) -> list[float]:
    """Cut marks come in pairs (both sides of one component): the size is each pair's span."""
    return [b - a for a, b in zip(coords[0::2], coords[1::2])]


def bleed_boxes(page: dict) -> list[dict]:
    """Tile backgrounds: filled rectangles of a tile plus its bleed on every side."""
    return [r for r in page["rects"] if r["fill"] and abs(r["x1"] - r["x0"] - (TILE + 2 * BLEED)) < 0.05]


def is_grey(colour) -> bool:
    if colour is None or isinstance(colour, (int, float)):
        return True
    return len(colour) == 1 or max(colour) - min(colour) < 1e-6


def is_black(colour) -> bool:
    return is_grey(colour) and (colour if isinstance(colour, (int, float)) else max(colour)) == 0


# Sizes


def test_tiles_are_two_inches_between_their_crop_marks(colour, letter):
    for path in (colour, letter):
        first = tiles(path)[0]
        for sizes in (cut_sizes(crop_xs(first)), cut_sizes(crop_ys(first))):
            assert len(sizes) >= 3
            assert all(abs(s - TILE) <= 0.1 for s in sizes), sizes


def test_coin_cut_circles_are_three_quarter_inch(colour):
    coin_page = coin_sheet(colour)[0]
    rims = [c for c in coin_page["curves"] if c["stroke"] and not c["fill"] and abs(c["x1"] - c["x0"] - COIN) <= 1]
    assert len(rims) == 24
    for rim in rims:
        assert abs(rim["x1"] - rim["x0"] - COIN) <= 0.1
        assert abs(rim["bottom"] - rim["top"] - COIN) <= 0.1
    assert all(abs(s - COIN) <= 0.1 for s in cut_sizes(crop_xs(coin_page)))


def test_page_sizes_and_order(colour, letter):
    for path, paper in ((colour, "a4"), (letter, "letter")):
        got = pages(path)
        # coins, dice and pawns: one sheet, then the tiles: two; each front followed by its backs
        assert len(got) == 6
        assert [bool(bleed_boxes(page)) for page in got[0::2]] == [False, True, True]
        for page in got:
            assert page["size"] == pytest.approx(PAPER[paper], abs=0.01)


# Duplex and marks


def test_backs_are_mirrored_about_the_page_centre(power_lines):
    # The first sheet holds 4 tiles in a 3-wide grid (the short sheet comes first, the file's
    # notes under it): an uneven sheet, so mirroring shows.
    got = pages(power_lines)
    assert len(got) == 4
    width = got[0]["size"][0]
    fronts = {(round(width - r["x1"], 1), round(r["top"], 1)) for r in bleed_boxes(got[0])}
    backs = {(round(r["x0"], 1), round(r["top"], 1)) for r in bleed_boxes(got[1])}
    unmirrored = {(round(r["x0"], 1), round(r["top"], 1)) for r in bleed_boxes(got[0])}
    assert len(fronts) == 4
    assert backs == fronts
    assert backs != unmirrored


def test_nothing_is_printed_within_5_mm_of_the_paper_edge(colour, letter):
    for path in (colour, letter):
        for number, page in enumerate(pages(path), 1):
            w, h = page["size"]
            for o in everything(page):
                assert min(o["x0"], o["top"], w - o["x1"], h - o["bottom"]) >= 5.0 - 1e-6, (path.name, number, o["object_type"])


def test_coins_dice_and_pawns_share_one_duplex_sheet(colour):
    front, back = coin_sheet(colour)
    coins = [c for c in front["curves"] if c["stroke"] and not c["fill"] and abs(c["x1"] - c["x0"] - COIN) <= 0.1]
    # Below the coins, the four dice: each net's five numbered faces (the null is drawn, not set).
    die_ranks = [c["text"] for c in front["chars"] if 15 < c["size"] < 25]
    coin_ranks = [c["text"] for c in front["chars"] if c["size"] >= 25]
    assert len(coins) == 24 and sorted(coin_ranks) == sorted("A2345" * 4) and sorted(die_ranks) == sorted("A2345" * 4)
    assert min(c["top"] for c in front["chars"] if 15 < c["size"] < 25) > max(c["bottom"] for c in coins)
    # The four pawns: strips 1/2 in wide (lying, two to a row), with a cut line all round.
    strips = [r for r in front["rects"] if r["stroke"] and not r["fill"] and abs(r["bottom"] - r["top"] - 12.7) < 0.05 and r["x1"] - r["x0"] > 50]
    assert len(strips) == 4
    # The back carries the coins' suit sides, and nothing behind the dice and pawns.
    grounds = [c for c in back["curves"] if c["fill"] and abs(c["x1"] - c["x0"] - COIN - 2 * BLEED) < 0.1]
    assert len(grounds) == 24
    # (Under the pawns, behind the file's notes, stands the duplex check.)
    pawns_foot = max(r["bottom"] for r in strips)
    assert max(o["bottom"] for o in everything(back) if o["top"] < pawns_foot) < min(c["top"] for c in front["chars"] if 15 < c["size"] < 25)


def null_marks(page: dict) -> set[tuple[float, float]]:
    """Where the nulls of a page stand: a round ring (read as its outline and its hole) with a
    bar through its centre running out past the rim."""
    found = set()
    filled = [c for c in page["curves"] if c["fill"]]
    for ring in filled:
        w, h = ring["x1"] - ring["x0"], ring["bottom"] - ring["top"]
        if abs(w - h) > 0.05 or w < 3:
            continue
        cx, cy = (ring["x0"] + ring["x1"]) / 2, (ring["top"] + ring["bottom"]) / 2
        for bar in filled:
            centre = ((bar["x0"] + bar["x1"]) / 2, (bar["top"] + bar["bottom"]) / 2)
            if (
                bar is not ring
                and centre == pytest.approx((cx, cy), abs=0.05)
                and bar["top"] < ring["top"] - 0.1 * h
                and bar["bottom"] > ring["bottom"] + 0.1 * h
            ):
                found.add((round(cx, 1), round(cy, 1)))
    return found


def test_the_null_is_struck_through_never_a_plain_ring(colour):
    got = pages(colour)
    fronts = got[0::2]
    # Four null tiles, four null coins and the null face of four dice.
    assert sum(len(null_marks(p)) for p in fronts) == 12
    # No letter or digit stands in for it anywhere.
    assert not set("oO0Nn") & {c["text"] for p in fronts for c in p["chars"] if c["size"] > 15}


def test_only_front_pages_carry_crop_marks(colour):
    got = pages(colour)
    assert all(crop_xs(p) for p in got[0::2])
    assert not any(crop_xs(p) for p in got[1::2])


# Tile edges: the cut itself is drawn on every tile, front and back


def segments(page: dict) -> list[tuple[float, float, float, float, dict]]:
    """Every stroked straight stretch on a page, as (x1, y1, x2, y2, object) in mm: lines, the four
    sides of stroked rectangles, and the chords of stroked paths (any straight part of a path is one)."""
    found = []
    for l in page["lines"]:
        (x1, y1), (x2, y2) = l["pts"][0], l["pts"][-1]
        found.append((x1 * MM, y1 * MM, x2 * MM, y2 * MM, l))
    for r in page["rects"]:
        if r["stroke"]:
            x0, t, x1, b = r["x0"], r["top"], r["x1"], r["bottom"]
            found += [(x0, t, x1, t, r), (x1, t, x1, b, r), (x1, b, x0, b, r), (x0, b, x0, t, r)]
    for c in page["curves"]:
        if c["stroke"]:
            pts = [(x * MM, y * MM) for x, y in c["pts"]]
            found += [(*a, *b, c) for a, b in pairwise(pts)]
    return found


def tile_sheets(path: Path) -> list[tuple[dict, dict]]:
    """(front, back) page pairs that carry tiles."""
    got = pages(path)
    return [(front, back) for front, back in zip(got[0::2], got[1::2]) if bleed_boxes(front)]


def tile_centres(front: dict) -> list[tuple[float, float]]:
    """Where the tiles stand on a front page: the centres of their grounds (tile plus bleed)."""
    return [((r["x0"] + r["x1"]) / 2, (r["top"] + r["bottom"]) / 2) for r in bleed_boxes(front)]


def edge_square(page: dict, cx: float, cy: float) -> tuple[float, float, float, float]:
    """The drawn edge of the tile centred on (cx, cy): for each side, the straight stroke
    lying along it (within 1 mm of where a 2 in tile's side would be) and running its whole length.
    Returns left, top, right, bottom as the strokes put them; fails if a side has none."""
    h = TILE / 2
    strokes = segments(page)

    def side(vertical: bool, at: float) -> float:
        hits = []
        for s in strokes:
            x1, y1, x2, y2 = s[:4]
            along, across = ((y1, y2), (x1, x2)) if vertical else ((x1, x2), (y1, y2))
            centre = cy if vertical else cx
            if abs(across[0] - across[1]) < 0.01 and abs(across[0] - at) <= 1.0 and min(along) <= centre - h + 0.1 and max(along) >= centre + h - 0.1:
                hits.append((across[0], s[4]))
        assert hits, f"no edge line along the {'vertical' if vertical else 'horizontal'} side at {at:.2f} mm of the tile at ({cx:.1f}, {cy:.1f})"
        at_edge, line = min(hits, key=lambda hit: abs(hit[0] - at))
        # Thin, and dark enough to follow on the art and in black and white.
        assert 0.15 <= line["linewidth"] * MM <= 0.3, line["linewidth"] * MM
        colour = line["stroking_color"]
        level = colour if isinstance(colour, (int, float)) else (colour[0] if len(colour) == 1 else 0.3 * colour[0] + 0.59 * colour[1] + 0.11 * colour[2])
        assert level <= 0.35, colour
        return at_edge

    return side(True, cx - h), side(False, cy - h), side(True, cx + h), side(False, cy + h)


@pytest.mark.parametrize("build_name", ["colour", "bw", "letter", "power_lines", "power_lines_bw"])
def test_every_tile_front_shows_its_two_inch_edge(build_name, request):
    sheets = tile_sheets(request.getfixturevalue(build_name))
    assert sheets
    for front, _ in sheets:
        xs, ys = crop_xs(front), crop_ys(front)
        centres = tile_centres(front)
        assert centres
        for cx, cy in centres:
            left, top, right, bottom = edge_square(front, cx, cy)
            assert abs(right - left - TILE) <= 0.1 and abs(bottom - top - TILE) <= 0.1, (left, top, right, bottom)
            # On the cut itself: where the crop marks in the margin point.
            for x in (left, right):
                assert min(abs(x - m) for m in xs) <= 0.1, (x, xs)
            for y in (top, bottom):
                assert min(abs(y - m) for m in ys) <= 0.1, (y, ys)


def back_centres(front: dict, back: dict) -> list[tuple[float, float]]:
    """The tiles' centres on a backs page, found from the front: backs stand mirrored for a long-edge flip."""
    width = front["size"][0]
    centres = [(width - cx, cy) for cx, cy in tile_centres(front)]
    assert flatten(tile_centres(back)) == pytest.approx(flatten(centres), abs=0.05)
    return centres


def flatten(points: list[tuple[float, float]]) -> list[float]:
    return [v for p in sorted(points) for v in p]


@pytest.mark.parametrize("build_name", ["colour", "bw", "letter", "power_lines", "power_lines_bw"])
def test_every_tile_back_shows_its_two_inch_edge(build_name, request):
    sheets = tile_sheets(request.getfixturevalue(build_name))
    assert sheets
    for front, back in sheets:
        for cx, cy in back_centres(front, back):
            left, top, right, bottom = edge_square(back, cx, cy)
            assert abs(right - left - TILE) <= 0.1 and abs(bottom - top - TILE) <= 0.1, (left, top, right, bottom)


@pytest.mark.parametrize("build_name", ["colour", "bw", "letter", "power_lines", "power_lines_bw"])
def test_tile_back_pattern_stays_inside_the_tile_clear_of_its_centre(build_name, request):
    sheets = tile_sheets(request.getfixturevalue(build_name))
    assert sheets
    for front, back in sheets:
        centres = back_centres(front, back)
        # Under the tiles, a sheet may carry the duplex check's rulers, behind the file's notes.
        foot = max(cy for _, cy in centres) + TILE / 2 + BLEED
        strokes = [s for s in segments(back) if min(s[1], s[3]) <= foot]
        assert strokes  # the backs do carry a pattern
        framed = [((r["x0"] + r["x1"]) / 2, (r["top"] + r["bottom"]) / 2) for r in back["rects"] if r["stroke"] and r["x1"] - r["x0"] < TILE / 2]
        q = TILE / 4
        for cx, cy in centres:
            # Nothing that could pass for a cut runs through the tile's middle.
            through = [s[:4] for s in strokes if segment_length(s) > 20 and point_to_segment(cx, cy, s) <= 1.0]
            assert not through, ((cx, cy), through)
            # Still the piecepack's four squares: one framed on each quarter, where a coin sits.
            quarters = [(cx + dx, cy + dy) for dx in (-q, q) for dy in (-q, q)]
            assert all(any(abs(x - fx) <= 0.05 and abs(y - fy) <= 0.05 for fx, fy in framed) for x, y in quarters), (cx, cy)
        for s in strokes:
            # Every stroke lies on one tile: the pattern never runs out past the edge or across the sheet.
            owner = [(cx, cy) for cx, cy in centres if all(abs(x - cx) <= TILE / 2 + 0.05 and abs(y - cy) <= TILE / 2 + 0.05 for x, y in (s[0:2], s[2:4]))]
            assert owner, s[:4]
            cx, cy = owner[0]
            vertical, horizontal = abs(s[0] - s[2]) < 0.01, abs(s[1] - s[3]) < 0.01
            on_edge = (vertical and abs(abs(s[0] - cx) - TILE / 2) <= 0.05) or (horizontal and abs(abs(s[1] - cy) - TILE / 2) <= 0.05)
            if not on_edge:
                # The pattern: clear of the edge, and never on the tile's centre lines.
                assert all(abs(x - cx) <= TILE / 2 - 1.0 and abs(y - cy) <= TILE / 2 - 1.0 for x, y in (s[0:2], s[2:4])), s[:4]
                assert not (vertical and abs(s[0] - cx) <= 1.0), s[:4]
                assert not (horizontal and abs(s[1] - cy) <= 1.0), s[:4]


# Content


def test_symbols_are_paths_not_text(colour):
    got = pages(colour)
    text = "".join(c["text"] for p in got for c in p["chars"])
    assert not SUIT_GLYPHS & set(text)
    # Text on a tile sheet is ranks and the caption, nothing else.
    tile_chars = [c["text"] for c in tiles(colour)[0]["chars"] if c["size"] > 20]
    assert sorted(tile_chars) == sorted("A2345" * 2)
    # Each suns tile carries two sun symbols as filled paths in the suns colour.
    vermillion = (0xD5 / 255, 0x5E / 255, 0)
    suns = [c for c in tiles(colour)[0]["curves"] if c["fill"] and c["non_stroking_color"] == pytest.approx(vermillion, abs=0.005)]
    assert len(suns) >= 12


def test_black_and_white_has_no_colour(bw, colour, tmp_path):
    for page in pages(bw):
        for o in everything(page):
            assert is_grey(o.get("non_stroking_color")) and is_grey(o.get("stroking_color")), o
    for svg in bw.parent.glob("piecepack-bw-*.svg"):
        for hex_colour in re.findall(r"#([0-9A-Fa-f]{6})", svg.read_text()):
            assert hex_colour[0:2] == hex_colour[2:4] == hex_colour[4:6], (svg.name, hex_colour)
    # The check can see colour: the colour build fails it.
    assert any(not is_grey(o.get("non_stroking_color")) for p in pages(colour) for o in everything(p))


def test_black_and_white_still_tells_the_suits_apart(bw):
    # All suits are black there, so the symbols must differ: the coin backs hold one suit per row.
    backs = coin_sheet(bw)[1]
    symbols = [c for c in backs["curves"] if c["fill"] and is_black(c["non_stroking_color"]) and c["bottom"] - c["top"] > 5]
    rows: dict[float, set[int]] = {}
    for c in symbols:
        rows.setdefault(round(c["top"] // 10), set()).add(len(c["pts"]))
    assert len(rows) == 4 and all(len(outlines) == 1 for outlines in rows.values())
    assert len({outlines.pop() for outlines in rows.values()}) == 4


def test_power_lines_tiles_are_the_sixteen_of_ranks_2_to_5(power_lines):
    got = pages(power_lines)
    fronts = got[0::2]
    assert sum(len(bleed_boxes(p)) for p in fronts) == 16
    ranks = sorted(c["text"] for p in fronts for c in p["chars"] if c["size"] > 20)
    assert ranks == sorted("2345" * 4)


@pytest.mark.parametrize("text, ranks", [("2-5", (2, 5)), ("n-a", (0, 1)), ("0-5", (0, 5)), ("3", (3, 3)), ("A", (1, 1))])
def test_rank_ranges(text, ranks):
    assert parse_rank_range(text) == ranks


@pytest.mark.parametrize("bad", ["7-9", "5-2", "x", "2-", "-5", "2-5-7", ""])
def test_a_bad_rank_range_is_a_usage_error(bad, tmp_path):
    result = run("--out", str(tmp_path), "--tiles", bad)
    assert result.exit_code == 2
    assert "--tiles" in result.output and "like 2-5" in result.output
    assert "Traceback" not in result.output
    assert not list(tmp_path.iterdir())


def test_builds_are_byte_identical(tmp_path):
    a, b = build(tmp_path / "a"), build(tmp_path / "b")
    names = sorted(p.name for p in a.iterdir())
    with open_pdf(a / "piecepack.pdf") as pdf:
        page_count = len(pdf.pages)
    assert "piecepack.pdf" in names and len([n for n in names if n.endswith(".svg")]) == page_count
    for name in names:
        assert (a / name).read_bytes() == (b / name).read_bytes(), name


# The drawing Pack Solitaire reuses


def test_tile_with_coins_puts_coins_on_their_squares(tmp_path):
    squares = (Piece(3, Suit.SUNS), None, Piece(0, Suit.ARMS), Piece(5, Suit.MOONS))
    page = Drawing(100, 100)
    page.add(group(*tile_with_coins(squares, coin_diameter=15.0), at=(20, 30)))
    (tmp_path / "t.pdf").write_bytes(render_pdf([page]))
    got = pages(tmp_path / "t.pdf")[0]
    rims = [c for c in got["curves"] if c["stroke"] and not c["fill"]]
    centres = sorted(((c["x0"] + c["x1"]) / 2, (c["top"] + c["bottom"]) / 2) for c in rims)
    # UL, LL and LR are taken; UR is the empty square. Squares are 1 in, so centres are 1/2 in in.
    q = TILE / 4
    expected = sorted([(20 + q, 30 + q), (20 + q, 30 + 3 * q), (20 + 3 * q, 30 + 3 * q)])
    assert [v for c in centres for v in c] == pytest.approx([v for c in expected for v in c], abs=0.01)
    assert all(abs(c["x1"] - c["x0"] - 15.0) < 0.05 for c in rims)
    assert sorted(c["text"] for c in got["chars"]) == ["3", "5"]  # and a null ring, which is a path
