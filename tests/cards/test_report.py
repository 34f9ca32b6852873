"""`pnp deck report`: one page about a deck, read back from the PDF it writes (and the HTML).

Every figure is checked against what the game's own modules compute (odds.analyze, stats,
goldfish), never against the report's drawing code: the cards' captions and pictures, the bars
of each chart measured against the counts, the odds table's percentages, the INVALID mark and
the findings of an invalid deck, the paper, and that the same inputs write the same bytes.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.core.printing import Paper, Print
from pnp.core.resources import deck_file
from pnp.draw.charts import Bar, ChartStyle, axis_top, bar_chart, nice_step
from pnp.draw.shapes import Group, Rect, Text
from pnp.games.power_lines_cards import draw
from pnp.games.power_lines_cards.analysis.odds import analyze
from pnp.games.power_lines_cards.analysis.stats import deck_stats
from pnp.games.power_lines_cards.report_file import write_report
from pnp.games.power_lines_cards.rules.catalogue import catalogue
from pnp.games.power_lines_cards.rules.engine import Deck, validate_deck
from pnp.games.power_lines_cards.simulation.run import goldfish
from tests.helpers.pdfgeom import MM, ink_margins, open_pdf, untraced

STARTER = deck_file("starter.deck")
PAPER = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}  # mm, as the paper is sold
BAD = "# an unknown card, a card listed twice, too many cards\n3 5\n2 dragon\n40 10\n3 5\n1 Base\n"
MINUS = "\u2212"
GAMES = 300  # goldfish games for most reports here; the default (1000) for the starter deck on A4
SEED = 5  # the starter deck's on A4: not the default, so the chart shows it was used


def report(tmp_path: Path, deck: Path, name: str, paper: str = "a4", games: int = GAMES, seed: int = 1, rules: Path | None = None):
    out = tmp_path / name
    diagnostics, written = write_report(deck, rules, out, Print(Paper(paper)), games, seed)
    return out, diagnostics, written


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("report")


@pytest.fixture(scope="module")
def bad_deck(folder: Path) -> Path:
    path = folder / "bad.deck"
    path.write_text(BAD)
    return path


@pytest.fixture(scope="module")
def starter_a4(folder: Path) -> Path:
    return write_report(STARTER, None, folder / "starter-a4.pdf", Print(), 1000, SEED)[1].output


@pytest.fixture(scope="module")
def starter_letter(folder: Path) -> Path:
    return report(folder, STARTER, "starter-letter.pdf", "letter")[0]


@pytest.fixture(scope="module")
def bad_pdf(folder: Path, bad_deck: Path) -> Path:
    return report(folder, bad_deck, "bad.pdf", "letter")[0]


# --- reading the page back ----------------------------------------------------------------------


def page_of(path: Path):
    """The report's one page, its objects parsed (pdfplumber, in pt from the top-left corner)."""
    with open_pdf(path) as pdf:
        assert len(pdf.pages) == 1, "the report is one page"
        page = pdf.pages[0]
        _ = (page.chars, page.rects, page.curves, page.lines)  # parsed once, with coverage paused
        return page


def words(page, top: float = 0.0, bottom: float = 1e9) -> list[dict]:
    """The page's words in pt, spaces kept inside a run of text (a table cell is one word)."""
    with untraced():
        return [w for w in page.extract_words(keep_blank_chars=True, x_tolerance=1.5) if top <= w["top"] < bottom]


def found(page, text: str) -> dict:
    with untraced():
        hits = page.search(text, regex=False)
    assert hits, f"{text!r} is not on the page"
    return hits[0]


def flat(text: str) -> str:
    return " ".join(text.split())


