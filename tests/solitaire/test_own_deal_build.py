"""`pnp build pack-solitaire --tiles FILE`: a deal you dealt yourself, printed as a seeded deal is
(its tiles at true size, a record sheet, the answer in a file of its own), the files named after
the tiles file; an invalid tile set is refused with its findings, and nothing is written."""

from __future__ import annotations

import re
from pathlib import Path

import pypdf
import pytest
from typer.testing import CliRunner

from pnp.commands.cli import app
from pnp.games.pack_solitaire.engine import score_layout
from pnp.games.pack_solitaire.files import format_tiles, parse_layout, parse_tiles
from pnp.games.pack_solitaire.generate import deal
from tests.helpers.pdfgeom import MM, ink_margins, open_pdf

runner = CliRunner()
TILE = 50.8


def pnp(*args: object, **kwargs):
    return runner.invoke(app, [str(a) for a in args], **kwargs)


def own_deal() -> str:
    """Deal 5 with two coins swapped between tiles 1 and 2 (and 9 and 10): a deal no seed gives."""
    tiles = deal(5)
    t1, t2, t9, t10 = (list(tiles[i]) for i in (1, 2, 9, 10))
    t1[0], t2[0] = t2[0], t1[0]
    t9[1], t10[1] = t10[1], t9[1]
    tiles.update({1: tuple(t1), 2: tuple(t2), 9: tuple(t9), 10: tuple(t10)})
    return format_tiles(tiles, header="dealt by hand")


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("own")
    tiles = folder / "kitchen table.tiles"
    tiles.write_text(own_deal())
    out = folder / "out"
    result = pnp("build", "pack-solitaire", "--tiles", tiles, "--out", out, "-q")
    assert result.exit_code == 0, result.output
    return tiles, out


