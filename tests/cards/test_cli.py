"""`pnp deck validate | stats | random` through the root app: output, JSON schemas, exit codes."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from pnp.commands.cli import app
from pnp.core.diagnostics import PnpError
from pnp.core.resources import deck_file
from pnp.core.rules import MultisetRules
from pnp.games.power_lines_cards.rules.engine import load_format, validate_deck
from pnp.games.power_lines_cards.rules.files import parse_deck
from pnp.games.power_lines_cards.rules.generate import random_counts

STARTER = str(deck_file("starter.deck"))
HOUSE = str(deck_file("formats/singleton-ish.toml"))
KINDS = [str(n) for n in range(11)]
BAD_DECK = "2 0\n2 0\n3 dragon\n1 Base\n"  # 4 cards: a duplicate warning, an unknown card, too few


def run(*args: str):
    return CliRunner().invoke(app, ["deck", *args])


@pytest.fixture
def bad_deck(tmp_path: Path) -> str:
    path = tmp_path / "bad.deck"
    path.write_text(BAD_DECK)
    return str(path)


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


# --- validate ------------------------------------------------------------------------------


def test_validate_valid_deck():
    result = run("validate", STARTER)
    assert result.exit_code == 0
    assert result.stdout == "" and result.stderr == f"{STARTER}: valid, 26 cards (+ Base)\n"  # the verdict, on standard error


def test_validate_invalid_deck_prints_compiler_style_findings(bad_deck: str):
    result = run("validate", bad_deck)
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.splitlines() == [  # findings on standard error, as every command reports them, then the verdict
        f"{bad_deck}:2:3: warning: 0 is also listed on line 1; the counts add up",
        f"{bad_deck}:3:3: error: unknown card `dragon`; the cards are 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and Base",
        f"{bad_deck}:1:1: error: wrong deck size: 4 counted, 26 required: add 22",
        f"{bad_deck}: invalid, 4 cards (+ Base), 2 errors, 1 warning",
    ]


def test_validate_several_files_fails_if_any_is_invalid(bad_deck: str):
    result = run("validate", STARTER, bad_deck)
    assert result.exit_code == 1
    verdicts = [line for line in result.stderr.splitlines() if "valid," in line]
    assert verdicts == [f"{STARTER}: valid, 26 cards (+ Base)", f"{bad_deck}: invalid, 4 cards (+ Base), 2 errors, 1 warning"]
    assert result.stderr.splitlines()[-1] == verdicts[-1]  # each deck's findings, then its verdict
    assert run("validate", STARTER, STARTER).exit_code == 0


def check_schema(obj: dict) -> None:
    assert list(obj) == ["schema", "command", "file", "valid", "diagnostics", "total", "counts"]
    assert isinstance(obj["file"], str) and isinstance(obj["valid"], bool)
    if obj["valid"]:
        assert isinstance(obj["total"], int) and list(obj["counts"]) == KINDS and all(isinstance(n, int) for n in obj["counts"].values())
    else:  # no result for an invalid deck: its findings say why
        assert obj["total"] is None and obj["counts"] is None and obj["diagnostics"]
    for d in obj["diagnostics"]:
        assert set(d) == {"severity", "code", "message", "line", "column"}
        assert d["severity"] in ("error", "warning") and d["code"] and d["message"]
        assert d["line"] is None or isinstance(d["line"], int)
        assert d["column"] is None or isinstance(d["column"], int)


def test_validate_json_one_file_is_an_object(bad_deck: str):
    result = run("validate", "--json", bad_deck)
    assert result.exit_code == 1
    [obj] = json.loads(result.stdout)  # an array always: validate takes several decks
    check_schema(obj)
    assert (obj["file"], obj["valid"]) == (bad_deck, False)
    assert [(d["severity"], d["code"], d["line"], d["column"]) for d in obj["diagnostics"]] == [
        ("warning", "duplicate-card", 2, 3),
        ("error", "unknown-card", 3, 3),
        ("error", "wrong-total", 1, 1),
    ]


def test_validate_json_several_files_is_an_array(bad_deck: str):
    result = run("validate", STARTER, bad_deck, "--json")
    assert result.exit_code == 1
    objs = json.loads(result.stdout)
    assert isinstance(objs, list) and [o["valid"] for o in objs] == [True, False]
    for obj in objs:
        check_schema(obj)
    assert objs[0]["total"] == 26 and objs[0]["diagnostics"] == []


def test_validate_with_house_rules():
    result = run("validate", "--rules", HOUSE, STARTER)
    assert result.exit_code == 1
    assert f"{STARTER}:10:3: error: 6 is banned under singleton-ish rules" in result.stderr


def test_validate_broken_bytes_gets_a_verdict(tmp_path: Path):
    path = tmp_path / "x.deck"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    result = run("validate", str(path))
    assert result.exit_code == 1
    assert f"{path}:1:1: error: not UTF-8 text" in result.stderr


@pytest.mark.parametrize(
    "args, message",
    [
        (["validate", "missing.deck"], "missing.deck: no such file"),
        (["validate", STARTER, "missing.deck"], "missing.deck: no such file"),
        (["validate", "."], "is a directory"),
        (["validate", STARTER, "--rules", "missing.toml"], "missing.toml: no such file"),
        (["validate", STARTER, "--bogus"], "No such option"),
        (["validate"], "Missing argument"),
        (["stats", "missing.deck"], "missing.deck: no such file"),
        (["random", "--seed", "many"], "Invalid value"),
        (["random", "--rules", "missing.toml"], "missing.toml: no such file"),
    ],
)
def test_usage_errors_exit_2(args: list[str], message: str):
    result = run(*args)
    assert result.exit_code == 2
    assert message in result.output
    assert result.stdout == "" or "Usage" in result.output  # nothing validated before the error


@pytest.mark.parametrize(
    "rules, message",
    [
        ("name = 'x'\n[total\n", "not valid TOML"),
        ("[total]\nexactly = 'many'\n", "total.exactly"),
        ("name = 'x'\nbanned = ['11']\n", "names items that do not exist: 11"),
        (b"name = '\xff'\n", "not UTF-8"),
    ],
)
def test_broken_rules_file_is_a_clear_error(tmp_path: Path, rules: str | bytes, message: str):
    path = tmp_path / "rules.toml"
    path.write_bytes(rules if isinstance(rules, bytes) else rules.encode())
    for command in (["validate", STARTER], ["stats", STARTER], ["random"]):
        result = run(*command, "--rules", str(path))
        assert result.exit_code == 1, command
        assert isinstance(result.exception, SystemExit)  # not a traceback
        assert message in result.stderr


# --- stats ---------------------------------------------------------------------------------


def test_stats_text_on_the_starter_deck():
    result = run("stats", STARTER)
    assert result.exit_code == 0
    out = result.stdout
    assert out.startswith(f"{STARTER}: 26 cards (+ Base)\n")
    assert " 5 | ███ 3\n" in out and "10 | ██ 2\n" in out
    assert " 0 | ███████████ 11\n" in out and "-1 | █████ 5\n" in out and "+2 | ████ 4\n" in out
    assert "when played: 7 draw (9 cards in all), 11 free, 8 discard (12 cards in all)" in out
    assert "average value 4.92, average price +0.12" in out


def test_stats_json_on_the_starter_deck():
    result = run("stats", "--json", STARTER)
    assert result.exit_code == 0
    stats = json.loads(result.stdout)
    assert stats == {
        "schema": "pnp/1",
        "command": "deck stats",
        "file": STARTER,
        "valid": True,
        "diagnostics": [],
        "total": 26,
        "has_base": True,
        "counts": dict(zip(KINDS, [2, 2, 2, 3, 3, 3, 3, 2, 2, 2, 2])),
        "by_value": dict(zip(KINDS, [2, 2, 2, 3, 3, 3, 3, 2, 2, 2, 2])),
        "by_price": {"-2": 2, "-1": 5, "0": 11, "1": 4, "2": 4},
        "when_played": {"draw": 7, "free": 11, "discard": 8},
        "cards_drawn": 9,
        "cards_discarded": 12,
        "average_value": 4.92,
        "average_price": 0.12,
    }


def test_stats_follow_the_deck(tmp_path: Path):
    path = write(tmp_path, "tens.deck", "20 10\n6 1\n")
    stats = json.loads(run("stats", "--json", path).stdout)
    assert stats["by_price"] == {"-2": 0, "-1": 6, "0": 0, "1": 0, "2": 20}
    assert (stats["cards_drawn"], stats["cards_discarded"], stats["has_base"]) == (6, 40, False)
    assert stats["average_value"] == round((200 + 6) / 26, 2)


def test_stats_on_an_invalid_deck_prints_errors_and_exits_1(bad_deck: str):
    result = run("stats", bad_deck)
    assert result.exit_code == 1
    assert result.stdout == ""
    assert f"{bad_deck}:3:3: error: unknown card `dragon`" in result.stderr
    assert f"{bad_deck}: invalid, 4 cards (+ Base), 2 errors, 1 warning" in result.stderr


# --- random --------------------------------------------------------------------------------


def test_random_same_seed_same_deck_and_seed_matters():
    first, again, other = run("random", "--seed", "7"), run("random", "--seed", "7"), run("random", "--seed", "8")
    assert first.exit_code == 0 and first.stdout == again.stdout
    assert first.stdout != other.stdout
    assert first.stdout.startswith("# pnp deck random --seed 7\n")


def test_random_without_seed_prints_the_seed_that_reproduces_it():
    result = run("random")
    seed = re.match(r"# pnp deck random --seed (\d+)\n", result.stdout)
    assert result.exit_code == 0 and seed
    assert run("random", "--seed", seed[1]).stdout == result.stdout


def test_random_deck_passes_validate(tmp_path: Path):
    out = run("random", "--seed", "11").stdout
    assert out.rstrip().endswith("1 Base")
    path = write(tmp_path, "r.deck", out)
    assert run("validate", path).stderr == f"{path}: valid, 26 cards (+ Base)\n"


def test_random_with_house_rules(tmp_path: Path):
    out = run("random", "--seed", "3", "--rules", HOUSE).stdout
    assert out.startswith(f"# pnp deck random --seed 3 --rules {HOUSE}\n")
    path = write(tmp_path, "h.deck", out)
    assert run("validate", "--rules", HOUSE, path).exit_code == 0


@pytest.mark.parametrize(
    "rules, message",
    [
        ('name = "tight"\n[total]\nexactly = 26\nexclude = ["Base"]\n[copies.max]\n"*" = 2\n', "allow at most 22"),
        ('name = "greedy"\n[total]\nexactly = 26\n[copies.min]\n"*" = 3\n', "already add up to 36"),
        ('name = "odd"\nbanned = ["Base"]\n[copies.min]\nBase = 1\n', "Base is banned"),
    ],
)
def test_random_with_impossible_rules_is_a_clear_error(tmp_path: Path, rules: str, message: str):
    result = run("random", "--rules", write(tmp_path, "r.toml", rules))
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    assert "no deck can keep the" in result.stderr and message in result.stderr


@settings(max_examples=60, deadline=None)
@given(st.integers(), st.sampled_from([None, HOUSE]))
def test_random_decks_are_legal(seed: int, rules_path: str | None):
    rules = load_format(rules_path and Path(rules_path))
    counts = random_counts(rules, seed)
    assert rules.check(counts) == [] and all(n > 0 for n in counts.values())
    assert counts == random_counts(rules, seed)
    text = "".join(f"{n} {card}\n" for card, n in counts.items())
    assert validate_deck(text, rules).valid and parse_deck(text).value.counts() == counts


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 40), st.integers(0, 40), st.integers(0, 4), st.integers())
def test_random_respects_loose_totals_or_says_why_not(low: int, span: int, cap: int, seed: int):
    rules = MultisetRules(
        name="loose",
        items=[*KINDS, "Base"],
        total={"min": low, "max": low + span, "exclude": ["Base"]},
        copies={"max": {"*": cap}},
    )
    if low > 11 * cap:
        with pytest.raises(PnpError, match=f"allow at most {11 * cap}"):
            random_counts(rules, seed)
    elif cap == 0:  # only an empty deck keeps these rules, and an empty file is no deck
        with pytest.raises(PnpError, match="no cards at all"):
            random_counts(rules, seed)
    else:
        counts = random_counts(rules, seed)
        assert rules.check(counts) == []
        assert counts.get("Base", 0) == min(cap, 1)


def test_random_deck_of_no_counted_cards_lists_one_the_count_leaves_out():
    # Only an empty count keeps these rules, and an empty file is no deck: one uncounted card is listed.
    rules = MultisetRules(name="uncounted", items=[*KINDS, "Base"], total={"exactly": 0, "exclude": ["0"]}, banned=["Base"])
    assert random_counts(rules, 1) == {"0": 1} and rules.check({"0": 1}) == []
