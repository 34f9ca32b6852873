"""The one CLI contract, walked over every command the game registry gives pnp: each takes -h and
ends its help with an example; with --json each prints an envelope that matches its JSON Schema
(schemas/pnp-1.schema.json) on a valid input, an invalid one and a missing file (exit 0, 1, 2);
and `pnp build`'s common options mean the same before and after a target."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest
from typer.testing import CliRunner

from pnp.commands.cli import app, app_command
from pnp.games.registry import GAMES

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "schemas" / "pnp-1.schema.json").read_text())
DECKS = ROOT / "decks"
runner = CliRunner()


def pnp(*args: str):
    return runner.invoke(app, [str(a) for a in args])


def commands() -> list[tuple[str, ...]]:
    """Every command pnp has, as typed: the registry's groups and their commands, the build targets."""
    root = app_command()
    found: list[tuple[str, ...]] = [("list",), ("help",), ("build",)]
    found += [("build", game.id) for game in GAMES]
    for group in [name for game in GAMES for name in game.groups] + ["export"]:
        found.append((group,))
        found += [(group, name) for name in root.get_command(None, group).list_commands(None)]
    return found


@pytest.mark.parametrize("command", commands(), ids=" ".join)
def test_every_command_takes_dash_h_and_its_help_ends_with_an_example(command):
    result = pnp(*command, "-h")
    assert result.exit_code == 0, result.output
    last = [line.strip(" │") for line in result.stdout.splitlines() if line.strip(" │")]
    assert any(line.startswith("Example") for line in last[-4:]), last[-4:]
    assert last[-1].startswith(f"pnp {command[0]}"), last[-1]  # a command line of this command's own


