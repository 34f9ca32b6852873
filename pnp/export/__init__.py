"""`pnp export`: the files print shops and Tabletop Simulator take, made from the pieces pnp draws."""
