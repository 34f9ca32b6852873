"""Floods (issue 29, fault 7): an input with a great many findings, or a huge token on the command
line or in the environment, still gets a short answer.

The README, What pnp reads and writes: "Messages show control characters escaped (`\\x1b`) and
shorten tokens over 100 characters; after 10 findings of one kind the rest are counted on one
line." JSON output: one envelope per input, matching schemas/pnp-1.schema.json, the same findings
as the text: at most 10 of a kind listed, the rest counted by kind in `diagnostics_omitted`."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import jsonschema
import pytest
from typer.testing import CliRunner

from pnp.commands.cli import app
from pnp.core.diagnostics import SHOWN_PER_CODE

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "schemas" / "pnp-1.schema.json").read_text())
STARTER = ROOT / "decks" / "starter.deck"
EXAMPLE_PTL = ROOT / "decks" / "paint-the-line" / "example.ptl"
runner = CliRunner()

MIB = 1 << 20


def pnp(*args: object, env: dict[str, str] | None = None):
    return runner.invoke(app, [str(a) for a in args], env=env)


def envelopes(result, command: str) -> list[dict]:
    """The command's --json output, checked against its schema, as a list of envelopes."""
    data = json.loads(result.stdout)
    one = {"$ref": f"#/$defs/{command}"}
    jsonschema.validate(data, {**SCHEMA, **(one if not isinstance(data, list) else {"type": "array", "items": one})})
    return data if isinstance(data, list) else [data]


def text_notes(stderr: str) -> dict[str, int]:
    """What the text output counts past the cap: `... and N more findings like those above (CODE)`, by kind."""
    notes = re.findall(r"\.\.\. and ([\d,]+) more findings? like those above \((\S+)\)", stderr)
    return {code: int(n.replace(",", "")) for n, code in notes}


# --- findings: at most 10 of a kind, in JSON as in text -------------------------------------------------

# command -> the name of a file it reads; each line `x` is a finding of one kind in every format.
FLOODED = {
    "paint-the-line check": "game.ptl",
    "paint-the-line score": "game.ptl",
    "ley-lines check": "game.leylines",
    "ley-lines score": "game.leylines",
    "deck validate": "my.deck",
    "deck stats": "my.deck",
    "solitaire check": "deal.tiles",
    "power-lines score": "game.record",
}


@pytest.mark.parametrize("command", FLOODED)
def test_json_lists_ten_findings_of_a_kind_and_counts_the_rest_as_the_text_does(tmp_path, command):
    path = tmp_path / FLOODED[command]
    path.write_text("x\n" * 1000)
    text = pnp(*command.split(), path)
    result = pnp(*command.split(), path, "--json")
    assert result.exit_code == text.exit_code == 1, result.output
    (envelope,) = envelopes(result, command)
    listed = Counter(d["code"] for d in envelope["diagnostics"])
    assert max(listed.values()) == SHOWN_PER_CODE
    assert envelope["diagnostics_omitted"] == text_notes(text.stderr)
    assert sum(envelope["diagnostics_omitted"].values()) + sum(listed.values()) >= 1000  # a finding a line, at least
    assert len(result.stdout) < 10_000


def test_the_json_of_several_kinds_keeps_file_order_and_counts_each_kind(tmp_path):
    path = tmp_path / "game.ptl"
    path.write_text("x\n" * 15 + "pick 9 red a1\n" * 12 + "pick 1 mauve a1\n" * 3)
    (envelope,) = envelopes(pnp("paint-the-line", "check", path, "--json"), "paint-the-line check")
    assert [(d["code"], d["line"]) for d in envelope["diagnostics"]] == (
        [("unknown-line", n) for n in range(1, 11)] + [("bad-player", n) for n in range(16, 26)] + [("bad-colour", n) for n in range(28, 31)]
    )
    assert list(envelope["diagnostics_omitted"].items()) == [("unknown-line", 5), ("bad-player", 2)]


@pytest.mark.parametrize(
    "lines, omitted", [(SHOWN_PER_CODE - 1, None), (SHOWN_PER_CODE, None), (SHOWN_PER_CODE + 1, {"unknown-line": 1})], ids=["9", "10", "11"]
)
def test_nothing_left_out_no_count(tmp_path, lines, omitted):
    path = tmp_path / "game.ptl"
    path.write_text("x\n" * lines)
    (envelope,) = envelopes(pnp("paint-the-line", "check", path, "--json"), "paint-the-line check")
    assert len(envelope["diagnostics"]) == min(lines, SHOWN_PER_CODE)
    assert envelope.get("diagnostics_omitted") == omitted


def test_each_file_of_several_counts_its_own(tmp_path):
    a, b = tmp_path / "a.deck", tmp_path / "b.deck"
    a.write_text("x\n" * 30)
    b.write_text("x\n" * 5 + "26 Base\n")
    data = envelopes(pnp("deck", "validate", a, b, STARTER, "--json"), "deck validate")
    assert data[0]["diagnostics_omitted"] == {"malformed": 20}
    assert "diagnostics_omitted" not in data[1] and len(data[1]["diagnostics"]) == 7  # 5 lines, 1 too many copies, 1 wrong size
    assert "diagnostics_omitted" not in data[2] and data[2]["valid"]


