"""`pnp deck analyze` and `pnp deck hands`, checked against the rules and the README's promises:
exact odds against fractions worked out by hand and against brute force over every hand of small
decks, a sampled estimate for the starter deck, the face-down rule as the README words it, the
`--hand` grammar and its errors, sample hands by seed, and the JSON envelopes."""

from __future__ import annotations

import itertools
import json
import math
import random
import re
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from pnp.commands.cli import app
from pnp.core.resources import deck_file
from pnp.games.power_lines_cards.analysis.odds import (
    analyze,
    at_least_one,
    chance,
    chance_kept,
    compositions,
    expected,
    face_down_order,
    kept_hands,
    place_face_down,
    read_query,
    sample_hands,
)
from pnp.games.power_lines_cards.analysis.query import QueryError

STARTER = str(deck_file("starter.deck"))
KINDS = [str(n) for n in range(11)]
# From the rules' list of cards: price per card (negative: draw, positive: discard).
PRICE = {"0": 0, "1": -1, "2": -2, "3": -1, "4": 0, "5": 0, "6": 0, "7": 1, "8": 1, "9": 2, "10": 2}
VALUE = {k: int(k) for k in KINDS}
DRAW, FREE, DISCARD, HIGH = ({"1", "2", "3"}, {"0", "4", "5", "6"}, {"7", "8", "9", "10"}, {"7", "8", "9", "10"})
# The rules' suggested initial deck (decks/starter.deck).
STARTER_COUNTS = {"0": 2, "1": 2, "2": 2, "3": 3, "4": 3, "5": 3, "6": 3, "7": 2, "8": 2, "9": 2, "10": 2}


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(app, ["deck", *map(str, args)], input=input)


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def cards_of(counts: dict[str, int]) -> list[str]:
    return [k for k, n in counts.items() for _ in range(n)]


def every_hand(counts: dict[str, int], size: int):
    """Every hand of `size` cards, each copy a card of its own: the brute force the maths must match."""
    cards = cards_of(counts)
    return [[cards[i] for i in picked] for picked in itertools.combinations(range(len(cards)), size)]


# --- the face-down rule, as the README words it -----------------------------------------------

README_ORDER = ["3", "9", "10", "7", "8", "0", "4", "5", "6", "1", "2"]


def reference_face_down(hand: list[str], count: int = 3) -> Counter:
    """The README's rule, one card at a time: the first in README_ORDER, but never one of the
    hand's 2 highest cards of value 7 or more while another card is left."""
    hand = list(hand)
    placed: Counter = Counter()
    for _ in range(min(count, len(hand))):
        keep = sorted((c for c in hand if VALUE[c] >= 7), key=lambda c: -VALUE[c])[:2]
        spare = list(hand)
        for c in keep:
            if len(spare) > 1:
                spare.remove(c)
        pick = min(spare, key=README_ORDER.index)
        hand.remove(pick)
        placed[pick] += 1
    return placed


def test_face_down_order_is_the_readme_order():
    assert list(face_down_order()) == README_ORDER


@pytest.mark.parametrize(
    "hand, placed",
    [
        (["10", "10", "10", "9", "3", "3", "2", "1"], ["3", "3", "9"]),  # the two 10s are kept; the third is not
        (["1", "4", "5", "5", "6", "8", "8", "10"], ["8", "4", "5"]),  # the 10 and one 8 kept; the other 8 goes first
        (["0", "2", "3", "4", "5", "6", "8", "9"], ["0", "3", "4"]),  # 9 and 8 kept: 3, then 0, then 4
        (["7", "8", "9", "10", "1", "1", "2", "2"], ["7", "8", "1"]),  # 10 and 9 kept; 7, 8; draw 1 before draw 2
        (["9", "10"], ["9", "10"]),  # only kept cards left: the lower first
    ],
)
def test_face_down_examples(hand, placed):
    got, kept = place_face_down(hand)
    assert Counter(got) == Counter(placed)
    assert Counter(got) + Counter(kept) == Counter(hand)


@given(st.lists(st.sampled_from(KINDS), min_size=0, max_size=12), st.integers(0, 4))
def test_face_down_follows_the_rule_on_any_hand(hand, count):
    placed, kept = place_face_down(hand, count)
    assert Counter(placed) == reference_face_down(hand, count)
    assert Counter(placed) + Counter(kept) == Counter(hand)


