"""The Content-Security-Policy header: on every page, with a fresh nonce that the page's inline
scripts carry, and the maps and payment hosts only when they are configured."""

import re

import pytest

pytestmark = pytest.mark.django_db


def _policy(response) -> dict[str, list[str]]:
    return {
        part.split()[0]: part.split()[1:] for part in response["Content-Security-Policy"].split("; ") if part.strip()
    }


def test_a_page_has_a_policy_whose_nonce_its_inline_scripts_carry(client):
    response = client.get("/login")
    policy = _policy(response)
    nonce = next(source for source in policy["script-src"] if source.startswith("'nonce-"))[7:-1]
    scripts = re.findall(r"<script(?![^>]*\bsrc=)(?![^>]*application/json)([^>]*)>", response.content.decode())
    assert scripts, "the login page has inline scripts"
    assert all(f'nonce="{nonce}"' in attributes for attributes in scripts)
    assert "'unsafe-inline'" not in policy["script-src"] + policy["style-src"]
    assert policy["object-src"] == ["'none'"]
    assert "https://tile.openstreetmap.org" in policy["img-src"]


def test_each_answer_gets_a_new_nonce(client):
    first, second = client.get("/"), client.get("/")
    assert first["Content-Security-Policy"] != second["Content-Security-Policy"]


def test_maps_hosts_only_with_a_maps_key(client, settings):
    assert "https://maps.googleapis.com" not in _policy(client.get("/"))["script-src"]
    settings.GOOGLE_MAPS_API_KEY = "demo-key"
    policy = _policy(client.get("/"))
    assert "https://maps.googleapis.com" in policy["script-src"]
    assert "'unsafe-inline'" in policy["style-src"]
    assert not any(source.startswith("'nonce-") for source in policy["style-src"])


def test_the_payment_gateway_only_when_it_is_juspay(client, settings):
    assert _policy(client.get("/"))["form-action"] == ["'self'"]
    settings.PAYMENT_GATEWAY = "juspay"
    settings.JUSPAY_BASE_URL = "https://smartgatewayuat.hdfcbank.com/path"
    assert "https://smartgatewayuat.hdfcbank.com" in _policy(client.get("/"))["form-action"]


def test_api_answers_need_no_policy(client):
    assert "Content-Security-Policy" not in client.get("/api/products")
