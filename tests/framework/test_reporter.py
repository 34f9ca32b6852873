"""The one reporter for findings (pnp.core.diagnostics.report_lines): plain lines for pipes and files,
colour and a caret under the column for a terminal; at most SHOWN_PER_CODE findings of a kind."""

from __future__ import annotations

import io
import os
import re

import pytest

from pnp.core.diagnostics import SHOWN_PER_CODE, Diagnostic, error, plural, report_lines, wants_colour, warning
from pnp.games.pack_solitaire.files import parse_layout, parse_tiles

ANSI = re.compile(r"\x1b\[[0-9;]*m")
RED, YELLOW, BOLD = "\x1b[1;31m", "\x1b[1;33m", "\x1b[1m"


def plain(text: str) -> str:
    return ANSI.sub("", text)


def excerpt(source: str, line: int, column: int) -> tuple[str, str]:
    """The source line and the caret line printed under a finding at `line`:`column`, gutter removed."""
    lines = report_lines("f.txt", [error("x", "m", line, column)], source, colour=True)
    assert len(lines) == 3, lines
    shown_line, caret_line = (plain(s) for s in lines[1:])
    gutter = shown_line.index(" | ") + 3
    assert shown_line[:gutter] == f"{line:>5} | " and caret_line[:gutter] == "      | "
    return shown_line[gutter:], caret_line[gutter:]


def caret_cell(source_line: str, caret_line: str) -> int:
    """The terminal cell the caret lands in, with tabs at every 8 cells (both lines start at the same cell)."""
    assert caret_line.endswith("^") and caret_line.count("^") == 1
    return len(caret_line[:-1].expandtabs(8))


