"""Pages to pixels: pnp's own PDF pages rendered by PDFium (pypdfium2), saved as PNG by Pillow.

Nothing is drawn twice: an image is a page of the same PDF the printer gets, so its colours and
shapes are pnp's. Same PDF and dpi, same pixels; the PNGs carry no date, only their dpi.
"""

from __future__ import annotations

from io import BytesIO

MM_PER_INCH = 25.4


def pixels(mm: float, dpi: int) -> int:
    """The whole pixels a length takes at `dpi` (the nearest: 69.85 mm at 300 dpi is 825)."""
    return max(1, round(mm / MM_PER_INCH * dpi))


def rasterise(pdf: bytes, dpi: int, pages: list[int] | None = None) -> list[bytes]:
    """These pages of `pdf` (default: every one) as PNGs at `dpi`, in RGB on white."""
    import pypdfium2  # loads only when an export needs pixels

    document = pypdfium2.PdfDocument(pdf)
    try:
        return [_png(document[i], dpi) for i in (range(len(document)) if pages is None else pages)]
    finally:
        document.close()


def _png(page, dpi: int) -> bytes:
    w_pt, h_pt = page.get_size()
    # The page's size to the nearest whole pixel, as `pixels` counts it: PDFium may round the
    # other way (its last column then barely inked, in the bleed).
    size = (round(w_pt / 72 * dpi), round(h_pt / 72 * dpi))
    image = page.render(scale=dpi / 72).to_pil().convert("RGB")
    if image.size != size:
        from PIL import Image

        fitted = Image.new("RGB", size, "white")
        fitted.paste(image, (0, 0))
        image = fitted
    buf = BytesIO()
    image.save(buf, "PNG", dpi=(dpi, dpi), compress_level=6)
    return buf.getvalue()
