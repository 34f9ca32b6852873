"""pnp.core.tts: the Tabletop Simulator saved-object JSON, checked against the documented format."""

import copy
import json
import math
from pathlib import Path

import jsonschema
import pytest

from pnp.core import tts

SCHEMA = json.loads((Path(__file__).parent / "tts-saved-object.schema.json").read_text("utf-8"))
FACE, BACK = "file:///kit/tts/cards-face.png", "file:///kit/tts/cards-back.png"
CARDS = [(0, "Ace"), (3, "Four"), (3, "Four"), (69, "Last")]  # 69: the last slot of a 10x7 sheet


def deck(cards=CARDS, **kw):
    args = {"cols": 10, "rows": 7, "cards": cards, "at": (0, 0), "card_size_mm": (63.5, 88.9)}
    return tts.custom_deck("Market", FACE, BACK, **(args | kw))


def everything() -> list[dict]:
    tile = tts.custom_tile("Start", "file:///a.png", "file:///b.png", (50, 50), "hex", 2, (100, 0))
    pyramids = [tts.custom_model(f"Pyramid {i}", "file:///p.obj", "#cc0000", (0, 0)) for i in range(3)]
    return [
        deck(),
        deck(cards=[(5, "Solo")], deck_no=2),
        tile,
        tts.custom_token("Coin", "file:///coin.png", (20, 20), 1.5, (150, 0)),
        tts.custom_board("Board", "file:///board.png", (500, 400), (0, 300)),
        tts.pawn("Red", "#ff0000", (-100, 0)),
        tts.bag("Pyramids", pyramids, (-200, 0)),
    ]


def saved() -> dict:
    return json.loads(tts.saved_object("Power Lines", everything()))


# Decks


def test_card_ids_are_a_hundred_times_the_deck_plus_the_sheet_index():
    d = deck(deck_no=3)
    assert d["Name"] == "DeckCustom"
    assert d["DeckIDs"] == [300, 303, 303, 369]  # the cards' order, copies and all
    assert list(d["CustomDeck"]) == ["3"]
    assert [c["CardID"] for c in d["ContainedObjects"]] == d["DeckIDs"]
    assert [c["Nickname"] for c in d["ContainedObjects"]] == ["Ace", "Four", "Four", "Last"]
    for card in d["ContainedObjects"]:
        assert card["Name"] == "Card"
        assert card["CustomDeck"] == d["CustomDeck"]  # each card carries its own sheet entry
    sheet = d["CustomDeck"]["3"]
    assert (sheet["FaceURL"], sheet["BackURL"], sheet["NumWidth"], sheet["NumHeight"]) == (FACE, BACK, 10, 7)


def test_one_card_is_a_card_not_a_deck():
    card = deck(cards=[(7, "Joker")], deck_no=2)
    assert card["Name"] == "Card"
    assert card["CardID"] == 207 and card["Nickname"] == "Joker"
    assert "DeckIDs" not in card and "ContainedObjects" not in card
    assert card["CustomDeck"]["2"]["FaceURL"] == FACE


@pytest.mark.parametrize("cols, rows", [(11, 1), (1, 8), (0, 3), (3, 0)])
def test_sheets_beyond_ten_by_seven_are_refused(cols, rows):
    with pytest.raises(ValueError, match="at most 10x7"):
        deck(cols=cols, rows=rows, cards=[(0, "A"), (0, "B")])


def test_the_hidden_slot_and_slots_beyond_the_sheet_are_refused():
    with pytest.raises(ValueError, match="sheet index 70"):
        deck(cards=[(0, "A"), (70, "Beyond")])
    with pytest.raises(ValueError, match="sheet index -1"):
        deck(cards=[(0, "A"), (-1, "Before")])
    # Without BackIsHidden the sheet's last slot is the image of hidden cards.
    with pytest.raises(ValueError, match="sheet index 69"):
        deck(cards=[(0, "A"), (69, "Hidden")], back_is_hidden=False)
    assert deck(cards=[(0, "A"), (68, "B")], back_is_hidden=False)["CustomDeck"]["1"]["BackIsHidden"] is False
    with pytest.raises(ValueError, match="no cards"):
        deck(cards=[])


def test_cards_are_scaled_to_their_height():
    d = deck(card_size_mm=(63.5, 88.9))
    scale = 88.9 / tts.CARD_HEIGHT_MM
    for obj in [d, *d["ContainedObjects"]]:
        tf = obj["Transform"]
        assert tf["scaleX"] == tf["scaleZ"] == pytest.approx(scale, abs=1e-4)
        assert tf["rotZ"] == 180  # dealt face down
    assert d["SidewaysCard"] is False
    assert deck(card_size_mm=(88.9, 63.5))["SidewaysCard"] is True


# Tiles, tokens, boards, pawns, models


