"""The Ley Lines kit measured in its PDFs: 1 in spaces over overlapping poster sheets, 1 x 2 in dominoes, margins."""

from __future__ import annotations

import math
import re
from collections import Counter
from pathlib import Path

import pypdf
import pytest
from typer.testing import CliRunner

from pnp.commands.cli import app
from pnp.core.resources import deck_file
from pnp.draw.poster import GUARD
from pnp.games.ley_lines.board import parse_space
from pnp.games.ley_lines.engine import Placer, flow
from pnp.games.ley_lines.files import TurnItem, load_record
from pnp.games.ley_lines.game import apply, new_game
from tests.helpers.pdfgeom import MM, cover_pages, ink_margins, open_pdf

INCH = 25.4
MARGIN = 5.0  # nothing printed closer to the paper edge
OVERLAP = 12.0  # what the overview page promises
PAPER_WIDTH = {"a4": 210.0, "letter": 215.9}


def build(out: Path, *args: str) -> Path:
    result = CliRunner().invoke(app, ["build", "ley-lines", "--out", str(out), "--format", "pdf", *args])
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="module", params=["a4", "letter"])
def kit(request, tmp_path_factory) -> tuple[str, Path]:
    return request.param, build(tmp_path_factory.mktemp(request.param), "--paper", request.param)


def mm(obj) -> tuple[float, float, float, float]:
    return obj["x0"] * MM, obj["top"] * MM, obj["x1"] * MM, obj["bottom"] * MM


def board_sheets(folder: Path) -> list[dict]:
    """Per poster sheet: its tiles (filled 2 in squares), lines and crosshair centres, in page mm."""
    sheets = []
    path = folder / "ley-lines-board.pdf"
    with open_pdf(path) as pdf:
        for page in pdf.pages[cover_pages(path) :]:
            if "sheet" not in (page.extract_text() or "") or "how the" in (page.extract_text() or ""):
                continue
            tiles = [mm(r) for r in page.rects if r["fill"] and abs(r["width"] * MM - 2 * INCH) < 0.5]
            crosshairs = [((c["x0"] + c["x1"]) / 2 * MM, (c["top"] + c["bottom"]) / 2 * MM) for c in page.curves]
            sheets.append({"tiles": tiles, "lines": [mm(l) for l in page.lines], "crosshairs": crosshairs, "text": page.extract_text()})
    return sheets


def test_board_spaces_are_one_inch(kit):
    _, folder = kit
    sheets = board_sheets(folder)
    assert len(sheets) >= 2
    for sheet in sheets:
        for x0, top, x1, bottom in sheet["tiles"]:
            assert x1 - x0 == pytest.approx(2 * INCH, abs=0.1) and bottom - top == pytest.approx(2 * INCH, abs=0.1)
            if x0 < MARGIN + GUARD or top < MARGIN + GUARD or x1 > 200 or bottom > 260:
                continue  # partly cut off at this sheet's edge: measured on its neighbour
            # Each tile is split into four 1 in spaces by a line across each way.
            assert any(abs(l[0] - (x0 + INCH)) < 0.1 and abs(l[2] - l[0]) < 0.01 and abs(l[3] - l[1] - 2 * INCH) < 0.1 for l in sheet["lines"])
            assert any(abs(l[1] - (top + INCH)) < 0.1 and abs(l[3] - l[1]) < 0.01 and abs(l[2] - l[0] - 2 * INCH) < 0.1 for l in sheet["lines"])


def seams(sheet: dict, vertical: bool) -> list[float]:
    """Page positions of the long seam lines (longer than any board line)."""
    return sorted(l[0] if vertical else l[1] for l in sheet["lines"] if (l[3] - l[1] if vertical else l[2] - l[0]) > 100)


def shift(a: dict, b: dict, beside: bool) -> tuple[float, float]:
    """How far sheet b's page coordinates are from sheet a's (b beside a, or below it), taken
    from the seam both print, and checked against the crosshairs both print."""
    d = seams(a, beside)[-1] - seams(b, beside)[0]
    dx, dy = (d, 0.0) if beside else (0.0, d)
    shared = [(x, y) for x, y in a["crosshairs"] if any(abs(x - dx - u) < 0.05 and abs(y - dy - v) < 0.05 for u, v in b["crosshairs"])]
    assert len(shared) >= 2  # crosshairs on the seam land on each other
    return dx, dy


