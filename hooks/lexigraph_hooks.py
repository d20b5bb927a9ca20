"""MkDocs hooks: thin glue between MkDocs and the lexigraph package. No logic lives here."""

from __future__ import annotations

from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

from lexigraph import mkdocs_glue, pipeline
from lexigraph.content.signature import watched
from lexigraph.errors import LexigraphError
from lexigraph.publish import run
from lexigraph.render import compact

_state: dict = {}


@event_priority(100)  # validate before any other plugin does work
def on_config(config):
    root = Path(config.config_file_path).parent
    try:
        _state["build"] = config.get(pipeline.PREVIEW_BUILD) or pipeline.prepare(root, config.site_url or "")
    except LexigraphError as error:
        raise PluginError("Lexigraph content has problems; the previous site was left untouched.\n" + error.report()) from None
    return config


def on_files(files, config):
    try:   # pages render here: a content file made unreadable since on_config was checked stops the build
        return mkdocs_glue.add_pages(_state["build"], files, config)
    except LexigraphError as error:
        raise PluginError("Lexigraph content changed during the build and has problems.\n" + error.report()) from None


def on_page_content(html, page, config, files):
    mkdocs_glue.keep_out_of_material_search(page)
    mkdocs_glue.page_rendered(_state["build"])
    return mkdocs_glue.restore_fragments(_state["build"], html, page)


def on_nav(nav, config, files):
    mkdocs_glue.split_navigation(_state["build"], nav)
    return nav


def on_serve(server, config, builder):
    # The whole content, as one definition has it (content/signature.py): its folders and files, and lexigraph/data/.
    for path in watched(Path(config.config_file_path).parent):
        server.watch(str(path))
    return server


def on_page_context(context, page, config, nav):
    return mkdocs_glue.localise_page(_state["build"], context, page, config)


def on_template_context(context, template_name, config):
    return mkdocs_glue.localise_template(_state["build"], context, template_name, config)


@event_priority(-100)  # last: the page as every other plugin left it
def on_post_page(output, page, config):
    return compact.compact(output)


def on_post_build(config):
    run.publish_extras(_state["build"], Path(config.site_dir))
