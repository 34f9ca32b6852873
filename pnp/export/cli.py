"""`pnp export`: a game's pieces as the files a print shop or Tabletop Simulator takes.

The targets each command takes are the games whose registry entry lists it; a game's `export`
module lists its pieces (pnp.contract.pieces). An option only some targets understand (`--deck`, `--trim`)
is one its `pieces` function takes: given to another target, it is a usage error.
"""

from __future__ import annotations

import inspect
import json
import re
from collections.abc import Iterable
from enum import Enum
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Annotated, Any

import typer
from pydantic import Field

from pnp.contract import options as parse
from pnp.contract.app import App, JsonOption, Number, Report, Result, json_name
from pnp.contract.options import TRIM_MAX
from pnp.contract.pieces import Piece, TooSmall
from pnp.core.diagnostics import PnpError, plural, shown
from pnp.games.registry import GAMES, PRINT_SHOP, TTS, Game, game
from pnp.output.files import BuildOptions, begin, commit, write_rendered

if TYPE_CHECKING:
    from .printshop import Job

app = App("export", help="A game's pieces as the files a print shop or Tabletop Simulator takes.", example="pnp export print-shop power-lines-cards -o shop")


def _targets(command: str) -> type[Enum]:
    return Enum(f"{command.title()}Target", {g.id: g.id for g in GAMES if command in g.exports}, type=str)  # type: ignore[return-value]  # the functional Enum API: mypy reads its result as the base Enum call


ShopTarget = _targets(PRINT_SHOP)
TtsGame = _targets(TTS)
OutOption = Annotated[Path, typer.Option("-o", "--out", help="The folder to write into (made if missing).", file_okay=False)]
DecksOption = Annotated[
    list[Path] | None,
    typer.Option(
        "--deck",
        parser=parse.deck_path,
        help="The card game: a .deck list, validated as `pnp build` does; repeat for each player (default: the starter deck twice).",
        dir_okay=False,
    ),
]
RulesOption = Annotated[
    Path | None,
    typer.Option(
        "--rules", parser=parse.input_path, help="The card game: the format the deck must meet (a TOML file, or one pnp ships by name).", metavar="FORMAT"
    ),
]
ProtoOption = Annotated[bool, typer.Option("--proto", help="The card game: export a deck even if it breaks the format, every card marked PROTOTYPE.")]


def _entry(target: Any) -> Game:
    return game(target.value if isinstance(target, Enum) else target)


def _room(entry: Game) -> ModuleType:
    """The module that lists the pieces of a target some `pnp export` command takes."""
    if entry.export is None:
        raise ValueError(f"{entry.id} has no export room")
    return entry.export.load()


def _given(function: Any, entry: Game, command: str, **wanted: Any) -> dict[str, Any]:
    """The options `function` takes; one it does not take but was given is a usage error that
    names the targets taking it."""
    takes = inspect.signature(function).parameters
    for name, value in wanted.items():
        if value not in (None, False) and name not in takes:
            flag = "--" + {"size": "trim", "decks": "deck"}.get(name, name)
            others = [g.id for g in GAMES if command in g.exports and name in inspect.signature(getattr(_room(g), function.__name__)).parameters]
            raise PnpError(f"{flag}: {entry.id} takes no such option; only {', '.join(others)} does", exit_code=2)
    return {name: value for name, value in wanted.items() if name in takes}


def _json_names(made: Iterable[Path]) -> list[str]:
    """The files' names as the JSON reports them, sorted."""
    return sorted(name for path in made if (name := json_name(path.name)) is not None)


def _job(entry: Game, preset: str | None, trim: tuple[float, float] | None, bleed: float | None, dpi: int | None) -> Job:
    from .printshop import Job, presets

    known = presets()
    if trim is not None:
        if preset is not None:
            raise PnpError("--trim: give a preset or a trim, not both", exit_code=2)
        base = known["actual"]
        return Job("custom", (trim[0], trim[1]), base.bleed if bleed is None else bleed, base.safe, base.dpi if dpi is None else dpi)
    if preset is None:
        preset = next(name for name, p in known.items() if entry.id in p.targets)
    if preset not in known:
        raise PnpError(f"--preset: {shown(preset)} is not a preset; use {', '.join(known)}, or --trim W,H for your own", exit_code=2)
    chosen = known[preset]
    if entry.id not in chosen.targets:
        suits = [name for name, p in known.items() if entry.id in p.targets]
        raise PnpError(f"--preset: {preset} ({chosen.about}) is not for {entry.id}; use {', '.join(suits)}", exit_code=2)
    return Job(preset, chosen.trim, chosen.bleed if bleed is None else bleed, chosen.safe, chosen.dpi if dpi is None else dpi)


