"""A print shop's cut wanders by about a millimetre, so its files keep every edge and outline clear
of the preset's safe zone and carry the ground out into the bleed: measured from the PNGs alone.

From the cut, the test walks inward along lines across each piece (a quarter, half and three
quarters of the way along each side; along eight radii of a round coin) to the first change of
colour, the outermost edge anything draws there, and checks it lies past the safe zone; then it
walks outward through the bleed and checks every pixel there is the colour just inside the cut."""

from __future__ import annotations

import math
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image
from typer.testing import CliRunner

from pnp.commands.cli import app

ROOT = Path(__file__).resolve().parents[2]
PRESETS = tomllib.loads((ROOT / "layouts" / "print-shop.toml").read_text())["preset"]
DPI = 300
TOLERANCE = 24  # of 255 per channel: antialiasing and the image library's rounding, not a new colour
runner = CliRunner()


def mm(length: str) -> float:
    value, unit = length.split()
    return float(value) * {"in": 25.4, "mm": 1.0}[unit]


def differs(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    return max(abs(x - y) for x, y in zip(a, b)) > TOLERANCE


Ray = tuple[float, float, float, float, int]  # a point just inside the cut, the way in, how far to walk


def rays(width: int, height: int, bleed: int, round_: bool) -> Iterator[Ray]:
    if round_:
        r = (width - 2 * bleed) / 2
        for k in range(8):
            ux, uy = math.cos(k * math.pi / 4), math.sin(k * math.pi / 4)
            yield width / 2 + (r - 0.5) * ux, height / 2 + (r - 0.5) * uy, -ux, -uy, int(r)
        return
    w, h = width - 2 * bleed, height - 2 * bleed
    for f in (0.25, 0.5, 0.75):
        x, y = bleed + w * f, bleed + h * f
        yield bleed + 0.5, y, 1, 0, w // 2
        yield width - bleed - 0.5, y, -1, 0, w // 2
        yield x, bleed + 0.5, 0, 1, h // 2
        yield x, height - bleed - 0.5, 0, -1, h // 2


def measure(png: Path, bleed_mm: float) -> tuple[float, bool]:
    """The least distance in mm from the cut to the first change of colour inside it (inf: none),
    and whether the bleed is the colour just inside the cut all along the lines walked."""
    with Image.open(png) as image:
        rgb = image.convert("RGB")
    pixel = rgb.load()
    bleed = round(bleed_mm / 25.4 * DPI)
    nearest, plain = math.inf, True
    for x, y, dx, dy, n in rays(*rgb.size, bleed, png.name.startswith("coin-")):
        at = lambda i: pixel[int(x + i * dx), int(y + i * dy)]  # noqa: E731
        ground = at(1)
        edge = next((i for i in range(n) if differs(at(i), ground)), None)
        if edge is not None:
            nearest = min(nearest, edge / DPI * 25.4)
        plain = plain and not any(differs(at(-j), ground) for j in range(1, bleed + 1))
    return nearest, plain


@pytest.fixture(scope="module", params=["power-lines-cards", "piecepack", "ley-lines"])
def shop(request, tmp_path_factory) -> tuple[str, Path]:
    out = tmp_path_factory.mktemp("shop") / request.param
    result = runner.invoke(app, ["export", "print-shop", request.param, "-o", str(out)])
    assert result.exit_code == 0, result.output
    return request.param, out


def default_preset(target: str) -> dict:
    return next(p for p in PRESETS.values() if target in p["targets"])


def test_every_preset_names_a_safe_zone_of_an_eighth_inch_or_more():
    # 1/8 in is the least the print-on-demand shops ask for (and the 3 mm of the common card templates rounds it)
    assert all(mm(p["safe"]) >= 3.175 for p in PRESETS.values())


def test_no_edge_or_outline_lies_within_the_safe_zone_and_the_bleed_is_the_ground(shop):
    target, out = shop
    preset = default_preset(target)
    safe, bleed = mm(preset["safe"]), mm(preset["bleed"])
    # A plain-ground piece only: the card backs' stripes are a pattern running out through the bleed (below).
    measured = {png.name: measure(png, bleed) for png in sorted(out.glob("*.png")) if not png.name.startswith("deck-")}
    measured |= {png.name: measure(png, bleed) for png in sorted(out.glob("deck-*.png")) if not png.name.endswith("-back.png")}
    assert measured
    near = {name: round(d, 2) for name, (d, _) in measured.items() if d < safe}
    assert not near, f"edges within the {safe} mm safe zone: {near}"
    assert all(plain for _, plain in measured.values()), [name for name, (_, plain) in measured.items() if not plain]


def test_the_card_backs_stripes_run_out_through_the_bleed(tmp_path):
    assert runner.invoke(app, ["export", "print-shop", "power-lines-cards", "--dpi", "100", "-o", str(tmp_path)]).exit_code == 0
    for back in sorted(tmp_path.glob("deck-*-back.png")):
        with Image.open(back) as image:
            rgb = image.convert("RGB")
        colours = rgb.getcolors(rgb.size[0] * rgb.size[1])
        ground = max(colours)[1]
        # the outermost ring of pixels, the far edge of the bleed: mostly the back's ground, never a white band
        w, h = rgb.size
        ring = [rgb.getpixel((x, y)) for x in range(w) for y in (0, h - 1)] + [rgb.getpixel((x, y)) for y in range(h) for x in (0, w - 1)]
        assert sum(not differs(c, ground) for c in ring) > 0.5 * len(ring), back.name
