"""Ley Lines: check, score and draw games of piecepack cairns and tors on a board of dominoes."""

from ...gamespec import Game, Lazy, Need

GAME = Game(
    "ley-lines",
    "Ley Lines",
    credit="ley-lines",
    prints="the board at true size over several sheets, 28 dominoes, a score pad and the rules.",
    build=Lazy(f"{__name__}.build:build"),
    options=Lazy(f"{__name__}.build:Options"),
    group="ley-lines",
    commands=Lazy(f"{__name__}.cli:app"),
    rules="ley-lines",
    scorepad="ley-lines-scorepad",
    needs=(Need("piecepack", "the coins (cairns) and pawns (tors) of a piecepack"),),
    exports=("print-shop", "tts"),
    export=Lazy(f"{__name__}.export"),
)
