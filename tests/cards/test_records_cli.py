"""`pnp cards check|score|show|random` through the real `pnp` command: exit codes, findings at
FILE:LINE:COL, --json envelopes valid against the shipped schema, and a seed that makes the same
record byte for byte."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from typer.testing import CliRunner

from pnp.commands import schema
from pnp.commands.cli import app
from pnp.core.resources import deck_file

runner = CliRunner()
STARTER = str(deck_file("starter.deck"))
SCHEMA = json.loads((Path(__file__).resolve().parents[2] / "schemas" / schema.FILE).read_text())


def run(*args: str, input: str | None = None):
    return runner.invoke(app, ["cards", *map(str, args)], input=input)


def valid_envelope(command: str, text: str) -> dict:
    found = json.loads(text)
    jsonschema.Draft202012Validator({"$defs": SCHEMA["$defs"], "$ref": f"#/$defs/{command}"}).validate(found)
    return found


@pytest.fixture(scope="module")
def record(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("cards") / "game.plc"
    result = run("random", STARTER, STARTER, "--seed", "3", "--players", "greedy,random", "-o", path)
    assert result.exit_code == 0, result.output
    return path


def test_random_is_the_same_record_for_the_same_seed_and_another_for_another():
    one, two = run("random", STARTER, STARTER, "--seed", "8"), run("random", STARTER, STARTER, "--seed", "8")
    assert one.exit_code == two.exit_code == 0 and one.stdout == two.stdout
    assert one.stdout.startswith("# Power Lines (card game): greedy (A) against greedy (B)\n")
    assert run("random", STARTER, STARTER, "--seed", "9").stdout != one.stdout
    made = valid_envelope("cards random", run("random", STARTER, STARTER, "--seed", "8", "--json").stdout)
    assert made["record"] == one.stdout and made["players"] == "greedy,greedy" and made["deck_a"] == STARTER


def test_random_refuses_a_bad_deck_as_the_deck_commands_do_and_an_unknown_player(tmp_path):
    short = tmp_path / "short.deck"
    short.write_text("3 5\n")
    result = run("random", short, STARTER)
    assert result.exit_code == 1 and f"{short}:1:" in result.stderr and "wrong deck size" in result.stderr
    assert run("random", STARTER, STARTER, "--players", "greedy,clever").exit_code == 2
    assert run("random", STARTER, STARTER, "--players", "greedy").exit_code == 2


def test_check_and_score_a_finished_record(record):
    checked = run("check", record)
    assert checked.exit_code == 0 and "valid record: " in checked.stderr and "finished: " in checked.stderr
    found = valid_envelope("cards check", run("check", record, "--json").stdout)
    assert found["valid"] and found["finished"] and found["to_move"] is None
    scored = valid_envelope("cards score", run("score", record, "--json").stdout)
    assert scored["finished"] and scored["ending"] == found["ending"] and scored["winner"] == found["winner"]
    assert run("score", record).stdout.strip().endswith(("A wins", "B wins", "a draw"))


def test_an_unfinished_record_says_who_leads(record, tmp_path):
    lines = record.read_text().splitlines()
    cut = tmp_path / "cut.plc"
    cut.write_text("\n".join(lines[: lines.index("turn 6 A") if "turn 6 A" in lines else lines.index("turn 6 B")]) + "\n")
    result = run("score", cut)
    assert result.exit_code == 0 and result.stdout.startswith("unfinished after 5 turns: ")
    scored = valid_envelope("cards score", run("score", cut, "--json").stdout)
    assert not scored["finished"] and scored["winner"] is None and scored["turns"] == 5


def test_an_illegal_line_is_refused_at_its_line_and_column_with_exit_1(record, tmp_path):
    text = record.read_text()
    broken = tmp_path / "broken.plc"
    broken.write_text(text.replace("\nturn 1 A\n", "\nturn 1 A\ndominate 40,40\n", 1).replace("\nturn 1 B\n", "\nturn 1 B\ndominate 40,40\n", 1))
    result = run("check", broken)
    line = broken.read_text().splitlines().index("dominate 40,40") + 1
    assert result.exit_code == 1 and f"{broken}:{line}:10: error: 40,40 holds no enemy card; legal here: " in result.stderr
    found = valid_envelope("cards check", run("check", broken, "--json").stdout)
    assert not found["valid"] and found["diagnostics"][0]["line"] == line and found["turns"] is None
    assert run("score", broken).exit_code == 1
    assert run("check", tmp_path / "missing.plc").exit_code == 2


def test_show_draws_a_turn_and_refuses_one_past_the_last(record, tmp_path):
    out = tmp_path / "turn2.svg"
    shown = valid_envelope("cards show", run("show", record, "--turn", "2", "-o", out, "--json").stdout)
    assert shown["turn"] == 2 and out.read_text().startswith("<")
    assert run("show", record, "--turn", "999", "-o", out).exit_code == 2


def test_pnp_list_names_both_groups_of_the_card_game():
    listed = runner.invoke(app, ["list"]).stdout
    assert "pnp deck validate" in listed and "pnp cards check" in listed and "pnp cards random" in listed


def test_random_plays_under_a_variant_file_and_its_record_names_the_readings(tmp_path):
    near = tmp_path / "near.toml"
    near.write_text("bases_apart = 5\ncorners_border = true\n")
    made = run("random", STARTER, STARTER, "--seed", "4", "--variant", near)
    assert made.exit_code == 0, made.output
    assert "reading bases_apart = 5\n" in made.stdout and "reading corners_border = true\n" in made.stdout
    assert made.stdout != run("random", STARTER, STARTER, "--seed", "4").stdout  # the Bases 5 apart play another game
    played = tmp_path / "near.plc"
    played.write_text(made.stdout)
    assert run("check", played).exit_code == 0  # the record carries its readings: checked under them
    assert valid_envelope("cards random", run("random", STARTER, STARTER, "--seed", "4", "--variant", near, "--json").stdout)["variant"] == str(near)


def test_random_refuses_a_bad_variant_file_at_its_line_and_column(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("bases_apart = 5\ncorner_border = true\n")
    result = run("random", STARTER, STARTER, "--seed", "4", "--variant", bad)
    assert result.exit_code == 1 and f"{bad}:2:1: error: unknown reading 'corner_border'; did you mean corners_border?" in result.stderr
    assert "Traceback" not in result.output
