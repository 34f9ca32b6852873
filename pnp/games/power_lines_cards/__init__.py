"""The Power Lines card game: its card catalogue and deck lists (`pnp deck ...`), and whole
two-player games as `.plc` records (`pnp cards ...`).

Two products in one. Three rooms hold what is pure Python, importing one way (`.importlinter`):
`rules/` (the catalogue, the `.deck` list, formats, the set-up's rule, the two-player engine),
below `simulation/` (pnp's players, and the goldfish: a deck played alone on the engine), below `analysis/` (a deck's make-up and odds, two decks side by
side). Beside them, the print side every game has (`build`, `cli`, `draw`, `diagrams`, `export`,
`scorepad`), the deck report (`report`) and the record commands' format (`records`)."""

from pnp.contract.gamespec import PRINT_SHOP, TTS, Game, Lazy

# id, title, credit key, what it prints, the module of its `build` and `Options`; then its rooms.
GAME = Game(
    "power-lines-cards", "Power Lines (card game)", "power-lines-cards",
    "card sheets (63 x 88 mm, 3 x 3 on A4, 3 x 2 on Letter), backs after each sheet for duplex; the rule sheet and a score pad.",
    Lazy(f"{__name__}.build"),
    group="deck", commands=Lazy(f"{__name__}.cli:app"), rules="power-lines-cards",
    records=Lazy(f"{__name__}.records:FORMAT"), records_group="cards",
    exports=(PRINT_SHOP, TTS), export=Lazy(f"{__name__}.export"),
)  # fmt: skip