def chart_bars(page, title: str, right_title: str | None) -> dict[str, float]:
    """The bars of the chart under `title` (up to the next chart's title, and above the odds
    table), by the label printed under each: its height in mm, 0 for a label with no bar."""
    head = found(page, title)
    x1 = found(page, right_title)["x0"] if right_title else page.width
    bottom = found(page, "Opening hands")["top"]
    unit = axis_unit(page, head, x1)  # the bars start under the value axis's unit (and any legend)
    rects = [r for r in page.rects if r.get("fill") and head["x0"] - 1 <= r["x0"] and r["x1"] <= x1 and unit["bottom"] < r["top"] and r["bottom"] < bottom]
    assert rects, f"no bars under {title!r}"
    base = max(r["bottom"] for r in rects)
    assert all(abs(r["bottom"] - base) < 0.01 for r in rects), "every bar stands on the axis"
    under = [w for w in words(page, base, bottom) if head["x0"] - 1 <= w["x0"] and w["x1"] <= x1]
    first = min(w["top"] for w in under)
    labels = [w for w in under if w["top"] - first < 1.0]
    bars: dict[str, float] = {}
    for w in labels:
        centre = (w["x0"] + w["x1"]) / 2
        over = [r for r in rects if abs((r["x0"] + r["x1"]) / 2 - centre) < 0.5]
        assert len(over) <= 1
        bars[w["text"]] = over[0]["height"] * MM if over else 0.0
    assert len(rects) == sum(1 for h in bars.values() if h), f"{title}: a bar without a label under it"
    return bars


def axis_unit(page, head: dict, x1: float) -> dict:
    """The word over a chart's value axis: the first line under its title (after any legend)
    that starts at the chart's left edge and is not a tick number."""
    under = [w for w in words(page, head["bottom"], head["bottom"] + 15 / MM) if abs(w["x0"] - head["x0"]) < 1 and w["x1"] <= x1]
    units = [w for w in under if not w["text"].replace(".", "").isdigit() and w["text"] not in ("draw", "\u25a0")]
    assert units, "a unit over the value axis"
    return min(units, key=lambda w: w["top"])


def assert_proportional(bars: dict[str, float], counts: dict[str, int]) -> None:
    assert list(bars) == list(counts), "a label under every bar, in order"
    for label, n in counts.items():
        assert (bars[label] > 0) == (n > 0), f"bar {label}: {n} counted, {bars[label]:.2f} mm drawn"
    ratios = [bars[k] / n for k, n in counts.items() if n]
    assert ratios and max(ratios) - min(ratios) < 1e-3 * max(ratios), f"bar heights not proportional to the counts: {ratios}"


# --- the page -----------------------------------------------------------------------------------


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_one_page_of_the_chosen_paper(paper, request):
    path = request.getfixturevalue(f"starter_{paper}")
    page = page_of(path)
    assert (round(page.width * MM, 1), round(page.height * MM, 1)) == PAPER[paper]
    assert min(c["size"] for c in page.chars) >= 7.0 - 1e-3, "no text on the page is smaller than 7 pt"
    # Rendered: ink keeps the 10 mm margin of pages that are read (margin 5 mm + inset 5 mm), give
    # or take a pixel of anti-aliasing (0.25 mm at 100 dpi) and half a hairline.
    assert ink_margins(path, dpi=100) >= [10 - 0.5]


def test_every_kind_in_the_deck_is_shown_as_its_face_with_its_count(starter_a4):
    page = page_of(starter_a4)
    counts = validate_deck(STARTER.read_bytes()).counts
    lay = draw.card_layout()
    table = found(page, "Opening hands")["top"]
    above = words(page, 0, table)
    captions = {w["text"]: w for w in above}
    for kind in catalogue().kinds:
        n = counts[kind.name]
        assert n, "the starter deck holds every kind"
        caption = captions[f"card {kind.name}"]
        centre = (caption["x0"] + caption["x1"]) / 2
        count = [w for w in above if w["text"] == f"\u00d7{n}" and abs((w["x0"] + w["x1"]) / 2 - centre) < 1 and 0 < caption["top"] - w["top"] < 20]
        assert count, f"card {kind.name}: no \u00d7{n} over its caption"
        # Above them, the face pnp prints, reduced: its frame in the colour of its price, the card's
        # proportions, and the big numeral of its value in the middle.
        colour = tuple(int(draw.accent(kind, lay)[i : i + 2], 16) / 255 for i in (1, 3, 5))
        frames = [
            c
            for c in page.curves
            if c.get("fill")
            and c["bottom"] < count[0]["top"]
            and abs((c["x0"] + c["x1"]) / 2 - centre) < 1
            and all(abs(a - b) < 2e-3 for a, b in zip(c["non_stroking_color"], colour))
        ]
        assert frames, f"card {kind.name}: no face in its colour over its count"
        frame = max(frames, key=lambda c: c["width"])
        wanted = (lay.width - 2 * lay.border) / (lay.height - 2 * lay.border)
        assert abs(frame["width"] / frame["height"] - wanted) < 0.01
        numeral = "".join(c["text"] for c in page.chars if c["size"] > 20 and frame["x0"] < c["x0"] < frame["x1"] and frame["top"] < c["top"] < frame["bottom"])
        assert numeral == str(kind.value)
    base = captions["Base"]
    assert [w for w in above if w["text"] == "\u00d71" and abs(w["x0"] + w["x1"] - base["x0"] - base["x1"]) < 2], "the Base, with its one copy"


