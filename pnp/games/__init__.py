"""One sub-package per game."""