def cells_before(text: str) -> int:
    """Terminal cells `text` takes (tabs to the next multiple of 8, CJK ideographs 2 cells)."""
    cells = 0
    for ch in text:
        cells = (cells // 8 + 1) * 8 if ch == "\t" else cells + (2 if "\u4e00" <= ch <= "\u9fff" else 1)
    return cells


# --- the caret under the column -----------------------------------------------------------------


def test_the_caret_sits_under_the_column():
    source = "1: 3S 5M 4C .\n2: 5C QQ aC .\n"
    line, caret = excerpt(source, 2, 7)
    assert line == "2: 5C QQ aC ."
    assert caret == "      ^"
    assert line[caret.index("^") :].startswith("QQ")


def test_the_caret_lines_up_after_tabs():
    source = "1:\t3S\t5M  4C\t.\n"
    line, caret = excerpt(source, 1, 11)  # the `4` of 4C: tabs count as one character in a column
    assert line == "1:\t3S\t5M  4C\t."  # tabs kept, not escaped
    assert caret == "  \t  \t    ^"  # each tab copied, so a terminal moves both lines alike
    assert caret_cell(line, caret) == cells_before("1:\t3S\t5M  ") and line[caret.index("^") :].startswith("4C")


@pytest.mark.parametrize(
    "text, column, before",
    [
        ("naïve café QQ", 12, "naïve café "),  # accented letters: one character, one cell
        ("ÅÅÅ\u00e9 QQ", 6, "ÅÅÅé "),
        ("漢字 QQ", 4, "漢字 "),  # wide characters take two cells each
        ("e\u0301e\u0301 QQ", 6, "ee "),  # combining accents take none
    ],
)
def test_the_caret_lines_up_after_non_ascii(text: str, column: int, before: str):
    line, caret = excerpt(text + "\n", 1, column)
    assert line == text
    assert text[column - 1 :].startswith("QQ")
    assert caret_cell(line, caret) == cells_before(before)


def test_controls_in_the_line_are_escaped_and_the_caret_follows_them():
    line, caret = excerpt("\x1b[31m QQ\n", 1, 7)
    assert "\x1b" not in line and line == "\\x1b[31m QQ"
    assert line[caret.index("^") :] == "QQ"


def test_a_column_past_the_end_points_just_after_the_line():
    line, caret = excerpt("1: 3S\n", 1, 6)
    assert line == "1: 3S" and caret == "     ^"


def test_a_very_long_line_is_cut_around_the_column():
    text = "a " * 3000 + "BAD" + " b" * 3000
    column = text.index("BAD") + 1
    line, caret = excerpt(text + "\n", 1, column)
    assert line.startswith("...") and line.endswith("...")
    assert len(line) < 120
    assert line[caret.index("^") :].startswith("BAD")


def test_a_long_line_cut_near_its_start_or_end_keeps_that_end():
    text = "QQ" + " x" * 500
    line, caret = excerpt(text, 1, 1)
    assert line.startswith("QQ") and line.endswith("...") and caret == "^"
    line, caret = excerpt(text + " ZZ", 1, len(text) + 2)
    assert line.startswith("...") and line.endswith(" ZZ") and line[caret.index("^") :] == "ZZ"


def test_line_ends_and_a_byte_order_mark_count_as_the_parser_counts_them():
    source = "\ufeffone\r\ntwo\rthree QQ\n".encode()
    line, caret = excerpt(source, 3, 7)  # bytes, as read, are accepted too
    assert line == "three QQ" and line[caret.index("^") :] == "QQ"


def test_whole_file_findings_and_lines_past_the_end_get_no_excerpt():
    lines = report_lines("f.txt", [error("empty", "no tiles"), error("x", "m", 9, 1)], "one\n", colour=True)
    assert [plain(s) for s in lines] == ["f.txt:1:1: error: no tiles", "f.txt:9:1: error: m"]


# --- colour only on a terminal --------------------------------------------------------------------


class Stream(io.StringIO):
    def __init__(self, tty: bool):
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


@pytest.mark.parametrize(
    "tty, environ, on",
    [
        (True, {}, True),
        (True, {"TERM": "xterm-256color"}, True),
        (True, {"NO_COLOR": ""}, True),  # no-color.org: only a non-empty value turns colour off
        (True, {"NO_COLOR": "1"}, False),
        (True, {"NO_COLOR": "0"}, False),  # any non-empty value, even "0"
        (True, {"TERM": "dumb"}, False),
        (False, {}, False),
        (False, {"TERM": "xterm"}, False),
    ],
)
def test_colour_only_on_a_terminal_without_no_color(tty: bool, environ: dict[str, str], on: bool):
    assert wants_colour(Stream(tty), environ) is on


def test_colour_is_off_for_streams_that_cannot_say():
    closed = io.StringIO()
    closed.close()  # isatty() raises ValueError
    assert wants_colour(closed, {}) is False
    assert wants_colour(object(), {}) is False
    assert wants_colour(None, {}) is False


def test_colour_follows_a_real_terminal_and_the_environment(monkeypatch):
    leader, follower = os.openpty()
    try:
        with open(follower, "w", closefd=False) as tty, open(os.devnull, "w") as not_tty:
            monkeypatch.delenv("NO_COLOR", raising=False)
            monkeypatch.setenv("TERM", "xterm")
            assert wants_colour(tty) and not wants_colour(not_tty)
            monkeypatch.setenv("NO_COLOR", "yes")
            assert not wants_colour(tty)
    finally:
        os.close(leader)
        os.close(follower)


def test_colour_paints_severities_and_positions():
    found = [error("e", "an error", 1, 2), warning("w", "a warning", 1, 4)]
    lines = report_lines("f.txt", found, colour=True)
    assert lines[0].startswith(f"{BOLD}f.txt:1:2:") and f"{RED}error\x1b[0m: an error" in lines[0]
    assert f"{YELLOW}warning\x1b[0m: a warning" in lines[1]
    assert [plain(s) for s in lines] == [d.format("f.txt") for d in found]


def test_without_colour_the_lines_are_plain_even_given_the_source():
    found = [error("e", "bad \x1b[2J token", 1, 2), warning("w", "a warning", 2, 1), error("empty", "whole file")]
    source = "ab\tc\ndef\n"
    expected = [d.format("f\x07.txt") for d in found]
    assert report_lines("f\x07.txt", found) == expected
    assert report_lines("f\x07.txt", found, source) == expected
    assert report_lines("f\x07.txt", found, source, colour=False) == expected
    assert expected == ["f\\x07.txt:1:2: error: bad \\x1b[2J token", "f\\x07.txt:2:1: warning: a warning", "f\\x07.txt:1:1: error: whole file"]
    assert not any("\x1b" in s for s in report_lines("f.txt", found, source))


# --- the cap and its summary ----------------------------------------------------------------------


def many(code: str, n: int) -> list[Diagnostic]:
    return [error(code, f"finding {i}", i + 1, 1) for i in range(n)]


def test_at_most_ten_findings_of_a_kind_then_one_line_counts_the_rest():
    found = many("dup", 25) + many("bad", 3)
    lines = report_lines("f.txt", found)
    assert SHOWN_PER_CODE == 10
    assert sum(": error: finding" in s for s in lines) == 10 + 3
    assert lines[-1] == "f.txt: note: ... and 15 more findings like those above (dup)"
    assert len(lines) == 14


def test_exactly_the_cap_needs_no_summary():
    assert not any("note" in s for s in report_lines("f.txt", many("dup", SHOWN_PER_CODE)))


def test_the_cap_holds_with_colour_and_source():
    source = "x\n" * 40
    lines = report_lines("f.txt", many("dup", 30), source, colour=True)
    assert sum(": error: finding" in plain(s) for s in lines) == 10
    assert sum("^" in s for s in lines) == 10
    assert plain(lines[-1]) == "f.txt: note: ... and 20 more findings like those above (dup)"


@pytest.mark.parametrize(
    "n, summary",
    [
        (11, "... and 1 more finding like those above (dup)"),
        (12, "... and 2 more findings like those above (dup)"),
        (15, "... and 5 more findings like those above (dup)"),
        (1010, "... and 1,000 more findings like those above (dup)"),
    ],
)
def test_the_summary_reads_as_english(n: int, summary: str):
    assert report_lines("f.txt", many("dup", n))[-1] == f"f.txt: note: {summary}"


def test_each_kind_gets_its_own_summary():
    lines = report_lines("f.txt", many("a", 11) + many("b", 13))
    assert lines[-2:] == [
        "f.txt: note: ... and 1 more finding like those above (a)",
        "f.txt: note: ... and 3 more findings like those above (b)",
    ]


@pytest.mark.parametrize(
    "args, text",
    [
        ((0, "error"), "0 errors"),
        ((1, "error"), "1 error"),
        ((2, "error"), "2 errors"),
        ((1, "copy", "copies"), "1 copy"),
        ((3, "copy", "copies"), "3 copies"),
        ((1, "empty square"), "1 empty square"),
        ((4, "empty square"), "4 empty squares"),
        ((12345, "card"), "12,345 cards"),
    ],
)
def test_plural(args: tuple, text: str):
    assert plural(*args) == text


# --- messages that read as English (pnp.games.pack_solitaire.files) -------------------------------

TILES = "\n".join(
    [
        "1: 2A 5M 5A 5S",
        "2 5C 3A aC .",
        "3: . . . .",
        "4: 3S",
        *(f"{i}: . . . ." for i in range(5, 17)),
    ]
)


def messages(diagnostics: list[Diagnostic]) -> list[str]:
    return [d.message for d in diagnostics]


def test_tile_counts_use_the_right_words():
    found = messages(parse_tiles(TILES).diagnostics)
    assert "tile 1 has 4 coins; every tile holds 3 coins and 1 empty square" in found
    assert "tile 1 has 0 empty squares; every tile holds 3 coins and 1 empty square" in found
    assert "tile 3 has 0 coins; every tile holds 3 coins and 1 empty square" in found
    assert "tile 3 has 4 empty squares; every tile holds 3 coins and 1 empty square" in found
    assert "tile 4 has 1 square; give 4, in the order UL UR LL LR" in found
    assert not any(re.search(r"\b1 (coins|squares|rows|cells|errors)\b|coins squares|emptys", m) for m in found), found


def test_a_tile_line_without_its_colon_says_so_and_shows_the_form():
    (d,) = [d for d in parse_tiles(TILES).diagnostics if d.code == "malformed"]
    assert (d.line, d.column) == (2, 1)
    assert d.message == "the colon after tile id 2 is missing: write `2: 5C 3A aC .` (each line is `ID: UL UR LL LR`)"
    (d,) = parse_tiles("1 UL UR LL LR\n").diagnostics[:1]
    assert d.message.startswith("the colon after tile id 1 is missing: write `1: UL UR LL LR`")
    (d,) = [d for d in parse_tiles("tile one\n").diagnostics if d.code == "malformed"]
    assert d.message == "expected `ID: UL UR LL LR`, like `1: 3S 5M 4C .`; got 'tile'"


def test_layout_counts_use_the_right_words():
    found = messages(parse_layout("1\n").diagnostics)
    assert "only 1 row; a layout has 4 (use . for an empty cell)" in found
    assert "row 1 has 1 cell; each row has 4" in found
