"""Rule sheets: each game's rules, in pnp's own words, from a Jinja2 template to printed pages.

Templates use a small markup: `# title`, `## heading`, `- bullet`, `1. numbered`,
`**bold**` at the start of a bullet; blank lines separate paragraphs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from .build import BuildOptions
from .draw.shapes import Drawing, Shape, Text
from .draw.text import BOLD, MM_PER_PT, cap_height, wrap, width_mm
from .layouts import LayoutModel, Points, load_layout, sheet_layout
from .output import write_pages
from .resources import data_dir


class RuleSheetLayout(LayoutModel):
    title_size: Points
    heading_size: Points
    text_size: Points


@dataclass(frozen=True)
class Block:
    kind: str  # "title", "heading", "para", "bullet"
    text: str
    marker: str = ""  # "-" or "1." for list items
    lead: str = ""  # bold words that open a bullet


_BULLET = re.compile(r"^(-|\d+\.)\s+(?:\*\*(.+?)\*\*\s*)?(.*)$")


def render_template(name: str, **context: object) -> str:
    import jinja2  # loaded when a sheet is written, so that other commands start faster

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(data_dir("templates")),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        autoescape=False,
    )
    return env.get_template(name).render(**context)


def parse(markup: str) -> list[Block]:
    blocks: list[Block] = []
    para: list[str] = []

    def flush() -> None:
        if para:
            blocks.append(Block("para", " ".join(para)))
            para.clear()

    for raw in markup.splitlines():
        line = raw.strip().replace("`", "")
        if not line:
            flush()
        elif line.startswith("## "):
            flush()
            blocks.append(Block("heading", line[3:]))
        elif line.startswith("# "):
            flush()
            blocks.append(Block("title", line[2:]))
        elif m := _BULLET.match(line):
            flush()
            blocks.append(Block("bullet", m[3], m[1], (m[2] or "")))
        else:
            para.append(line)
    flush()
    return blocks


def typeset(blocks: list[Block], paper: str) -> list[Drawing]:
    """Blocks flowed onto as many pages as they need, inside generous margins."""
    lay = load_layout("rule-sheet", RuleSheetLayout)
    sheet = sheet_layout()
    size = sheet.paper[paper]
    margin = sheet.margin + 10
    width = size.width - 2 * margin
    pages: list[Drawing] = []
    page, y = None, 0.0

    def need(height: float) -> Drawing:
        nonlocal page, y
        if page is None or y + height > size.height - margin:
            page = Drawing(size.width, size.height)
            pages.append(page)
            y = margin
        return page

    for block in blocks:
        font_size = {"title": lay.title_size, "heading": lay.heading_size}.get(block.kind, lay.text_size)
        font = BOLD if block.kind in ("title", "heading") else "Helvetica"
        leading = font_size * MM_PER_PT * 1.3
        space_before = {"title": 0.0, "heading": 5.0, "para": 2.0, "bullet": 1.0}[block.kind]
        indent = 6.0 if block.kind == "bullet" else 0.0
        lead = f"{block.lead} " if block.lead else ""
        lines = wrap(lead + block.text, font, font_size, width - indent) or [block.text]
        target = need(space_before + cap_height(font_size) + leading * (len(lines) - 1))
        y += space_before + cap_height(font_size)
        if block.marker:
            target.add(Text(margin, y, "\u2022" if block.marker == "-" else block.marker, font_size, font))
        for i, line in enumerate(lines):
            target.add(*_line(margin + indent, y, line, lead if i == 0 else "", font, font_size))
            y += leading
    return pages


def _line(x: float, y: float, line: str, lead: str, font: str, size: float) -> list[Shape]:
    """One line of text; a bold lead-in keeps its weight."""
    if not lead or not line.startswith(lead):
        return [Text(x, y, line, size, font)]
    bold = lead.rstrip()
    return [Text(x, y, bold, size, BOLD), Text(x + width_mm(bold + " ", BOLD, size), y, line[len(lead):], size, font)]


def write_rules(game: str, opts: BuildOptions, **context: object) -> list[Path]:
    """`GAME-rules.pdf` (and SVGs) from `templates/rules/GAME.md.j2`."""
    pages = typeset(parse(render_template(f"rules/{game}.md.j2", **context)), opts.paper)
    return write_pages(f"{game}-rules", pages, opts, title=f"{game} rules")
