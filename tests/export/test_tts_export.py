"""`pnp export tts`, read back from the folder it writes: the saved object against a schema written
from Tabletop Simulator's documented format, every file it names present, each card deck's sheet,
ids and counts against the deck list, true-scale boards, the same bytes for the same inputs, and
bad input refused with nothing written."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from urllib.parse import urlparse
from urllib.request import url2pathname

import jsonschema
import pytest
from PIL import Image
from typer.testing import CliRunner

from pnp.commands.cli import app
from pnp.core.tts import BOARD_MM, MM_PER_UNIT
from pnp.games.power_lines_cards.rules.engine import load_deck
from pnp.games.registry import GAMES, TTS

ROOT = Path(__file__).resolve().parents[2]
STARTER = ROOT / "decks" / "starter.deck"
SCHEMA = json.loads((Path(__file__).parent / "tts-saved-object.schema.json").read_text("utf-8"))
GAME_IDS = [g.id for g in GAMES if TTS in g.exports]
runner = CliRunner()
# The card game's colours as its layout gives them: a card's frame tells draw, free and discard cards apart.
ACCENT = {"draw": (0x56, 0xB4, 0xE9), "free": (0x00, 0x9E, 0x73), "discard": (0xE6, 0x9F, 0x00), "base": (0, 0, 0)}


def export(*args):
    return runner.invoke(app, ["export", "tts", *map(str, args)])


def walk(objects):
    for obj in objects:
        yield obj
        yield from walk(obj.get("ContainedObjects", []))


def urls(obj) -> list[str]:
    found = []
    for key, value in obj.items():
        if isinstance(value, dict):
            found += urls(value)
        elif key.endswith("URL") and value:
            found.append(value)
    return found


@pytest.fixture(scope="module")
def exported(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("tts")
    for game in GAME_IDS:
        result = export(game, "-o", folder)  # one folder for every game: their names never clash
        assert result.exit_code == 0, result.output
    return folder


def saved(folder: Path, game: str) -> dict:
    return json.loads((folder / f"{game}.json").read_text("utf-8"))


def test_every_game_with_pieces_exports_to_tabletop_simulator():
    assert set(GAME_IDS) == {"power-lines-cards", "piecepack", "power-lines", "pack-solitaire", "ley-lines", "paint-the-line"}


@pytest.mark.parametrize("game", GAME_IDS)
def test_the_saved_object_matches_the_documented_format(exported, game):
    jsonschema.validate(saved(exported, game), SCHEMA)


def test_every_file_named_exists_and_nothing_unnamed_is_written(exported):
    named = set()
    for game in GAME_IDS:
        for obj in walk(saved(exported, game)["ObjectStates"]):
            for url in urls(obj):
                assert url.startswith("file:///"), url
                path = Path(url2pathname(urlparse(url).path))
                assert path.parent == exported.resolve() and path.is_file(), url
                named.add(path.name)
    written = {p.name for p in exported.iterdir() if not p.name.startswith(".") and p.suffix != ".json"}
    assert written == named


def test_each_card_deck_holds_the_deck_lists_cards_by_id(exported):
    objects = saved(exported, "power-lines-cards")["ObjectStates"]
    decks = [o for o in objects if o["Name"] == "DeckCustom"]
    bases = [o for o in objects if o["Name"] == "Card"]
    assert len(decks) == len(bases) == 2  # the starter deck for each of two players
    counts = load_deck(STARTER).counts
    for number, (deck, base) in enumerate(zip(decks, bases), 1):
        sheet = deck["CustomDeck"][str(number)]
        assert sheet["NumWidth"] <= 10 and sheet["NumHeight"] <= 7
        names = Counter(card["Nickname"] for card in deck["ContainedObjects"])
        assert names == Counter({f"card {kind}": n for kind, n in counts.items() if n})
        assert sum(names.values()) == 26
        assert deck["DeckIDs"] == [card["CardID"] for card in deck["ContainedObjects"]]
        by_name = {}
        for card in deck["ContainedObjects"]:
            assert by_name.setdefault(card["Nickname"], card["CardID"]) == card["CardID"]  # one slot per kind
            assert card["CardID"] // 100 == number
        hidden = sheet["NumWidth"] * sheet["NumHeight"] - 1
        assert hidden not in {i % 100 for i in deck["DeckIDs"]} and not sheet["BackIsHidden"]
        assert base["CardID"] == 100 * number and base["Nickname"] == "Base"
        assert deck["Transform"]["rotZ"] == 180 and base["Transform"]["rotZ"] == 0  # deck face down, Base face up


def test_each_card_id_points_at_a_face_of_its_own_kind(exported):
    # Read the face sheet: the slot a card's id names is framed in its kind's colour.
    from pnp.games.power_lines_cards.rules.catalogue import catalogue

    kinds = {f"card {k.name}": ("draw" if k.price < 0 else "free" if k.price == 0 else "discard") for k in catalogue().kinds}
    kinds["Base"] = "base"
    objects = saved(exported, "power-lines-cards")["ObjectStates"]
    deck, base = objects[0], objects[1]
    sheet = deck["CustomDeck"]["1"]
    with Image.open(exported / "power-lines-cards-deck-a-faces.png") as image:
        rgb = image.convert("RGB")
        cw, ch = rgb.width / sheet["NumWidth"], rgb.height / sheet["NumHeight"]
        for card in [*deck["ContainedObjects"], base]:
            slot = card["CardID"] % 100
            x = int((slot % sheet["NumWidth"]) * cw + cw * 2.4 / 63)  # the frame: 1.5 to 3.3 mm in from the cut
            y = int((slot // sheet["NumWidth"]) * ch + ch / 2)
            assert all(abs(a - b) <= 12 for a, b in zip(rgb.getpixel((x, y)), ACCENT[kinds[card["Nickname"]]])), card["Nickname"]


def test_the_face_sheet_has_whole_cards_in_each_slot(exported):
    sheet = saved(exported, "power-lines-cards")["ObjectStates"][0]["CustomDeck"]["1"]
    with Image.open(exported / "power-lines-cards-deck-a-faces.png") as image:
        card_w, card_h = image.width / sheet["NumWidth"], image.height / sheet["NumHeight"]
        # 63 x 88 mm cards at 200 dpi, side by side
        assert image.size == (round(sheet["NumWidth"] * 63 / 25.4 * 200), round(sheet["NumHeight"] * 88 / 25.4 * 200))
    assert card_w / card_h == pytest.approx(63 / 88, abs=0.002)


def test_a_deck_of_ones_own(tmp_path):
    deck = tmp_path / "mine.deck"
    deck.write_text("4 10\n4 9\n4 8\n4 7\n4 6\n3 5\n3 4\n")
    result = export("power-lines-cards", "--deck", deck, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    (first,) = [o for o in saved(tmp_path / "out", "power-lines-cards")["ObjectStates"] if o["Name"] == "DeckCustom"]
    assert Counter(c["Nickname"] for c in first["ContainedObjects"]) == Counter(
        {"card 10": 4, "card 9": 4, "card 8": 4, "card 7": 4, "card 6": 4, "card 5": 3, "card 4": 3}
    )
    assert first["CustomDeck"]["1"]["NumWidth"] * first["CustomDeck"]["1"]["NumHeight"] == 9  # 8 faces and the hidden slot


def test_boards_are_at_true_scale(exported):
    # The board's image is the printed board's drawing; its depth in the table's units is its height in mm.
    for game, name in (("ley-lines", "Ley Lines board"), ("paint-the-line", "Movement board"), ("paint-the-line", "Scoring board")):
        (board,) = [o for o in saved(exported, game)["ObjectStates"] if o["Nickname"] == name]
        url = board["CustomImage"]["ImageURL"]
        with Image.open(url2pathname(urlparse(url).path)) as image:
            dpi = image.info["dpi"][1]
            height_mm = image.height / dpi * 25.4
        assert board["Transform"]["scaleZ"] * BOARD_MM == pytest.approx(height_mm, abs=0.3)
        assert board["Name"] == "Custom_Board" and board["Locked"]


def test_paint_the_line_has_36_pyramids_of_three_sizes_and_four_colours(exported):
    models = [o for o in saved(exported, "paint-the-line")["ObjectStates"] if o["Name"] == "Custom_Model"]
    assert len(models) == 36
    assert Counter(m["Nickname"].split()[1] for m in models) == {"small": 12, "medium": 12, "large": 12}
    assert Counter(m["Nickname"].split()[0] for m in models) == {"red": 9, "yellow": 9, "green": 9, "blue": 9}
    for size, inches in (("small", 1.0), ("large", 1.75)):
        mesh = (exported / f"paint-the-line-pyramid-{size}.obj").read_text()
        apex = max(float(line.split()[2]) for line in mesh.splitlines() if line.startswith("v "))
        assert apex * MM_PER_UNIT == pytest.approx(inches * 25.4, abs=0.01)  # the Looney Pyramids' heights


def test_piecepack_pieces(exported):
    objects = saved(exported, "piecepack")["ObjectStates"]
    tiles = [o for o in objects if o["Name"] == "Custom_Tile" and o["Nickname"].startswith("tile")]
    coins = [o for o in objects if o["Name"] == "Custom_Tile" and o["Nickname"].startswith("coin")]
    pawns = [o for o in objects if o["Name"] == "PlayerPawn"]
    assert len(tiles) == len(coins) == 24 and len(pawns) == 4
    assert len({o["CustomImage"]["ImageURL"] for o in tiles}) == 24 and len({o["CustomImage"]["ImageSecondaryURL"] for o in tiles}) == 1
    assert {o["CustomImage"]["CustomTile"]["Type"] for o in coins} == {2}  # round
    assert len({json.dumps(p["ColorDiffuse"]) for p in pawns}) == 4


def test_pack_solitaire_deals_face_down_tiles_and_two_bags_of_coins(exported):
    objects = saved(exported, "pack-solitaire")["ObjectStates"]
    tiles = [o for o in objects if o["Name"] == "Custom_Tile"]
    bags = [o for o in objects if o["Name"] == "Bag"]
    assert len(tiles) == 16 and all(t["Transform"]["rotZ"] == 180 for t in tiles)
    assert [len(b["ContainedObjects"]) for b in bags] == [24, 24]


def test_power_lines_uses_the_two_to_five_tiles(exported):
    tiles = [o for o in saved(exported, "power-lines")["ObjectStates"] if o["Nickname"].startswith("tile")]
    assert len(tiles) == 16 and all(t["Nickname"].split()[1] in ("2", "3", "4", "5") for t in tiles)


def test_ley_lines_hides_what_players_hide(exported):
    """The 28 dominoes and each suit's cairns lie as players find them: in bags drawn at random,
    face down, nothing on the table or in a name telling one from another."""
    table = saved(exported, "ley-lines")["ObjectStates"]
    bags = {o["Nickname"]: o for o in table if o["Name"] == "Bag"}
    (dominoes,) = [b for name, b in bags.items() if name.startswith("dominoes")]
    inside = dominoes["ContainedObjects"]
    assert len(inside) == 28 and len({d["CustomImage"]["ImageURL"] for d in inside}) == 28
    assert dominoes["Bag"]["Order"] == 2 and {d["Nickname"] for d in inside} == {"domino"}
    assert all(d["Transform"]["rotZ"] == 180.0 for d in inside)
    for suit in ("suns", "moons", "crowns", "arms"):
        cairns = bags[f"cairns of {suit}"]
        assert cairns["Bag"]["Order"] == 2 and len(cairns["ContainedObjects"]) == 6
        assert {c["Nickname"] for c in cairns["ContainedObjects"]} == {f"cairn of {suit}"}
        assert all(c["Transform"]["rotZ"] == 180.0 for c in cairns["ContainedObjects"])
    loose = [o for o in table if o["Name"] == "Custom_Tile"]
    assert not loose  # no domino or coin lies loose, face up or in order


def test_the_same_inputs_give_the_same_bytes(tmp_path):
    prefix = "https://example.org/pnp/"
    a, b = tmp_path / "a", tmp_path / "b"
    for out in (a, b, a):  # a again: written over with the same bytes
        assert export("ley-lines", "-o", out, "--url-prefix", prefix).exit_code == 0
    names = sorted(p.name for p in a.iterdir())
    assert names == sorted(p.name for p in b.iterdir())
    assert all((a / n).read_bytes() == (b / n).read_bytes() for n in names)
    objects = saved(a, "ley-lines")["ObjectStates"]
    assert all(url.startswith(prefix + "ley-lines-") for o in walk(objects) for url in urls(o))


@pytest.mark.parametrize(
    "args, code, says",
    [
        (["power-lines-cards", "--url-prefix", "images/"], 2, "--url-prefix"),
        # What would break the addresses written into the saved object: a line break, a quote, a
        # space, a query or fragment the file name would land in, no host.
        (["power-lines-cards", "--url-prefix", "https://example.org/a\nb/"], 2, "--url-prefix"),
        (["power-lines-cards", "--url-prefix", 'https://example.org/"x"/'], 2, "--url-prefix"),
        (["power-lines-cards", "--url-prefix", "https://example.org/my games/"], 2, "--url-prefix"),
        (["power-lines-cards", "--url-prefix", "https://example.org/get?file="], 2, "--url-prefix"),
        (["power-lines-cards", "--url-prefix", "https:///images/"], 2, "--url-prefix"),
        (["ley-lines", "--deck", str(STARTER)], 2, "--deck"),
        (["chess"], 2, "chess"),
    ],
)
def test_bad_input_writes_nothing(tmp_path, args, code, says):
    out = tmp_path / "out"
    result = export(*args, "-o", out)
    assert result.exit_code == code and says in result.output
    assert not out.exists()


def test_a_deck_that_does_not_validate_gets_its_findings_and_nothing_is_written(tmp_path):
    deck = tmp_path / "bad.deck"
    deck.write_text("26 10\n1 zebra\n")
    result = export("power-lines-cards", "--deck", deck, "-o", tmp_path / "out")
    assert result.exit_code == 1 and f"{deck}:2:3" in result.stderr
    assert not (tmp_path / "out").exists()


def test_games_sharing_a_folder_keep_their_files_and_an_export_again_tidies_its_own(tmp_path):
    # `power-lines` is a prefix of `power-lines-cards`: exporting one must not remove the other's files.
    out = tmp_path / "both"
    assert export("power-lines-cards", "-o", out).exit_code == 0
    cards = sorted(p.name for p in out.glob("power-lines-cards*"))
    assert export("power-lines", "-o", out).exit_code == 0
    assert sorted(p.name for p in out.glob("power-lines-cards*")) == cards
    deck = tmp_path / "one.deck"
    deck.write_text("26 10\n")
    result = export("power-lines-cards", "--deck", deck, "-o", out)
    assert result.exit_code == 0 and "removed 2 files of an earlier export" in result.stderr  # deck B's sheet and back
    assert not (out / "power-lines-cards-deck-b-faces.png").exists() and (out / "power-lines.json").exists()


def test_a_deck_of_the_base_alone_that_its_format_allows_exports_its_base(tmp_path):
    # `exactly = 0` with the Base excluded makes `1 Base` a legal deck, as `deck validate` says;
    # the export agrees: each player's Base on the table, and no empty deck beside it.
    deck, rules = tmp_path / "base-only.deck", tmp_path / "zero.toml"
    deck.write_text("1 Base\n")
    rules.write_text('name = "zero"\n[total]\nexactly = 0\nexclude = ["Base"]\n')
    assert runner.invoke(app, ["deck", "validate", str(deck), "--rules", str(rules)]).exit_code == 0
    result = export("power-lines-cards", "--deck", deck, "--deck", deck, "--rules", rules, "-o", tmp_path / "o", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["objects"] == 2
    saved = json.loads((tmp_path / "o" / "power-lines-cards.json").read_text())
    jsonschema.validate(saved, SCHEMA)
    assert [(o["Name"], o["Nickname"]) for o in saved["ObjectStates"]] == [("Card", "Base")] * 2
