"""The measured support tables (issue 29): an entry page's "Support" section, the whole-lexicon support page
of each language, and what each specification revision added, changed, deprecated or removed (the Revisions
page). Pure functions of the corpus: the entries' ``support:`` blocks, support/results.json and the probe files'
names, as content/load.py read them (content/support.py); nothing here opens a file.

A cell says what it means in words, never by colour alone: a mark (✓ ✗ ◐) that screen readers skip, the
version, and visually hidden words ("supported since"). Notes (partial support, why unmeasured, a browser flag)
are footnotes below the table, one per distinct text, so a long note is written once per page.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field

from lexigraph.content import support
from lexigraph.content.support import Claim, Feature, Result, features_of, version_key
from lexigraph.render.i18n import colon, long_date, t
from lexigraph.render.prose import escape, inline
from lexigraph.render.urls import UrlMap, relative

#: The folder of the built site where publish/run.py copies the probe files (as ``<file>.txt``, shown as text).
PROBES_URL = "support/probes/"
#: The filter options of the support page are matched to CSS rules by slot (docs/assets/lexigraph.css, ".lx-sp"):
#: as many slots as the stylesheet has rules for.
FILTER_SLOTS = 40

Test = Callable[[Feature], bool]
implementations = functools.cache(support.implementations)   # lexigraph/data/implementations.yml, read once


def support_slug(lang: str) -> str:
    """The support page's address in ``lang``: en/support/, fr/prise-en-charge/."""
    return f"{lang}/{t(lang, 'support_slug')}/"


def entry_features(entry) -> list[Feature]:
    """The features of a published entry (a planned one has no page to show them on)."""
    if entry.status != "published":
        return []
    return features_of(entry.id, {"support": entry.fact("support") or []})


def all_features(site: UrlMap) -> list[Feature]:
    return [f for entry in site.corpus.entries.values() for f in entry_features(entry)]


def _results(site: UrlMap) -> support.Results:
    return site.corpus.support_results or support.Results()


def _columns(features: list[Feature]) -> list[str]:
    """The implementations the features name, in implementations.yml's order (then any unknown one)."""
    named = {c.implementation for f in features for c in f.claims}
    known = [i for i in implementations() if i in named]
    return known + sorted(named - set(known))


def _impl_name(impl: str, lang: str) -> str:
    found = implementations().get(impl)
    return found.name[lang] if found is not None else impl


@dataclass
class Notes:
    """The footnotes of one table: one number per distinct note text (HTML), in order of first use."""

    prefix: str
    texts: list[str] = field(default_factory=list)

    def ref(self, html: str, lang: str) -> str:
        if html not in self.texts:
            self.texts.append(html)
        n = self.texts.index(html) + 1
        return f'<sup><a href="#{self.prefix}{n}" aria-label="{t(lang, "support_note")} {n}">{n}</a></sup>'

    def html(self) -> str:
        if not self.texts:
            return ""
        items = "".join(f'<li id="{self.prefix}{n}">{text}</li>' for n, text in enumerate(self.texts, start=1))
        return f'<ol class="lx-support__notes">{items}</ol>'


def _words(text: str) -> str:
    """Words a screen reader says and the eye does not need: the cell's mark (✓ ◐ ✗ —, drawn by the stylesheet
    before them, silent to screen readers) says it at a glance. Without the stylesheet the words show."""
    return f'<span class="lx-vh">{text}</span>'


def _claim_cell(site: UrlMap, feature: Feature, claim: Claim | None, lang: str, notes: Notes) -> str:
    """One implementation's cell: the version with its mark and hidden words, a footnote for a note."""
    if claim is None:
        return f'<td class="lx-s-na">{_words(t(lang, "support_na"))}</td>'
    why = claim.unmeasured or (feature.unmeasured if feature.probe is None else None)
    if why is not None or claim.version_added is None:
        ref = notes.ref(inline(why[lang]), lang) if why else ""
        return f'<td class="lx-s-u">{t(lang, "support_unmeasured")}{ref}</td>'
    if claim.version_added is False:
        return f'<td class="lx-s-n">{t(lang, "support_no")}</td>'
    version = escape(str(claim.version_added))
    if claim.partial:
        text = f'{_words(t(lang, "support_partial_since"))} {version}'
        text += notes.ref(inline(claim.partial[lang]), lang)
        kind = "p"
    else:
        text = f'{_words(t(lang, "support_since"))} {version}'
        kind = "y"
    if claim.flag:
        flag = escape(t(lang, "support_flag", name=_impl_name(claim.implementation, lang), flag="\x00")).replace(
            "\x00", f"<code>{escape(claim.flag)}</code>")
        text += notes.ref(flag, lang)
    if claim.version_removed:
        text += f'<br><span class="lx-s-x">{_words(t(lang, "support_removed_in"))} {escape(claim.version_removed)}</span>'
    return f'<td class="lx-s-{kind}">{text}</td>'


