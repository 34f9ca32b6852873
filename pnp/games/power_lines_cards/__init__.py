"""The Power Lines card game: its card catalogue and deck lists (`pnp deck ...`)."""

from ...gamespec import Game, Lazy

# id, title, credit key, what it prints, the module of its `build` and `Options`; then its rooms.
GAME = Game(
    "power-lines-cards", "Power Lines (card game)", "power-lines-cards",
    "card sheets (63 x 88 mm, 3 x 3 on A4, 3 x 2 on Letter), backs after each sheet for duplex; the rule sheet and a score pad.",
    Lazy(f"{__name__}.build"),
    group="deck", commands=Lazy(f"{__name__}.cli:app"), rules="power-lines-cards",
    exports=("print-shop", "tts"), export=Lazy(f"{__name__}.export"),
)  # fmt: skip