def shared_tiles(a: dict, b: dict, dx: float, dy: float) -> set:
    """Tiles printed on both sheets at the same place of the board: the overlap shows the same art."""
    return {(round(t[0] - dx, 1), round(t[1] - dy, 1)) for t in a["tiles"]} & {(round(t[0], 1), round(t[1], 1)) for t in b["tiles"]}


def test_poster_sheets_overlap_consistently(kit):
    paper, folder = kit
    sheets = board_sheets(folder)
    # Sheets are numbered row by row; the captions say where each one goes.
    places = [tuple(int(n) for n in (s["text"].split("(row ")[1].split(")")[0].replace(", column", "").replace(" of", "").split()[::2])) for s in sheets]
    columns = max(c for _, c in places)
    assert columns >= 2 and len(sheets) == columns * max(r for r, _ in places)
    for i, (_row, column) in enumerate(places):
        if column < columns:
            dx, dy = shift(sheets[i], sheets[i + 1], True)
            # The width each sheet prints (inside the margin and the guard against anti-aliased
            # edges) less the step between sheets is what the neighbours share: at least the overlap,
            # more where the seam moves back to the nearest line between spaces.
            assert PAPER_WIDTH[paper] - 2 * (MARGIN + GUARD) - dx >= OVERLAP - 0.1
            # The seam keeps half the overlap to each side: the right sheet starts half the overlap before it.
            assert seams(sheets[i + 1], True)[0] == pytest.approx(MARGIN + GUARD + OVERLAP / 2, abs=0.1)
            assert seams(sheets[i], True)[-1] <= PAPER_WIDTH[paper] - MARGIN - GUARD - OVERLAP / 2 + 0.1
            assert shared_tiles(sheets[i], sheets[i + 1], dx, dy)
        if i + columns < len(sheets):
            dx, dy = shift(sheets[i], sheets[i + columns], False)
            assert dy > 100 and shared_tiles(sheets[i], sheets[i + columns], dx, dy)


def test_no_seam_cuts_through_a_space_and_each_sheet_says_what_to_trim(kit):
    _, folder = kit
    sheets = board_sheets(folder)
    for sheet in sheets:
        board = [l for l in sheet["lines"] if (l[2] - l[0]) <= 100 and (l[3] - l[1]) <= 100]  # the board's own lines
        for x in seams(sheet, True):
            assert any(abs(l[0] - x) < 0.05 and abs(l[2] - x) < 0.05 and l[3] - l[1] > 20 for l in board), ("seam through spaces", x)
        for y in seams(sheet, False):
            assert any(abs(l[1] - y) < 0.05 and abs(l[3] - y) < 0.05 and l[2] - l[0] > 20 for l in board), ("seam through spaces", y)
    texts = [" ".join(s["text"].split()) for s in sheets]
    columns = max(int(t.split("column ")[1].split()[0]) for t in texts)
    for i, text in enumerate(texts):
        row, column = divmod(i, columns)
        trim = [edge for edge, cut in (("left", column > 0), ("top", row > 0)) if cut]
        assert ("nothing to trim" in text) == (not trim), text
        assert all(edge in text.split("sheet ")[-1] for edge in trim), text


def tiles_in_common_frame(folder: Path) -> set[tuple[float, float]]:
    sheets = board_sheets(folder)
    columns = max(int(s["text"].split("column ")[1].split()[0]) for s in sheets)
    offsets = []
    for i, sheet in enumerate(sheets):
        if i == 0:
            offsets.append((0.0, 0.0))
        elif i % columns:
            dx, dy = shift(sheets[i - 1], sheet, True)
            offsets.append((offsets[i - 1][0] + dx, offsets[i - 1][1] + dy))
        else:
            dx, dy = shift(sheets[i - columns], sheet, False)
            offsets.append((offsets[i - columns][0] + dx, offsets[i - columns][1] + dy))
    return {(round(t[0] + ox), round(t[1] + oy)) for sheet, (ox, oy) in zip(sheets, offsets) for t in sheet["tiles"]}


def test_every_tile_is_printed_once_in_the_whole(kit, tmp_path):
    _, folder = kit
    assert len(tiles_in_common_frame(folder)) == 24
    three = build(tmp_path / "three", "--players", "3")
    assert len(tiles_in_common_frame(three)) == 18
    assert "EIRE" not in " ".join(p.extract_text() for p in pypdf.PdfReader(three / "ley-lines-board.pdf").pages)