# --- hypergeometric odds against hand-computed fractions -------------------------------------


def test_single_set_odds_by_hand():
    # 5 cards, 2 of them wanted, a hand of 2: no wanted card in C(3, 2) = 3 of the C(5, 2) = 10 hands.
    assert at_least_one(2, 5, 2) == Fraction(7, 10)
    assert expected(2, 5, 2) == Fraction(4, 5)
    # The starter deck's 7 draw cards in a hand of 8 from 26: C(19, 8) = 75582 of C(26, 8) = 1562275 hands hold none.
    assert at_least_one(7, 26, 8) == Fraction(1562275 - 75582, 1562275) == Fraction(6019, 6325)
    assert expected(7, 26, 8) == Fraction(56, 26)
    assert at_least_one(0, 26, 8) == 0 and at_least_one(26, 26, 8) == 1


def test_compositions_count_every_hand_once():
    parts = [3, 2, 4]
    found = list(compositions(parts, 4))
    assert sum(w for _, w in found) == math.comb(9, 4)
    assert all(sum(held) == 4 and all(0 <= x <= c for x, c in zip(held, parts)) for held, _ in found)
    assert dict(found)[(1, 1, 2)] == 3 * 2 * 6


@pytest.mark.parametrize(
    "counts, size, query, want",
    [
        # two 9s and two 1s, a hand of 2: one of each in 2 * 2 of the 6 hands
        ({"9": 2, "1": 2}, 2, "1 of 9 and 1 of 1", Fraction(4, 6)),
        # overlapping sets: every 9 is high, so "1+ of high and 1+ of 9" is just "1+ of 9": 1 - 1/6
        ({"9": 2, "1": 2}, 2, "1+ of high and 1+ of 9", Fraction(5, 6)),
        # a 9, a 10 and two 1s: two high cards with the 9 among them is the one hand {9, 10}
        ({"9": 1, "10": 1, "1": 2}, 2, "2 of high and 1 of 9", Fraction(1, 6)),
        ({"9": 1, "10": 1, "1": 2}, 2, "0 of 9 or 2 of 1", Fraction(3 + 1 - 1, 6)),  # 3 hands without the 9, {1, 1} among them
        ({"9": 1, "10": 1, "1": 2}, 2, "1- of draw", Fraction(5, 6)),  # all but {1, 1}
        ({"9": 1, "10": 1, "1": 2}, 3, "1-2 of 9,1", Fraction(3, 4)),  # of the 4 hands of 3, all but {9, 1, 1}
        ({"5": 3}, 2, "2 of 5", Fraction(1)),
        ({"5": 3}, 2, "3+ of 5", Fraction(0)),
    ],
)
def test_query_odds_by_hand(counts, size, query, want):
    assert chance(read_query(query), counts, size) == want


SMALL = {"0": 1, "1": 2, "3": 1, "4": 1, "7": 1, "9": 2, "10": 1}  # 9 cards of 7 kinds
QUERIES = ["1+ of draw", "2+ of high and 1+ of 9", "1 of 9 or 2+ of 1,3", "0 of 0 and 1-2 of 7-10", "2- of free,high", "1+ of draw and 1+ of 9 or 0 of 10"]


@pytest.mark.parametrize("query", QUERIES)
@pytest.mark.parametrize("size", [1, 3, 5])
def test_query_odds_match_brute_force_over_every_hand(query, size):
    q = read_query(query)
    hands = every_hand(SMALL, size)

    def holds(cards):
        return q.holds([sum(c in clause.kinds for c in cards) for clause in q.clauses])

    assert chance(q, SMALL, size) == Fraction(sum(map(holds, hands)), len(hands))
    kept = [place_face_down(h)[1] for h in hands]
    assert chance_kept(q, SMALL, size, 3) == Fraction(sum(map(holds, kept)), len(hands))


def test_kept_hands_are_every_hand_after_the_rule():
    hands = every_hand(SMALL, 5)
    want = Counter(tuple(sorted(place_face_down(h)[1], key=KINDS.index)) for h in hands)
    got = Counter()
    for held, ways in kept_hands(SMALL, 5, 3):
        got[tuple(k for k in KINDS for _ in range(held[k]))] += ways
    assert got == want


