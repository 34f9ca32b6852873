"""Pack Solitaire (David Hassell, 2003): tile dealing, layout scoring and an exact layout solver."""
