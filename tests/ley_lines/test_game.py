"""Ley Lines: the board data, the .leylines parser, every rule of the replay, energy flow, scoring, random games."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from pnp.commands.cli import app
from pnp.core.resources import deck_file
from pnp.games.ley_lines.board import adjacent, board, king_distance, name, neighbours, parse_space
from pnp.games.ley_lines.engine import DOMINOES, Cairn, Placer, Position, domino_rules, flow, score_all
from pnp.games.ley_lines.files import load_record, parse_record
from pnp.games.ley_lines.game import ALL_PASSED, apply, legal_moves, new_game, replay
from pnp.games.ley_lines.generate import random_game, random_record

runner = CliRunner()
EXAMPLE = deck_file("ley-lines/example.leylines")
EXAMPLE_TEXT = EXAMPLE.read_text()
# The example's set-up (players, cairns, tors, deals) without its turns.
SETUP = "\n".join(line for line in EXAMPLE_TEXT.splitlines() if not line.startswith(("S ", "M ", "C ")))
CAIRNS = "\n".join(line for line in SETUP.splitlines() if not line.startswith(("tor", "deal")))


def sp(text: str):
    space = parse_space(text)
    assert space is not None
    return space


def run(*args: str):
    return runner.invoke(app, ["ley-lines", *args])


def game_of(text: str):
    record = parse_record(text)
    assert record.valid, record.diagnostics
    return replay(record.value)


def breach(text: str):
    """The one rule breach the replay reports for `text`."""
    game = game_of(text)
    assert len(game.diagnostics) == 1, game.diagnostics
    return game.diagnostics[0]


# --- the board ------------------------------------------------------------------------------


def test_board_has_96_spaces_72_in_albion():
    b = board()
    assert len(b.spaces) == 96
    assert len(b.in_use(3)) == 72 and len(b.in_use(4)) == 96
    assert sum(1 for island in b.island.values() if island == "Eire") == 24
    assert len(b.tiles) == 24 and all(len(own) == 4 for _, own in b.tiles)


def test_albion_and_eire_touch_only_at_e10_f10():
    b = board()
    contacts = {tuple(sorted((name(s), name(t)))) for s, island in b.island.items() for t in neighbours(s) if t in b.island and b.island[t] != island}
    assert contacts == {("e10", "f10")}
    assert b.island[sp("e10")] == "Eire" and b.island[sp("f10")] == "Albion"


def test_space_names_run_west_to_east_and_south_to_north():
    assert parse_space("a1") == (1, 1) and parse_space("M15") == (13, 15)
    assert parse_space("n1") is None and parse_space("a16") is None and parse_space("a0") is None
    assert name((6, 10)) == "f10"
    # Every tile is a 2 x 2 block of the lattice.
    for _, own in board().tiles:
        assert all(adjacent(own[0], s) or king_distance(own[0], s) == 1 for s in own[1:])


# --- the record format -----------------------------------------------------------------------


def test_example_is_a_valid_unfinished_game():
    result = run("check", str(EXAMPLE))
    assert result.exit_code == 0, result.output
    assert "valid record: 3 players, 3 turns, unfinished" in result.output


@pytest.mark.parametrize(
    "line, code, column",
    [
        ("cairn X 3 f12", "bad-suit", 7),
        ("cairn S 6 f12", "bad-value", 9),
        ("cairn S 3 z12", "bad-space", 11),
        ("cairn S 3 f16", "bad-space", 11),
        ("cairn S 3", "missing-words", 10),
        ("tor S f12 g3", "extra-words", 11),
        ("S 3-7 f11 f10", "bad-domino", 5),
        ("S 35 f11 f10", "bad-domino", 3),
        ("S pass now", "extra-words", 8),
        ("hello", "unknown-line", 1),
        ("players: S M", "duplicate-players", 1),
    ],
)
def test_syntax_errors_name_line_and_column(line, code, column):
    record = parse_record(f"players: S M C\n{line}\n")
    (d,) = record.diagnostics
    assert (d.code, d.line, d.column) == (code, 2, column), d.message


@pytest.mark.parametrize(
    "text, code",
    [
        ("players: S M\n", "player-count"),
        ("players: S M C A S\n", "duplicate-suit"),
        ("players S M C\n", "bad-players"),
        ("cairn S 3 f12\n", "no-players"),
        ("cairn S 3 f12\nplayers: S M C\n", "late-players"),
    ],
)
def test_players_line_problems(text, code):
    codes = [d.code for d in parse_record(text).diagnostics]
    assert code in codes


def test_players_line_forms_and_comments():
    record = parse_record("# a game\nplayers:s m c a   # four\n\n  cairn s 0 F12  # lower case reads\n")
    assert record.valid
    assert record.value.players.suits == ("S", "M", "C", "A")
    (cairn,) = record.value.items
    assert (cairn.owner, cairn.value, cairn.space, cairn.at["space"]) == ("S", 0, (6, 12), 13)


def test_cli_reports_file_line_column_and_exit_1(tmp_path):
    bad = tmp_path / "bad.leylines"
    bad.write_text("players: S M C\ncairn M 0 f12\n")
    result = run("check", str(bad))
    assert result.exit_code == 1
    assert f"{bad}:2:7: error: it is S's turn to place a cairn" in result.output
    assert "Traceback" not in result.output


def test_missing_file_is_a_usage_error(tmp_path):
    result = run("check", str(tmp_path / "none.leylines"))
    assert result.exit_code == 2 and "Traceback" not in result.output


@given(st.text(alphabet=st.sampled_from(list("players:SMCAcairntordealps0123456789-abfgm \n#\t")) | st.characters(), max_size=300))
def test_any_text_gets_a_verdict(text):
    record = parse_record(text)
    if record.valid:
        game = replay(record.value)
        assert game.turns >= 0
    else:
        assert all(d.line is not None and d.column is not None for d in record.diagnostics)


@given(st.binary(max_size=200))
def test_any_bytes_get_a_verdict(data):
    record = load_record(data)
    assert record.valid or record.diagnostics


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(max_size=120))
def test_cli_never_shows_a_traceback(tmp_path, text):
    path = tmp_path / "x.leylines"
    path.write_text(text, encoding="utf-8")
    for command in ("check", "score"):
        result = run(command, str(path), "--json")
        assert result.exit_code in (0, 1), result.output
        data = json.loads(result.output)
        assert data["valid"] == (result.exit_code == 0)


# --- set-up rules ----------------------------------------------------------------------------------


def test_cairns_go_in_seat_order():
    d = breach("players: S M C\ncairn S 0 f12\ncairn C 1 h12\n")
    assert (d.code, d.line, d.column) == ("cairn-order", 3, 7)


def test_cairns_never_touch_side_to_side_but_may_touch_corners():
    d = breach("players: S M C\ncairn S 0 f12\ncairn M 1 f13\n")
    assert (d.code, d.line, d.column) == ("cairn-adjacent", 3, 11)
    assert game_of("players: S M C\ncairn S 0 f12\ncairn M 1 g13\n").valid


def test_each_cairn_value_once():
    d = breach("players: S M C\ncairn S 0 f12\ncairn M 1 h12\ncairn C 1 f10\ncairn S 0 h10\n")
    assert d.code == "cairn-value" and "already placed its cairn 0" in d.message and d.column == 9


def test_three_players_leave_eire_out_and_nobody_plays_on_the_sea():
    assert breach("players: S M C\ncairn S 0 c7\n").code == "off-board"
    assert "Eire" in breach("players: S M C\ncairn S 0 c7\n").message
    assert game_of("players: S M C A\ncairn S 0 c7\n").valid
    assert "sea" in breach("players: S M C A\ncairn S 0 a1\n").message


def test_cairns_cannot_share_a_space():
    assert breach("players: S M C\ncairn S 0 f12\ncairn M 1 f12\n").code == "occupied"


def test_tors_come_after_every_cairn():
    d = breach("players: S M C\ncairn S 0 f12\ntor C l4\n")
    assert d.code == "tor-early" and "17 of 18" not in d.message and "1 of 18" in d.message


def test_tors_go_in_reverse_seat_order():
    d = breach(CAIRNS + "\ntor S l4\n")
    assert d.code == "tor-order" and "C's turn" in d.message


def test_tor_never_beside_a_cairn():
    assert breach(CAIRNS + "\ntor C h3\n").code == "tor-adjacent"  # the cairn on h4 is just north


def test_tors_are_at_least_three_king_moves_apart():
    # k6 and m4 lie two diagonal steps apart: one space between them on the diagonal.
    d = breach(CAIRNS + "\ntor C k6\ntor M m4\n")
    assert d.code == "tor-spacing" and king_distance(sp("k6"), sp("m4")) == 2
    assert breach(CAIRNS + "\ntor C f2\ntor M h2\n").code == "tor-spacing"
    game = game_of(CAIRNS + "\ntor C k6\ntor M m3\n")
    assert game.valid and king_distance(sp("k6"), sp("m3")) == 3


def test_deals_use_the_set_in_play_once_each():
    tors = CAIRNS + "\ntor C f2\ntor M h6\ntor S l4\n"
    d = breach(tors + "deal S 0-0 0-1 1-2 2-2 2-4 3-3 4-6\n")
    assert d.code == "bad-deal" and "six" in d.message and d.column == 32
    d = breach(tors + "deal S 0-0 0-1 1-2 2-2 2-4 3-3 4-4\ndeal M 0-2 0-3 1-1 1-3 2-3 3-5 4-4\n")
    assert d.code == "bad-deal" and "already dealt to S" in d.message
    assert breach(tors + "deal S 0-0 0-1 1-2\n").code == "hand-size"
    assert game_of(tors + "deal S 0-0 0-1 1-2 2-2 2-4 3-3 4-4\n").valid


def test_domino_rules_come_from_toml():
    three, four = domino_rules(3), domino_rules(4)
    assert three.total.exactly == 21 and four.total.exactly == 28
    assert sorted(three.banned) == ["0-6", "1-6", "2-6", "3-6", "4-6", "5-6", "6-6"]
    assert four.check({name: 1 for name in four.items}) == []


# --- turns -------------------------------------------------------------------------------------------


def test_play_starts_with_the_first_seat():
    d = breach(SETUP + "\nM 3-5 k4 k5\n")
    assert (d.code, d.column) == ("turn-order", 1)


def test_domino_needs_two_adjacent_empty_spaces():
    assert breach(SETUP + "\nS 1-2 i4 k4\n").code == "not-adjacent"
    assert breach(SETUP + "\nS 1-2 h4 i4\n").code == "occupied"
    assert breach(SETUP + "\nS 1-2 f1 e1\n").code == "off-board"


def test_each_half_needs_an_energy_path():
    d = breach(SETUP + "\nS 0-0 m6 m5\n")
    assert d.code == "no-energy-path" and "legal now, for example `0-0" in d.message
    # The 2 reaches the cairn only through its own other half, the 1: legal.
    assert game_of(SETUP + "\nS 1-2 i4 j4\n").valid
    # Reversed, the 1 on j4 could reach the cairn only by climbing to the 2: values may not rise toward a cairn.
    d = breach(SETUP + "\nS 2-1 i4 j4\n")
    assert (d.code, d.column) == ("no-energy-path", 10) and "the 1 on j4" in d.message
    # A 0 behind the 1 of a 0-1 cannot reach the cairn: the values would rise toward it.
    assert game_of(SETUP + "\nS 0-1 i4 i5\n").valid
    d = breach(SETUP + "\nS 0-1 i4 i5\nM pass\nC pass\nS 0-0 j5 k5\n")
    assert (d.code, d.line, d.column) == ("no-energy-path", 39, 7)


def test_dealt_hands_are_kept():
    assert breach(SETUP + "\nS 5-5 i4 j4\n").code == "not-in-hand"
    # Without S's deal line, S may play anything not dealt to someone else.
    partial = SETUP.replace("deal S 0-0 0-1 1-2 2-2 2-4 3-3 4-4\n", "")
    assert game_of(partial + "\nS 1-2 i4 j4\n").valid
    d = breach(partial + "\nS 0-3 i4 j4\n")
    assert d.code == "not-in-hand" and "dealt to M" in d.message
    assert breach(SETUP + "\nS 1-2 i4 j4\nM 2-1 i5 j5\n").code == "played-twice"


def test_first_value_goes_on_the_first_space():
    one = game_of(SETUP + "\nS 1-2 i4 j4\n").pos.halves
    two = game_of(SETUP + "\nS 2-1 j4 i4\n").pos.halves
    assert one == two == {sp("i4"): 1, sp("j4"): 2}


def test_all_passing_ends_the_game_and_nothing_follows():
    game = game_of(SETUP + "\nS pass\nM pass\nC pass\n")
    assert game.finished == ALL_PASSED and game.winners() == ["S", "M", "C"]
    d = breach(SETUP + "\nS pass\nM pass\nC pass\nS 1-2 i4 j4\n")
    assert d.code == "game-over"
    # A placement in between restarts the count.
    game = game_of(SETUP + "\nS pass\nM pass\nC 0-4 j7 k7\nS pass\nM pass\n")
    assert game.valid and not game.finished and game.winners() == []


# --- energy flow and scoring -------------------------------------------------------------------------


def test_example_scores_with_doubling_and_attenuation():
    result = run("score", str(EXAMPLE), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["scores"] == {"S": 9, "M": 0, "C": 0}
    assert data["finished"] is False and data["winner"] == []
    (event,) = data["events"]
    assert event == {"turn": 2, "cairn": "h4", "owner": "S", "value": 3, "tor": "l4", "tor_owner": "S", "length": 3, "points": 9, "removed": [["i4", "j4"]]}
    game = game_of(EXAMPLE_TEXT)
    assert sp("h4") not in game.pos.cairns  # the scored cairn leaves the board
    assert game.pos.halves == {sp("k4"): 3, sp("k5"): 5}  # the 3-5 has a 5 above the cairn's 3: it stays


def test_score_text_lists_events():
    result = run("score", str(EXAMPLE))
    assert result.exit_code == 0
    assert "S's cairn 3 on h4 reaches S's tor on l4 through 3 spaces" in result.output
    assert "3 + 3x2 = 9" in result.output and "attenuation removes 1-2 on i4 j4" in result.output


def test_fork_tie_stops_the_energy():
    # After these turns the suns cairn on h4 flows 1, 2 and then faces a 3 on k4 and a 3 on j3.
    text = SETUP + "\nS 1-2 i4 j4\nM 3-5 j3 j2\nC 3-4 k4 k3\n"
    game = game_of(text)
    assert game.valid and game.events == []
    f = flow(game.pos, sp("h4"))
    assert f.stop == "tie" and set(f.tied) == {sp("k4"), sp("j3")} and f.tor is None
    # Without the 3 on j3 there is no tie, and the same cairn scores at the suns tor.
    game = game_of(SETUP + "\nS 1-2 i4 j4\nM pass\nC 3-4 k4 k3\n")
    (event,) = game.events
    assert (event.scored.tor, event.scored.points) == (sp("l4"), 3 + 3 * 2)


def position(cairns=(), tors=(), dominoes=()):
    pos = Position(board().in_use(4))
    for space, owner, value in cairns:
        pos.cairns[sp(space)] = Cairn(owner, value)
    for space, owner in tors:
        pos.tors[sp(space)] = owner
    for a, va, b, vb in dominoes:
        pos.place(sp(a), va, sp(b), vb)
    return pos


def test_flow_takes_the_largest_value_never_lower():
    pos = position([("h4", "S", 1)], [("l4", "M")], [("i4", 2, "j4", 1), ("h5", 4, "h6", 6), ("i5", 5, "j5", 7 - 1)])
    f = flow(pos, sp("h4"))
    # From h4: i4 (2) or h5 (4): the 4. Then h6 (6) or i5 (5): the 6; then nothing higher: a dead end.
    assert f.path == (sp("h5"), sp("h6")) and f.stop == "dead-end"


def test_flow_never_enters_a_cairn_or_goes_back():
    pos = position([("h4", "S", 1), ("j4", "M", 2)], [("l4", "M")], [("i4", 3, "i5", 3), ("j5", 3, "k5", 4)])
    f = flow(pos, sp("h4"))
    # i4 (3) -> i5 (3): j4 is a cairn and i4 is behind it; then j5 (3) -> k5 (4) -> dead end.
    assert f.path == (sp("i4"), sp("i5"), sp("j5"), sp("k5")) and f.tor is None


def test_a_tor_counts_seven():
    pos = position([("h4", "S", 1)], [("j4", "M")], [("i4", 6, "i5", 6)])
    assert flow(pos, sp("h4")).tor == sp("j4")  # from the 6 on i4: the tor (7) beats the other 6
    del pos.tors[sp("j4")]
    assert flow(pos, sp("h4")).path == (sp("i4"), sp("i5"))


def test_attenuation_can_free_another_cairn_which_scores_at_once():
    pos = position(
        cairns=[("h4", "C", 4), ("j5", "S", 1)],
        tors=[("j3", "A"), ("m5", "M")],
        dominoes=[("i4", 3, "j4", 3), ("k5", 3, "l5", 6)],
    )
    assert flow(pos, sp("j5")).stop == "tie"  # j4 and k5 both hold a 3
    first, second = score_all(pos)
    assert (first.cairn, first.tor, first.points, first.removed) == (sp("h4"), sp("j3"), 4 + 2, ((sp("i4"), sp("j4")),))
    assert (second.cairn, second.tor, second.path, second.points) == (sp("j5"), sp("m5"), (sp("k5"), sp("l5")), 1 + 2)
    assert second.removed == () and pos.cairns == {} and pos.halves == {sp("k5"): 3, sp("l5"): 6}


def test_cairns_reaching_tors_together_score_on_the_board_as_it_stood():
    # Two cairns share the path's last domino; the first to score must not take it from the second.
    pos = position(
        cairns=[("h4", "S", 5), ("h6", "M", 0)],
        tors=[("k5", "C")],
        dominoes=[("i4", 1, "i5", 2), ("i6", 1, "j6", 1), ("j5", 3, "j4", 0)],
    )
    events = score_all(pos)
    assert sorted(name(e.cairn) for e in events) == ["h4", "h6"]
    assert sum(len(e.removed) for e in events) >= 1


# --- legal placements against a brute-force search ------------------------------------------------------


def brute_force_legal(pos: Position, first, a, second, b) -> bool:
    """Search every simple chain of halves from each new half, as the rules describe it."""
    if not (adjacent(first, second) and pos.empty(first) and pos.empty(second)):
        return False
    halves = dict(pos.halves)
    halves[first], halves[second] = a, b

    def path(start, rising: bool) -> bool:
        stack = [(start, frozenset([start]))]
        while stack:
            here, seen = stack.pop()
            for near in neighbours(here):
                if (rising and near in pos.tors) or (not rising and near in pos.cairns):
                    return True
                if near in halves and near not in seen and (halves[near] >= halves[here] if rising else halves[near] <= halves[here]):
                    stack.append((near, seen | {near}))
        return False

    return all(path(s, True) or path(s, False) for s in (first, second))


@pytest.mark.parametrize("seed", range(4))
def test_placement_test_agrees_with_brute_force(seed):
    import random

    game, _ = random_game(4, seed)
    rng = random.Random(seed)
    # Replay the record step by step, comparing the fast test with the search on random candidates.
    record = parse_record(random_record(4, seed)).value
    replayed = new_game(record.players.suits)
    checked = 0
    for item in record.items:
        if getattr(item, "values", None) is not None and rng.random() < 0.5:
            placer = Placer(replayed.pos)
            spaces = sorted(replayed.pos.spaces)
            for _ in range(40):
                first = rng.choice(spaces)
                second = rng.choice(neighbours(first))
                a, b = rng.randrange(7), rng.randrange(7)
                assert placer.legal(first, a, second, b) == brute_force_legal(replayed.pos, first, a, second, b)
                checked += 1
        apply(replayed, item)
    assert checked > 100 and replayed.scores == game.scores


# --- random games -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4])
def test_random_games_replay_as_legal(players, tmp_path):
    for seed in range(6):
        out = tmp_path / f"{players}-{seed}.leylines"
        assert run("random", "--players", str(players), "--seed", str(seed), "-o", str(out)).exit_code == 0
        result = run("score", str(out), "--json")
        assert result.exit_code == 0, result.output
        data = json.loads(result.output)
        assert data["valid"] and data["finished"] and set(data["scores"]) == set("SMCA"[:players])
        assert sum(e["points"] for e in data["events"]) == sum(data["scores"].values())
        for e in data["events"]:
            doubled = e["owner"] == e["tor_owner"]
            assert e["points"] == e["value"] + e["length"] * (2 if doubled else 1)
        best = max(data["scores"].values())
        assert data["winner"] == [s for s in "SMCA"[:players] if data["scores"][s] == best]


def test_random_games_are_reproducible_and_pass_only_when_stuck():
    assert run("random", "--seed", "5").output == run("random", "--seed", "5").output
    assert run("random", "--seed", "5").output != run("random", "--seed", "6").output
    record = parse_record(random_record(3, 2)).value
    game = new_game(record.players.suits)
    passes = 0
    for item in record.items:
        if getattr(item, "player", None) and item.values is None:
            assert legal_moves(game, item.player) == []
            passes += 1
        apply(game, item)
    assert passes >= 3 and game.finished


def test_random_rejects_a_bad_player_count():
    assert run("random", "--players", "5").exit_code == 2


# --- show -----------------------------------------------------------------------------------------------------------


def test_show_draws_a_pdf_and_an_svg(tmp_path):
    pdf, svg = tmp_path / "pos.pdf", tmp_path / "pos.svg"
    assert run("show", str(EXAMPLE), "--turn", "2", "-o", str(pdf)).exit_code == 0
    assert pdf.read_bytes().startswith(b"%PDF")
    assert run("show", str(EXAMPLE), "-o", str(svg)).exit_code == 0
    assert "<svg" in svg.read_text()
    import pypdf

    text = pypdf.PdfReader(pdf).pages[0].extract_text()
    assert "after turn 2" in text and "scored 9" in text


def test_show_refuses_bad_requests(tmp_path):
    assert run("show", str(EXAMPLE), "--turn", "9", "-o", str(tmp_path / "x.pdf")).exit_code == 2
    assert run("show", str(EXAMPLE), "-o", str(tmp_path / "x.png")).exit_code == 2
    copy = tmp_path / "g.leylines"
    copy.write_text(EXAMPLE_TEXT)
    assert run("show", str(copy), "-o", str(copy)).exit_code == 2
    assert copy.read_text() == EXAMPLE_TEXT
    bad = tmp_path / "bad.leylines"
    bad.write_text("players: S M C\ncairn M 0 f12\n")
    result = run("show", str(bad), "-o", str(tmp_path / "bad.pdf"))
    assert result.exit_code == 1 and not (tmp_path / "bad.pdf").exists()


PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}


@pytest.mark.parametrize(
    "args, env, paper",
    [
        (["--paper", "letter"], None, "letter"),
        (["--paper", "A4"], "letter", "a4"),  # the option wins over PNP_PAPER, in any case
        (["--paper", "LETTER"], None, "letter"),
        ([], "letter", "letter"),
        ([], None, "a4"),
    ],
    ids=["letter", "A4-over-env", "LETTER", "env-letter", "default-a4"],
)
def test_show_prints_on_the_paper_asked(tmp_path, monkeypatch, args, env, paper):
    from tests.helpers.pdfgeom import MM, ink_margins, open_pdf

    monkeypatch.delenv("PNP_PAPER", raising=False)
    if env:
        monkeypatch.setenv("PNP_PAPER", env)
    pdf = tmp_path / "pos.pdf"
    result = run("show", str(EXAMPLE), "--turn", "2", "-o", str(pdf), *args)
    assert result.exit_code == 0, result.output
    with open_pdf(pdf) as doc:
        (page,) = doc.pages
        size = (float(page.width) * MM, float(page.height) * MM)
        text = page.extract_text()
        land = [
            (r["x0"] * MM, r["top"] * MM, r["width"] * MM, r["height"] * MM)
            for r in page.rects
            if r["fill"] and r["non_stroking_color"] != (1, 1, 1) and r["width"] * MM > 20
        ]
    assert size == pytest.approx(PAPERS[paper], abs=0.01)
    assert "example.leylines after turn 2" in text and "scored 9" in text  # the title and the notes stay
    assert min(ink_margins(pdf)) >= 5.0  # the whole position inside the printable area
    # The board keeps its proportions: its tiles (18: the example is a 3-player game, Albion only)
    # stay square and on one lattice, scaled alike both ways.
    assert len(land) == 18
    side = land[0][2]
    assert all(w == pytest.approx(side, abs=0.02) and h == pytest.approx(side, abs=0.02) for _, _, w, h in land)
    x0, y0 = min(x for x, _, _, _ in land), min(y for _, y, _, _ in land)
    for x, y, _, _ in land:
        assert (x - x0) / (side / 2) == pytest.approx(round((x - x0) / (side / 2)), abs=0.01)
        assert (y - y0) / (side / 2) == pytest.approx(round((y - y0) / (side / 2)), abs=0.01)
    # As large as the paper allows: the board spans most of the printable width or height.
    width, height = max(x + w for x, _, w, _ in land) - x0, max(y + h for _, y, _, h in land) - y0
    assert width > 0.75 * (size[0] - 10) or height > 0.75 * (size[1] - 10)


def test_show_draws_an_svg_on_the_paper_asked(tmp_path):
    from tests.helpers.svggeom import read_svg

    svg = tmp_path / "pos.svg"
    assert run("show", str(EXAMPLE), "--paper", "letter", "-o", str(svg)).exit_code == 0
    drawn = read_svg(svg)
    assert (drawn.width, drawn.height) == pytest.approx(PAPERS["letter"], abs=0.01)


def test_show_refuses_an_unknown_paper(tmp_path):
    result = run("show", str(EXAMPLE), "--paper", "a3", "-o", str(tmp_path / "x.pdf"))
    assert result.exit_code == 2 and not (tmp_path / "x.pdf").exists()
    assert "a3" in result.output and "letter" in result.output  # what was wrong, and what to give


# --- the order of the record and the end by the last cairn --------------------------------------------------------------

TORS = CAIRNS + "\ntor C f2\ntor M h6\ntor S l4\n"


@pytest.mark.parametrize(
    "text, code",
    [
        (CAIRNS + "\ncairn S 0 l6\n", "cairns-done"),
        (TORS + "tor C m2\n", "tors-done"),
        (CAIRNS + "\ndeal S 0-0 0-1 1-2 2-2 2-4 3-3 4-4\n", "deal-early"),
        (TORS + "S pass\ndeal S 0-0 0-1 1-2 2-2 2-4 3-3 4-4\n", "deal-late"),
        (TORS + "deal S 0-0 0-1 1-2 2-2 2-4 3-3 4-4\ndeal S 0-2 0-3 1-1 1-3 2-3 3-5 4-5\n", "deal-twice"),
        (CAIRNS + "\ntor C f2\nS pass\n", "turn-early"),
        (TORS + "S 5-6 i4 j4\n", "six"),
    ],
)
def test_items_come_in_the_order_of_the_game(text, code):
    assert breach(text).code == code


def test_a_player_with_an_empty_hand_must_pass():
    game = game_of(SETUP)
    game.hands["S"].clear()
    record = parse_record(SETUP + "\nS 1-2 i4 j4\n").value
    with pytest.raises(Exception) as caught:
        apply(game, record.items[-1])
    assert caught.value.diagnostic.code == "empty-hand"


def test_scoring_the_last_cairn_ends_the_game():
    game = game_of(SETUP)
    last = sp("h4")
    for space in list(game.pos.cairns):
        if space != last:
            del game.pos.cairns[space]
    record = parse_record(SETUP + "\nS 1-2 i4 j4\nM 3-5 k4 k5\nC pass\n").value
    for item in record.items[-3:-1]:
        apply(game, item)
    assert game.finished == "the last cairn was scored" and game.winners() == ["S"]
    with pytest.raises(Exception) as caught:
        apply(game, record.items[-1])
    assert caught.value.diagnostic.code == "game-over"


def test_score_text_names_the_winner(tmp_path):
    out = tmp_path / "g.leylines"
    run("random", "--players", "4", "--seed", "6", "-o", str(out))
    result = run("score", str(out))
    assert result.exit_code == 0
    scores = dict(part.split() for part in result.output.split("scores: ")[1].splitlines()[0].split(", "))
    best = max(scores, key=lambda suit: int(scores[suit]))
    assert sorted(int(v) for v in scores.values())[-2] < int(scores[best])  # this seed has one winner
    assert f"{best} wins (every player passed in succession)" in result.output
    finished = tmp_path / "passes.leylines"
    finished.write_text(SETUP + "\nS pass\nM pass\nC pass\n")
    assert "a tie between S and M and C" in run("score", str(finished)).output
    bad = tmp_path / "bad.leylines"
    bad.write_text(SETUP + "\nM pass\n")
    result = run("score", str(bad))
    assert result.exit_code == 1 and "turn-order" not in result.output and "it is S's turn" in result.output


# --- a hand of seven: once every domino is laid, the player must pass ------------------------------------------


def _eighth_domino(keep_deals: str) -> tuple[str, int, int]:
    """A 4-player record (random seed 5) in which suns lay their 7 dominoes, the others then pass,
    and suns lay an 8th, legal on the board, which nobody was dealt. Deal lines kept: those whose
    suit is in `keep_deals`. Returns the text, the 8th domino's line and its column."""
    from pnp.games.ley_lines.engine import Placer, domino_name

    lines = random_record(4, 5).splitlines()
    kept, laid = [], 0
    for line in lines:
        if line.startswith("deal ") and line.split()[1] not in keep_deals:
            continue
        kept.append(line)
        if line.startswith("S ") and "pass" not in line:
            laid += 1
            if laid == 7:
                break
    kept += ["M pass", "C pass", "A pass"]
    game = game_of("\n".join(kept) + "\n")
    assert game.valid and not game.finished and laid == 7 and game.to_move() == "S"
    spare = next(d for d in sorted(set(domino_rules(4).items) - {domino_name(d) for d in game.played}) if d not in {domino_name(x) for x in game.dealt})
    a, b = (int(v) for v in spare.split("-"))
    first, _, second, _ = Placer(game.pos).placements((a, b))[0]
    kept.append(f"S {spare} {name(first)} {name(second)}")
    return "\n".join(kept) + "\n", len(kept), 3