def test_board_names_islands_and_spaces(kit):
    _, folder = kit
    text = " ".join(s["text"] for s in board_sheets(folder))
    assert "ALBION" in text and "EIRE" in text
    for name in ("e10", "f10", "a7", "m6", "e15", "f1"):
        assert name in text


def test_eire_is_tinted_apart_from_albion_and_each_name_sits_on_its_island(kit):
    _, folder = kit
    found = {}
    with open_pdf(folder / "ley-lines-board.pdf") as pdf:
        for page in pdf.pages:
            tiles = [(mm(r), tuple(r["non_stroking_color"])) for r in page.rects if r.get("fill") and abs(r["width"] * MM - 50.8) < 0.1]
            for word in page.extract_words() if tiles else []:  # the sheets at true size
                if word["text"] in ("ALBION", "EIRE"):
                    x, y = (word["x0"] + word["x1"]) / 2 * MM, (word["top"] + word["bottom"]) / 2 * MM
                    under = {fill for (x0, top, x1, bottom), fill in tiles if x0 <= x <= x1 and top <= y <= bottom}
                    found.setdefault(word["text"], set()).update(under)
    assert set(found) == {"ALBION", "EIRE"} and found["ALBION"] and found["EIRE"], found  # on land
    assert found["ALBION"].isdisjoint(found["EIRE"])  # each on its own tint


def test_overview_and_score_pad(kit):
    _, folder = kit
    path = folder / "ley-lines-board.pdf"
    pages = pypdf.PdfReader(path).pages[cover_pages(path) :]
    assert "how the" in pages[0].extract_text() and "overlap by at least 12 mm" in pages[0].extract_text()
    # The pad is printed once, in its own file, not also after the board sheets.
    assert "score pad" not in pages[-1].extract_text()
    pad = pypdf.PdfReader(folder / "ley-lines-scorepad.pdf").pages[0].extract_text()
    assert "score pad" in pad and "Same suit x2" in pad and "Running" not in pad and "Arms" in pad


def test_dominoes_are_one_by_two_inches_with_aligned_backs(kit):
    paper, folder = kit
    path = folder / "ley-lines-dominoes.pdf"
    first = cover_pages(path)
    # The notes stand under the dominoes on A4; Letter leaves too little room, so there they take
    # a page of their own and its back (the duplex check), as a two-sided file must.
    assert first == (0 if paper == "a4" else 2)
    with open_pdf(path) as pdf:
        front, back = pdf.pages[first], pdf.pages[first + 1]
        faces = white_faces(front)
        # Each back's colour is drawn out into the bleed (and clipped where a neighbour's begins).
        backs = [(x0 + BACK_BLEED, top + BACK_BLEED, x1 - BACK_BLEED, bottom - BACK_BLEED) for x0, top, x1, bottom in (mm(r) for r in back.rects if r["fill"])]
        width = float(front.width) * MM
    assert len(pdf.pages) == first + 2  # all 28 on one sheet, and its backs
    assert len(faces) == 28 and len(backs) == 28
    for x0, top, x1, bottom in faces + backs:
        assert x1 - x0 == pytest.approx(INCH, abs=0.1) and bottom - top == pytest.approx(2 * INCH, abs=0.1)
    # Long-edge duplex: each back sits where its front lands when the sheet is flipped.
    mirrored = sorted((width - x1, top) for x0, top, x1, _ in faces)
    placed = sorted((x0, top) for x0, top, _, _ in backs)
    assert all(a == pytest.approx(b, abs=0.05) for a, b in zip(mirrored, placed))
    assert sum(1 for d in domino_fronts(folder) if d["marks"]) == 7  # the seven dominoes holding a six


BACK_BLEED = 3.0  # the domino backs' colour past the cut


def white_faces(page) -> list[tuple[float, float, float, float]]:
    """The dominoes' cut boxes on a fronts sheet: their white, 1 x 2 in grounds."""
    white = ((1, 1, 1), [1, 1, 1], (1.0, 1.0, 1.0))
    return [mm(r) for r in page.rects if r["fill"] and r["non_stroking_color"] in white and abs(r["width"] * MM - INCH) < 0.2]


