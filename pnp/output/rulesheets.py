"""Rule sheets: each game's rules, in pnp's own words, from one Markdown template to a typeset
PDF (pnp.draw.typeset) and a self-contained HTML page beside it (pnp.draw.markdown).

A template (templates/rules/GAME.md.j2) is Jinja2 around CommonMark with tables: `# Title`, the
byline paragraph (`{{ byline }}`, from templates/rules/credits.toml), then the rules, with the
game's figures placed by name.
"""

from __future__ import annotations

from pathlib import Path

from pnp.core.credits import byline
from pnp.core.resources import data_dir
from pnp.core.session import Pages
from pnp.draw.markdown import Figure, parse, render_html
from pnp.output.files import BuildOptions, write_rendered


def render_template(game: str, **context: object) -> str:
    import jinja2  # loaded when a sheet is written, so that other commands start faster

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(data_dir("templates")),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        autoescape=False,
    )
    return env.get_template(f"rules/{game}.md.j2").render(byline=byline(game), **context)


# --- writing ----------------------------------------------------------------------------------


def write_rules(game: str, opts: BuildOptions, figures: dict[str, Figure] | None = None, **context: object) -> list[Path]:
    """`GAME-rules.pdf` (when PDF is asked for) and `GAME-rules.html`, from `templates/rules/GAME.md.j2`."""
    figures = figures or {}
    tree = parse(render_template(game, **context), figures)
    files: dict[Path, bytes] = {}
    pages: dict[Path, Pages] = {}
    if "pdf" in opts.formats:
        from pnp.draw.typeset import typeset_pdf  # ReportLab's typesetter loads only when a PDF is asked for

        pdf = opts.out / f"{game}-rules.pdf"
        files[pdf], count = typeset_pdf(tree, figures, opts.printing)
        pages[pdf] = Pages(count, duplex=count > 1)  # as the PDF's print hint says
    files[opts.out / f"{game}-rules.html"] = render_html(tree, figures).encode("utf-8")
    return write_rendered(f"{game}-rules", files, opts, pages, kind="rules")