class PrintShop(Result):
    """`pnp export print-shop`: the target, the preset (`custom` for --trim), the cut size W, H in mm
    (null: pnp's own sizes), the bleed in mm, the images' dpi, the pieces to order, and the files written."""

    target: str
    preset: str
    trim: Annotated[list[Number], Field(min_length=2, max_length=2)] | None
    bleed: Number
    dpi: int
    pieces: int
    files: list[str]


@app.command(
    "print-shop",
    result=PrintShop,
    example="pnp export print-shop power-lines-cards --deck starter --deck fives -o shop",
)
def print_shop(
    target: Annotated[
        ShopTarget,  # type: ignore[valid-type]  # an Enum made at run time, from the registry
        typer.Argument(
            help="What to export: the card game's deck, the piecepack's tiles and coins, or Ley Lines' dominoes.", show_default=False, metavar="TARGET"
        ),
    ],
    out: OutOption,
    preset: Annotated[
        str | None,
        typer.Option("--preset", help="poker, bridge or actual (layouts/print-shop.toml; default: the first that suits the target).", metavar="NAME"),
    ] = None,
    trim: Annotated[
        parse.Trim | None, typer.Option("--trim", parser=parse.trim, help="Your own cut size W,H in mm, instead of a preset (the card game).", metavar="W,H")
    ] = None,
    bleed: Annotated[
        float | None, typer.Option("--bleed", parser=parse.bleed, help="Art past the cut, mm per side (default: the preset's).", metavar="MM")
    ] = None,
    dpi: Annotated[int | None, typer.Option("--dpi", parser=parse.dpi, help="Image resolution, 72 to 1200 (default: the preset's, 300).", metavar="N")] = None,
    decks: DecksOption = None,
    rules: RulesOption = None,
    proto: ProtoOption = False,
    as_json: JsonOption = False,
) -> Report:
    """A print shop's files: one PNG per distinct face and back at trim plus bleed, one PDF with each piece's front and back on pages of that size (TrimBox on the cut), and manifest.csv: each file, its piece, front or back, and the copies to order.

    A preset with a trim lays the cards out at that size from the card layout, never stretched; pieces without one keep pnp's sizes. Nothing is written if anything is wrong.
    """
    from .printshop import files

    entry = _entry(target)
    job = _job(entry, preset, trim, bleed, dpi)
    room = _room(entry)
    try:
        pieces = room.pieces(**_given(room.pieces, entry, PRINT_SHOP, safe=job.safe, size=job.trim, decks=decks, rules=rules, proto=proto))
    except TooSmall as exc:
        raise PnpError(_too_small(exc, job), exit_code=2) from None
    _within_budget(pieces, job)
    begin(out)
    made = files(pieces, job, out)
    removed = _write(f"export print-shop {entry.id}", made, out)
    said = f"{shown(out)}: {len(made) - 2} images, {Path(next(iter(made))).name} and manifest.csv for {sum(p.copies for p in pieces)} pieces ({job.name}, {job.dpi} dpi){_removed(removed)}"
    result = PrintShop(
        target=entry.id,
        preset=job.name,
        trim=list(job.trim) if job.trim else None,
        bleed=job.bleed,
        dpi=job.dpi,
        pieces=sum(p.copies for p in pieces),
        files=_json_names(made),
    )
    return Report(decks[0] if decks else None, result=result, verdict=said)


def _too_small(exc: TooSmall, job: Any) -> str:
    given = f"--trim {job.trim[0]:g},{job.trim[1]:g}" if job.name == "custom" else f"--preset {job.name}"
    w, h = exc.smallest
    if abs(w / h - exc.trim[0] / exc.trim[1]) > 0.05:
        return (
            f"{given}: the cards' text fits no card this narrow, up to {TRIM_MAX} mm; the smallest of the home card's proportions that works is --trim {w},{h}"
        )
    return f"{given}: the cards' text does not fit a card that small; the smallest of these proportions that works is --trim {w},{h}"


