"""`pnp GROUP replay RECORD`: every record game's whole game as one web page, checked as its README
section promises: each position is the drawing `show` makes of it, the page fetches nothing, a
whole Ley Lines game stays under 2 MB, it carries the fonts its text is measured in (subset to
the page's characters, with their licence, the same bytes each time), and in a real browser (Debian's headless Chromium, driven by
Playwright, which is told to use it and downloads no browser of its own) the arrow keys, the
buttons, the slider and play move through the game and keep the turn in the address's fragment;
at 420 and 1280 px wide nothing runs off the side, and text is as wide as ReportLab measures it in
the shipped font (a stand-in font, on a machine without Liberation, is a third wider). The screenshots are kept in the test's folder.
"""

from __future__ import annotations

import base64
import io
import json
import re
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont
from typer.testing import CliRunner

from pnp.commands.cli import app
from pnp.draw.text import BOLD, FONT_DIR, MM_PER_PT, REGULAR, width_mm

runner = CliRunner()
DECK = Path(__file__).resolve().parents[2] / "decks" / "starter.deck"
# Each record game's group, a seeded random game's arguments, and its record's suffix.
GAMES = {
    "cards": ([str(DECK), str(DECK)], ".plc"),
    "power-lines": ([], ".record"),
    "paint-the-line": ([], ".ptl"),
    "ley-lines": (["--players", "4"], ".leylines"),
}