def _spec_cell(site: UrlMap, feature: Feature, lang: str, url: str) -> str:
    """The specification's name (linking to the specification) and the revisions of the feature's history,
    each linking to its anchor on the Revisions page."""
    info = feature.spec
    spec = site.specs.get(info["spec"])
    name = spec.name if spec is not None else info["spec"]
    href = info.get("section") or (spec.url if spec is not None else "")
    head = f'<a href="{escape(href)}">{escape(name)}</a>' if href else escape(name)
    revisions = relative(url, f"{lang}/revisions/")

    def when(date: str) -> str:
        # A revision's name is its date, written as the Revisions page writes it (ISO 8601).
        return f'<a href="{revisions}#{escape(spec.anchor(date))}">{escape(date)}</a>' if spec is not None and date in spec.dates() else escape(date)

    parts = [f"{head} {when(info['added'])}"]
    for key in ("changed", "deprecated", "removed"):
        dates = info.get(key)
        if dates:
            dates = dates if isinstance(dates, list) else [dates]
            parts.append(f'<span class="lx-s-h">{t(lang, "support_spec_" + key)} {", ".join(when(d) for d in dates)}</span>')
    return f'<td>{"<br>".join(parts)}</td>'


def _clients(site: UrlMap) -> dict:
    return _results(site).clients.get("clients") or {}


def clients_of(site: UrlMap, key: str) -> list[str]:
    """The titles of the clients of mcp-client-capabilities that the ``clients:`` key counts, sorted."""
    found = []
    for item in _clients(site).values():
        if key.startswith("protocolVersion>="):
            ok = str(item.get("protocolVersion") or "") >= key.partition(">=")[2]
        else:
            ok = key in (item.get("capabilities") or [])
        if ok:
            found.append(str(item.get("title") or ""))
    return sorted(found, key=str.casefold)


def _clients_cell(site: UrlMap, feature: Feature, lang: str) -> str:
    if not feature.clients:
        return f'<td class="lx-s-na">{_words(t(lang, "support_not_counted"))}</td>'
    titles = clients_of(site, feature.clients)
    total = len(_clients(site))
    counted = f'<span aria-hidden="true">{len(titles)} / {total}</span>{_words(t(lang, "support_clients_count", n=len(titles), total=total))}'
    if not titles:
        return f"<td>{counted}</td>"
    items = "".join(f"<li>{escape(title)}</li>" for title in titles)
    return f'<td><details class="lx-s-c"><summary>{counted}</summary><ul>{items}</ul></details></td>'


def _label(feature: Feature, lang: str) -> str:
    return inline(feature.label[lang])


def _row_cells(site: UrlMap, feature: Feature, columns: list[str], lang: str, url: str, notes: Notes, clients: bool) -> str:
    claims = {c.implementation: c for c in feature.claims}
    cells = "".join(_claim_cell(site, feature, claims.get(impl), lang, notes) for impl in columns)
    return _spec_cell(site, feature, lang, url) + cells + (_clients_cell(site, feature, lang) if clients else "")


def _head(columns: list[str], lang: str, clients: bool, entry: bool = False) -> str:
    cols = [t(lang, "support_entry")] * entry + [t(lang, "support_feature"), t(lang, "support_spec")] + [escape(_impl_name(c, lang)) for c in columns] + (
        [t(lang, "support_clients")] if clients else [])
    return "<thead><tr>" + "".join(f'<th scope="col">{c}</th>' for c in cols) + "</tr></thead>"


def _measured(site: UrlMap, feature: Feature) -> list[Result]:
    if not feature.probe:
        return []
    return [r for r in _results(site).results if r.probe == feature.probe]


