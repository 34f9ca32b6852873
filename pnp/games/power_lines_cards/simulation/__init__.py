"""Goldfish speed (a Power Lines deck played alone, against an opponent who has only its Base),
and the match lab (two decks against each other: `lab.py`).

`run.goldfish(deck, games=1000, seed=1, turns=30)` plays `games` games and reports the turn on
which the enemy Base is dominated. Every game is a game of the two-player rules engine
(`rules/game.py`) against an opponent with no cards who passes, so the figures come from the same
rules code as a whole game; the deck's choices are those of pnp's greedy player.

The room's modules, each importing only those listed before it (and the rules room):
- `intervals`: 95 % intervals (Wilson's for a win rate, a mean's for paired differences) and verdicts;
- `simple`: the players with no policy: random, and the goldfish's opponent who only passes;
- `greedy`: the greedy player, a fixed rule for each choice;
- `fast`: whole games played out by the compiled core where it was built, else by the Python engine;
- `search`: the search player, looking ahead on determinized copies, its rollouts played by greedy;
- `players`: pnp's players of the two-player game, by name (`random`, `greedy`, `search`), with a budget for those that take one;
- `match`: a whole game between two players, from a seed or from a deal, and what a player drew and played;
- `solo`: one goldfish game on the engine, and what its ending means for the goldfish;
- `results`: a run's figures and two decks' paired runs, as data (and JSON);
- `pool`: the games of a run, in this process or in forked worker processes;
- `text`: the results as text;
- `run`: `goldfish(deck, ...)` and `paired(deck, other, ...)`, the runs the commands ask for;
- `tally`: the match lab's figures as data (a match, A's cards, an ablation, a gauntlet) and JSON;
- `lab`: the match lab: pairs of games on one deal, seats swapped, played here, in a process pool
  or on a Dask cluster; `--until`, the ablation, the gauntlet;
- `lab_text`: the match lab's results as text.
"""