def domino_fronts(folder: Path) -> list[dict]:
    """Per domino on the fronts sheet: its cut box, its outline (box, corner radius, stroke), its pips
    (centre and radius) in the upper and the lower half, and every other filled shape on it (marks)."""
    path = folder / "ley-lines-dominoes.pdf"
    with open_pdf(path) as pdf:
        page = pdf.pages[cover_pages(path)]
        faces = white_faces(page)
        outlines, pips, marks = [], [], []
        for c in page.curves:
            box = mm(c)
            if c["stroke"] and not c["fill"]:
                # A rounded rectangle's path starts where its top edge leaves the first corner.
                top_xs = [x * MM for x, y in c["pts"] if abs(y * MM - box[1]) < 0.01]
                outlines.append((box, min(top_xs) - box[0], c["linewidth"] * MM))
            elif c["fill"]:
                round_ = any(op[0] == "c" for op in c["path"]) and abs((box[2] - box[0]) - (box[3] - box[1])) < 0.05
                if round_:
                    pips.append(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2, (box[2] - box[0]) / 2))
                else:
                    marks.append(box)
        # Any other filled shape (a filled rectangle that is not a domino's ground, a line) is a mark too.
        marks += [mm(r) for r in page.rects if r["fill"] and mm(r) not in faces]
    inside = lambda box, x, y: box[0] <= x <= box[2] and box[1] <= y <= box[3]  # noqa: E731
    dominoes = []
    for face in faces:
        mid = (face[1] + face[3]) / 2
        own = [p for p in pips if inside(face, p[0], p[1])]
        (outline,) = [o for o in outlines if inside(face, (o[0][0] + o[0][2]) / 2, (o[0][1] + o[0][3]) / 2)]
        dominoes.append(
            {
                "face": face,
                "outline": outline,
                "pips": own,
                "halves": (sum(1 for p in own if p[1] < mid), sum(1 for p in own if p[1] > mid)),
                "marks": [m for m in marks if inside(face, (m[0] + m[2]) / 2, (m[1] + m[3]) / 2)],
            }
        )
    return dominoes


def in_rounded_box(x: float, y: float, box: tuple[float, float, float, float], radius: float) -> bool:
    """Whether (x, y) lies inside a rectangle with rounded corners of `radius`."""
    cx = min(max(x, box[0] + radius), box[2] - radius)
    cy = min(max(y, box[1] + radius), box[3] - radius)
    return box[0] <= x <= box[2] and box[1] <= y <= box[3] and (x - cx) ** 2 + (y - cy) ** 2 <= radius**2 + 1e-9


def test_six_mark_is_clear_of_every_pip_and_inside_the_outline(kit):
    _, folder = kit
    dominoes = domino_fronts(folder)
    assert len(dominoes) == 28 and all(len(d["pips"]) == sum(d["halves"]) for d in dominoes)
    sixes = [d for d in dominoes if 6 in d["halves"]]
    assert len(sixes) == 7  # 0-6 to 6-6
    assert all(not d["marks"] for d in dominoes if d not in sixes)
    for d in sixes:
        (mark,) = d["marks"]
        x0, top, x1, bottom = mark
        assert x1 - x0 > 2 and bottom - top > 2  # a mark to see, not a speck
        # Clear of every pip: no pip circle reaches into the mark's bounding box.
        for px, py, r in d["pips"]:
            nearest = (min(max(px, x0), x1), min(max(py, top), bottom))
            assert math.dist((px, py), nearest) > r, (d["halves"], mark, (px, py))
        # Inside the outline's stroke, rounded corners included.
        box, radius, stroke = d["outline"]
        assert radius > 1  # the outline has the rounded corners the mark must keep inside
        inner = (box[0] + stroke / 2, box[1] + stroke / 2, box[2] - stroke / 2, box[3] - stroke / 2)
        for x, y in ((x0, top), (x1, top), (x0, bottom), (x1, bottom)):
            assert in_rounded_box(x, y, inner, radius - stroke / 2), (d["halves"], mark, inner)


def render(path: Path, index: int, dpi: int):
    """Page `index` of a PDF as printed: an RGB image, clipping honoured."""
    import pypdfium2

    pdf = pypdfium2.PdfDocument(str(path))
    try:
        return pdf[index].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        pdf.close()


