"""Interface text of the generated pages, per language. Material's own labels come from
``theme.language``, which mkdocs-static-i18n sets per language build."""

from __future__ import annotations

LABELS: dict[str, dict[str, str]] = {
    "fr": {
        "language_name": "Français",
        "not": "Ce que ce n’est pas",
        "in_depth": "En profondeur",
        "under_the_hood": "Sous le capot",
        "steps_count": "{n} temps · la forme réelle des objets",
        "trap": "Le piège",
        "shown_elsewhere": "Montré ailleurs",
        "what_varies": "Ce qui varie",
        "examples": "Exemples datés",
        "relations": "Relations",
        "relations_lead": "où vivent les voisins",
        "runs_in": "S’exécute dans",
        "requires": "Requiert",
        "often_confused_with": "Souvent confondu avec",
        "extends": "Étend",
        "part_of": "Fait partie de",
        "threatens": "Menace",
        "quiz": "Vérifier",
        "quiz_lead": "{n} questions · cliquez votre réponse",
        "level_recognise": "Niveau 1 · Reconnaître",
        "level_distinguish": "Niveau 2 · Distinguer",
        "level_apply": "Niveau 3 · Appliquer",
        "answer": "Réponse et explications",
        "correct": "Bonne réponse",
        "wrong": "Mauvaise réponse",
        "see_entry": "voir la fiche",
        "cite": "Citer cette fiche",
        "colophon": "Nº {number} · {version} · première rédaction en {first} · responsabilité éditoriale {editor}",
        "sources": "Sources",
        "planned": "à venir",
        "planned_notice": "Cette fiche est prévue mais pas encore rédigée.",
        "home_title": "Lexigraph",
        "home_lead": "Un lexique daté et bilingue de la façon dont les systèmes d’IA se branchent aux outils : MCP, MCP Apps, WebMCP et les termes qui les entourent.",
        "az_title": "Index A–Z",
        "az_lead": "Toutes les fiches, par ordre alphabétique.",
        "entries_count": "{n} fiches",
        "other_language": "EN",
        "other_language_name": "English",
        "code_label": "Code",
    },
    "en": {
        "language_name": "English",
        "not": "What it is not",
        "in_depth": "In depth",
        "under_the_hood": "Under the hood",
        "steps_count": "{n} steps · the real shape of the objects",
        "trap": "The trap",
        "shown_elsewhere": "Shown elsewhere",
        "what_varies": "What varies",
        "examples": "Dated examples",
        "relations": "Relations",
        "relations_lead": "where the neighbours live",
        "runs_in": "Runs in",
        "requires": "Requires",
        "often_confused_with": "Often confused with",
        "extends": "Extends",
        "part_of": "Part of",
        "threatens": "Threatens",
        "quiz": "Check yourself",
        "quiz_lead": "{n} questions · click your answer",
        "level_recognise": "Level 1 · Recognise",
        "level_distinguish": "Level 2 · Distinguish",
        "level_apply": "Level 3 · Apply",
        "answer": "Answer and explanations",
        "correct": "Correct answer",
        "wrong": "Wrong answer",
        "see_entry": "see the entry",
        "cite": "Cite this entry",
        "colophon": "Nº {number} · {version} · first written in {first} · editor {editor}",
        "sources": "Sources",
        "planned": "to come",
        "planned_notice": "This entry is planned but not written yet.",
        "home_title": "Lexigraph",
        "home_lead": "A dated, bilingual lexicon of how AI systems plug into tools: MCP, MCP Apps, WebMCP and the terms around them.",
        "az_title": "A–Z index",
        "az_lead": "Every entry, in alphabetical order.",
        "entries_count": "{n} entries",
        "other_language": "FR",
        "other_language_name": "Français",
        "code_label": "Code",
    },
}

MONTHS = {
    "fr": ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"],
    "en": ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
}


def month_year(date: str, lang: str) -> str:
    """``2026-08`` or ``2026-08-15`` → ``août 2026`` / ``August 2026``."""
    year, month = date[:4], int(date[5:7])
    return f"{MONTHS[lang][month - 1]} {year}"


def t(lang: str, key: str, **values) -> str:
    text = LABELS[lang][key]
    return text.format(**values) if values else text
