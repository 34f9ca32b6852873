"""Hypothesis on every parser and every option parser: whatever the input, a result or located
findings, never an exception; the same findings whatever the line ends; numbers finite and in range.

Example counts follow the suite's profile (tests/conftest.py: 200 each in CI), except the two
tests run once per format (9 formats): 50 examples each, 450 per test in all, and the commands
run whole at the end (a few dozen each).
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest
import typer
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from pnp.contract import options
from pnp.core.diagnostics import LONG_TOKEN, PnpError, shown
from pnp.core.resources import deck_file
from pnp.core.rules import load_rules
from pnp.core.textfile import decode, split_lines
from pnp.games.ley_lines.files import load_record
from pnp.games.ley_lines.game import replay as replay_ley
from pnp.games.pack_solitaire.cli import deal_text
from pnp.games.pack_solitaire.engine import Placement
from pnp.games.pack_solitaire.files import parse_layout, parse_tiles
from pnp.games.pack_solitaire.generate import deal
from pnp.games.pack_solitaire.ppn import parse_ppn_layout
from pnp.games.pack_solitaire.ppn import write_ppn as layout_ppn
from pnp.games.paint_the_line.files import load_board
from pnp.games.paint_the_line.files import load_record as load_ptl
from pnp.games.paint_the_line.game import replay as replay_ptl
from pnp.games.power_lines_cards.rules.files import parse_deck
from pnp.games.power_lines_piecepack.cli import load as load_grid_or_record
from pnp.games.power_lines_piecepack.files import parse_game
from pnp.games.power_lines_piecepack.generate import random_record
from pnp.games.power_lines_piecepack.ppn import write_ppn as game_ppn
from tests.corpus.cases import BOARD, DECK, GRID, LAYOUT, LEY, PTL, RECORD, RULES, TILES

# The example game's lines without comments, and turns enough to lay a whole hand (and an 8th domino).
LEY_GAME = [line.split("#")[0].strip() for line in deck_file("ley-lines/example.leylines").read_text().splitlines() if line.split("#")[0].strip()]
LEY_GAME += ["S 0-0 h5 h6", "S 2-2 i5 j5", "S pass", "M pass", "S 4-4 g4 g5", "S 3-3 i3 j3", "S 2-4 k3 l3", "deal S 0-2 0-3 1-1 1-3 2-3 3-5 4-5"]
HOSTILE = ["", " ", "\t", "#", "@", ":", "/", "-", ",", ".", "x", "٣", "３", "\x00", "\x1b[31m", "\u202e", "\ufeff", "9" * 30, "é"]


def _parse_rules(data: bytes) -> list:
    path = Path(f"/tmp/pnp-hypothesis-rules-{id(data)}.toml")
    path.write_bytes(data)
    try:
        load_rules(path)
        return []
    except PnpError as exc:
        return [str(exc)]
    finally:
        path.unlink()


def _ley_findings(data: bytes) -> list:
    """A .leylines record's findings: its syntax, then, when it reads, its replay under the rules."""
    record = load_record(data)
    return list(record.diagnostics) + (replay_ley(record.value).diagnostics if record.valid else [])


def _ptl_findings(data: bytes) -> list:
    """A .ptl record's findings: its syntax, then, when it reads, its replay under the rules."""
    record = load_ptl(data)
    return list(record.diagnostics) + (replay_ptl(record.value).diagnostics if record.valid else [])


