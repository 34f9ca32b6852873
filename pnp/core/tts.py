"""Tabletop Simulator (TTS) saved objects: the JSON, built from millimetres, and nothing else.

Pure: the standard library only. The caller draws the PNGs, hosts them (or names them by a path
TTS can read), and writes `saved_object(...)` into TTS's "Saved Objects" folder.

Sources followed (the format is JSON.NET's dump of TTS's own classes; there is no formal spec):
- TTS Knowledge Base, github.com/Berserk-Games/Tabletop-Simulator-Knowledge-Base:
  docs/custom-content/save-file-format.md (ObjectState fields; the object Name list: "PlayerPawn",
  "Bag", "Custom_Board", ...; CustomDeck keyed by the hundreds of the card id),
  custom-deck.md (the last slot of a sheet is the "hidden" image unless Back is Hidden),
  custom-tile.md and custom-token.md (Thickness "in in-game units (about an inch)"),
  custom-board.md (size follows the image), custom-model.md (OBJ only, triangulated,
  outward normals, model types).
- TTS API, api.tabletopsimulator.com/custom-game-objects/: DeckCustom width defaults 10 and height 7;
  back_is_hidden: "the card back should be used as the hidden image (instead of the last slot of
  the face image)".
- github.com/Sebaestschjin/typed-tabletop-simulator, packages/declaration/src/objectData.d.ts:
  the field names and enums (TileType Box 0, Hex 1, Circle 2, Rounded 3; ModelType Generic 0;
  BagData.Bag.Order; CustomToken fields) and packages/forge/src/object/tile.ts (tile defaults).
- github.com/jeandeaual/tts-deckconverter, tts/structs.go (the saved-object file's top-level keys
  and their order; the CustomDeck fields) and tts/builder.go (a one-card "deck" is written as a
  single Card; "Default cards are approximately 56x80mm" at scale 1).
- github.com/1j01/card-game-generator, src/create-save.coffee (DeckIDs from 100 up, tiles, tokens).

Scale: 1 TTS unit is taken as 1 inch, MM_PER_UNIT = 25.4 (the KB's "about an inch"). The sizes of
the custom objects at scale 1 are not documented anywhere; the figures below are chosen, each with
its evidence, and are the first thing to check in TTS itself (drop a 50 mm tile beside a ruler).
"""

from __future__ import annotations

import copy
import hashlib
import json
import math
import re
from collections.abc import Iterator, Sequence
from typing import Any

MM_PER_UNIT = 25.4

# A Card at scale 1 is about 80 mm tall, its width following its slot's aspect (tts-deckconverter,
# tts/builder.go: 56x80 mm for ~0.7 cards, 58x80 for ~0.73): one uniform scale sets its height,
# provided the sheet's slots have the card's aspect, which pnp's sheets do.
CARD_HEIGHT_MM = 80.0
# Custom_Tile, Custom_Token and Custom_Board at scale 1: chosen as 2 units. Evidence for tiles only:
# two table halves saved as tiles at scale 38 sit at x = -38 and +38 (github.com/Esper-lvl4/ZX_TT_Mod,
# wiki-parser/saved_objects/table_replacement.js), and Clank Legacy's tiles at 0.59-0.83 are token
# sized. Tokens and boards are sized from their image, and mods scale boards by 1 to 15: unsettled.
TILE_MM = 2 * MM_PER_UNIT  # side of the square a stretched tile's image fills
TOKEN_MM = 2 * MM_PER_UNIT  # depth (z) of a token; its width follows the image's aspect
BOARD_MM = 2 * MM_PER_UNIT  # depth (z) of a board; its width is depth x CustomImage.WidthScale
# New objects are placed above the table (its top is near y = 1) and settle onto it.
SPAWN_Y = 2.0

MAX_COLUMNS, MAX_ROWS = 10, 7  # a card sheet's grid, as TTS's deck dialog allows
TILE_TYPES = {"box": 0, "hex": 1, "circle": 2, "rounded": 3}
CARD_GREY = {"r": 0.7132, "g": 0.7132, "b": 0.7132}  # TTS's own tint for new cards and decks
WHITE = {"r": 1.0, "g": 1.0, "b": 1.0}  # a tile's tint colours its edges, not its image

