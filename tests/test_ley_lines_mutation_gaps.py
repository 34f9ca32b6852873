"""Ley Lines rules the mutation run found unpinned (issue 22), written from the rule sheet."""

from pnp.games.ley_lines.engine import Cairn, Position, flow, score_all

ROW = frozenset((c, 5) for c in range(1, 10))


def test_energy_never_falls_below_the_value_it_stands_on():
    # cairn a5, then 3 on b5, a lower 1 on c5, a tor beyond: the flow climbed to 3 and cannot step down to 1.
    pos = Position(ROW, cairns={(1, 5): Cairn("S", 2)}, tors={(4, 5): "M"})
    pos.place((2, 5), 3, (3, 5), 1)
    f = flow(pos, (1, 5))
    assert f.tor is None and f.stop == "dead-end" and f.path == ((2, 5),)


def test_attenuation_removes_a_domino_whose_higher_half_equals_the_cairn_value():
    pos = Position(ROW, cairns={(1, 5): Cairn("S", 3)}, tors={(4, 5): "M"})
    pos.place((2, 5), 2, (3, 5), 3)
    (scored,) = score_all(pos)
    assert scored.removed == (((2, 5), (3, 5)),)
    assert not pos.halves


def test_a_zero_half_next_to_a_cairn_carries_the_flow():
    pos = Position(ROW, cairns={(1, 5): Cairn("S", 5)}, tors={(4, 5): "M"})
    pos.place((2, 5), 0, (3, 5), 4)
    f = flow(pos, (1, 5))
    assert f.tor == (4, 5) and f.path == ((2, 5), (3, 5))