def test_domino_backs_bleed_past_the_cut_with_no_line_across_the_middle(kit):
    paper, folder = kit
    path = folder / "ley-lines-dominoes.pdf"
    first = cover_pages(path)
    with open_pdf(path) as pdf:
        front, back = pdf.pages[first], pdf.pages[first + 1]
        width = float(front.width) * MM
        faces = white_faces(front)
        back_lines = [mm(l) for l in back.lines] + [mm(r) for r in back.rects if r["height"] * MM < 1.0]
    # Each back is cut where its front is, mirrored for the long-edge flip.
    cuts = [(width - x1, top, width - x0, bottom) for x0, top, x1, bottom in faces]
    assert len(cuts) == 28
    dpi = 300
    image = render(path, first + 1, dpi)
    px = lambda x, y: image.getpixel((int(x / INCH * dpi), int(y / INCH * dpi)))  # noqa: E731
    inked = lambda rgb: min(rgb) < 250  # noqa: E731
    block = (min(c[0] for c in cuts), min(c[1] for c in cuts), max(c[2] for c in cuts), max(c[3] for c in cuts))
    for x0, top, x1, bottom in cuts:
        # Art up to the bleed past every cut (into the neighbour's back where there is one).
        for d in (0.3, BACK_BLEED / 2, BACK_BLEED - 0.3):
            for f in (0.1, 0.5, 0.9):
                x, y = x0 + f * (x1 - x0), top + f * (bottom - top)
                for point in ((x, top - d), (x, bottom + d), (x0 - d, y), (x1 + d, y)):
                    assert inked(px(*point)), (paper, (x0, top), point)
        # No line across the middle: no long run of another colour along the rows near it.
        ground = Counter(px(x0 + 0.5 + i * 0.5, top + 0.5 + j * 0.5) for i in range(49) for j in range(100)).most_common(1)[0][0]
        mid = (top + bottom) / 2
        for row in range(int((mid - 1.5) / INCH * dpi), int((mid + 1.5) / INCH * dpi) + 1):
            run = longest = 0
            for col in range(int(x0 / INCH * dpi) + 2, int(x1 / INCH * dpi) - 1):
                off = sum(abs(a - b) for a, b in zip(image.getpixel((col, row)), ground)) > 60
                run = run + 1 if off else 0
                longest = max(longest, run)
            assert longest / dpi * INCH < (x1 - x0) / 2, (paper, (x0, top), row)
        for lx0, ltop, lx1, lbottom in back_lines:
            crosses = lbottom - ltop < 0.5 and mid - 1.5 < ltop < mid + 1.5 and min(lx1, x1) - max(lx0, x0) > (x1 - x0) / 2
            assert not crosses, (paper, (x0, top), (lx0, ltop, lx1, lbottom))
    # The art stops at the bleed: white paper beyond it, all round the block.
    d = BACK_BLEED + 0.4
    for f in (0.05, 0.5, 0.95):
        x, y = block[0] + f * (block[2] - block[0]), block[1] + f * (block[3] - block[1])
        for point in ((x, block[1] - d), (x, block[3] + d), (block[0] - d, y), (block[2] + d, y)):
            assert not inked(px(*point)), (paper, point)


def test_nothing_within_5_mm_of_the_edge(kit):
    _, folder = kit
    for name in ("ley-lines-board.pdf", "ley-lines-dominoes.pdf", "ley-lines-rules.pdf"):
        assert min(ink_margins(folder / name)) >= MARGIN, name


def test_rule_sheet_credits_and_states_interpretations(kit):
    _, folder = kit
    text = " ".join(" ".join(p.extract_text().split()) for p in pypdf.PdfReader(folder / "ley-lines-rules.pdf").pages)
    assert "James Kyle" in text and "reconstruction" in text
    assert "energy stops there" in text  # the tie rule
    assert "3 king moves apart" in text  # the tor distance
    assert "coins are the cairns" in text and "pawn is the tor" in text
    assert "Figure 2" in text and "3 + 3 x 2 = 9" in text


def test_builds_are_byte_identical(tmp_path):
    one = build(tmp_path / "one", "--format", "pdf,svg")
    two = build(tmp_path / "two", "--format", "pdf,svg")
    names = sorted(p.name for p in one.iterdir() if not p.name.startswith("."))
    assert names == sorted(p.name for p in two.iterdir() if not p.name.startswith(".")) and len(names) > 5
    for name in names:
        assert (one / name).read_bytes() == (two / name).read_bytes(), name


