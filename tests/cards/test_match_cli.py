"""`pnp deck match` and `pnp deck gauntlet`: text, JSON, options reaching the games, records
written as pnp writes into a folder. A handful of games each: games are slow in Python."""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

from pnp.commands.cli import app
from pnp.core.resources import deck_file
from pnp.games.power_lines_cards.rules.engine import load_deck
from pnp.games.power_lines_cards.simulation.lab import Pool, Setup, match

STARTER = str(deck_file("starter.deck"))


def run(*args: str):
    return CliRunner().invoke(app, [*args])


def tens(tmp_path: Path) -> str:
    path = tmp_path / "tens.deck"
    path.write_text("13 1\n13 10\n")
    return str(path)


def test_match_text_says_what_the_figures_are(tmp_path: Path) -> None:
    other = tens(tmp_path)
    result = run("deck", "match", STARTER, other, "--games", "4")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert f"A: {STARTER} (greedy) against B: {other} (greedy), seed 1, pnp's readings of the rules" in out
    assert "4 games in 2 pairs: each pair one deal played twice, each deck first once" in out
    assert "a draw counts half" in out and "verdict: " in out
    assert "how the games ended: a Base taken" in out and "mean length: " in out
    assert "card  copies  drawn" in out


def test_match_json_is_the_lab_s_result(tmp_path: Path) -> None:
    other = tens(tmp_path)
    result = run("deck", "match", STARTER, other, "--games", "6", "--seed", "3", "--players", "greedy,random", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    decks = (tuple(load_deck(Path(STARTER)).cards()), tuple(load_deck(Path(other)).cards()))
    expected = match(Setup(decks, ("greedy", "random"), seed=3), 6, Pool(None, 1)).as_json()
    assert {k: data[k] for k in expected} == expected
    assert data["setup"] == {"players": ["greedy", "random"], "budget": None, "seed": 3, "variant": None, "games_asked": 6, "until": None, "draw_counts": 0.5}
    assert data["wins"] + data["draws"] + data["losses"] == data["games"] == 6
    assert sum(data["endings"].values()) == 6 and data["ablation"] is None and data["records"] is None


def test_the_same_seed_gives_the_same_result_however_many_processes(tmp_path: Path) -> None:
    other = tens(tmp_path)
    one, two = (run("deck", "match", STARTER, other, "--games", "8", "--seed", "9", "--jobs", jobs, "--json") for jobs in ("1", "2"))
    assert one.exit_code == two.exit_code == 0
    assert one.stdout == two.stdout


def test_a_variant_reaches_the_games(tmp_path: Path) -> None:
    variant = tmp_path / "short.toml"
    variant.write_text("turn_cap = 2\n")
    result = run("deck", "match", STARTER, STARTER, "--games", "2", "--variant", str(variant), "--json")
    data = json.loads(result.stdout)
    assert data["endings"]["turn-cap"] == 2 and data["draws"] == 2 and data["setup"]["variant"] == str(variant)
    bad = tmp_path / "bad.toml"
    bad.write_text("turn_cap = 0\n")
    refused = run("deck", "match", STARTER, STARTER, "--games", "2", "--variant", str(bad))
    assert refused.exit_code == 1 and f"{bad}:1:" in refused.stderr


def test_players_and_budget_are_checked() -> None:
    assert run("deck", "match", STARTER, STARTER, "--players", "greedy,genius").exit_code == 2
    refused = run("deck", "match", STARTER, STARTER, "--games", "2", "--budget", "50")
    assert refused.exit_code == 2 and "neither greedy nor greedy takes a budget" in refused.stderr


def test_until_says_why_play_stopped() -> None:
    reached = run("deck", "match", STARTER, STARTER, "--games", "100", "--until", "50", "--json")
    data = json.loads(reached.stdout)
    assert data["stopped"] == "until" and data["games"] == 100  # the first look, after 50 pairs, is narrow enough
    short = run("deck", "match", STARTER, STARTER, "--games", "2", "--until", "1")
    assert "--until 1 not reached" in short.stdout


def test_records_are_written_as_pnp_writes_into_a_folder(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine")
    result = run("deck", "match", STARTER, tens(tmp_path), "--games", "4", "--record-games", str(folder), "--json")
    assert result.exit_code == 0, result.output
    written = sorted(p.name for p in folder.glob("*.plc"))
    assert written == ["pair-0001-a-first.plc", "pair-0001-b-first.plc", "pair-0002-a-first.plc", "pair-0002-b-first.plc"]
    assert json.loads(result.stdout)["records"] == {"folder": str(folder), "files": 4}
    for name in written:
        checked = run("cards", "check", str(folder / name))
        assert checked.exit_code == 0, checked.output
    # A shorter match into the same folder removes the records it no longer makes, never the user's file.
    assert run("deck", "match", STARTER, tens(tmp_path), "--games", "2", "--record-games", str(folder)).exit_code == 0
    assert sorted(p.name for p in folder.iterdir() if not p.name.startswith(".")) == ["notes.txt", "pair-0001-a-first.plc", "pair-0001-b-first.plc"]
    assert (folder / "notes.txt").read_text() == "mine"
    # A folder pnp cannot write into is a usage error before any game is played.
    blocked = tmp_path / "file"
    blocked.write_text("")
    assert run("deck", "match", STARTER, STARTER, "--games", "2", "--record-games", str(blocked / "x")).exit_code == 2


def test_ablate_gives_each_card_s_worth(tmp_path: Path) -> None:
    result = run("deck", "match", tens(tmp_path), STARTER, "--games", "2", "--ablate")
    assert result.exit_code == 0, result.output
    assert "--ablate: each card of A's, one copy played as a 5 instead" in result.stdout
    data = json.loads(run("deck", "match", tens(tmp_path), STARTER, "--games", "2", "--ablate", "--json").stdout)
    assert data["ablation"]["neutral"] == "5" and list(data["ablation"]["kinds"]) == ["1", "10"]


def test_gauntlet_text_and_json(tmp_path: Path) -> None:
    other = tens(tmp_path)
    result = run("deck", "gauntlet", STARTER, other, STARTER, "--games", "2")
    assert result.exit_code == 0, result.output
    assert f"1: {STARTER}" in result.stdout and f"2: {other}" in result.stdout and "overall" in result.stdout
    data = json.loads(run("deck", "gauntlet", STARTER, other, "--games", "2", "--json").stdout)
    assert data["decks"] == [STARTER, other] and data["matrix"][0][0] is None
    a, b = data["matrix"][0][1], data["matrix"][1][0]
    assert a["games"] == b["games"] == 2 and a["win_percent"] + b["win_percent"] == 100
    assert data["overall"][0] == a
    assert run("deck", "gauntlet", STARTER).exit_code == 2  # one deck is no gauntlet


def test_compare_against_plays_both_decks_on_the_same_deals_of_the_opponent(tmp_path: Path) -> None:
    from pnp.games.power_lines_cards.simulation.lab import dealt

    other = tens(tmp_path)
    a, b = tuple(load_deck(Path(STARTER)).cards()), tuple(load_deck(Path(other)).cards())
    for pair in range(3):  # decks of as many cards: the opponent's order is the same in both matches
        assert dealt(Setup((a, a)), pair)[1] == dealt(Setup((b, a)), pair)[1]
    result = run("deck", "compare", STARTER, other, "--against", STARTER, "--games", "4", "--json")
    assert result.exit_code == 0, result.output
    got = json.loads(result.stdout)["against"]
    with_a, with_b = (match(Setup((deck, a)), 4, Pool(None, 1)) for deck in (a, b))
    per_pair = [(x.score + y.score) / 2 - (u.score + v.score) / 2 for (x, y), (u, v) in zip(with_b.pairs, with_a.pairs)]
    assert got["games"] == 4 and got["file"] == STARTER
    assert got["a_win_percent"] == 100 * with_a.rate.score / 4 and got["b_win_percent"] == 100 * with_b.rate.score / 4
    assert got["difference"] == round(100 * sum(per_pair) / 2, 2)
    text = run("deck", "compare", STARTER, other, "--against", STARTER, "--games", "4").stdout
    assert f"{other} minus {STARTER}: " in text and "(a draw counts half)" in text
    # The per-card chart: a row per card, each deck's bar as long as its win rate when it played the card.
    chart = text[text.index("win rate (%) in the games the deck played the card face up") :].splitlines()[2:]
    rows = {line.split()[0]: line for line in chart if line.strip()}
    for kind, figures in with_a.cards.items():
        played = figures.played
        cell = rows[kind][len(kind) :].strip()
        if not played.games:
            assert cell.startswith("-")
            continue
        rate = played.score / played.games
        shown = re.match(r"(\d+) % ([█▌]*)", cell)
        assert shown is not None and int(shown[1]) == round(100 * rate)
        assert abs(shown[2].count("█") + shown[2].count("▌") / 2 - 25 * rate) <= 0.5
    assert json.loads(run("deck", "compare", STARTER, other, "--json").stdout)["against"] is None


def test_a_shipped_deck_is_named_as_anywhere_else(tmp_path, monkeypatch):
    # From a folder with no deck in it, `starter` and `fives` are the decks pnp ships: the same
    # match as their paths give.
    monkeypatch.chdir(tmp_path)
    by_name = run("deck", "match", "fives", "starter", "--games", "8", "--json")
    by_path = run("deck", "match", str(deck_file("fives.deck")), str(deck_file("starter.deck")), "--games", "8", "--json")
    assert by_name.exit_code == 0, by_name.output
    figures = ("wins", "draws", "losses", "endings")
    assert {k: json.loads(by_name.stdout)[k] for k in figures} == {k: json.loads(by_path.stdout)[k] for k in figures}