def test_a_kind_not_in_the_deck_has_no_picture(bad_pdf):
    page = page_of(bad_pdf)
    table = found(page, "Opening hands")["top"]
    shown = {w["text"] for w in words(page, 0, table)}
    assert {"card 5", "card 10", "\u00d76", "\u00d740", "Base"} <= shown
    assert not {f"card {k}" for k in range(11) if k not in (5, 10)} & shown


def test_the_charts_have_a_bar_per_label_as_tall_as_its_count(starter_a4):
    page = page_of(starter_a4)
    stats = deck_stats(Deck(validate_deck(STARTER.read_bytes()).counts, True))
    assert_proportional(chart_bars(page, "Cards by value", "Cards by price"), {str(v): n for v, n in stats.by_value.items()})
    prices = {(f"{MINUS}{-p}" if p < 0 else f"+{p}" if p > 0 else "0"): n for p, n in stats.by_price.items()}
    assert_proportional(chart_bars(page, "Cards by price", "Goldfish:"), prices)
    bars = chart_bars(page, "Goldfish:", None)
    assert_proportional(bars, goldfish_turns(STARTER, 1000, SEED))
    assert len(bars) >= 3, "the starter deck's games end on several turns"


def goldfish_turns(deck: Path, games: int, seed: int) -> dict[str, int]:
    """Games won on each turn from the first to the last, then those never won (if any)."""
    played = goldfish(Deck(validate_deck(deck.read_bytes()).counts, True), games, seed, 30)
    won = [t for t, n in played.by_turn.items() if n]
    return {str(t): played.by_turn[t] for t in range(won[0], won[-1] + 1)} | ({"never": played.never} if played.never else {})


def test_the_goldfish_chart_counts_the_games_never_won(folder):
    deck = folder / "slow.deck"
    deck.write_text("24 0\n2 7\n")  # two 7s to take the Base with, 0s to reach it: often, not always
    out = report(folder, deck, "slow.pdf", games=200, seed=3)[0]
    turns = goldfish_turns(deck, 200, 3)
    assert 0 < turns["never"] < 200
    assert_proportional(chart_bars(page_of(out), "Goldfish:", None), turns)


def test_a_chart_shows_zero_counts_as_labels_without_bars(bad_pdf, bad_deck):
    page = page_of(bad_pdf)
    stats = deck_stats(Deck(validate_deck(bad_deck.read_bytes()).counts, True))
    bars = chart_bars(page, "Cards by value", "Cards by price")
    assert_proportional(bars, {str(v): n for v, n in stats.by_value.items()})
    assert sum(1 for h in bars.values() if h) == 2 and len(bars) == 11  # 5 and 10 among 0-10


def _percent(text: str) -> float:
    return float(text.strip(" %<>"))


def test_the_odds_table_gives_analyzes_figures(starter_a4):
    page = page_of(starter_a4)
    analysis = analyze(validate_deck(STARTER.read_bytes()).counts)
    top = found(page, "Opening hands")["bottom"]
    notes = found(page, "Goldfish speed")["x0"]
    cells = [w for w in words(page, top) if w["x1"] < notes]
    rows = [(f"{r.name} ({','.join(r.kinds)})", r) for r in analysis.groups] + [(f"card {r.name}", r) for r in analysis.kinds]
    for label, r in rows:
        (head,) = [w for w in cells if w["text"] == label]
        line = sorted((w for w in cells if abs(w["top"] - head["top"]) < 1 and w["x0"] > head["x1"]), key=lambda w: w["x0"])
        texts = [w["text"] for w in line]
        assert len(texts) == 5, texts
        assert int(texts[0]) == r.copies
        for text, exact in ((texts[1], r.opening.expected), (texts[3], r.kept.expected)):
            assert abs(float(text) - float(exact)) <= 0.005 + 1e-9, (label, text, exact)
        for text, exact in ((texts[2], r.opening.at_least_one), (texts[4], r.kept.at_least_one)):
            assert text.endswith("%") and abs(_percent(text) - float(exact * 100)) <= 0.005 + 1e-9, (label, text, float(exact * 100))
    assert "95.16 %" in [w["text"] for w in cells] and "79.53 %" in [w["text"] for w in cells]  # the README's figures for a draw card


