"""What a written file holds (pages, one- or two-sided, size), read back from the file itself, and
the table every build closes with."""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import typer
from rich.console import Console, JustifyMethod
from rich.table import Table

from pnp.core.diagnostics import plural, shown
from pnp.core.session import ongoing

SVG_PAGE = re.compile(r"(.+)-([0-9]{2,})\.svg")


@dataclass(frozen=True)
class FileFacts:
    path: Path
    size: int  # bytes
    pages: int | None = None  # PDFs and SVG pages
    duplex: bool = False  # the PDF asks to be printed two-sided
    preview: int = 0  # the first page of pieces, from 0

    @property
    def sheets(self) -> int | None:
        """Sheets of paper it takes to print."""
        if self.pages is None:
            return None
        return -(-self.pages // 2) if self.duplex else self.pages


def facts(path: Path) -> FileFacts:
    """A file this command wrote: its size on disk, and its pages and print mode as its renderer
    counted them (none for a file without pages, such as HTML)."""
    printed = ongoing().printed.get(path)
    size = path.stat().st_size
    return FileFacts(path, size) if printed is None else FileFacts(path, size, printed.count, printed.duplex, printed.preview)


def size_text(size: int) -> str:
    return f"{size / 1024:.0f} kB" if size < 1024 * 1024 else f"{size / 1024 / 1024:.1f} MB"


def summary_rows(paths: Iterable[Path]) -> list[tuple[str, str, str, str]]:
    """(file, pages, sheets, size): each PDF and HTML file, the SVG pages of one file on one row."""
    paths = list(paths)
    if not paths:
        return []
    root = Path(os.path.commonpath([p.parent for p in paths]))
    rows: list[tuple[str, str, str, str]] = []
    groups: dict[Path, list[FileFacts]] = {}
    last: dict[Path, str] = {}  # the number of each group's last page
    total_pages = total_sheets = total_size = 0
    for path in paths:
        f = facts(path)
        total_size += f.size
        if m := SVG_PAGE.fullmatch(path.name):
            key = path.parent / m[1]
            if key not in groups:
                groups[key] = []
                rows.append((str(key.relative_to(root)), "", "", ""))  # filled in below
            groups[key].append(f)
            last[key] = m[2]
            continue
        if f.pages is not None:
            total_pages += f.pages
            total_sheets += f.sheets or 0
        rows.append((str(path.relative_to(root)), _n(f.pages), _n(f.sheets), size_text(f.size)))
    for i, row in enumerate(rows):
        key = root / row[0]
        if key in groups:
            pages = groups[key]
            rows[i] = (f"{row[0]}-01..{last[key]}.svg" if len(pages) > 1 else f"{row[0]}-01.svg", str(len(pages)), "", size_text(sum(p.size for p in pages)))
    rows.append((f"{len(paths)} file{'s' * (len(paths) != 1)}", str(total_pages), str(total_sheets), size_text(total_size)))
    return rows


def _n(value: int | None) -> str:
    return "" if value is None else str(value)


def print_summary(folder: Path, paths: list[Path], removed: Sequence[Path] = ()) -> None:
    """The table on stdout: PDF pages and sheets of paper are counted in the total, SVG pages not;
    then any file the build removed."""
    rows = summary_rows(paths)
    console = Console(file=sys.stdout, highlight=False)
    if not console.is_terminal:
        console = Console(file=sys.stdout, highlight=False, width=120, no_color=True)
    table = Table(title=f"pnp wrote {plural(len(paths), 'file')} into {shown(folder)}{os.sep}", title_justify="left", show_footer=False)
    columns: tuple[tuple[str, JustifyMethod], ...] = (("file", "left"), ("pages", "right"), ("sheets", "right"), ("size", "right"))
    for column, justify in columns:
        table.add_column(column, justify=justify)
    for row in rows[:-1]:
        table.add_row(*row)
    table.add_section()
    table.add_row(*rows[-1], style="bold")
    console.print(table)
    for path in removed:
        typer.echo(f"removed {shown(path)}: an older build's, which this one no longer writes")
