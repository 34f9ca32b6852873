"""Paint the Line (Robert Dudley, 2011): check and score a finished scoring board of Looney Pyramids."""