def run(*args: object):
    result = runner.invoke(app, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result


def made(group: str, folder: Path, seed: int = 1) -> tuple[Path, Path]:
    """A random game of `group` and its replay page, written into `folder`."""
    args, suffix = GAMES[group]
    record = folder / f"{group}{suffix}"
    run(group, "random", *args, "--seed", seed, "-o", record)
    page = folder / f"{group}.html"
    run(group, "replay", record, "-o", page)
    return record, page


def page_data(page: Path) -> dict:
    found = re.search(r'<script type="application/json" id="game">(.*?)</script>', page.read_text(), re.S)
    assert found is not None
    return json.loads(found[1])


def drawing(data: dict, turn: int) -> str:
    return "".join(data["pieces"][i] for i in data["drawings"][turn])


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict[str, tuple[Path, Path]]:
    folder = tmp_path_factory.mktemp("replays")
    return {group: made(group, folder) for group in GAMES}


@pytest.mark.parametrize("group", GAMES)
def test_every_position_is_the_drawing_show_makes(group, pages, tmp_path):
    record, page = pages[group]
    data = page_data(page)
    # A Power Lines game is its sixteen placements; the others' `check` counts their turns.
    turns = 16 if group == "power-lines" else json.loads(run(group, "check", record, "--json").stdout)["turns"]
    assert len(data["drawings"]) == turns + 1  # before the first turn, then after each
    for turn in sorted({0, 1, turns // 2, turns}):
        svg = tmp_path / f"{turn}.svg"
        run(group, "show", record, "--turn", turn, "-o", svg)
        assert drawing(data, turn) == re.sub(r"^<\?xml[^>]*>\s*", "", svg.read_text()).strip()
    assert len(set(data["moves"])) == turns + 1  # each position says its own move


def test_the_page_fetches_nothing_and_a_whole_ley_lines_game_stays_under_2_mb(pages):
    for group, (_, page) in pages.items():
        text = page.read_text()
        assert not re.search(r"""(src|href)\s*=\s*["'](?!#)""", text), group  # no script, style, font or image from a file or the web
    _, page = pages["ley-lines"]
    data = page_data(page)
    size = page.stat().st_size
    drawn = sum(len(drawing(data, t).encode()) for t in range(len(data["drawings"])))
    assert size < 2_000_000 and size < drawn / 4  # each drawing's markup kept once, not once a position


def carried_fonts(page: Path) -> dict[tuple[str, str], TTFont]:
    """The fonts the page's style sheet carries, by family and weight."""
    rules = re.findall(r"@font-face \{ font-family: '([^']+)'; font-weight: (\w+);[^}]*url\(data:font/woff;base64,([A-Za-z0-9+/=]+)\)", page.read_text())
    return {(family, weight): TTFont(io.BytesIO(base64.b64decode(data))) for family, weight, data in rules}


def shown_text(data: dict) -> str:
    """Every character the page shows: the drawings' text, the moves, the scores and the lines beside them."""
    drawn = "".join(re.findall(r"<text[^>]*>([^<]*)</text>", "".join(drawing(data, t) for t in range(len(data["drawings"])))))
    return drawn + "".join(data["moves"] + data["scores"] + [line for more in data["more"] for line in more])


@pytest.mark.parametrize("group", ["cards", "ley-lines"])
def test_the_page_carries_its_fonts_subset_to_its_characters_with_their_licence(group, pages):
    _, page = pages[group]
    fonts = carried_fonts(page)
    assert set(fonts) == {("Liberation Sans", "normal"), ("Liberation Sans", "bold")}  # the drawings' and the page's faces
    shipped = {"normal": TTFont(FONT_DIR / "LiberationSans-Regular.ttf"), "bold": TTFont(FONT_DIR / "LiberationSans-Bold.ttf")}
    needed = {ord(c) for c in shown_text(page_data(page)) if ord(c) in shipped["normal"].getBestCmap()}
    for (_, weight), font in fonts.items():
        cmap = font.getBestCmap()
        assert needed <= set(cmap) and len(cmap) < 200 < len(shipped[weight].getBestCmap())  # what the page shows, not the whole font
        for char in needed:  # the same glyph widths as the shipped face
            assert font["hmtx"][cmap[char]][0] == shipped[weight]["hmtx"][shipped[weight].getBestCmap()[char]][0]
        assert font["head"].modified == shipped[weight]["head"].modified  # the font's own date, not the day the page was made
        for name_id in (0, 13, 14):  # copyright, licence and its address, as the SIL OFL asks
            assert font["name"].getDebugName(name_id) == shipped[weight]["name"].getDebugName(name_id)
    assert "SIL OPEN FONT LICENSE Version 1.1" in page.read_text()  # and the licence itself, beside the fonts


def test_the_same_record_makes_the_same_page(pages, tmp_path):
    record, page = pages["cards"]
    again = tmp_path / "again.html"
    run("cards", "replay", record, "-o", again)
    assert again.read_bytes() == page.read_bytes()


def test_the_card_game_counts_each_players_cards(pages):
    data = page_data(pages["cards"][1])
    for more in data["more"]:
        assert [line.split(":")[0] for line in more] == ["player A", "player B"]
        assert all(re.fullmatch(r"player [AB]: hand \d+, deck \d+, discard \d+, trash \d+", line) for line in more)
    assert data["more"][0] != data["more"][-1]


# --- in the browser ------------------------------------------------------------------------------


def opened(browser, page_file: Path, width: int, fragment: str = ""):
    """A fresh tab at `width` px showing the page; every request it makes is kept in `.requested`."""
    context = browser.new_context(viewport={"width": width, "height": 900})
    tab = context.new_page()
    tab.requested = []
    tab.on("request", lambda r: tab.requested.append(r.url))
    tab.goto(page_file.as_uri() + fragment)
    return tab


def shown(tab) -> dict:
    return tab.evaluate(
        """() => ({hash: location.hash, slider: Number(document.getElementById('slider').value),
        turn: document.getElementById('turn').textContent, move: document.getElementById('move').textContent,
        title: document.querySelector('#board svg title').textContent})"""
    )


@pytest.mark.parametrize("group", GAMES)
def test_keys_buttons_and_slider_move_the_position_and_the_fragment(group, pages, browser):
    _, page = pages[group]
    data = page_data(page)
    last = len(data["drawings"]) - 1
    tab = opened(browser, page, 1280)
    start = shown(tab)
    assert start["hash"] == "#turn=0" and start["slider"] == 0 and start["move"] == data["moves"][0]
    tab.keyboard.press("ArrowRight")
    tab.keyboard.press("ArrowRight")
    now = shown(tab)
    assert now["hash"] == "#turn=2" and now["slider"] == 2 and now["move"] == data["moves"][2] and now["title"] != start["title"]
    tab.keyboard.press("ArrowLeft")
    assert shown(tab)["hash"] == "#turn=1"
    tab.locator("#slider").fill(str(last - 1))
    assert shown(tab)["hash"] == f"#turn={last - 1}" and shown(tab)["move"] == data["moves"][last - 1]
    tab.click("#forward")
    assert shown(tab)["hash"] == f"#turn={last}" and f"Turn {last} of {last}" == shown(tab)["turn"]
    tab.keyboard.press("ArrowRight")  # nothing after the last turn
    assert shown(tab)["hash"] == f"#turn={last}"
    tab.keyboard.press("Home")
    assert shown(tab)["slider"] == 0
    assert tab.requested == [page.as_uri()]  # the page alone: nothing else fetched


def test_a_link_opens_at_its_turn_and_play_steps_on(pages, browser):
    _, page = pages["ley-lines"]
    data = page_data(page)
    tab = opened(browser, page, 1280, "#turn=5")
    assert shown(tab)["slider"] == 5 and shown(tab)["move"] == data["moves"][5]
    tab.evaluate("location.hash = '#turn=9'")  # a link followed on the page itself
    tab.wait_for_function("document.getElementById('slider').value === '9'")
    tab.clock.install()
    tab.reload()
    tab.click("#play")
    tab.clock.run_for(3500)  # three steps, a second each
    assert shown(tab)["slider"] == 12 and tab.inner_text("#play") == "Pause"
    tab.click("#play")
    tab.clock.run_for(3000)
    assert shown(tab)["slider"] == 12 and tab.inner_text("#play") == "Play"


@pytest.mark.parametrize("group", ["cards", "ley-lines"])
def test_text_is_drawn_in_the_carried_font(group, pages, browser):
    _, page = pages[group]
    tab = opened(browser, page, 1280, "#turn=3")
    tab.evaluate("document.fonts.ready")
    carried = tab.evaluate("() => [...document.fonts].map(f => [f.family, f.weight, f.status])")
    assert sorted(carried) == [["Liberation Sans", "bold", "loaded"], ["Liberation Sans", "normal", "loaded"]]
    drawn = tab.evaluate(
        """() => [...document.querySelectorAll('#board svg text')].filter(e => e.textContent.trim())
        .map(e => [e.textContent, e.getAttribute('font-weight'), Number(e.getAttribute('font-size')), e.getComputedTextLength()])"""
    )
    assert len(drawn) > 20
    for text, weight, size, measured in drawn:  # in the drawing's units, mm
        expected = width_mm(text, BOLD if weight == "bold" else REGULAR, size / MM_PER_PT)
        assert measured == pytest.approx(expected, rel=0.01), text
    # The page's own text too: the move, in 16 px Liberation Sans.
    move = tab.evaluate(
        "() => { const r = document.createRange(); r.selectNodeContents(document.getElementById('move')); return [r.toString(), r.getBoundingClientRect().width]; }"
    )
    assert move[1] == pytest.approx(width_mm(move[0], REGULAR, 16) / MM_PER_PT, rel=0.01)
    assert tab.requested == [page.as_uri()]  # the fonts came with the page


@pytest.mark.parametrize("width", [420, 1280])
@pytest.mark.parametrize("group", GAMES)
def test_the_page_fits_a_phone_and_a_desktop(group, width, pages, browser, tmp_path_factory):
    _, page = pages[group]
    tab = opened(browser, page, width, "#turn=3")
    sizes = tab.evaluate(
        """() => ({scroll: document.documentElement.scrollWidth, board: document.querySelector('#board svg').getBoundingClientRect().toJSON(),
        controls: [...document.querySelectorAll('#controls > *')].map(e => e.getBoundingClientRect().toJSON())})"""
    )
    assert sizes["scroll"] <= width  # nothing runs off the side
    board = sizes["board"]
    assert board["width"] > 0.8 * min(width, 700) - 40 and board["right"] <= width  # the drawing fills the room it has
    assert all(0 <= c["left"] and c["right"] <= width and c["height"] >= 40 for c in sizes["controls"][:5])  # buttons a thumb can press
    shots = tmp_path_factory.getbasetemp() / "replay-screenshots"
    shots.mkdir(exist_ok=True)
    tab.screenshot(path=str(shots / f"{group}-{width}.png"), full_page=True)
