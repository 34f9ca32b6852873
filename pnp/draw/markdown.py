"""Rule sheets' Markdown: CommonMark with tables, parsed once into a syntax tree, and its figures;
and the same text as one self-contained HTML page.

A paragraph holding only `![](figure:NAME)` places the figure NAME there: a pnp Drawing, painted
as vectors by the PDF typesetter (pnp.draw.typeset) and inlined in the HTML by the SVG backend,
with its caption below.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from .shapes import Drawing

if TYPE_CHECKING:
    from markdown_it import MarkdownIt
    from markdown_it.token import Token
    from markdown_it.tree import SyntaxTreeNode

FIGURE = re.compile(r"figure:([a-z0-9-]+)")
INLINE = {"text", "softbreak", "strong"}  # the inline markup rule sheets use


@dataclass(frozen=True)
class Figure:
    """A drawing for the text, at its printed size in mm (reduced where a column is narrower), and its caption (Markdown)."""

    drawing: Drawing
    caption: str


@cache
def markdown() -> MarkdownIt:
    from markdown_it import MarkdownIt  # loads with the first rule sheet, not when pnp starts

    return MarkdownIt("commonmark", {"html": False}).enable("table")


def parse_inline(text: str) -> SyntaxTreeNode:
    """One line of Markdown (a caption) as an inline node."""
    from markdown_it.tree import SyntaxTreeNode  # as markdown() above

    return SyntaxTreeNode(markdown().parseInline(text)).children[0]


def figure_name(node: SyntaxTreeNode) -> str | None:
    """NAME when `node` is a paragraph holding just `![](figure:NAME)`."""
    if node.type != "paragraph":
        return None
    children = [c for c in node.children[0].children if c.type != "text" or c.content.strip()]
    if len(children) == 1 and children[0].type == "image":
        if m := FIGURE.fullmatch(str(children[0].attrs.get("src", ""))):
            return m[1]
    return None


def parse(text: str, figures: dict[str, Figure]) -> SyntaxTreeNode:
    """The template's syntax tree; only the inline markup both outputs set (plain and bold text), and
    every figure the game draws placed once, and no other (a template error otherwise)."""
    from markdown_it.tree import SyntaxTreeNode  # as markdown() above

    tree = SyntaxTreeNode(markdown().parse(text))
    for node in tree.walk():
        if node.type == "inline" and node.parent is not None and figure_name(node.parent) is None:  # an inline node's parent is its block
            if unused := {c.type for c in node.walk(include_self=False)} - INLINE:
                raise ValueError(f"rule sheets use no {', '.join(sorted(unused))} (in {node.content!r})")
    placed = [name for node in tree.walk() if (name := figure_name(node)) is not None]
    if sorted(placed) != sorted(figures):
        raise ValueError(f"rule sheet figures: the template places {sorted(placed)}, the game draws {sorted(figures)}")
    return tree


def title(tree: SyntaxTreeNode) -> str:
    """The text of the first `# heading`."""
    return next(node.children[0].content for node in tree.walk() if node.type == "heading" and node.tag == "h1")


# --- HTML ------------------------------------------------------------------------------------

_CSS = """
body { margin: 0; background: #f4f2ee; color: #1a1a1a; font: 16px/1.5 'Liberation Sans', Arial, Helvetica, sans-serif; }
main { max-width: 40em; margin: 0 auto; padding: 1.5em 1.25em 3em; background: #fff; }
h1 { font-size: 1.9em; margin: 0 0 0.1em; line-height: 1.2; }
h1 + p { color: #444; margin-top: 0; }
h2 { font-size: 1.25em; margin: 1.4em 0 0.3em; }
h3 { font-size: 1em; margin: 1.1em 0 0.2em; }
p, li { margin: 0.35em 0; }
table { border-collapse: collapse; font-size: 0.9em; margin: 0.6em 0 1em; }
th, td { text-align: left; vertical-align: top; padding: 0.2em 0.5em; border-bottom: 1px solid #bbb; }
th { border-bottom: 2px solid #1a1a1a; }
figure { margin: 1em 0; text-align: center; }
figure svg { max-width: 100%; height: auto; }
figcaption { font-size: 0.9em; color: #333; text-align: left; margin-top: 0.3em; }
"""


def _inline_svg(drawing: Drawing, prefix: str) -> str:
    """The SVG backend's drawing, its ids prefixed so that several figures share one page."""
    from .svg import render_svg  # svgwrite loads only when a page is written

    svg = render_svg(drawing).strip()
    svg = re.sub(r'\bid="([^"]+)"', rf'id="{prefix}\1"', svg)
    svg = re.sub(r"url\(#([^)]+)\)", rf"url(#{prefix}\1)", svg)
    return re.sub(r'href="#([^"]+)"', rf'href="#{prefix}\1"', svg)


def _html_tokens(node: SyntaxTreeNode) -> list[Token]:
    """The tree's tokens for RendererHTML, a figure's paragraph as one `figure` block token."""
    from markdown_it.token import Token  # as markdown() above

    if (name := figure_name(node)) is not None:
        return [Token("figure", "figure", 0, block=True, meta={"name": name})]
    if node.token is not None:  # an inline token (its children render with it) or a leaf block
        return [node.token]
    inner = [t for child in node.children for t in _html_tokens(child)]
    return inner if node.nester_tokens is None else [node.nester_tokens.opening, *inner, node.nester_tokens.closing]


def render_html(tree: SyntaxTreeNode, figures: dict[str, Figure]) -> str:
    """The same rules as one HTML page: styles inline, figures as inline SVG, nothing fetched."""
    md = markdown()
    number = 0

    def figure(tokens: list[Token], idx: int, options, env) -> str:
        nonlocal number
        name = tokens[idx].meta["name"]
        number += 1
        fig = figures[name]
        # Ends its line as RendererHTML ends every block's.
        return f'<figure id="figure-{name}">{_inline_svg(fig.drawing, f"f{number}-")}<figcaption><strong>Figure {number}.</strong> {md.renderInline(fig.caption)}</figcaption></figure>\n'

    from markdown_it.renderer import RendererHTML  # as markdown() above

    # RendererHTML renders tokens, and markdown-it's own rules set the spacing between blocks: so
    # the tree goes back to its tokens, each figure's paragraph swapped for a block of its own (a
    # <figure> cannot sit in a <p>), and the tree the PDF also reads is left as parsed.
    renderer = RendererHTML()
    renderer.rules["figure"] = figure  # type: ignore[assignment]  # markdown-it-py types its rules as bound methods; it calls any (tokens, idx, options, env)
    body = renderer.render(_html_tokens(tree), md.options, {})
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html.escape(title(tree))} (rules)</title>\n<style>{_CSS}</style>\n</head>\n<body>\n<main>\n{body}</main>\n</body>\n</html>\n"
    )