Json = dict[str, Any]  # a JSON object of the saved file: an ObjectState, its Transform, ...
Objects = Sequence[Json]


def colour(hex_rgb: str) -> dict[str, float]:
    """'#rrggbb' -> TTS's ColorDiffuse, channels 0-1 to 4 places."""
    if not re.fullmatch(r"#[0-9a-fA-F]{6}", hex_rgb):
        raise ValueError(f"colour {hex_rgb!r} is not #rrggbb")
    r, g, b = (int(hex_rgb[i : i + 2], 16) for i in (1, 3, 5))
    return {"r": round(r / 255, 4), "g": round(g / 255, 4), "b": round(b / 255, 4)}


def _num(x: float) -> float:
    return round(x, 4) + 0.0  # 4 places as TTS tools quantise; + 0.0 turns -0.0 into 0.0


def transform(
    at: tuple[float, float], rot: tuple[float, float, float] = (0.0, 180.0, 0.0), scale: tuple[float, float, float] = (1.0, 1.0, 1.0), y: float = SPAWN_Y
) -> Json:
    """A Transform: `at` is (x, z) on the table in mm; rotations in degrees. rotY 180 is how TTS
    spawns objects, turned to face the first seat."""
    (x, z), (rx, ry, rz), (sx, sy, sz) = at, rot, scale
    return {
        "posX": _num(x / MM_PER_UNIT),
        "posY": _num(y),
        "posZ": _num(z / MM_PER_UNIT),
        "rotX": _num(rx),
        "rotY": _num(ry),
        "rotZ": _num(rz),
        "scaleX": _num(sx),
        "scaleY": _num(sy),
        "scaleZ": _num(sz),
    }


def _object(name: str, nickname: str, tf: Json, tint: dict[str, float], **fields: Any) -> Json:
    """The fields every ObjectState has, in TTS's order; GUID is filled in by saved_object."""
    return {
        "GUID": "",
        "Name": name,
        "Transform": tf,
        "Nickname": nickname,
        "Description": "",
        "GMNotes": "",
        "ColorDiffuse": tint,
        "Locked": False,
        "Grid": True,
        "Snap": True,
        "Autoraise": True,
        "Sticky": True,
        "Tooltip": True,
        **fields,
        "LuaScript": "",
        "LuaScriptState": "",
        "XmlUI": "",
    }


def custom_deck(
    nickname: str,
    face_url: str,
    back_url: str,
    cols: int,
    rows: int,
    cards: Sequence[tuple[int, str]],
    at: tuple[float, float],
    card_size_mm: tuple[float, float],
    back_is_hidden: bool = True,
    deck_no: int = 1,
) -> Json:
    """A face-down "DeckCustom" of `cards`, (sheet index, nickname) from the top, drawn from one face
    sheet of cols x rows and one shared back; an index may repeat. One card is a lone "Card"."""
    if not (1 <= cols <= MAX_COLUMNS and 1 <= rows <= MAX_ROWS):
        raise ValueError(f"a card sheet is at most {MAX_COLUMNS}x{MAX_ROWS}, not {cols}x{rows}")
    if deck_no < 1:
        raise ValueError(f"deck number {deck_no} must be 1 or more")
    if not cards:
        raise ValueError(f"deck {nickname!r} has no cards")
    # Unless the back stands in for hidden cards, TTS shows the sheet's last slot for them.
    usable = cols * rows - (0 if back_is_hidden else 1)
    for index, name in cards:
        if not 0 <= index < usable:
            raise ValueError(f"card {name!r}: sheet index {index} is not in 0-{usable - 1}")
    width, height = card_size_mm
    s = height / CARD_HEIGHT_MM
    tf = transform(at, rot=(0.0, 180.0, 180.0), scale=(s, 1.0, s))
    sheet = {
        str(deck_no): {
            "FaceURL": face_url,
            "BackURL": back_url,
            "NumWidth": cols,
            "NumHeight": rows,
            "BackIsHidden": back_is_hidden,
            "UniqueBack": False,
            "Type": 0,
        }
    }
    sideways = width > height  # the API's "sideways": zoom such cards landscape

    def card(index: int, name: str) -> Json:
        # CardID's hundreds name the CustomDeck entry, its units and tens the sheet slot.
        return _object(
            "Card", name, dict(tf), dict(CARD_GREY), Hands=True, CardID=deck_no * 100 + index, SidewaysCard=sideways, CustomDeck=copy.deepcopy(sheet)
        )

    if len(cards) == 1:
        return card(*cards[0])
    contained = [card(index, name) for index, name in cards]
    return _object(
        "DeckCustom",
        nickname,
        tf,
        dict(CARD_GREY),
        Hands=False,
        SidewaysCard=sideways,
        DeckIDs=[c["CardID"] for c in contained],
        CustomDeck=sheet,
        ContainedObjects=contained,
    )


