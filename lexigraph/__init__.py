"""Lexigraph: dated bilingual entries on how AI systems plug into tools, built into a static site."""

LANGUAGES = ("fr", "en")
