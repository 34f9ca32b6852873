"""`--cards FILE`: another card catalogue (decks/power-lines-cards.toml's TOML, the same cards) in
force for every command that reads cards; checked like pnp's, every mistake at its line."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.commands.cli import app
from pnp.core.resources import deck_file
from pnp.games.power_lines_cards.rules.catalogue import CATALOGUE_FILE, cards_from, catalogue, shipped
from pnp.games.power_lines_cards.rules.engine import load_deck
from pnp.games.power_lines_cards.rules.table import base_value, prices, printed_values
from tests.helpers.pdfgeom import read_pages

STARTER = str(deck_file("starter.deck"))
SHIPPED = deck_file(CATALOGUE_FILE).read_text()


def run(*args: str):
    return CliRunner().invoke(app, list(args))


def edited(tmp_path: Path, name: str, card: str, key: str, value: str) -> Path:
    """pnp's catalogue with one key of one card changed: `key = value` in the [[card]] named `card`."""
    at = SHIPPED.index(f'name = "{card}"')
    start = SHIPPED.index(f"\n{key} = ", at - 1) + 1
    end = SHIPPED.index("\n", start)
    path = tmp_path / name
    path.write_text(SHIPPED[:start] + f"{key} = {value}" + SHIPPED[end:])
    return path


@pytest.fixture
def dear_six(tmp_path) -> Path:
    """Card 6 costs 1 (discard a card) instead of 0."""
    return edited(tmp_path, "six.toml", "6", "price", "1")


def as_json(*args: str) -> dict:
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_the_catalogue_and_what_follows_from_it_are_pnps_again_after_the_block(dear_six):
    assert prices()["6"] == 0
    with cards_from(dear_six) as chosen:
        assert chosen is catalogue() and chosen is not shipped()
        assert prices()["6"] == 1 and chosen["6"].price == 1
        assert printed_values() == {c.name: c.value for c in shipped().kinds} and base_value() == shipped().base.value
    assert catalogue() is shipped() and prices()["6"] == 0


def test_a_dearer_six_moves_the_starters_sixes_from_free_to_discard_in_stats_and_analyze(dear_six):
    sixes = load_deck(deck_file("starter.deck")).counts["6"]
    assert sixes > 0
    before, after = as_json("deck", "stats", STARTER), as_json("deck", "stats", STARTER, "--cards", str(dear_six))
    assert after["when_played"]["free"] == before["when_played"]["free"] - sixes
    assert after["when_played"]["discard"] == before["when_played"]["discard"] + sixes
    assert after["cards_discarded"] == before["cards_discarded"] + sixes
    before, after = as_json("deck", "analyze", STARTER), as_json("deck", "analyze", STARTER, "--cards", str(dear_six))
    assert after["economy"]["cards_discarded"] == before["economy"]["cards_discarded"] + sixes
    # The set-up places the dearest cards face down: a 6 that costs a discard now goes before the free cards.
    order = after["face_down_order"]
    assert order.index("6") < order.index("5") and before["face_down_order"].index("6") > before["face_down_order"].index("5")


def test_a_dearer_six_makes_the_starter_slower_to_goldfish(dear_six):
    games = ("--games", "300", "--seed", "4")
    before = as_json("deck", "goldfish", STARTER, *games)
    after = as_json("deck", "goldfish", STARTER, *games, "--cards", str(dear_six))
    # Each 6 played now costs a card from the hand: the Base falls later, the 6 is played less.
    assert after["mean"] > before["mean"]
    assert after["fastest_cards"]["6"] < before["fastest_cards"]["6"]


def test_validate_compare_and_report_take_it(dear_six, tmp_path):
    assert run("deck", "validate", STARTER, "--cards", str(dear_six)).exit_code == 0
    compared = as_json("deck", "compare", STARTER, STARTER, "--cards", str(dear_six))
    assert compared["economy"]["cards_discarded"]["a"] == as_json("deck", "stats", STARTER, "--cards", str(dear_six))["cards_discarded"]
    out = tmp_path / "r.pdf"
    made = run("deck", "report", STARTER, "--cards", str(dear_six), "--games", "50", "-o", str(out))
    assert made.exit_code == 0, made.output
    assert "VARIANT cards: the values and prices of six.toml" in " ".join(read_pages(out)[0].text.split())


