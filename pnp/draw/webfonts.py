"""Fonts carried inside a web page, so its text is drawn in the faces pnp measured it with on any
machine (most have no Liberation fonts, and a wider stand-in makes text overlap) and nothing is
fetched: each face as an @font-face rule with a data: URL, subset to the characters the page holds.

WOFF compressed with zlib, not WOFF2: WOFF2 needs brotli, which pnp does not depend on. The
subset keeps the font's name table whole (its copyright and licence fields), and the CSS carries
the licence the fonts ship with (fonts/LICENSE.txt), as the SIL OFL asks of every copy.
"""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Iterable

from .text import FACES, FONT_DIR, Face


def family_name(face: Face) -> str:
    """The face's own family, the first of the names an SVG or a style sheet gives."""
    return face.family.split(",")[0].strip().strip("'\"")


def font_faces(page: str) -> str:
    """CSS for `page` (HTML, with its SVG drawings and its script's data in it): a rule for each
    face of every family the page names, subset to all the characters of the page's text."""
    faces = [f for f in FACES.values() if f.family in page]
    if not faces:
        return ""
    characters = "".join(sorted(set(html.unescape(page)) - set("\n\r\t")))
    licence = (FONT_DIR / "LICENSE.txt").read_text(encoding="utf-8").strip()
    rules = [f"/* The fonts below, subset to this page's characters:\n{licence}\n*/"]
    rules += [_rule(f, subset(f, characters)) for f in faces]
    return "\n".join(rules) + "\n"


def subset(face: Face, characters: Iterable[str]) -> bytes:
    """`face` as WOFF holding only the glyphs `characters` need: the same bytes each time."""
    from fontTools import subset as ft_subset  # fontTools loads only when a page carries fonts
    from fontTools.ttLib import TTFont

    font = TTFont(FONT_DIR / face.file, recalcTimestamp=False)  # keep the face's own date, not today's
    options = ft_subset.Options()
    options.name_IDs = ["*"]  # copyright, licence, and the rest of the name table
    options.drop_tables += ["FFTM"]  # FontForge's own timestamps, which browsers never read
    options.layout_features = []  # no kerning or ligatures: ReportLab measures and the PDF draws without them
    options.hinting = False  # browsers draw the outlines smoothly without it; the subset is half the size
    subsetter = ft_subset.Subsetter(options)
    subsetter.populate(text="".join(characters))
    subsetter.subset(font)
    font.flavor = "woff"
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def _rule(face: Face, woff: bytes) -> str:
    data = base64.b64encode(woff).decode("ascii")
    return (
        f"@font-face {{ font-family: '{family_name(face)}'; font-weight: {face.weight}; font-style: normal; font-display: block;"
        f" src: url(data:font/woff;base64,{data}) format('woff'); }}"
    )
