"""Power Lines cards: the catalogue, the `.deck` parser and deck validation (no CLI)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnp.core.diagnostics import PnpError
from pnp.core.resources import deck_file
from pnp.core.textfile import MAX_BYTES
from pnp.games.power_lines_cards.rules.catalogue import catalogue, load_catalogue
from pnp.games.power_lines_cards.rules.engine import load_deck, load_format, validate_deck
from pnp.games.power_lines_cards.rules.files import parse_deck, suggest

KINDS = [str(n) for n in range(11)]
STARTER = {"0": 2, "1": 2, "2": 2, "3": 3, "4": 3, "5": 3, "6": 3, "7": 2, "8": 2, "9": 2, "10": 2}
HOUSE = deck_file("formats/singleton-ish.toml")


def deck_text(counts: dict[str, int], base: bool = True) -> str:
    return "".join(f"{n} {card}\n" for card, n in counts.items()) + ("1 Base\n" if base else "")


def codes(report) -> list[tuple[str, int | None, int | None]]:
    return [(d.code, d.line, d.column) for d in report.diagnostics]


# --- catalogue -----------------------------------------------------------------------------


def test_catalogue_has_eleven_kinds_and_a_base():
    cat = catalogue()
    assert cat.kind_names == KINDS
    assert [c.value for c in cat.kinds] == list(range(11))
    assert [c.price for c in cat.kinds] == [0, -1, -2, -1, 0, 0, 0, 1, 1, 2, 2]
    assert (cat.base.name, cat.base.value, cat.base.price) == ("Base", 12, None)
    assert all(c.effect.strip() for c in cat.cards)


def test_catalogue_credit_names_the_source_and_no_designer():
    credit = catalogue().credit
    assert "Power Lines" in credit and "not named" in credit


def test_lookup_ignores_case_and_knows_price_meaning():
    cat = catalogue()
    assert cat.lookup("base") is cat.base and cat.lookup("BASE") is cat.base
    assert cat.lookup("o") is None and cat.lookup("11") is None
    assert [cat[n].when_played for n in ("1", "4", "9", "Base")] == ["draw", "free", "discard", None]


@pytest.mark.parametrize(
    "cards, problem",
    [
        ('[[card]]\nname = "1"\nvalue = 1\nprice = -1\neffect = "x"\n', "exactly one card named 'Base'"),
        ('[[card]]\nname = "Base"\nvalue = 12\nprice = 0\neffect = "x"\n', "no price"),
        ('[[card]]\nname = "Base"\nvalue = 12\neffect = "x"\n[[card]]\nname = "1"\nvalue = 1\neffect = "x"\n', "needs a price"),
        ('[[card]]\nname = "Base"\nvalue = 12\neffect = "x"\n[[card]]\nname = "base"\nvalue = 1\nprice = 0\neffect = "x"\n', "used twice"),
        ('[[card]]\nname = "Base"\nvalue = "high"\neffect = "x"\n', 'card.value: a whole number is expected, not "high"'),
        ("[[card]]\nname = \n", "not valid TOML"),
    ],
)
def test_catalogue_file_is_checked(tmp_path: Path, cards: str, problem: str):
    path = tmp_path / "cards.toml"
    path.write_text(f'title = "t"\ncredit = "c"\n{cards}')
    with pytest.raises(PnpError, match=problem):
        load_catalogue(path)


# --- parsing ---------------------------------------------------------------------------------


@pytest.mark.parametrize("line", ["3 5", "3x 5", "3X 5", "3 x 5", "3× 5", "  3\t5  ", "3 5 # three fives", "+3 5"])
def test_count_forms(line: str):
    parsed = parse_deck(line)
    assert parsed.diagnostics == ()
    assert parsed.value.counts() == {"5": 3}


def test_card_names_ignore_case_comments_and_blanks():
    parsed = parse_deck("# a deck\n\n1 base   # home\n   \n2 10\n")
    assert parsed.diagnostics == ()
    assert parsed.value.counts() == {"Base": 1, "10": 2}
    assert [(e.card, e.line, e.column) for e in parsed.value.entries] == [("Base", 3, 3), ("10", 5, 3)]


def test_same_card_on_two_lines_adds_up_with_a_warning_at_the_later_line():
    report = validate_deck(deck_text({**STARTER, "5": 1}) + "2 5\n")
    assert report.valid and report.counts["5"] == 3
    (dup,) = report.diagnostics
    assert (dup.severity, dup.code, dup.line, dup.column) == ("warning", "duplicate-card", 13, 3)
    assert "line 6" in dup.message


@pytest.mark.parametrize(
    "line, code, column, words",
    [
        ("3 ten", "unknown-card", 3, "did you mean `10`"),
        ("3 o", "unknown-card", 3, "did you mean `0`"),
        ("3 Bsae", "unknown-card", 3, "did you mean `Base`"),
        ("3 TEN", "unknown-card", 3, "did you mean `10`"),  # the suggestions ignore case too
        ("3 BSAE", "unknown-card", 3, "did you mean `Base`"),
        ("3 dragon", "unknown-card", 3, "the cards are 0, 1"),
        ("  5", "missing-count", 3, "`1 5`"),
        ("3x", "missing-card", 3, "no card"),
        ("0 5", "zero-count", 1, "leave the line out"),
        ("-2 5", "negative-count", 1, "negative"),
        ("2.5 5", "bad-count", 1, "not a whole number"),
        ("two 5", "bad-count", 1, "not a count"),
        ("1001 5", "count-too-large", 1, "at most 1000"),
        ("9" * 5000 + " 5", "count-too-large", 1, "at most 1000"),
        ("3 5 4", "malformed", 5, "one `COUNT CARD` per line"),
        ("hello", "malformed", 1, "expected `COUNT CARD`"),
    ],
)
def test_line_errors_have_code_line_and_column(line: str, code: str, column: int, words: str):
    report = validate_deck(f"# header\n{line}\n2 4\n")
    located = [d for d in report.diagnostics if d.line is not None]
    assert [(d.severity, d.code, d.line, d.column) for d in located] == [("error", code, 2, column)]
    assert words in located[0].message
    assert not report.valid


def test_a_bad_line_does_not_count():
    assert validate_deck("3 dragon\n-1 5\n2 4\n").counts["4"] == 2
    assert validate_deck("3 dragon\n-1 5\n2 4\n").total == 2


def test_suggest_maps_words_and_typos():
    assert [suggest(w) for w in ("ten", "O", "Zero", "bas", "zzzz")] == ["10", "0", "0", "Base", None]


# --- validation ------------------------------------------------------------------------------


def test_starter_deck_is_the_suggested_deck():
    report = validate_deck(deck_file("starter.deck").read_bytes())
    assert report.valid and report.diagnostics == ()
    assert report.counts == STARTER and report.total == 26 and report.bases == 1
    assert report.verdict("s.deck") == "s.deck: valid, 26 cards (+ Base)"


def test_base_is_optional_and_never_counted():
    report = validate_deck(deck_text(STARTER, base=False))
    assert report.valid and report.total == 26 and report.bases == 0
    assert report.verdict("s") == "s: valid, 26 cards"


@pytest.mark.parametrize("change, advice", [({"5": 1}, "add 2"), ({"5": 4}, "remove 1")])
def test_wrong_total_says_how_many_to_add_or_remove(change: dict, advice: str):
    report = validate_deck(deck_text({**STARTER, **change}))
    assert codes(report) == [("wrong-total", None, None)]
    assert advice in report.diagnostics[0].message


def test_verdict_counts_errors_and_warnings():
    report = validate_deck("2 0\n2 0\n3 dragon\n")
    assert report.verdict("f") == "f: invalid, 4 cards, 2 errors, 1 warning"


def test_more_than_one_base_is_an_error_at_the_base_line():
    assert codes(validate_deck(deck_text(STARTER, base=False) + "2 Base\n")) == [("too-many-copies", 12, 3)]
    report = validate_deck(deck_text(STARTER) + "1 BASE\n")
    assert codes(report) == [("duplicate-card", 13, 3), ("too-many-copies", 13, 3)]


@pytest.mark.parametrize("text", ["", "\n\n", "# only a comment\n   # and another\n\n"])
def test_empty_file_is_one_whole_file_error(text: str):
    report = validate_deck(text.encode())
    assert codes(report) == [("empty", None, None)]


def test_not_utf8_is_located():
    assert codes(validate_deck(b"3 5\n2 \xff\n")) == [("not-utf8", 2, 3)]


def test_not_utf8_column_counts_characters_not_bytes():
    # An editor shows the bad byte at column 6: "2", " ", "é", "é", " ", then it.
    assert codes(validate_deck("3× 5\n2 éé ".encode() + b"\xff\n")) == [("not-utf8", 2, 6)]


def test_nul_bytes_and_huge_files_are_refused():
    assert [d.code for d in validate_deck(b"3 5\x00\n").diagnostics] == ["binary"]
    assert [d.code for d in validate_deck(b"1 5\n" * (MAX_BYTES // 4 + 1)).diagnostics] == ["too-large"]


def test_house_rules_copy_limits_and_bans_point_at_the_card_line():
    report = validate_deck(deck_file("starter.deck").read_bytes(), load_format(HOUSE))
    assert codes(report) == [("banned", 10, 3), ("too-many-copies", 14, 3)]
    assert "6 is banned" in report.diagnostics[0].message


LEGAL_HOUSE_DECK = """\
3 0
3 1
3 2
3 3
3 4
3 5
2 7
2 8
3 9
1 10
"""


def test_house_rules_accept_a_deck_within_the_limits():
    assert validate_deck(LEGAL_HOUSE_DECK + "1 Base\n", load_format(HOUSE)).diagnostics == ()


def test_house_rules_breach_points_at_the_last_line_naming_the_card():
    text = LEGAL_HOUSE_DECK.replace("3 4\n", "2 4\n") + "1 Base\n# more\n1 10\n"
    report = validate_deck(text, load_format(HOUSE))
    assert codes(report) == [("duplicate-card", 13, 3), ("too-many-copies", 13, 3)]


def test_house_rule_requiring_a_base_reports_it_for_the_whole_file():
    report = validate_deck(LEGAL_HOUSE_DECK, load_format(HOUSE))
    assert codes(report) == [("too-few-copies", None, None)]
    assert "Base" in report.diagnostics[0].message


# --- load_deck: what the card printer calls --------------------------------------------------


def test_load_deck_returns_counts_and_base():
    deck = load_deck(deck_file("starter.deck"))
    assert deck.counts == STARTER and deck.has_base and deck.total == 26 and deck.warnings == ()


def test_load_deck_raises_with_formatted_findings(tmp_path: Path):
    path = tmp_path / "bad.deck"
    path.write_text("3 5\n2 dragon\n")
    with pytest.raises(PnpError) as caught:
        load_deck(path)
    text = str(caught.value)
    assert f"{path}:2:3: error: unknown card `dragon`" in text
    assert f"{path}:1:1: error: wrong deck size: 3 counted, 26 required: add 23" in text
    assert caught.value.exit_code == 1


def test_load_deck_missing_file_is_a_usage_error(tmp_path: Path):
    with pytest.raises(PnpError) as caught:
        load_deck(tmp_path / "nope.deck")
    assert caught.value.exit_code == 2


# --- no input breaks the parser --------------------------------------------------------------

deck_like = st.lists(
    st.one_of(
        st.sampled_from(["3 5", "2x base", "1 Base", "# c", "", "  ", "0 1", "-1 2", "3 ten", "1e9 4", "3 5 5", "\r", "×"]),
        st.text(max_size=12),
    ),
    max_size=30,
).map("\n".join)


def check_report(report, line_count: int) -> None:
    assert isinstance(report.valid, bool)
    assert report.valid == (not any(d.severity == "error" for d in report.diagnostics))
    assert list(report.counts) == KINDS and all(n >= 0 for n in report.counts.values())
    assert report.verdict("f").startswith("f: valid" if report.valid else "f: invalid")
    for d in report.diagnostics:
        assert d.code and d.message
        assert d.line is None or 1 <= d.line <= line_count  # CR, LF and CRLF all end a line
        assert d.column is None or d.column >= 1


@given(deck_like)
def test_any_text_gets_a_verdict(text: str):
    check_report(validate_deck(text), text.count("\n") + text.count("\r") + 1)


@given(st.binary(max_size=200) | deck_like.map(lambda t: t.encode("utf-8", "surrogatepass")))
def test_any_bytes_get_a_verdict(data: bytes):
    check_report(validate_deck(data), data.count(b"\n") + data.count(b"\r") + 1)


@given(st.lists(st.integers(0, 6), min_size=11, max_size=11), st.booleans())
def test_any_26_card_deck_is_valid_and_others_are_not(copies: list[int], base: bool):
    counts = {card: n for card, n in zip(KINDS, copies) if n}
    report = validate_deck(deck_text(counts, base))
    assert report.valid == (sum(copies) == 26)
    assert report.total == sum(copies)


# --- counts at their limits, formats by name (issue 22: pinned by bench/mutate.py) ---------------


@pytest.mark.parametrize("line", ["12x 5", "12X 5", "12× 5", "12 x 5", "12 5", "012 5"])
def test_counts_of_two_digits_with_or_without_a_times_sign(line: str):
    parsed = parse_deck(f"# header\n{line}\n")
    assert parsed.diagnostics == ()
    assert [(e.card, e.count, e.line) for e in parsed.value.entries] == [("5", 12, 2)]


@pytest.mark.parametrize("line", ["1000 5", "1000x 5", "+1000 5", "01000 5"])
def test_a_count_of_exactly_1000_is_the_largest_allowed(line: str):
    parsed = parse_deck(line)
    assert parsed.diagnostics == () and parsed.value.counts() == {"5": 1000}
    report = validate_deck(line)
    assert codes(report) == [("wrong-total", None, None)]  # too many for the format, but a count the list can hold
    assert report.counts["5"] == 1000


@pytest.mark.parametrize("line, shown", [("1001 5", "1001"), ("10000x 5", "10000"), ("0001001 5", "0001001")])
def test_a_count_above_1000_is_refused_at_the_count(line: str, shown: str):
    parsed = parse_deck(f"2 4\n{line}\n")
    assert [(d.code, d.line, d.column, d.message) for d in parsed.diagnostics] == [
        ("count-too-large", 2, 1, f"count {shown} is absurd: at most 1000 of one card")
    ]


def test_a_count_without_a_card_is_pointed_just_after_the_count():
    (finding,) = parse_deck("  12x   # no card\n").diagnostics
    assert (finding.code, finding.line, finding.column, finding.message) == ("missing-card", 1, 6, "count 12x has no card after it")


def test_a_shipped_format_is_found_by_its_name():
    by_name = load_format(Path("singleton-ish"))
    assert by_name == load_format(HOUSE) and by_name.name == "singleton-ish"
    assert load_format(Path("standard")) == load_format()
    assert codes(validate_deck(deck_file("starter.deck").read_bytes(), by_name)) == [("banned", 10, 3), ("too-many-copies", 14, 3)]


def test_a_format_named_by_a_path_is_that_file_even_when_a_shipped_one_has_its_name(tmp_path: Path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "singleton-ish").write_text('name = "mine"\n[total]\nexactly = 3\n')
    (tmp_path / "singleton-ish.toml").write_text('name = "local"\n[total]\nexactly = 4\n')
    assert load_format(Path("mine/singleton-ish")).name == "mine"
    assert load_format(Path("singleton-ish.toml")).name == "local"
    with pytest.raises(PnpError) as caught:
        load_format(Path("no-such-format"))
    assert caught.value.exit_code == 2


STARTER_COUNTS = {"0": 2, "1": 2, "2": 2, "3": 3, "4": 3, "5": 3, "6": 3, "7": 2, "8": 2, "9": 2, "10": 2}


@pytest.mark.parametrize("header", ["count,card", "Qty,Card Name", '"Quantity","Card"', "card,copies", "COUNT , NAME"])
def test_a_csv_deck_list_with_a_header_reads_as_its_rows_say(header: str):
    count_first = header.lower().replace('"', "").split(",")[0].strip() not in {"card", "name"}
    rows = [f"{n},{card}" if count_first else f"{card},{n}" for card, n in STARTER_COUNTS.items()]
    report = validate_deck("\n".join([header, *rows]) + "\n")
    assert report.valid, report.diagnostics
    assert report.counts == STARTER_COUNTS


def test_csv_without_a_header_gets_one_hint_not_an_error_a_line():
    report = validate_deck("a,b\n" + "".join(f"{n},{card}\n" for card, n in STARTER_COUNTS.items()))
    assert [d.code for d in report.diagnostics] == ["csv-header"]
    assert "header row" in report.diagnostics[0].message and "kind" not in report.diagnostics[0].message


def test_a_slash_comment_is_told_that_hash_starts_a_comment():
    report = validate_deck("// my deck\n" + "".join(f"{n} {card}\n" for card, n in STARTER_COUNTS.items()))
    (finding,) = report.diagnostics
    assert (finding.code, finding.line, finding.column) == ("slash-comment", 1, 1) and "`#`" in finding.message
