"""Pack Solitaire (David Hassell, 2003): tile dealing, layout scoring and an exact layout solver."""

from ...gamespec import Game, Lazy, Need

GAME = Game(
    "pack-solitaire",
    "Pack Solitaire",
    credit="pack-solitaire",
    prints="a deal at true size with a record sheet, its answer in a file of its own; or a puzzle book.",
    build=Lazy(f"{__name__}.build:build"),
    options=Lazy(f"{__name__}.build:Options"),
    group="solitaire",
    commands=Lazy(f"{__name__}.cli:app"),
    rules="pack-solitaire",
    scorepad="pack-solitaire-scorepad",
    needs=(Need("piecepack", "two piecepacks (tiles and coins), to lay out the deals of a puzzle book"),),
    also="A puzzle book of deals, answers at the back, comes from: pnp build pack-solitaire --deals 1-20.",
    exports=("tts",),
    export=Lazy(f"{__name__}.export"),
)
