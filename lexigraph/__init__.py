"""Lexigraph: dated bilingual entries on how AI systems plug into tools, built into a static site."""

LANGUAGES = ("fr", "en")
#: Where the site lives when mkdocs.yml names no site_url (links in feeds, sitemap and citations).
DEFAULT_SITE_URL = "https://www.lexigraph.org/"
