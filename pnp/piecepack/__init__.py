"""The piecepack: one model and one drawing shared by every piecepack game."""

from pnp.contract.gamespec import PRINT_SHOP, TTS, Game, Lazy

# id, title, credit key, what it prints, the module of its `build` and `Options`; then its rooms.
GAME = Game(
    "piecepack", "The piecepack", None,
    "24 tiles, 24 coins, 4 dice and 4 pawns, with duplex backs for tiles and coins.",
    Lazy(f"{__name__}.build"),
    about="The public-domain game system Power Lines, Pack Solitaire and Ley Lines are played with.",
    exports=(PRINT_SHOP, TTS), export=Lazy(f"{__name__}.export"),
)  # fmt: skip
