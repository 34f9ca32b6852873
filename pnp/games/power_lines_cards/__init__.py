"""The Power Lines card game: its card catalogue and deck lists (`pnp deck ...`).

Two products in one. Three rooms hold what is pure Python, importing one way (`.importlinter`):
`rules/` (the catalogue, the `.deck` list, formats, the set-up's rule), below `simulation/` (the
goldfish: a deck played alone), below `analysis/` (a deck's make-up and odds, two decks side by
side). Beside them, the print side every game has (`build`, `cli`, `draw`, `diagrams`, `export`,
`scorepad`) and the deck report (`report`)."""
