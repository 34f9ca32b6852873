"""The kit's `index.html`: each game, its designer, what it needs from other folders, a preview of
each file's first page, links to every file, and how to print it (its pages as its renderer
counted them, its size from the file written). What each file is, its document's kind
(pnp.contract.documents), says how it is titled and where it stands."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jinja2

from pnp.commands.summary import SVG_PAGE, FileFacts, facts, size_text
from pnp.contract.documents import Kind
from pnp.core.printing import Print
from pnp.core.resources import data_dir
from pnp.core.session import ongoing
from pnp.games.registry import GAMES

INDEX = "index.html"


def how_to_print(f: FileFacts, printing: Print) -> str:
    sides = "two-sided, flip on the long edge" if f.duplex else "one-sided"
    return f"{printing.paper.label} at 100 % (actual size), {sides}: {f.sheets} sheet{'s' * (f.sheets != 1)}"


ORDER = (Kind.PIECES, Kind.SCORE_PAD, Kind.RULES, Kind.ANSWER)  # every game's boxes in this order
TITLES = {Kind.PIECES: "Pieces", Kind.SCORE_PAD: "Score pad", Kind.RULES: "Rules", Kind.ANSWER: "The answer (look only after playing)"}


def kind(path: Path) -> Kind:
    """What the file written at `path` is, as its document said."""
    return Kind(ongoing().kinds[path])


def _entries(folder: Path, files: list[Path], printing: Print) -> list[dict[str, Any]]:
    """Each PDF with its SVG pages and HTML twin, pieces first, then the score pad, the rules and
    any answer; then any file no PDF claims."""
    names = [p.name for p in files]
    claimed: set[str] = set()
    entries = []
    for name in names:
        if not name.endswith(".pdf"):
            continue
        stem = name[:-4]
        svgs = [n for n in names if (m := SVG_PAGE.fullmatch(n)) and m[1] == stem]
        html = f"{stem}.html" if f"{stem}.html" in names else None
        claimed |= {name, *svgs, *([html] if html else [])}
        f = facts(folder / name)
        role = kind(folder / name)
        entries.append(
            {
                "kind": role,
                "name": name,
                "title": _title(role, stem, folder.name),
                "preview": svgs[min(f.preview, len(svgs) - 1)] if svgs and role is not Kind.ANSWER else None,  # an answer never spoils the game
                "svgs": svgs,
                "html": html,
                "pages": f.pages,
                "size": size_text(f.size),
                "how": how_to_print(f, printing),
            }
        )
    entries.sort(key=lambda e: ORDER.index(e["kind"]))
    for name in names:
        if name not in claimed:
            entries.append(
                {
                    "name": name,
                    "title": name,
                    "preview": name if name.endswith(".svg") else None,
                    "svgs": [],
                    "html": None,
                    "pages": None,
                    "size": size_text(facts(folder / name).size),
                    "how": "",
                }
            )
    return entries


def _title(role: Kind, stem: str, folder: str) -> str:
    """The kind's title; pieces say which, where the game prints several (`Pieces (board)`)."""
    rest = stem.removeprefix(folder).strip("-") if role is Kind.PIECES else ""
    return TITLES[role] + (f" ({rest})" if rest else "")


def render_index(root: Path, written: list[Path], printing: Print) -> str:
    def pieces(target: str) -> str:  # the first PDF of a target's pieces
        return next(f"{target}/{p.name}" for p in written if p.parent == root / target and p.suffix == ".pdf" and kind(p) is Kind.PIECES)

    games = []
    for game in GAMES:
        folder = root / game.id
        files = [p for p in written if p.parent == folder]
        needs = [{"what": need.what, "file": pieces(need.target)} for need in game.needs]
        games.append(
            {
                "folder": game.id,
                "title": game.title,
                "credit": game.credit_line,
                "needs": needs,
                "also": game.also,
                "exports": [f"pnp export {kind} {game.id} -o DIR" for kind in game.exports],
                "entries": _entries(folder, files, printing),
            }
        )
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(data_dir("templates")), autoescape=True, undefined=jinja2.StrictUndefined)
    return env.get_template("index.html.j2").render(games=games, paper=printing.paper.label)
