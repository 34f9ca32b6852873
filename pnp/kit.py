"""The kit: `pnp build` alone writes every target into a folder of its own, then `index.html`
beside them (each game, its designer, a preview of each file's first page, links to every
file, and how to print it), and closes with a table of what it wrote.

What the index and the table say about a file (pages, one- or two-sided, size) is read back
from the file written, not from the build's own bookkeeping.
"""

from __future__ import annotations

import importlib
import multiprocessing
import os
import re
import signal
import sys
from contextlib import nullcontext
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import Any, Iterable, Iterator

import jinja2
import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from . import output
from .diagnostics import plural, shown
from .games.registry import GAMES, Game, credit_line
from .output import BuildOptions
from .resources import data_dir
from .session import Staged

INDEX = "index.html"
PAPER = {"a4": "A4", "letter": "US Letter"}
_SVG_PAGE = re.compile(r"(.+)-([0-9]{2,})\.svg")


# --- what a written file holds -----------------------------------------------------------------


@dataclass(frozen=True)
class FileFacts:
    path: Path
    size: int  # bytes
    pages: int | None = None  # PDFs and SVG pages
    duplex: bool = False  # the PDF asks to be printed two-sided

    @property
    def sheets(self) -> int | None:
        """Sheets of paper it takes to print."""
        if self.pages is None:
            return None
        return -(-self.pages // 2) if self.duplex else self.pages


def facts(path: Path) -> FileFacts:
    """Pages and print mode read from the file itself: ReportLab writes each page dictionary
    (`/Type /Page`) and the viewer preferences uncompressed."""
    data = path.read_bytes()
    if path.suffix == ".pdf":
        return FileFacts(path, len(data), len(re.findall(rb"/Type /Page\b", data)), b"/DuplexFlipLongEdge" in data)
    return FileFacts(path, len(data), 1 if path.suffix == ".svg" else None)


def size_text(size: int) -> str:
    return f"{size / 1024:.0f} kB" if size < 1024 * 1024 else f"{size / 1024 / 1024:.1f} MB"


def how_to_print(f: FileFacts, paper: str) -> str:
    sides = "two-sided, flip on the long edge" if f.duplex else "one-sided"
    return f"{PAPER.get(paper, paper)} at 100 % (actual size), {sides}: {f.sheets} sheet{'s' * (f.sheets != 1)}"


# --- building it ---------------------------------------------------------------------------------


def _progress(enabled: bool) -> Any:
    """A progress bar on stderr, shown only on a terminal."""
    console = Console(stderr=True)
    if not (enabled and console.is_terminal):
        return nullcontext(None)
    return Progress(TextColumn("{task.description:<18}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), console=console, transient=True)


def _render(game: Game, opts: BuildOptions) -> tuple[str, list[Path], Staged]:
    """One target into its folder, staged; what it staged is handed back for the parent to write."""
    module = importlib.import_module(game.build_module)
    return game.id, module.build(replace(opts, out=opts.out / game.id), module.Options()), output.hand_over()


def _worker() -> None:
    # A worker stops at a signal as the kernel does by default; the parent says so, once.
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, signal.SIG_DFL)


def _preload() -> None:
    """Load once, before the workers fork, what every process needs and would each load on first
    use: each target's code, the fonts, ReportLab's typesetter and the Markdown parser."""
    from .draw import typeset  # noqa: F401
    from .draw.markdown import markdown
    from .draw.text import FACES, embedded

    for game in GAMES:
        importlib.import_module(game.build_module)
    for font in FACES:
        embedded(font)
    markdown()


def _rendered(opts: BuildOptions) -> Iterator[tuple[str, list[Path], Staged]]:
    """Every target rendered, in the order they finish: on two cores or more by a pool of worker
    processes (the parent writes everything, so a failed or stopped build still writes nothing)."""
    workers = min(os.cpu_count() or 1, len(GAMES))
    if workers < 2 or "fork" not in multiprocessing.get_all_start_methods():
        yield from (_render(game, opts) for game in GAMES)
        return
    pool = multiprocessing.get_context("fork").Pool(workers, initializer=_worker)
    try:
        yield from pool.imap_unordered(partial(_render, opts=opts), GAMES)
    finally:
        pool.terminate()  # done, or this process failed first: nothing left is wanted
        pool.join()


def build_kit(opts: BuildOptions, progress: bool = True) -> tuple[list[Path], list[Path]]:
    """Every target into `opts.out/TARGET/`, then the index; returns every file written, and every
    file removed (an older build's, where this one wrote none)."""
    _preload()
    done: dict[str, list[Path]] = {}
    with _progress(progress) as bar:
        task = bar.add_task("rendering", total=len(GAMES) + 1) if bar else None
        for name, paths, staged in _rendered(opts):
            output.take_over(staged)
            done[name] = paths
            if bar:
                bar.update(task, description=name, advance=1, refresh=True)  # each target shown as it is done
        if bar:
            bar.update(task, description="writing")
        written = [path for game in GAMES for path in done[game.id]]
        removed = output.commit()  # the index describes the files as written
        index = render_index(opts.out, written, opts.paper)
        written += output.write_rendered("index", {opts.out / INDEX: index.encode("utf-8")}, opts)
        removed += output.remove_moved(opts.out, [path.name for path in written if path.parent != opts.out])
        if bar:
            bar.advance(task)
    return written, removed


# --- index.html ----------------------------------------------------------------------------------


def _entries(folder: Path, files: list[Path], paper: str) -> list[dict[str, Any]]:
    """Each PDF with its SVG pages and HTML twin; then any file no PDF claims."""
    names = [p.name for p in files]
    claimed: set[str] = set()
    entries = []
    for name in names:
        if not name.endswith(".pdf"):
            continue
        stem = name[:-4]
        svgs = [n for n in names if (m := _SVG_PAGE.fullmatch(n)) and m[1] == stem]
        html = f"{stem}.html" if f"{stem}.html" in names else None
        claimed |= {name, *svgs, *([html] if html else [])}
        f = facts(folder / name)
        answer = stem.endswith("-answer")  # never shown beside the game it spoils
        entries.append(
            {
                "name": name,
                "title": "The answer (look only after playing)" if answer else _title(stem, folder.name),
                "preview": svgs[0] if svgs and not answer else None,
                "svgs": svgs,
                "html": html,
                "pages": f.pages,
                "size": size_text(f.size),
                "how": how_to_print(f, paper),
            }
        )
    for name in names:
        if name not in claimed:
            entries.append({"name": name, "title": name, "preview": name if name.endswith(".svg") else None, "svgs": [], "html": None, "pages": None, "size": size_text(facts(folder / name).size), "how": ""})
    return entries


def _title(stem: str, folder: str) -> str:
    for suffix, title in (("-rules", "Rules"), ("-scorepad", "Score pad")):
        if stem.endswith(suffix):
            return title
    rest = stem.removeprefix(folder).strip("-")
    return "Pieces" + (f" ({rest})" if rest else "")


def render_index(root: Path, written: list[Path], paper: str) -> str:
    def pieces(target: str) -> str:  # the first PDF of a target, the one holding its pieces
        return next(f"{target}/{p.name}" for p in written if p.parent == root / target and p.suffix == ".pdf")

    games = []
    for game in GAMES:
        folder = root / game.id
        files = [p for p in written if p.parent == folder]
        needs = [{"what": need.what, "file": pieces(need.target)} for need in game.needs]
        games.append({"folder": game.id, "title": game.title, "credit": credit_line(game), "needs": needs, "entries": _entries(folder, files, paper)})
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(data_dir("templates")), autoescape=True, undefined=jinja2.StrictUndefined)
    return env.get_template("index.html.j2").render(games=games, paper=PAPER.get(paper, paper))


# --- the closing table -----------------------------------------------------------------------------


def summary_rows(paths: Iterable[Path]) -> list[tuple[str, str, str, str]]:
    """(file, pages, sheets, size): each PDF and HTML file, the SVG pages of one file on one row."""
    paths = list(paths)
    if not paths:
        return []
    root = Path(os.path.commonpath([p.parent for p in paths]))
    rows: list[tuple[str, str, str, str]] = []
    groups: dict[Path, list[FileFacts]] = {}
    total_pages = total_sheets = total_size = 0
    for path in paths:
        f = facts(path)
        total_size += f.size
        if m := _SVG_PAGE.fullmatch(path.name):
            key = path.parent / m[1]
            if key not in groups:
                groups[key] = []
                rows.append((str(key.relative_to(root)), "", "", ""))  # filled in below
            groups[key].append(f)
            continue
        if f.pages is not None:
            total_pages += f.pages
            total_sheets += f.sheets or 0
        rows.append((str(path.relative_to(root)), _n(f.pages), _n(f.sheets), size_text(f.size)))
    for i, row in enumerate(rows):
        key = root / row[0]
        if key in groups:
            pages = groups[key]
            last = _SVG_PAGE.fullmatch(pages[-1].path.name)[2]
            rows[i] = (f"{row[0]}-01..{last}.svg" if len(pages) > 1 else f"{row[0]}-01.svg", str(len(pages)), "", size_text(sum(p.size for p in pages)))
    rows.append((f"{len(paths)} file{'s' * (len(paths) != 1)}", str(total_pages), str(total_sheets), size_text(total_size)))
    return rows


def _n(value: int | None) -> str:
    return "" if value is None else str(value)


def print_summary(folder: Path, paths: list[Path], removed: list[Path] = ()) -> None:
    """The table on stdout: PDF pages and sheets of paper are counted in the total, SVG pages not;
    then any file the build removed."""
    rows = summary_rows(paths)
    console = Console(file=sys.stdout, highlight=False)
    if not console.is_terminal:
        console = Console(file=sys.stdout, highlight=False, width=120, no_color=True)
    table = Table(title=f"pnp wrote {plural(len(paths), 'file')} into {shown(folder)}{os.sep}", title_justify="left", show_footer=False)
    for column, justify in (("file", "left"), ("pages", "right"), ("sheets", "right"), ("size", "right")):
        table.add_column(column, justify=justify)
    for row in rows[:-1]:
        table.add_row(*row)
    table.add_section()
    table.add_row(*rows[-1], style="bold")
    console.print(table)
    for path in removed:
        typer.echo(f"removed {shown(path)}: an older build's, which this one no longer writes")


# --- pnp list ------------------------------------------------------------------------------------------


def print_games(root: Any) -> None:
    """Each game from the registered commands: its credit, what `pnp build` prints, its commands."""
    build = root.get_command(None, "build")
    for game in GAMES:
        typer.echo(f"{game.title}  [{game.id}/]")
        typer.echo(f"  {credit_line(game)}")
        target = build.get_command(None, game.id)
        typer.echo(f"  prints:  {_first_paragraph(target.help)}")
        for need in game.needs:
            typer.echo(f"  needs:   {need.what} (pnp build {need.target})")
        typer.echo(f"  build:   pnp build {game.id}")
        if game.group:
            group = root.get_command(None, game.group)
            names = group.list_commands(None)
            width = max(map(len, names))
            for i, name in enumerate(names):
                label = "use:" if i == 0 else ""
                typer.echo(f"  {label:<8} pnp {game.group} {name:<{width}}  {_first_paragraph(group.get_command(None, name).help)}")
        typer.echo("")


def _first_paragraph(text: str | None) -> str:
    return " ".join((text or "").split("\n\n")[0].split())
