"""Power Lines for piecepack (David Boyle): check and score finished 4x4 grids and game records."""

from ...gamespec import Game, Lazy

GAME = Game(
    "power-lines",
    "Power Lines for piecepack",
    credit="power-lines-piecepack",
    prints="its rule sheet, a score pad and the 2-5 tiles of every suit.",
    build=Lazy(f"{__name__}.build:build"),
    options=Lazy(f"{__name__}.build:Options"),
    group="power-lines",
    commands=Lazy(f"{__name__}.cli:app"),
    rules="power-lines-piecepack",
    scorepad="power-lines-piecepack-scorepad",
    also="Its tiles are the 2 to 5 of a whole piecepack: with piecepack/piecepack.pdf printed, skip piecepack-tiles-2-5.pdf.",
    exports=("tts",),
    export=Lazy(f"{__name__}.export"),
)