def test_a_player_who_laid_all_seven_without_deal_lines_must_pass():
    text, line, column = _eighth_domino(keep_deals="")
    d = breach(text)
    assert (d.code, d.line, d.column) == ("empty-hand", line, column)
    assert d.message == "S's hand is empty: it has laid all 7 of its dominoes and must pass"
    # The same record without the 8th domino is legal: the other players' dominoes are theirs to lay.
    assert game_of(text.rsplit("S ", 1)[0] + "S pass\n").valid


def test_a_dealt_hand_laid_to_the_last_domino_is_empty():
    text, line, column = _eighth_domino(keep_deals="S")
    d = breach(text)
    assert (d.code, d.line, d.column) == ("empty-hand", line, column)
    assert "hand is empty" in d.message and "not dealt" not in d.message and "left in hand" not in d.message
    game = game_of(text.rsplit("S ", 1)[0])
    assert game.hands["S"] == {} and not game.hands["S"] and legal_moves(game, "S") == []


def test_legal_moves_after_seven_laid_without_deal_lines_are_none():
    # No hand is known, but a player has only 7 dominoes: after laying 7 through real turns, none is legal.
    text, _, _ = _eighth_domino(keep_deals="")
    game = game_of(text.rsplit("S ", 1)[0])
    assert game.valid and game.laid["S"] == 7 and "S" not in game.hands
    assert legal_moves(game, "S") == []
    assert legal_moves(game, "M")  # the others still have dominoes to lay


