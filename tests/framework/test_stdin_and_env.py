"""Standard input and the environment, as the README promises them (issue 29, faults 5 and 6).

Only the bare argument `-` reads standard input: `./-` is a file named `-`. A command reads
standard input once, and `show -` without -o names its file after the game, never `-.pdf`.
A value typed on the command line always wins over PNP_PAPER, which is read, and refused when
it is no paper, only by a command that prints without --paper; a bad --paper (or PNP_PAPER)
is answered with the papers pnp knows, not the validation library's words."""

from __future__ import annotations

import json
from pathlib import Path

import pypdf
import pytest
from typer.testing import CliRunner

from pnp.commands.cli import app

ROOT = Path(__file__).resolve().parents[2]
DECKS = ROOT / "decks"
STARTER = DECKS / "starter.deck"
JUNK = "this is not what the file holds\n"
SIZES = {"a4": "210mm", "letter": "215.9mm"}  # an SVG page's width
runner = CliRunner()


def pnp(*args: object, input: str | None = None):
    return runner.invoke(app, [str(a) for a in args], input=input)


@pytest.fixture(autouse=True)
def no_paper_in_the_environment(monkeypatch):
    monkeypatch.delenv("PNP_PAPER", raising=False)


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> dict[str, Path]:
    """A valid input of every kind the commands below read."""
    folder = tmp_path_factory.mktemp("inputs")
    found = {
        "deck": STARTER,
        "format": DECKS / "formats" / "standard.toml",
        "leylines": DECKS / "ley-lines" / "example.leylines",
        "ptl": DECKS / "paint-the-line" / "example.ptl",
        "record": DECKS / "power-lines" / "example.record",
        "tiles": folder / "deal.tiles",
        "layout": folder / "one.layout",
    }
    assert pnp("solitaire", "deal", "--seed", "7", "-o", found["tiles"]).exit_code == 0
    found["layout"].write_text("1 . . .\n. . . .\n. . . .\n. . . .\n")
    return found


def text(files: dict[str, Path], kind: str) -> str:
    return files[kind].read_text()


# --- Fault 5: only the bare `-` is standard input -------------------------------------------------

# (command line, the kind of file `./-` is, standard input): each is valid only if `./-` is read as a file.
DOT_DASH = {
    "deck validate": (["deck", "validate", "./-"], "deck", JUNK),
    "deck stats": (["deck", "stats", "./-"], "deck", JUNK),
    "deck goldfish --vs": (["deck", "goldfish", STARTER, "--vs", "./-", "--games", "10"], "deck", JUNK),
    "deck compare - ./-": (["deck", "compare", "-", "./-"], "deck", "deck"),
    "deck validate --rules ./-": (["deck", "validate", "-", "--rules", "./-"], "format", "deck"),
    "paint-the-line check": (["paint-the-line", "check", "./-"], "ptl", JUNK),
    "paint-the-line score": (["paint-the-line", "score", "./-"], "ptl", JUNK),
    "ley-lines check": (["ley-lines", "check", "./-"], "leylines", JUNK),
    "power-lines score": (["power-lines", "score", "./-"], "record", JUNK),
    "solitaire check": (["solitaire", "check", "./-"], "tiles", JUNK),
    "solitaire score": (["solitaire", "score", "./-", "-"], "tiles", "layout"),
    "build pack-solitaire --tiles": (["build", "pack-solitaire", "--tiles", "./-", "--format", "pdf", "-q", "--out", "out"], "tiles", JUNK),
}


@pytest.mark.parametrize("case", DOT_DASH, ids=list(DOT_DASH))
def test_dot_slash_dash_is_a_file_named_dash_not_standard_input(files, tmp_path, monkeypatch, case):
    args, kind, stdin = DOT_DASH[case]
    monkeypatch.chdir(tmp_path)
    Path("-").write_text(text(files, kind))
    result = pnp(*args, input=stdin if stdin == JUNK else text(files, stdin))
    assert result.exit_code == 0, result.output
    if args[0] == "build":  # named after the file `-`, not as standard input's deal is
        assert not (tmp_path / "out" / "pack-solitaire-stdin.pdf").exists() and (tmp_path / "out" / "pack-solitaire--.pdf").exists()