def custom_tile(nickname: str, front_url: str, back_url: str, size_mm: tuple[float, float], shape: str, thickness_mm: float, at: tuple[float, float]) -> Json:
    """A two-faced "Custom_Tile". Stretch makes the image fill a square tile whatever its pixels,
    so scaleX and scaleZ alone set width and depth; the shape is cut from that square."""
    if shape not in TILE_TYPES:
        raise ValueError(f"tile shape {shape!r} is not one of {', '.join(TILE_TYPES)}")
    width, depth = size_mm
    image = {
        "ImageURL": front_url,
        "ImageSecondaryURL": back_url,
        "ImageScalar": 1.0,
        "WidthScale": 0.0,
        "CustomTile": {"Type": TILE_TYPES[shape], "Thickness": _num(thickness_mm / MM_PER_UNIT), "Stackable": True, "Stretch": True},
    }
    tf = transform(at, scale=(width / TILE_MM, 1.0, depth / TILE_MM))
    return _object("Custom_Tile", nickname, tf, dict(WHITE), CustomImage=image)


def custom_token(nickname: str, url: str, size_mm: tuple[float, float], thickness_mm: float, at: tuple[float, float]) -> Json:
    """A "Custom_Token": one image, cut round its opaque pixels, the same on both sides."""
    s = size_mm[1] / TOKEN_MM
    image = {
        "ImageURL": url,
        "ImageSecondaryURL": "",
        "ImageScalar": 1.0,
        "WidthScale": 0.0,
        "CustomToken": {"Thickness": _num(thickness_mm / MM_PER_UNIT), "MergeDistancePixels": 15.0, "StandUp": False, "Stackable": True},
    }
    return _object("Custom_Token", nickname, transform(at, scale=(s, 1.0, s)), dict(WHITE), CustomImage=image)


def custom_board(nickname: str, url: str, size_mm: tuple[float, float], at: tuple[float, float]) -> Json:
    """A locked "Custom_Board" at true size. TTS takes its aspect from the image and records it as
    WidthScale; 0 asks TTS to measure it on loading."""
    s = size_mm[1] / BOARD_MM
    board = _object(
        "Custom_Board",
        nickname,
        transform(at, scale=(s, 1.0, s), y=1.0),
        dict(WHITE),
        CustomImage={"ImageURL": url, "ImageSecondaryURL": "", "ImageScalar": 1.0, "WidthScale": 0.0},
    )
    board["Locked"] = True  # as TTS imports boards: the table's floor for everything else
    return board


def pawn(nickname: str, colour_hex: str, at: tuple[float, float]) -> Json:
    """TTS's built-in "PlayerPawn", tinted: its ColorDiffuse is its colour."""
    return _object("PlayerPawn", nickname, transform(at), colour(colour_hex))