def test_svg_pages_match_the_pdf(tmp_path):
    from tests.helpers.svggeom import read_svg, unmatched

    folder = build(tmp_path, "--format", "pdf,svg", "--players", "3")
    compared = 0
    for name in ("ley-lines-board", "ley-lines-dominoes"):
        svgs = sorted(folder.glob(f"{name}-[0-9][0-9].svg"))
        with open_pdf(folder / f"{name}.pdf") as pdf:
            assert len(svgs) == len(pdf.pages)
            for svg_path, page in zip(svgs, pdf.pages):
                svg = read_svg(svg_path)
                assert (svg.width, svg.height) == pytest.approx((page.width * MM, page.height * MM), abs=0.01)
                boxes = {
                    "rects": [mm(o) for o in page.rects],
                    "lines": [mm(o) for o in page.lines + page.rects],
                    "circles": [mm(o) for o in page.curves],
                }
                for kind in ("rects", "lines", "circles"):
                    assert not unmatched(getattr(svg, kind), boxes[kind]), f"{svg_path.name}: {kind}"
                    compared += len(getattr(svg, kind))
    assert compared > 200


def test_rule_sheet_positions_are_replayed_legally(kit):
    """Each figure of a position on the rule sheet is a record pnp ships, replayed turn by turn
    under the rules: every domino laid is one the engine's placer allows, and the position the
    caption describes is the one the replay reaches."""
    _, folder = kit
    text = " ".join(" ".join(p.extract_text().split()) for p in pypdf.PdfReader(folder / "ley-lines-rules.pdf").pages)
    tie = re.search(r"cairn on ([a-n]\d+) runs [\d, ]+ to ([a-n]\d+), then meets two (\d)s, on ([a-n]\d+) and ([a-n]\d+)", text)
    assert tie, "the tie figure's caption names the cairn, its path and the tied halves"
    for record, turns in (("example.leylines", 2), ("tie.leylines", None)):
        parsed = load_record(deck_file(f"ley-lines/{record}").read_bytes())
        assert parsed.value is not None and not parsed.diagnostics
        game = new_game(parsed.value.players.suits)
        for item in parsed.value.items:
            if isinstance(item, TurnItem) and turns is not None and game.turns >= turns:
                break
            if isinstance(item, TurnItem) and item.values is not None:
                assert item.first is not None and item.second is not None
                a, b = item.values
                assert Placer(game.pos).legal(item.first, a, item.second, b), (record, item.line)
            apply(game, item)
        assert not game.diagnostics, record
    cairn, last, value, *tied = (parse_space(s) if s[0].isalpha() else int(s) for s in tie.groups())
    stop = flow(game.pos, cairn)
    assert stop.stop == "tie" and stop.path[-1] == last and set(stop.tied) == set(tied)
    assert all(game.pos.halves[s] == value for s in tied)


def test_island_names_stand_in_one_space_clear_of_its_name(kit):
    """On the board at true size, EIRE and ALBION each lie inside one space: no grid line runs
    through them, and no space's name lies under them."""
    _, folder = kit
    seen = set()
    path = folder / "ley-lines-board.pdf"
    with open_pdf(path) as pdf:
        for page in pdf.pages[cover_pages(path) + 1 :]:
            words = page.extract_words()
            for island in (w for w in words if w["text"] in {"EIRE", "ALBION"}):
                seen.add(island["text"])
                x0, top, x1, bottom = island["x0"], island["top"], island["x1"], island["bottom"]
                for line in page.lines:
                    vertical = abs(line["x0"] - line["x1"]) < 0.1
                    crosses = (
                        (x0 < line["x0"] < x1 and line["top"] < bottom and line["bottom"] > top)
                        if vertical
                        else (top < line["top"] < bottom and line["x0"] < x1 and line["x1"] > x0)
                    )
                    assert not crosses, (island["text"], line["x0"], line["top"])
                for label in (w for w in words if re.fullmatch(r"[a-n]\d{1,2}", w["text"])):
                    apart = label["x1"] <= x0 or label["x0"] >= x1 or label["bottom"] <= top or label["top"] >= bottom
                    assert apart, (island["text"], label["text"])
    assert seen == {"EIRE", "ALBION"}