def test_set_up_odds_by_hand():
    # Five cards 3, 9, 10, 1, 4; a hand of 4 (each hand lacks one card), 2 placed face down:
    # lacking 3: 9 10 1 4 -> 4, 1 down (10, 9 kept for the front); keeps 9 10
    # lacking 9: 3 10 1 4 -> 3, 4 down; keeps 10 1      lacking 10: 3 9 1 4 -> 3, 4 down; keeps 9 1
    # lacking 1: 3 9 10 4 -> 3, 4 down; keeps 9 10      lacking 4: 3 9 10 1 -> 3, 1 down; keeps 9 10
    counts = {"3": 1, "9": 1, "10": 1, "1": 1, "4": 1}
    a = analyze(counts, hand_size=4, face_down=2)
    draw, high = a.group("draw"), a.group("high")
    assert (a.hand_size, a.face_down, a.kept_size) == (4, 2, 2)
    assert draw.opening.at_least_one == 1 and draw.kept.at_least_one == Fraction(2, 5)
    assert draw.opening.expected == Fraction(8, 5) and draw.kept.expected == Fraction(2, 5)
    assert high.kept.at_least_one == 1 and high.kept.expected == Fraction(8, 5)
    four = next(r for r in a.kinds if r.name == "4")
    assert four.opening.at_least_one == Fraction(4, 5) and four.kept.at_least_one == 0


def test_starter_deck_odds_by_hand():
    a = analyze(STARTER_COUNTS)
    total = math.comb(26, 8)
    for name, kinds in (("draw", DRAW), ("free", FREE), ("discard", DISCARD), ("high", HIGH)):
        copies = sum(STARTER_COUNTS[k] for k in kinds)
        row = a.group(name)
        assert row.copies == copies and set(row.kinds) == kinds
        assert row.opening.at_least_one == 1 - Fraction(math.comb(26 - copies, 8), total)
        assert row.opening.expected == Fraction(8 * copies, 26)
    for row in a.kinds:
        assert row.opening.at_least_one == 1 - Fraction(math.comb(26 - STARTER_COUNTS[row.name], 8), total)
    assert sum(r.opening.expected for r in a.kinds) == 8 and sum(r.kept.expected for r in a.kinds) == 5
    # No hand keeps a 3: there are 3 of them and 3 cards go down, a 3 first.
    assert next(r for r in a.kinds if r.name == "3").kept.at_least_one == 0


def test_starter_deck_odds_match_a_sampled_estimate():
    """Deal 20,000 hands the way a player does (shuffle the 26, take the top 8, place 3 by the
    rule) and compare with the exact figures: within 4 standard errors."""
    a = analyze(STARTER_COUNTS, [read_query("2+ of 7,8,9,10"), read_query("1+ of draw and 1+ of 9")])
    rng = random.Random(2024)
    deck = cards_of(STARTER_COUNTS)
    n = 20_000
    seen = Counter()
    for _ in range(n):
        rng.shuffle(deck)
        hand = deck[:8]
        placed = reference_face_down(hand)
        kept = list((Counter(hand) - placed).elements())
        seen["draw"] += any(c in DRAW for c in hand)
        seen["kept draw"] += any(c in DRAW for c in kept)
        seen["kept high"] += any(c in HIGH for c in kept)
        seen["2+ high"] += sum(c in HIGH for c in hand) >= 2
        seen["kept 2+ high"] += sum(c in HIGH for c in kept) >= 2
        seen["draw and 9"] += any(c in DRAW for c in hand) and "9" in hand
        seen["kept draw and 9"] += any(c in DRAW for c in kept) and "9" in kept
    exact = {
        "draw": a.group("draw").opening.at_least_one,
        "kept draw": a.group("draw").kept.at_least_one,
        "kept high": a.group("high").kept.at_least_one,
        "2+ high": a.answers[0].opening,
        "kept 2+ high": a.answers[0].kept,
        "draw and 9": a.answers[1].opening,
        "kept draw and 9": a.answers[1].kept,
    }
    for key, p in exact.items():
        tolerance = 4 * math.sqrt(float(p * (1 - p)) / n) + 1e-9
        assert abs(seen[key] / n - float(p)) <= tolerance, (key, seen[key] / n, float(p))


