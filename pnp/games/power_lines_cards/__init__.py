"""The Power Lines card game: its card catalogue and deck lists (`pnp deck ...`)."""
