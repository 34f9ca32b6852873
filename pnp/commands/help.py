"""`pnp help [TOPIC]`: the docs site's pages, shipped in the package, as plain text for a terminal.

The pages are the Markdown under docs/ (in a wheel, pnp/_data/docs/): one page, one topic, named
by its file (`docs/reference/formats.md` is `pnp help formats`). The site and the terminal read the
same files, and both fill in the generated pages (pnp.commands.reference), so nothing is written twice.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import typer

from pnp.core.diagnostics import PnpError, shown
from pnp.core.resources import data_dir, schema_file

from .reference import expand

# The site's sections, in the order a reader needs them; a page outside them is not a topic.
SECTIONS = {"tutorials": "Tutorials", "how-to": "How-to guides", "reference": "Reference", "explanation": "Explanation"}
_IMAGE = re.compile(r"!\[([^\]]*)\]\([^)]*\)")
_LINK = re.compile(r"\[([^\]]+)\]\(([^)#]*?)(?:\.md)?(#[^)]*)?\)")


@dataclass(frozen=True)
class Topic:
    name: str
    section: str
    title: str
    path: Path


def topics() -> list[Topic]:
    """Every page of the docs, section by section, each section's pages by name."""
    root = data_dir("docs")
    found = []
    for folder, heading in SECTIONS.items():
        for path in sorted((root / folder).glob("*.md")):
            first = path.read_text(encoding="utf-8").split("\n", 1)[0]
            found.append(Topic(path.stem, heading, first.removeprefix("# ").replace("`", ""), path))
    return found


def plain(markdown: str, root: Any) -> str:
    """A page as a terminal shows it: Markdown is plain text already; a picture becomes its
    description, and a link to another page names the topic to read."""

    def link(match: re.Match[str]) -> str:
        text, target, _ = match.groups()
        if target.startswith(("http://", "https://")):
            return f"{text} ({target})"
        if not target:
            return text
        return f"{text} (pnp help {Path(target).name})"

    text = _IMAGE.sub(lambda m: f"[picture: {m[1]}]", expand(markdown, root))
    return _LINK.sub(link, text)


def print_help(topic: str | None, schema: bool, root: Any) -> None:
    """Help on `topic` (None: the list of topics), its generated parts made from `root`, pnp's commands."""
    found = {t.name: t for t in topics()}
    if schema:
        if topic not in (None, "json"):
            raise PnpError("--schema goes with the topic json: pnp help json --schema", exit_code=2)
        typer.echo(schema_file().read_text(encoding="utf-8"), nl=False)
        return
    if topic is None:
        typer.echo("pnp help TOPIC shows a page of pnp's documentation (the same pages as the docs site):")
        width = max(map(len, found))
        section = ""
        for t in found.values():
            if t.section != section:
                section = t.section
                typer.echo(f"\n{section}")
            typer.echo(f"  {t.name:<{width}}  {t.title}")
        typer.echo("\nEvery command also takes -h; `pnp help json --schema` prints the JSON Schema of --json.")
        return
    if topic not in found:
        near = difflib.get_close_matches(topic, found, n=1)
        hint = f"did you mean {near[0]}? " if near else ""
        raise PnpError(f"no help topic is called {shown(topic)}: {hint}pnp help lists them", exit_code=2)
    typer.echo(plain(found[topic].path.read_text(encoding="utf-8"), root))