@pytest.fixture(scope="module")
def inputs(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("inputs")
    files = {
        "deck": DECKS / "starter.deck",
        "record": DECKS / "power-lines" / "example.record",
        "board": DECKS / "paint-the-line" / "example.board",
        "ptl": DECKS / "paint-the-line" / "example.ptl",
        "leylines": DECKS / "ley-lines" / "example.leylines",
    }
    assert pnp("solitaire", "deal", "--seed", "3", "-o", folder / "deal.tiles").exit_code == 0
    assert pnp("solitaire", "solve", folder / "deal.tiles", "-o", folder / "best.layout").exit_code == 0
    assert pnp("cards", "random", DECKS / "starter.deck", DECKS / "starter.deck", "--seed", "3", "-o", folder / "game.plc").exit_code == 0
    files |= {"tiles": folder / "deal.tiles", "layout": folder / "best.layout", "plc": folder / "game.plc", "out": folder}
    for name, text in {
        "bad_deck": "27 5\n",
        "bad_record": "2S @ 0,0\n",
        "bad_board": "player 1: red green\n",
        "bad_ptl": "pick 1 red a1\npick 2 red c1\n",
        "bad_leylines": "players: sun\n",
        "bad_plc": "deck A: 5\n",
        "bad_tiles": "1 nM 4C 3A .\n",
        "bad_layout": "1 2 3\n",
        "bad_toml": 'name = "x"\nbaned = ["6"]\n',
    }.items():
        path = folder / name.replace("_", ".")
        path.write_text(text)
        files[name] = path
    return files


# command -> its arguments for (a valid input, an invalid one, a missing file); `{name}` is an input above.
RUNS = {
    ("deck", "validate"): (["{deck}"], ["{bad_deck}"], ["{missing}"]),
    ("deck", "stats"): (["{deck}"], ["{bad_deck}"], ["{missing}"]),
    ("deck", "analyze"): (["{deck}", "--hand", "2+ of 7-10"], ["{bad_deck}"], ["{missing}"]),
    ("deck", "hands"): (["{deck}", "--seed", "3"], ["{bad_deck}"], ["{missing}"]),
    ("deck", "goldfish"): (["{deck}", "--games", "20", "--vs", "{deck}"], ["{bad_deck}"], ["{missing}"]),
    ("deck", "report"): (
        ["{deck}", "--games", "20", "-o", "{out}/report.pdf"],
        ["{bad_deck}", "--games", "20", "-o", "{out}/bad-report.pdf"],
        ["{missing}", "-o", "{out}/none.pdf"],
    ),
    ("deck", "compare"): (["{deck}", "{deck}", "--goldfish", "--games", "20"], ["{deck}", "{bad_deck}"], ["{deck}", "{missing}"]),
    ("deck", "random"): (["--seed", "4"], ["--rules", "{bad_toml}"], ["--rules", "{missing}"]),
    ("deck", "match"): (["{deck}", "{deck}", "--games", "2", "--ablate"], ["{deck}", "{bad_deck}"], ["{missing}", "{deck}"]),
    ("deck", "gauntlet"): (["{deck}", "{deck}", "--games", "2", "--record-games", "{out}/gauntlet"], ["{deck}", "{bad_deck}"], ["{deck}", "{missing}"]),
    ("power-lines", "score"): (["{record}"], ["{bad_record}"], ["{missing}"]),
    ("power-lines", "show"): (
        ["{record}", "-o", "{out}/power-lines.svg"],
        ["{bad_record}", "-o", "{out}/bad-power-lines.svg"],
        ["{missing}", "-o", "{out}/none.svg"],
    ),
    ("power-lines", "replay"): (["{record}", "-o", "{out}/power-lines.html"], ["{bad_record}", "-o", "{out}/bad-power-lines.html"], ["{missing}"]),
    ("power-lines", "random"): (["--seed", "4"], None, None),  # reads no file
    ("solitaire", "deal"): (["--seed", "3"], None, None),  # reads no file
    ("solitaire", "check"): (["{tiles}"], ["{bad_tiles}"], ["{missing}"]),
    ("solitaire", "score"): (["{tiles}", "{layout}"], ["{tiles}", "{bad_layout}"], ["{tiles}", "{missing}"]),
    ("solitaire", "show"): (["{tiles}", "{layout}", "-o", "{out}/layout.svg"], ["{tiles}", "{bad_layout}"], ["{tiles}", "{missing}"]),
    ("solitaire", "solve"): (["{tiles}", "--time-limit", "3600"], ["{bad_tiles}"], ["{missing}"]),
    ("paint-the-line", "score"): (["{board}"], ["{bad_board}"], ["{missing}"]),
    ("paint-the-line", "check"): (["{ptl}"], ["{bad_ptl}"], ["{missing}"]),
    ("paint-the-line", "show"): (["{ptl}", "-o", "{out}/ptl.svg"], ["{bad_ptl}", "-o", "{out}/bad-ptl.svg"], ["{missing}", "-o", "{out}/none-ptl.svg"]),
    ("paint-the-line", "replay"): (["{ptl}", "-o", "{out}/ptl.html"], ["{bad_ptl}", "-o", "{out}/bad-ptl.html"], ["{missing}", "-o", "{out}/none-ptl.html"]),
    ("paint-the-line", "random"): (["--seed", "3"], None, None),
    ("ley-lines", "check"): (["{leylines}"], ["{bad_leylines}"], ["{missing}"]),
    ("ley-lines", "score"): (["{leylines}"], ["{bad_leylines}"], ["{missing}"]),
    ("ley-lines", "show"): (["{leylines}", "-o", "{out}/shown.svg"], ["{bad_leylines}", "-o", "{out}/bad.svg"], ["{missing}", "-o", "{out}/none.svg"]),
    ("ley-lines", "replay"): (
        ["{leylines}", "-o", "{out}/ley.html"],
        ["{bad_leylines}", "-o", "{out}/bad-ley.html"],
        ["{missing}", "-o", "{out}/none-ley.html"],
    ),
    ("ley-lines", "random"): (["--seed", "5", "--players", "3"], None, None),
    ("cards", "check"): (["{plc}"], ["{bad_plc}"], ["{missing}"]),
    ("cards", "score"): (["{plc}"], ["{bad_plc}"], ["{missing}"]),
    ("cards", "show"): (["{plc}", "-o", "{out}/plc.svg"], ["{bad_plc}", "-o", "{out}/bad-plc.svg"], ["{missing}", "-o", "{out}/none-plc.svg"]),
    ("cards", "replay"): (["{plc}", "-o", "{out}/plc.html"], ["{bad_plc}", "-o", "{out}/bad-plc.html"], ["{missing}", "-o", "{out}/none-plc.html"]),
    ("cards", "random"): (["{deck}", "{deck}", "--seed", "3"], ["{bad_deck}", "{deck}", "--seed", "3"], ["{missing}", "{deck}", "--seed", "3"]),
    ("export", "print-shop"): (
        ["power-lines-cards", "--deck", "{deck}", "--dpi", "72", "-o", "{out}/shop"],
        ["power-lines-cards", "--deck", "{bad_deck}", "-o", "{out}/bad-shop"],
        ["power-lines-cards", "--deck", "{missing}", "-o", "{out}/none-shop"],
    ),
    ("export", "tts"): (
        ["power-lines-cards", "--deck", "{deck}", "-o", "{out}/tts"],
        ["power-lines-cards", "--deck", "{bad_deck}", "-o", "{out}/bad-tts"],
        ["power-lines-cards", "--deck", "{missing}", "-o", "{out}/none-tts"],
    ),
}


def test_the_runs_below_cover_every_command_of_every_game():
    assert set(RUNS) == {c for c in commands() if len(c) == 2 and c[0] != "build"}


CASES = [(command, code) for command in sorted(RUNS) for code in (0, 1, 2) if RUNS[command][code] is not None]


@pytest.mark.parametrize("command, code", CASES, ids=[f"{' '.join(c)}-{('valid', 'invalid', 'missing')[k]}" for c, k in CASES])
def test_json_matches_the_schema_on_every_path(inputs, command, code):
    args = RUNS[command][code]  # exit code 0, 1, 2: a valid input, an invalid one, a missing file
    given = [a.format(missing=inputs["out"] / "no-such-file", **{k: v for k, v in inputs.items()}) for a in args]
    result = pnp(*command, *given, "--json")
    assert result.exit_code == code, result.output
    data = json.loads(result.stdout)
    name = " ".join(command)
    jsonschema.validate(
        data, {**SCHEMA, "$ref": f"#/$defs/{name}"} if not isinstance(data, list) else {**SCHEMA, "type": "array", "items": {"$ref": f"#/$defs/{name}"}}
    )
    for envelope in data if isinstance(data, list) else [data]:
        assert envelope["valid"] == (code == 0)
        assert (envelope["diagnostics"] == []) or code != 0 or envelope["diagnostics"][0]["severity"] == "warning"
        if code:
            assert envelope["diagnostics"], "an invalid input says why"
            assert all(envelope[key] is None for key in SCHEMA["$defs"][name]["properties"] if key not in ("schema", "command", "file", "valid", "diagnostics"))


# A format file pnp cannot use (`deck random --rules`) is refused by a PnpError whose message is its findings, with no verdict.
INVALID = [command for command in sorted(RUNS) if RUNS[command][1] is not None and command != ("deck", "random")]


@pytest.mark.parametrize("command", INVALID, ids=" ".join)
def test_without_json_an_invalid_input_gets_its_findings_then_its_verdict_on_standard_error(inputs, command):
    """One channel: whether the command refused the input itself or raised, its findings come first,
    then one verdict line naming the file at fault; standard output says nothing of it."""
    given = [a.format(**inputs) for a in RUNS[command][1]]
    result = pnp(*command, *given)
    assert result.exit_code == 1, result.output
    *findings, verdict = result.stderr.splitlines()
    located = re.compile(r".*:\d+:\d+: (error|warning): ")
    assert findings and all(located.match(line) or line.startswith(" ") for line in findings[:1]), result.stderr
    assert not located.match(verdict) and re.fullmatch(r".*: .*(invalid|INVALID|not a finished game).*", verdict), verdict
    assert any(str(inputs[name]) in verdict for name in inputs if name.startswith("bad_"))  # it names the file at fault
    assert "error" not in result.stdout and verdict not in result.stdout


def test_a_command_given_several_files_prints_an_array_even_for_one(inputs):
    one = json.loads(pnp("deck", "validate", inputs["deck"], "--json").stdout)
    two = json.loads(pnp("deck", "validate", inputs["deck"], inputs["bad_deck"], "--json").stdout)
    assert isinstance(one, list) and len(one) == 1 and [o["valid"] for o in two] == [True, False]


def test_a_file_name_that_is_not_utf8_is_strict_json(tmp_path):
    name = tmp_path / "caf\udce9.deck"  # the byte 0xe9, as Python carries it
    name.write_bytes((DECKS / "starter.deck").read_bytes())
    result = pnp("deck", "validate", name, "--json")
    text = result.stdout
    assert "\\ud" not in text and text.isascii()  # no lone surrogates, which strict parsers refuse
    assert json.loads(text)[0]["file"].endswith("caf\\xe9.deck")


@pytest.mark.parametrize("game", [g.id for g in GAMES])
def test_common_options_mean_the_same_before_and_after_the_target(tmp_path, game):
    before, after = tmp_path / "before", tmp_path / "after"
    assert pnp("build", "--paper", "Letter", "--format", "svg", "-q", "--out", before, game).exit_code == 0
    assert pnp("build", game, "--paper", "letter", "--format", "svg", "-q", "--out", after).exit_code == 0
    files = {p.name: p.read_bytes() for p in before.iterdir()}
    assert files and files == {p.name: p.read_bytes() for p in after.iterdir()}
    assert b"215.9mm" in files[next(n for n in files if n.endswith("-01.svg"))]  # letter, whichever side gave it


def test_pnp_paper_sets_the_default_paper(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_PAPER", "letter")
    assert pnp("build", "paint-the-line", "--format", "svg", "-q", "--out", tmp_path / "env").exit_code == 0
    assert b"215.9mm" in (tmp_path / "env" / "paint-the-line-scorepad-01.svg").read_bytes()
    assert pnp("build", "paint-the-line", "--paper", "a4", "--format", "svg", "-q", "--out", tmp_path / "a4").exit_code == 0
    assert b"210mm" in (tmp_path / "a4" / "paint-the-line-scorepad-01.svg").read_bytes()  # the option wins


def test_a_single_target_without_out_writes_into_output_target(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = pnp("build", "paint-the-line", "--format", "svg")
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["output"] and [p.name for p in (tmp_path / "output").iterdir()] == ["paint-the-line"]
    assert "output/paint-the-line" in result.stdout


def test_a_mistyped_command_gets_the_nearest_name():
    result = pnp("solitare", "deal")
    assert result.exit_code == 2 and "Did you mean 'solitaire'?" in result.output
    result = pnp("ley-lines", "scroe")
    assert result.exit_code == 2 and "Did you mean 'score'?" in result.output


def test_dash_reads_standard_input(inputs):
    deck = pnp("deck", "random", "--seed", "4").stdout
    result = runner.invoke(app, ["deck", "validate", "-", "--json"], input=deck)
    assert result.exit_code == 0 and json.loads(result.stdout)[0]["valid"]
    big = runner.invoke(app, ["deck", "validate", "-"], input="1 5\n" * 300_000)  # past the 1 MiB limit
    assert big.exit_code == 1 and "larger than 1024 KiB" in big.stderr


@pytest.mark.parametrize("args", [["solitaire", "deal", "--seed", "many"], ["deck", "validate"], ["ley-lines", "score", "a", "--turn", "1"]])
def test_a_command_line_pnp_cannot_parse_is_json_too(args):
    result = pnp(*args, "--json")
    assert result.exit_code == 2
    data = json.loads(result.stdout)
    envelope = data[0] if isinstance(data, list) else data
    one = {"$ref": f"#/$defs/{args[0]} {args[1]}"}
    jsonschema.validate(data, {**SCHEMA, **(one if not isinstance(data, list) else {"type": "array", "items": one})})
    assert envelope["valid"] is False and envelope["diagnostics"][0]["code"] == "usage"


def test_an_output_pnp_cannot_write_is_named_as_given(inputs, tmp_path):
    result = pnp("solitaire", "solve", inputs["tiles"], "-o", "/proc/best.layout")
    assert result.exit_code == 2 and result.stderr.startswith("/proc/best.layout: cannot write there")
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    result = pnp("solitaire", "solve", inputs["tiles"], "-o", blocker / "best.layout")  # checked before the search
    assert result.exit_code == 2 and result.stderr.startswith(f"{blocker / 'best.layout'}: {blocker} is not a folder")
    result = pnp("solitaire", "deal", "--seed", "1", "-o", blocker / "deal.tiles")
    assert result.exit_code == 2 and result.stderr.startswith(f"{blocker / 'deal.tiles'}: cannot write")
    result = pnp("build", "paint-the-line", "--out", "/proc/x")
    assert result.exit_code == 2 and result.stderr.startswith("/proc/x: cannot write there")


def test_a_catalogue_key_misspelt_gets_the_key_it_is_close_to(tmp_path):
    from pnp.core.diagnostics import PnpError
    from pnp.games.power_lines_cards.rules.catalogue import load_catalogue

    text = (DECKS / "power-lines-cards.toml").read_text().replace("value = ", "valeu = ", 1)
    (tmp_path / "cat.toml").write_text(text)
    with pytest.raises(PnpError, match='unknown key "valeu"; did you mean "value"'):
        load_catalogue(tmp_path / "cat.toml")
