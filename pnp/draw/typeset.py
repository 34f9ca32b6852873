"""Typeset text with ReportLab platypus: a rule sheet's Markdown syntax tree to a two-column PDF.

The first page opens with a title band across both columns; every page then holds two columns.
Headings keep with what follows, a figure keeps with its caption, and figures are pnp Drawings
painted by the PDF backend. Fonts are the embedded faces every pnp PDF uses; ReportLab's
invariant mode makes the same input give the same bytes.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from io import BytesIO
from typing import TYPE_CHECKING, TypedDict, Unpack

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, FrameBreak, KeepTogether, NextPageTemplate, PageTemplate, Paragraph, Table, TableStyle

from pnp.core.layouts import LayoutModel, Length, Points, load_layout
from pnp.core.printing import Print

from .markdown import Figure, figure_name, parse_inline
from .pdf import PT_PER_MM, paint
from .shapes import Drawing
from .text import BOLD, REGULAR, embedded, width_mm

if TYPE_CHECKING:
    from markdown_it.tree import SyntaxTreeNode


class RuleSheetLayout(LayoutModel):
    margin: Length  # from the paper edge to the text
    column_gap: Length
    title_size: Points
    heading_size: Points
    text_size: Points
    small_size: Points  # captions and tables
    leading: float  # baseline to baseline, a multiple of the size
    figure_gap: Length  # space above a figure and below its caption
    figure_height: float  # the most of a column's height one figure may take


def rule_layout() -> RuleSheetLayout:
    return load_layout("rule-sheet", RuleSheetLayout)


@dataclass(frozen=True)
class Box:
    """A frame on the page, in mm from the top-left corner."""

    x: float
    y: float
    w: float
    h: float


def frames(printing: Print, band: float) -> list[Box]:
    """The frames of a page: with a title band `band` mm high (the first page), that band across
    the top and two columns below it; without (band 0), two columns from the top margin."""
    lay, size = rule_layout(), printing.size
    width = size.width - 2 * lay.margin
    column = (width - lay.column_gap) / 2
    top = lay.margin + band
    height = size.height - lay.margin - top
    columns = [Box(lay.margin, top, column, height), Box(lay.margin + column + lay.column_gap, top, column, height)]
    return ([Box(lay.margin, lay.margin, width, band)] if band else []) + columns


class _Spacing(TypedDict, total=False):
    """What a paragraph style sets beyond its size and font."""

    spaceBefore: float
    spaceAfter: float
    leftIndent: float
    keepWithNext: int


# The headings' styles, as _styles names those of Markdown's h1, h2 and h3: a paragraph in one is
# an entry of the PDF's outline (afterFlowable), at its place here as its level.
OUTLINE = ("title", "heading", "subheading")


@cache
def _styles() -> dict[str, ParagraphStyle]:
    lay = rule_layout()

    def style(name: str, size: float, font: str = REGULAR, **kw: Unpack[_Spacing]) -> ParagraphStyle:
        return ParagraphStyle(name, fontName=embedded(font), fontSize=size, leading=size * lay.leading, bulletFontName=embedded(font), **kw)

    body, small = lay.text_size, lay.small_size
    return {
        "h1": style("title", lay.title_size, BOLD, spaceAfter=body * 0.25),
        "byline": style("byline", body, spaceAfter=body * 0.9),
        "h2": style("heading", lay.heading_size, BOLD, spaceBefore=body * 0.8, spaceAfter=body * 0.25, keepWithNext=1),
        "h3": style("subheading", body, BOLD, spaceBefore=body * 0.5, spaceAfter=body * 0.15, keepWithNext=1),
        "p": style("body", body, spaceAfter=body * 0.45),
        "lead": style("lead", body, spaceAfter=body * 0.45, keepWithNext=1),
        "li": style("item", body, leftIndent=body * 1.2, spaceAfter=body * 0.2),
        "cell": style("cell", small),
        "head": style("head", small, BOLD),
        "caption": style("caption", small, spaceAfter=lay.figure_gap * PT_PER_MM),
    }


def markup(inline: SyntaxTreeNode) -> str:
    """An inline node as ReportLab paragraph markup: the little Markdown rule sheets use."""
    out: list[str] = []
    for c in inline.children:
        if c.type == "text":
            out.append(html.escape(c.content, quote=False))
        elif c.type == "softbreak":
            out.append(" ")
        elif c.type == "strong":
            out.append(f'<font name="{embedded(BOLD)}">{markup(c)}</font>')
        else:
            raise ValueError(f"rule sheets use no {c.type} (in {inline.content!r})")
    return "".join(out)


def _plain(inline: SyntaxTreeNode) -> str:
    return "".join(c.content for c in inline.walk() if c.type == "text")


class FigureFlowable(Flowable):
    """A pnp Drawing in the text, centred: at its own size, or reduced to the column's width or the height allowed."""

    def __init__(self, drawing: Drawing, width: float, max_height: float) -> None:
        super().__init__()
        self.drawing = drawing
        self.k = min(1.0, width / drawing.width, max_height / drawing.height)
        self.column = width * PT_PER_MM
        self.width = self.column
        self.height = drawing.height * self.k * PT_PER_MM
        self.spaceBefore = rule_layout().figure_gap * PT_PER_MM
        self.spaceAfter = rule_layout().small_size * 0.4

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        self.canv.saveState()
        self.canv.translate((self.column - self.drawing.width * self.k * PT_PER_MM) / 2, 0)
        paint(self.canv, self.drawing, self.k)
        self.canv.restoreState()