# --- valid or not -------------------------------------------------------------------------------


def test_a_valid_deck_is_marked_valid(starter_a4):
    text = page_of(starter_a4).extract_text()
    assert "VALID" in text and "INVALID" not in text
    assert "valid under the standard format" in flat(text)


def test_an_invalid_deck_gets_its_report_marked_invalid_with_its_findings(folder, bad_deck, bad_pdf):
    found_ = validate_deck(bad_deck.read_bytes()).diagnostics
    assert any(d.severity == "error" for d in found_) and any(d.severity == "warning" for d in found_)
    page = page_of(bad_pdf)
    mark = [w for w in page.extract_words() if w["text"] == "INVALID"]
    assert any(w["bottom"] - w["top"] >= 14 for w in mark), "INVALID in large letters"
    text = flat(page.extract_text())
    for d in found_:
        assert flat(f"{d.line or 1}:{d.column or 1}: {d.severity}: {d.message}") in text
    _, diagnostics, written = report(folder, bad_deck, "bad-again.pdf")
    assert diagnostics == found_ and not written.valid  # for the command to print, and exit 1


def test_under_another_format_the_report_says_which(folder):
    out, _, written = report(folder, STARTER, "starter-singleton.pdf", rules=Path("singleton-ish"))
    assert not written.valid and written.format == "singleton-ish"
    text = flat(page_of(out).extract_text())
    assert "INVALID under the singleton-ish format" in text and "6 is banned under singleton-ish rules" in text


def test_many_findings_and_a_long_name_still_fit_one_page(folder):
    deck = folder / ("a deck with a name long enough to take two lines of the title, and more " * 2).strip().replace(" ", "-")
    deck = deck.with_suffix(".deck")
    deck.write_text("3 5\n" + "".join(f"1 unknown-card-number-{i}-with-a-long-name-that-goes-on-and-on-and-on-and-on\n" for i in range(30)))
    for paper in PAPER:
        out, diagnostics, _ = report(folder, deck, f"long-{paper}.pdf", paper, games=20)
        assert len(diagnostics) == 31
        page = page_of(out)
        text = flat(page.extract_text())
        shown = len(re.findall(r"\d+:\d+: error: unknown card", text))
        assert 1 <= shown < 30 and f"and {31 - shown} more findings" in text
        assert "No card could be read" not in text


def test_too_few_cards_to_play_and_no_cards_at_all(folder):
    few = folder / "few.deck"
    few.write_text("3 5\n")
    text = flat(page_of(report(folder, few, "few.pdf")[0]).extract_text())
    assert "Not played: the set-up draws 8 cards and the deck holds 3" in text and "INVALID" in text
    broken = folder / "broken.deck"
    broken.write_bytes(b"\xff\xfe")
    out, _, written = report(folder, broken, "broken.pdf")
    text = flat(page_of(out).extract_text())
    assert "No card could be read from the deck list" in text and "not UTF-8" in text and written.total == 0


# --- files ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("suffix", [".pdf", ".html"])
def test_the_same_inputs_write_the_same_bytes(folder, suffix):
    a = report(folder, STARTER, f"same-a{suffix}", games=200, seed=7)[0].read_bytes()
    b = report(folder, STARTER, f"same-b{suffix}", games=200, seed=7)[0].read_bytes()
    assert a == b
    assert report(folder, STARTER, f"other-seed{suffix}", games=200, seed=8)[0].read_bytes() != a