@pytest.mark.parametrize("command, name", [("paint-the-line check", "flood.ptl"), ("ley-lines check", "flood.leylines")])
def test_a_whole_mebibyte_of_bad_lines_prints_a_short_envelope(tmp_path, command, name):
    """The issue's flood: 524,288 findings, one a line; pnp printed 125 MB of JSON."""
    path = tmp_path / name
    path.write_bytes(b"x\n" * (MIB // 2))
    result = pnp(*command.split(), path, "--json")
    assert result.exit_code == 1
    assert len(result.stdout) < 10_000
    (envelope,) = envelopes(result, command)
    assert len(envelope["diagnostics"]) <= 2 * SHOWN_PER_CODE
    assert envelope["diagnostics_omitted"]["unknown-line"] == MIB // 2 - SHOWN_PER_CODE


# --- tokens over 100 characters: shortened wherever they are echoed -----------------------------------------

LONG = "x" * 100_000
SPACED = "a b " * 25_000  # one token all the same: a command-line argument, 100,000 characters


def short_and_says_so(text: str) -> None:
    assert len(text) < 3_000, f"{len(text):,} characters"
    assert "characters)" in text  # the shortened token says how long it was


@pytest.fixture(params=[LONG, SPACED], ids=["long", "long-with-spaces"])
def token(request) -> str:
    return request.param


@pytest.mark.parametrize(
    "args",
    [
        pytest.param(["build", "--paper", "{t}"], id="build --paper"),
        pytest.param(["build", "power-lines", "--paper", "{t}"], id="build power-lines --paper"),
        pytest.param(["paint-the-line", "show", EXAMPLE_PTL, "--paper", "{t}", "-o", "{tmp}/p.pdf"], id="paint-the-line show --paper"),
        pytest.param(["deck", "hands", STARTER, "--seed", "{t}"], id="deck hands --seed"),
        pytest.param(["deck", "hands", STARTER, "--count", "{t}"], id="deck hands --count"),
        pytest.param(["solitaire", "deal", "--seed", "{t}"], id="solitaire deal --seed"),
        pytest.param(["export", "print-shop", "power-lines-cards", "--trim", "{t}", "-o", "{tmp}/shop"], id="export print-shop --trim"),
        pytest.param(["export", "tts", "{t}", "-o", "{tmp}/tts"], id="export tts GAME"),
        pytest.param(["{t}"], id="unknown command"),
        pytest.param(["deck", "{t}"], id="unknown deck command"),
        pytest.param(["deck", "validate", "--{t}"], id="unknown option"),
        pytest.param(["solitaire", "check", "{tmp}/deal.tiles", "{t}"], id="extra argument"),
        pytest.param(["deck", "validate", "{t}"], id="deck validate FILE"),
        pytest.param(["paint-the-line", "check", "{t}"], id="paint-the-line check FILE"),
    ],
)
def test_a_long_token_on_the_command_line_is_shortened_in_the_message(tmp_path, token, args):
    result = pnp(*[str(a).format(t=token, tmp=tmp_path) for a in args])
    assert result.exit_code == 2, result.output[:1000]
    short_and_says_so(result.output)


@pytest.mark.parametrize(
    "args, command",
    [
        pytest.param(["paint-the-line", "show", EXAMPLE_PTL, "--paper", "{t}", "-o", "{tmp}/p.pdf"], "paint-the-line show", id="paint-the-line show --paper"),
        pytest.param(["deck", "hands", STARTER, "--seed", "{t}"], "deck hands", id="deck hands --seed"),
        pytest.param(["export", "tts", "{t}", "-o", "{tmp}/tts"], "export tts", id="export tts GAME"),
        pytest.param(["deck", "validate", "--{t}"], "deck validate", id="unknown option"),
        pytest.param(["deck", "validate", "{t}"], "deck validate", id="deck validate FILE"),
    ],
)
def test_a_long_token_is_shortened_in_the_json_message_too(tmp_path, token, args, command):
    result = pnp(*[str(a).format(t=token, tmp=tmp_path) for a in args], "--json")
    assert result.exit_code == 2, result.output[:1000]
    for envelope in envelopes(result, command):
        for d in envelope["diagnostics"]:
            short_and_says_so(d["message"])  # the `file` field is data: the name whole


@pytest.mark.parametrize(
    "args",
    [
        pytest.param(["build", "power-lines", "--out", "{tmp}/kit"], id="build power-lines"),
        pytest.param(["paint-the-line", "show", EXAMPLE_PTL, "-o", "{tmp}/p.pdf"], id="paint-the-line show"),
        pytest.param(["paint-the-line", "show", EXAMPLE_PTL, "-o", "{tmp}/p.pdf", "--json"], id="paint-the-line show --json"),
    ],
)
def test_a_long_pnp_paper_is_shortened_in_the_message(tmp_path, token, args):
    result = pnp(*[str(a).format(tmp=tmp_path) for a in args], env={"PNP_PAPER": token})
    assert result.exit_code == 2, result.output[:1000]
    short_and_says_so(result.output)
    assert not (tmp_path / "kit").exists() and not (tmp_path / "p.pdf").exists()


def test_a_long_file_name_is_shortened_where_findings_name_it(tmp_path):
    folder = tmp_path / ("a folder of decks " * 8)
    folder.mkdir()
    path = folder / "my deck.deck"
    path.write_text("x\n")
    result = pnp("deck", "validate", path)
    assert result.exit_code == 1
    assert str(path) not in result.stderr
    assert all(len(line) < 300 for line in result.stderr.splitlines())
    assert "characters)..." in result.stderr and "/my deck.deck:1:1: error: expected `COUNT CARD`" in result.stderr