def test_a_deck_smaller_than_a_hand_is_drawn_whole():
    a = analyze({"9": 2, "1": 1})
    assert (a.hand_size, a.face_down, a.kept_size) == (3, 3, 0)
    assert a.group("high").opening.at_least_one == 1 and a.group("high").kept.at_least_one == 0


# --- the --hand grammar ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, clauses",
    [
        ("2+ of 7,8,9,10", [[(2, None, {"7", "8", "9", "10"})]]),
        ("2+ of 7-10", [[(2, None, {"7", "8", "9", "10"})]]),
        ("1+ of draw and 1+ of 9", [[(1, None, DRAW), (1, None, {"9"})]]),
        ("0 of 0", [[(0, 0, {"0"})]]),
        ("2- of HIGH", [[(0, 2, HIGH)]]),
        ("1-3 of free,9", [[(1, 3, FREE | {"9"})]]),
        ("1 of 9 or 2+ of 1 and 0 of 10", [[(1, 1, {"9"})], [(2, None, {"1"}), (0, 0, {"10"})]]),
        ("  3+of draw ,  high ", [[(3, None, DRAW | HIGH)]]),
        ("1 of 7 - 9", [[(1, 1, {"7", "8", "9"})]]),
    ],
)
def test_good_queries(text, clauses):
    q = read_query(text)
    assert [[(c.low, c.high, set(c.kinds)) for c in conj] for conj in q.alternatives] == clauses


@pytest.mark.parametrize(
    "text, column, words",
    [
        ("", 1, "empty query"),
        ("x of 7", 1, "expected a count"),
        ("2+ fo 7", 4, "expected `of`"),
        ("2+", 3, "expected `of`"),
        ("2+ of", 6, "expected a card"),
        ("2+ of 7,", 9, "expected a card"),
        ("2+ of 11", 7, "unknown card or group `11`"),
        ("1 of base", 6, "the Base is never drawn"),
        ("3-1 of 7", 3, "counts down"),
        ("1 of 10-7", 6, "goes backwards"),
        ("1 of 7-high", 8, "a group cannot end it"),
        ("2+ of 7 8", 9, "expected `and`, `or`"),
        ("1+ of 7 and", 12, "expected a count"),
        ("1+ of 7 or or", 12, "expected a count"),
        ("1 of 7 (", 8, "`(`"),
        ("12345 of 7", 1, "too large"),
        ("1 of 7 é", 8, "`é`"),
    ],
)
def test_bad_queries_say_where(text, column, words):
    with pytest.raises(QueryError) as caught:
        read_query(text)
    assert caught.value.column == column and words in caught.value.message


def caret_column(message: str, query: str) -> int:
    """The 1-based column the caret under the echoed query points at."""
    lines = message.split("\n")
    echo = next(i for i, line in enumerate(lines) if line.strip() == query.strip() and i + 1 < len(lines) and lines[i + 1].strip() == "^")
    start = lines[echo].index(query.strip()[0]) - (len(query) - len(query.lstrip()))
    return lines[echo + 1].index("^") - start + 1


@pytest.mark.parametrize("query, column", [("2+ fo 7", 4), ("1+ of draw and 1+ of dragon", 22), ("1 of 7 8", 8)])
def test_a_bad_query_is_a_usage_error_with_a_caret(query, column):
    result = run("analyze", STARTER, "--hand", "1+ of 9", "--hand", query, "--json")
    assert result.exit_code == 2
    envelope = json.loads(result.stdout)
    assert envelope["valid"] is False and envelope["diagnostics"][0]["code"] == "usage"
    message = envelope["diagnostics"][0]["message"]
    assert f"column {column}:" in message and caret_column(message, query) == column
    plain = run("analyze", STARTER, "--hand", query)
    assert plain.exit_code == 2 and f"column {column}:" in plain.stderr and query in plain.stderr
    assert plain.exception is None or isinstance(plain.exception, SystemExit)


# --- pnp deck analyze ------------------------------------------------------------------------

