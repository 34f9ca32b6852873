"""The readings file (`rules/variant.py`): a small TOML file of `reading = choice` lines; every
mistake found, each at its line and column, and never a traceback."""

from __future__ import annotations

from dataclasses import fields

import pytest

from pnp.core.diagnostics import PnpError
from pnp.games.power_lines_cards.rules.variant import DEFAULT, Variant, load_variant, parse_variant, read_variant


def test_an_empty_file_is_pnps_reading():
    assert parse_variant("") == (DEFAULT, ())
    assert DEFAULT == Variant()


def test_the_defaults_are_the_documented_ones():
    assert DEFAULT.bases_apart == 11 and not DEFAULT.corners_border
    assert DEFAULT.dominate == "at-least" and not DEFAULT.base_adds_to_total and DEFAULT.base_is_enemy
    assert (DEFAULT.zero_reads, DEFAULT.zero_face_down, DEFAULT.zero_alone, DEFAULT.zero_decrease) == ("printed", "five", "printed", "value")
    assert DEFAULT.distance == "steps" and DEFAULT.two_chains
    assert DEFAULT.three_friendly == "table" and DEFAULT.three_may_cut and DEFAULT.four_draw == "must"
    assert DEFAULT.six_covered == "under" and DEFAULT.seven_needs_total
    assert DEFAULT.nine_value == "printed" and DEFAULT.nine_pays_price
    assert DEFAULT.out_of_cards == "every-pile" and DEFAULT.all_passed == "closest"
    assert DEFAULT.turn_cap == 200 and DEFAULT.hand_limit is None


def test_each_reading_given_is_read_and_the_rest_keep_their_defaults():
    text = '# house rules\nbases_apart = 12\ncorners_border = true\nzero_reads = "current"\nhand_limit = 7\n'
    variant, found = parse_variant(text)
    assert found == ()
    assert variant == Variant(bases_apart=12, corners_border=True, zero_reads="current", hand_limit=7)


OTHERS = {  # a choice other than the default for every reading
    "bases_apart": 12,
    "corners_border": True,
    "dominate": "exactly",
    "base_adds_to_total": True,
    "base_is_enemy": False,
    "zero_reads": "current",
    "zero_face_down": "card",
    "zero_alone": "minus-two",
    "zero_decrease": "base",
    "distance": "king",
    "two_chains": False,
    "three_friendly": "hand",
    "three_may_cut": False,
    "four_draw": "may",
    "six_covered": "discarded",
    "seven_needs_total": False,
    "nine_value": "current",
    "nine_pays_price": False,
    "out_of_cards": "deck-and-hand",
    "all_passed": "draw",
    "turn_cap": 50,
    "hand_limit": 7,
}


def test_every_reading_can_be_set_from_a_file():
    assert set(OTHERS) == {f.name for f in fields(Variant)}
    assert all(getattr(DEFAULT, key) != value for key, value in OTHERS.items())
    text = "".join(f"{key} = {str(value).lower() if isinstance(value, bool) else repr(value)}\n" for key, value in OTHERS.items())
    assert parse_variant(text) == (Variant(**OTHERS), ())


def test_every_mistake_is_reported_at_its_line_and_column():
    text = 'bases_apart = "11"\n  corner_borders = true\ndominate = "mostly"\nturn_cap = 0\ntwo_chains = 1\n[zero]\n'
    variant, found = parse_variant(text)
    assert variant is None
    assert [(d.line, d.column, d.code) for d in found] == [
        (1, 1, "bad-reading"),
        (2, 3, "unknown-reading"),
        (3, 1, "bad-reading"),
        (4, 1, "bad-reading"),
        (5, 1, "bad-reading"),
        (6, 2, "unknown-reading"),
    ]
    messages = [d.message for d in found]
    assert messages[0] == 'bases_apart: a whole number is expected, not "11"'
    assert messages[1] == "unknown reading 'corner_borders'; did you mean corners_border?"
    assert messages[2] == 'dominate: one of "at-least", "exactly" is expected, not "mostly"'
    assert messages[3] == "turn_cap: at least 1 is expected, not 0"
    assert messages[4] == "two_chains: true or false is expected, not 1"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("bases_apart = 1", "bases_apart: at least 2 is expected, not 1"),
        ("turn_cap = 0", "turn_cap: at least 1 is expected, not 0"),
        ("hand_limit = 0", "hand_limit: at least 1 is expected, not 0"),
        ("turn_cap = true", "turn_cap: a whole number is expected, not true"),
        ("turn_cap = 2.5", "turn_cap: a whole number is expected, not 2.5"),
        ("hand_limit = [7]", "hand_limit: a whole number is expected, not a list"),
        ("turn_cap = {cap = 7}", "turn_cap: a whole number is expected, not a table"),
        ("distance = false", 'distance: one of "steps", "king" is expected, not false'),
    ],
)
def test_a_number_out_of_range_or_of_the_wrong_kind_says_what_is_expected(text, message):
    variant, found = parse_variant(f"# a comment\n{text}\n")
    assert variant is None and [(d.line, d.column, d.message) for d in found] == [(2, 1, message)]


def test_the_smallest_numbers_allowed_are_read():
    assert parse_variant("bases_apart = 2\nturn_cap = 1\nhand_limit = 1\n").value == Variant(bases_apart=2, turn_cap=1, hand_limit=1)


def test_an_unknown_reading_near_several_suggests_the_nearest():
    _, found = parse_variant("zero_read = 'current'\n")
    assert found[0].message == "unknown reading 'zero_read'; did you mean zero_reads?"


def test_an_unknown_reading_far_from_any_lists_them_and_a_dotted_one_is_found_where_it_is_set():
    _, found = parse_variant('turn_cap = 5\n\n   house.rules = "mine"\n')
    assert [(d.line, d.column) for d in found] == [(3, 4)]
    assert found[0].message.startswith("unknown reading 'house'; the readings are bases_apart, corners_border, ")


@pytest.mark.parametrize(
    ("text", "line", "column"),
    [("bases_apart = \n", 1, 15), ("a = 1\nb = [1,\n", 3, 1), ('x = "open\n', 1, 10)],
)
def test_a_file_that_is_not_toml_is_one_finding_where_the_parser_stopped(text, line, column):
    variant, found = parse_variant(text)
    assert variant is None and len(found) == 1
    assert (found[0].code, found[0].line, found[0].column) == ("not-toml", line, column)


def test_bytes_that_are_not_text_are_one_finding():
    variant, found = read_variant(b"turn_cap = 5\n\xff")
    assert variant is None and [(d.code, d.line) for d in found] == [("not-utf8", 2)]
    assert read_variant(b"turn_cap = 5\n").value == Variant(turn_cap=5)


def test_loading_a_bad_file_is_an_error_naming_the_file_never_a_traceback(tmp_path):
    good, bad = tmp_path / "good.toml", tmp_path / "bad.toml"
    good.write_text("four_draw = 'may'\n")
    bad.write_text("four_draw = 'maybe'\nnine = true\n")
    assert load_variant(good) == Variant(four_draw="may")
    with pytest.raises(PnpError) as caught:
        load_variant(bad)
    lines = str(caught.value).splitlines()
    assert lines[0].startswith(f'{bad}:1:1: error: four_draw: one of "must", "may"')
    assert lines[1].startswith(f"{bad}:2:1: error: unknown reading 'nine'")
    assert lines[-1] == f"{bad}: invalid variant (2 errors)"
    bad.write_text("four_draw = 'maybe'\n")
    with pytest.raises(PnpError, match=r"invalid variant \(1 error\)$"):
        load_variant(bad)
