"""The SHA-256 of every file pnp makes, to show that a refactoring changed no output.

    python bench/fingerprint.py > before.txt        # on the commit you start from
    python bench/fingerprint.py --compare before.txt  # after: lists every file that differs

Makes, each into a folder of its own: the whole kit on A4 and on Letter (PDF and SVG), a 20-deal
puzzle book, every game's `show` page of its example (PDF and SVG), and both exports of every
target. Prints one line per file, `SHA256  PATH`, sorted; with --compare, the files added,
removed or changed against an earlier run, and exits 1 if there are any.
"""

from __future__ import annotations

import argparse
import hashlib
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DECKS = ROOT / "decks"
PNP = [sys.executable, "-c", "from pnp.commands.cli import main; main()"]


def runs(out: Path) -> list[list[str]]:
    from pnp.games.registry import GAMES

    made = [
        ["build", "-q", "--out", f"{out}/kit-a4"],
        ["build", "-q", "--paper", "letter", "--out", f"{out}/kit-letter"],
        ["build", "-q", "pack-solitaire", "--deals", "1-20", "--out", f"{out}/book"],
        ["solitaire", "deal", "--seed", "7", "-o", f"{out}/deal.tiles"],
        ["solitaire", "solve", f"{out}/deal.tiles", "-o", f"{out}/best.layout"],
    ]
    shows = {
        "power-lines": [str(DECKS / "power-lines" / "example.record")],
        "paint-the-line": [str(DECKS / "paint-the-line" / "example.ptl")],
        "ley-lines": [str(DECKS / "ley-lines" / "example.leylines")],
    }
    for group, args in shows.items():
        made += [[group, "show", *args, "-o", f"{out}/show/{group}.{kind}"] for kind in ("pdf", "svg")]
    made += [["solitaire", "show", f"{out}/deal.tiles", f"{out}/best.layout", "-o", f"{out}/show/solitaire.{kind}"] for kind in ("pdf", "svg")]
    fixed = {"tts": ["--url-prefix", "https://example.org/pnp/"]}  # not the temporary folder's file:// address
    for game in GAMES:
        made += [["export", command, game.id, "-o", f"{out}/export-{command}-{game.id}", *fixed.get(command, [])] for command in game.exports]
    return made


def fingerprint() -> dict[str, str]:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        (out / "show").mkdir()
        for args in runs(out):
            done = subprocess.run(PNP + args, cwd=out, capture_output=True, text=True)
            if done.returncode != 0:
                sys.exit(f"pnp {' '.join(args)} failed ({done.returncode}):\n{done.stderr}")
        return {
            str(path.relative_to(out)): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(out.rglob("*"))
            if path.is_file() and path.name != ".pnp-manifest.json"  # its format may change; the files it lists may not
        }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compare", type=Path, help="an earlier run's output: list the files that differ")
    args = parser.parse_args()
    now = fingerprint()
    if args.compare is None:
        for path, digest in now.items():
            print(f"{digest}  {path}")
        return
    before = dict(reversed(line.split("  ", 1)) for line in args.compare.read_text().splitlines() if line)
    differ = sorted(set(before) ^ set(now) | {p for p in set(before) & set(now) if before[p] != now[p]})
    for path in differ:
        print(f"{'added' if path not in before else 'removed' if path not in now else 'changed'}: {path}")
    print(f"{len(now)} files, {len(differ)} differ", file=sys.stderr)
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