# Each parser from bytes to its findings (Diagnostics), with lines of a valid file to mutate.
PARSERS = {
    "deck": (lambda b: list(parse_deck(b).diagnostics), DECK),
    "tiles": (lambda b: parse_tiles(b).diagnostics, TILES),
    "layout": (lambda b: parse_layout(b).diagnostics, LAYOUT),
    "grid": (lambda b: load_grid_or_record("x.grid", b)[1], GRID),
    "record": (lambda b: load_grid_or_record("x.record", b)[1], RECORD),
    "board": (lambda b: load_board(b)[1], BOARD),
    "leylines": (lambda b: list(load_record(b).diagnostics), LEY),
    "leylines-play": (_ley_findings, LEY_GAME),  # a whole game replayed: hands, passes, the 8th domino
    "ptl": (lambda b: _ptl_findings(b), PTL),
    "ppn": (lambda b: load_grid_or_record("x.ppn", b)[1], game_ppn(parse_game(random_record(0)).value, "seed 0").splitlines()),
    "layout-ppn": (
        lambda b: parse_ppn_layout(b, deal(1)).diagnostics,
        layout_ppn(deal(1), [[Placement(4 * r + c + 1, 90 * c) for c in range(4)] for r in range(4)], "deal 1").splitlines(),
    ),
}


def lines_like(valid: list[str]) -> st.SearchStrategy[list[str]]:
    """Lines of a valid file, some cut, joined with or replaced by hostile fragments."""
    piece = st.sampled_from(valid) | st.sampled_from(HOSTILE) | st.text(max_size=8)
    line = st.lists(piece, max_size=4).map(" ".join)
    return st.lists(line, max_size=12).map(lambda ls: [l.replace("\r", "").replace("\n", "") for l in ls])


@pytest.mark.parametrize("fmt", PARSERS)
@settings(max_examples=50)
@given(data=st.data())
def test_every_finding_is_placed_inside_the_file(fmt: str, data):
    parse, valid = PARSERS[fmt]
    raw = data.draw(st.binary(max_size=300) | lines_like(valid).map(lambda ls: "\n".join(ls).encode("utf-8", "surrogatepass")))
    text, _ = decode(raw)
    lines = split_lines(text) if text is not None else None
    for d in parse(raw):
        shown = d.as_json()  # what --json prints; the text form uses the same line and column
        line, column = shown["line"], shown["column"]
        assert f":{line}:{column}: " in d.format("f")
        assert line >= 1 and column >= 1, d
        if lines is not None:
            assert line <= len(lines), d
            assert column <= len(lines[line - 1]) + 1, (d, lines[line - 1])


@pytest.mark.parametrize("fmt", PARSERS)
@settings(max_examples=50)
@given(data=st.data())
def test_line_ends_do_not_change_the_findings(fmt: str, data):
    parse, valid = PARSERS[fmt]
    lines = data.draw(lines_like(valid))
    found = [[(d.code, d.line, d.column) for d in parse(end.join(lines).encode("utf-8", "surrogatepass"))] for end in ("\n", "\r\n", "\r")]
    assert found[0] == found[1] == found[2]


@given(lines_like(RULES + ["[copies.max]", '"*" = 3', "banned = ['6']", "x = [[[1]]]", "exactly = -1", "min = 30"]))
def test_rules_files_load_or_fail_with_a_position(lines: list[str]):
    for message in _parse_rules("\n".join(lines).encode("utf-8", "surrogatepass")):
        for line in message.splitlines():
            assert ":" in line and line.split(": error: ")[0].count(":") >= 2, line


@given(st.binary(max_size=200))
def test_rules_files_from_any_bytes(data: bytes):
    for message in _parse_rules(data):
        assert ": error: " in message


# --- option parsers -------------------------------------------------------------------------

NUMBERS = st.text(alphabet="0123456789+-._eEinfaINFAx ,٣３\x00", max_size=14) | st.floats(allow_nan=True).map(str) | st.integers().map(str)


@pytest.mark.parametrize("parse, low, high", [(options.seed, 0, options.SEED_MAX), (options.integer(3, 4), 3, 4), (options.integer(0, 10_000), 0, 10_000)])
@given(text=NUMBERS)
def test_integer_options_are_bounded(parse, low: int, high: int, text: str):
    try:
        value = parse(text)
    except typer.BadParameter:
        return
    assert isinstance(value, int) and low <= value <= high
    assert text.strip(" \t").lstrip("+-").isascii()


