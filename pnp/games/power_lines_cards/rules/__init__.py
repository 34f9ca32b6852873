"""The card game's rules, pure Python: the card catalogue (`catalogue`), the `.deck` list and its
parser (`files`), formats and deck validation (`engine`), the set-up's face-down rule (`setup`),
random legal decks (`generate`), and the two-player game: the readings of what the rules leave
open (`variant`), the table (`table`), the actions (`actions`) and the game itself (`game`). The
analysis and the goldfish simulation build on these; they import nothing from either, nor
anything that draws, writes files or talks to the terminal."""