def test_the_html_is_one_self_contained_page_of_inline_svg(folder):
    out = report(folder, STARTER, "starter.html")[0]
    page = out.read_text(encoding="utf-8")
    # A picture of each of the starter deck's 12 kinds and its Base, and the three charts.
    assert page.startswith("<!DOCTYPE html>") and page.count("<svg") == 11 + 1 + 3 and "</svg>" in page
    lowered = page.lower()
    for fetched in ("http:", "https:", "src=", "<script", "<link", "<img", "@import", "<iframe", "<object"):
        assert fetched not in lowered, fetched
    assert all(u.startswith("#") for u in re.findall(r"url\(([^)]*)\)", page)), "only the page's own clip paths"
    for text in ("VALID", "Cards by value", "Cards by price", "Goldfish: the turn the enemy Base falls", "95.16 %", "card 10"):
        assert f">{text}<" in page, text
    assert "<table>" in page and "<td>95.16 %</td>" in page, "the odds are an HTML table, text the browser sizes"


def test_an_output_that_is_neither_pdf_nor_html_is_a_usage_error(folder):
    from pnp.core.diagnostics import PnpError

    with pytest.raises(PnpError) as caught:
        report(folder, STARTER, "starter.svg")
    assert caught.value.exit_code == 2 and not (folder / "starter.svg").exists()


# --- the command ---------------------------------------------------------------------------------


def run(*args: str):
    from pnp.commands.cli import app

    return CliRunner().invoke(app, ["deck", "report", *map(str, args)])


def test_the_command_writes_the_report_and_exits_1_for_an_invalid_deck(folder, bad_deck):
    good = folder / "cmd-good.pdf"
    result = run(STARTER, "-o", good, "--games", "50", "--paper", "letter")
    assert result.exit_code == 0, result.output
    assert good.is_file() and f"wrote {good}" in result.stderr
    assert (round(page_of(good).width * MM, 1), round(page_of(good).height * MM, 1)) == PAPER["letter"]
    bad = folder / "cmd-bad.html"
    result = run(bad_deck, "-o", bad, "--games", "50")
    assert result.exit_code == 1
    assert bad.is_file() and "INVALID" in bad.read_text()
    assert f"{bad_deck}:3:3: error: unknown card `dragon`" in result.stderr and "marked INVALID" in result.stderr


def test_the_command_json_and_usage_errors(folder, bad_deck):
    import json

    out = folder / "cmd.pdf"
    result = run(STARTER, "-o", out, "--games", "20", "--seed", "3", "--json")
    assert result.exit_code == 0, result.output
    envelope = json.loads(result.stdout)
    assert envelope["valid"] and envelope["command"] == "deck report"
    assert {k: envelope[k] for k in ("format", "total", "output", "paper", "games", "seed")} == {
        "format": "standard",
        "total": 26,
        "output": str(out),
        "paper": "a4",
        "games": 20,
        "seed": 3,
    }
    assert run(STARTER, "-o", folder / "x.png").exit_code == 2
    assert run(folder / "missing.deck", "-o", folder / "y.pdf").exit_code == 2
    assert not (folder / "y.pdf").exists()


# --- the chart helper ------------------------------------------------------------------------------


def _flatten(shapes) -> list:
    out = []
    for s in shapes:
        out += _flatten(s.items) if isinstance(s, Group) else [s]
    return out


def test_chart_text_is_never_below_7_pt():
    with pytest.raises(ValueError, match="7 pt"):
        bar_chart([("a", 1)], 0, 0, 50, 40, "t", "c", ChartStyle(text_size=6.5))
    shapes = _flatten(bar_chart([(str(i), i) for i in range(31)], 0, 0, 40, 40, "thirty bars", "turn"))
    texts = [s for s in shapes if isinstance(s, Text)]
    assert min(t.size for t in texts) >= 7.0
    bars = [s for s in shapes if isinstance(s, Rect)]
    assert len(bars) == 30  # the bar of 0 is not drawn
    labels = [t for t in texts if t.text.isdigit() and t.anchor == "middle"]
    assert len({t.y for t in labels}) >= 1 and 30 > len([t for t in labels if t.y == max(x.y for x in labels)]) >= 8, "labels thinned, not shrunk"


def test_chart_axis_on_round_numbers():
    assert [nice_step(p) for p in (0, 3, 5, 6, 11, 584, 1000)] == [1, 1, 1, 2, 5, 200, 200]
    assert axis_top([2, 3, 2]) == (3, 1) and axis_top([584, 147]) == (600, 200) and axis_top([]) == (1, 1)
    with pytest.raises(ValueError):
        bar_chart([Bar("a", -1)], 0, 0, 50, 40)


