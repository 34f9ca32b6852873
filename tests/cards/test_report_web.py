"""The deck report's HTML in a real browser (Debian's Chromium through Playwright, as the replay
pages are tested): a page that reflows rather than one A4 drawing scaled to the window. At 420 px
(a phone) and at 1280 px nothing runs off the side, the text is the browser's at a readable size,
and every chart's smallest text, as drawn on the screen, is at least 9 px. The screenshots are
kept in the test's folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.commands.cli import app

MEASURE = """() => {
  const texts = [...document.querySelectorAll('main p, main li, main td, main th, main h1, main h2')];
  const charts = [...document.querySelectorAll('figure svg')].map(svg => {
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    return Math.min(...[...svg.querySelectorAll('text')].map(t => Number(t.getAttribute('font-size')) * scale));
  });
  const right = Math.max(...[...document.querySelectorAll('main *')]
    .filter(e => !e.closest('.scroll')).map(e => e.getBoundingClientRect().right));
  return {scroll: document.documentElement.scrollWidth, width: window.innerWidth, right,
          text: Math.min(...texts.map(e => parseFloat(getComputedStyle(e).fontSize))),
          charts, tables: [...document.querySelectorAll('.scroll')].map(s => s.scrollWidth - s.clientWidth),
          headings: [...document.querySelectorAll('h2')].map(h => h.textContent)};
}"""


@pytest.fixture(scope="module")
def page(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("report-web") / "fives.html"
    result = CliRunner().invoke(app, ["deck", "report", "fives", "--games", "40", "-o", str(out)])
    assert result.exit_code == 0, result.output
    return out


@pytest.mark.parametrize("width", [420, 1280])
def test_the_report_reflows_and_reads_at_phone_and_desktop_widths(browser, page, width):
    tab = browser.new_context(viewport={"width": width, "height": 900}).new_page()
    requested: list[str] = []
    tab.on("request", lambda r: requested.append(r.url))
    tab.goto(page.as_uri())
    seen = tab.evaluate(MEASURE)
    tab.screenshot(path=str(page.with_name(f"report-{width}.png")), full_page=True)
    assert requested == [page.as_uri()], "the page fetches nothing"
    assert seen["scroll"] <= seen["width"] and seen["right"] <= seen["width"] + 0.5, "nothing runs off the side"
    assert seen["tables"] == [0], "the odds table fits the width"
    assert seen["text"] >= 12, "the text is the browser's, at a readable size"
    assert len(seen["charts"]) == 4 and min(seen["charts"]) >= 9, f"chart text drawn at {seen['charts']} px"
    for heading in ("Opening hands", "Goldfish speed", "Card economy", "Face down at set-up", "Against starter.deck"):
        assert any(h.startswith(heading) for h in seen["headings"]), heading
