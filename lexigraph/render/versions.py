"""The "Versions" section of an entry page, and the page of an archived version (its frozen Markdown with this site's links)."""

from __future__ import annotations

from lexigraph.content.archive import Snapshot, past_versions
from lexigraph.render.i18n import t
from lexigraph.render.prose import escape, inline
from lexigraph.render.urls import UrlMap, permalink, relative


def render_archived(site: UrlMap, entry, snapshot: Snapshot, lang: str) -> str:
    """An archived version's frozen Markdown, with a notice pointing at the current version."""
    title, _, body = snapshot.markdown(lang).partition("\n")
    current = relative(snapshot.url(lang), site.urls[(lang, entry.id)])
    notice = (f'<p class="lx-notice lx-archived">{escape(t(lang, "archived_notice", version=snapshot.version, date=snapshot.meta["date"]))} '
              f'<a href="{current}">{escape(t(lang, "see_current", version=entry.fact("version")))}</a></p>')
    return f"{title}\n\n{notice}\n{body}"


def render_versions(site: UrlMap, entry, lang: str, from_url: str) -> list[str]:
    """The "Versions" section: newest first, date and what changed (SEP's "changes to"), each linked."""
    archived = {s.version: s for s in past_versions(site.corpus, entry)}
    notes = entry.text(lang, "versions") or {}
    items = []
    for item in reversed(entry.fact("versions") or []):
        version = item["version"]
        url = permalink(entry, lang) if version == entry.fact("version") else \
            archived[version].url(lang) if version in archived else None
        name = f'<a href="{relative(from_url, url)}">{escape(version)}</a>' if url else escape(version)
        changed = [t(lang, f"changed_{what}") for what in item["changed"]]
        what = changed[0] if item["changed"] == ["first-version"] else t(lang, "changes_to", what=", ".join(changed))
        note = f" — {inline(notes[version])}" if version in notes else ""
        items.append(f'<li data-version="{escape(version)}">{name} · <time datetime="{escape(item["date"])}">'
                     f'{escape(item["date"])}</time> · {escape(what)}{note}</li>')
    out = [f"## {t(lang, 'versions')} {{#versions}}", "", f'<ul class="lx-versions">{"".join(items)}</ul>', ""]
    corrections = [f'<li><time datetime="{escape(c["date"])}">{escape(c["date"])}</time> — {inline(c["note"][lang])}</li>'
                   for c in entry.fact("corrections") or []]
    if corrections:
        out += [f'<div class="lx-corrections" id="corrections"><p><strong>{t(lang, "corrections")}</strong></p>'
                f'<ul class="lx-corrections">{"".join(corrections)}</ul></div>', ""]
    return out
