"""`pnp deck compare A B`: two decks side by side, every difference B minus A; a deck against
itself differs by nothing; the counts, curves and odds of two small hand-made decks, worked out by
hand; the goldfish speed of both on the same seeds; the JSON envelope; exit codes."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import jsonschema
from typer.testing import CliRunner

from pnp.commands.cli import app
from pnp.core.resources import deck_file
from pnp.games.power_lines_cards.analysis.compare import compare
from pnp.games.power_lines_cards.rules.engine import Deck, load_deck
from pnp.games.power_lines_cards.simulation.run import paired

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "schemas" / "pnp-1.schema.json").read_text())
STARTER = str(deck_file("starter.deck"))
KINDS = [str(n) for n in range(11)]
SMALL_RULES = 'name = "small"\n[total]\nmin = 1\nmax = 30\nexclude = ["Base"]\n'
# Two small decks, valid under SMALL_RULES: 10 cards each.
DECK_A = "5 9\n5 5\n"  # 9: price 2 (discard 2); 5: free
DECK_B = "3 9\n5 5\n2 1\n1 Base\n"  # 1: price -1 (draw 1)


def run(*args: object, input: str | None = None):
    return CliRunner().invoke(app, ["deck", "compare", *map(str, args)], input=input)


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def small(tmp_path: Path) -> tuple[Path, Path, Path]:
    return write(tmp_path, "a.deck", DECK_A), write(tmp_path, "b.deck", DECK_B), write(tmp_path, "small.toml", SMALL_RULES)


def triples(data: object) -> list[dict]:
    """Every {"a", "b", "difference"} in the JSON result."""
    if isinstance(data, dict):
        if set(data) == {"a", "b", "difference"} and not isinstance(data["a"], (dict, str)):
            return [data]
        return [t for value in data.values() for t in triples(value)]
    if isinstance(data, list):
        return [t for value in data for t in triples(value)]
    return []


def test_a_deck_compared_with_itself_differs_by_nothing():
    result = run(STARTER, STARTER, "--goldfish", "--games", "40", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    found = triples({k: v for k, v in data.items() if k != "goldfish"})
    assert len(found) == 1 + 11 + 4 * 5 + 11 * 4 + 11 + 5 + 5 and all(t["difference"] == 0 and t["a"] == t["b"] for t in found)
    speed = data["goldfish"]
    assert speed["difference"] == 0 and speed["ci95"] == [0, 0] and speed["verdict"] == "same" and speed["a"] == speed["b"]
    text = run(STARTER, STARTER, "--goldfish", "--games", "40").stdout
    assert "B minus A: 0 turns a game on average, 95 % interval 0 to 0" in text
    rows = [line.split() for line in text.splitlines()[4:17]]  # copies per kind
    assert rows[0] == ["card", "A", "B", "B-A"] and [r[-1] for r in rows[1:]] == ["0"] * 12


def test_counts_and_curves_of_two_small_decks_differ_exactly(tmp_path):
    a, b, rules = small(tmp_path)
    result = run(a, b, "--rules", rules, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["files"] == {"a": str(a), "b": str(b)} and data["file"] == str(a)
    assert data["total"] == {"a": 10, "b": 10, "difference": 0}
    assert {k: t["difference"] for k, t in data["counts"].items()} == {**dict.fromkeys(KINDS, 0), "9": -2, "1": 2}
    assert data["counts"]["9"] == {"a": 5, "b": 3, "difference": -2}
    assert {k: (t["a"], t["b"]) for k, t in data["by_price"].items()} == {"-2": (0, 0), "-1": (0, 2), "0": (5, 5), "1": (0, 0), "2": (5, 3)}
    assert {k: t["difference"] for k, t in data["by_value"].items() if t["difference"]} == {"1": 2, "9": -2}
    economy = data["economy"]
    assert economy["cards_drawn"] == {"a": 0, "b": 2, "difference": 2}  # two 1s, draw 1 each
    assert economy["cards_discarded"] == {"a": 10, "b": 6, "difference": -4}  # 9s, discard 2 each
    assert economy["net"] == {"a": -10, "b": -4, "difference": 6}
    assert economy["average_value"] == {"a": 7.0, "b": 5.4, "difference": -1.6}  # (45+25)/10, (27+25+2)/10
    assert data["goldfish"] is None


def test_the_odds_of_two_small_decks_side_by_side_are_the_hand_computed_fractions(tmp_path):
    a, b, rules = small(tmp_path)
    data = json.loads(run(a, b, "--rules", rules, "--json").stdout)
    draw = data["groups"]["draw"]
    # B holds 2 draw cards in 10; a hand of 8 misses both in C(8, 8) / C(10, 8) = 1/45 of hands
    assert draw["copies"] == {"a": 0, "b": 2, "difference": 2}
    assert draw["opening_at_least_one_percent"] == {"a": 0.0, "b": round(100 * 44 / 45, 4), "difference": round(100 * 44 / 45, 4)}
    assert draw["opening_expected"] == {"a": 0.0, "b": 1.6, "difference": 1.6}  # 8 * 2/10
    discard = data["groups"]["discard"]
    assert discard["opening_expected"] == {"a": 4.0, "b": 2.4, "difference": -1.6}  # 8 * 5/10, 8 * 3/10
    # every 10-card deck's hand of 8 holds a 5 (5 copies: at most 5 cards are not 5s)
    assert data["groups"]["free"]["opening_at_least_one_percent"]["difference"] == 0
    # A's set-up places its 9s beyond the two kept for the front, then 5s: it keeps two 9s, three 5s
    assert data["groups"]["free"]["opening_expected"]["a"] == 4.0 and data["groups"]["free"]["kept_expected"]["a"] == 3.0
    assert data["kinds"]["9"]["kept_expected"]["a"] == 2.0 and data["kinds"]["9"]["kept_at_least_one_percent"]["a"] == 100.0
    assert data["kinds"]["1"]["opening_expected"] == {"a": 0.0, "b": 1.6, "difference": 1.6}  # the only draw card
    assert data["kinds"]["9"]["opening_expected"] == data["groups"]["discard"]["opening_expected"]
    # the same figures as `pnp deck analyze` computes for each deck
    analysis = compare(Deck({**dict.fromkeys(KINDS, 0), "9": 5, "5": 5}, False), Deck({**dict.fromkeys(KINDS, 0), "9": 3, "5": 5, "1": 2}, True))
    kept_a, kept_b = analysis.a.group("draw").kept.at_least_one, analysis.b.group("draw").kept.at_least_one
    assert draw["kept_at_least_one_percent"]["difference"] == round(float((kept_b - kept_a) * 100), 4)
    assert analysis.b.group("draw").opening.at_least_one == Fraction(44, 45)


def test_the_text_shows_both_decks_and_each_difference(tmp_path):
    a, b, rules = small(tmp_path)
    result = run(a, b, "--rules", rules)
    assert result.exit_code == 0 and result.stderr == ""
    text = result.stdout
    assert text.startswith(f"A {a}: 10 cards\nB {b}: 10 cards (+ Base)\ndifferences: B minus A\n")
    rows = [line.split() for line in text.splitlines()]
    counts = rows[rows.index(["card", "A", "B", "B-A"]) + 1 :][:12]
    assert counts[1] == ["1", "0", "2", "+2"] and counts[9] == ["9", "5", "3", "-2"] and counts[11] == ["total", "10", "10", "0"]
    assert ["draw", "(1,2,3)", "0", "%", "97.78", "%", "+97.78", "|", "0", "%", "97.78", "%", "+97.78"] in rows  # percentage points
    assert ["discard", "(7,8,9,10)", "4.00", "2.40", "-1.60", "|", "2.00", "1.93", "-0.07"] in rows  # expected cards
    assert ["+2", "5", "3", "-2"] in rows  # price +2: the 9s
    assert ["cards", "discarded", "10", "6", "-4"] in rows and ["average", "price", "+1.00", "+0.40", "-0.60"] in rows


def test_goldfish_speed_of_both_on_the_same_seeds():
    tens = Deck({**dict.fromkeys(KINDS, 0), "10": 26}, True)
    starter = load_deck(Path(STARTER))
    result = compare(starter, tens, paired(starter, tens, games=40, seed=2))
    speed = result.as_json("a", "b")["goldfish"]
    assert speed["a"] == paired(starter, starter, games=40, seed=2).deck.as_json()
    assert speed["difference"] > 3 and speed["ci95"][0] > 0 and speed["verdict"] == "slower"
    assert (speed["games"], speed["seed"], speed["turns"]) == (40, 2, 30) and speed["only_a_won"] == speed["only_b_won"] == 0
    assert "B's turn minus A's" in speed["method"]
    assert "B is slower: the interval lies above 0" in result.render("a", "b")


def test_the_json_envelope(tmp_path):
    tens = write(tmp_path, "tens.deck", "26 10\n1 Base\n")
    result = run(STARTER, tens, "--goldfish", "--games", "20", "--seed", "5", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    jsonschema.validate(data, {**SCHEMA, "$ref": "#/$defs/deck compare"})
    assert list(data) == [
        "schema",
        "command",
        "file",
        "valid",
        "diagnostics",
        "files",
        "total",
        "counts",
        "groups",
        "kinds",
        "by_value",
        "by_price",
        "economy",
        "goldfish",
        "against",
    ]
    assert data["against"] is None  # without --against
    assert (data["schema"], data["command"], data["valid"], data["diagnostics"]) == ("pnp/1", "deck compare", True, [])
    assert list(data["groups"]) == ["draw", "free", "discard", "high"] and list(data["kinds"]) == KINDS
    assert data["goldfish"]["seed"] == 5 and data["goldfish"]["b"]["by_turn"]["12"] == 20
    assert json.loads(run(STARTER, tens, "--goldfish", "--games", "20", "--seed", "5", "--json").stdout) == data  # same seed, same result


def test_an_invalid_deck_shows_its_findings_and_exits_1(tmp_path):
    bad = write(tmp_path, "bad.deck", "27 5\n")
    for args in ([STARTER, bad], [bad, STARTER]):
        result = run(*args)
        assert result.exit_code == 1 and f"{bad}:1:1: error: wrong deck size" in result.stderr and result.stdout == ""
        data = json.loads(run(*args, "--json").stdout)
        assert data["file"] == str(bad) and not data["valid"] and data["counts"] is None and data["diagnostics"][0]["code"] == "wrong-total"
    a, b, _ = small(tmp_path)
    assert run(a, b).exit_code == 1  # 10 cards: valid only under the small format


def test_a_missing_file_or_a_wrong_command_line_exits_2(tmp_path):
    bad = write(tmp_path, "bad.deck", "27 5\n")
    missing = tmp_path / "none.deck"
    for args in ([STARTER, missing], [missing, STARTER], [bad, missing]):  # read before any is checked
        result = run(*args)
        assert result.exit_code == 2 and f"{missing}: no such file" in result.stderr
        assert result.exception is None or isinstance(result.exception, SystemExit)
    assert json.loads(run(bad, missing, "--json").stdout)["file"] == str(missing)
    assert run(STARTER).exit_code == 2 and run(STARTER, STARTER, "--games", "0").exit_code == 2
    both = run("-", "-", input=Path(STARTER).read_text())
    assert both.exit_code == 2 and "only one input can come from standard input" in both.stderr
    assert run("-", STARTER, input=Path(STARTER).read_text()).exit_code == 0


def test_the_second_decks_warnings_are_its_own(tmp_path):
    twice = write(tmp_path, "twice.deck", Path(STARTER).read_text().replace("2 10", "1 10\n1 10"))
    result = run(STARTER, twice)
    assert result.exit_code == 0 and f"{twice}:" in result.stderr and "warning" in result.stderr
    data = json.loads(run(STARTER, twice, "--json").stdout)
    assert data["valid"] and [d["severity"] for d in data["diagnostics"]] == ["warning"]
    assert data["diagnostics"][0]["message"].startswith(f"{twice}: ")


def test_a_shipped_decks_name_works_where_a_deck_path_does(tmp_path, monkeypatch):
    """`starter` is the deck pnp ships, as `--rules standard` is its format, unless a file of
    that name is here: then the file is read."""
    from pnp.core.resources import deck_file

    monkeypatch.chdir(tmp_path)
    mine = tmp_path / "mine.deck"
    mine.write_bytes(deck_file("starter.deck").read_bytes())
    result = run("starter", mine)
    assert result.exit_code == 0, result.output
    assert "starter" in result.stdout and "mine" in result.stdout
    for command in (["deck", "validate", "starter"], ["deck", "stats", "starter"], ["deck", "goldfish", "starter", "--games", "5", "--vs", "starter"]):
        done = CliRunner().invoke(app, command)
        assert done.exit_code == 0, (command, done.output)
    (tmp_path / "starter").write_text("1 Base\n")  # a file of that name wins
    assert CliRunner().invoke(app, ["deck", "validate", "starter"]).exit_code == 1
