"""The shared rule engine: a multiset checked against its limits (totals, copies, bans, the items
that exist), a rules file checked strictly, every mistake placed at the key or value at fault,
amounts and plurals that say what to do; and the decks `pnp deck random` makes under any rules
the engine accepts.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Literal

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from pnp.core.diagnostics import PnpError
from pnp.core.rules import (
    LIMIT,
    MAX_NESTING,
    MultisetRules,
    Violation,
    key_positions,
    load_rules,
    validation_error,
)
from pnp.games.power_lines_cards.rules.catalogue import catalogue, load_catalogue
from pnp.games.power_lines_cards.rules.engine import validate_deck
from pnp.games.power_lines_cards.rules.generate import random_counts, render_deck

CARDS = catalogue().names  # "0".."10" and "Base", as `pnp deck` fills them in


def rules_from(tmp_path: Path, text: str, items: list[str] | None = None) -> MultisetRules:
    path = tmp_path / "r.toml"
    path.write_text(text, encoding="utf-8")
    return load_rules(path, items)


def refused(tmp_path: Path, text: str | bytes, items: list[str] | None = None) -> list[str]:
    """The findings of a rules file that is refused, each as "LINE:COL: error: MESSAGE"."""
    path = tmp_path / "r.toml"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    with pytest.raises(PnpError) as caught:
        load_rules(path, items)
    lines = str(caught.value).split("\n")
    assert all(line.startswith(f"{path}:") for line in lines), lines
    return [line.removeprefix(f"{path}:") for line in lines]


# A small format over three items: 2 to 4 in all, at most 2 of each, at least one "a", "c" banned.
SMALL = 'name = "small"\nitems = ["a", "b", "c"]\nbanned = ["c"]\n[total]\nmin = 2\nmax = 4\n[copies.max]\n"*" = 2\n[copies.min]\na = 1\n'


# --- checking a multiset: every breach, with the amount to add (>0) or remove (<0) -------------


def test_a_multiset_within_every_limit_has_no_finding(tmp_path: Path):
    rules = rules_from(tmp_path, SMALL)
    assert rules.check({"a": 1, "b": 1}) == []  # the minimum total, exactly
    assert rules.check({"a": 2, "b": 2}) == []  # the maximum total, exactly
    assert rules.check({"a": 2, "b": 2, "c": 0}) == []  # naming a banned item zero times is keeping the ban


def test_a_total_above_the_formats_maximum_is_flagged_with_how_many_to_remove(tmp_path: Path):
    rules = rules_from(tmp_path, 'name = "r"\nitems = ["a", "b"]\n[total]\nmax = 4\n')
    assert rules.check({"a": 3, "b": 2}) == [Violation("wrong-total", None, "5 counted, at most 4 allowed: remove 1", -1)]
    assert rules.check({"a": 4, "b": 3}) == [Violation("wrong-total", None, "7 counted, at most 4 allowed: remove 3", -3)]
    assert rules.check({"a": 4}) == []


def test_a_total_below_the_formats_minimum_is_flagged_with_how_many_to_add(tmp_path: Path):
    rules = rules_from(tmp_path, 'name = "r"\nitems = ["a", "b"]\n[total]\nmin = 4\n')
    assert rules.check({"a": 1}) == [Violation("wrong-total", None, "1 counted, at least 4 required: add 3", 3)]
    assert rules.check({"a": 1, "b": 2}) == [Violation("wrong-total", None, "3 counted, at least 4 required: add 1", 1)]
    assert rules.check({"a": 2, "b": 2}) == []


def test_an_exact_total_one_off_either_way_says_add_1_or_remove_1(tmp_path: Path):
    rules = rules_from(tmp_path, 'name = "r"\nitems = ["a"]\n[total]\nexactly = 3\n')
    assert rules.check({"a": 2}) == [Violation("wrong-total", None, "2 counted, 3 required: add 1", 1)]
    assert rules.check({"a": 4}) == [Violation("wrong-total", None, "4 counted, 3 required: remove 1", -1)]
    assert rules.check({"a": 3}) == []


def test_excluded_items_never_count_toward_the_total(tmp_path: Path):
    rules = rules_from(tmp_path, 'name = "r"\nitems = ["a", "Base"]\n[total]\nexactly = 2\nexclude = ["Base"]\n')
    assert rules.check({"a": 2, "Base": 1}) == []
    assert rules.counted_total({"a": 2, "Base": 5}) == 2


def test_a_min_equal_to_the_max_is_a_total_of_exactly_that(tmp_path: Path):
    rules = rules_from(tmp_path, 'name = "r"\n[total]\nmin = 26\nmax = 26\n', CARDS)
    assert (rules.total.min, rules.total.max) == (26, 26)
    assert validate_deck("26 5\n", rules).valid
    assert [d.message for d in validate_deck("25 5\n", rules).diagnostics] == ["wrong deck size: 25 counted, at least 26 required: add 1"]
    assert [d.message for d in validate_deck("27 5\n", rules).diagnostics] == ["wrong deck size: 27 counted, at most 26 allowed: remove 1"]


def test_a_deck_above_a_formats_maximum_is_refused_as_a_whole_file_finding(tmp_path: Path):
    rules = rules_from(tmp_path, 'name = "r"\n[total]\nmin = 20\nmax = 30\nexclude = ["Base"]\n', CARDS)
    report = validate_deck("16 5\n15 4\n1 Base\n", rules)
    assert [(d.code, d.line, d.column, d.message) for d in report.diagnostics] == [
        ("wrong-total", None, None, "wrong deck size: 31 counted, at most 30 allowed: remove 1")
    ]
    assert validate_deck("15 5\n15 4\n1 Base\n", rules).valid


def test_copy_limits_name_the_item_the_count_and_what_to_do_in_the_right_number(tmp_path: Path):
    rules = rules_from(tmp_path, 'name = "r"\nitems = ["a", "b", "c"]\n[copies.max]\na = 0\nb = 2\n[copies.min]\nc = 2\n')
    assert rules.check({"a": 1, "b": 2, "c": 2}) == [Violation("too-many-copies", "a", "1 copy of a; at most 0 allowed (remove 1)", -1)]
    assert rules.check({"b": 5, "c": 2}) == [Violation("too-many-copies", "b", "5 copies of b; at most 2 allowed (remove 3)", -3)]
    assert rules.check({"c": 1}) == [Violation("too-few-copies", "c", "1 copy of c; at least 2 needed (add 1)", 1)]


def test_an_item_that_is_absent_has_0_copies_and_needs_all_its_minimum(tmp_path: Path):
    rules = rules_from(tmp_path, 'name = "r"\nitems = ["a", "Base"]\n[copies.min]\nBase = 1\n"*" = 0\n')
    assert rules.check({"a": 3}) == [Violation("too-few-copies", "Base", "0 copies of Base; at least 1 needed (add 1)", 1)]
    three = rules_from(tmp_path, 'name = "r"\nitems = ["a", "Base"]\n[copies.min]\nBase = 3\n')
    assert three.check({}) == [Violation("too-few-copies", "Base", "0 copies of Base; at least 3 needed (add 3)", 3)]


def test_a_banned_item_with_exactly_one_copy_is_banned_and_nothing_else(tmp_path: Path):
    rules = rules_from(tmp_path, SMALL)
    assert rules.check({"a": 1, "c": 1}) == [Violation("banned", "c", "c is banned under small rules")]
    assert rules.max_copies("c") == 0 and rules.cap("c") == 0
    assert rules.check({"a": 1, "c": 3}) == [Violation("banned", "c", "c is banned under small rules")]  # not also "too many"


def test_a_banned_card_with_one_copy_in_a_deck_is_an_error_at_its_line(tmp_path: Path):
    rules = rules_from(tmp_path, 'name = "r"\nbanned = ["6"]\n[total]\nexactly = 26\nexclude = ["Base"]\n', CARDS)
    report = validate_deck("25 5\n1 6\n", rules)
    assert [(d.code, d.line, d.column, d.message) for d in report.diagnostics] == [("banned", 2, 3, "6 is banned under r rules")]


def test_an_item_the_rules_do_not_know_is_an_unknown_item(tmp_path: Path):
    rules = rules_from(tmp_path, SMALL)
    assert rules.check({"a": 1, "b": 1, "dragon": 1}) == [Violation("unknown-item", "dragon", "dragon is not one of the items these rules know")]
    assert rules.check({"a": 1, "b": 1, "dragon": 0}) == []  # none of it: nothing unknown is there


def test_rules_without_a_list_of_items_take_any_item(tmp_path: Path):
    rules = rules_from(tmp_path, 'name = "open"\n[total]\nexactly = 3\n[copies.max]\n"*" = 2\n')
    assert rules.items is None
    assert rules.check({"dragon": 2, "wyrm": 1}) == []
    assert rules.check({"dragon": 3}) == [Violation("too-many-copies", "dragon", "3 copies of dragon; at most 2 allowed (remove 1)", -1)]


def test_a_finding_that_is_no_one_items_fault_carries_no_amount():
    v = Violation("banned", "6", "6 is banned")
    assert v.amount == 0


def test_a_finding_names_its_item_and_one_about_the_whole_multiset_has_none_to_name():
    assert Violation("too-few-copies", "Base", "0 copies of Base").named == "Base"
    with pytest.raises(ValueError, match="wrong-total finding is about the whole multiset"):
        _ = Violation("wrong-total", None, "5 counted").named


def test_rules_for_each_item_exactly_once_want_every_item_once_and_no_other():
    rules = MultisetRules.each_once("r", ["a", "b"], "a and b, once each")
    assert (rules.name, rules.description, rules.items) == ("r", "a and b, once each", ["a", "b"])
    assert rules.check({"a": 1, "b": 1}) == []
    assert [v.code for v in rules.check({"a": 2})] == ["too-many-copies", "too-few-copies"]  # the total is right: 2
    assert [v.code for v in rules.check({"a": 1, "b": 1, "c": 1})] == ["unknown-item", "wrong-total"]


# --- rules no multiset can keep are the file's fault, at the key at fault ----------------------


@pytest.mark.parametrize(
    "text, where, words",
    [
        ('name = "r"\n[total]\nexactly = "26"\n', "3:1", "total.exactly: a whole number from 0 to 10000 is expected"),
        ('name = "r"\n\n[total]\nmin = 2\nmax = 1\n', "4:1", "'min' (2) is larger than 'max' (1)"),
        ('name = "r"\n[copies.max]\nBase = 1\n"5" = 1\n[copies.min]\n"5" = 2\n', "6:1", "at least 2 of 5 required, at most 1 allowed"),
        ('name = "r"\ncopies = { max = { "*" = -1 } }\n', "2:20", 'copies.max."*": a whole number from 0 to 10000 is expected, not -1'),
        ('name = "r"\n[total]\nexactly = 26\n[copies.max]\n"*" = 2\n', "3:1", "allow at most 24"),
        ('name = "r"\nbanned = ["Base"]\n[copies.min]\nBase = 1\n', "2:1", "Base is banned, but at least 1 is required"),
        ("[total.exactly]\n", "1:1", "name: required, but not given"),
    ],
)
def test_errors_name_the_rules_file_and_the_key(tmp_path: Path, text: str, where: str, words: str):
    with pytest.raises(PnpError) as caught:
        rules_from(tmp_path, text, CARDS)
    assert f"{tmp_path / 'r.toml'}:{where}: error: " in str(caught.value)
    assert words in str(caught.value)


def test_exactly_with_min_or_max_is_one_mistake_at_exactly(tmp_path: Path):
    both = "give either 'exactly' or 'min'/'max', not both"
    assert refused(tmp_path, 'name = "r"\n[total]\nexactly = 26\nmin = 20\n') == [f"3:1: error: total.exactly: {both}"]
    assert refused(tmp_path, 'name = "r"\n[total]\nmax = 30\n  exactly = 26\n') == [f"4:3: error: total.exactly: {both}"]


def test_a_minimum_equal_to_the_maximum_is_allowed_for_the_total_and_for_copies(tmp_path: Path):
    rules = rules_from(tmp_path, 'name = "r"\n[total]\nmin = 6\nmax = 6\n[copies.min]\n"5" = 2\n[copies.max]\n"5" = 2\n', CARDS)
    assert rules.check({"5": 2, "4": 4}) == []
    assert [v.code for v in rules.check({"5": 3, "4": 3})] == ["too-many-copies"]
    assert refused(tmp_path, 'name = "r"\n[total]\nmin = 7\nmax = 6\n') == ["3:1: error: total.min: 'min' (7) is larger than 'max' (6)"]


def test_minimum_copies_adding_up_to_the_maximum_total_are_allowed_one_more_is_not(tmp_path: Path):
    text = 'name = "r"\nitems = ["a", "b", "c"]\n[total]\nmax = {}\n[copies.min]\n"*" = 2\n'
    assert rules_from(tmp_path, text.format(6)).check({"a": 2, "b": 2, "c": 2}) == []
    assert refused(tmp_path, text.format(5)) == [
        "5:2: error: copies.min: no deck can keep the r rules: the total must be at most 5 items, but the minimum copies already add up to 6"
    ]


def test_copy_limits_that_just_reach_the_total_are_allowed_one_short_are_not(tmp_path: Path):
    text = 'name = "r"\nitems = ["a", "b"]\n[total]\nexactly = {}\n[copies.max]\n"*" = 3\n'
    assert rules_from(tmp_path, text.format(6)).check({"a": 3, "b": 3}) == []
    assert refused(tmp_path, text.format(7)) == [
        "4:1: error: total.exactly: no deck can keep the r rules: the total must be exactly 7 items, but the copy limits and bans allow at most 6"
    ]


@pytest.mark.parametrize(
    "total, words",
    [
        ("exactly = 1", "exactly 1 item,"),
        ("exactly = 2", "exactly 2 items,"),
        ("min = 1\nmax = 1", "1 to 1 item,"),
        ("max = 1", "at most 1 item,"),
        ("min = 0\nmax = 2", "0 to 2 items,"),
    ],
)
def test_an_unreachable_total_is_told_as_the_rules_write_it(tmp_path: Path, total: str, words: str):
    # Three items with at least one copy each: no total under 3 can be kept.
    (line,) = refused(tmp_path, f'name = "r"\nitems = ["a", "b", "c"]\n[total]\n{total}\n[copies.min]\n"*" = 1\n')
    assert f"the total must be {words} but the minimum copies already add up to 3" in line


@pytest.mark.parametrize("total, words", [("min = 9", "at least 9 items"), ("min = 9\nmax = 12", "9 to 12 items")])
def test_a_minimum_the_copy_limits_cannot_reach_is_told_at_min(tmp_path: Path, total: str, words: str):
    (line,) = refused(tmp_path, f'name = "r"\nitems = ["a", "b"]\n[total]\n{total}\n[copies.max]\n"*" = 4\n')
    assert line == f"4:1: error: total.min: no deck can keep the r rules: the total must be {words}, but the copy limits and bans allow at most 8"


def test_without_a_list_of_items_the_copy_limits_cannot_bound_the_total(tmp_path: Path):
    rules = rules_from(tmp_path, 'name = "r"\n[total]\nexactly = 26\n[copies.max]\n"*" = 1\n')  # any 26 different items
    assert rules.check({str(n): 1 for n in range(26)}) == []


def test_a_total_of_at_most_0_allows_no_items_and_says_so_at_max(tmp_path: Path):
    nothing = "no deck can keep the r rules: they allow no items at all"
    assert refused(tmp_path, 'name = "r"\n[total]\nmax = 0\n', CARDS) == [f"3:1: error: total.max: {nothing}"]
    assert refused(tmp_path, 'name = "r"\n[total]\n  exactly = 0\n', CARDS) == [f"3:3: error: total.exactly: {nothing}"]


def test_copy_limits_or_bans_that_allow_no_items_are_told_at_their_key(tmp_path: Path):
    nothing = "no deck can keep the r rules: they allow no items at all"
    assert refused(tmp_path, 'name = "r"\nitems = ["a", "b"]\n[copies.max]\n"*" = 0\n') == [f"3:2: error: copies.max: {nothing}"]
    assert refused(tmp_path, 'name = "r"\nitems = ["a", "b"]\n\nbanned = ["a", "b"]\n') == [f"4:1: error: banned: {nothing}"]


def test_a_format_whose_only_allowed_item_is_not_counted_still_allows_a_deck(tmp_path: Path):
    # Every card banned but the Base, which the total leaves out: a "deck" of just a Base.
    text = 'name = "r"\nitems = ["a", "Base"]\nbanned = ["a"]\n[total]\nexclude = ["Base"]\n[copies.max]\nBase = 1\n'
    assert rules_from(tmp_path, text).check({"Base": 1}) == []
    one_each = 'name = "r"\nitems = ["a", "Base"]\n[total]\nexclude = ["Base"]\n[copies.max]\na = 1\nBase = 1\n'
    assert rules_from(tmp_path, one_each).check({"a": 1, "Base": 1}) == []


def test_names_of_unknown_items_are_told_at_the_first_one_and_listed_in_order(tmp_path: Path):
    (line,) = refused(tmp_path, 'name = "r"\nbanned = ["5", "wyrm", "dragon"]\n', CARDS)
    assert line == "2:16: error: banned: names items that do not exist: dragon, wyrm"
    (line,) = refused(tmp_path, 'name = "r"\n[copies.max]\n"5" = 1\nwyrm = 1\n  dragon = 2\n', CARDS)
    assert line == "4:1: error: copies.max: names items that do not exist: dragon, wyrm"


def test_a_quoted_key_ending_in_a_quote_mark_is_found_at_its_line(tmp_path: Path):
    keys = key_positions('[copies.max]\n"O\'" = 1\n\'say "hi"\' = 2\n')
    assert keys[("copies", "max", "O'")] == (2, 1)
    assert keys[("copies", "max", 'say "hi"')] == (3, 1)
    assert refused(tmp_path, 'name = "r"\nitems = ["O\'"]\n[copies.max]\n"O\'" = -1\n') == [
        '4:1: error: copies.max."O\'": a whole number from 0 to 10000 is expected, not -1'
    ]


# --- the file itself: size of numbers and names, nesting, encoding, TOML ----------------------


def test_counts_from_0_to_10000_are_allowed(tmp_path: Path):
    assert LIMIT == 10_000
    rules = rules_from(tmp_path, 'name = "r"\n[total]\nmax = 10000\n[copies.max]\n"6" = 0\n', CARDS)
    assert rules.total.max == 10_000 and rules.max_copies("6") == 0


def test_a_quoted_count_in_range_gets_the_fix_one_out_of_range_does_not(tmp_path: Path):
    (line,) = refused(tmp_path, 'name = "r"\n[total]\nexactly = "10000"\n')
    assert line == '3:1: error: total.exactly: a whole number from 0 to 10000 is expected, not "10000"; write 10000 without quotes'
    (line,) = refused(tmp_path, 'name = "r"\n[total]\nexactly = "10001"\n')
    assert line == '3:1: error: total.exactly: a whole number from 0 to 10000 is expected, not "10001"'


def test_names_have_at_most_100_characters_and_descriptions_500(tmp_path: Path):
    assert rules_from(tmp_path, f'name = "{"n" * 100}"\ndescription = "{"d" * 500}"\n').name == "n" * 100
    assert refused(tmp_path, f'name = "{"n" * 101}"\n') == ["1:1: error: name: must have at most 100 characters"]
    assert refused(tmp_path, f'name = "r"\ndescription = "{"d" * 501}"\n') == ["2:1: error: description: must have at most 500 characters"]


def test_brackets_nested_16_deep_are_read_17_are_refused_at_the_17th(tmp_path: Path):
    assert MAX_NESTING == 16
    keys = "name, description, items, total, copies, banned"
    assert refused(tmp_path, 'name = "r"\nx = ' + "[" * 16 + "]" * 16 + "\n") == [f'2:1: error: unknown key "x"; the keys here are {keys}']
    assert refused(tmp_path, 'name = "r"\nx = ' + "[" * 17 + "]" * 17 + "\n") == ["2:21: error: nested more than 16 deep; no rules file needs that"]
    deep_tables = 'name = "r"\n\nx = ' + "{a = " * 17 + "1" + " }" * 17 + "\n"
    assert refused(tmp_path, deep_tables) == ["3:85: error: nested more than 16 deep; no rules file needs that"]


def test_only_brackets_inside_one_another_count_toward_the_nesting(tmp_path: Path):
    siblings = 'name = "r"\nx = [' + "[], " * 20 + "{}, " * 20 + "]\n"
    quoted = 'name = "r"\n# ' + "[" * 20 + '\ndescription = "' + "{" * 20 + '"\n'
    assert refused(tmp_path, siblings)[0].startswith('2:1: error: unknown key "x"')
    assert rules_from(tmp_path, quoted).description == "{" * 20
    # A closed bracket takes back one level, no more: 16 more after `[[]` or `[{}` are 17 deep.
    for closed in ("[], ", "{}, "):
        (line,) = refused(tmp_path, 'name = "r"\nx = [' + closed + "[" * 16 + "]" * 17 + "\n")
        assert line == "2:25: error: nested more than 16 deep; no rules file needs that"


def test_a_rules_file_that_is_not_utf8_is_refused_at_the_byte(tmp_path: Path):
    (line,) = refused(tmp_path, b'name = "r"\n\nbanned = ["\xff"]\n')
    assert line.startswith("3:12: error: not UTF-8")


def test_a_rules_file_that_is_not_toml_is_refused_at_toml_s_line_and_column(tmp_path: Path):
    assert refused(tmp_path, 'name = "r"\n\nx = = 1\n') == ["3:5: error: not valid TOML: Invalid value"]


def test_values_are_shown_as_the_file_wrote_them(tmp_path: Path):
    (line,) = refused(tmp_path, 'name = "r"\n[total]\nexactly = 1979-05-27T07:32:00\n')
    assert line.endswith("is expected, not 1979-05-27T07:32:00")
    (line,) = refused(tmp_path, 'name = "r"\n[total]\nexactly = { a = 1 }\n')
    assert line.endswith("is expected, not a table")


def test_long_keys_are_shortened_and_other_scripts_are_shown_as_written(tmp_path: Path):
    (line,) = refused(tmp_path, 'name = "r"\n' + "k" * 40 + " = 1\n")
    assert line.startswith('2:1: error: unknown key "' + "k" * 40 + '";')
    (line,) = refused(tmp_path, 'name = "r"\n' + "k" * 41 + " = 1\n")
    assert line.startswith('2:1: error: unknown key "' + "k" * 40 + '...";')
    (line,) = refused(tmp_path, 'name = "r"\n"café" = 1\n')
    assert line.startswith('2:1: error: unknown key "café";')
    (line,) = refused(tmp_path, 'name = "r"\n[copies.max]\n"é" = -1\n')
    assert line.startswith('3:1: error: copies.max."é": ')


def test_loaded_rules_cannot_be_changed_afterwards(tmp_path: Path):
    rules = rules_from(tmp_path, 'name = "r"\n')
    with pytest.raises(ValidationError):
        rules.name = "s"  # the standard format is loaded once and shared by every check


# --- where each key and value is: the positions every finding is placed at -------------------


def test_key_positions_cover_tables_dotted_keys_and_inline_tables():
    text = 'name = "x"\ntotal.exactly = 4\nt = { a = 1, "b c" = { d = "e = f" } }\n[copies.max]\n  "*" = 3\n[[list]]\nk = 1\n'
    keys = key_positions(text)
    assert keys[("name",)] == (1, 1)
    assert keys[("total", "exactly")] == (2, 1)
    assert keys[("t", "a")] == (3, 7) and keys[("t", "b c")] == (3, 14) and keys[("t", "b c", "d")] == (3, 24)
    assert ("t", "e") not in keys and ("t", "b c", "e") not in keys  # inside a string
    assert keys[("copies", "max")] == (4, 2)
    assert keys[("copies", "max", "*")] == (5, 3)
    assert keys[("list", "k")] == (7, 1)


def test_key_positions_cover_array_elements_by_index_on_one_line_or_many():
    text = 'a = ["x", 6]\nb = [\n  "y", # a comment ], not an element\n  [1, 2], {c = "[d]"},\n]\n[t]\nk = { e = [ true ] }\n'
    keys = key_positions(text)
    assert keys[("a", 0)] == (1, 6) and keys[("a", 1)] == (1, 11)
    assert keys[("b", 0)] == (3, 3) and keys[("b", 1)] == (4, 3) and keys[("b", 2)] == (4, 11)
    assert ("b", 3) not in keys and ("b", 1, 0) not in keys  # only the array's own elements, by index
    assert keys[("t", "k")] == (7, 1)  # `[1, 2],` inside the array was not taken for a table header
    assert keys[("t", "k", "e", 0)] == (7, 13)


def test_lines_inside_a_multi_line_array_are_never_table_headers():
    keys = key_positions("[t]\na = [\n  [1],\n  [2, 3],\n]\nb = 2\n")
    assert keys[("t", "b")] == (6, 1)
    assert keys[("t", "a", 0)] == (3, 3) and keys[("t", "a", 1)] == (4, 3)
    assert ("1",) not in keys and ("1", "b") not in keys


def test_a_key_after_a_nested_inline_table_belongs_to_the_table_it_is_written_in():
    keys = key_positions('x = { y = { a = "s", b = 1 }, w = 2 }\nz = { a = 1 } # note: b = 2\n')
    assert keys[("x", "y", "a")] == (1, 13) and keys[("x", "y", "b")] == (1, 22)
    assert keys[("x", "w")] == (1, 31)
    assert keys[("z", "a")] == (2, 7)


def test_braces_and_keys_in_a_comment_after_a_value_are_no_trouble(tmp_path: Path):
    keys = key_positions("[total]\nexactly = 26 # } or: max = 30 }}\n")
    assert keys[("total", "exactly")] == (2, 1)
    assert rules_from(tmp_path, 'name = "r"\n[total]\nexactly = 26 # } or: max = 30 }}\n', CARDS).total.exactly == 26


def test_array_elements_are_found_after_inline_tables_without_spaces_and_across_two_token_values():
    keys = key_positions('a = [{d = 1}, "x"]\nb =["y", 6]\nc = [1979-05-27 07:32:00, 6]\n')
    assert keys[("a", 0)] == (1, 6) and keys[("a", 1)] == (1, 15)
    assert keys[("b", 0)] == (2, 5) and keys[("b", 1)] == (2, 10)
    assert keys[("c", 0)] == (3, 6) and keys[("c", 1)] == (3, 27)
    assert ("c", 2) not in keys


def test_keys_in_an_array_of_tables_are_found_by_the_index_of_their_element():
    keys = key_positions("[[a]]\n  x = 1\n[a.sub]\ny = 2\n[[a.b]]\nz = 3\n[[a.b]]\nz = 4\n[[a]]\nx = 5\n[[a.b]]\nz = 6\n[t]\nk = 1\n")
    assert keys[("a", 0)] == (1, 3) and keys[("a", 0, "x")] == (2, 3) and keys[("a", 0, "sub", "y")] == (4, 1)
    assert keys[("a", 0, "b", 0, "z")] == (6, 1) and keys[("a", 0, "b", 1, "z")] == (8, 1)
    assert keys[("a", 1, "x")] == (10, 1) and keys[("a", 1, "b", 0, "z")] == (12, 1)  # a new element's arrays start at 0
    assert keys[("a", "x")] == (2, 3) and keys[("a", "b", "z")] == (6, 1)  # without the index: the first element
    assert keys[("t", "k")] == (14, 1)


def test_each_bad_name_is_found_after_a_date_written_with_a_space(tmp_path: Path):
    assert refused(tmp_path, 'name = "r"\nbanned = [1979-05-27 07:32:00, 6]\n') == [
        '2:11: error: banned: names are text; write "1979-05-27T07:32:00"',
        '2:32: error: banned: names are text; write "6"',
    ]


# --- pydantic's findings in pnp's words, for every model the engine words ---------------------


class Card(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: str = Field(min_length=2)
    value: int = Field(ge=1, lt=100)


class Box(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    colour: Literal["red", "blue"] = "red"
    made: date | None = None
    cards: list[Card] | None = None
    tags: list[str] = Field([], min_length=2, max_length=3)
    note: str = Field("", max_length=3)


def worded(tmp_path: Path, text: str, model: type[BaseModel] | None = Box) -> list[str]:
    import tomllib

    path = tmp_path / "box.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ValidationError) as caught:
        Box.model_validate(tomllib.loads(text))
    return [line.removeprefix(f"{path}:") for line in str(validation_error(path, text, caught.value, model)).split("\n")]


@pytest.mark.parametrize(
    "text, expected",
    [
        ('[[cards]]\nname = "ab"\nvalue = 0\n', "3:1: error: cards.value: must be at least 1, not 0"),
        ('[[cards]]\nname = "ab"\nvalue = 100\n', "3:1: error: cards.value: must be less than 100, not 100"),
        ('[[cards]]\nname = "a"\nvalue = 1\n', "2:1: error: cards.name: must have at least 2 characters"),
        ('tags = ["a"]\n', "1:1: error: tags: must have at least 2 entries"),
        ('tags = ["a", "b", "c", "d"]\n', "1:1: error: tags: must have at most 3 entries"),
        ('note = "abcd"\n', "1:1: error: note: must have at most 3 characters"),
        ('colour = "green"\n', "1:1: error: colour: the value should be 'red' or 'blue'"),
    ],
)
def test_bounds_lengths_and_choices_are_told_in_pnp_words(tmp_path: Path, text: str, expected: str):
    assert worded(tmp_path, text) == [expected]


def test_an_unknown_key_in_a_list_of_tables_is_matched_against_that_tables_keys(tmp_path: Path):
    text = '[[cards]]\nname = "ab"\nvalue = 1\n\n[[cards]]\nname = "cd"\nvalue = 2\nvaleu = 2\n'
    assert worded(tmp_path, text) == ['8:1: error: cards: unknown key "valeu"; did you mean "value"?']
    assert worded(tmp_path, '[[cards]]\nname = "ab"\nvalue = 1\nzzz = 1\n') == ['4:1: error: cards: unknown key "zzz"; the keys here are name, value']


def test_an_unknown_key_with_no_model_to_match_is_named_alone(tmp_path: Path):
    assert worded(tmp_path, '[[cards]]\nname = "ab"\nvalue = 1\nvaleu = 2\n', model=None) == ['4:1: error: cards: unknown key "valeu"']


def test_an_unknown_key_in_a_catalogue_card_is_matched_against_a_cards_keys(tmp_path: Path):
    path = tmp_path / "cards.toml"
    path.write_text('title = "t"\ncredit = "c"\n[[card]]\nname = "Base"\nvalue = 12\neffect = "x"\n[[card]]\nname = "1"\nvalue = 1\nprize = -1\neffect = "x"\n')
    with pytest.raises(PnpError) as caught:
        load_catalogue(path)
    assert str(caught.value) == f'{path}:10:1: error: card: unknown key "prize"; did you mean "price"?'


# --- decks made under any rules the engine accepts ---------------------------------------------


# Rules a format file may hold, well typed but otherwise anything.
KINDS = [c.name for c in catalogue().cards]
limits = st.dictionaries(st.sampled_from(KINDS + ["*"]), st.integers(0, 40), max_size=4)
rules_text = st.builds(
    lambda exactly, low, high, mins, maxs, banned, exclude: "\n".join(
        ['name = "gen"', f"banned = {banned!r}".replace("'", '"'), "[total]"]
        + ([f"exactly = {exactly}"] if exactly is not None else [f"min = {low}", f"max = {high}"])
        + [f"exclude = {exclude!r}".replace("'", '"')]
        + ["[copies.min]"]
        + [f'"{k}" = {v}' for k, v in mins.items()]
        + ["[copies.max]"]
        + [f'"{k}" = {v}' for k, v in maxs.items()]
    ),
    st.one_of(st.none(), st.integers(0, 3000)),
    st.integers(0, 60),
    st.integers(0, 60),
    limits,
    limits,
    st.lists(st.sampled_from(KINDS), max_size=2, unique=True),
    st.lists(st.sampled_from(KINDS), max_size=2, unique=True),
)


@given(text=rules_text, seed=st.integers(0, 2**32 - 1))
def test_rules_are_refused_or_deck_random_obeys_them(tmp_path_factory, text: str, seed: int):
    try:
        rules = rules_from(tmp_path_factory.mktemp("r"), text, CARDS)
    except PnpError as exc:
        assert ": error: " in str(exc)  # refused, and located
        return
    counts = random_counts(rules, seed)  # accepted rules always have a deck
    deck = render_deck(counts, ["generated"])
    assert validate_deck(deck, rules).valid