# (command line, what standard input holds): `-` given twice.
TWICE = {
    "deck validate - -": (["deck", "validate", "-", "-"], "deck"),
    "deck stats - --rules -": (["deck", "stats", "-", "--rules", "-"], "format"),
    "deck compare - -": (["deck", "compare", "-", "-"], "deck"),
    "deck goldfish - --vs -": (["deck", "goldfish", "-", "--vs", "-", "--games", "10"], "deck"),
    "solitaire score - -": (["solitaire", "score", "-", "-"], "tiles"),
    "solitaire show - -": (["solitaire", "show", "-", "-"], "tiles"),
    "export tts --deck - --deck -": (["export", "tts", "power-lines-cards", "--deck", "-", "--deck", "-", "-o", "never"], "deck"),
    "export print-shop --deck - --rules -": (["export", "print-shop", "power-lines-cards", "--deck", "-", "--rules", "-", "-o", "never"], "deck"),
}


@pytest.mark.parametrize("case", TWICE, ids=list(TWICE))
def test_minus_twice_is_refused_before_anything_is_read(case):
    # Standard input holds nothing a command would take: the usage error still comes first.
    args, _ = TWICE[case]
    result = pnp(*args, input="")
    assert result.exit_code == 2 and "standard input" in result.stderr, result.output


@pytest.mark.parametrize("case", TWICE, ids=list(TWICE))
def test_standard_input_is_read_once_in_a_command(files, case):
    args, kind = TWICE[case]
    result = pnp(*args, input=text(files, kind))
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert len(result.stderr.strip().splitlines()) == 1 and "standard input" in result.stderr
    data = json.loads(pnp(*args, "--json", input=text(files, kind)).stdout)
    (envelope,) = data if isinstance(data, list) else [data]
    assert not envelope["valid"] and envelope["file"] == "-" and envelope["diagnostics"][0]["code"] == "usage"
    assert "standard input" in envelope["diagnostics"][0]["message"]


def test_a_build_reads_standard_input_once(files, tmp_path):
    result = pnp("build", "power-lines-cards", "--deck", "-", "--deck", "-", "--format", "pdf", "-q", "--out", tmp_path / "o", input=text(files, "deck"))
    assert result.exit_code == 2 and len(result.stderr.strip().splitlines()) == 1 and "standard input" in result.stderr
    assert not (tmp_path / "o").exists()


def test_one_deck_from_standard_input_prints_with_bleed(files, tmp_path):
    """The bleed's note counts the cards again: from the deck read once, not from standard input twice."""
    result = pnp("build", "power-lines-cards", "--deck", "-", "--bleed", "3", "--format", "pdf", "-q", "--out", tmp_path / "o", input=text(files, "deck"))
    assert result.exit_code == 0, result.output
    assert "7 sheets instead of 3" in result.stderr


SHOWS = {"ley-lines": "leylines", "paint-the-line": "ptl", "power-lines": "record"}


@pytest.mark.parametrize("group", SHOWS)
def test_show_from_standard_input_names_its_file_after_the_game(files, tmp_path, monkeypatch, group):
    monkeypatch.chdir(tmp_path)
    result = pnp(group, "show", "-", "--json", input=text(files, SHOWS[group]))
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["output"] == f"{group}-stdin.pdf"
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"{group}-stdin.pdf"]  # never `-.pdf`
    Path("-").write_text(text(files, SHOWS[group]))
    assert pnp(group, "show", "./-").exit_code == 0
    assert (tmp_path / "-.pdf").exists()  # a file named `-`: its name with .pdf, as for any file


# --- Fault 6: a typed --paper wins over PNP_PAPER -------------------------------------------------


def svg_width(path: Path) -> str:
    head = path.read_text()[:2000]
    return head.split('width="', 1)[1].split('"', 1)[0]


def build_page(out: Path) -> Path:
    return out / "power-lines-piecepack-scorepad-01.svg"


