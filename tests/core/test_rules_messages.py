"""Mistakes in a rules file are told in pnp's words, at the line and column of the key (or value) at fault."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.commands.cli import app
from pnp.core.diagnostics import PnpError
from pnp.core.resources import deck_file
from pnp.core.rules import load_rules
from pnp.games.power_lines_cards.rules.catalogue import catalogue

STARTER = str(deck_file("starter.deck"))
KEYS = "name, description, items, total, copies, banned"  # every key a rules file may hold at the top level


def refusal(tmp_path: Path, text: str) -> list[str]:
    """The error lines for a rules file holding `text`, each as "LINE:COL: error: MESSAGE"."""
    path = tmp_path / "r.toml"
    path.write_text(text)
    with pytest.raises(PnpError) as caught:
        load_rules(path, catalogue().names)
    lines = str(caught.value).split("\n")
    assert all(line.startswith(f"{path}:") for line in lines), lines
    return [line.removeprefix(f"{path}:") for line in lines]


def in_pnp_words(line: str) -> None:
    assert re.fullmatch(r"\d+:\d+: error: \S.*", line), line
    for pydantic in ("Input should be", "http", "pydantic", "Field required", "Extra inputs", "valid integer"):
        assert pydantic not in line, line


# --- names are text --------------------------------------------------------------------------


def test_a_bare_number_as_a_name_says_names_are_text_and_gives_the_fix_at_the_value(tmp_path: Path):
    assert refusal(tmp_path, 'name = "r"\nbanned = [6]\n') == ['2:11: error: banned: names are text; write "6"']


def test_each_bad_name_in_a_list_is_found_at_its_own_line_and_column(tmp_path: Path):
    text = 'name = "r"\nbanned = [\n  "5",   # fine\n    6,\n  true,\n]\n'
    assert refusal(tmp_path, text) == [
        '4:5: error: banned: names are text; write "6"',
        '5:3: error: banned: names are text; write "true"',
    ]


def test_a_name_that_is_a_list_is_not_given_a_fix_that_cannot_work(tmp_path: Path):
    (line,) = refusal(tmp_path, 'name = "r"\nbanned = [["6"]]\n')
    in_pnp_words(line)
    assert line.startswith("2:11: error: banned: names are text") and "a list" in line and "write" not in line


# --- unknown keys ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, expected",
    [
        ('name = "r"\nbaned = ["6"]\n', '2:1: error: unknown key "baned"; did you mean "banned"?'),
        ('name = "r"\n[total]\n  exaclty = 26\n', '3:3: error: total: unknown key "exaclty"; did you mean "exactly"?'),
        ('name = "r"\ntotal = { exactly = 26, mxa = 30 }\n', '2:25: error: total: unknown key "mxa"; did you mean "max"?'),
        ('name = "r"\n[copies]\nmaximum = {}\n', '3:1: error: copies: unknown key "maximum"; did you mean "max"?'),
    ],
)
def test_a_misspelt_key_is_named_with_the_key_it_is_close_to(tmp_path: Path, text: str, expected: str):
    assert refusal(tmp_path, text) == [expected]


def test_an_unknown_key_like_no_other_lists_the_keys_allowed_there(tmp_path: Path):
    assert refusal(tmp_path, 'name = "r"\n\ncolour = "red"\n') == [f'3:1: error: unknown key "colour"; the keys here are {KEYS}']
    assert refusal(tmp_path, 'name = "r"\n[total]\nzzz = 1\n') == ['3:1: error: total: unknown key "zzz"; the keys here are exactly, min, max, exclude']


# --- counts ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, where, shown",
    [
        ('name = "r"\n[total]\nexactly = "26"\n', "3:1: error: total.exactly", '"26"'),
        ('name = "r"\n[total]\nmin = 1\n   max = true\n', "4:4: error: total.max", "true"),
        ('name = "r"\n[total]\nexactly = 2.5\n', "3:1: error: total.exactly", "2.5"),
        ('name = "r"\n[total]\nexactly = 10001\n', "3:1: error: total.exactly", "10001"),
        ('name = "r"\n[copies.min]\n  "5" = -1\n', "3:3: error: copies.min.5", "-1"),
        ('name = "r"\ntotal = { max = [26] }\n', "2:11: error: total.max", "a list"),
    ],
)
def test_a_count_that_is_not_a_count_asks_for_a_whole_number_in_range(tmp_path: Path, text: str, where: str, shown: str):
    (line,) = refusal(tmp_path, text)
    in_pnp_words(line)
    assert re.fullmatch(rf"{re.escape(where)}: a whole number from 0 to 10000 is expected, not {re.escape(shown)}(; .+)?", line), line


def test_a_quoted_count_gets_the_fix(tmp_path: Path):
    (line,) = refusal(tmp_path, 'name = "r"\n[total]\nexactly = "26"\n')
    assert line.endswith("; write 26 without quotes")


# --- unknown items in a table ----------------------------------------------------------------


def test_an_unknown_card_in_copies_max_is_pointed_at_its_own_key_not_the_table(tmp_path: Path):
    text = 'name = "r"\n[copies.max]\n"5" = 1\n  dragon = 2\n"10" = 1\n'
    (line,) = refusal(tmp_path, text)
    assert line.startswith("4:3: error: copies.max: ") and "dragon" in line


def test_an_unknown_card_in_an_inline_copies_table_is_pointed_at_its_key(tmp_path: Path):
    (line,) = refusal(tmp_path, 'name = "r"\ncopies.max = { "5" = 1, "11" = 2 }\n')
    assert line.startswith("2:25: error: copies.max: ") and "11" in line


def test_an_unknown_card_in_a_list_is_pointed_at_the_element(tmp_path: Path):
    (line,) = refusal(tmp_path, 'name = "r"\nbanned = ["5", "dragon"]\n')
    assert line.startswith("2:16: error: banned: ") and "dragon" in line


# --- everything else: still a sentence, still placed -----------------------------------------


@pytest.mark.parametrize(
    "text, where, words",
    [
        ('name = "r"\ntotal = 5\n', "2:1", "total: a table is expected, not 5"),
        ('name = "r"\nbanned = "6"\n', "2:1", "banned: a list in [brackets] is expected"),
        ('name = "r"\ndescription = 5\n', "2:1", 'description: text is expected; write "5"'),
        ('name = ""\n', "1:1", "name: must not be empty"),
        ('name = "r"\nitems = []\n', "2:1", "items: must not be empty"),
        ("[total]\nexactly = 26\n", "1:1", "name: required"),
        ('name = "a\\tb"\n', "1:1", "name: must be one line of printable text"),
        ('name = "r"\n[copies.max]\n"" = 1\n', "3:1", 'copies.max: the key "" must not be empty'),
        ('name = "r"\nitems = ["a", "b",\n  "a"]\n', "3:3", "items: items named twice: a"),
        ('name = "r"\n"x\\ty" = 1\n', "2:1", 'unknown key "x\\ty"'),
    ],
)
def test_any_other_mistake_is_a_plain_sentence_at_the_key(tmp_path: Path, text: str, where: str, words: str):
    lines = refusal(tmp_path, text)
    for line in lines:
        in_pnp_words(line)
    assert any(line.startswith(f"{where}: error: {words}") for line in lines), lines


# --- through the command line: same format, same exit code -----------------------------------


def test_deck_validate_reports_rules_mistakes_as_file_line_column_and_exits_1(tmp_path: Path):
    rules = tmp_path / "house.toml"
    rules.write_text('name = "house"\n[total]\nexactly = 26\n[copies.max]\n"*" = 3\n  Bsae = 1\n')
    result = CliRunner().invoke(app, ["deck", "validate", STARTER, "--rules", str(rules)])
    assert result.exit_code == 1
    assert result.stderr == f"{rules}:6:3: error: copies.max: names items that do not exist: Bsae\n"
    rules.write_text('name = "house"\nbaned = [6]\n')
    result = CliRunner().invoke(app, ["deck", "validate", STARTER, "--rules", str(rules)])
    assert result.exit_code == 1
    assert result.stderr == f'{rules}:2:1: error: unknown key "baned"; did you mean "banned"?\n'