# --- --against: the deck's match against another -------------------------------------------------


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_against_adds_the_match_and_its_chart_on_the_same_page(folder, paper):
    from pnp.games.power_lines_cards.rules.engine import load_deck
    from pnp.games.power_lines_cards.simulation.lab import Pool, Setup, match

    other = folder / "tens.deck"
    other.write_text("13 1\n13 10\n")
    out = folder / f"against-{paper}.pdf"
    _, written = write_report(STARTER, None, out, Print(Paper(paper)), 20, 1, other)
    played = match(Setup((tuple(load_deck(STARTER).cards()), tuple(load_deck(other).cards()))), 20, Pool(None, 1))
    page = page_of(out)  # one page, on either paper
    assert ink_margins(out, dpi=100) >= [10 - 0.5]
    found(page, "Against tens.deck")
    ci = played.interval
    wins, draws, losses = played.results.values()
    assert f"won {wins}, drawn {draws}, lost {losses}; win rate {100 * ci.estimate:.1f} %" in flat(page.extract_text())
    # The chart: a bar per card of the deck, as tall as its win rate in the games it was played face up.
    head = found(page, "Win rate (%) in the games this deck played the card face up")
    rects = [r for r in page.rects if r.get("fill") and r["top"] > head["bottom"] and r["height"] > 0.5]
    rates = [round(100 * f.played.score / f.played.games) for f in played.cards.values() if f.played.games]
    heights = sorted(r["height"] for r in rects)
    assert len(heights) == sum(1 for x in rates if x)
    ratios = [h / x for h, x in zip(heights, sorted(x for x in rates if x))]
    assert max(ratios) - min(ratios) < 1e-3 * max(ratios), "bar heights proportional to the win rates"
    against = written.as_json()["against"]
    assert against["games"] == 20 and against["win_percent"] == round(100 * ci.estimate, 2) and against["file"] == str(other)


def test_the_command_plays_the_matchup_against_the_starter_deck_unless_told_not_to(folder):
    import json

    fives = deck_file("fives.deck")
    out = folder / "fives-default.pdf"
    result = run(fives, "-o", out, "--games", "20", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["against"]["file"].endswith("starter.deck")
    page = page_of(out)
    found(page, "Against starter.deck")
    found(page, "Win rate (%) in the games this deck played the card face up")
    bare = folder / "fives-bare.pdf"
    result = run(fives, "-o", bare, "--games", "20", "--no-matchup", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["against"] is None
    assert "Against" not in page_of(bare).extract_text()
    # A shipped deck's name works for --against as for the deck itself.
    named = folder / "fives-named.pdf"
    assert run(fives, "-o", named, "--games", "20", "--against", "fives").exit_code == 0
    found(page_of(named), "Against fives.deck")


def test_each_chart_says_what_it_counts_and_what_its_colours_mean(starter_a4):
    """Issue 33: y axes labelled, the value chart's price colours given a key, the goldfish explained,
    the goldfish chart's x-axis title about turns only."""
    page = page_of(starter_a4)
    for title, right, unit in (("Cards by value", "Cards by price", "copies"), ("Cards by price", "Goldfish:", "copies"), ("Goldfish:", None, "games")):
        head = found(page, title)
        x1 = found(page, right)["x0"] if right else page.width
        assert axis_unit(page, head, x1)["text"].startswith(unit), title
    text = flat(page.extract_text())
    assert "against an opponent who has only its Base and passes every turn" in text
    assert "turn the enemy Base fell" in text and "games of 1000)" not in text.replace("(of 1000)", "")
    # The key: a swatch for each price colour, each the colour of the value chart's bars of that kind.
    colours = draw.card_layout().colours
    for words_, colour in (("draw (price", colours.draw), ("free (0)", colours.free), ("discard (+)", colours.discard)):
        label = found(page, words_)
        rgb = tuple(round(int(colour[i : i + 2], 16) / 255, 2) for i in (1, 3, 5))
        swatch = [
            r
            for r in page.rects
            if r.get("fill") and r["x1"] <= label["x0"] + 0.1 and label["x0"] - r["x1"] < 2 / MM and abs(r["bottom"] - label["bottom"]) < 1 / MM
        ]
        assert swatch and tuple(round(c, 2) for c in swatch[-1]["non_stroking_color"][:3]) == rgb, words_
