"""Power Lines for piecepack: rules the mutation run (issue 22) found unpinned.

From the rules: in each line the bigger of the two biggest groups (one suit, one value)
scores its size for its player; the player with more points wins, equal totals tie.
"""

from __future__ import annotations

from pnp.games.power_lines_piecepack.engine import score
from pnp.games.power_lines_piecepack.files import parse_grid

# Every row shares one value (4 points each for values); no column repeats a suit or a
# value; diagonal \ has two spades (2 for suits), diagonal / four arms (4 for suits).
VALUES_WIN = """\
2S 2M 2C 2A
3M 3C 3A 3S
4C 4A 4S 4M
5A 5S 5M 5C
"""


def test_the_values_player_wins_with_more_points():
    grid, diagnostics = parse_grid(VALUES_WIN)
    assert diagnostics == []
    result = score(grid)
    by_name = {line.name: (line.scores_for, line.points) for line in result.lines}
    assert [by_name[f"row {r}"] for r in range(1, 5)] == [("values", 4)] * 4
    assert [by_name[f"column {c}"] for c in range(1, 5)] == [("none", 0)] * 4
    assert by_name["diagonal \\"] == ("suits", 2)
    assert by_name["diagonal /"] == ("suits", 4)
    assert (result.suits, result.values, result.winner) == (6, 16, "values")
