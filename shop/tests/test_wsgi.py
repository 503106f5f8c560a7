"""HTTP under WSGI (the Procfile's `web`) runs every middleware synchronously: no request pays
for a hop between threads and an event loop."""

import pytest
from asgiref import sync
from django.test import Client


@pytest.fixture
def hops(monkeypatch):
    """How many sync→async and async→sync bridges requests went through."""
    counted = {"hops": 0}
    for bridge in (sync.AsyncToSync, sync.SyncToAsync):
        original = bridge.__call__

        def counting(self, *args, _original=original, **kwargs):
            counted["hops"] += 1
            return _original(self, *args, **kwargs)

        monkeypatch.setattr(bridge, "__call__", counting)
    return counted


@pytest.mark.django_db
def test_api_and_static_files_answer_without_a_thread_hop(settings, hops):
    settings.SERVESTATIC_USE_FINDERS = True  # serve the built frontend without collectstatic
    client = Client()

    assert client.get("/api/ping").status_code == 200
    static = client.get("/static/img/logo.svg")
    assert static.status_code == 200
    assert b"".join(static.streaming_content).lstrip().startswith(b"<svg")
    assert hops["hops"] == 0