def custom_model(nickname: str, mesh_url: str, colour_hex: str, at: tuple[float, float], scale: float = 1.0) -> Json:
    """A "Custom_Model" from an OBJ mesh, untextured and tinted by ColorDiffuse. Convex: TTS then
    builds a collider that moves; TypeIndex 0 is a generic model."""
    mesh = {"MeshURL": mesh_url, "DiffuseURL": "", "NormalURL": "", "ColliderURL": "", "Convex": True, "MaterialIndex": 0, "TypeIndex": 0, "CastShadows": True}
    return _object("Custom_Model", nickname, transform(at, scale=(scale, scale, scale)), colour(colour_hex), CustomMesh=mesh)


def bag(nickname: str, objects: Objects, at: tuple[float, float], at_random: bool = False) -> Json:
    """A "Bag" holding `objects`, taken out last in, first out (Bag.Order 0), or `at_random` (Order 2),
    as hidden pieces are drawn from a bag at the table."""
    return _object(
        "Bag", nickname, transform(at), colour("#996633"), Bag={"Order": 2 if at_random else 0}, ContainedObjects=[copy.deepcopy(o) for o in objects]
    )


def _fmt(x: float) -> str:
    return f"{x + 0.0:.6f}".replace("-0.000000", "0.000000")


def pyramid_obj(base_mm: float, height_mm: float) -> str:
    """A square pyramid as Wavefront OBJ, in TTS units so scale 1 is true size: base centred on the
    origin at y = 0, apex on +y; triangles wound counter-clockwise seen from outside, flat normals.
    (Taken: TTS reads an OBJ unit as one of its own. Being symmetric, the pyramid survives the
    mirroring in x that loaders into Unity's left-handed space apply.)"""
    s, h = base_mm / 2 / MM_PER_UNIT, height_mm / MM_PER_UNIT
    vertices = [(-s, 0, -s), (s, 0, -s), (s, 0, s), (-s, 0, s), (0, h, 0)]
    side = math.hypot(s, h)  # each side's normal is (h, s, 0) turned about y, normalised
    normals = [(0, -1, 0), (0, s / side, h / side), (h / side, s / side, 0), (0, s / side, -h / side), (-h / side, s / side, 0)]
    faces = [
        ((1, 2, 3), 1),
        ((1, 3, 4), 1),  # base, facing down
        ((4, 3, 5), 2),
        ((3, 2, 5), 3),
        ((2, 1, 5), 4),
        ((1, 4, 5), 5),
    ]
    lines = [f"# pnp square pyramid: base {base_mm:g} mm, height {height_mm:g} mm", "o pyramid"]
    lines += [f"v {_fmt(x)} {_fmt(y)} {_fmt(z)}" for x, y, z in vertices]
    lines += [f"vn {_fmt(x)} {_fmt(y)} {_fmt(z)}" for x, y, z in normals]
    lines += ["f " + " ".join(f"{v}//{n}" for v in tri) for tri, n in faces]
    return "\n".join(lines) + "\n"


def _walk(objects: Objects) -> Iterator[Json]:
    for obj in objects:
        yield obj
        yield from _walk(obj.get("ContainedObjects", []))


def saved_object(name: str, objects: Objects) -> bytes:
    """The whole file for TTS's Saved Objects folder, byte for byte the same for the same input:
    no date, and each GUID taken from a hash of the object's nickname and place in the file."""
    objects = json.loads(json.dumps(list(objects)))  # a copy sharing no dict, even if given one twice
    taken: set[str] = set()
    for index, obj in enumerate(_walk(objects)):
        salt = 0
        while True:
            seed = f"{obj['Nickname']}\0{index}\0{salt}".encode()
            guid = hashlib.sha256(seed).hexdigest()[:6]
            if guid not in taken:
                break
            salt += 1
        taken.add(guid)
        obj["GUID"] = guid
    save = {
        "SaveName": name,
        "GameMode": "",
        "Date": "",
        "Gravity": 0.5,
        "PlayArea": 0.5,
        "GameType": "",
        "GameComplexity": "",
        "Tags": [],
        "Table": "",
        "Sky": "",
        "Note": "",
        "Rules": "",
        "LuaScript": "",
        "LuaScriptState": "",
        "XmlUI": "",
        "ObjectStates": objects,
        "TabStates": {},
        "VersionNumber": "",
    }
    return (json.dumps(save, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