def test_the_cli_says_where_the_eighth_domino_is(tmp_path):
    text, line, column = _eighth_domino(keep_deals="")
    path = tmp_path / "eight.leylines"
    path.write_text(text)
    result = run("check", str(path))
    assert result.exit_code == 1 and f"{path}:{line}:{column}: error: S's hand is empty" in result.stderr


# --- spaces, energy paths and the end of a game, at their edges --------------------------------------

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


# --- the replay: set-up, turns and the findings' words and positions (game.py) -----------------

# The example's set-up (players, cairns, tors, deals) without its turns; its cairns alone.
DEALS = {line.split()[1]: line for line in SETUP.splitlines() if line.startswith("deal ")}


def lines(text):
    return len(text.splitlines())


def dealt_to(suit):
    return {tuple(int(v) for v in w.split("-")) for w in DEALS[suit].split()[2:]}


# Tors: "Tors may not be adjacent to cairns" - and a tor goes on an empty space of the board in use.


def test_a_tor_on_a_cairn_is_refused():
    text = CAIRNS + "\ntor C h4\n"  # h4 holds suns' cairn 3
    d = breach(text)
    assert (d.code, d.line, d.column) == ("occupied", lines(text), 7)
    assert d.message == "h4 already holds a cairn"


@pytest.mark.parametrize("space, where", [("c7", "Eire"), ("a1", "sea")])
def test_a_tor_off_the_board_in_use_is_refused(space, where):
    # 3 players use Albion only: Eire's c7 is off the board, a1 is sea.
    text = CAIRNS + f"\ntor C {space}\n"
    d = breach(text)
    assert (d.code, d.line, d.column) == ("off-board", lines(text), 7)
    assert where in d.message


