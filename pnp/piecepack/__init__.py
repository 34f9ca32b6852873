"""The piecepack: one model and one drawing shared by every piecepack game."""

from ..gamespec import Game, Lazy

GAME = Game(
    "piecepack",
    "The piecepack",
    credit=None,
    prints="24 tiles, 24 coins, 4 dice and 4 pawns, with duplex backs for tiles and coins.",
    build=Lazy(f"{__name__}.build:build"),
    options=Lazy(f"{__name__}.build:Options"),
    about="The public-domain game system Power Lines, Pack Solitaire and Ley Lines are played with.",
    exports=("print-shop", "tts"),
    export=Lazy(f"{__name__}.export"),
)
