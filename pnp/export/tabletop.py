"""`pnp export tts`: a game as Tabletop Simulator loads it, from the table its `export` room lists.

The folder gets the images (rendered from pnp's own drawings, as the print-shop files are), any
meshes, and GAME.json, the saved object to copy into TTS's Saved Objects folder. Its objects name
each image by URL: the file itself (`file:///…`, so the folder must stay where it was written),
or `--url-prefix` + its name, for a designer who uploads the images (TTS fetches them on load).
Every file name starts with the game's id, so several games can share one folder.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pnp.contract.pieces import Table
from pnp.core.tts import saved_object
from pnp.draw.pdf import render_pdf
from pnp.draw.raster import rasterise
from pnp.draw.shapes import Drawing


def url_maker(out: Path, game_id: str, prefix: str | None) -> Callable[[str], str]:
    """name -> the URL TTS loads it from."""
    if prefix is not None:
        return lambda name: f"{prefix.rstrip('/')}/{game_id}-{name}"
    folder = out.resolve()
    return lambda name: (folder / f"{game_id}-{name}").as_uri()


def files(table: Table, game_id: str, title: str, out: Path, prefix: str | None) -> dict[Path, bytes]:
    """The saved object, then the images and meshes it names (a table may offer more: the
    piecepack games share one list of faces)."""
    address = url_maker(out, game_id, prefix)
    named: set[str] = set()

    def url(name: str) -> str:
        named.add(name)
        return address(name)

    made = {out / f"{game_id}.json": saved_object(title, table.objects(url))}
    images = [image for image in table.images if f"{image.name}.png" in named]
    for dpi in sorted({image.dpi for image in images}):
        these = [image for image in images if image.dpi == dpi]
        pdf = render_pdf([Drawing(i.width, i.height, list(i.draw()), title=i.name) for i in these], title=title)
        for image, png in zip(these, rasterise(pdf, dpi)):
            made[out / f"{game_id}-{image.name}.png"] = png
    for name in sorted(named & set(table.meshes)):
        made[out / f"{game_id}-{name}"] = table.meshes[name].encode("utf-8")
    return made