def tiles_printed(pdf: Path) -> dict[int, list[str]]:
    """Each true-size tile on the pages: its number (the badge in its middle) and the rank on each of
    its squares (UL UR LL LR; "" for an empty square or the null, which is drawn, not lettered)."""
    found = {}
    with open_pdf(pdf) as doc:
        for page in doc.pages:
            chars = [((c["x0"] + c["x1"]) / 2 * MM, (c["top"] + c["bottom"]) / 2 * MM, c["text"]) for c in page.chars]
            for r in page.rects:
                if r["fill"] and abs(r["width"] * MM - TILE) < 0.1 and abs(r["height"] * MM - TILE) < 0.1:
                    x, y = r["x0"] * MM, r["top"] * MM

                    def at(cx, cy, reach):
                        return "".join(ch for px, py, ch in chars if abs(px - cx) < reach and abs(py - cy) < reach)

                    number = int(at(x + TILE / 2, y + TILE / 2, 3))
                    found[number] = [at(x + (1 + 2 * (q % 2)) * TILE / 4, y + (1 + 2 * (q // 2)) * TILE / 4, 5) for q in range(4)]
    return found


def test_the_files_are_named_after_the_tiles_file(built):
    _, out = built
    names = sorted(p.name for p in out.iterdir() if not p.name.startswith("."))
    assert "pack-solitaire-kitchen_table.pdf" in names and "pack-solitaire-kitchen_table-answer.pdf" in names
    assert not [n for n in names if re.fullmatch(r"pack-solitaire-\d+(-answer)?\.pdf", n)]  # no seeded deal beside it


def test_every_tile_is_printed_as_the_file_deals_it(built):
    tiles, out = built
    dealt = parse_tiles(tiles.read_text()).value.tiles
    want = {i: ["" if s is None or s.rank == 0 else str(s)[0].upper() for s in squares] for i, squares in dealt.items()}
    assert tiles_printed(out / "pack-solitaire-kitchen_table.pdf") == want
    assert want != {i: ["" if s is None or s.rank == 0 else str(s)[0].upper() for s in squares] for i, squares in deal(5).items()}


def test_the_notes_say_where_the_deal_came_from_and_the_answer_is_apart(built):
    tiles, out = built
    reader = pypdf.PdfReader(out / "pack-solitaire-kitchen_table.pdf")
    text = " ".join(page.extract_text() for page in reader.pages)
    assert "the deal you dealt in kitchen table.tiles to cut out" in text
    assert "pack-solitaire-kitchen_table-answer.pdf" in text and "par" not in text.split()
    assert "record sheet - deal kitchen table.tiles" in text
    answer = pypdf.PdfReader(out / "pack-solitaire-kitchen_table-answer.pdf").pages[0].extract_text()
    assert answer.startswith("Answer: Pack Solitaire deal kitchen table.tiles - par")
    par = int(re.search(r"par (\d+)", answer)[1])
    rows = [line.split() for line in answer.splitlines() if re.fullmatch(r"\s*([\d@.]+\s+){3}[\d@.]+\s*", line)]
    layout = parse_layout("\n".join(" ".join(r) for r in rows))
    result = score_layout(parse_tiles(tiles.read_text()).value.tiles, layout.value.layout)
    assert not result.violations and result.tiles_placed == 16 and result.score == par


def test_on_the_paper_and_inside_its_margins(built, tmp_path):
    tiles, out = built
    for name in ("pack-solitaire-kitchen_table.pdf", "pack-solitaire-kitchen_table-answer.pdf"):
        assert min(ink_margins(out / name)) >= 5 - 0.26  # as the seeded deal: crop marks of the loose tile
    letter = tmp_path / "letter"
    assert pnp("build", "pack-solitaire", "--tiles", tiles, "--paper", "letter", "--out", letter, "-q", "--format", "pdf").exit_code == 0
    page = pypdf.PdfReader(letter / "pack-solitaire-kitchen_table.pdf").pages[0]
    assert (float(page.mediabox.width) * MM, float(page.mediabox.height) * MM) == pytest.approx((215.9, 279.4), abs=0.01)


def test_the_same_file_prints_the_same_bytes(built, tmp_path):
    tiles, out = built
    again = tmp_path / "again"
    assert pnp("build", "pack-solitaire", "--tiles", tiles, "--out", again, "-q").exit_code == 0
    for path in out.iterdir():
        if path.suffix in (".pdf", ".svg"):
            assert (again / path.name).read_bytes() == path.read_bytes(), path.name


def test_standard_input_and_a_hostile_name(tmp_path):
    out = tmp_path / "stdin"
    result = pnp("build", "pack-solitaire", "--tiles", "-", "--out", out, "-q", "--format", "pdf", input=own_deal())
    assert result.exit_code == 0, result.output
    assert (out / "pack-solitaire-stdin.pdf").exists() and (out / "pack-solitaire-stdin-answer.pdf").exists()
    assert "read from standard input" in pypdf.PdfReader(out / "pack-solitaire-stdin.pdf").pages[0].extract_text()
    odd = tmp_path / ("caf\udce9 \x1b[31m" + "W" * 60 + ".tiles")
    odd.write_text(own_deal())
    out = tmp_path / "odd"
    assert pnp("build", "pack-solitaire", "--tiles", odd, "--out", out, "-q", "--format", "pdf").exit_code == 0
    [deal_file] = [p.name for p in out.glob("pack-solitaire-caf*.pdf") if not p.name.endswith("-answer.pdf")]
    assert re.fullmatch(r"pack-solitaire-[A-Za-z0-9._-]{1,32}\.pdf", deal_file)
    assert min(ink_margins(out / deal_file)) >= 5 - 0.26  # a long name is cut short in the titles, never off the paper


def test_an_invalid_tile_set_is_refused_with_its_findings(tmp_path):
    bad = tmp_path / "bad.tiles"
    bad.write_text(own_deal().replace("2: ", "1: ", 1))
    out = tmp_path / "out"
    result = pnp("build", "pack-solitaire", "--tiles", bad, "--out", out)
    assert result.exit_code == 1
    assert re.search(rf"{re.escape(str(bad))}:\d+:1: error: tile 1 is given twice", result.stderr)
    assert re.fullmatch(r".*: invalid tile set, nothing printed \(\d+ errors?\)", result.stderr.splitlines()[-1])  # the verdict, after the findings
    assert not out.exists() or not [p for p in out.iterdir() if not p.name.startswith(".")]


@pytest.mark.parametrize("other", [["--seed", "3"], ["--deals", "1-2"]])
def test_tiles_with_seed_or_deals_is_a_usage_error(tmp_path, other):
    tiles = tmp_path / "t.tiles"
    tiles.write_text(own_deal())
    out = tmp_path / "out"
    result = pnp("build", "pack-solitaire", "--tiles", tiles, *other, "--out", out)
    assert result.exit_code == 2 and "--tiles" in result.stderr and "give one" in result.stderr
    assert not out.exists() or not [p for p in out.iterdir() if not p.name.startswith(".")]
    assert pnp("build", "pack-solitaire", "--tiles", tmp_path / "none.tiles", "--out", out).exit_code == 2
