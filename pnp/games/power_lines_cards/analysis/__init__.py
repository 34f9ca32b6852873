"""What pnp tells a designer about a deck, pure Python: its make-up (`stats`), the exact odds of
its opening hands and of the hands asked for (`odds`, `query`), and two decks side by side
(`compare`). Built on the rules room and, for the speed `compare` sets side by side, on the
goldfish simulation's results; it draws nothing, writes no file and talks to no terminal."""
