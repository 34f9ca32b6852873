"""A random deck that keeps a format's rules: same seed and rules, same deck."""

from __future__ import annotations

import random

from pnp.core.diagnostics import PnpError
from pnp.core.rules import MultisetRules, total_in_words

from .catalogue import BASE, catalogue
from .files import MAX_COUNT

DEFAULT_SIZE = 26  # when a format bounds the deck size loosely or not at all


def random_counts(rules: MultisetRules, seed: int) -> dict[str, int]:
    """Copies per card (zero-count cards left out), Base included when the rules allow one.

    Raises PnpError when no deck can keep the rules.
    """
    rng = random.Random(seed)
    # Only cards the rules know; the loop below adds one card a step, and rules bound the total.
    names = [name for name in catalogue().names if rules.items is None or name in rules.items]
    excluded = set(rules.total.exclude)
    pool = [name for name in names if name not in excluded]
    counts = {name: rules.least(name) for name in names}
    room = {name: rules.cap(name) - counts[name] for name in pool}

    t = rules.total
    floor = sum(counts[name] for name in pool)
    ceiling = floor + sum(max(r, 0) for r in room.values())
    if t.exactly is not None:
        low = high = t.exactly
    else:
        low = max(t.min or 0, floor)
        high = t.max if t.max is not None else max(low, DEFAULT_SIZE)
    impossible = f"no deck can keep the {rules.name} rules: the deck must have {total_in_words(t, 'card')}, but"
    if floor > high:
        raise PnpError(f"{impossible} the minimum copies already add up to {floor}")
    if low > ceiling:
        raise PnpError(f"{impossible} the copy limits and bans allow at most {ceiling}")
    # An empty file is no deck: where no card outside the count can be listed instead, draw one.
    spare = next((n for n in names if n in excluded and rules.cap(n) > 0), None)
    if spare is None:
        if min(high, ceiling) == 0:
            raise PnpError(f"no deck can keep the {rules.name} rules: they allow no cards at all")
        low = max(low, 1)

    for _ in range(rng.randint(max(low, floor), int(min(high, ceiling))) - floor):  # the ceiling may be infinite, but high never is
        name = rng.choice([n for n in pool if room[n] > 0])
        counts[name] += 1
        room[name] -= 1
    if BASE in excluded and counts.get(BASE) == 0 and rules.cap(BASE) > 0:
        counts[BASE] = 1  # a deck is played with a base: list it when the rules allow one
    if not any(counts.values()):  # list the card that does not count (there is one: see above)
        assert spare is not None
        counts[spare] = 1

    broken = rules.check(counts)  # what filling cannot fix, such as a minimum above a maximum
    if broken:
        raise PnpError(f"no deck can keep the {rules.name} rules: " + "; ".join(v.message for v in broken))
    return {name: n for name, n in counts.items() if n}


def render_deck(counts: dict[str, int], header: list[str]) -> str:
    """`.deck` text: the header as comments, then one `COUNT CARD` line per card, Base last."""
    lines = [f"# {h}" for h in header]
    # A line holds at most MAX_COUNT copies: more are listed again (the counts add up).
    order = [name for name in counts if name != BASE] + [BASE] * (BASE in counts)
    lines += [f"{min(MAX_COUNT, counts[name] - done)} {name}" for name in order for done in range(0, counts[name], MAX_COUNT)]
    return "\n".join(lines) + "\n"
