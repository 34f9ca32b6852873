"""Pack Solitaire (David Hassell, 2003): tile dealing, layout scoring and an exact layout solver."""

from pnp.contract.gamespec import TTS, Game, Lazy, Need

# id, title, credit key, what it prints, the module of its `build` and `Options`; then its rooms.
GAME = Game(
    "pack-solitaire", "Pack Solitaire", "pack-solitaire",
    "a deal at true size with a record sheet, its answer in a file of its own; or a puzzle book.",
    Lazy(f"{__name__}.build"),
    group="solitaire", commands=Lazy(f"{__name__}.cli:app"), rules="pack-solitaire",
    needs=(Need("piecepack", "two piecepacks (tiles and coins), to lay out the deals of a puzzle book"),),
    also="A puzzle book of deals, answers at the back, comes from: pnp build pack-solitaire --deals 1-20.",
    exports=(TTS,), export=Lazy(f"{__name__}.export"),
)  # fmt: skip