def test_a_tile_has_two_faces_a_shape_and_its_size_in_mm():
    tile = tts.custom_tile("Ford", "file:///front.png", "file:///back.png", (50, 25), "rounded", 2.54, (254, -127))
    image = tile["CustomImage"]
    assert (image["ImageURL"], image["ImageSecondaryURL"]) == ("file:///front.png", "file:///back.png")
    assert image["CustomTile"]["Type"] == 3
    assert image["CustomTile"]["Thickness"] == pytest.approx(0.1)  # 2.54 mm is a tenth of a unit
    tf = tile["Transform"]
    # A 50 mm side at 25.4 mm a unit, of a tile TILE_MM across at scale 1.
    assert tf["scaleX"] * tts.TILE_MM == pytest.approx(50, abs=0.01)
    assert tf["scaleZ"] * tts.TILE_MM == pytest.approx(25, abs=0.01)
    assert tf["scaleY"] == 1
    assert (tf["posX"], tf["posZ"]) == (10, -5)
    assert [tts.custom_tile("t", "u", "v", (9, 9), s, 1, (0, 0))["CustomImage"]["CustomTile"]["Type"] for s in ("box", "hex", "circle", "rounded")] == [
        0,
        1,
        2,
        3,
    ]
    with pytest.raises(ValueError, match="tile shape"):
        tts.custom_tile("t", "u", "v", (9, 9), "star", 1, (0, 0))


def test_sizes_convert_at_an_inch_a_unit():
    assert tts.MM_PER_UNIT == 25.4
    token = tts.custom_token("Coin", "file:///coin.png", (20, 30), 1.27, (0, 0))
    assert token["CustomImage"]["CustomToken"]["Thickness"] == pytest.approx(0.05)
    assert token["Transform"]["scaleZ"] * tts.TOKEN_MM == pytest.approx(30, abs=0.01)
    board = tts.custom_board("Board", "file:///board.png", (600, 400), (0, 0))
    assert board["Transform"]["scaleZ"] * tts.BOARD_MM == pytest.approx(400, abs=0.01)
    assert board["Locked"] is True and board["CustomImage"]["ImageURL"] == "file:///board.png"


def test_colours():
    assert tts.colour("#ff0000") == {"r": 1.0, "g": 0.0, "b": 0.0}
    assert tts.colour("#336699") == {"r": 0.2, "g": 0.4, "b": 0.6}
    assert tts.colour("#0A0B0C") == {"r": 0.0392, "g": 0.0431, "b": 0.0471}
    for bad in ("ff0000", "#ff00", "#gg0000", "red"):
        with pytest.raises(ValueError):
            tts.colour(bad)
    assert tts.pawn("Blue", "#0000ff", (0, 0))["ColorDiffuse"] == {"r": 0.0, "g": 0.0, "b": 1.0}
    model = tts.custom_model("Pyramid", "file:///p.obj", "#00ff00", (0, 0), scale=2)
    assert model["ColorDiffuse"] == {"r": 0.0, "g": 1.0, "b": 0.0}
    assert model["CustomMesh"]["MeshURL"] == "file:///p.obj"
    assert model["CustomMesh"]["TypeIndex"] == 0 and model["CustomMesh"]["Convex"] is True
    assert model["Transform"]["scaleY"] == 2


# The file


def walk(objects):
    for obj in objects:
        yield obj
        yield from walk(obj.get("ContainedObjects", []))


def test_guids_are_unique_hex_and_stable():
    objects = list(walk(saved()["ObjectStates"]))
    guids = [o["GUID"] for o in objects]
    assert len(objects) == 7 + 4 + 3  # the deck's four cards and the bag's three pyramids
    assert len(set(guids)) == len(guids)
    assert all(len(g) == 6 and set(g) <= set("0123456789abcdef") for g in guids)
    assert guids == [o["GUID"] for o in walk(saved()["ObjectStates"])]
    # Same nickname, different places in the file: still different GUIDs.
    twins = json.loads(tts.saved_object("x", [tts.pawn("Twin", "#000000", (0, 0))] * 40))
    assert len({o["GUID"] for o in twins["ObjectStates"]}) == 40


def test_output_is_byte_identical_and_formatted():
    first, second = tts.saved_object("Power Lines", everything()), tts.saved_object("Power Lines", everything())
    assert first == second
    text = first.decode("utf-8")
    assert text.endswith("}\n") and "\r" not in text
    assert text.startswith('{\n  "SaveName": "Power Lines",\n')
    assert json.loads(tts.saved_object("Café ✓", []))["SaveName"] == "Café ✓"
    assert "Café ✓".encode() in tts.saved_object("Café ✓", [])  # not \u-escaped


def test_saving_leaves_the_callers_objects_alone():
    objects = everything()
    before = copy.deepcopy(objects)
    tts.saved_object("x", objects)
    assert objects == before


