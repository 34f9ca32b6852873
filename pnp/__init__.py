"""pnp: print-and-play generator and deck-builder for a family of small "line" games."""

__version__ = "0.1.0"