def _table(node: SyntaxTreeNode, column: float) -> Table:
    """A Markdown table: the header row bold; each column as wide as its longest cell except the
    widest, which takes the rest of the column and wraps."""
    st, lay = _styles(), rule_layout()
    pad = 2.0  # pt each side of a cell
    rows = [tr.children for part in node.children for tr in part.children]  # thead's one row, then tbody's
    cells: list[list[Paragraph]] = []
    widths = [0.0] * len(rows[0])  # markdown-it gives every row as many cells as the header
    for r, row in enumerate(rows):
        face, style = (BOLD, st["head"]) if r == 0 else (REGULAR, st["cell"])
        cells.append([Paragraph(markup(cell.children[0]), style) for cell in row])
        for col, cell in enumerate(row):
            widths[col] = max(widths[col], width_mm(_plain(cell.children[0]), face, lay.small_size) * PT_PER_MM + 2 * pad + 1)
    wide = widths.index(max(widths))
    widths[wide] = column * PT_PER_MM - (sum(widths) - widths[wide])
    table = Table(cells, colWidths=widths, repeatRows=1, hAlign="LEFT", spaceAfter=lay.text_size * 0.6)
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), embedded(REGULAR)),  # the table's own text state: never a standard font
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), pad),
                ("RIGHTPADDING", (0, 0), (-1, -1), pad),
                ("TOPPADDING", (0, 0), (-1, -1), 1.2),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 1.8),
                ("LINEBELOW", (0, 0), (-1, 0), 0.6, "#1A1A1A"),
                ("LINEBELOW", (0, 1), (-1, -1), 0.25, "#9A9A9A"),
            ]
        )
    )
    return table


def story(tree: SyntaxTreeNode, figures: dict[str, Figure], column: float, max_height: float) -> tuple[list[Paragraph], list[Flowable]]:
    """The title band's paragraphs (the title and the byline after it) and the columns' flowables."""
    st = _styles()
    head: list[Paragraph] = []
    body: list[Flowable] = []
    number = 0  # figures so far

    def blocks(nodes: list[SyntaxTreeNode], bullet: str | None = None) -> None:
        """`bullet`: in a list item, its bullet or number for the item's first block and "" for the rest."""
        nonlocal number
        for node in nodes:
            if node.type == "heading":
                para = Paragraph(markup(node.children[0]), st[node.tag])  # its style makes it an outline entry (OUTLINE)
                (head if node.tag == "h1" else body).append(para)
            elif node.type in ("bullet_list", "ordered_list"):
                for n, item in enumerate(node.children, int(node.attrs.get("start", 1))):
                    blocks(item.children[:1], f"{n}." if node.type == "ordered_list" else "\u2022")
                    blocks(item.children[1:], "")
            elif node.type == "table":
                body.append(_table(node, column))
            elif (name := figure_name(node)) is not None:
                fig, number = figures[name], number + 1
                label = f'<font name="{embedded(BOLD)}">Figure {number}.</font> '
                caption = Paragraph(label + markup(parse_inline(fig.caption)), st["caption"])
                body.append(KeepTogether([FigureFlowable(fig.drawing, column, max_height), caption]))
            elif node.type == "paragraph":
                inline = node.children[0]
                if bullet is not None:
                    body.append(Paragraph(markup(inline), st["li"], bulletText=bullet))
                elif len(head) == 1 and not body:
                    head.append(Paragraph(markup(inline), st["byline"]))
                else:
                    # A paragraph that ends in a colon introduces what follows: never left alone at a column's foot.
                    body.append(Paragraph(markup(inline), st["lead" if inline.content.rstrip().endswith(":") else "p"]))
            else:
                # A block quote's paragraphs read as the text around them; code blocks and thematic breaks have none.
                blocks(node.children, bullet)

    blocks(tree.children)
    return head, body


