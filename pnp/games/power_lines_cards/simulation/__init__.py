"""Goldfish speed: a Power Lines deck played alone, against an opponent who has only its Base.

`run.goldfish(deck, games=1000, seed=1, turns=30)` plays `games` solo games and reports the turn
on which the enemy Base is dominated. Every game follows the rules of the card game (the rules
text, "Power Lines (working title)") with the values and prices of the card catalogue
(`decks/power-lines-cards.toml`); the player's choices are one readable function,
`policy.policy(state) -> Action`.

The room's modules, each importing only those listed before it (and the rules room):
- `table`: the grid of card cells and what the friendlies on it are worth (cards 0, 1 and 8),
  which are connected, the cells a card may go on, the domination total, the 0s to trash;
- `game`: a solo game's state, its actions, the rules that check and apply them (prices, cards
  3, 7 and 9, dominating), and a whole game played by a policy;
- `policy`: the goldfish player's choices;
- `results`: a run's figures and two decks' paired runs, as data (and JSON);
- `pool`: the games of a run, in this process or in forked worker processes;
- `text`: the results as text;
- `run`: `goldfish(deck, ...)` and `paired(deck, other, ...)`, the runs the commands ask for.

Each module's docstring says how it reads the rules, and what it chose where they are silent.
"""
