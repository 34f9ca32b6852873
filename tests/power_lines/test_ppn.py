"""Power Lines games in PPN (Portable Piecepack Notation 0.11.0): `show -o GAME.ppn` writes one as
the README describes it (a piecepack tile is 2 units wide, so the grid's columns are b, d, f, h and
its rows 8, 6, 4, 2 from the top; `N.` the first player's placement, `N...` the second's), and
`score`, `show` and `replay` read it back into the game the record holds."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.commands.cli import app
from pnp.games.power_lines_piecepack.files import parse_game
from pnp.games.power_lines_piecepack.generate import random_record
from pnp.games.power_lines_piecepack.ppn import parse_ppn, write_ppn

runner = CliRunner()
ROUND = re.compile(r"(\d+)\. ([SMCA])([2-5])@([a-z])(\d+)(?: \1\.\.\. ([SMCA])([2-5])@([a-z])(\d+))?")


def run(*args: object):
    return runner.invoke(app, ["power-lines", *(str(a) for a in args)])


def test_record_to_ppn_to_record_is_the_same_game_for_seeds_0_to_99():
    for seed in range(100):
        game, found = parse_game(random_record(seed))
        assert found == [] and game is not None
        back, found = parse_ppn(write_ppn(game, f"seed {seed}"))
        assert found == [] and back == game, seed  # the same placements in the same order, the same grid


def test_the_ppn_names_each_tile_where_it_lies_in_the_finished_grid():
    game, _ = parse_game(random_record(7))
    text = write_ppn(game, "seed 7")
    head, moves = text.split("...\n")
    assert head.startswith("---\n") and "GameType: Power Lines\n" in head and "SetUp: None\n" in head
    rounds = [line for line in moves.splitlines() if line]
    assert len(rounds) == 8
    placed = []
    for number, line in enumerate(rounds, 1):
        m = ROUND.fullmatch(line)
        assert m is not None and int(m[1]) == number and m[6] is not None
        placed += [m.group(2, 3, 4, 5), m.group(6, 7, 8, 9)]
    for (suit, rank, letter, y), (tile, _) in zip(placed, game.moves):
        assert f"{rank}{suit}" == str(tile)  # in play order
        column, row = "bdfh".index(letter), (8 - int(y)) // 2
        assert str(game.grid.rows[row][column]) == f"{rank}{suit}"  # 2 units a tile: b8 is the top-left cell


def test_ppn_written_by_hand_reads_as_its_record():
    game, _ = parse_game(random_record(3))
    moves = [f"{tile.suit.value}{tile.rank}" for tile, _ in game.moves]
    # The same game shifted on the table (the first tile at k10), ranks before suits, comments and
    # no metadata: the placements are what counts.
    where = [(2 * column + 11, 20 - 2 * row) for row, column in (game.cell(spot) for _, spot in game.moves)]
    tokens = [f"{'t' if i % 3 == 0 else ''}{m[1]}{m[0]}@{chr(ord('a') + x - 1)}{y}" for i, (m, (x, y)) in enumerate(zip(moves, where))]
    text = "{a hand-written game}\n" + "\n".join(f"{i // 2 + 1}{'.' if i % 2 == 0 else '...'} {t}" for i, t in enumerate(tokens)) + "\n"
    back, found = parse_ppn(text)
    assert found == [] and back == game


def test_the_commands_write_and_read_ppn(tmp_path):
    record, ppn = tmp_path / "game.record", tmp_path / "game.ppn"
    record.write_text(random_record(11))
    assert run("show", record, "-o", ppn).exit_code == 0
    scored = [json.loads(run("score", f, "--json").stdout) for f in (record, ppn)]
    assert {k: v for k, v in scored[0].items() if k != "file"} == {k: v for k, v in scored[1].items() if k != "file"}
    shown = json.loads(run("show", ppn, "--turn", 5, "-o", tmp_path / "five.ppn", "--json").stdout)
    assert shown["turn"] == 5 and shown["scale"] is None
    assert re.findall(r"@", (tmp_path / "five.ppn").read_text().split("...\n")[1]) == ["@"] * 5
    assert run("replay", ppn, "-o", tmp_path / "game.html").exit_code == 0


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("---\nGameType: Power Lines\n", ["game.ppn:1:1: error: the metadata begun here never ends: close it with a line '...'"]),
        ("---\nGameType: Chess\n...\n1. S2@b2\n", ["game.ppn:2:11: error: a game of Chess, not Power Lines"]),
        ("1. S2@b2 1... cS@d2", ["game.ppn:1:15: error: 'cS' is not a face-up tile: write its suit and rank, like S3 (Power Lines places only tiles)"]),
        ("1. S2@b2 1... S3@c2", ["game.ppn:1:18: error: this is not a whole number of tiles from the first tile: tiles lie 2 apart"]),
        ("1. S2@b2 1... S1@d2", ["game.ppn:1:15: error: 'aS': Power Lines uses only the 2, 3, 4 and 5 tiles, not nulls or aces"]),
        ("1. S2@b2 {left open\n", ["game.ppn:1:10: error: this comment is never closed: end it with '}'"]),
        ("1. S2@b2 1... S3b2", ["game.ppn:1:15: error: 'S3b2' is not a placement: write a piece, @ and where, like 'S3@b8'"]),
        ("1. S2@b2 1... S3@f2", ["game.ppn:1:18: error: 2,0 touches no tile played before; place a tile beside one (not diagonally)"]),
    ],
)
def test_bad_ppn_is_refused_at_its_line_and_column(text, found, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("game.ppn").write_text(text)
    result = run("score", "game.ppn")
    assert result.exit_code == 1
    assert result.stderr.splitlines()[: len(found)] == found and result.stderr.splitlines()[-1].startswith("game.ppn: not a finished game, not scored")


def test_a_grid_has_no_placements_to_write(tmp_path):
    grid = Path(__file__).resolve().parents[2] / "decks" / "power-lines" / "example.grid"
    result = run("show", grid, "-o", tmp_path / "x.ppn")
    assert result.exit_code == 2 and "not its placements" in result.stderr and not (tmp_path / "x.ppn").exists()
