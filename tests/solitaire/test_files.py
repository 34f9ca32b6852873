"""Pack Solitaire tile sets and layouts: parsing, every error with its place, and the CLI."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from pnp.commands.cli import app
from pnp.games.pack_solitaire.engine import Placement
from pnp.games.pack_solitaire.files import format_layout, format_tiles, parse_layout, parse_tiles
from pnp.games.pack_solitaire.generate import deal

runner = CliRunner()
DEAL = format_tiles(deal(5), "seed: 5")


def codes(diagnostics) -> list[tuple[str, int | None, int | None]]:
    return [(d.code, d.line, d.column) for d in diagnostics]


def with_line(text: str, old: str, new: str) -> str:
    assert old in text
    return text.replace(old, new, 1)


def tile_line(tile_id: int) -> str:
    return next(line for line in DEAL.splitlines() if line.startswith(f"{tile_id}: "))


def line_no(text: str, tile_id: int) -> int:
    return text.splitlines().index(tile_line(tile_id)) + 1


def test_deal_round_trips():
    parsed = parse_tiles(DEAL.encode())
    assert parsed.valid and parsed.value.tiles == deal(5)


@pytest.mark.parametrize(
    "change, code, column",
    [
        (lambda l: l.replace(": ", " "), "malformed", 1),
        (lambda l: "x" + l, "bad-id", 1),
        (lambda l: l + " 3S", "square-count", 1),
        (lambda l: l.rsplit(" ", 1)[0], "square-count", 1),
        (lambda l: l.replace(" .", " 9Q"), "bad-square", None),
        (lambda l: l.replace(" .", " " + l.split()[1]), "bad-tile", 1),  # a coin where the empty square was
    ],
)
def test_tile_line_errors_are_located(change, code, column):
    old = tile_line(3)
    text = with_line(DEAL, old, change(old))
    found = codes(parse_tiles(text).diagnostics)
    assert any(c == code and line == line_no(DEAL, 3) and (column is None or col == column) for c, line, col in found), found


def test_bad_square_points_at_the_square():
    old = tile_line(3)
    text = with_line(DEAL, old, old.replace(" .", " 9Q"))
    (d,) = [d for d in parse_tiles(text).diagnostics if d.code == "bad-square"]
    assert d.column == len(old) and "9Q" in d.message


def test_duplicate_and_missing_ids():
    text = with_line(DEAL, "4: ", "3: ")
    found = codes(parse_tiles(text).diagnostics)
    assert ("duplicate-id", line_no(DEAL, 4), 1) in found
    assert ("missing-tiles", None, None) in found


def test_out_of_range_id():
    text = with_line(DEAL, "16: ", "17: ")
    assert ("bad-id", line_no(DEAL, 16), 1) in codes(parse_tiles(text).diagnostics)


def test_each_pack_uses_each_coin_once():
    # Swap a coin of tile 2 for one already on tile 1: a duplicate in pack one, and one missing.
    one, two = tile_line(1), tile_line(2)
    taken, lost = one.split()[1], two.split()[1]
    text = with_line(DEAL, two, two.replace(f" {lost} ", f" {taken} ", 1))
    diagnostics = parse_tiles(text).diagnostics
    found = codes(diagnostics)
    assert ("duplicate-coin", line_no(DEAL, 2), 4) in found
    missing = next(d for d in diagnostics if d.code == "missing-coins")
    assert lost in missing.message and "1-8" in missing.message


def test_coins_of_one_pack_may_not_cross_to_the_other_half():
    # Moving a coin from tile 9 to tile 1 breaks both halves.
    one, nine = tile_line(1), tile_line(9)
    a, b = one.split()[1], nine.split()[1]
    text = with_line(with_line(DEAL, one, one.replace(f" {a} ", f" {b} ", 1)), nine, nine.replace(f" {b} ", f" {a} ", 1))
    assert a != b  # deal(5) puts different coins there
    found = [c for c, _, _ in codes(parse_tiles(text).diagnostics)]
    # Each half now has one coin twice and lacks another.
    assert found.count("duplicate-coin") == 2 and found.count("missing-coins") == 2


def test_empty_and_unreadable_files():
    assert codes(parse_tiles(b"# nothing\n\n").diagnostics) == [("empty", None, None)]
    assert codes(parse_tiles(b"1: \xff\n").diagnostics)[0][0] == "not-utf8"
    assert codes(parse_tiles(b"x" * (1024 * 1024 + 1)).diagnostics)[0][0] == "too-large"


@given(st.binary(max_size=400))
def test_arbitrary_bytes_never_raise(data):
    parsed = parse_tiles(data)
    assert parsed.valid or parsed.diagnostics
    parse_layout(data)


@given(st.text(alphabet="0123456789@:. .\n#SMCAna", max_size=300))
def test_tile_like_text_never_raises(text):
    parsed = parse_tiles(text)
    assert parsed.valid != bool(parsed.diagnostics)
    layout = parse_layout(text)
    assert (layout.value is None) == bool(layout.diagnostics)  # a layout, or what is wrong with it
    assert layout.value is None or all(len(row) == 4 for row in layout.value.layout)


FULL = "1 2@90 3 4\n5 6 7 8\n9 10 11@180 12\n13 14 15 16@270\n"


def test_layout_round_trip():
    parsed = parse_layout(FULL)
    assert not parsed.diagnostics
    assert parsed.value.layout[0][1] == Placement(2, 90) and parsed.value.layout[3][3] == Placement(16, 270)
    assert parse_layout(format_layout(parsed.value.layout)).value.layout == parsed.value.layout


@pytest.mark.parametrize(
    "text, code, line, column",
    [
        ("1 2@45 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 16\n", "bad-rotation", 1, 5),
        ("1 2 3 1\n5 6 7 8\n9 10 11 12\n13 14 15 16\n", "tile-twice", 1, 7),
        ("1 2 3 4\n5 6 7\n9 10 11 12\n13 14 15 16\n", "row-length", 2, 5),
        ("1 2 3 4\n5 6 7 8 .\n9 10 11 12\n13 14 15 16\n", "row-length", 2, 9),
        ("1 2 3 4\n5 6 x 8\n9 10 11 12\n13 14 15 16\n", "bad-cell", 2, 5),
        ("1 2 3 4\n5 6 17 8\n9 10 11 12\n13 14 15 16\n", "unknown-tile", 2, 5),
        ("1 2 3 4\n5 6 7 8\n9 10 11 12\n", "too-few-rows", 3, None),
        ("1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 16\n. . . .\n", "too-many-rows", 5, 1),
        ("# nothing\n", "empty", None, None),
    ],
)
def test_layout_errors_are_located(text, code, line, column):
    assert (code, line, column) in codes(parse_layout(text).diagnostics)


def test_layout_ids_checked_against_the_tile_set():
    tiles = {i: t for i, t in deal(1).items() if i != 7}
    assert ("unknown-tile", 2, 5) in codes(parse_layout(FULL.replace(" 7 ", " 7 "), tiles).diagnostics)


# --- the CLI ---------------------------------------------------------------


def test_deal_same_seed_same_file(tmp_path):
    a, b = tmp_path / "a.tiles", tmp_path / "b.tiles"
    assert runner.invoke(app, ["solitaire", "deal", "--seed", "9", "-o", str(a)]).exit_code == 0
    assert runner.invoke(app, ["solitaire", "deal", "--seed", "9", "-o", str(b)]).exit_code == 0
    assert a.read_bytes() == b.read_bytes()
    assert "seed 9" in a.read_text().splitlines()[0]
    assert parse_tiles(a.read_bytes()).value.tiles == deal(9)
    other = runner.invoke(app, ["solitaire", "deal", "--seed", "10"]).stdout
    assert other != a.read_text()


def test_deal_without_seed_prints_the_seed():
    result = runner.invoke(app, ["solitaire", "deal"])
    assert result.exit_code == 0
    seed = int(result.stderr.split("seed:")[1].split()[0])
    assert parse_tiles(result.stdout).value.tiles == deal(seed)


def test_check_exit_codes_and_json(tmp_path):
    good, bad = tmp_path / "good.tiles", tmp_path / "bad.tiles"
    good.write_text(DEAL)
    bad.write_text(DEAL.replace("4: ", "3: ", 1))
    assert runner.invoke(app, ["solitaire", "check", str(good)]).exit_code == 0
    result = runner.invoke(app, ["solitaire", "check", str(bad)])
    assert result.exit_code == 1 and f"{bad}:{line_no(DEAL, 4)}:1: error:" in result.stderr
    data = json.loads(runner.invoke(app, ["solitaire", "check", str(bad), "--json"]).stdout)
    assert data["valid"] is False and {d["code"] for d in data["diagnostics"]} >= {"duplicate-id"}
    assert runner.invoke(app, ["solitaire", "check", str(tmp_path / "none.tiles")]).exit_code == 2
    assert runner.invoke(app, ["solitaire", "check", str(good), "--bogus"]).exit_code == 2


# The rules' geometry, written without the engine: a tile's squares sit at x (right) and y (up)
# of -1 or +1 around its centre; turning it a quarter clockwise takes (x, y) to (y, -x).
POSITION = {"UL": (-1, 1), "UR": (1, 1), "LL": (-1, -1), "LR": (1, -1)}
NAME_AT = {xy: name for name, xy in POSITION.items()}
ORDER = ("UL", "UR", "LL", "LR")  # a tile's squares as the .tiles format lists them


def turned(tile, deg: int):
    """The tile as it lies after `deg` degrees clockwise, in .tiles order."""
    where = dict(zip(ORDER, tile))
    for _ in range(deg // 90):
        where = {NAME_AT[(POSITION[old][1], -POSITION[old][0])]: square for old, square in where.items()}
    return tuple(where[name] for name in ORDER)


def test_rotation_agrees_with_the_rules_geometry():
    from pnp.games.pack_solitaire.engine import rotate

    tile = ("ul", "ur", "ll", "lr")
    # The README's worked case: at 90 degrees the lower-left square comes to the upper left.
    assert turned(tile, 90) == ("ll", "ul", "lr", "ur")
    for deg in (0, 90, 180, 270):
        assert rotate(tile, deg) == turned(tile, deg)


def _layout_scoring(tiles, grid) -> tuple[int, int]:
    """Independent count of facing pairs that match (both empty or same rank) and that break the rules."""
    sq = {(r, c): turned(tiles[p.tile_id], p.deg) for r, row in enumerate(grid) for c, p in enumerate(row) if p}
    match = bad = 0
    for (r, c), t in sq.items():
        for (dr, dc), pairs in (((0, 1), ((1, 0), (3, 2))), ((1, 0), ((2, 0), (3, 1)))):
            other = sq.get((r + dr, c + dc))
            if other is None:
                continue
            for i, j in pairs:
                a, b = t[i], other[j]
                if a is None or b is None:
                    match += a is None and b is None
                elif a.rank == b.rank:
                    match += 1
                elif a.rank + b.rank != 5:
                    bad += 1
    return match, bad


def test_score_json_schema_and_exit_code(tmp_path):
    tiles, layout = tmp_path / "t.tiles", tmp_path / "l.layout"
    tiles.write_text(DEAL)
    layout.write_text(FULL)
    result = runner.invoke(app, ["solitaire", "score", str(tiles), str(layout), "--json"])
    data = json.loads(result.stdout)
    match, bad = _layout_scoring(deal(5), parse_layout(FULL).value.layout)
    assert bad > 10 and result.exit_code == 1 and data["valid"] is False
    assert list(data) == ["schema", "command", "file", "valid", "diagnostics", "diagnostics_omitted", "tiles_placed", "pairs", "score"]
    # Each broken facing pair is a finding at its cell, the first 10 listed and the rest counted;
    # an invalid layout has no score.
    assert [d["code"] for d in data["diagnostics"]] == ["facing-pair"] * 10
    assert data["diagnostics_omitted"] == {"facing-pair": bad - 10}
    assert all(d["line"] and d["column"] and "row" in d["message"] for d in data["diagnostics"])
    assert (data["tiles_placed"], data["pairs"], data["score"]) == (None, None, None)


def test_score_a_valid_partial_layout(tmp_path):
    tiles, layout = tmp_path / "t.tiles", tmp_path / "l.layout"
    tiles.write_text(DEAL)
    layout.write_text("1 . . .\n. . . .\n. . . .\n. . . .\n")
    data = json.loads(runner.invoke(app, ["solitaire", "score", str(tiles), str(layout), "--json"]).stdout)
    assert data == {
        "schema": "pnp/1",
        "command": "solitaire score",
        "file": str(layout),
        "valid": True,
        "diagnostics": [],
        "tiles_placed": 1,
        "pairs": {"match": 0, "sum5": 0, "wild": 0, "invalid": 0},
        "score": 0,
    }


def test_score_reports_where_a_layout_is_wrong(tmp_path):
    tiles, layout = tmp_path / "t.tiles", tmp_path / "l.layout"
    tiles.write_text(DEAL)
    layout.write_text("1 2 3 1\n. . . .\n. . . .\n. . . .\n")
    result = runner.invoke(app, ["solitaire", "score", str(tiles), str(layout)])
    assert result.exit_code == 1 and f"{layout}:1:7: error: tile 1 is placed twice" in result.stderr
