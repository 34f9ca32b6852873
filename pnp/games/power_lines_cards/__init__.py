"""The Power Lines card game: its card catalogue and deck lists (`pnp deck ...`)."""

from ...gamespec import Game, Lazy

GAME = Game(
    "power-lines-cards",
    "Power Lines (card game)",
    credit="power-lines-cards",
    prints="card sheets (63 x 88 mm, 3 x 3 on A4, 3 x 2 on Letter), backs after each sheet for duplex; the rule sheet and a score pad.",
    build=Lazy(f"{__name__}.build:build"),
    options=Lazy(f"{__name__}.build:Options"),
    group="deck",
    commands=Lazy(f"{__name__}.cli:app"),
    rules="power-lines-cards",
    scorepad="power-lines-cards-scorepad",
    exports=("print-shop", "tts"),
    export=Lazy(f"{__name__}.export"),
)