def _probe_files(site: UrlMap, feature: Feature) -> list[str]:
    """The probe files of a feature that exist (support/probes/<probe>.py|.mjs|.html), for its implementations' runners."""
    if not feature.probe:
        return []
    suffixes = []
    for claim in feature.claims:
        impl = implementations().get(claim.implementation)
        if impl is not None and impl.probe_suffix not in suffixes:
            suffixes.append(impl.probe_suffix)
    return [f"{feature.probe}{s}" for s in suffixes if f"{feature.probe}{s}" in site.corpus.probes]


def probe_link(url: str, name: str) -> str:
    return f'<a href="{relative(url, PROBES_URL)}{escape(name)}.txt">{escape(name)}</a>'


def _evidence(site: UrlMap, features: list[Feature], columns: list[str], lang: str, url: str, more: str = "") -> str:
    """Below the table: when and with which probe files each feature was measured (one line per date), the
    versions measured per implementation, and where the clients' column comes from."""
    by_date: dict[str, list[str]] = {}
    versions: dict[str, set[str]] = {}
    for feature in features:
        results = _measured(site, feature)
        if results:
            by_date.setdefault(max(r.measured for r in results), []).extend(_probe_files(site, feature))
        for r in results:
            versions.setdefault(r.implementation, set()).add(r.version)
    lines = [f'<li>{escape(t(lang, "support_measured", date=long_date(date, lang)))} '
             f'{", ".join(probe_link(url, name) for name in names)}</li>' for date, names in sorted(by_date.items()) if names]
    shown = [impl for impl in columns if impl in versions]
    if shown:
        each = ("\u202f; " if lang == "fr" else "; ").join(f"{escape(_impl_name(impl, lang))} {', '.join(sorted(versions[impl], key=version_key))}" for impl in shown)
        lines.append(f"<li>{t(lang, 'support_versions')}{colon(lang)} {each}</li>")
    clients = _results(site).clients
    if any(f.clients for f in features) and clients:
        lines.append("<li>" + escape(t(lang, "support_clients_source", n=len(_clients(site)), package=clients.get("package", ""),
                                       version=clients.get("version", ""), date=long_date(str(clients.get("date", "")), lang)
                                       if clients.get("date") else "")) + "</li>")
    if more:
        lines.append(f"<li>{more}</li>")
    return f'<ul class="lx-support__evidence">{"".join(lines)}</ul>' if lines else ""


def render_section(site: UrlMap, entry, lang: str, url: str) -> list[str]:
    """The "Support" section of an entry page (after "What varies"), or nothing when the entry has no support block."""
    features = entry_features(entry)
    if not features:
        return []
    columns = _columns(features)
    notes = Notes("sn-")
    clients = any(f.clients for f in features)   # no Clients column in a table where no feature is counted
    rows = "".join(f'<tr><th scope="row">{_label(f, lang)}</th>{_row_cells(site, f, columns, lang, url, notes, clients)}</tr>'
                   for f in features)
    caption = escape(t(lang, "support_caption", title="\x00")).replace("\x00", escape(entry.text(lang, "title", entry.id)))
    whole = relative(url, support_slug(lang))
    # Compact on purpose (tests/test_entry_page_size.py): no wrapper but the scroll box, notes written once. The table's
    # class keeps Material from wrapping it in a scroll box of its own (its script wraps every table:not([class])).
    table = (f'<div class="lx-support" role="region" aria-labelledby="support-caption" tabindex="0"><table class="lx-t">'
             f'<caption id="support-caption">{caption}</caption>{_head(columns, lang, clients)}<tbody>{rows}</tbody></table></div>')
    more = f'<a href="{whole}#e-{escape(entry.id)}">{t(lang, "support_all_link")}</a>'
    return [f"## {t(lang, 'support')} {{#support}}", "",
            f'{table}\n{notes.html()}{_evidence(site, features, columns, lang, url, more)}', ""]


# The whole-lexicon page ------------------------------------------------------------------------------------

def _history(feature: Feature) -> list[tuple[str, str]]:
    """(kind, date) of the feature's history: added, changed…, deprecated, removed."""
    info = feature.spec
    out = [("added", info["added"])] + [("changed", d) for d in info.get("changed") or []]
    out += [(key, info[key]) for key in ("deprecated", "removed") if info.get(key)]
    return out