# The replay stops at the first line that breaks a rule: later lines depend on it.


def test_replay_reports_the_first_breach_and_applies_nothing_after_it():
    text = SETUP + "\nM 3-5 k4 k5\nS 1-2 i4 j4\n"  # moons out of turn; then a move legal on its own
    game = game_of(text)
    (d,) = game.diagnostics
    assert (d.code, d.line) == ("turn-order", lines(text) - 1)
    assert game.turns == 0 and game.pos.halves == {} and game.played == {}


def test_two_illegal_turns_report_only_the_first():
    text = SETUP + "\nS 5-5 i4 j4\nS 3-5 k4 k5\n"  # 5-5 was dealt to crowns; 3-5 to moons
    game = game_of(text)
    (d,) = game.diagnostics
    assert (d.code, d.line) == ("not-in-hand", lines(text) - 1) and "dealt to C" in d.message
    assert game.turns == 0 and game.pos.halves == {}


def test_a_refused_item_raises_with_the_findings_message():
    game = game_of(SETUP)
    item = parse_record(SETUP + "\nM pass\n").value.items[-1]
    with pytest.raises(Exception) as caught:
        apply(game, item)
    assert str(caught.value) == caught.value.diagnostic.message != ""


# Cairns: "Starting with the first player, and proceeding to the left, take turns placing one of your
# cairns"; each player has the six coins of a suit, values 0-5 each once.


