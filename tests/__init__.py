"""pnp's tests, a package so that its helpers import by name (tests.helpers, tests.corpus)."""
