"""Power Lines for piecepack (David Boyle): check and score finished 4x4 grids and game records."""