def _passes(claim: Claim) -> bool:
    return claim.version_added not in (None, False) and not claim.unmeasured


def _supported_by(impl: str, feature: Feature) -> bool:
    return any(c.implementation == impl and _passes(c) for c in feature.claims)


def _in_revision(spec: str, date: str, feature: Feature) -> bool:
    return feature.spec["spec"] == spec and any(when == date for _, when in _history(feature))


def _has_status(key: str, feature: Feature) -> bool:
    return bool(feature.spec.get(key))


def _filters(site: UrlMap, features: list[Feature], columns: list[str], lang: str) -> tuple[list[tuple[str, str, Test]], str]:
    """The filter options (slot token, group, test) and their HTML: radio buttons, styled by CSS :has() rules,
    so they work without JavaScript; with no choice made (or no CSS) every row shows."""
    options: list[tuple[str, str, Test]] = []   # (group, label, which features it keeps)
    for impl in columns:
        options.append(("impl", _impl_name(impl, lang),
                        functools.partial(_supported_by, impl)))
    for spec in site.specs.values():
        for date in spec.dates():
            if any(f.spec["spec"] == spec.id and any(d == date for _, d in _history(f)) for f in features):
                options.append(("rev", f"{spec.name} {date}",
                                functools.partial(_in_revision, spec.id, date)))
    for key in ("deprecated", "removed"):
        if any(f.spec.get(key) for f in features):
            options.append(("status", t(lang, f"support_filter_{key}"), functools.partial(_has_status, key)))
    options = options[:FILTER_SLOTS]
    chosen = [(f"f{n}", group, test) for n, (group, _, test) in enumerate(options, start=1)]
    groups = []
    for group in ("impl", "rev", "status"):
        items = "".join(f'<label><input type="radio" name="lx-f" id="lx-f{n}"> {escape(label)}</label>'
                        for n, (g, label, _) in enumerate(options, start=1) if g == group)
        if items:
            groups.append(f'<fieldset><legend>{t(lang, "support_filter_" + group)}</legend>{items}</fieldset>')
    every = f'<label><input type="radio" name="lx-f" id="lx-f0" checked> {t(lang, "support_filter_all")}</label>'
    html = (f'<div class="lx-sp__filter" role="group" aria-label="{escape(t(lang, "support_filter"))}">'
            f'<fieldset><legend>{t(lang, "support_filter")}</legend>{every}</fieldset>{"".join(groups)}</div>')
    return chosen, html


def support_page_parts(site: UrlMap, lang: str) -> list[str]:
    """The whole-lexicon support page of ``lang``: every feature of every entry, grouped by entry, against every
    implementation, with its filters (render/indexes.py makes it a page)."""
    url = support_slug(lang)
    out = [f"# {t(lang, 'support_title')}", "", f'<p class="lx-lead">{escape(t(lang, "support_lead"))}</p>', ""]
    entries = [e for e in site.corpus.entries.values() if entry_features(e)]
    features = [f for e in entries for f in entry_features(e)]
    if not features:
        return out + [f'<p>{t(lang, "support_none_yet")}</p>', ""]
    columns = _columns(features)
    notes = Notes("n-")
    chosen, filters = _filters(site, features, columns, lang)
    rows = []
    # Grouped by entry: its rows together, the first one marked (and the target of the entry page's link). The entry
    # is a column of its own, on every row, rather than a header row over its features: one level of headers (pa11y
    # H43, axe th-has-data-cells), and a row still says its entry when the filter hides its neighbours.
    for entry in sorted(entries, key=lambda e: str(e.text(lang, "title", e.id)).casefold()):
        link = f'<a href="{relative(url, site.urls[(lang, entry.id)])}#support">{escape(entry.text(lang, "title", entry.id))}</a>'
        for n, f in enumerate(entry_features(entry)):
            tokens = " ".join(token for token, _, test in chosen if test(f))
            first = ' class="lx-sp__first"' if n == 0 else ""
            anchor = f' id="e-{escape(entry.id)}"' if n == 0 else ""
            rows.append(f'<tr id="f-{escape(f.feature)}" data-f="{tokens}"{first}><td{anchor}>{link}</td><th scope="row">{_label(f, lang)}</th>'
                        f'{_row_cells(site, f, columns, lang, url, notes, True)}</tr>')
    table = (f'<div class="lx-support" role="region" aria-labelledby="sp-caption" tabindex="0"><table class="lx-t">'
             f'<caption id="sp-caption">{escape(t(lang, "support_page_caption", n=len(features)))}</caption>'
             f'{_head(columns, lang, True, entry=True)}<tbody>{"".join(rows)}</tbody></table></div>')
    out += [f'<div class="lx-sp" markdown="0">\n{filters}{table}{notes.html()}{_evidence(site, features, columns, lang, url)}\n</div>', ""]
    return out


