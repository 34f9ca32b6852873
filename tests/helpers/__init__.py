"""Helpers the tests share: geometry read back from PDFs and SVGs, and pnp stopped at known moments."""
