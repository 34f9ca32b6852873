"""`pnp deck report`'s file: the report drawn as one PDF page (`report.py`) or as a web page
that reflows (`report_web.py`), by the suffix asked for."""

from __future__ import annotations

from pathlib import Path

from pnp.core.diagnostics import Diagnostic, PnpError, shown
from pnp.core.printing import Print
from pnp.core.textfile import STDIN

from .report import FORMATS, Written, default_output, played_against, report_page
from .report_web import deck_report_html
from .simulation.run import DEFAULT_GAMES, DEFAULT_SEED, DEFAULT_TURNS


def write_report(
    deck_path: Path,
    rules_path: Path | None,
    output_path: Path | None,
    printing: Print,
    games: int = DEFAULT_GAMES,
    seed: int = DEFAULT_SEED,
    against: Path | None = None,
) -> tuple[tuple[Diagnostic, ...], Written]:
    """Read the deck list, check it under the format (`rules_path`: a file or a shipped format's
    name; None: standard), and write its report to `output_path` (.pdf or .html; None: the deck's
    name with .pdf), whole or not at all, never over the deck itself. An invalid deck gets its
    report too, marked INVALID: its findings come back for the command to print (and exit 1).
    A missing deck, a broken format file or an output pnp cannot write is a PnpError."""
    from pnp.core.textfile import read_bytes
    from pnp.output.files import check_file, write_file

    from .rules.engine import load_format, validate_deck

    output = output_path if output_path is not None else default_output(deck_path)
    kind = output.suffix.lower()
    if kind not in FORMATS:
        raise PnpError(f"-o {shown(output)}: write a .pdf or an .html file", exit_code=2)
    chosen = load_format(rules_path)
    data = read_bytes(deck_path)
    check_file(output)  # never the deck itself, nor a folder or a place pnp cannot write
    report = validate_deck(data, chosen)
    name = "standard input" if deck_path is STDIN else shown(Path(deck_path).name)
    matchup = played_against(report, against, chosen, games, seed) if against is not None else None
    if kind == ".pdf":
        from pnp.draw.pdf import render_pdf

        page = report_page(report, chosen, printing, games, seed, name, against=matchup)
        write_file(output, render_pdf([page], title=page.title))
    else:
        write_file(output, deck_report_html(report, chosen, games, seed, name, DEFAULT_TURNS, matchup))
    played = (against, matchup) if against is not None and matchup is not None else None
    written = Written(Path(deck_path), output, chosen.name, report.valid, report.total, printing.paper.value, games, seed, data, played)
    return report.diagnostics, written
