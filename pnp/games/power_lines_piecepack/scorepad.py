"""Power Lines for piecepack on paper: the score pad (the tiles are the piecepack's own)."""

from __future__ import annotations

from pnp.core.printing import Print
from pnp.draw.scorepad import Block, Table, entry, heading, label, pad_page, tick
from pnp.draw.shapes import Drawing

from .engine import power_lines

GAMES_A_MATCH = 2  # the rules' match: two games, the first player of the first moving second in the second


class _Plain:
    """A stand-in grid: only its shape matters, to learn the names of the ten lines from the scorer."""

    rows = tuple(tuple(range(4 * r, 4 * r + 4)) for r in range(4))


def line_names() -> list[str]:
    return [name for name, _ in power_lines(_Plain())]  # type: ignore[arg-type]  # the scorer reads only a grid's rows


def _game(n: int) -> Table:
    key = f"game{n}"
    rows = [
        (heading(f"Game {n}", 0.3), label("Suits player", 0.3), entry(f"{key}-suits-player", 0.4)),
        (label("", 0.3), label("Values player", 0.3), entry(f"{key}-values-player", 0.4)),
        (
            label("Moved first", 0.3),
            label("suits", 0.22, "middle"),
            tick(f"{key}-first-suits", 0.13),
            label("values", 0.22, "middle"),
            tick(f"{key}-first-values", 0.13),
        ),
        (heading("Line", 0.4), heading("Suits", 0.3), heading("Values", 0.3)),
        *((label(name.capitalize(), 0.4), entry(f"{key}-line{i}-suits", 0.3), entry(f"{key}-line{i}-values", 0.3)) for i, name in enumerate(line_names(), 1)),
        (heading("Game total", 0.4), entry(f"{key}-total-suits", 0.3), entry(f"{key}-total-values", 0.3)),
    ]
    return Table(tuple(rows), 1 / GAMES_A_MATCH)


def _match(n: int) -> Block:
    # Each player's name, then the points of both games.
    player = lambda p: (label("Player", 0.08), entry(f"player-{p}", 0.2), label("Points", 0.08), entry(f"player-{p}-total", 0.06))  # noqa: E731
    total = Table(((heading("Match total", 0.16), *player("a"), *player("b")),))
    return Block(f"Match {n}", f"match{n}", (tuple(_game(g) for g in range(1, GAMES_A_MATCH + 1)), (total,)))


def score_pad(printing: Print) -> Drawing:
    notes = [
        "Each power line scores for the bigger match: the suits player gets the number of tiles sharing a suit, the values player",
        "those sharing a value; equal matches score nothing, two pairs count 2. Who moved first in game 1 moves second in game 2.",
    ]
    return pad_page(printing, "Power Lines (piecepack) - score pad", notes, _match)
