"""Paint the Line (Robert Dudley, 2011): check and score a finished scoring board of Looney Pyramids."""

from ...gamespec import Game, Lazy

GAME = Game(
    "paint-the-line",
    "Paint the Line",
    credit="paint-the-line",
    prints="its two boards, 36 paper pyramids to fold, a score pad and the rules.",
    build=Lazy(f"{__name__}.build:build"),
    options=Lazy(f"{__name__}.build:Options"),
    group="paint-the-line",
    commands=Lazy(f"{__name__}.cli:app"),
    rules="paint-the-line",
    scorepad="paint-the-line-scorepad",
    exports=("tts",),
    export=Lazy(f"{__name__}.export"),
)