def test_a_cairn_value_placed_twice_names_that_cairns_line_and_the_values_left():
    text = "players: S M C\ncairn S 0 h4\ncairn M 0 e15\ncairn C 1 g15\ncairn S 1 f14\ncairn M 1 h14\ncairn C 2 g13\ncairn S 1 i13\n"
    d = breach(text)
    assert (d.code, d.line, d.column) == ("cairn-value", 8, 9)
    assert d.message == "S already placed its cairn 1 (line 5); each value 0-5 is one coin; left: 2, 3, 4, 5"


def test_a_cairn_between_two_cairns_names_the_first_going_north_east_south_west():
    # g12 touches f12 (west) and h12 (east): one fixed report, the east one first.
    d = breach("players: S M C\ncairn S 0 f12\ncairn M 1 h12\ncairn C 2 g12\n")
    assert (d.code, d.line, d.column) == ("cairn-adjacent", 4, 11)
    assert d.message.startswith("g12 is next to the cairn on h12;")


def test_cairn_order_names_the_seat_order():
    d = breach("players: S M C\ncairn S 0 f12\ncairn C 1 h12\n")
    assert "it is M's turn to place a cairn" in d.message and "(S M C)" in d.message


# Tors: "placed in the OPPOSITE order they placed their cairns", "at least two spaces between tors".