def _plain_markup(text: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", text))


class _RulesDoc(BaseDocTemplate):
    """Print hints as on every pnp PDF (two-sided once there is a second page), and an outline
    entry for the title and each heading."""

    def beforeDocument(self) -> None:
        self.canv.setViewerPreference("PrintScaling", "None")
        self.canv.setViewerPreference("Duplex", "Simplex")
        self.canv.setViewerPreference("DisplayDocTitle", "true")
        self.entries = 0

    def afterPage(self) -> None:
        # A sheet of more than one page prints two-sided, one sheet for two pages.
        if self.page > 1:
            self.canv.setViewerPreference("Duplex", "DuplexFlipLongEdge")

    def afterFlowable(self, flowable: Flowable) -> None:
        if isinstance(flowable, Paragraph) and flowable.style.name in OUTLINE:
            level = OUTLINE.index(flowable.style.name)
            key = f"h{self.entries}"
            self.entries += 1
            self.canv.bookmarkPage(key)
            self.canv.addOutlineEntry(_plain_markup(flowable.text), key, level)
            self.canv.showOutline()


def band_height(head: Sequence[Flowable], width: float) -> float:
    """How tall (mm) the title band must be to hold the title and byline."""
    return sum(f.wrap(width * PT_PER_MM, 1e6)[1] + f.getSpaceAfter() for f in head) / PT_PER_MM + 0.5


def typeset_pdf(tree: SyntaxTreeNode, figures: dict[str, Figure], printing: Print) -> tuple[bytes, int]:
    """The rule sheet as a PDF, and its page count: a title band, then two columns on every page.
    A sheet that fits one page is set again with shorter columns, as short as still holds it all,
    so that the second column is not left nearly empty."""
    pdf, pages, text_height = _typeset(tree, figures, printing)  # on one page: both columns' text, as one
    if pages > 1:
        return pdf, pages
    for share in BALANCE:
        balanced, pages, _ = _typeset(tree, figures, printing, text_height / 2 * share)  # never taller than the page allows
        if pages == 1:
            return balanced, 1
    return pdf, 1


BALANCE = (1.04, 1.1, 1.2)  # columns tried, times half the text's height: headings and figures kept whole need some slack


def _typeset(tree: SyntaxTreeNode, figures: dict[str, Figure], printing: Print, height: float | None = None) -> tuple[bytes, int, float]:
    """The PDF, its page count and how much column height (mm) its last page's text takes; columns `height` mm tall if given."""
    lay, size = rule_layout(), printing.size
    column = frames(printing, 0.0)[0]
    head, body = story(tree, figures, column.w, column.h * lay.figure_height)
    band = band_height(head, frames(printing, 1.0)[0].w)

    def frame(box: Box, ident: str, height: float | None = None) -> Frame:
        # ReportLab measures from the bottom-left corner in points; no padding: the boxes hold the text exactly.
        h = box.h if height is None else min(box.h, height)
        y = size.height - box.y - h
        return Frame(box.x * PT_PER_MM, y * PT_PER_MM, box.w * PT_PER_MM, h * PT_PER_MM, 0, 0, 0, 0, id=ident)

    name = _plain_markup(head[0].text)
    buf = BytesIO()
    doc = _RulesDoc(
        buf,
        pagesize=(size.width * PT_PER_MM, size.height * PT_PER_MM),
        title=f"{name} (rules)",
        author="pnp",
        subject=f"The rules of {name}, in pnp's words",
        creator="pnp",
        invariant=1,
        pageCompression=1,
        initialFontName=embedded(REGULAR),
        lang="en",
    )
    title, left, right = frames(printing, band)
    doc.addPageTemplates(
        [
            PageTemplate("first", [frame(title, "title"), frame(left, "left", height), frame(right, "right", height)]),
            PageTemplate("later", [frame(b, f"later{i}") for i, b in enumerate(frames(printing, 0.0))]),
        ]
    )
    doc.build([NextPageTemplate("later"), *head, FrameBreak(), *body])
    # How much column the text took: a full left column (when the right one was reached) and what the last frame holds.
    last = doc.frame
    used = (last._y1 + last._height - last._y) / PT_PER_MM  # type: ignore[attr-defined]  # types-reportlab leaves out Frame's _y1, _height and _y (how far its text went)
    return buf.getvalue(), doc.page, used + (left.h if last.id == "right" else 0.0)
