"""MkDocs hooks of the docs site (mkdocs.yml names this file).

- The generated pages: a marker line (`<!-- pnp:commands -->`) becomes the page pnp makes
  (pnp.commands.reference), as `pnp help` does it.
- The pictures: pictures.py beside this file makes them from pnp's own output, into img/.
- Nothing fetched: after the build, a page or stylesheet that would load anything from the
  network (a script, a style, a font, an image) fails it.
"""

from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File

sys.path.insert(0, str(Path(__file__).parent))

import pictures  # noqa: E402  (beside this file)

from pnp.commands.cli import app_command  # noqa: E402
from pnp.commands.reference import expand  # noqa: E402

_made: dict[str, Path] = {}  # picture name -> PNG, made once a process (`mkdocs serve` rebuilds)
# What a browser fetches by itself: src= of any element, a <link>'s href, url() and @import in CSS.
_FETCH = re.compile(r"""(?:\ssrc=|<link\b[^>]*\shref=|url\(|@import\s+)["']?(?:https?:)?//""", re.IGNORECASE)


def on_files(files, config):
    if not _made:
        folder = Path(tempfile.mkdtemp(prefix="pnp-docs-pictures-"))
        _made.update({p.stem: p for p in pictures.make(folder)})
    for name, path in _made.items():
        files.append(File.generated(config, f"img/{name}.png", abs_src_path=str(path)))
    return files


def on_page_markdown(markdown, page, config, files):
    return expand(markdown, app_command())


def on_post_build(config):
    site = Path(config.site_dir)
    for path in sorted([*site.rglob("*.html"), *site.rglob("*.css")]):
        text = path.read_text(encoding="utf-8", errors="replace")
        found = _FETCH.search(text)
        if found:
            line = text.count("\n", 0, found.start()) + 1
            raise PluginError(f"{path.relative_to(site)}:{line}: the page would fetch from the network: {text[found.start() : found.start() + 80]!r}")
