"""A replay page: a whole game as one self-contained HTML file, every position the SVG drawing
`show` makes, with the move in words and the score beside it.

The page fetches nothing (no fonts, scripts or images from elsewhere): it opens from a USB stick,
and carries the fonts its drawings were measured in (webfonts), so text lands where `show` put it.
Positions of one game share most of their drawing (the board, the pieces that did not move), so
the page keeps each piece of SVG markup (a tag, or the text between two tags) once, and a
position is the list of its pieces' numbers; the script joins them when the position is shown.
A whole Ley Lines game stays well under 2 MB that way, where its drawings one by one weigh more.

The turn shown is in the address's fragment (`#turn=12`), so a link opens at that turn; the
arrow keys, the buttons and the slider move through the game, and play steps on once a second.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass

from .webfonts import font_faces

_PIECE = re.compile(r"<[^>]*>|[^<]+")  # a tag, or the text up to the next one
_XML_HEAD = re.compile(r"^<\?xml[^>]*>\s*")


@dataclass(frozen=True)
class Frame:
    """One position: its drawing (an SVG document), the move that led to it, the score so far,
    and what else a player would see there (lines of text)."""

    svg: str
    move: str
    score: str
    more: tuple[str, ...] = ()


def shared_pieces(svgs: Sequence[str]) -> tuple[list[str], list[list[int]]]:
    """Every distinct piece of markup once, and each drawing as the numbers of its pieces in order:
    joining `pieces[i] for i in drawing` gives the drawing back."""
    pieces: list[str] = []
    number: dict[str, int] = {}
    drawings = []
    for svg in svgs:
        drawing = []
        for piece in _PIECE.findall(_XML_HEAD.sub("", svg).strip()):
            if piece not in number:
                number[piece] = len(pieces)
                pieces.append(piece)
            drawing.append(number[piece])
        drawings.append(drawing)
    return pieces, drawings


def replay_page(title: str, frames: Sequence[Frame]) -> str:
    """The HTML page of a game: `frames[0]` before the first turn, `frames[n]` after turn n."""
    pieces, drawings = shared_pieces([f.svg for f in frames])
    data = {
        "pieces": pieces,
        "drawings": drawings,
        "moves": [f.move for f in frames],
        "scores": [f.score for f in frames],
        "more": [list(f.more) for f in frames],
    }
    # Inside <script>, `</` could end the element early and `<!--` change how it is read: JSON
    # may write both with an escape.
    payload = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/").replace("<!--", "<\\u0021--")
    fields = {"title": html.escape(title), "last": len(frames) - 1, "payload": payload, "style": _STYLE, "script": _SCRIPT}
    # The fonts go in last, subset to every character of the page they are drawn on.
    return _PAGE.format(fonts=font_faces(_PAGE.format(fonts="", **fields)), **fields)


_STYLE = """
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.4 'Liberation Sans', Arial, Helvetica, sans-serif; color: #1A1A1A; background: #F4F4F1; }
header { padding: 0.6rem 1rem; background: #1A1A1A; color: #FFF; }
h1 { margin: 0; font-size: 1.1rem; overflow-wrap: anywhere; }
main { display: flex; flex-wrap: wrap; gap: 1rem; padding: 0.75rem; align-items: flex-start; }
#board { flex: 1 1 24rem; min-width: 0; max-width: 52rem; margin: 0; background: #FFF; box-shadow: 0 1px 4px rgba(0,0,0,.2); }
#board svg { display: block; width: 100%; height: auto; max-height: calc(100vh - 6rem); }
#side { flex: 1 1 18rem; min-width: 0; }
#controls { display: flex; flex-wrap: wrap; gap: 0.4rem; align-items: center; }
button { font: inherit; min-width: 3rem; min-height: 2.75rem; padding: 0 0.8rem; border: 1px solid #1A1A1A; border-radius: 0.3rem; background: #FFF; cursor: pointer; }
button:focus-visible, input:focus-visible { outline: 3px solid #0072B2; outline-offset: 2px; }
#slider { flex: 1 1 100%; min-height: 2.75rem; margin: 0; accent-color: #0072B2; }
#turn { font-weight: bold; margin: 0.6rem 0 0.2rem; }
#move, #score { margin: 0.3rem 0; overflow-wrap: anywhere; }
#score { font-weight: bold; }
#more { margin: 0.3rem 0; padding-left: 1.2rem; }
.hint { color: #555; font-size: 0.85rem; }
"""

_SCRIPT = """
const data = JSON.parse(document.getElementById('game').textContent);
const last = data.drawings.length - 1;
const slider = document.getElementById('slider');
const playing = document.getElementById('play');
let turn = -1, timer = null;

function turnOf(hash) {
  const m = /^#turn=(\\d+)$/.exec(hash);
  return m ? Math.min(Number(m[1]), last) : 0;
}

function show(n) {
  n = Math.max(0, Math.min(last, n));
  if (n === turn) return;
  turn = n;
  document.getElementById('board').innerHTML = data.drawings[n].map(i => data.pieces[i]).join('');
  document.getElementById('turn').textContent = n === 0 ? 'Before the first turn (' + last + ' turns)' : 'Turn ' + n + ' of ' + last;
  document.getElementById('move').textContent = data.moves[n];
  document.getElementById('score').textContent = data.scores[n];
  const more = document.getElementById('more');
  more.replaceChildren(...data.more[n].map(text => { const li = document.createElement('li'); li.textContent = text; return li; }));
  slider.value = n;
  if (location.hash !== '#turn=' + n) history.replaceState(null, '', '#turn=' + n);
  if (n === last) stop();
}

function stop() { clearInterval(timer); timer = null; playing.textContent = 'Play'; playing.setAttribute('aria-pressed', 'false'); }
function play() {
  if (turn === last) show(0);
  timer = setInterval(() => show(turn + 1), 1000);
  playing.textContent = 'Pause'; playing.setAttribute('aria-pressed', 'true');
}

document.getElementById('first').onclick = () => show(0);
document.getElementById('back').onclick = () => show(turn - 1);
document.getElementById('forward').onclick = () => show(turn + 1);
document.getElementById('end').onclick = () => show(last);
playing.onclick = () => timer ? stop() : play();
slider.oninput = () => show(Number(slider.value));
window.onhashchange = () => show(turnOf(location.hash));
document.addEventListener('keydown', event => {
  if (event.target === slider || event.altKey || event.ctrlKey || event.metaKey) return;  // the slider moves itself
  const step = {ArrowLeft: () => show(turn - 1), ArrowRight: () => show(turn + 1), Home: () => show(0), End: () => show(last)}[event.key];
  if (step) { event.preventDefault(); step(); }
});
show(turnOf(location.hash));
"""

_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
{fonts}{style}</style>
</head>
<body>
<header><h1>{title}</h1></header>
<main>
<figure id="board"></figure>
<section id="side">
<div id="controls">
<button id="first" type="button" aria-label="First position">&#x21E4;</button>
<button id="back" type="button" aria-label="Back one turn">&#x25C0;</button>
<button id="play" type="button" aria-pressed="false">Play</button>
<button id="forward" type="button" aria-label="Forward one turn">&#x25B6;</button>
<button id="end" type="button" aria-label="Last position">&#x21E5;</button>
<input id="slider" type="range" min="0" max="{last}" value="0" aria-label="Turn">
</div>
<div aria-live="polite">
<p id="turn"></p>
<p id="move"></p>
<p id="score"></p>
<ul id="more"></ul>
</div>
<p class="hint">Arrow keys step back and forward, Home and End jump to either end; the address ends in the turn shown, to link to it.</p>
</section>
</main>
<script type="application/json" id="game">{payload}</script>
<script>{script}</script>
</body>
</html>
"""