# Every command that takes --paper, each writing an SVG page (`{out}`: where it writes) but deck report (a PDF).
PAPER_COMMANDS = {
    "build TARGET --paper": lambda f, out, paper: (["build", "power-lines", "--format", "svg", "-q", "--out", out, *paper], build_page(out)),
    "build --paper TARGET": lambda f, out, paper: (["build", *paper, "power-lines", "--format", "svg", "-q", "--out", out], build_page(out)),
    "ley-lines show": lambda f, out, paper: (["ley-lines", "show", f["leylines"], "-o", out / "p.svg", *paper], out / "p.svg"),
    "paint-the-line show": lambda f, out, paper: (["paint-the-line", "show", f["ptl"], "-o", out / "p.svg", *paper], out / "p.svg"),
    "power-lines show": lambda f, out, paper: (["power-lines", "show", f["record"], "-o", out / "p.svg", *paper], out / "p.svg"),
    "solitaire show": lambda f, out, paper: (["solitaire", "show", f["tiles"], f["layout"], "-o", out / "p.svg", *paper], out / "p.svg"),
    "deck report": lambda f, out, paper: (["deck", "report", f["deck"], "--games", "10", "-o", out / "r.pdf", *paper], out / "r.pdf"),
}


def page_width(path: Path) -> str:
    if path.suffix == ".svg":
        return svg_width(path)
    box = pypdf.PdfReader(path).pages[0].mediabox
    return {595: SIZES["a4"], 612: SIZES["letter"]}[round(float(box.width))]


@pytest.mark.parametrize("env, typed", [("junk", "letter"), ("letter", "A4"), ("A3", "Letter")], ids=["bad-env", "good-env", "unknown-env"])
@pytest.mark.parametrize("command", PAPER_COMMANDS)
def test_a_typed_paper_wins_over_pnp_paper(files, tmp_path, monkeypatch, command, env, typed):
    monkeypatch.setenv("PNP_PAPER", env)
    out = tmp_path / "out"
    out.mkdir()
    args, page = PAPER_COMMANDS[command](files, out, ["--paper", typed])
    result = pnp(*args)
    assert result.exit_code == 0, result.output
    assert page_width(page) == SIZES[typed.lower()]


@pytest.mark.parametrize("command", PAPER_COMMANDS)
def test_pnp_paper_sets_the_paper_when_none_is_typed(files, tmp_path, monkeypatch, command):
    monkeypatch.setenv("PNP_PAPER", "LETTER")
    out = tmp_path / "out"
    out.mkdir()
    args, page = PAPER_COMMANDS[command](files, out, [])
    assert pnp(*args).exit_code == 0
    assert page_width(page) == SIZES["letter"]


@pytest.mark.parametrize("command", PAPER_COMMANDS)
def test_a_bad_pnp_paper_is_refused_when_it_is_used(files, tmp_path, monkeypatch, command):
    monkeypatch.setenv("PNP_PAPER", "junk")
    out = tmp_path / "out"
    out.mkdir()
    args, page = PAPER_COMMANDS[command](files, out, [])
    result = pnp(*args)
    assert result.exit_code == 2
    line = result.stderr.strip()
    assert len(line.splitlines()) == 1 and "PNP_PAPER" in line and "junk" in line and "a4" in line and "letter" in line
    assert "Value error" not in line and not list(out.iterdir())  # nothing written
    if args[0] != "build":
        (diagnostic,) = json.loads(pnp(*args, "--json").stdout)["diagnostics"]
        assert diagnostic["code"] == "usage" and "PNP_PAPER" in diagnostic["message"]


@pytest.mark.parametrize(
    "args",
    [
        ["solitaire", "show", "{tiles}", "{layout}"],
        ["deck", "validate", "{deck}"],
        ["build", "--paper", "a4", "power-lines", "--format", "svg", "-q", "--out", "{out}"],
    ],
    ids=["text-view", "no-paper", "typed-before-target"],
)
def test_a_bad_pnp_paper_is_no_error_where_it_is_not_used(files, tmp_path, monkeypatch, args):
    monkeypatch.setenv("PNP_PAPER", "junk")
    given = {**files, "out": tmp_path / "out"}
    result = pnp(*(a.format(**given) for a in args))
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("command", PAPER_COMMANDS)
def test_an_unknown_paper_is_answered_with_the_papers_pnp_knows(files, tmp_path, command):
    out = tmp_path / "out"
    out.mkdir()
    args, _ = PAPER_COMMANDS[command](files, out, ["--paper", "A3"])
    result = pnp(*args)
    assert result.exit_code == 2
    assert "A3" in result.output and "a4" in result.output and "letter" in result.output
    assert "Value error" not in result.output and "is not one of" not in result.output
    assert not list(out.iterdir())
    if args[0] != "build":
        (diagnostic,) = json.loads(pnp(*args, "--json").stdout)["diagnostics"]
        assert "Value error" not in diagnostic["message"] and "a4 or letter" in diagnostic["message"]
