"""Power Lines for piecepack (David Boyle): check and score finished 4x4 grids and game records."""

from pnp.contract.gamespec import TTS, Game, Lazy

# id, title, credit key, what it prints, the module of its `build` and `Options`; then its rooms.
GAME = Game(
    "power-lines", "Power Lines for piecepack", "power-lines-piecepack",
    "its rule sheet, a score pad and the 2-5 tiles of every suit.",
    Lazy(f"{__name__}.build"),
    group="power-lines", records=Lazy(f"{__name__}.cli:FORMAT"), rules="power-lines-piecepack",
    also="Its tiles are the 2 to 5 of a whole piecepack: with piecepack/piecepack.pdf printed, skip piecepack-tiles-2-5.pdf.",
    exports=(TTS,), export=Lazy(f"{__name__}.export"),
)  # fmt: skip
