"""A frozen copy of the two-player engine (`rules/game.py` and `rules/table.py`) as it stood before
it was made faster (cards-speed), kept only as a test oracle: `test_engine_reference.py` plays
the same games on it and on the engine, and they must offer the same legal actions, in the same
order, and end the same way. It is not pnp's engine and nothing outside that test imports it; it
shares the live action classes, catalogue, set-up numbers and variants, which the speed work left
as they were. Fix a rules bug in both, or drop this copy when the rules change on purpose."""
