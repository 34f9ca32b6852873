"""The card game's position page, read back from the PDF: the paper, the margins, the text sizes,
the last action's outline on its cell, and the counts it states, for positions of seeded games."""

from __future__ import annotations

import random
from functools import cache

import pytest

from pnp.core.printing import Paper, Print
from pnp.core.resources import deck_file
from pnp.draw.pdf import render_pdf
from pnp.games.power_lines_cards.position import table_page
from pnp.games.power_lines_cards.rules.actions import Dominate, FaceDown, Pick, Play
from pnp.games.power_lines_cards.rules.engine import load_deck
from pnp.games.power_lines_cards.rules.game import Game, shuffled
from pnp.games.power_lines_cards.simulation.players import PLAYERS
from tests.helpers.pdfgeom import MM, open_pdf

MARGIN = 5.0  # mm: nothing printed closer to the paper's edge
SMALLEST = 6.0  # pt
MARK_WIDTH = 0.8  # mm: the last action's outline, thicker than any other line on the page
PAPERS = {Paper.A4: (210.0, 297.0), Paper.LETTER: (215.9, 279.4)}

# (players, seed, turn): an early table, one mid-game with a 6 over a card and a domination,
# and sprawling late ones of many cards.
POSITIONS = [
    (("greedy", "random"), 4, 3),
    (("greedy", "greedy"), 4, 9),
    (("random", "random"), 1, 20),
    (("random", "random"), 4, 41),
    (("random", "random"), 1, 28),
]


@cache
def played(players: tuple[str, str], seed: int, turn: int) -> Game:
    """The seeded game once turn `turn` is over (or the game is)."""
    deck = load_deck(deck_file("starter.deck"))
    cards = [name for name, count in deck.counts.items() for _ in range(count)]
    rng = random.Random(seed)
    game = Game.start((shuffled(cards, rng), shuffled(cards, rng)), first=rng.randrange(2))
    while game.outcome() is None and game.turn <= turn:
        game.push(PLAYERS[players[game.to_move]](game, rng), rng)
    return game


@cache
def pdf(position: tuple[tuple[str, str], int, int], paper: Paper, bw: bool) -> bytes:
    game = played(*position)
    last = game.history[-1]
    return render_pdf([table_page(game, last, "game.plc", Print(paper, bw=bw))])


CASES = [(position, paper, bw) for position in POSITIONS for paper, bw in ((Paper.A4, False), (Paper.LETTER, True))]


def _ids(case) -> str:
    (players, seed, turn), paper, bw = case
    return f"{'-'.join(players)}-{seed}-turn{turn}-{paper}-{'bw' if bw else 'colour'}"


@pytest.fixture(scope="module", params=CASES, ids=_ids)
def case(request):
    position, paper, bw = request.param
    return played(*position), paper, pdf(position, paper, bw)


def test_one_page_of_the_paper_either_way(case):
    _, paper, data = case
    with open_pdf(data) as doc:
        assert len(doc.pages) == 1
        size = sorted((float(doc.pages[0].width) * MM, float(doc.pages[0].height) * MM))
    assert size == pytest.approx(PAPERS[paper], abs=0.05)


def test_everything_inside_the_margins_and_text_legible(case):
    _, _, data = case
    with open_pdf(data) as doc:
        page = doc.pages[0]
        w, h = float(page.width) * MM, float(page.height) * MM
        objects = [*page.chars, *page.rects, *page.lines, *page.curves]
        sizes = [c["size"] for c in page.chars]
        boxes = [(o["x0"] * MM, o["top"] * MM, o["x1"] * MM, o["bottom"] * MM) for o in objects]
    assert len(boxes) > 100
    outside = [b for b in boxes if b[0] < MARGIN or b[1] < MARGIN or b[2] > w - MARGIN or b[3] > h - MARGIN]
    assert not outside
    assert min(sizes) >= SMALLEST - 0.01


def _labels(page) -> list[dict]:
    """The grid's cell numbers: the only words in 6 pt regular type above and left of the table."""
    words = page.extract_words(extra_attrs=["size", "fontname"])
    return [w for w in words if abs(w["size"] - SMALLEST) < 0.01 and "Bold" not in w["fontname"] and w["text"].lstrip("-").isdigit()]


def test_the_last_actions_cell_is_outlined(case):
    game, _, data = case
    last = game.history[-1]
    with open_pdf(data) as doc:
        page = doc.pages[0]
        marks = [o for o in [*page.curves, *page.rects] if abs(o.get("linewidth", 0) * MM - MARK_WIDTH) < 0.01]
        labels = _labels(page)
    if not isinstance(last, (FaceDown, Play, Dominate, Pick)):
        assert not marks  # a draw, a shuffle, a pass: no cell to mark
        return
    assert len(marks) == 1
    mark = marks[0]
    x, y = last.cell
    # The cell's column number stands above the outline, its row number beside it.
    column = [w for w in labels if w["text"] == str(x) and w["bottom"] < mark["top"] and mark["x0"] < (w["x0"] + w["x1"]) / 2 < mark["x1"]]
    row = [w for w in labels if w["text"] == str(y) and w["x1"] < mark["x0"] and mark["top"] < (w["top"] + w["bottom"]) / 2 < mark["bottom"]]
    assert column and row


def test_the_counts_and_the_turn_match_the_game(case):
    game, _, data = case
    with open_pdf(data) as doc:
        text = " ".join((doc.pages[0].extract_text() or "").split())
    for side in game.sides:
        assert f"hand {side.hand_size}, deck {len(side.deck)}, discard {len(side.discard)}, trash {len(side.trash)}" in text
    if game.outcome() is None:
        assert f"Now: turn {game.turn}, player {'AB'[game.player]}'s turn, {game.actions} actions left" in text
    last = game.history[-1]
    if isinstance(last, Play):
        assert f"play {last.card} on {last.cell[0]},{last.cell[1]}" in text
    elif isinstance(last, Dominate):
        assert f"dominate {last.cell[0]},{last.cell[1]}" in text