def test_output_validates_against_the_schema():
    data = saved()
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    jsonschema.validate(data, SCHEMA, cls=jsonschema.Draft202012Validator)
    assert [o["Name"] for o in data["ObjectStates"]] == ["DeckCustom", "Card", "Custom_Tile", "Custom_Token", "Custom_Board", "PlayerPawn", "Bag"]


def _breakages():
    def drop(key):
        return lambda d, k=key: d.pop(k)

    def deck_(d):
        return d["ObjectStates"][0]

    return {
        "no ObjectStates": drop("ObjectStates"),
        "11 columns": lambda d: deck_(d)["CustomDeck"]["1"].update(NumWidth=11),
        "8 rows": lambda d: deck_(d)["CustomDeck"]["1"].update(NumHeight=8),
        "no BackIsHidden": lambda d: deck_(d)["CustomDeck"]["1"].pop("BackIsHidden"),
        "no FaceURL": lambda d: deck_(d)["CustomDeck"]["1"].pop("FaceURL"),
        "card without CardID": lambda d: deck_(d)["ContainedObjects"][0].pop("CardID"),
        "deck of a tile": lambda d: deck_(d)["ContainedObjects"].__setitem__(0, d["ObjectStates"][2]),
        "upper-case GUID": lambda d: d["ObjectStates"][3].update(GUID="ABCDEF"),
        "short GUID": lambda d: d["ObjectStates"][3].update(GUID="abc"),
        "tile without Type": lambda d: d["ObjectStates"][2]["CustomImage"]["CustomTile"].pop("Type"),
        "tile type 4": lambda d: d["ObjectStates"][2]["CustomImage"]["CustomTile"].update(Type=4),
        "tile without image": lambda d: d["ObjectStates"][2]["CustomImage"].pop("ImageURL"),
        "token without CustomToken": lambda d: d["ObjectStates"][3]["CustomImage"].pop("CustomToken"),
        "board without image": lambda d: d["ObjectStates"][4]["CustomImage"].update(ImageURL=""),
        "model without MeshURL": lambda d: d["ObjectStates"][6]["ContainedObjects"][0]["CustomMesh"].pop("MeshURL"),
        "transform without scaleZ": lambda d: d["ObjectStates"][5]["Transform"].pop("scaleZ"),
        "position as a string": lambda d: d["ObjectStates"][5]["Transform"].update(posX="0"),
        "colour above 1": lambda d: d["ObjectStates"][5]["ColorDiffuse"].update(r=255),
    }


@pytest.mark.parametrize("breakage", list(_breakages()))
def test_the_schema_refuses_broken_files(breakage):
    data = saved()
    _breakages()[breakage](data)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, SCHEMA, cls=jsonschema.Draft202012Validator)


# The pyramid


def parse_obj(text):
    v = [tuple(map(float, line.split()[1:])) for line in text.splitlines() if line.startswith("v ")]
    vn = [tuple(map(float, line.split()[1:])) for line in text.splitlines() if line.startswith("vn ")]
    faces = [[tuple(int(i) for i in corner.split("//")) for corner in line.split()[1:]] for line in text.splitlines() if line.startswith("f ")]
    return v, vn, faces


def sub(a, b):
    return tuple(x - y for x, y in zip(a, b))


def cross(a, b):
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def dot(a, b):
    return sum(x * y for x, y in zip(a, b))


def test_pyramid_obj_is_a_closed_outward_square_pyramid():
    text = tts.pyramid_obj(25.4, 50.8)
    v, vn, faces = parse_obj(text)
    assert len(v) == 5 and len(faces) == 6 and all(len(f) == 3 for f in faces)
    assert max(y for _, y, _ in v) == pytest.approx(2.0)  # apex at 50.8 mm = 2 units
    assert v[4] == pytest.approx((0, 2, 0))
    assert sorted((x, z) for x, y, z in v if y == 0) == [(-0.5, -0.5), (-0.5, 0.5), (0.5, -0.5), (0.5, 0.5)]
    centroid = tuple(sum(c) / 5 for c in zip(*v))
    for face in faces:
        a, b, c = (v[i - 1] for i, _ in face)
        winding = cross(sub(b, a), sub(c, a))
        middle = tuple(sum(p) / 3 for p in zip(a, b, c))
        assert dot(winding, sub(middle, centroid)) > 0  # counter-clockwise seen from outside
        for _, n in face:
            normal = vn[n - 1]
            assert math.isclose(math.hypot(*normal), 1, abs_tol=1e-5)
            assert dot(normal, winding) / math.hypot(*winding) == pytest.approx(1, abs=1e-5)
    # Closed: each of the 9 edges (8, and the base's diagonal) is in two faces, once each way.
    edges = [(f[i][0], f[(i + 1) % 3][0]) for f in faces for i in range(3)]
    assert len(set(edges)) == 18 and all((b, a) in edges for a, b in edges)
    assert "-0.000000" not in text and text == tts.pyramid_obj(25.4, 50.8) and text.endswith("\n")
