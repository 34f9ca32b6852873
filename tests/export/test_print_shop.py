"""`pnp export print-shop`, checked from the files it writes: every image's pixels against trim,
bleed and dpi; the card where the trim says on a rendered face; the manifest against the deck
list; the PDF's pages and boxes; the same inputs, the same bytes; bad input, nothing written."""

from __future__ import annotations

import csv
import json
from collections import Counter
from pathlib import Path

import pdfplumber
import pytest
from PIL import Image
from pypdf import PdfReader
from typer.testing import CliRunner

from pnp.commands.cli import app
from pnp.games.power_lines_cards.rules.engine import load_deck

ROOT = Path(__file__).resolve().parents[2]
STARTER = ROOT / "decks" / "starter.deck"
MM_PER_PT = 25.4 / 72
runner = CliRunner()


def export(*args) -> object:
    return runner.invoke(app, ["export", "print-shop", *map(str, args)])


def manifest(folder: Path) -> list[dict[str, str]]:
    with open(folder / "manifest.csv", newline="") as f:
        return list(csv.DictReader(f))


def px(mm: float, dpi: int) -> int:
    return round(mm / 25.4 * dpi)


@pytest.fixture(scope="module")
def poker(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("poker") / "shop"
    result = export("power-lines-cards", "-o", out)
    assert result.exit_code == 0, result.output
    return out


def test_the_poker_preset_gives_825_by_1125_pixels_at_300_dpi(poker):
    # The preset: 2.5 x 3.5 in trimmed, 1/8 in bleed a side, 300 dpi.
    images = sorted(poker.glob("*.png"))
    assert len(images) == 2 * 13  # each deck: the Base, 11 kinds, its back
    for path in images:
        with Image.open(path) as image:
            assert image.size == (825, 1125), path.name
            assert round(image.info["dpi"][0]) == 300


def test_every_image_named_in_the_manifest_exists_and_has_its_stated_size(poker):
    rows = manifest(poker)
    assert {r["file"] for r in rows} == {p.name for p in poker.glob("*.png")}
    for row in rows:
        with Image.open(poker / row["file"]) as image:
            assert image.size == (int(row["width_px"]), int(row["height_px"]))


def test_the_manifest_orders_both_decks_as_the_deck_list_says(poker):
    # The game needs two decks, as the home print and Tabletop Simulator give: A and B, each with its own back.
    counts = load_deck(STARTER).counts
    for letter in "AB":
        rows = [r for r in manifest(poker) if r["piece"].startswith(f"deck {letter}, ")]
        fronts = {r["piece"].split(", ", 1)[1]: int(r["copies"]) for r in rows if r["side"] == "front"}
        assert fronts == {"Base": 1, **{f"card {kind}": n for kind, n in counts.items() if n}}
        backs = [r for r in rows if r["side"] == "back"]
        assert {r["file"] for r in backs} == {f"deck-{letter.lower()}-back.png"} and sum(int(r["copies"]) for r in backs) == 27
    assert sum(int(r["copies"]) for r in manifest(poker) if r["side"] == "front") == 54


def test_each_decks_back_says_its_letter(poker):
    reader = PdfReader(poker / "pieces.pdf")
    rows = manifest(poker)
    for letter in "AB":
        (page,) = {int(r["pdf_page"]) for r in rows if r["file"] == f"deck-{letter.lower()}-back.png" and r["piece"] == f"deck {letter}, Base"}
        text = " ".join(reader.pages[page - 1].extract_text().split())
        assert f"DECK {letter}" in text and f"DECK {'B' if letter == 'A' else 'A'}" not in text


def test_one_deck_given_once_makes_one_deck_and_twice_two(tmp_path):
    deck = tmp_path / "mine.deck"
    deck.write_text(STARTER.read_text())
    for given, letters in ((["--deck", deck], {"A"}), (["--deck", deck, "--deck", STARTER], {"A", "B"})):
        out = tmp_path / str(len(given))
        assert export("power-lines-cards", *given, "--dpi", "72", "-o", out).exit_code == 0
        assert {r["piece"].split(",")[0][-1] for r in manifest(out)} == letters


def test_the_pdf_pages_are_trim_plus_bleed_with_the_trim_box_on_the_cut(poker):
    reader = PdfReader(poker / "pieces.pdf")
    assert len(reader.pages) == 2 * 2 * 12  # each deck's pieces: each one's front, then its back
    for page in reader.pages:
        media, trim = page.mediabox, page.trimbox
        assert float(media.width) * MM_PER_PT == pytest.approx(2.75 * 25.4, abs=0.01)
        assert float(media.height) * MM_PER_PT == pytest.approx(3.75 * 25.4, abs=0.01)
        assert [float(v) * MM_PER_PT for v in (trim.left, trim.bottom)] == pytest.approx([3.175, 3.175], abs=0.01)
        assert float(trim.width) * MM_PER_PT == pytest.approx(63.5, abs=0.01)
        assert page.bleedbox == page.mediabox


def _first_paper(row: list[tuple[int, int, int]]) -> int:
    return next(i for i, pixel in enumerate(row) if min(pixel) > 240)


def test_the_card_lies_where_the_trim_says_on_a_rendered_face(poker):
    # A face's frame colour runs from the image's edge (through the bleed) to the white paper
    # inside it, whose edge lies past the 1/8 in safe zone and the same distance in from every
    # side, to a pixel: the card is centred on the cut.
    with Image.open(poker / "deck-a-card-5.png") as image:
        rgb = image.convert("RGB")
        w, h = rgb.size
        middle_row = [rgb.getpixel((x, h // 2)) for x in range(w)]
        middle_col = [rgb.getpixel((w // 2, y)) for y in range(h)]
    found = [_first_paper(middle_row), _first_paper(middle_row[::-1]), _first_paper(middle_col), _first_paper(middle_col[::-1])]
    assert max(found) - min(found) <= 1
    assert min(found) >= (3.175 + 3.175) / 25.4 * 300


def test_cards_are_laid_out_at_the_poker_trim_not_stretched(poker, tmp_path):
    # Laid out at 2.5 x 3.5 in: the corner value keeps its 30 pt, and stands as far from the
    # cut as at home; the effect box widens by the extra width instead.
    home = tmp_path / "home"
    assert export("power-lines-cards", "--trim", "63,88", "--bleed", "0", "--dpi", "72", "-o", home).exit_code == 0
    with pdfplumber.open(poker / "pieces.pdf") as shop, pdfplumber.open(home / "pieces.pdf") as own:
        big = [c for c in shop.pages[2].chars if round(c["size"]) == 30]
        small = [c for c in own.pages[2].chars if round(c["size"]) == 30]
        assert len(big) == len(small) == 2  # the value in two corners, in both
        assert big[0]["size"] == pytest.approx(small[0]["size"], abs=0.01)
        bleed_pt = 3.175 / MM_PER_PT
        assert big[0]["x0"] - bleed_pt == pytest.approx(small[0]["x0"], abs=0.05)


def test_nothing_that_matters_lies_outside_the_safe_zone(poker):
    # Every letter and numeral of every face and back stands the preset's safe zone (1/8 in) or more inside the cut.
    from pnp.export.printshop import presets

    preset = presets()["poker"]
    assert preset.safe == pytest.approx(3.175)
    with pdfplumber.open(poker / "pieces.pdf") as pdf:
        for page in pdf.pages:
            cut = preset.bleed / MM_PER_PT
            safe = cut + preset.safe / MM_PER_PT
            for c in page.chars:
                assert c["x0"] >= safe - 0.5 and c["x1"] <= page.width - safe + 0.5, c["text"]
                assert c["top"] >= safe - 0.5 and c["bottom"] <= page.height - safe + 0.5, c["text"]


def test_a_custom_trim_bleed_and_dpi(tmp_path):
    out = tmp_path / "custom"
    result = export("power-lines-cards", "--trim", "63,88", "--bleed", "3", "--dpi", "150", "-o", out, "--json")
    assert result.exit_code == 0, result.output
    size = (px(69, 150), px(94, 150))
    for path in out.glob("*.png"):
        with Image.open(path) as image:
            assert image.size == size
    page = PdfReader(out / "pieces.pdf").pages[0]
    assert [float(page.mediabox.width) * MM_PER_PT, float(page.mediabox.height) * MM_PER_PT] == pytest.approx([69, 94], abs=0.01)
    assert '"preset": "custom"' in result.stdout


def test_a_deck_of_ones_own_is_counted_as_its_list_says(tmp_path):
    deck = tmp_path / "mine.deck"
    deck.write_text("4 10\n4 9\n4 8\n4 7\n4 6\n3 5\n3 4\n")
    out = tmp_path / "mine"
    assert export("power-lines-cards", "--deck", deck, "--dpi", "72", "-o", out).exit_code == 0
    fronts = Counter({r["piece"]: int(r["copies"]) for r in manifest(out) if r["side"] == "front"})
    assert fronts == Counter(
        {f"deck A, {k}": n for k, n in {"Base": 1, "card 10": 4, "card 9": 4, "card 8": 4, "card 7": 4, "card 6": 4, "card 5": 3, "card 4": 3}.items()}
    )
    assert sorted(p.name for p in out.glob("*.png")) == sorted(
        ["deck-a-back.png", "deck-a-card-base.png"] + [f"deck-a-card-{k}.png" for k in (4, 5, 6, 7, 8, 9, 10)]
    )


def test_the_same_inputs_give_the_same_bytes(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    for out in (a, b):
        assert export("ley-lines", "--dpi", "100", "-o", out).exit_code == 0
    files = sorted(p.name for p in a.iterdir())
    assert files == sorted(p.name for p in b.iterdir())
    assert all((a / n).read_bytes() == (b / n).read_bytes() for n in files)


def test_a_deck_that_does_not_validate_gets_its_findings_and_nothing_is_written(tmp_path):
    deck = tmp_path / "bad.deck"
    deck.write_text("27 5\n")
    out = tmp_path / "out"
    result = export("power-lines-cards", "--deck", deck, "-o", out)
    assert result.exit_code == 1
    assert f"{deck}:1:1" in result.stderr
    assert not out.exists()


def test_a_prototype_deck_is_exported_marked(tmp_path):
    deck = tmp_path / "short.deck"
    deck.write_text("3 7\n")
    out = tmp_path / "proto"
    result = export("power-lines-cards", "--deck", deck, "--proto", "--dpi", "72", "-o", out)
    assert result.exit_code == 0, result.output
    assert f"{deck}:1:1: warning: wrong deck size" in result.stderr  # its findings, as warnings
    with pdfplumber.open(out / "pieces.pdf") as pdf:
        assert "PROTOTYPE" in pdf.pages[0].extract_text()


@pytest.mark.parametrize(
    "args, says",
    [
        (["power-lines-cards", "--dpi", "0"], "--dpi"),
        (["power-lines-cards", "--preset", "tarot"], "not a preset"),
        (["piecepack", "--preset", "poker"], "is not for piecepack"),
        (["piecepack", "--trim", "60,60"], "--trim"),
        (["ley-lines", "--deck", str(STARTER)], "--deck"),
        (["power-lines-cards", "--trim", "63"], "W,H"),
        (["power-lines-cards", "--preset", "poker", "--trim", "60,90"], "not both"),
    ],
)
def test_usage_errors_exit_2_and_write_nothing(tmp_path, args, says):
    out = tmp_path / "out"
    result = export(*args, "-o", out)
    assert result.exit_code == 2 and says in result.output
    assert not out.exists()


def assert_sizes_follow_trim_bleed_and_dpi(folder: Path) -> None:
    """Every image: (trim + 2 x bleed) at the dpi, to the nearest pixel, the trim read from the manifest."""
    for row in manifest(folder):
        w, h = (float(v) for v in row["trim_mm"].split(" x "))
        bleed, dpi = float(row["bleed_mm"]), int(row["dpi"])
        with Image.open(folder / row["file"]) as image:
            assert image.size == (px(w + 2 * bleed, dpi), px(h + 2 * bleed, dpi)), row["file"]


def test_piecepack_tiles_and_coins(tmp_path):
    out = tmp_path / "pp"
    assert export("piecepack", "--dpi", "100", "-o", out).exit_code == 0
    rows = manifest(out)
    fronts = [r for r in rows if r["side"] == "front"]
    assert len(fronts) == 48 and sum(int(r["copies"]) for r in fronts) == 48
    # 24 tile faces and one common back; 6 rank sides and 4 suit sides for the coins
    assert len({r["file"] for r in rows if r["file"].startswith("tile-")}) == 25
    assert len({r["file"] for r in rows if r["file"].startswith("coin-")}) == 10
    tile = px(2 * 25.4 + 2 * 3.175, 100)
    with Image.open(out / "tile-back.png") as image:
        assert image.size == (tile, tile)  # a 2 in tile
    assert_sizes_follow_trim_bleed_and_dpi(out)


def test_dominoes(tmp_path):
    out = tmp_path / "dom"
    assert export("ley-lines", "--dpi", "100", "--bleed", "2", "-o", out).exit_code == 0
    rows = manifest(out)
    assert len([r for r in rows if r["side"] == "front"]) == 28
    assert len({r["file"] for r in rows}) == 29
    assert_sizes_follow_trim_bleed_and_dpi(out)


def test_exporting_again_removes_pnps_images_of_cards_no_longer_in_the_deck(tmp_path):
    out = tmp_path / "shop"
    assert export("power-lines-cards", "--dpi", "72", "-o", out).exit_code == 0
    (out / "my-notes.png").write_bytes(b"mine")  # the user's own file
    deck = tmp_path / "tens.deck"
    deck.write_text("26 10\n")
    result = export("power-lines-cards", "--deck", deck, "--proto", "--dpi", "72", "-o", out)
    assert result.exit_code == 0 and "removed 23 files of an earlier export" in result.stderr  # deck B's 13, deck A's 10
    assert sorted(p.name for p in out.glob("*.png")) == ["deck-a-back.png", "deck-a-card-10.png", "deck-a-card-base.png", "my-notes.png"]
    assert {r["file"] for r in manifest(out)} == {"deck-a-back.png", "deck-a-card-10.png", "deck-a-card-base.png"}


@pytest.mark.parametrize("trim", ["10,10", "30,40", "10,500"])
def test_a_trim_too_small_for_the_cards_text_is_the_options_fault_with_the_size_that_works(trim, tmp_path):
    # The deck is fine (the starter); the trim is not: a usage error naming --trim, never the deck
    # or the output folder, and nothing written.
    out = tmp_path / "o"
    result = export("power-lines-cards", "--trim", trim, "--dpi", "72", "-o", out, "--json")
    assert result.exit_code == 2
    envelope = json.loads(result.stdout)
    [finding] = envelope["diagnostics"]
    assert finding["code"] == "usage" and finding["message"].startswith(f"--trim {trim}:")
    assert envelope["file"] is None and not out.exists()
    smallest = finding["message"].rsplit("--trim ", 1)[1]
    # The size it names works, and is the smallest of its shape in whole mm (1 mm less does not).
    assert export("power-lines-cards", "--trim", smallest, "--dpi", "72", "-o", out).exit_code == 0
    w, h = map(int, smallest.split(","))
    less = f"{w - 1},{round((w - 1) * h / w, 1)}"
    assert export("power-lines-cards", "--trim", less, "--dpi", "72", "-o", tmp_path / "less").exit_code == 2


def test_an_image_over_the_pixel_budget_is_refused_before_any_work(tmp_path):
    # Every value in range, the combination not: 520 mm at 1200 dpi is 24,567 px a side.
    out = tmp_path / "o"
    result = export("power-lines-cards", "--trim", "500,500", "--dpi", "1200", "--bleed", "10", "-o", out)
    assert result.exit_code == 2 and not out.exists()
    assert "--dpi 1200" in result.stderr and "at most 100 million pixels" in result.stderr
    highest = int(result.stderr.split("use --dpi ")[1].split()[0])
    assert px(520, highest) ** 2 <= 100_000_000 < px(520, highest + 1) ** 2
