"""`pnp build power-lines-cards` with a custom format (--rules), a prototype (--proto) and bleed
that costs sheets: read back from the PDFs and from what pnp prints."""

from __future__ import annotations

import re
from pathlib import Path

import pypdf
import pytest
from typer.testing import CliRunner

from pnp.commands.cli import app
from tests.helpers.pdfgeom import read_pages

# 20 cards: wrong for the standard 26-card format, right for this one.
SMALL_FORMAT = """name = "twenty"
description = "20 cards, any kinds."

[total]
exactly = 20
exclude = ["Base"]
"""


def build(tmp_path: Path, *args: str):
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["build", "power-lines-cards", "--format", "pdf", "--out", str(out), "-q", *args])
    return result, out / "power-lines-cards.pdf"


@pytest.fixture
def twenty(tmp_path) -> tuple[Path, Path]:
    deck = tmp_path / "twenty.deck"
    deck.write_text("5 1\n5 2\n5 4\n5 7\n")
    rules = tmp_path / "twenty.toml"
    rules.write_text(SMALL_FORMAT)
    return deck, rules


def faces(pdf: Path) -> list[str]:
    """The text of every page of fronts (the pages with card titles)."""
    return [p.text for p in read_pages(pdf) if re.search(r"CARD \d+|BASE", p.text)]


def test_a_deck_valid_under_its_own_format_prints(tmp_path, twenty):
    deck, rules = twenty
    refused, _ = build(tmp_path / "a", "--deck", str(deck))
    assert refused.exit_code == 1 and "26 required" in refused.output
    printed, pdf = build(tmp_path / "b", "--deck", str(deck), "--rules", str(rules))
    assert printed.exit_code == 0, printed.output
    titles = " ".join(faces(pdf))
    assert titles.count("CARD 7") == 5  # one deck given: one deck printed
    assert "PROTOTYPE" not in titles


def test_a_prototype_prints_an_invalid_deck_marked_with_its_findings_as_warnings(tmp_path, twenty):
    deck, _ = twenty
    result, pdf = build(tmp_path, "--deck", str(deck), "--deck", str(deck), "--proto")
    assert result.exit_code == 0, result.output
    assert re.search(r"twenty\.deck:1:1: warning: wrong deck size: 20 counted, 26 required", result.output)
    assert "error" not in result.output
    fronts = faces(pdf)
    assert sum(text.count("CARD 7") for text in fronts) == 2 * 5
    # Every face marked (both decks, 20 cards and the Base each), and the notes say so once.
    assert sum(text.count("PROTOTYPE") for text in fronts) == 2 * 21 + 1
    assert "prototype" in read_pages(pdf)[0].text.lower()  # and the notes say so


def test_a_deck_with_nothing_to_print_is_refused_even_as_a_prototype(tmp_path):
    empty = tmp_path / "empty.deck"
    empty.write_text("# nothing yet\n")
    result, pdf = build(tmp_path, "--deck", str(empty), "--proto")
    assert result.exit_code == 1 and "no card to print" in result.output and not pdf.exists()


def test_bleed_that_costs_sheets_is_said(tmp_path):
    plain, _ = build(tmp_path / "a")
    assert "bleed" not in plain.output
    result, pdf = build(tmp_path / "b", "--bleed", "3")
    assert result.exit_code == 0
    # A4 holds 9 cards without bleed, 4 with 3 mm: each deck of 27 takes 7 sheets, not 3.
    assert "pnp: warning: The 3 mm bleed leaves room for 4 cards a sheet, not 9: 14 sheets instead of 6." in result.output
    notes = " ".join(pypdf.PdfReader(pdf).pages[0].extract_text().split())  # in reading order, column by column
    assert "4 to a sheet" in notes and "14 sheets instead of 6" in notes


def _reads(monkeypatch, name: str) -> list[Path]:
    """Each deck file the card build reads, through `name`: its strict reader, or a prototype's."""
    from pnp.games.power_lines_cards import build as target

    reads: list[Path] = []
    real = getattr(target, name)
    monkeypatch.setattr(target, name, lambda path, *rest: reads.append(path) or real(path, *rest))
    return reads


def test_the_starter_deck_printed_for_both_players_is_read_once(tmp_path, monkeypatch):
    reads = _reads(monkeypatch, "load_deck")
    result, _ = build(tmp_path)
    assert result.exit_code == 0, result.output
    assert [path.name for path in reads] == ["starter.deck"]


def test_a_prototype_given_twice_is_read_once_and_warned_of_for_each_deck(tmp_path, twenty, monkeypatch):
    deck, _ = twenty
    reads = _reads(monkeypatch, "read_bytes")
    result, _ = build(tmp_path, "--deck", str(deck), "--deck", str(deck), "--proto")
    assert result.exit_code == 0, result.output
    assert reads == [deck]
    assert len(re.findall(r"twenty\.deck:1:1: warning: wrong deck size: 20 counted, 26 required", result.output)) == 2
