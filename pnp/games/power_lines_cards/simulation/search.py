"""pnp's search player: determinized Monte Carlo, looking ahead without seeing what it may not.

At each action of its turn the player weighs a few candidate actions by playing the game out
from each: a rollout plays both sides by the greedy player to the end. It never plays out the
game itself, only `Game.determinize` copies of it: the opponent's hand, deck order and
face-down cards dealt afresh from the cards they hide, and its own deck shuffled. So what it
decides depends only on what its seat sees (and on its generator).

- The budget is the determinizations a decision deals: on each, every candidate is played out
  once, with the same generator (common random numbers: two candidates differ by the action,
  not by luck); so a decision costs the budget times the candidates (some 10) in rollouts. A
  candidate's score is its wins plus half its draws; the best score wins, greedy's own choice
  on a tie. A decision with a single candidate takes no rollout.
- The candidates (a pruned set: a turn offers some 65 legal actions, most of them the same card
  on cells that come to the same): greedy's own choice; every domination; for each card in hand,
  its play that adds most to the total beside the enemy Base and its play on the cell nearest
  that Base (paid as greedy pays); drawing, and shuffling. Passing only when nothing else is legal.
- Greedy answers the rest, with no search: the set-up's face-down cards (every face-down card
  is worth 5 with no effect, and greedy's rule already places the dearest to play), and the choices an effect asks (card 7's domination, card 9's free play, card 2's
  pick, card 4's draw), which are rare (some 4 % of decisions) and which greedy answers by the
  rule a person would.
"""

from __future__ import annotations

import random

from pnp.games.power_lines_cards.rules.actions import Action, Dominate, Draw, Shuffle
from pnp.games.power_lines_cards.rules.game import Game, Outcome

from .fast import playout
from .greedy import Greedy, greedy_player

DEFAULT_BUDGET = 1  # determinizations a decision: see the README's strength table


def rollout(game: Game, rng: random.Random) -> Outcome:
    """How `game` ends played out by the greedy player on both sides (`fast.playout`: the
    compiled core where it was built, the same game either way)."""
    return playout(game, (greedy_player, greedy_player), rng).outcome


def candidates(game: Game) -> list[Action]:
    """The actions worth weighing now, greedy's choice first (see the module's docstring)."""
    legal = game.legal_actions()
    greedy = Greedy(game)
    found: list[Action] = [greedy.choose()]
    found += [a for a in legal if isinstance(a, Dominate)]
    plays = greedy.sensible()
    for card in sorted({a.card for a in plays}):
        mine = [a for a in plays if a.card == card]
        found.append(max(mine, key=lambda a: (greedy.gain(a), [-x for x in greedy.place(a.cell)])))
        found.append(min(mine, key=lambda a: greedy.place(a.cell)))
    found += [a for a in legal if isinstance(a, Draw | Shuffle)]
    return list(dict.fromkeys(found))  # each once, in order found


def search(game: Game, rng: random.Random, budget: int = DEFAULT_BUDGET) -> Action:
    """The candidate that wins most rollouts on `budget` determinized copies of `game`."""
    if game.phase != "turn":
        return greedy_player(game, rng)
    options = candidates(game)
    if len(options) == 1:
        return options[0]
    me = game.to_move
    scores = [0.0] * len(options)
    for _ in range(budget):
        imagined = game.determinize(me, rng)
        seed = rng.getrandbits(64)
        for i, action in enumerate(options):
            trial = imagined.copy()
            chance = random.Random(seed)
            trial.push(action, chance)
            scores[i] += _score(rollout(trial, chance), me)
    best = max(range(len(options)), key=lambda i: (scores[i], -i))
    return options[best]


def _score(outcome: Outcome, me: int) -> float:
    return 0.5 if outcome.winner is None else float(outcome.winner == me)