def test_a_bad_catalogue_is_refused_at_its_line_and_column(tmp_path):
    wrong_type = edited(tmp_path, "a.toml", "6", "value", '"six"')
    result = run("deck", "validate", STARTER, "--cards", str(wrong_type))
    line = wrong_type.read_text().splitlines().index('value = "six"') + 1
    assert result.exit_code == 1
    assert f"{wrong_type}:{line}:1: error: card.value: a whole number is expected" in result.output
    renamed = edited(tmp_path, "b.toml", "7", "name", '"seven"')
    result = run("deck", "goldfish", STARTER, "--cards", str(renamed))
    line = renamed.read_text().splitlines().index('name = "seven"') + 1
    assert result.exit_code == 1
    assert re.search(rf"b\.toml:{line}:1: error: card\.name: 'seven' where '7' should be", result.output)
    assert catalogue() is shipped()


def test_a_record_played_with_a_dearer_six_checks_only_under_that_catalogue(dear_six, tmp_path):
    record = tmp_path / "g.plc"
    made = run("cards", "random", STARTER, STARTER, "--seed", "1", "--cards", str(dear_six), "-o", str(record))
    assert made.exit_code == 0, made.output
    text = record.read_text()
    assert f"--cards {dear_six}" in text.splitlines()[1]  # the record says how it was made
    at = next(i for i, line in enumerate(text.splitlines(), 1) if line.startswith("play 6 ") and " discard " in line)
    refused = run("cards", "check", str(record))
    assert refused.exit_code == 1 and f"g.plc:{at}:" in refused.output and "a 6 discards nothing here" in refused.output
    assert run("cards", "check", str(record), "--cards", str(dear_six)).exit_code == 0
    assert run("cards", "score", str(record), "--cards", str(dear_six)).exit_code == 0
    drawn = run("cards", "show", str(record), "--cards", str(dear_six), "-o", str(tmp_path / "g.pdf"))
    assert drawn.exit_code == 0, drawn.output


def test_built_cards_show_the_changed_number_and_the_variant_mark(dear_six, tmp_path):
    def fronts(*args: str) -> list[str]:
        out = tmp_path / f"out{len(args)}"
        result = run("build", "power-lines-cards", "--format", "pdf", "--out", str(out), "-q", *args)
        assert result.exit_code == 0, result.output
        return [" ".join(p.text.split()) for p in read_pages(out / "power-lines-cards.pdf") if "CARD " in p.text]

    plain, variant = fronts(), fronts("--cards", str(dear_six))
    assert not any("VARIANT" in page for page in plain)
    faces = sum(page.count("CARD ") + page.count("BASE") for page in variant)
    assert sum(page.count("VARIANT") for page in variant) == faces  # every face marked
    # The starter deck, printed for both players, holds three 6s each: six faces now say +1, discard 1, not 0, free.
    sixes = 2 * load_deck(deck_file("starter.deck")).counts["6"]

    def said(pages: list[str], words: str) -> int:
        return sum(page.count(words) for page in pages)

    assert said(variant, "discard 1") == said(plain, "discard 1") + sixes
    assert said(variant, "free") == said(plain, "free") - sixes
    assert said(variant, "CARD 6") == said(plain, "CARD 6") == sixes


def test_match_and_gauntlet_play_under_the_catalogue_in_every_worker(dear_six, tmp_path):
    # A deck of eight 6s against the starter: a 6 that costs a discard makes it weaker. The games
    # are shared among worker processes started afresh (a fork server): they play under the
    # catalogue too, so one process and two give the same games.
    sixes = tmp_path / "sixes.deck"
    sixes.write_text("8 6\n3 5\n3 4\n2 7\n2 8\n2 9\n2 10\n2 1\n2 3\n1 Base\n")
    figures = ("wins", "draws", "losses", "endings", "mean_turns", "cards")
    plain = as_json("deck", "match", str(sixes), STARTER, "--games", "80", "--jobs", "2")
    dear = [as_json("deck", "match", str(sixes), STARTER, "--games", "80", "--jobs", jobs, "--cards", str(dear_six)) for jobs in ("1", "2")]
    assert {k: dear[0][k] for k in figures} == {k: dear[1][k] for k in figures}
    assert plain["win_percent"] > dear[0]["win_percent"]
    gauntlet = [as_json("deck", "gauntlet", str(sixes), STARTER, "--games", "80", *extra) for extra in ((), ("--cards", str(dear_six)))]
    assert gauntlet[0] != gauntlet[1]