def test_tors_early_count_the_cairns_placed_and_name_those_still_to_place():
    d = breach("players: S M C\ncairn S 0 f12\ntor C l4\n")
    rest = ["S 1", "S 2", "S 3", "S 4", "S 5"] + [f"{s} {v}" for s in "MC" for v in range(6)]
    assert d.message == f"only 1 of 18 cairns is placed (still to place: {', '.join(rest)}); tors come after every cairn"
    d = breach("players: S M C\ncairn S 0 f12\ncairn M 3 h12\ntor C l4\n")
    assert d.message.startswith("only 2 of 18 cairns are placed (still to place: S 1, S 2, S 3, S 4, S 5, M 0, M 1, M 2, M 4, M 5, C 0,")


def test_tor_order_names_the_reverse_seat_order():
    d = breach(CAIRNS + "\ntor S l4\n")
    assert d.message.startswith("it is C's turn to place a tor") and "(C M S)" in d.message


def test_a_tor_beside_several_cairns_names_the_first_going_north_east_south_west():
    # h13 touches h14 (north), i13 (east), h12 (south) and g13 (west), all cairns.
    text = CAIRNS + "\ntor C h13\n"
    d = breach(text)
    assert (d.code, d.line, d.column) == ("tor-adjacent", lines(text), 7)
    assert d.message.startswith("h13 is next to the cairn on h14;")