ANALYZE_FIELDS = [
    "schema",
    "command",
    "file",
    "valid",
    "diagnostics",
    "total",
    "hand_size",
    "face_down",
    "kept_size",
    "face_down_order",
    "face_down_rule",
    "groups",
    "kinds",
    "queries",
    "by_value",
    "by_price",
    "economy",
]


def test_analyze_json_envelope_on_the_starter_deck():
    result = run("analyze", STARTER, "--hand", "2+ of 7,8,9,10", "--hand", "0 of 0", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert list(data) == ANALYZE_FIELDS
    assert (data["schema"], data["command"], data["file"], data["valid"]) == ("pnp/1", "deck analyze", STARTER, True)
    assert (data["total"], data["hand_size"], data["face_down"], data["kept_size"]) == (26, 8, 3, 5)
    assert data["face_down_order"] == README_ORDER
    draw = data["groups"]["draw"]
    assert draw["kinds"] == ["1", "2", "3"] and draw["copies"] == 7
    assert draw["opening"] == {"expected": 2.1538, "expected_exact": "28/13", "at_least_one_percent": 95.1621, "at_least_one_exact": "6019/6325"}
    assert list(data["kinds"]) == KINDS
    assert sum(Fraction(k["opening"]["expected_exact"]) for k in data["kinds"].values()) == 8
    assert sum(Fraction(k["kept"]["expected_exact"]) for k in data["kinds"].values()) == 5
    zero = data["queries"][1]
    # no 0 among 8 cards drawn from the 24 others
    assert zero["query"] == "0 of 0" and Fraction(zero["opening_exact"]) == Fraction(math.comb(24, 8), math.comb(26, 8))
    assert zero["opening_percent"] == round(100 * math.comb(24, 8) / math.comb(26, 8), 4)
    assert data["queries"][0]["meaning"] == "at least 2 of 7, 8, 9, 10"


def test_analyze_economy_follows_the_prices():
    data = json.loads(run("analyze", STARTER, "--json").stdout)
    economy = data["economy"]
    want_draw = [{"kind": k, "copies": STARTER_COUNTS[k], "per_copy": -PRICE[k], "total": -PRICE[k] * STARTER_COUNTS[k]} for k in KINDS if PRICE[k] < 0]
    want_discard = [{"kind": k, "copies": STARTER_COUNTS[k], "per_copy": PRICE[k], "total": PRICE[k] * STARTER_COUNTS[k]} for k in KINDS if PRICE[k] > 0]
    assert economy["draw"] == want_draw and economy["discard"] == want_discard
    assert (economy["cards_drawn"], economy["cards_discarded"], economy["net"]) == (2 + 4 + 3, 2 + 2 + 4 + 4, 9 - 12)
    assert economy["drawn_per_card"] == round(9 / 26, 4) and economy["discarded_per_card"] == round(12 / 26, 4)
    assert data["by_value"] == {k: STARTER_COUNTS[k] for k in KINDS}
    assert data["by_price"] == {"-2": 2, "-1": 5, "0": 11, "1": 4, "2": 4}


def test_analyze_text_on_the_starter_deck():
    result = run("analyze", STARTER, "--hand", "1+ of draw and 1+ of 9")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith(f"{STARTER}: 26 cards (+ Base); an opening hand of 8, then 3 placed face down and 5 kept\n")
    row = next(line for line in out.splitlines() if line.startswith("draw (1,2,3)"))
    assert row.split() == ["draw", "(1,2,3)", "7", "2.15", "95.16", "%", "1.23", "79.53", "%"]  # the README's figures
    assert "after the set-up the 5 kept hold at least one draw card in 79.53 % of games" in out
    assert "3 9 10 7 8 0 4 5 6 1 2" in out
    answer = next(line for line in out.splitlines() if line.startswith("1+ of draw and 1+ of 9"))
    a = analyze(STARTER_COUNTS, [read_query("1+ of draw and 1+ of 9")]).answers[0]
    assert answer.split()[-4:] == [f"{float(a.opening * 100):.2f}", "%", f"{float(a.kept * 100):.2f}", "%"]
    assert "in all: 9 drawn, 12 discarded, 3 more discarded than drawn" in out


def test_analyze_shows_the_curves_deck_stats_draws():
    stats = run("stats", STARTER).stdout
    curves = stats[stats.index("\nvalue\n") + 1 : stats.index("\n\nwhen played")]
    assert curves.count("\n") > 15 and curves in run("analyze", STARTER).stdout


def test_analyze_follows_the_deck_and_the_format(tmp_path):
    rules = write(tmp_path, "small.toml", 'name = "small"\n[total]\nmin = 1\nmax = 30\nexclude = ["Base"]\n')
    deck = write(tmp_path, "small.deck", "2 9\n1 1\n")
    data = json.loads(run("analyze", deck, "--rules", rules, "--json").stdout)
    assert (data["total"], data["hand_size"], data["kept_size"]) == (3, 3, 0)
    assert data["kinds"]["9"]["opening"]["at_least_one_exact"] == "1" and data["kinds"]["5"]["opening"]["at_least_one_exact"] == "0"
    assert run("analyze", deck).exit_code == 1  # not 26 cards: invalid under the standard format


def test_analyze_bad_input_exits_cleanly(tmp_path):
    missing = run("analyze", tmp_path / "none.deck")
    assert missing.exit_code == 2 and "no such file" in missing.stderr
    bad = run("analyze", write(tmp_path, "bad.deck", "27 5\n"))
    assert bad.exit_code == 1 and "wrong deck size" in bad.stderr and bad.stdout == ""
    data = json.loads(run("analyze", write(tmp_path, "bad2.deck", "27 5\n"), "--json").stdout)
    assert data["valid"] is False and data["groups"] is None and data["diagnostics"][0]["code"] == "wrong-total"
    for result in (missing, bad):
        assert result.exception is None or isinstance(result.exception, SystemExit)
    assert run("analyze", "-", input=Path(STARTER).read_text()).exit_code == 0


# --- pnp deck hands --------------------------------------------------------------------------


def hands_json(*args: str) -> dict:
    result = run("hands", STARTER, *args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_hands_same_seed_same_hands():
    one, two = hands_json("--seed", "7", "--count", "4"), hands_json("--seed", "7", "--count", "4")
    assert one == two and len(one["hands"]) == 4
    assert hands_json("--seed", "8", "--count", "4")["hands"] != one["hands"]
    assert run("hands", STARTER, "--seed", "7").stdout == run("hands", STARTER, "--seed", "7").stdout


def test_hands_are_opening_hands_of_the_deck():
    data = hands_json("--seed", "11", "--count", "200")
    assert list(data) == ["schema", "command", "file", "valid", "diagnostics", "seed", "count", "hand_size", "hands"]
    assert (data["command"], data["seed"], data["count"], data["hand_size"]) == ("deck hands", 11, 200, 8)
    deck = Counter(STARTER_COUNTS)
    for hand in data["hands"]:
        cards = Counter(hand["cards"])
        assert len(hand["cards"]) == 8 and not cards - deck  # 8 cards the deck holds
        assert Counter(hand["face_down"]) == reference_face_down(hand["cards"])
        assert Counter(hand["face_down"]) + Counter(hand["kept"]) == cards and len(hand["kept"]) == 5
    # a fresh shuffle each time: across 200 hands every kind turns up
    assert set().union(*(h["cards"] for h in data["hands"])) == set(KINDS)
    # "cards" come as drawn, in no fixed order: some two kinds come in either order
    before = {(a, b) for h in data["hands"] for i, a in enumerate(h["cards"]) for b in h["cards"][i + 1 :] if a != b}
    assert any((b, a) in before for a, b in before)


def test_hands_deal_as_a_player_shuffles():
    """Shuffling the deck and drawing 8 gives each kind in the hand n*K/N times on average."""
    hands = sample_hands(STARTER_COUNTS, 4000, seed=5)
    seen = Counter(c for h in hands for c in h.cards)
    for kind, copies in STARTER_COUNTS.items():
        mean, p = seen[kind] / len(hands), copies / 26
        sd = math.sqrt(8 * p * (1 - p) * (26 - 8) / 25 / len(hands))
        assert abs(mean - 8 * p) < 5 * sd, kind


def test_hands_without_a_seed_print_one_that_repeats_them():
    first = run("hands", STARTER, "--count", "3")
    assert first.exit_code == 0
    seed = re.fullmatch(r"seed: (\d+)\n", first.stderr).group(1)
    assert first.stdout.splitlines()[0] == f"{STARTER}: 3 opening hands of 8, seed {seed}"
    assert run("hands", STARTER, "--count", "3", "--seed", seed).stdout == first.stdout


def test_hands_text_lists_each_hand_sorted():
    data = hands_json("--seed", "3", "--count", "2")
    lines = run("hands", STARTER, "--seed", "3", "--count", "2").stdout.splitlines()
    assert len(lines) == 3
    for i, (line, hand) in enumerate(zip(lines[1:], data["hands"]), 1):
        number, rest = line.split(maxsplit=1)
        cards, down_kept = rest.split("face down")
        assert number == str(i) and cards.split() == sorted(hand["cards"], key=KINDS.index)
        down, kept = down_kept.split(", kept")
        assert down.split() == sorted(hand["face_down"], key=KINDS.index) and kept.split() == sorted(hand["kept"], key=KINDS.index)


@pytest.mark.parametrize("args, code", [(["--count", "0"], 2), (["--count", "x"], 2), (["--seed", "-1"], 2), (["--count", "1001"], 2)])
def test_hands_usage_errors(args, code):
    result = run("hands", STARTER, *args)
    assert result.exit_code == code and result.stdout == ""


def test_hands_bad_input_exits_cleanly(tmp_path):
    missing = run("hands", tmp_path / "none.deck", "--seed", "1")
    assert missing.exit_code == 2 and "no such file" in missing.stderr
    bad = run("hands", write(tmp_path, "bad.deck", "25 5\n"), "--seed", "1", "--json")
    data = json.loads(bad.stdout)
    assert bad.exit_code == 1 and data["valid"] is False and data["hands"] is None and data["seed"] is None


def test_a_long_query_is_cut_around_the_caret_and_wide_characters_count_two_cells():
    query = "1+ of 7 and " * 20 + "1+ of dragon"
    with pytest.raises(QueryError) as caught:
        read_query(query)
    column = caught.value.column
    assert column == len(query) - len("dragon") + 1
    _, echo, caret = caught.value.pointed(query).split("\n")
    assert echo.startswith("  ...") and len(echo) < 80  # cut: only the part near the column is shown
    assert echo[caret.index("^") :].startswith("dragon")
    with pytest.raises(QueryError) as caught:
        read_query("1 of 漢字")
    _, echo, caret = caught.value.pointed("1 of 漢字").split("\n")
    assert caught.value.column == 6 and caret == "  " + " " * 5 + "^"
    with pytest.raises(QueryError) as caught:
        read_query("\x1b of 7")
    assert "\\x1b" in caught.value.pointed("\x1b of 7") and caught.value.column == 1
    with pytest.raises(QueryError) as caught:
        read_query("  ")
    assert caught.value.pointed("  ") == "column 1: " + caught.value.message  # nothing to point at
    with pytest.raises(QueryError, match="keep it under"):
        read_query("1 of 7 or " * 100)
    with pytest.raises(QueryError) as caught:
        read_query("1 of 7-dragon")
    assert caught.value.column == 8 and "unknown card" in caught.value.message
    with pytest.raises(QueryError) as caught:
        read_query("1 of 7-,8")
    assert caught.value.column == 8 and "end the run" in caught.value.message


@pytest.mark.parametrize(
    "query, meaning",
    [
        ("2- of 9", "at most 2 of 9"),
        ("1-2 of 10,9", "1 to 2 of 9, 10"),
        ("0 of 0 or 1+ of 1 and 1 of 2", "exactly 0 of 0 or (at least 1 of 1 and exactly 1 of 2)"),
    ],
)
def test_a_query_is_read_back_in_words(query, meaning):
    assert read_query(query).meaning(KINDS) == meaning


@pytest.mark.parametrize(
    "p, shown",
    [(Fraction(0), "0 %"), (Fraction(1), "100 %"), (Fraction(1, 10**6), "<0.01 %"), (1 - Fraction(1, 10**6), ">99.99 %"), (Fraction(6019, 6325), "95.16 %")],
)
def test_percentages_never_round_a_chance_to_never_or_always(p, shown):
    from pnp.games.power_lines_cards.analysis.odds import percent

    assert percent(p) == shown
