"""Ley Lines: check, score and draw games of piecepack cairns and tors on a board of dominoes."""

from pnp.contract.gamespec import PRINT_SHOP, TTS, Game, Lazy, Need

# id, title, credit key, what it prints, the module of its `build` and `Options`; then its rooms.
GAME = Game(
    "ley-lines", "Ley Lines", "ley-lines",
    "the board at true size over several sheets, 28 dominoes, a score pad and the rules.",
    Lazy(f"{__name__}.build"),
    group="ley-lines", records=Lazy(f"{__name__}.cli:FORMAT"), rules="ley-lines",
    needs=(Need("piecepack", "the coins (cairns) and pawns (tors) of a piecepack"),),
    exports=(PRINT_SHOP, TTS), export=Lazy(f"{__name__}.export"),
)  # fmt: skip
