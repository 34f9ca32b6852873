"""The piecepack: one model and one drawing shared by every piecepack game."""