def test_a_tor_too_close_to_two_tors_names_the_first_placed():
    text = CAIRNS + "\ntor C f2\ntor M i2\ntor S g1\n"  # g1: 1 king move from f2, 2 from i2
    d = breach(text)
    assert (d.code, d.line, d.column) == ("tor-spacing", lines(text), 7)
    assert d.message.startswith("g1 is too close to the tor on f2:")


# Play: "Starting with ... the first person to place a cairn, and proceeding to the LEFT, take turns."


def test_turn_order_names_the_seat_order_and_the_first_player():
    d = breach(SETUP + "\nM 3-5 k4 k5\n")
    assert d.message == "it is S's turn: play goes round in seat order (S M C), S first"


def test_all_players_passing_after_a_placement_ends_the_game():
    # "when all players have passed in succession": three passes after crowns' domino, crowns' own the last.
    text = SETUP + "\nS pass\nM pass\nC 0-4 j7 k7\nS pass\nM pass\nC pass\n"
    game = game_of(text)
    assert game.finished == ALL_PASSED and game.finished_line == lines(text)


def test_a_domino_not_in_a_known_hand_lists_what_is_left_in_it():
    # Moons' deal is not recorded, so 0-2 was dealt to nobody the record knows; suns' hand is known.
    partial = SETUP.replace(DEALS["M"] + "\n", "")
    text = partial + "\nS 1-2 i4 j4\nM pass\nC pass\nS 0-2 i5 j5\n"
    d = breach(text)
    assert (d.code, d.line, d.column) == ("not-in-hand", lines(text), 3)
    assert d.message == "S was not dealt 0-2; left in hand: 0-0 0-1 2-2 2-4 3-3 4-4"