def revision_features(site: UrlMap, spec_id: str, date: str, lang: str, url: str) -> str:
    """On the Revisions page, under a revision: the features it added, changed, deprecated or removed, each
    linking to its row of the support page ('' when it touched none the lexicon measures)."""
    found: dict[str, list[str]] = {}
    page = relative(url, support_slug(lang))
    for feature in all_features(site):
        if feature.spec["spec"] != spec_id:
            continue
        for kind, when in _history(feature):
            if when == date:
                found.setdefault(kind, []).append(f'<a href="{page}#f-{escape(feature.feature)}">{_label(feature, lang)}</a>')
    if not found:
        return ""
    items = "".join(f"<li>{t(lang, 'support_rev_' + kind)}{colon(lang)} {', '.join(found[kind])}</li>"
                    for kind in ("added", "changed", "deprecated", "removed") if kind in found)
    return f'<ul class="lx-rev-features">{items}</ul>'


def _plain_cell(claim: Claim | None, feature: Feature, lang: str) -> str:
    """A cell of the Markdown copy's table: its mark and its words, the note in brackets."""
    if claim is None:
        return "—"
    why = claim.unmeasured or (feature.unmeasured if feature.probe is None else None)
    if why is not None or claim.version_added is None:
        return t(lang, "support_unmeasured") + (f" ({why[lang]})" if why else "")
    if claim.version_added is False:
        return f"✗ {t(lang, 'support_no')}"
    cell = f"{'◐' if claim.partial else '✓'} {claim.version_added}"
    notes = ([claim.partial[lang]] if claim.partial else []) + (
        [t(lang, "support_flag", name=_impl_name(claim.implementation, lang), flag=f"`{claim.flag}`")] if claim.flag else [])
    if claim.version_removed:
        cell += f", ✗ {claim.version_removed}"
    return cell + (f" ({'; '.join(notes)})" if notes else "")


def markdown_section(site: UrlMap, entry, lang: str) -> list[str]:
    """The Support section of the entry's Markdown copy (render/markdown_copy.py): the same table, as a Markdown table."""
    features = entry_features(entry)
    if not features:
        return []
    columns = _columns(features)
    clients = any(f.clients for f in features)
    total = len(_clients(site))
    head = [t(lang, "support_feature"), t(lang, "support_spec")] + [_impl_name(c, lang) for c in columns] + (
        [t(lang, "support_clients")] if clients else [])
    out = [f"## {t(lang, 'support')}", "", "| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for f in features:
        claims = {c.implementation: c for c in f.claims}
        spec = site.specs.get(f.spec["spec"])
        history = ", ".join([f.spec["added"]] + [f"{t(lang, 'support_spec_' + kind)} {when}" for kind, when in _history(f)[1:]])
        cells = [f.label[lang], f"{spec.name if spec else f.spec['spec']} {history}"]
        cells += [_plain_cell(claims.get(impl), f, lang) for impl in columns]
        if clients:
            cells.append(f"{len(clients_of(site, f.clients))} / {total}" if f.clients else "—")
        out.append("| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |")
    by_date: dict[str, list[str]] = {}
    for f in features:
        results = _measured(site, f)
        if results:
            by_date.setdefault(max(r.measured for r in results), []).extend(_probe_files(site, f))
    out += [""] if by_date else []
    out += [f"- {t(lang, 'support_measured', date=long_date(date, lang))} " + ", ".join(f"`support/probes/{name}`" for name in names)
            for date, names in sorted(by_date.items()) if names]
    return out + [""]
