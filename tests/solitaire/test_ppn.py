"""Pack Solitaire layouts in PPN (Portable Piecepack Notation 0.11.0): `show TILES LAYOUT -o X.ppn`
writes each tile as its back at b8..h2 (2 units a tile) and its coins face up on its quarters,
half a unit from its centre, as they lie; `score TILES X.ppn` reads it back with the tile set, as
the README says (PPN names neither a tile's number nor a coin's pack nor a tile's turn)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.commands.cli import app
from pnp.games.pack_solitaire.engine import SIZE, Layout, Placement, rotate
from pnp.games.pack_solitaire.files import format_tiles
from pnp.games.pack_solitaire.generate import deal
from pnp.games.pack_solitaire.ppn import parse_ppn_layout, write_ppn

runner = CliRunner()
COIN = re.compile(r"c([SMCA])([0-5])f@\((-?[\d.]+),(-?[\d.]+)\)")
TILE = re.compile(r"t@([a-z])(\d+)")
QUARTER = {(-0.5, 0.5): 0, (0.5, 0.5): 1, (-0.5, -0.5): 2, (0.5, -0.5): 3}  # UL UR LL LR, y upwards


def random_layout(seed: int) -> Layout:
    """Some of the 16 tiles, each turned at random, on random cells (a few left empty)."""
    rng = random.Random(seed)
    ids = rng.sample(range(1, 17), rng.randint(10, 16))
    cells = rng.sample([(r, c) for r in range(SIZE) for c in range(SIZE)], len(ids))
    layout: Layout = [[None] * SIZE for _ in range(SIZE)]
    for i, (r, c) in zip(ids, cells):
        layout[r][c] = Placement(i, rng.choice((0, 90, 180, 270)))
    return layout


def lying(tiles, layout: Layout):
    """What each cell shows: its tile's squares as turned (None: an empty cell)."""
    return [[None if p is None else rotate(tiles[p.tile_id], p.deg) for p in row] for row in layout]


def test_layout_to_ppn_to_layout_for_seeds_0_to_99():
    for seed in range(100):
        tiles, layout = deal(seed), random_layout(seed)
        back, found = parse_ppn_layout(write_ppn(tiles, layout, f"seed {seed}").encode(), tiles)
        assert found == [] and back is not None, seed
        # Each cell shows the same coins the same way round; the tile's number is the same too
        # unless the set has two tiles alike (PPN cannot tell them apart).
        assert lying(tiles, back.layout) == lying(tiles, layout), seed
        for row, row_back in zip(layout, back.layout):
            for p, q in zip(row, row_back):
                assert (p is None) == (q is None)
                if p is not None and p != q:
                    assert rotate(tiles[p.tile_id], p.deg) == rotate(tiles[q.tile_id], q.deg)


def test_each_coin_lies_on_its_quarter_of_its_tile():
    tiles, layout = deal(5), random_layout(5)
    text = write_ppn(tiles, layout, "seed 5")
    assert text.startswith("---\n") and "GameType: Pack Solitaire\nSetUp: None\n...\n" in text
    movetext = text.split("...\n", 1)[1]
    centres = {("abcdefgh".index(col) + 1, int(row)) for col, row in TILE.findall(movetext)}
    shows = lying(tiles, layout)
    seen = 0
    for suit, rank, x, y in COIN.findall(movetext):
        x, y = float(x), float(y)
        ((cx, cy),) = [(a, b) for a, b in centres if abs(x - a) == 0.5 and abs(y - b) == 0.5]
        column, row = (cx - 2) // 2, (8 - cy) // 2  # b8 is the top-left cell
        square = shows[row][column][QUARTER[(x - cx, y - cy)]]
        assert (square.suit.value, square.rank) == (suit, int(rank))
        seen += 1
    assert seen == 3 * sum(p is not None for row in layout for p in row)  # three coins a tile


def test_the_commands_write_and_read_a_ppn_layout(tmp_path):
    tiles, layout, ppn = tmp_path / "deal.tiles", tmp_path / "best.layout", tmp_path / "best.ppn"
    tiles.write_text(format_tiles(deal(7)))
    assert runner.invoke(app, ["solitaire", "solve", str(tiles), "-o", str(layout)]).exit_code == 0
    written = runner.invoke(app, ["solitaire", "show", str(tiles), str(layout), "-o", str(ppn), "--json"])
    assert written.exit_code == 0 and json.loads(written.stdout)["output"].endswith("best.ppn")
    scored = [runner.invoke(app, ["solitaire", "score", str(tiles), str(f), "--json"]) for f in (layout, ppn)]
    assert [s.exit_code for s in scored] == [0, 0]
    assert [{k: v for k, v in json.loads(s.stdout).items() if k != "file"} for s in scored][0] == {
        k: v for k, v in json.loads(scored[1].stdout).items() if k != "file"
    }


@pytest.mark.parametrize(
    ("movetext", "found"),
    [
        ("setup. t@c8", "x.ppn:6:10: error: a tile lies on the 4 x 4 grid of b8 to h2 (columns b, d, f, h; rows 8, 6, 4, 2)"),
        ("setup. t@b8 cS5f@(1,8)", "x.ppn:6:18: error: a coin lies on the centre of a quarter of a tile placed before it, half a unit from the tile's centre"),
        ("setup. t@b8 S5@(1.5,8.5)", "x.ppn:6:13: error: 'S5' is neither a tile's back (t) nor a coin face up (like cS5f)"),
        ("setup. t@b8 cS5f@(1.5,8.5) cS4f@(2.5,8.5) cS3f@(1.5,7.5)", "x.ppn:6:8: error: no tile of the tile set holds these coins"),
    ],
)
def test_bad_ppn_layouts_are_refused_at_their_line_and_column(movetext, found, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("deal.tiles").write_text(format_tiles(deal(1)))
    Path("x.ppn").write_text(f"---\n# a layout\nGameType: Pack Solitaire\nSetUp: None\n...\n{movetext}\n")
    result = runner.invoke(app, ["solitaire", "score", "deal.tiles", "x.ppn"])
    assert result.exit_code == 1 and result.stderr.startswith(found) and "x.ppn: invalid layout, not scored" in result.stderr