# Building: "You must be able to trace at least one legal energy path from each space ... to either
# a tor or a cairn"; toward a cairn each value must be equal or smaller.


def corner_game(*dominoes):
    """A 3-player game in play with one cairn, suns' on f1 (a corner: f2 north, g1 east), no tor,
    the given dominoes on the board and no hands known."""
    game = new_game(("S", "M", "C"))
    game.tors_placed = 3
    game.pos.cairns[sp("f1")] = Cairn("S", 4)
    for a, va, b, vb in dominoes:
        game.pos.place(sp(a), va, sp(b), vb)
    return game


def refused(game, turn):
    item = parse_record(f"players: S M C\n{turn}\n").value.items[-1]
    with pytest.raises(Exception) as caught:
        apply(game, item)
    return caught.value.diagnostic


def test_a_refused_domino_shows_three_legal_ways_and_how_many_there_are():
    # The 1 beside the cairn with the 2 behind it (f2 g2 or g1 g2) is legal; the 2 beside it is
    # not (the 1 behind would climb toward the cairn): 2 ways, each listed from either end.
    game = corner_game()
    assert len(Placer(game.pos).placements((1, 2))) == 4
    d = refused(game, "S 1-2 i4 j4")
    assert (d.code, d.column) == ("no-energy-path", 7)
    assert d.message.endswith("; legal now, for example `1-2 f2 g2`, `1-2 g1 g2`, `2-1 g2 f2` (4 ways in all)")


def test_a_refused_domino_that_fits_nowhere_says_so():
    # The 5-5 on f2 g2 leaves g1 no free neighbour; beside a 5 only a 5 or more can step down to the cairn.
    game = corner_game(("f2", 5, "g2", 5))
    assert Placer(game.pos).placements((1, 2)) == []
    d = refused(game, "S 1-2 i4 j4")
    assert d.message.endswith("; 1-2 fits nowhere now, so pass or play another domino")


# legal_moves: from the known hand; an unknown hand holds any domino neither played nor dealt to another.


def test_legal_moves_of_a_player_whose_hand_is_not_dealt():
    partial = SETUP.replace(DEALS["S"] + "\n", "")
    game = game_of(partial + "\nS 1-2 i4 j4\n")
    in_play = {d for d in DOMINOES if 6 not in d}
    expected = in_play - dealt_to("M") - dealt_to("C") - {(1, 2)}
    moves = legal_moves(game, "S")
    assert {m[0] for m in moves} == expected == dealt_to("S") - {(1, 2)}
    placer = Placer(game.pos)
    assert all(placer.legal(f, a, s, b) and sorted((a, b)) == list(d) for d, f, a, s, b in moves)
    # Moons' hand is known: only its dominoes, even though suns' unknown hand leaves some undealt.
    assert {m[0] for m in legal_moves(game, "M")} == dealt_to("M")