def _within_budget(pieces: list[Piece], job: Any) -> None:
    """Refuse, before any work, an image larger than printshop.MAX_PIXELS (it would run out of memory)."""
    from .printshop import MAX_PIXELS, highest_dpi, largest_image

    w, h = largest_image(pieces, job)
    if w * h > MAX_PIXELS:
        raise PnpError(
            f"--dpi {job.dpi}: the largest image would be {w} x {h} px ({w * h / 1e6:.0f} million pixels, at {job.bleed:g} mm bleed); "
            f"pnp makes images of at most {MAX_PIXELS // 1_000_000} million pixels: use --dpi {highest_dpi(pieces, job)} or less, or a smaller trim",
            exit_code=2,
        )


def _write(group: str, made: dict[Path, bytes], out: Path) -> list[Path]:
    """Write `made` into `out` as `group`, removing what the same export of the same target wrote
    there before and no longer makes (a card dropped from the deck): only its files, unchanged since.
    A build's files in the same folder, and another export's, stay."""
    write_rendered(group, made, BuildOptions(out=out), whole=True)
    return commit()


def _removed(paths: list[Path]) -> str:
    return f"; removed {plural(len(paths), 'file')} of an earlier export" if paths else ""


# A web address a file name can follow: http(s), a host, an optional port and path; in the path only
# the characters a URL may hold unescaped (no spaces, quotes or line breaks), and no ? or #.
_URL_PREFIX = re.compile(r"https?://[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?(?::[0-9]{1,5})?(?:/[A-Za-z0-9._~!$&()*+,;=:@%/-]*)?")


def _prefix(text: str | None) -> str | None:
    if text is not None and not _URL_PREFIX.fullmatch(text):
        raise PnpError(
            f"--url-prefix: {shown(text)} is not a web address a file name can follow; give one like https://example.org/my-games/ "
            "(http or https, a host, a path without spaces, quotes, ? or #: write a space as %20)",
            exit_code=2,
        )
    return text


class Tabletop(Result):
    """`pnp export tts`: the game, the saved object written, its images and objects, and the files written."""

    game: str
    saved_object: str
    images: int
    objects: int
    files: list[str]


@app.command("tts", result=Tabletop, example="pnp export tts ley-lines -o tts")
def tts(
    target: Annotated[TtsGame, typer.Argument(help="The game to export.", show_default=False, metavar="GAME")],  # type: ignore[valid-type]  # an Enum made at import time from the registry
    out: OutOption,
    url_prefix: Annotated[
        str | None,
        typer.Option(
            "--url-prefix", help="Where you will upload the images (https://…/): the saved object names them there instead of as files in OUT.", metavar="URL"
        ),
    ] = None,
    decks: DecksOption = None,
    rules: RulesOption = None,
    proto: ProtoOption = False,
    as_json: JsonOption = False,
) -> Report:
    """A game for Tabletop Simulator: its images and GAME.json, a saved object to copy into TTS's Saved Objects folder (Documents/My Games/Tabletop Simulator/Saves/Saved Objects) and spawn from the Objects menu.

    Cards come as a custom deck (one face sheet per deck), tiles, coins and dominoes as two-sided custom tiles, boards at true scale, pawns in the suit colours, pyramids as models. The images are named as the files in OUT, so keep the folder where it is, or upload them and give --url-prefix.
    """
    from .tabletop import files

    entry = _entry(target)
    prefix = _prefix(url_prefix)
    room = _room(entry)
    table = room.table(**_given(room.table, entry, TTS, decks=decks, rules=rules, proto=proto))
    begin(out)
    made = files(table, entry.id, entry.title, out, prefix)
    removed = _write(f"export tts {entry.id}", made, out)
    saved = out / f"{entry.id}.json"
    objects = len(json.loads(made[saved])["ObjectStates"])
    images = sum(p.suffix == ".png" for p in made)
    said = f"{shown(saved)}: {plural(objects, 'object')}, {plural(images, 'image')}; copy it into Tabletop Simulator's Saved Objects folder{_removed(removed)}"
    result = Tabletop(game=entry.id, saved_object=json_name(saved), images=images, objects=objects, files=_json_names(made))
    return Report(decks[0] if decks else None, result=result, verdict=said)
