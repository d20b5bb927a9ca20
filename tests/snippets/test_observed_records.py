"""What three observed sentences say about HTTP, asserted on the reference server so the steps they cite
can record it (entries/<id>/entry.yml `record: [tests/snippets/test_observed_records.py]`, FORMAT.md,
Evidence markers): the status line of a notification's answer, the method a batch is sent with, and the
status of a request whose `_meta` envelope is incomplete."""

from __future__ import annotations

import json

import httpx2 as httpx

from tests.support.mcp_server import MODERN, ROOT

SNIPPETS = ROOT / "snippets"


def snippet_json(path: str):
    return json.loads((SNIPPETS / path).read_text(encoding="utf-8"))


def test_a_notification_posted_over_http_gets_202_accepted_and_no_body(mcp_client):
    """json-rpc, step notification: “over HTTP it answers `202 Accepted` with an empty body”."""
    client = mcp_client("http", MODERN)
    notification = snippet_json("json-rpc/notification.json")
    response = httpx.post(client.url, json=notification, timeout=15, headers=client.http_headers(notification))
    assert (f"{response.status_code} {response.reason_phrase}", response.content) == ("202 Accepted", b"")


def test_the_batch_sent_as_a_POST_with_the_2026_07_28_header_gets_400_and_the_documented_answer(mcp_client):
    """json-rpc, step batch: “the reference server's answer to a `POST` carrying the 2026-07-28 version header”."""
    client = mcp_client("http", MODERN)
    batch, documented = snippet_json("json-rpc/batch.json")
    headers = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json",
               "MCP-Protocol-Version": MODERN}
    response = httpx.request("POST", client.url, json=batch, headers=headers, timeout=15)
    assert (response.status_code, response.json()) == (400, documented)


def test_an_incomplete_envelope_over_http_gets_status_400_and_the_documented_error(mcp_client):
    """request-meta, step envelope-incomplete: “Over HTTP, the SDK also answers with status 400”."""
    client = mcp_client("http", MODERN)
    request, documented = snippet_json("request-meta/envelope-incomplete.json")
    headers = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json",
               "MCP-Protocol-Version": MODERN, "Mcp-Method": request["method"]}
    response = httpx.post(client.url, json=request, headers=headers, timeout=15)
    assert (response.status_code, response.json()) == (400, documented)
