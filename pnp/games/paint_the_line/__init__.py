"""Paint the Line (Robert Dudley, 2011): check and score a finished scoring board of Looney Pyramids."""

from pnp.contract.gamespec import TTS, Game, Lazy

# id, title, credit key, what it prints, the module of its `build` and `Options`; then its rooms.
GAME = Game(
    "paint-the-line", "Paint the Line", "paint-the-line",
    "its two boards, 36 paper pyramids to fold, a score pad and the rules.",
    Lazy(f"{__name__}.build"),
    group="paint-the-line", records=Lazy(f"{__name__}.cli:FORMAT"), rules="paint-the-line",
    exports=(TTS,), export=Lazy(f"{__name__}.export"),
)  # fmt: skip
