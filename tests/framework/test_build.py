"""`pnp build` through the CLI: exit codes, what each target writes, and the rule sheets."""

from __future__ import annotations

import pypdf
import pytest
from typer.testing import CliRunner

from pnp.commands.cli import app

runner = CliRunner()


def build(*args: str):
    return runner.invoke(app, ["build", *args])


@pytest.mark.parametrize(
    "args, message",
    [
        (["--bleed", "50"], "--bleed"),
        (["--back-offset", "1;2"], "--back-offset"),
        (["--format", "png"], "--format"),
        (["--paper", "a3"], "a3"),
        (["--deck", "no-such.deck"], "no-such.deck"),
        (["--no-such-option"], "no-such-option"),
    ],
)
def test_usage_errors_exit_2(tmp_path, args, message):
    result = build("power-lines-cards", "--out", str(tmp_path), *args)
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert not list(tmp_path.iterdir())  # nothing half-written


def test_invalid_deck_exits_1_with_its_findings(tmp_path):
    deck = tmp_path / "bad.deck"
    deck.write_text("20 5\n6 tem\n")
    result = build("power-lines-cards", "--out", str(tmp_path / "out"), "--deck", str(deck))
    assert result.exit_code == 1
    assert f"{deck}:2:3: error:" in result.output and "Traceback" not in result.output


def test_cards_build_writes_pdf_svgs_and_rules(tmp_path):
    result = build("power-lines-cards", "--out", str(tmp_path), "--paper", "letter")
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in tmp_path.iterdir())
    assert "power-lines-cards.pdf" in names and "power-lines-cards-rules.pdf" in names
    pages = len(pypdf.PdfReader(tmp_path / "power-lines-cards.pdf").pages)
    assert sum(n.startswith("power-lines-cards-") and n[-6:-4].isdigit() and "rules" not in n and "scorepad" not in n for n in names) == pages
    assert "power-lines-cards-scorepad.pdf" in names and "power-lines-cards-scorepad-01.svg" in names


def test_one_deck_prints_once(tmp_path):
    deck = tmp_path / "mine.deck"
    deck.write_text("26 10\n")
    assert build("power-lines-cards", "--out", str(tmp_path / "o"), "--deck", str(deck), "--format", "pdf").exit_code == 0
    reader = pypdf.PdfReader(tmp_path / "o" / "power-lines-cards.pdf")
    assert len(reader.pages) == 2 + 6  # the cover and its back; 27 cards (26 + Base): 3 sheets, each with its backs
    assert "mine" in reader.pages[3].extract_text()


def test_rule_sheets_credit_the_designers(tmp_path):
    assert build("power-lines", "--out", str(tmp_path), "--format", "pdf").exit_code == 0
    text = " ".join(p.extract_text() for p in pypdf.PdfReader(tmp_path / "power-lines-piecepack-rules.pdf").pages)
    assert "David Boyle" in text and "power lines" in text.lower()
    assert (tmp_path / "piecepack-tiles-2-5.pdf").exists()


def test_card_rule_sheet_lists_every_card_from_the_catalogue(tmp_path):
    from pnp.games.power_lines_cards.rules.catalogue import catalogue

    assert build("power-lines-cards", "--out", str(tmp_path), "--format", "pdf").exit_code == 0
    text = " ".join(p.extract_text() for p in pypdf.PdfReader(tmp_path / "power-lines-cards-rules.pdf").pages)
    text = " ".join(text.split())
    for card in catalogue().kinds:
        assert " ".join(card.effect.split()[:4]) in text, card.name


def test_bare_build_writes_every_target_into_its_folder(kit_folder):
    from pnp.games.registry import GAMES

    TARGETS = [g.id for g in GAMES]
    out, stdout = kit_folder  # the README's main command, into a folder of the tests'
    assert sorted(p.name for p in out.iterdir() if not p.name.startswith(".")) == sorted([*TARGETS, "index.html"])
    for target in TARGETS:
        folder = out / target
        assert any(p.suffix == ".pdf" for p in folder.iterdir()), target
        assert any(p.suffix == ".svg" for p in folder.iterdir()), target
    for pdf in out.glob("*/*.pdf"):
        assert len(pypdf.PdfReader(pdf).pages) >= 1
        assert str(pdf.relative_to(out)) in stdout  # the closing table lists it


def test_a_build_ends_by_naming_what_to_open(kit_folder, tmp_path):
    # The kit: its index, the page that answers "what do I print, and how"; one target: its folder.
    out, stdout = kit_folder
    assert stdout.rstrip().splitlines()[-1].startswith(f"Open {out / 'index.html'} in a browser")
    one = build("piecepack", "--out", str(tmp_path / "pp"), "--format", "pdf")
    assert one.exit_code == 0 and one.stdout.rstrip().splitlines()[-1].startswith(f"Open the folder {tmp_path / 'pp'}/:")
    assert build("piecepack", "--out", str(tmp_path / "quiet"), "--format", "pdf", "-q").stdout == ""