@pytest.mark.parametrize("parse, low, high", [(options.bleed, 0, 10), (options.time_limit, 0.1, 3600)])
@given(text=NUMBERS)
def test_decimal_options_are_finite_and_bounded(parse, low: float, high: float, text: str):
    try:
        value = parse(text)
    except typer.BadParameter:
        return
    assert math.isfinite(value) and low <= value <= high


@given(st.floats(0, 10).map(lambda v: f"{v:.3f}"))
def test_decimal_options_read_plain_numbers(text: str):
    assert options.bleed(text) == float(text)


@given(NUMBERS, NUMBERS)
def test_back_offset_stays_within_the_margin(x: str, y: str):
    try:
        offset = options.back_offset(f"{x},{y}")
    except typer.BadParameter:
        return
    assert all(math.isfinite(v) and abs(v) <= 5 for v in offset)


# --- text shown on a terminal -------------------------------------------------------------------


@given(st.text())
def test_shown_text_is_printable_short_and_stable(text: str):
    once = shown(text)
    assert not any(ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F or 0xD800 <= ord(c) <= 0xDFFF for c in once)
    assert all(len(token) <= LONG_TOKEN for token in once.split())
    assert shown(once) == once


# --- whole commands on hostile input: a verdict and an exit code, never a traceback -----------------

_runner = CliRunner()


def _verdict(args: list[str], allowed: tuple[int, ...] = (0, 1)):
    """Run pnp; it ends with an allowed exit code, by its own exit, and names every finding's place."""
    from pnp.commands.cli import app

    result = _runner.invoke(app, args)
    assert isinstance(result.exception, (SystemExit, type(None))), result.exception  # never a traceback
    assert result.exit_code in allowed, result.output
    assert "Traceback" not in result.output
    for line in result.stderr.splitlines():
        if ": error: " in line:
            assert line.split(": error: ")[0].count(":") >= 2, line  # FILE:LINE:COL
    return result


@settings(max_examples=40)
@given(lines_like(LAYOUT + ["1@90", "16@270", "3@45", "99", ". . . ."]))
def test_solitaire_show_gives_any_layout_a_verdict(tmp_path_factory, lines: list[str]):
    folder = tmp_path_factory.mktemp("show")
    tiles, layout = folder / "d.tiles", folder / "l.layout"
    tiles.write_text(deal_text(1))
    layout.write_bytes("\n".join(lines).encode("utf-8", "surrogatepass"))
    _verdict(["solitaire", "show", str(tiles), str(layout)])


@settings(max_examples=25)
@given(
    st.binary(max_size=200) | lines_like(RECORD + GRID).map(lambda ls: "\n".join(ls).encode("utf-8", "surrogatepass")),
    st.sampled_from(["g.record", "g.grid", "g.txt"]),
)
def test_power_lines_show_gives_any_game_a_verdict(tmp_path_factory, data: bytes, name: str):
    folder = tmp_path_factory.mktemp("pl")
    game = folder / name
    game.write_bytes(data)
    result = _verdict(["power-lines", "show", str(game), "-o", str(folder / "g.svg")])
    assert (folder / "g.svg").exists() == (result.exit_code == 0)


@settings(max_examples=25)
@given(st.binary(max_size=200) | lines_like(TILES).map(lambda ls: "\n".join(ls).encode("utf-8", "surrogatepass")))
def test_build_tiles_gives_any_tile_set_a_verdict(tmp_path_factory, data: bytes):
    folder = tmp_path_factory.mktemp("own")
    tiles = folder / "mine.tiles"
    tiles.write_bytes(data)
    result = _verdict(["build", "pack-solitaire", "--tiles", str(tiles), "--out", str(folder / "out"), "-q", "--format", "svg"])
    assert (folder / "out" / "pack-solitaire-mine-01.svg").exists() == (result.exit_code == 0)
