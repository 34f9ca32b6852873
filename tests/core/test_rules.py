"""The shared rules engine reading rules files: strict types, sense, and errors at the key at fault."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnp.core.diagnostics import PnpError
from pnp.core.rules import key_positions, load_rules
from pnp.games.power_lines_cards.rules.catalogue import catalogue
from pnp.games.power_lines_cards.rules.engine import validate_deck
from pnp.games.power_lines_cards.rules.generate import random_counts, render_deck


def load(tmp_path: Path, text: str, items: list[str] | None = None):
    path = tmp_path / "r.toml"
    path.write_text(text)
    return load_rules(path, items)


@pytest.mark.parametrize(
    "text, where, words",
    [
        ('name = "r"\n[total]\nexactly = "26"\n', "3:1", "total.exactly: a whole number from 0 to 10000 is expected"),
        ('name = "r"\n\n[total]\nmin = 2\nmax = 1\n', "4:1", "'min' (2) is larger than 'max' (1)"),
        ('name = "r"\n[copies.max]\nBase = 1\n"5" = 1\n[copies.min]\n"5" = 2\n', "6:1", "at least 2 of 5 required, at most 1 allowed"),
        ('name = "r"\ncopies = { max = { "*" = -1 } }\n', "2:20", 'copies.max."*": a whole number from 0 to 10000 is expected, not -1'),
        ('name = "r"\n[total]\nexactly = 26\n[copies.max]\n"*" = 2\n', "3:1", "allow at most 24"),
        ('name = "r"\nbanned = ["Base"]\n[copies.min]\nBase = 1\n', "2:1", "Base is banned, but at least 1 is required"),
        ("[total.exactly]\n", "1:1", "name: required, but not given"),
    ],
)
def test_errors_name_the_rules_file_and_the_key(tmp_path: Path, text: str, where: str, words: str):
    with pytest.raises(PnpError) as caught:
        load(tmp_path, text, catalogue().names)
    assert f"{tmp_path / 'r.toml'}:{where}: error: " in str(caught.value)
    assert words in str(caught.value)


def test_key_positions_cover_tables_dotted_keys_and_inline_tables():
    text = 'name = "x"\ntotal.exactly = 4\nt = { a = 1, "b c" = { d = "e = f" } }\n[copies.max]\n  "*" = 3\n[[list]]\nk = 1\n'
    keys = key_positions(text)
    assert keys[("name",)] == (1, 1)
    assert keys[("total", "exactly")] == (2, 1)
    assert keys[("t", "a")] == (3, 7) and keys[("t", "b c")] == (3, 14) and keys[("t", "b c", "d")] == (3, 24)
    assert ("t", "e") not in keys and ("t", "b c", "e") not in keys  # inside a string
    assert keys[("copies", "max")] == (4, 2)
    assert keys[("copies", "max", "*")] == (5, 3)
    assert keys[("list", "k")] == (7, 1)


def test_key_positions_cover_array_elements_by_index_on_one_line_or_many():
    text = 'a = ["x", 6]\nb = [\n  "y", # a comment ], not an element\n  [1, 2], {c = "[d]"},\n]\n[t]\nk = { e = [ true ] }\n'
    keys = key_positions(text)
    assert keys[("a", 0)] == (1, 6) and keys[("a", 1)] == (1, 11)
    assert keys[("b", 0)] == (3, 3) and keys[("b", 1)] == (4, 3) and keys[("b", 2)] == (4, 11)
    assert ("b", 3) not in keys and ("b", 1, 0) not in keys  # only the array's own elements, by index
    assert keys[("t", "k")] == (7, 1)  # `[1, 2],` inside the array was not taken for a table header
    assert keys[("t", "k", "e", 0)] == (7, 13)


# Rules a format file may hold, well typed but otherwise anything.
KINDS = [c.name for c in catalogue().cards]
limits = st.dictionaries(st.sampled_from(KINDS + ["*"]), st.integers(0, 40), max_size=4)
rules_text = st.builds(
    lambda exactly, low, high, mins, maxs, banned, exclude: "\n".join(
        ['name = "gen"', f"banned = {banned!r}".replace("'", '"'), "[total]"]
        + ([f"exactly = {exactly}"] if exactly is not None else [f"min = {low}", f"max = {high}"])
        + [f"exclude = {exclude!r}".replace("'", '"')]
        + ["[copies.min]"]
        + [f'"{k}" = {v}' for k, v in mins.items()]
        + ["[copies.max]"]
        + [f'"{k}" = {v}' for k, v in maxs.items()]
    ),
    st.one_of(st.none(), st.integers(0, 3000)),
    st.integers(0, 60),
    st.integers(0, 60),
    limits,
    limits,
    st.lists(st.sampled_from(KINDS), max_size=2, unique=True),
    st.lists(st.sampled_from(KINDS), max_size=2, unique=True),
)


@given(text=rules_text, seed=st.integers(0, 2**32 - 1))
def test_rules_are_refused_or_deck_random_obeys_them(tmp_path_factory, text: str, seed: int):
    try:
        rules = load(tmp_path_factory.mktemp("r"), text, catalogue().names)
    except PnpError as exc:
        assert ": error: " in str(exc)  # refused, and located
        return
    counts = random_counts(rules, seed)  # accepted rules always have a deck
    deck = render_deck(counts, ["generated"])
    assert validate_deck(deck, rules).valid
