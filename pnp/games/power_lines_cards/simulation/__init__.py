"""Goldfish speed: a Power Lines deck played alone, against an opponent who has only its Base.

`run.goldfish(deck, games=1000, seed=1, turns=30)` plays `games` games and reports the turn on
which the enemy Base is dominated. Every game is a game of the two-player rules engine
(`rules/game.py`) against an opponent with no cards who passes, so the figures come from the same
rules code as a whole game; the deck's choices are those of pnp's greedy player.

The room's modules, each importing only those listed before it (and the rules room):
- `stats`: the Wilson interval of a rate;
- `greedy`: the greedy player, a fixed rule for each choice;
- `search`: the search player, looking ahead on determinized copies, its rollouts played by greedy;
- `players`: pnp's players of the two-player game, by name (`random`, `greedy`, `search`);
- `solo`: one goldfish game on the engine, and what its ending means for the goldfish;
- `results`: a run's figures and two decks' paired runs, as data (and JSON);
- `pool`: the games of a run, in this process or in forked worker processes;
- `text`: the results as text;
- `run`: `goldfish(deck, ...)` and `paired(deck, other, ...)`, the runs the commands ask for.
"""
